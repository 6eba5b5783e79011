//! End-to-end: a real headless Chromium plays through the web front end.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).
//! Without them the tests fail under CI and are skipped, with a message,
//! elsewhere.

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, png_size, save};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_six_against_a_bot_by_clicking() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    // The lobby lists the games; Six is first and chosen; seat 2 defaults to a bot.
    b.wait_for("document.querySelector('[data-id=six]')").await;
    b.click("[data-id=six]").await;
    b.wait_for("document.querySelector('#create')").await;
    assert_eq!(b.eval("document.querySelector('[data-seat=\"1\"]').value").await, json!("medium"));
    b.eval("document.querySelector('#your-name').value = 'Anna'; true").await;
    // Creating the table sits you down at your seat.
    b.click("#create").await;
    b.wait_for("document.querySelector('svg[data-board=six]')").await;
    let mut moves = 0;
    loop {
        let state = b
            .wait_for(
                "document.querySelector('#result') ? 'over' : (document.querySelector('svg [data-action], svg g.clickable') ? 'move' : null)",
            )
            .await;
        if state == json!("over") {
            break;
        }
        // The tab says whose turn it is; the text view, once opened, stays open.
        if moves == 0 {
            b.wait_for("document.title.startsWith('▶ Your turn · Six')").await;
            b.click("details summary").await;
        }
        // Click the first clickable cell or stone on the board.
        let shown = b.shown_version().await;
        b.click("svg g.clickable").await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
        assert_eq!(b.eval("document.querySelector('details').open").await, json!(true), "after move {moves}");
        moves += 1;
        assert!(moves < 400, "the game did not end");
    }
    assert!(moves >= 3, "a person made only {moves} moves");
    // The board outlines the winning formation named by the view's result,
    // and nothing when the game ended otherwise.
    let hash = b.eval("location.hash").await;
    let parts: Vec<&str> = hash.as_str().unwrap().trim_start_matches("#/").split('/').collect();
    let (_, state) =
        server.http("GET", &format!("/api/tables/{}/state?token={}", parts[1], parts[2]), None).await;
    // The board draws exactly the stones on the field. (Not one more stone
    // per move: a split captures stones, and a long game moves them.)
    let drawn = b
        .eval("[...document.querySelectorAll('svg[data-board=six] [data-piece^=\"stone:\"]')].map(g => g.dataset.cell).sort()")
        .await;
    let mut on_field: Vec<String> = ["red", "black"]
        .iter()
        .flat_map(|colour| state["view"]["stones"][colour].as_array().unwrap().iter())
        .map(|c| format!("{},{}", c["q"], c["r"]))
        .collect();
    on_field.sort();
    assert!(on_field.len() >= 2, "{moves} moves left {} stones", on_field.len());
    assert_eq!(drawn, json!(on_field), "the board shows the field's stones after {moves} moves");
    let result = &state["view"]["results"][0];
    let outlined = b
        .eval(
            "[...document.querySelectorAll('svg[data-board=six] [data-win]')].map(p => p.dataset.win).sort()",
        )
        .await;
    let mut named: Vec<String> = match result["reason"].as_str() {
        Some("six") => result["formation"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| format!("{},{}", c["q"], c["r"]))
            .collect(),
        _ => Vec::new(),
    };
    named.sort();
    assert_eq!(outlined, json!(named), "the outlined cells are the formation of {result}");
    // A banner says who won, or that it was a draw, and why the game ended.
    let banner = b.eval("document.querySelector('#banner').textContent").await;
    let banner = banner.as_str().unwrap();
    let winner = state["outcome"]["ranks"].as_array().unwrap().iter().position(|r| r == 1).unwrap();
    let headline = if state["outcome"]["ranks"].as_array().unwrap().iter().all(|r| r == 1) {
        "Draw".to_string()
    } else if winner == 0 {
        "Anna".to_string()
    } else {
        // The bot, by its level.
        "Bot: Medium".to_string()
    };
    assert!(banner.starts_with(&headline), "{banner} for {}", state["outcome"]);
    let why = match result["reason"].as_str() {
        Some("six") => "formed",
        Some("move_limit" | "repetition" | "both_starved") => "draw",
        _ => "fewer than six",
    };
    assert!(banner.to_lowercase().contains(why), "{banner} for {result}");
    let shot = b.screenshot().await;
    assert_eq!(png_size(&shot), (1280, 900));
    // A drawn board and result panel compress far worse than an empty page.
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("six.png", &shot);
    // Rematch: Anna sits at the new table, the loser begins (Six's rules).
    let (table, token) = (parts[1].to_string(), parts[2].to_string());
    b.click("#rematch").await;
    b.wait_for(&format!("location.hash.startsWith('#/table/') && !location.hash.includes('{table}') && document.querySelector('svg[data-board=six]')")).await;
    let hash = b.eval("location.hash").await;
    let rematch =
        hash.as_str().unwrap().trim_start_matches("#/table/").split('/').next().unwrap().to_string();
    assert_eq!(hash, json!(format!("#/table/{rematch}/{token}")), "the same token at the rematch");
    let (_, now) = server.http("GET", &format!("/api/tables/{rematch}/state?token={token}"), None).await;
    let ranks = state["outcome"]["ranks"].as_array().unwrap();
    let anna_begins = ranks[0].as_u64() > ranks[1].as_u64();
    assert_eq!(now["viewer"], json!({"seat": if anna_begins { 0 } else { 1 }}), "after {}", state["outcome"]);
    assert_eq!(now["seats"].as_array().unwrap().iter().filter(|s| s["name"] == "Anna").count(), 1);
    // Back at the finished table the rematch is offered, then the replay
    // shows the game with a link to share it.
    b.goto(&format!("http://{}/#/table/{table}/{token}", server.addr)).await;
    b.wait_for("document.querySelector('#rematch') && document.querySelector('.rematch-ready')").await;
    b.click("#to-replay").await;
    b.wait_for("document.querySelector('#replay-log') && document.querySelector('#share-link')").await;
    let share = b.eval("document.querySelector('#share-link').value").await;
    // The shared link is the spectator's, which shows no hand.
    let watch = shared_token(&server, &table, &token).await;
    assert_ne!(watch, token);
    let (_, watched) = server.http("GET", &format!("/api/tables/{table}/state?token={watch}"), None).await;
    assert_eq!(watched["viewer"], "spectator");
    assert_eq!(share, json!(format!("http://{}/#/replay/{table}/{watch}", server.addr)));
    save("six-replay.png", &b.screenshot().await);
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
}

