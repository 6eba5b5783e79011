//! End-to-end: a game as a person meets it, from the lobby to the rematch —
//! a name, a table made from the lobby's form, moves clicked (Six and
//! 6-Tage Rennen to the end; the longer games for a while, then the
//! person's seat is played on over the API), the end banner, the rematch
//! and the replay: each game at desktop and at phone size, in English and
//! German (Six at desktop size is also in `browser.rs`).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).

use crate::common::TestServer;
use crate::common::browser::{Browser, SHOWN_VERSION, browser_binary, save};
use serde_json::{Value, json};

/// Opens the lobby, names the person and fills in `game`'s form: options
/// `(key, value)` and the bots' seats, as a person would.
async fn fill_lobby(b: &mut Browser, server: &TestServer, game: &str, options: &[(&str, &str)], bot: &str) {
    b.goto(&format!("http://{}/", server.addr)).await;
    b.wait_for(&format!("document.querySelector('[data-id={game}]')")).await;
    b.click(&format!("[data-id={game}]")).await;
    b.wait_for("document.querySelector('#create')").await;
    let options = serde_json::to_string(options).unwrap();
    b.eval(&format!(
        "document.querySelector('#your-name').value = 'Anna';
         for (const [key, value] of {options}) {{
           const el = document.querySelector(`[data-key=${{key}}]`); el.value = value;
           el.dispatchEvent(new Event('change', {{ bubbles: true }})); }}
         for (const select of document.querySelectorAll('select[data-seat]')) if (select.dataset.seat !== '0') select.value = '{bot}';
         true"
    ))
    .await;
}

/// Clicks the first move the page offers (on the board, else a move
/// button), and the first way to play it where a card asks how; waits
/// until the page shows the move made, or the end.
async fn click_a_move(b: &mut Browser) {
    let shown = b.shown_version().await;
    let target = if b.eval("!!document.querySelector('#board [data-action]')").await == json!(true) {
        "#board [data-action]"
    } else {
        "#moves button"
    };
    b.click(target).await;
    let answered = b
        .wait_for(&format!(
            "document.querySelector('#result') || {SHOWN_VERSION} > {shown} ? 'moved'
              : document.querySelector('.combos:not([hidden]) [data-action]') ? 'asked' : null"
        ))
        .await;
    if answered == json!("asked") {
        b.click(".combos:not([hidden]) [data-action]").await;
        b.wait_for(&format!("document.querySelector('#result') || {SHOWN_VERSION} > {shown}")).await;
    }
}

/// Clicks the first move the page offers until the result shows, or
/// `most` moves were clicked; how many were clicked, and whether the game
/// is over.
async fn click_moves(b: &mut Browser, most: usize) -> (usize, bool) {
    let mut moves = 0;
    loop {
        let state = b
            .wait_for("document.querySelector('#result') ? 'over' : (document.querySelector('#board [data-action], #moves button') ? 'move' : null)")
            .await;
        if state == json!("over") {
            return (moves, true);
        }
        if moves == most {
            return (moves, false);
        }
        click_a_move(b).await;
        moves += 1;
    }
}

/// Plays the seat of `token` over the API, its first legal action whenever
/// it has one (a turn, or an answer in a window), until the game is over;
/// faster than a person, so it waits when the server says so.
async fn play_on_to_the_end(server: &TestServer, table: &str, token: &str) {
    let mut me = server.socket(table, token).await;
    let mut acted = None;
    loop {
        let state = me.next().await;
        if state["type"] == "error" {
            assert_eq!(state["code"], "rate.limited", "{state}");
            let wait = state["retry_after_seconds"].as_u64().unwrap_or(1);
            tokio::time::sleep(std::time::Duration::from_secs(wait)).await;
            acted = None;
            me.send(json!({"type": "sync"})).await;
            continue;
        }
        if state["type"] != "state" {
            continue;
        }
        if state["turn"] == "over" {
            return;
        }
        let version = state["version"].as_u64().unwrap();
        if let Some(first) = state["legal"][0]["action"].as_str()
            && acted != Some(version)
        {
            acted = Some(version);
            me.act(version, first).await;
        }
    }
}

async fn state_of(server: &TestServer, table: &str, token: &str) -> Value {
    server.http("GET", &format!("/api/tables/{table}/state?token={token}"), None).await.1
}

