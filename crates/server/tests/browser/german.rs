//! End-to-end: the German pages speak German. Each page is drawn twice, in
//! English and in German, at the same state of its table; every text a
//! person can read or hover on the English page (the client's words and the
//! server's: option labels and help, moves, the log, results) that the German
//! page shows unchanged is English left untranslated, unless it is a name
//! that both languages share (`GERMAN_LOANWORDS` of spieltisch-catalog, each
//! with why). Word by word, too: a German page holds no word that the English pages use and German
//! does not share ("Standard board (81 Felder)" is caught by "board"), and
//! no internal id (an option's key or value, a word the pages keep in their
//! `data-` attributes: a card's `spurt`, an action's notation).
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them).

use crate::common::TestServer;
use crate::common::browser::{Browser, browser_binary, save};
use serde_json::{Value, json};
use spieltisch_catalog::{GERMAN_LOANWORDS, SPELLED_ALIKE_IN_GERMAN};
use std::collections::BTreeSet;
use std::time::Duration;

/// Every text of the page a person reads or hovers: each text node, and the
/// attributes that show as text (`title`, `placeholder`, `aria-label`, an
/// option's `label`), trimmed, and the tab's title.
const TEXTS: &str = "(() => {
  const out = new Set();
  const walk = el => {
    for (const n of el.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) {
        const text = n.textContent.trim();
        if (text) out.add(text);
      } else if (n.nodeType === Node.ELEMENT_NODE && n.tagName !== 'SCRIPT' && n.tagName !== 'STYLE') {
        for (const name of ['title', 'placeholder', 'aria-label', 'label']) {
          const value = n.getAttribute(name);
          if (value && value.trim()) out.add(value.trim());
        }
        walk(n);
      }
    }
  };
  walk(document.body);
  out.add(document.title);
  return [...out];
})()";

// Words the same in both languages are `GERMAN_LOANWORDS` (the names,
// loanwords German uses as they are, and the games' own terms), the one
// list the games' German texts are checked with too. Names the server
// gives the same in both languages (courses, stages) are shared too
// (`shared_names`). German words an English text happens to spell alike
// (`SPELLED_ALIKE_IN_GERMAN`) may stand in a German text beside others, but
// a text left the same that holds one is English.

/// Phrases German uses as they are.
const SHARED_PHRASES: &[&str] = &["Hot-Seat"];

/// The values of every `data-` attribute of the page: what the page keeps
/// for itself (actions in notation, cards, riders, spaces), never for people.
const DATA: &str = "[...document.querySelectorAll('*')].flatMap(el => \
  [...el.attributes].filter(a => a.name.startsWith('data-')).map(a => a.value))";

/// The texts of the page in `lang`, loaded afresh at `url` once `ready`
/// holds, and the values of its `data-` attributes.
async fn texts(b: &mut Browser, url: &str, lang: &str, ready: &str) -> (BTreeSet<String>, BTreeSet<String>) {
    b.eval(&format!("localStorage.setItem('lang', '{lang}'); true")).await;
    b.goto("about:blank").await;
    b.goto(url).await;
    b.wait_for(ready).await;
    // Drawings that arrive over the socket settle before they are read.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let strings = |list: Value| -> BTreeSet<String> {
        list.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect()
    };
    (strings(b.eval(TEXTS).await), strings(b.eval(DATA).await))
}

/// The words of `text` (three letters or more; an underscore is part of a
/// word) once the shared names and phrases are taken out. Letters mixed
/// with digits (a table's id, `2x`) and capitals alone (`JSON`, `III`) are
/// the same in every language, and no words.
fn words(text: &str, names: &[String]) -> Vec<String> {
    let mut rest = text.to_string();
    for name in names.iter().map(String::as_str).chain(SHARED_PHRASES.iter().copied()) {
        rest = rest.replace(name, " ");
    }
    rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| w.chars().all(|c| c.is_alphabetic() || c == '_'))
        .filter(|w| w.chars().filter(|c| c.is_alphabetic()).count() >= 3)
        .filter(|w| !w.chars().all(|c| c.is_uppercase()))
        .map(str::to_string)
        .collect()
}

