//! End-to-end: Um Reifenbreite in a real headless Chromium — the course drawn
//! from the course layout in the table's static part, a manager placing and riding by clicking, and the
//! score sheet of a finished race.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::json;

const BOARD: &str = "svg[data-board=reifenbreite]";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_manager_places_and_rides_reifenbreite_by_clicking() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    b.wait_for(&format!("document.querySelector('{BOARD}')")).await;
    // The start area (16 spaces, 4 lanes) and the line after it are drawn from the layout.
    let spaces = b.eval(&format!("document.querySelectorAll('{BOARD} [data-space]').length")).await;
    assert!(spaces.as_u64().unwrap() >= 16 * 4, "only {spaces} spaces drawn");
    assert_eq!(b.eval(&format!("!!document.querySelector('{BOARD} .start-label')")).await, json!(true));
    assert_eq!(b.eval("document.querySelectorAll('#energy [data-team]').length").await, json!(2));
    assert_eq!(b.eval("!!document.querySelector('svg[data-profile=luettich]')").await, json!(true));

    let mut clicks = 0;
    let mut placed = 0;
    let mut cards = 0;
    let mut spaces_clicked = 0;
    let mut started = false;
    while clicks < 45 {
        let state = b
            .wait_for(&format!(
                "document.querySelector('#score-sheet') ? 'over' : document.querySelector('.place-riders button') ? 'place' : document.querySelector('{BOARD} g.target') ? 'space' : document.querySelector('#decision button[data-action]') ? 'button' : null"
            ))
            .await;
        if state == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        match state.as_str().unwrap() {
            "place" => {
                // A rider is chosen from the start: its start spaces are
                // clickable before any rider is clicked.
                assert!(
                    b.eval(&format!("document.querySelectorAll('{BOARD} g.target').length"))
                        .await
                        .as_u64()
                        .unwrap()
                        > 0,
                    "no start space to click"
                );
                assert_eq!(
                    b.eval("document.querySelectorAll('.place-riders button.selected').length").await,
                    json!(1)
                );
                // Choose the last rider still waiting, then a highlighted start space.
                let rider = b
                    .eval("[...document.querySelectorAll('.place-riders button')].pop().dataset.rider")
                    .await;
                b.click(&format!(".place-riders button[data-rider=\"{}\"]", rider.as_str().unwrap())).await;
                b.wait_for(&format!(
                    "document.querySelector('.place-riders button.selected').dataset.rider === '{}'",
                    rider.as_str().unwrap()
                ))
                .await;
                let action =
                    b.eval(&format!("document.querySelector('{BOARD} g.target').dataset.action")).await;
                if placed == 0 {
                    b.eval("window.scrollTo(0, 0)").await;
                    save("reifenbreite-place.png", &b.screenshot().await);
                }
                assert!(action.as_str().unwrap().starts_with(&format!("place {} ", rider.as_str().unwrap())));
                b.click(&format!("{BOARD} g.target")).await;
                placed += 1;
            }
            "space" => {
                if !started {
                    started = true;
                    b.eval("window.scrollTo(0, 0)").await;
                    save("reifenbreite-move.png", &b.screenshot().await);
                }
                // The farthest highlighted space (the last in track order).
                b.eval(&format!("[...document.querySelectorAll('{BOARD} g.target')].pop().id = 'rb-pick'"))
                    .await;
                b.click("#rb-pick").await;
                spaces_clicked += 1;
            }
            _ => {
                // An energy card now and then, otherwise ride (or accept, draft).
                let card = b.eval("!!document.querySelector('#decision .energy-card.playable')").await
                    == json!(true);
                if card && cards < 2 && clicks % 3 == 0 {
                    b.click("#decision .energy-card.playable").await;
                    cards += 1;
                } else {
                    let pick = b
                        .eval("(['ride', 'draft', 'accept', 'refuse', 'skip'].find(a => document.querySelector(`#decision button[data-action=${a}]`)) || document.querySelector('#decision button[data-action]').dataset.action)")
                        .await;
                    b.click(&format!("#decision button[data-action=\"{}\"]", pick.as_str().unwrap())).await;
                }
            }
        }
        b.wait_for(&format!("document.querySelector('#score-sheet') || {SHOWN_VERSION} > {shown}")).await;
        clicks += 1;
    }
    assert_eq!(placed, 4, "the manager placed his four riders by clicking");
    assert!(spaces_clicked >= 5, "only {spaces_clicked} moves on the road");
    // Riders are on the road as numbered tokens, the star marked.
    let riders = b.eval(&format!("document.querySelectorAll('{BOARD} [data-rider]').length")).await;
    assert!(riders.as_u64().unwrap() >= 4, "{riders} riders drawn");
    assert_eq!(
        b.eval(&format!("!!document.querySelector('{BOARD} [data-rider=\"21\"] polygon')")).await,
        json!(true)
    );
    assert_eq!(b.eval("JSON.stringify(window.__errors || [])").await, json!("[]"));
    b.eval("window.scrollTo(0, 0)").await;
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("reifenbreite-race.png", &shot);
    // A spectator in German: the same course, the words in German.
    b.goto(&format!("http://{}{}", server.addr, reply["spectator"]["url"].as_str().unwrap())).await;
    b.wait_for(&format!("document.querySelector('{BOARD}') && !document.querySelector('#moves button')"))
        .await;
    b.click("#lang-toggle").await;
    b.wait_for("document.querySelector('#energy h3') && document.querySelector('#energy h3').textContent === 'Energie-Karten'")
        .await;
    assert_eq!(b.eval(&format!("document.querySelectorAll('{BOARD} g.target').length")).await, json!(0));
    save("reifenbreite-spectator-de.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_reifenbreite_race_shows_the_score_sheet() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["heuristic", "heuristic"], "seed": 9}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["spectator"]["url"].as_str().unwrap())).await;
    // The bots race on the server; the spectator's board follows them to the end.
    let mut waited = 0;
    loop {
        let done = b.eval("!!document.querySelector('#score-sheet')").await;
        if done == json!(true) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        waited += 1;
        assert!(waited < 60, "the race did not end within 15 s");
    }
    // Eight riders placed, with place points 50, 40, ... and two team totals.
    assert_eq!(b.eval("document.querySelectorAll('#score-sheet [data-rider-row]').length").await, json!(8));
    assert_eq!(
        b.eval("document.querySelector('#score-sheet [data-rider-row] td:nth-child(3)').textContent").await,
        json!("50")
    );
    assert_eq!(b.eval("document.querySelectorAll('#score-sheet [data-team-row]').length").await, json!(2));
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("reifenbreite-sheet.png", &shot);
    b.close().await;
    server.kill().await;
}