/// The token of the link a replay offers to share.
async fn shared_token(server: &TestServer, table: &str, token: &str) -> String {
    let (_, replay) = server.http("GET", &format!("/api/tables/{table}/replay?token={token}"), None).await;
    let share = replay["share"].as_str().unwrap().to_string();
    share.rsplit('/').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_people_race_a_hotseat_sechstage_on_one_device() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": ["human", "human", "human"], "hotseat": true, "seed": 2}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    let mut turns = 0;
    let mut seats_seen = std::collections::BTreeSet::new();
    loop {
        let state = b
            .wait_for(
                "document.querySelector('#result') ? 'over' : document.querySelector('#ready') ? 'cover' : document.querySelector('#moves button') ? 'move' : null",
            )
            .await;
        if state == json!("over") {
            break;
        }
        if state == json!("cover") {
            // The cover hides everything: no hand, no moves.
            assert_eq!(b.eval("document.querySelectorAll('#moves button').length").await, json!(0));
            assert_eq!(b.eval("document.querySelectorAll('pre').length").await, json!(0));
            let label = b.eval("document.querySelector('#cover h2').textContent").await;
            seats_seen.insert(label.as_str().unwrap().to_string());
            b.click("#ready").await;
            b.wait_for("document.querySelector('#moves button')").await;
        }
        // The same person may move again (riders without cards pass): no cover then.
        let shown = b.shown_version().await;
        b.click("#moves button").await;
        b.wait_for(&format!(
            "document.querySelector('#cover') || document.querySelector('#result') || {SHOWN_VERSION} > {shown}"
        ))
        .await;
        turns += 1;
        assert!(turns < 500, "the race did not end");
    }
    assert_eq!(seats_seen.len(), 3, "every seat got the device: {seats_seen:?}");
    // The result says how the ranks were decided: laps down, then points.
    let by = b.eval("document.querySelector('#ranked-by').textContent").await;
    assert_eq!(by, json!("Ranked by: Laps down → Score"));
    let columns =
        b.eval("[...document.querySelectorAll('#result th')].map(th => th.textContent).join('|')").await;
    assert_eq!(columns, json!("Seat|Rank|Laps down|Score"));
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("sechstage-hotseat.png", &shot);
    b.close().await;
    server.kill().await;
}