/// How a flow is run: the screen, the language and how far the person clicks.
struct Flow<'a> {
    game: &'a str,
    options: &'a [(&'a str, &'a str)],
    phone: bool,
    lang: &'a str,
    /// Moves Anna clicks before her seat is played on over the API;
    /// `None`: she clicks every move to the end.
    clicks: Option<usize>,
}

/// Anna and bots from the lobby to the replay: she names herself, makes
/// the table from the lobby's form and sits at its first seat, clicks her
/// moves, sees the banner and the result naming her, asks for the rematch
/// (Six: the loser begins; the other games: everyone one seat on) and steps
/// through the replay to its end. Returns the finished table's snapshot.
async fn lobby_to_replay(flow: Flow<'_>) -> Value {
    let Flow { game, options, phone, lang, clicks } = flow;
    let Some(binary) = browser_binary() else { return Value::Null };
    let size = if phone { "390" } else { "1280" };
    let server = TestServer::start(None).await;
    let mut b = Browser::launch(&binary).await;
    if phone {
        b.emulate(390, 844, true).await;
    }
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
    fill_lobby(&mut b, &server, game, options, "easy").await;
    // The bot levels, each with a sentence in the person's language.
    let levels = b.eval("document.querySelector('#levels').innerText").await;
    let easy = if lang == "de" { "Leicht spielt nach Faustregeln" } else { "Easy plays by rules of thumb" };
    assert!(levels.as_str().unwrap().contains(easy), "{game}: {levels}");
    b.click("#create").await;
    b.wait_for(&format!("document.querySelector('svg[data-board={game}]')")).await;
    let hash = b.eval("location.hash").await;
    let parts: Vec<String> =
        hash.as_str().unwrap().trim_start_matches("#/table/").split('/').map(String::from).collect();
    let (table, token) = (parts[0].clone(), parts[1].clone());
    let (clicked, over) = click_moves(&mut b, clicks.unwrap_or(usize::MAX)).await;
    assert!(clicked >= 3, "{game}: Anna made only {clicked} moves");
    // The board calls her by her name (Um Reifenbreite: beside her energy cards).
    let named = if game == "reifenbreite" { "#energy" } else { "#board" };
    let text = b.eval(&format!("document.querySelector('{named}').textContent")).await;
    assert!(text.as_str().unwrap().contains("Anna"), "{game}: {named} does not name Anna: {text}");
    save(&format!("flow-{game}-{size}-{lang}-play.png"), &b.screenshot().await);
    if !over {
        assert!(clicks.is_some(), "{game}: the page shows no move and no result");
        play_on_to_the_end(&server, &table, &token).await;
    }
    b.wait_for("document.querySelector('#banner') && document.querySelector('#result')").await;
    let finished = state_of(&server, &table, &token).await;
    let banner = b.eval("document.querySelector('#banner').textContent").await;
    let banner = banner.as_str().unwrap().to_string();
    let (wins, draw) =
        if lang == "de" { (["gewinnt", "gewinnen"], "Unentschieden") } else { (["wins", "win"], "Draw") };
    assert!(wins.iter().any(|w| banner.contains(w)) || banner.starts_with(draw), "{game}: {banner}");
    let winners: Vec<usize> = (0..finished["outcome"]["ranks"].as_array().unwrap().len())
        .filter(|&s| finished["outcome"]["ranks"][s] == 1)
        .collect();
    if winners == [0] {
        assert!(banner.starts_with("Anna"), "{game}: Anna won: {banner}");
    }
    let sheet = b.eval("document.querySelector('#result').textContent").await;
    assert!(sheet.as_str().unwrap().contains("Anna"), "{game}: the result names Anna: {sheet}");
    if phone {
        let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
        assert!(wide <= 390, "{game}: the finished page is {wide} px wide");
    }
    save(&format!("flow-{game}-{size}-{lang}-end.png"), &b.screenshot().await);
    // The rematch: the same people, moved on.
    b.click("#rematch").await;
    b.wait_for(&format!(
        "!location.hash.includes('{table}') && document.querySelector('svg[data-board={game}]')"
    ))
    .await;
    let rematch = b.eval("location.hash.split('/')[2]").await;
    let now = state_of(&server, rematch.as_str().unwrap(), &token).await;
    let seats = finished["seats"].as_array().unwrap().len();
    let ranks: Vec<u64> =
        finished["outcome"]["ranks"].as_array().unwrap().iter().map(|r| r.as_u64().unwrap()).collect();
    let lost = ranks[0] == ranks.iter().copied().max().unwrap() && winners.len() < seats;
    // Six: the loser begins (Anna stays at the first seat if she lost);
    // the others: everyone one seat on, so Anna comes to the last.
    let anna = if game != "six" {
        seats - 1
    } else if lost {
        0
    } else {
        1
    };
    assert_eq!(now["viewer"], json!({"seat": anna}), "{game}: Anna's seat at the rematch");
    assert_eq!(now["seats"][anna]["name"], "Anna");
    assert_eq!(now["static"], finished["static"], "{game}: the same options");
    // The replay of the finished game, from its page, to its end.
    b.goto(&format!("http://{}/#/table/{table}/{token}", server.addr)).await;
    b.wait_for("document.querySelector('#to-replay')").await;
    b.click("#to-replay").await;
    b.wait_for("document.querySelector('#replay-log') && document.querySelector('#step')").await;
    b.click("#last").await;
    let entries = b.eval("document.querySelectorAll('#replay-log li').length").await.as_u64().unwrap();
    assert!(
        entries as usize >= clicked,
        "{game}: the replay tells every move: {entries} entries for {clicked} of Anna's"
    );
    if phone {
        let wide = b.eval("document.documentElement.scrollWidth").await.as_u64().unwrap();
        assert!(wide <= 390, "{game}: the replay is {wide} px wide");
    }
    save(&format!("flow-{game}-{size}-{lang}-replay.png"), &b.screenshot().await);
    // Among her tables in the lobby the finished one says so, and who won.
    b.goto(&format!("http://{}/", server.addr)).await;
    let line = b
        .wait_for(&format!(
            "document.querySelector(\"#mine li[data-table='{table}']\") && document.querySelector(\"#mine li[data-table='{table}']\").innerText"
        ))
        .await;
    let (over, won_by) =
        if lang == "de" { ("Spiel beendet", "gewonnen von") } else { ("Game over", "won by") };
    assert!(line.as_str().unwrap().contains(over), "{game}: {line}");
    if winners.len() < seats {
        assert!(line.as_str().unwrap().contains(won_by), "{game}: {line}");
    }
    assert_eq!(b.console_errors().await, Vec::<String>::new());
    b.close().await;
    server.kill().await;
    finished
}