/// A stage race (17) ends with a sheet per stage: each stage's team points
/// in a row, beside the last stage's full sheet and the final team totals.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_stage_race_shows_the_points_of_each_stage() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "stages": "luettich,paris-roubaix"}, "seats": ["heuristic", "heuristic"], "seed": 4}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["spectator"]["url"].as_str().unwrap())).await;
    let mut waited = 0;
    while b.eval("!!document.querySelector('#score-sheet')").await != json!(true) {
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        waited += 1;
        assert!(waited < 160, "the stage race did not end within 40 s");
    }
    assert_eq!(b.eval("document.querySelectorAll('#stage-sheet [data-stage-row]').length").await, json!(2));
    // Each row names its stage's course, from the static part's stages.
    assert_eq!(
        b.eval("[...document.querySelectorAll('#stage-sheet [data-stage-row] td:first-child')].map(td => td.textContent)")
            .await,
        json!(["1. Liège–Bastogne–Liège", "2. Paris–Roubaix"])
    );
    // Each team's stage points add up to its riders' totals on the sheet.
    let check = b
        .eval(
            "[...document.querySelectorAll('#score-sheet [data-team-row]')].map((row, t) => {
               const riders = row.children[1].textContent.split(' · ').reduce((s, x) => s + Number(x.split(': ')[1]), 0);
               const stages = [...document.querySelectorAll('#stage-sheet [data-stage-row]')]
                 .reduce((s, r) => s + Number(r.children[t + 1].textContent), 0);
               return riders === stages && stages > 0;
             })",
        )
        .await;
    assert_eq!(check, json!([true, true]));
    assert_eq!(b.eval("JSON.stringify(window.__errors || [])").await, json!("[]"));
    save("reifenbreite-stage-sheet.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

/// Opens the lobby and chooses the game `id`.
async fn choose_in_lobby(b: &mut Browser, server: &TestServer, id: &str) {
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for(&format!("document.querySelector('[data-id={id}]')")).await;
    b.click(&format!("[data-id={id}]")).await;
    b.eval("document.querySelector('#your-name').value = 'Anna'; true").await;
}

/// Records every request body the page sends from now on in `window.__sent`,
/// then sets the lobby's fields `(selector, value)` in order, as a person
/// would.
async fn record_and_set(b: &mut Browser, fields: &[(&str, &str)]) {
    let fields = serde_json::to_string(fields).unwrap();
    b.eval(&format!(
        "(() => {{ window.__sent = []; const send = window.fetch; \
         window.fetch = (url, init) => {{ if (init && init.body) window.__sent.push(JSON.parse(init.body)); return send(url, init); }}; \
         for (const [id, v] of {fields}) {{ \
           const el = document.querySelector(id); el.value = v; el.dispatchEvent(new Event('change', {{ bubbles: true }})); }} \
         return true; }})()"
    ))
    .await;
}

/// Creates the table and returns the options the page sent for it.
async fn create_and_read_options(b: &mut Browser) -> serde_json::Value {
    b.click("#create").await;
    // Creating sits the person down at their seat.
    b.wait_for(
        "location.hash.startsWith('#/table/') || (document.querySelector('#lobby-error') || {}).textContent",
    )
    .await;
    assert_eq!(b.eval("location.hash.startsWith('#/table/')").await, json!(true));
    b.eval("window.__sent[0].options").await
}

/// The lobby's form for Um Reifenbreite: options whose default is no value
/// (`seats` follows `teams`, the professional switches are automatic) are
/// left out unless changed, so choosing `rules=pro` gives the professional
/// rules, and a table is made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_makes_a_professional_race() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-rules') && document.querySelector('#opt-jersey')").await;
    record_and_set(&mut b, &[("#opt-rules", "pro")]).await;
    assert_eq!(b.eval("document.querySelector('#opt-jersey').value").await, json!("auto"));
    assert_eq!(create_and_read_options(&mut b).await, json!({"rules": "pro"}));
    // A switch set by hand is sent as a boolean.
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-chase_car')").await;
    record_and_set(&mut b, &[("#opt-rules", "pro"), ("#opt-chase_car", "false")]).await;
    assert_eq!(create_and_read_options(&mut b).await, json!({"rules": "pro", "chase_car": false}));
    b.close().await;
    server.kill().await;
}