/// Plays a seat from a WebSocket in the background: the first legal action
/// whenever the seat has one (passing in Steigung windows, which ask every
/// seat at once, whoever's turn the engine names).
fn autoplay(mut socket: crate::common::Socket) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let msg = socket.next().await;
            if msg["type"] != "state" {
                continue;
            }
            let legal = msg["legal"].as_array().cloned().unwrap_or_default();
            let pick = legal.iter().find(|l| l["action"] == "pass").or_else(|| legal.first());
            if let Some(l) = pick {
                socket.act(msg["version"].as_u64().unwrap(), l["action"].as_str().unwrap()).await;
            }
        }
    })
}

/// The board of `game` shows a seat its own hand and nobody else's: seat 1
/// sees a hand marked as its own, a spectator sees no hand at all.
async fn hands_are_private(b: &mut Browser, server: &TestServer, reply: &serde_json::Value, board: &str) {
    let url = |path: &serde_json::Value| format!("http://{}{}", server.addr, path.as_str().unwrap());
    b.goto(&url(&reply["seats"][1]["url"])).await;
    b.wait_for(&format!(
        "document.querySelector('svg[data-board={board}]') && document.querySelector('#hand .play-card')"
    ))
    .await;
    assert_eq!(b.eval("document.querySelector('#hand').dataset.seat").await, json!("1"));
    assert_eq!(b.eval("document.querySelectorAll('#hand').length").await, json!(1));
    b.goto(&url(&reply["spectator"]["url"])).await;
    b.wait_for(&format!("document.querySelector('svg[data-board={board}]')")).await;
    assert_eq!(b.eval("document.querySelectorAll('#hand, .play-card').length").await, json!(0));
    b.goto(&url(&reply["seats"][0]["url"])).await;
    b.wait_for(&format!(
        "document.querySelector('svg[data-board={board}]') && document.querySelector('#hand .play-card')"
    ))
    .await;
    assert_eq!(b.eval("document.querySelector('#hand').dataset.seat").await, json!("0"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rider_plays_sechstage_cards_from_the_hand_on_the_oval() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "human", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let mut b = Browser::launch(&binary).await;
    hands_are_private(&mut b, &server, &reply, "sechstage").await;
    // The track comes from the view: 81 spaces, one Fahrerwechsel, one Sturz.
    assert_eq!(b.eval("document.querySelectorAll('svg [data-space]').length").await, json!(81));
    assert_eq!(b.eval("document.querySelectorAll('svg .space-change').length").await, json!(1));
    assert_eq!(b.eval("document.querySelectorAll('svg .space-fall').length").await, json!(1));
    save("sechstage-start.png", &b.screenshot().await);
    let seat1 =
        server.socket(reply["table"].as_str().unwrap(), reply["seats"][1]["token"].as_str().unwrap()).await;
    let helper = autoplay(seat1);
    // Seat 0 starts the race: click the highest playable card, several rounds.
    for round in 0..6 {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#hand .play-card.playable') ? 'move' : null")
            .await;
        if state == json!("over") {
            break;
        }
        let cards = "[...document.querySelectorAll('#hand .play-card')].reduce((n, c) => n + Number((c.querySelector('.count') || {textContent: '×1'}).textContent.slice(1)), 0)";
        let before = b.eval(cards).await.as_u64().unwrap();
        let shown = b.shown_version().await;
        b.click("#hand .play-card.playable:last-of-type").await;
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        if round == 0 {
            // The card left the hand and the rider left the start.
            b.wait_for(&format!("document.querySelector('#hand') && {cards} === {}", before - 1)).await;
            let spaces = b
                .eval("Number(document.querySelector('[data-rider-row=\"0\"] td:nth-child(2)').textContent)")
                .await;
            assert!(spaces.as_u64().unwrap() >= 1, "rider A is still at the start: {spaces}");
        }
    }
    assert!(
        b.eval("document.querySelectorAll('svg[data-board=sechstage] [data-rider]').length")
            .await
            .as_u64()
            .unwrap()
            >= 4
    );
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("sechstage-board.png", &shot);
    helper.abort();
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rider_plays_ausreisser_speed_cards_by_clicking() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "human", "heuristic", "heuristic"], "seed": 3}))
        .await;
    let mut b = Browser::launch(&binary).await;
    hands_are_private(&mut b, &server, &reply, "ausreisser").await;
    assert_eq!(
        b.eval("document.querySelectorAll('svg[data-board=ausreisser] g.seat').length").await,
        json!(4)
    );
    let seat1 =
        server.socket(reply["table"].as_str().unwrap(), reply["seats"][1]["token"].as_str().unwrap()).await;
    let helper = autoplay(seat1);
    let mut plays = 0;
    let mut turns = 0;
    let mut choices = 0;
    // Five plays at least, and on until a Spurt in the hand offers a choice.
    while plays < 5 || (choices == 0 && plays < 20) {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#hand .reaction') ? 'react' : document.querySelector('#hand .play-card.playable') ? 'play' : null")
            .await;
        if state == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        if state == json!("react") {
            b.click("#hand .reaction button[data-action=pass]").await;
        } else {
            // A speed card with several plays asks which one; take the first.
            choices += usize::from(play_a_speed_card(&mut b).await);
            plays += 1;
        }
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        turns += 1;
        assert!(turns < 150, "no play in {turns} turns");
    }
    assert!(plays >= 3, "only {plays} plays");
    // With this seed the hand holds a Spurt early on, so a speed card offers a choice
    // (seed 3 since every rider is asked in each Steigung window, which moved the draws).
    assert!(choices >= 1, "no speed card offered a choice of plays in {plays} plays, {turns} turns");
    // Seat 0's top card lies on the table.
    b.wait_for("document.querySelector('g.seat[data-seat=\"0\"] .top-card')").await;
    let shot = b.screenshot().await;
    assert!(shot.len() > 20_000, "the screenshot looks empty ({} bytes)", shot.len());
    save("ausreisser-board.png", &shot);
    // The same table in German.
    b.click("#lang-toggle").await;
    b.wait_for(
        "document.documentElement.lang === 'de' && document.querySelector('svg[data-board=ausreisser]')",
    )
    .await;
    save("ausreisser-board-de.png", &b.screenshot().await);
    helper.abort();
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn riders_sharing_a_space_on_the_oval_are_all_visible() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=sechstage]')").await;
    // A spectator's snapshot of a made-up race: three riders on space 12,
    // two on the Fahrerwechsel, one across the line with 10 1/3 points.
    let centres = b
        .eval(
            r#"(async () => {
  const { drawSechstage } = await import('/assets/boards/sechstage.js');
  const mixed = (whole, num = 0, den = 1) => ({ whole, num, den });
  const rider = (seat, position, extra) => Object.assign({ seat, position, finished: false, cards: 9, hand: null, changed: false,
    falls: false, played_green: [], played_grey: [], drawn: { low: 0, high: 0 }, points: mixed(0) }, extra);
  // The table's static part: its options, with the track by content, and the points tables.
  const fixed = { players: 6, races: 3, balancing: false, laps_down: 'full_four',
    track: { name: 'Standard board', length: 81, sprints: [27, 54], fahrerwechsel: [30], sturz: [60] },
    sprint_points: [5, 3, 2, 1], finish_points: [10, 6, 4, 2] };
  // The race run: seats 0 and 1 across the line, the others 11 to 41 short.
  const line = (seat, position, laps_down, points) => ({ seat, position, laps_down, points: mixed(points), place: seat + 1 });
  const race = { order: [0,1,2,3,4,5], finish_order: [0,1], riders: [line(0, 81, 0, 5), line(1, 81, 0, 3), line(2, 70, 3, 2),
    line(3, 60, 5, 1), line(4, 50, 5, 0), line(5, 40, 5, 0)] };
  const standings = race.riders.map((l, i) => ({ seat: l.seat, laps_down: l.laps_down, points: l.points, rank: [1, 2, 3, 4, 5, 5][i] }));
  const view = { viewer: null,
    race: 1, order: [1, 2, 3, 4, 5, 0], mover: 2, draws_due: null,
    riders: [rider(0, 12), rider(1, 12), rider(2, 12), rider(3, 30, { changed: true }), rider(4, 30, { changed: true, falls: true }),
      rider(5, 81, { finished: true, points: mixed(10, 1, 3) })],
    piles: { low: 30, high: 24 }, sprint_crossed: [5, 0], finish_order: [5], last_turns: [0, 1, 2, 3, 4],
    standings, score_sheet: [race] };
  const snapshot = { game: 'sechstage', viewer: 'spectator', turn: { seat: 2 }, legal: [], static: fixed, view };
  const main = document.getElementById('main');
  main.replaceChildren(drawSechstage(snapshot, () => {}));
  return [...document.querySelectorAll('svg [data-rider]')].map(g => {
    const r = g.getBoundingClientRect();
    return [Number(g.dataset.rider), r.x + r.width / 2, r.y + r.height / 2];
  });
})()"#,
        )
        .await;
    let centres: Vec<(u64, f64, f64)> = centres
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_f64().unwrap(), c[2].as_f64().unwrap()))
        .collect();
    // Every rider is drawn once, and no two tokens cover each other.
    let seats: std::collections::BTreeSet<u64> = centres.iter().map(|c| c.0).collect();
    assert_eq!(seats.len(), 6, "{centres:?}");
    for (i, a) in centres.iter().enumerate() {
        for c in &centres[i + 1..] {
            let distance = ((a.1 - c.1).powi(2) + (a.2 - c.2).powi(2)).sqrt();
            assert!(distance > 12.0, "riders {} and {} overlap: {centres:?}", a.0, c.0);
        }
    }
    // Exact fractions, and the score sheet of the race run.
    let text = b.eval("document.getElementById('main').innerText").await;
    let text = text.as_str().unwrap();
    assert!(text.contains("10 1/3"), "{text}");
    assert!(text.contains("3 · 2"), "rider C's sheet entry (3 laps down, 2 points): {text}");
    // The ranks so far come from the view: E and F level on laps and points share 5th place.
    let ranks = b
        .eval("[4, 5].map(s => document.querySelector(`[data-rider-row=\"${s}\"] td:last-child`).textContent).join('|')")
        .await;
    assert_eq!(ranks, json!("5.|5."));
    assert_eq!(b.eval("document.querySelectorAll('#hand, .play-card').length").await, json!(0));
    save("sechstage-stacked.png", &b.screenshot().await);
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ausreisser_speed_card_offers_its_plays_and_a_hill_answers_a_window() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for("document.querySelector('[data-id=ausreisser]')").await;
    // A made-up six-rider table seen by seat 0, the jersey holder (seat 3) under a hill.
    let setup = r#"window.drawTable = async (phase, legal) => {
  const { drawAusreisser } = await import('/assets/boards/ausreisser.js');
  // The view as docs/api.md describes it.
  const top = (card, spurts, winds, hill, speed) => ({ card, spurts, winds, hill, speed });
  const tops = [top(44, 0, 0, false, 44), top(41, 1, 0, false, 43), top(46, 0, 1, false, 44), top(48, 0, 0, true, 48), null, top(50, 1, 0, false, 52)];
  const cards = [7, 6, 5, 6, 6, 6], chips = [0, 12, 3, 0, 27, 5], owed = [0, 1, 0, 0, 0, 0], totals = [1, -4, 0, 2, -9, -1];
  const riders = tops.map((t, seat) => ({ seat, cards: cards[seat], chips: chips[seat], total: totals[seat], last_stage: totals[seat],
    top: t, owed: owed[seat], drawn_since_play: 0 }));
  const view = { viewer: 0, options: { players: 6, special: true, stages: 3 }, stage: 1,
    phase: phase.kind === 'window' ? { kind: 'window', seat: 2 } : { kind: 'play', seat: 0 },
    leader: 3, tempo: 48, hill: phase.kind === 'window', pile: 37, played: { '44': 1, '41': 1, '46': 1, '48': 1, '50': 1, hill: 1, wind: 1, spurt: 2 },
    riders, hand: { '45': 1, '47': 2, hill: 1, spurt: 1 }, asked: phase.kind === 'window' };
  window.acted = null;
  // Each legal action with its data, as the server sends it (docs/api.md).
  const withData = action => {
    const play = /^play (\d+)((?: [+-]2)*)( hill)?$/.exec(action);
    const mods = play ? play[2].trim().split(' ').filter(Boolean) : [];
    const params = play
      ? { speed: Number(play[1]), spurts: mods.filter(x => x === '+2').length, winds: mods.filter(x => x === '-2').length, hill: !!play[3] }
      : {};
    return { action, kind: play ? 'play' : action, params, text: action };
  };
  const snapshot = { game: 'ausreisser', viewer: { seat: 0 }, turn: { seat: 0 }, legal: legal.map(withData), view };
  document.getElementById('main').replaceChildren(drawAusreisser(snapshot, a => { window.acted = a; }));
  return true;
}; true"#;
    b.eval(setup).await;
    b.eval("drawTable({ kind: 'window' }, ['pass', 'hill'])").await;
    // A window asks everyone at once: no rider is marked as the one asked.
    assert_eq!(b.eval("document.querySelectorAll('svg g.seat.active').length").await, json!(0));
    assert_eq!(
        b.eval("document.querySelectorAll('svg[data-board=ausreisser] g.seat').length").await,
        json!(6)
    );
    assert_eq!(b.eval("document.querySelectorAll('svg .jersey').length").await, json!(1));
    assert_eq!(b.eval("document.querySelector('svg .road').dataset.hill").await, json!("true"));
    // 27 minutes: five red chips of 5 and two blue chips of 1.
    assert_eq!(
        b.eval("document.querySelectorAll('g.seat[data-seat=\"4\"] .chips circle').length").await,
        json!(7)
    );
    save("ausreisser-window.png", &b.screenshot().await);
    b.click("#hand .play-card[data-card=hill]").await;
    assert_eq!(b.eval("window.acted").await, json!("hill"));
    // On its turn: the 45 has three plays to choose from, the 47 just one.
    b.eval("drawTable({ kind: 'play' }, ['play 45', 'play 45 +2', 'play 45 +2 hill', 'play 47'])").await;
    b.click("#hand .play-card[data-card=\"45\"]").await;
    assert_eq!(b.eval("window.acted").await, json!(null));
    assert_eq!(b.eval("document.querySelectorAll('#combos button[data-action]').length").await, json!(3));
    save("ausreisser-choice.png", &b.screenshot().await);
    b.click("#combos button[data-action=\"play 45 +2 hill\"]").await;
    assert_eq!(b.eval("window.acted").await, json!("play 45 +2 hill"));
    b.click("#hand .play-card[data-card=\"47\"]").await;
    assert_eq!(b.eval("window.acted").await, json!("play 47"));
    b.close().await;
    server.kill().await;
}

