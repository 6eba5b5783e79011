//! End-to-end, people not seats: two people in two browsers (each with its
//! own storage) meet at a public table from the lobby's list, one on a
//! desktop and one on a phone; a hot-seat table asks a name per person and
//! "your tables" shows it once, with the names; a name written as HTML
//! stays text.
//!
//! Needs Debian's `chromium` and `chromium-driver`; skipped without them
//! outside CI.

use crate::common::TestServer;
use crate::common::browser::{Browser, browser_binary, save};
use serde_json::json;

/// Fills in the lobby's name field.
async fn named(b: &mut Browser, name: &str) {
    b.wait_for("document.querySelector('#create')").await;
    b.eval(&format!("document.querySelector('#your-name').value = '{name}'; true")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_meet_at_a_public_table_from_the_lobby() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let lobby = format!("http://{}/", server.addr);
    let mut anna = Browser::launch(&binary).await;
    anna.goto(&lobby).await;
    anna.eval("localStorage.setItem('lang', 'en'); true").await;
    named(&mut anna, "Anna").await;
    anna.eval("document.querySelector('[data-seat=\"1\"]').value = 'human'; document.querySelector('#public').checked = true; true")
        .await;
    anna.click("#create").await;
    // At her seat, with the free seat's invitation and the spectator link.
    anna.wait_for("document.querySelector('#invite-1') && document.querySelector('#invite-spectator')").await;
    let table = anna.eval("location.hash.split('/')[2]").await;
    let table = table.as_str().unwrap().to_string();
    save("people-public-desktop.png", &anna.screenshot().await);

    // Bernd, on a phone, finds the table in the lobby and takes seat 2.
    let mut bernd = Browser::launch(&binary).await;
    bernd.emulate(390, 844, true).await;
    bernd.goto(&lobby).await;
    bernd.eval("localStorage.setItem('lang', 'de'); true").await;
    bernd.goto(&lobby).await;
    let take = format!("#open-tables button.take[data-table='{table}'][data-seat='1']");
    bernd.wait_for(&format!("document.querySelector(\"{take}\")")).await;
    let line = bernd
        .eval(&format!("document.querySelector(\"#open-tables li[data-table='{table}']\").innerText"))
        .await;
    assert!(line.as_str().unwrap().contains("Anna, Spieler 2 (frei)"), "{line}");
    assert!(line.as_str().unwrap().contains("Zuschauen"), "a watch link: {line}");
    // Without a name the lobby asks for one first.
    bernd.click(&take).await;
    let asked = bernd.wait_for("document.querySelector('#lobby-error').textContent").await;
    assert_eq!(asked, json!("Gib zuerst deinen Namen ein (oben auf der Seite)."));
    bernd.eval("document.querySelector('#your-name').value = 'Bernd'; true").await;
    save("people-lobby-phone-de.png", &bernd.screenshot().await);
    bernd.click(&take).await;
    let status = bernd
        .wait_for("document.querySelector('.status') && document.querySelector('.status').textContent")
        .await;
    assert_eq!(status, json!("Warte auf Anna"));
    assert_eq!(bernd.eval("localStorage.getItem('spieltisch.name')").await, json!("Bernd"));

    // Anna's page hears of Bernd at once: no seat is free any more.
    anna.wait_for("document.querySelector('#invite') === null").await;
    anna.click("#moves button").await;
    let entry = bernd
        .wait_for("document.querySelector('#log li') && document.querySelector('#log li').textContent")
        .await;
    assert!(entry.as_str().unwrap().starts_with("Anna setzt einen Stein"), "{entry}");
    save("people-public-phone-de.png", &bernd.screenshot().await);

    // Bernd's tables: this one, with both names, his turn marked.
    bernd.goto(&lobby).await;
    let mine = bernd.wait_for(&format!(
        "document.querySelector(\"#mine li[data-table='{table}']\") && document.querySelector(\"#mine li[data-table='{table}']\").innerText"
    ))
    .await;
    assert!(mine.as_str().unwrap().contains("Anna, Bernd (du)"), "{mine}");
    assert!(mine.as_str().unwrap().contains("Du bist am Zug"), "{mine}");
    for b in [&mut anna, &mut bernd] {
        assert!(b.console_errors().await.is_empty());
    }
    anna.close().await;
    bernd.close().await;
    server.kill().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hotseat_table_asks_each_person_a_name_and_your_tables_show_it_once() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let lobby = format!("http://{}/", server.addr);
    let mut b = Browser::launch(&binary).await;
    b.goto(&lobby).await;
    b.eval("localStorage.setItem('lang', 'en'); localStorage.setItem('spieltisch.name', 'Anna'); true").await;
    b.goto(&lobby).await;
    b.wait_for("document.querySelector('[data-id=sechstage]')").await;
    b.click("[data-id=sechstage]").await;
    b.wait_for("document.querySelector('#opt-races')").await;
    b.eval(
        "const races = document.querySelector('#opt-races'); races.value = '1';
         races.dispatchEvent(new Event('change', { bubbles: true }));
         document.querySelector('[data-seat=\"1\"]').value = 'human';
         const hot = document.querySelector('#hotseat'); hot.checked = true;
         hot.dispatchEvent(new Event('change', { bubbles: true })); true",
    )
    .await;
    // A name per person at the device: yours first, "Seat N" for the others.
    let shown = b
        .wait_for(
            "(() => { const fields = [...document.querySelectorAll('input[data-name-seat]')];
               return fields.some(f => !f.hidden) && fields.map(f => f.hidden ? null : f.value); })()",
        )
        .await;
    assert_eq!(shown[0], json!("Anna"));
    assert_eq!(shown[1], json!("Seat 2"));
    assert_eq!(shown[2], json!(null), "a bot takes no name");
    b.eval("document.querySelector('#seat-name-1').value = 'Carla'; true").await;
    save("people-hotseat-names.png", &b.screenshot().await);
    b.click("#create").await;
    b.wait_for("location.hash.startsWith('#/hotseat/')").await;
    let table = b.eval("location.hash.split('/')[2]").await;
    b.goto(&lobby).await;
    let lines = b
        .wait_for(&format!(
            "(() => {{ const found = document.querySelectorAll(\"#mine li[data-table='{}']\");
               return found.length && [found.length, found[0].innerText]; }})()",
            table.as_str().unwrap()
        ))
        .await;
    assert_eq!(lines[0], json!(1), "two tokens of one table, one line: {lines}");
    assert!(lines[1].as_str().unwrap().contains("Anna"), "{lines}");
    assert!(lines[1].as_str().unwrap().contains("Carla"), "{lines}");
    b.eval("document.querySelector('#mine').scrollIntoView(); true").await;
    save("people-your-tables.png", &b.screenshot().await);
    assert!(b.console_errors().await.is_empty());
    b.close().await;
    server.kill().await;
}