/// The lobby draws the options from the schema: labels and choice labels in
/// the page's language, never keys or words such as `auto`; a default that
/// is no value is an empty field or a first entry in the front end's words;
/// and only what the person changed is sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_shows_labels_and_sends_only_what_was_changed() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-seats') && document.querySelector('#opt-stages')").await;
    let label =
        |id: &str| format!("document.querySelector('#opt-{id}').parentElement.firstChild.textContent.trim()");
    assert_eq!(b.eval(&label("seats")).await, json!("Managers"));
    assert_eq!(b.eval(&label("chase_car")).await, json!("Team car"));
    assert_eq!(b.eval("document.querySelector('#opt-seats').placeholder").await, json!("as Teams"));
    assert_eq!(b.eval("document.querySelector('#opt-stages').placeholder").await, json!("not used"));
    assert_eq!(b.eval("document.querySelector('#opt-teams').value").await, json!("4"));
    let texts =
        |id: &str| format!("[...document.querySelectorAll('#opt-{id} option')].map(o => o.textContent)");
    assert_eq!(b.eval(&texts("rules")).await, json!(["Basic", "Advanced", "Professional"]));
    assert_eq!(b.eval(&texts("jersey")).await, json!(["automatic", "on", "off"]));
    assert_eq!(
        b.eval(&texts("jersey_judged")).await,
        json!(["automatic", "When he crosses the line", "At the end of the round"])
    );
    assert_eq!(
        b.eval("[...document.querySelectorAll('#opt-course-list option')].map(o => o.label)").await,
        json!(["Paris–Roubaix", "Liège–Bastogne–Liège", "Giro d'Italia", "Tour de France"])
    );
    let keys = "[...document.querySelectorAll('label')].some(l => /\\b(chase_car|lead_exchange|jersey_judged|auto)\\b/.test(l.textContent))";
    assert_eq!(b.eval(keys).await, json!(false), "no key or default word is shown");
    save("lobby-reifenbreite-options.png", &b.screenshot().await);
    // Changed and changed back is not sent; a choice, a number and a list are.
    let fields = [
        ("#opt-rules", "pro"),
        ("#opt-rules", "basic"),
        ("#opt-teams", "3"),
        ("#opt-seats", "3"),
        ("#opt-jersey_judged", "round_end"),
        ("#opt-jersey", "true"),
        ("#opt-sprints", "true"),
        ("#opt-stages", "giro,tour"),
    ];
    record_and_set(&mut b, &fields).await;
    assert_eq!(
        create_and_read_options(&mut b).await,
        json!({"teams": 3, "seats": 3, "jersey_judged": "round_end", "jersey": true, "sprints": true, "stages": "giro,tour"})
    );
    // In German, the same schema in German words.
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-seats')").await;
    assert_eq!(b.eval(&label("seats")).await, json!("Teamchefs"));
    assert_eq!(b.eval("document.querySelector('#opt-seats').placeholder").await, json!("wie Teams"));
    assert_eq!(b.eval(&texts("jersey")).await, json!(["automatisch", "an", "aus"]));
    assert_eq!(b.eval("JSON.stringify(window.__errors || [])").await, json!("[]"));
    b.close().await;
    server.kill().await;
}