/// Plays the first playable speed card of the Der Ausreisser hand, taking
/// the first of its plays when it offers several; true when it did.
async fn play_a_speed_card(b: &mut Browser) -> bool {
    b.click("#hand .play-card.playable[data-card]:not([data-card=hill])").await;
    // A card with one play acts at once, and the page may already be redrawn.
    let asked =
        b.eval("!!document.querySelector('#combos') && !document.querySelector('#combos').hidden").await
            == json!(true);
    if asked {
        b.click("#combos button[data-action]").await;
    }
    asked
}

/// The text of the status line.
async fn status(b: &mut Browser) -> String {
    b.eval("document.querySelector('.status').textContent").await.as_str().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_steigung_window_asks_privately_and_names_nobody() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: everyone but the leader is
    // asked at once; the page names no rider as the one asked, offers the
    // answer to the person, and a "pass automatically" switch.
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "human", "heuristic", "heuristic"], "seed": 11}))
        .await;
    let seat1 =
        server.socket(reply["table"].as_str().unwrap(), reply["seats"][1]["token"].as_str().unwrap()).await;
    let helper = autoplay(seat1);
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    let mut windows = 0;
    for _ in 0..40 {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#hand .reaction') ? 'react' : document.querySelector('#hand .play-card.playable') ? 'play' : null")
            .await;
        if state == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        if state == json!("react") {
            windows += 1;
            let line = status(&mut b).await;
            assert!(line.starts_with("Steigung window"), "{line}");
            assert!(!line.contains("Seat"), "no seat is named: {line}");
            assert_eq!(b.eval("document.querySelectorAll('svg g.seat.active').length").await, json!(0));
            assert_eq!(b.eval("!!document.querySelector('#auto-pass')").await, json!(true));
            if windows == 1 {
                save("ausreisser-steigung-window.png", &b.screenshot().await);
            }
            b.click("#hand .reaction button[data-action=pass]").await;
        } else {
            play_a_speed_card(&mut b).await;
        }
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
        if windows >= 3 {
            break;
        }
    }
    assert!(windows >= 3, "only {windows} windows asked seat 0");
    // Passing automatically: the next windows do not ask any more.
    b.click("#auto-pass").await;
    // Once the server has it, a window open now is passed too.
    b.wait_for("document.querySelector('#auto-pass').checked && !document.querySelector('#hand .reaction')")
        .await;
    for _ in 0..6 {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#hand .reaction') ? 'react' : document.querySelector('#hand .play-card.playable') ? 'play' : null")
            .await;
        assert_ne!(state, json!("react"), "a window asked although seat 0 passes automatically");
        if state == json!("over") {
            break;
        }
        let shown = b.shown_version().await;
        play_a_speed_card(&mut b).await;
        b.wait_for(&format!("{SHOWN_VERSION} > {shown}")).await;
    }
    helper.abort();
    b.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_asks_a_steigung_window_on_one_covered_prompt() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: hot-seat play asks everyone at one shared
    // prompt that shows no hand.
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let reply = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1}, "seats": ["human", "human", "heuristic", "heuristic"], "hotseat": true, "seed": 11}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}{}", server.addr, reply["hotseat"].as_str().unwrap())).await;
    let mut prompts = 0;
    for _ in 0..60 {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : document.querySelector('#window-prompt') ? 'window' : document.querySelector('#ready') ? 'cover' : document.querySelector('#hand .play-card.playable') ? 'play' : null")
            .await;
        match state.as_str() {
            Some("over") => break,
            Some("window") => {
                prompts += 1;
                assert_eq!(
                    b.eval("document.querySelectorAll('#hand, .play-card, svg').length").await,
                    json!(0)
                );
                let text = b.eval("document.querySelector('#window-prompt').innerText").await;
                assert!(text.as_str().unwrap().contains("Steigung window"), "{text}");
                if prompts == 1 {
                    save("ausreisser-hotseat-window.png", &b.screenshot().await);
                }
                let version = b.eval("document.querySelector('#window-prompt').dataset.version").await;
                b.click("#window-nobody").await;
                // The next window may follow at once (the bots move without delay).
                b.wait_for(&format!(
                    "!document.querySelector('#window-prompt') || document.querySelector('#window-prompt').dataset.version !== {version}"
                ))
                .await;
            }
            Some("cover") => b.click("#ready").await,
            _ => {
                let shown = b.shown_version().await;
                play_a_speed_card(&mut b).await;
                b.wait_for(&format!(
                    "document.querySelector('#window-prompt') || document.querySelector('#ready') || {SHOWN_VERSION} > {shown}"
                ))
                .await;
            }
        }
        if prompts >= 3 {
            break;
        }
    }
    assert!(prompts >= 3, "only {prompts} shared prompts");
    b.close().await;
    server.kill().await;
}