/// Option values German also spells as words of its own ("einmal pro Zug").
const GERMAN_TOO: &[&str] = &["pro"];

/// Whether `text` holds `word` with no letter, digit or underscore on
/// either side.
fn holds_word(text: &str, word: &str) -> bool {
    let inside = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(inside)
            && !text[at + word.len()..].chars().next().is_some_and(inside)
    })
}

/// What the pages read in German, and what they read in English.
#[derive(Default)]
struct Read {
    /// The words of every English page.
    english: BTreeSet<String>,
    /// Each German page's texts, by the page's name.
    german: Vec<(String, BTreeSet<String>)>,
    /// Internal ids: the options' keys and values, the words of the pages'
    /// `data-` attributes.
    ids: BTreeSet<String>,
}

impl Read {
    /// Every English word and internal id on a German page, with its page
    /// and the text it is in.
    fn found(&self, names: &[String]) -> Vec<String> {
        let mut found = BTreeSet::new();
        for (page, texts) in &self.german {
            for text in texts {
                for word in words(text, names) {
                    let shared = GERMAN_LOANWORDS.contains(&word.as_str())
                        || SPELLED_ALIKE_IN_GERMAN.contains(&word.as_str());
                    if self.english.contains(&word) && !shared {
                        found.insert(format!("{page}: English word {word:?} in {text:?}"));
                    }
                    if word.contains('_') {
                        found.insert(format!("{page}: key {word:?} in {text:?}"));
                    }
                }
                for id in
                    self.ids.iter().filter(|id| !GERMAN_TOO.contains(&id.as_str()) && holds_word(text, id))
                {
                    found.insert(format!("{page}: internal id {id:?} in {text:?}"));
                }
            }
        }
        found.into_iter().collect()
    }
}

/// The options' keys and choice values in the server's list of games.
fn option_ids(games: &Value) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for game in games["games"].as_array().unwrap() {
        for option in game["options"].as_array().unwrap() {
            ids.insert(option["key"].as_str().unwrap().to_string());
            for choice in option["choices"].as_array().into_iter().flatten() {
                ids.insert(choice["value"].as_str().unwrap().to_string());
            }
        }
    }
    ids
}

/// A text that could be English: after the shared names and phrases are
/// taken out, it holds a word of three letters or more that is not shared.
fn could_be_english(text: &str, names: &[String]) -> bool {
    let mut rest = text.to_string();
    for name in names.iter().map(String::as_str).chain(SHARED_PHRASES.iter().copied()) {
        rest = rest.replace(name, " ");
    }
    rest.split(|c: char| !c.is_alphabetic())
        .any(|word| word.chars().count() >= 3 && !GERMAN_LOANWORDS.contains(&word))
}

/// What the server names the same in both languages (the courses, say):
/// every `{en, de}` of the games' entries whose two texts are equal.
async fn shared_names(server: &TestServer) -> Vec<String> {
    let (_, games) = server.http("GET", "/api/games", None).await;
    let mut pairs = vec![];
    collect_texts(&games, &mut pairs);
    let mut names: Vec<String> = pairs.into_iter().filter(|(en, de)| en == de).map(|(en, _)| en).collect();
    // Longer names first, so that no shorter one breaks a longer one up.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names
}