/// Fewer managers than teams: the lobby draws a seat per manager (the
/// `seats` option), and the table deals the four teams to two managers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_makes_a_race_of_four_teams_for_two_managers() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-seats')").await;
    assert_eq!(b.eval("document.querySelectorAll('select[data-seat]').length").await, json!(4));
    record_and_set(&mut b, &[("#opt-seats", "2")]).await;
    assert_eq!(b.eval("document.querySelectorAll('select[data-seat]').length").await, json!(2));
    // The number of teams goes along: the server would otherwise take it
    // from the number of seats.
    assert_eq!(create_and_read_options(&mut b).await, json!({"teams": 4, "seats": 2}));
    assert_eq!(b.eval("window.__sent[0].seats").await, json!(["human", "medium"]));
    // Back to as many managers as teams when the field is emptied.
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-seats')").await;
    record_and_set(&mut b, &[("#opt-teams", "3"), ("#opt-seats", "2"), ("#opt-seats", "")]).await;
    assert_eq!(b.eval("document.querySelectorAll('select[data-seat]').length").await, json!(3));
    // The two managers' table: four teams, dealt in turn.
    choose_in_lobby(&mut b, &server, "reifenbreite").await;
    b.wait_for("document.querySelector('#opt-seats')").await;
    record_and_set(&mut b, &[("#opt-seats", "2")]).await;
    create_and_read_options(&mut b).await;
    b.wait_for("document.querySelectorAll('#energy .energy-team').length === 4").await;
    let managers = b
        .eval("[...document.querySelectorAll('#energy .energy-team > span:first-child')].map(e => e.textContent)")
        .await;
    // Each team is headed by its manager: a person by the name given in
    // the lobby, a bot by its level.
    assert_eq!(
        managers,
        json!([
            "Team 2x · Anna (you)",
            "Team 3x · Bot: Medium",
            "Team 4x · Anna (you)",
            "Team 5x · Bot: Medium"
        ])
    );
    b.close().await;
    server.kill().await;
}

/// The energy panel draws a team's cards from the view's counts with the
/// kinds the static part lists, in the engine's order: on a
/// long course both printed rows (docs/rules/reifenbreite.md#energy-cards: row 2 holds
/// 22-5 where row 1 holds 22-6M), so the second rider shows one 6M and one 5.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_energy_panel_shows_both_printed_rows() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "tour"}, "seats": ["human", "human"], "seed": 3}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["spectator"]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelectorAll('#energy .energy-team').length === 2").await;
    let cards = "[...document.querySelectorAll('#energy .energy-team[data-team=\"3\"] .energy-card')]\
                 .map(c => [...c.children].map(s => s.textContent).join(' ').trim())";
    assert_eq!(
        b.eval(cards).await,
        json!(["31 6 M ×2", "31 5  ×2", "32 6 M", "32 5", "33 6 M ×2", "34 5  ×2", "J 6 M ×2", "J 5  ×2"])
    );
    assert_eq!(b.eval("JSON.stringify(window.__errors || [])").await, json!("[]"));
    b.close().await;
    server.kill().await;
}