/// 6-Tage Rennen: one race for Anna and two bots, every card clicked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sechstage_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "sechstage",
        options: &[("players", "3"), ("races", "1")],
        phone: false,
        lang: "en",
        clicks: None,
    };
    lobby_to_replay(flow).await;
}

/// 6-Tage Rennen on a phone, in German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sechstage_on_a_phone_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "sechstage",
        options: &[("players", "3"), ("races", "1")],
        phone: true,
        lang: "de",
        clicks: None,
    };
    lobby_to_replay(flow).await;
}

/// Six on a phone, in German, every stone clicked to the end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn six_on_a_phone_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow { game: "six", options: &[], phone: true, lang: "de", clicks: None };
    lobby_to_replay(flow).await;
}

/// Der Ausreisser: a stage for Anna and two bots.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "ausreisser",
        options: &[("players", "3"), ("stages", "1")],
        phone: false,
        lang: "en",
        clicks: Some(8),
    };
    lobby_to_replay(flow).await;
}

/// Der Ausreisser on a phone, in German: a stage for Anna and three bots;
/// the names show on the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ausreisser_on_a_phone_in_german_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "ausreisser",
        options: &[("players", "4"), ("stages", "1")],
        phone: true,
        lang: "de",
        clicks: Some(4),
    };
    lobby_to_replay(flow).await;
}

/// Um Reifenbreite: Anna's team against a bot's on the shortest classic;
/// riders placed and ridden by clicking.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reifenbreite_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "reifenbreite",
        options: &[("teams", "2"), ("course", "paris-roubaix")],
        phone: false,
        lang: "en",
        clicks: Some(8),
    };
    lobby_to_replay(flow).await;
}

/// Um Reifenbreite on a phone, in German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reifenbreite_on_a_phone_from_the_lobby_to_the_rematch_and_the_replay() {
    let flow = Flow {
        game: "reifenbreite",
        options: &[("teams", "2"), ("course", "paris-roubaix")],
        phone: true,
        lang: "de",
        clicks: Some(8),
    };
    lobby_to_replay(flow).await;
}