/// The texts a page shows unchanged in German; what it reads in both
/// languages goes into `read` under `page`, and the German page's
/// screenshot into `german-<page>.png`.
async fn untranslated(
    b: &mut Browser,
    (page, url, ready): (&str, &str, &str),
    names: &[String],
    read: &mut Read,
) -> Vec<String> {
    let (english, english_data) = texts(b, url, "en", ready).await;
    let (german, german_data) = texts(b, url, "de", ready).await;
    save(&format!("german-{page}.png"), &b.screenshot().await);
    read.english.extend(english.iter().flat_map(|t| words(t, names)));
    // Notation, cards and keys as the page keeps them: lower-case words the
    // same in both languages (a value in words differs between them).
    let data_words = |data: &BTreeSet<String>| -> BTreeSet<String> {
        data.iter()
            .flat_map(|d| words(d, &[]))
            .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .collect()
    };
    read.ids.extend(data_words(&english_data).intersection(&data_words(&german_data)).cloned());
    read.german.push((page.to_string(), german.clone()));
    english.intersection(&german).filter(|t| could_be_english(t, names)).cloned().collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn german_pages_show_no_english_text() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let base = format!("http://{}", server.addr);
    let mut names = shared_names(&server).await;
    // The name of the person at the invitation's table.
    names.push("Anna".into());
    let seat = |reply: &Value| format!("{base}{}", reply["seats"][0]["url"].as_str().unwrap());
    let watch = |reply: &Value| format!("{base}{}", reply["spectator"]["url"].as_str().unwrap());
    // Tables waiting for the person at seat 1 (nothing moves between the two
    // loads), and finished ones.
    let six = server.create(json!({"game": "six", "seats": ["human", "heuristic"], "seed": 1})).await;
    let sechstage = server
        .create(json!({"game": "sechstage", "options": {"players": 4, "races": 1}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 5}))
        .await;
    let ausreisser = server
        .create(json!({"game": "ausreisser", "options": {"players": 4, "stages": 1, "special": true}, "seats": ["human", "heuristic", "heuristic", "heuristic"], "seed": 3}))
        .await;
    let reifenbreite = server
        .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": ["human", "heuristic"], "seed": 4}))
        .await;
    let bots = |n: usize| vec!["heuristic"; n];
    let finished = [
        server.create(json!({"game": "six", "options": {"move_limit": 6}, "seats": bots(2), "seed": 3})).await,
        server.create(json!({"game": "sechstage", "options": {"players": 3, "races": 1}, "seats": bots(3), "seed": 2})).await,
        server.create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": bots(3), "seed": 2})).await,
        server
            .create(json!({"game": "reifenbreite", "options": {"teams": 2, "course": "luettich", "rules": "pro"}, "seats": bots(2), "seed": 9}))
            .await,
    ];
    for reply in &finished {
        server.until_over(reply).await;
    }
    let mut b = Browser::launch(&binary).await;
    b.goto(&format!("{base}/")).await;
    let mut pages: Vec<(String, String, &str)> = vec![];
    let board = "document.querySelector('#board svg[data-board]') && document.querySelector('#moves')";
    for (name, reply) in [
        ("six", &six),
        ("sechstage", &sechstage),
        ("ausreisser", &ausreisser),
        ("reifenbreite", &reifenbreite),
    ] {
        pages.push((name.into(), seat(reply), board));
    }
    for reply in &finished {
        let game = reply["game"].as_str().unwrap();
        pages.push((format!("{game}-over"), watch(reply), "document.querySelector('#banner')"));
        let replay = watch(reply).replace("#/table/", "#/replay/");
        pages.push((format!("{game}-replay"), replay, "document.querySelector('#replay-log')"));
    }
    for game in ["six", "sechstage", "reifenbreite", "ausreisser"] {
        pages.push((
            format!("{game}-rules"),
            format!("{base}/#/rules/{game}"),
            "document.querySelector('#rules-title')",
        ));
    }
    // The join page of an invitation, with a person already at the table.
    let invited = server
        .create(json!({"game": "ausreisser", "options": {"players": 3, "stages": 1}, "seats": ["human", "human", "heuristic"], "names": ["Anna", null, null], "invite": true, "seed": 2}))
        .await;
    pages.push((
        "join".into(),
        format!("{base}{}", invited["seats"][1]["invite"].as_str().unwrap()),
        "document.querySelector('#join-name')",
    ));
    pages.push((
        "bad-link".into(),
        format!("{base}/#/table/nothing/here"),
        "document.querySelector('#bad-link')",
    ));
    let mut found = vec![];
    let (_, games) = server.http("GET", "/api/games", None).await;
    let mut read = Read { ids: option_ids(&games), ..Read::default() };
    for (name, url, ready) in &pages {
        for text in untranslated(&mut b, (name, url, ready), &names, &mut read).await {
            found.push(format!("{name}: {text:?}"));
        }
    }
    // The lobby, with each game's options drawn from the server's schema.
    for game in ["six", "sechstage", "reifenbreite", "ausreisser"] {
        let ready = format!(
            "document.querySelector('[data-id={game}]') && (document.querySelector('[data-id={game}]').click(), document.querySelector('.game-card.selected[data-id={game}]'))"
        );
        let page = format!("lobby-{game}");
        for text in untranslated(&mut b, (&page, &format!("{base}/"), &ready), &names, &mut read).await {
            found.push(format!("lobby ({game}): {text:?}"));
        }
    }
    assert!(found.is_empty(), "English on German pages:\n{}", found.join("\n"));
    // Word by word: no German page holds a word of the English pages that
    // German does not share, nor a key, nor an id the pages keep for
    // themselves (a card's `spurt`, an option's `luettich`).
    let found = read.found(&names);
    assert!(found.is_empty(), "English words and internal ids on German pages:\n{}", found.join("\n"));
    // On a phone, in both languages, for whoever reads the screenshots.
    b.emulate(390, 844, true).await;
    for (name, url, ready) in
        pages.iter().filter(|(name, ..)| name.starts_with("reifenbreite") || name.starts_with("ausreisser"))
    {
        for lang in ["en", "de"] {
            texts(&mut b, url, lang, ready).await;
            save(&format!("words-{name}-390-{lang}.png"), &b.screenshot().await);
        }
    }
    b.close().await;
    server.kill().await;
}