/// A name is text wherever it is shown, never markup: a name written as
/// HTML shows its characters on the board, in the log and in the lobby's
/// list of open tables, and nothing in it runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_written_as_html_is_shown_as_its_characters() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let name = "<img src onerror=__p=1>";
    let reply = server
        .create(json!({"game": "six", "seats": ["human", "human"], "names": [name, null], "public": true, "seed": 2}))
        .await;
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("http://{}/", server.addr)).await;
    b.eval("localStorage.setItem('lang', 'en'); true").await;
    b.goto(&format!("http://{}{}", server.addr, reply["seats"][0]["url"].as_str().unwrap())).await;
    b.wait_for("document.querySelector('svg[data-board=six] g.clickable')").await;
    b.click("svg[data-board=six] g.clickable").await;
    b.wait_for("document.querySelector('#log li')").await;
    let shown = b
        .eval("[document.querySelector('#board').innerText, document.querySelector('#log').innerText]")
        .await;
    assert!(shown[0].as_str().unwrap().contains(name), "the board: {shown}");
    assert!(shown[1].as_str().unwrap().contains(name), "the log: {shown}");
    b.goto(&format!("http://{}/", server.addr)).await;
    let table = reply["table"].as_str().unwrap();
    let line = b
        .wait_for(&format!(
            "document.querySelector(\"#open-tables li[data-table='{table}']\") && document.querySelector(\"#open-tables li[data-table='{table}']\").innerText"
        ))
        .await;
    assert!(line.as_str().unwrap().contains(name), "the lobby: {line}");
    assert_eq!(b.eval("document.querySelectorAll('main img').length").await, json!(0), "no image was made");
    assert_eq!(b.eval("typeof window.__p").await, json!("undefined"), "nothing ran");
    b.close().await;
    server.kill().await;
}