/// Every text the server gives the lobby in both languages (option labels,
/// help, choices) that differs between them stays out of the German lobby.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_german_lobby_shows_none_of_the_servers_english_texts() {
    let Some(binary) = browser_binary() else { return };
    let server = TestServer::start(None).await;
    let (_, games) = server.http("GET", "/api/games", None).await;
    let names = shared_names(&server).await;
    let mut b = Browser::launch(&binary).await;
    let base = format!("http://{}", server.addr);
    b.goto(&format!("{base}/")).await;
    b.eval("localStorage.setItem('lang', 'de'); true").await;
    let mut found = vec![];
    for game in games["games"].as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        // Every pair {en, de} anywhere in the game's entry.
        let mut pairs = vec![];
        collect_texts(game, &mut pairs);
        b.goto("about:blank").await;
        b.goto(&format!("{base}/")).await;
        b.wait_for(&format!("document.querySelector('[data-id={id}]')")).await;
        b.eval(&format!("document.querySelector('[data-id={id}]').click(); true")).await;
        let page = b.eval(TEXTS).await;
        let page: Vec<&str> = page.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        for (en, de) in pairs {
            if en != de && could_be_english(&en, &names) && page.iter().any(|text| text.contains(en.as_str()))
            {
                found.push(format!("{id}: {en:?}"));
            }
        }
    }
    assert!(found.is_empty(), "the server's English in the German lobby:\n{}", found.join("\n"));
    b.close().await;
    server.kill().await;
}

/// Every `{ "en": …, "de": … }` object inside `value`.
fn collect_texts(value: &Value, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(en)), Some(Value::String(de))) = (map.get("en"), map.get("de")) {
                out.push((en.clone(), de.clone()));
            }
            map.values().for_each(|v| collect_texts(v, out));
        }
        Value::Array(list) => list.iter().for_each(|v| collect_texts(v, out)),
        _ => {}
    }
}
