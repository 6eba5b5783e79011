//! The table's tests: decisions taken together run whole on a table in
//! memory, with people, bots on the bot pool and the deadline on a paused
//! clock, and what each viewer is shown meanwhile.
//!
//! Apart from the code because they are longer than any part they test,
//! and they test the parts together: the table, its windows, its bots and
//! its messages.

use super::*;
use crate::bot_pool::Lane;
use serde_json::{Value, json};
use spieltisch_core::Lang;

/// Der Ausreisser for four, seat 0 leading, seat 2 dealt a Steigung
/// (`with`) or a 39 in its place, up to the leader's first play: a
/// Steigung window asks seats 1, 2 and 3.
fn window_record(with: bool) -> spieltisch_core::Record {
    let mut actions: Vec<String> = ["draw 50", "draw 39", "draw 39", "draw 39"].map(String::from).into();
    let hands = [
        "45 44 43 42 41 40",
        "45 44 43 42 41 40",
        if with { "47 hill 44 42 41 40" } else { "47 39 44 42 41 40" },
        "46 44 43 42 41 40",
    ];
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split(' ').collect()).collect();
    for k in 0..24 {
        actions.push(format!("draw {}", hands[k % 4][k / 4]));
    }
    actions.extend(["draw 48", "play 45"].map(String::from));
    spieltisch_core::Record {
        format: spieltisch_core::Record::FORMAT,
        game: "ausreisser".into(),
        options: json!({ "players": 4, "stages": 1 }),
        seed: 9,
        actions,
    }
}

/// A table of `record` with `specs` in its seats, stored as it is.
async fn table_of(record: &spieltisch_core::Record, specs: [&str; 4]) -> Arc<Table> {
    let store = crate::storage::open(&crate::DbAddress::Memory, crate::storage::BUSY_TIMEOUT).await.unwrap();
    let row = crate::storage::TableRow {
        id: "t".into(),
        game: record.game.clone(),
        options: record.options.clone(),
        seed: record.seed,
        format: record.format,
        seats: json!({}),
        spectator_token: "s".into(),
        created_at: 0,
        creator: None,
    };
    let seats = specs.iter().map(|s| SeatConfig::claimed(s.to_string(), None)).collect();
    let seating =
        Seating { seats, spectator_token: "s".into(), hotseat: false, public: false, rematch: None };
    let settings = TableSettings {
        bot_delay: Duration::from_millis(400),
        window_deadline: Duration::from_secs(20),
        commit_patience: Duration::from_secs(20),
        bots: BotPool::new(1),
        bot_limits: BotLimits::default(),
        open: Arc::default(),
        cluster: None,
    };
    let table =
        Table::new("t".into(), None, seating, session_from_record(record).unwrap(), store.clone(), settings);
    let progress = table.progress_now().await;
    store.create(row, progress.clone()).await.unwrap();
    store.append("t", 0, record.actions.clone(), progress).await.unwrap();
    table
}

/// Asks whoever decides now, as after any change of the table.
async fn ask(table: &Arc<Table>) {
    let mut live = table.live.lock().await;
    table.ask(&mut live);
}

async fn version(table: &Table) -> usize {
    table.live.lock().await.session.version()
}

async fn answers(table: &Table) -> usize {
    table.live.lock().await.window.as_ref().map_or(0, |w| w.answers.iter().flatten().count())
}

/// Lets the spawned tasks run (a bot thinks on the search pool's thread).
async fn settle(table: &Table, answered: usize) {
    for _ in 0..2000 {
        if answers(table).await >= answered {
            return;
        }
        tokio::task::yield_now().await;
        std::thread::sleep(Duration::from_micros(200));
    }
    panic!("{answered} answers expected, {} seen", answers(table).await);
}

#[tokio::test(start_paused = true)]
async fn a_window_holds_answers_until_all_are_in_and_passes_the_silent_at_the_deadline() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: everyone is asked at once,
    // answers apply when all are in, a bot answers after the same delay
    // whatever it holds, and a person who has not answered by the
    // deadline passes.
    let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
    for seat in 0..3 {
        table.connected(Viewer::Seat(seat), true).await;
    }
    ask(&table).await;
    let v = version(&table).await;
    let detail = Detail { lang: Lang::En, compact: false };
    for seat in [1, 2] {
        let snap = table.snapshot(Viewer::Seat(seat), detail).await.unwrap();
        assert_eq!(snap.window, Some(vec![1, 2, 3]));
        assert!(snap.legal.iter().any(|l| l.action == "pass"), "seat {seat} is asked");
    }
    let spectator = table.snapshot(Viewer::Spectator, detail).await.unwrap();
    assert!(spectator.legal.is_empty() && spectator.window == Some(vec![1, 2, 3]));
    assert!(table.snapshot(Viewer::Seat(0), detail).await.unwrap().legal.is_empty(), "the leader");

    // Seat 1 answers: held, and seen by nobody else.
    assert_eq!(table.act(1, Some(v), "pass").await.unwrap(), v);
    assert!(table.snapshot(Viewer::Seat(1), detail).await.unwrap().legal.is_empty());
    {
        // The compact update says the same in a window.
        let live = table.live.lock().await;
        for viewer in [Viewer::Seat(1), Viewer::Seat(2), Viewer::Spectator] {
            let extras = live.extras(viewer, &[]);
            let compact = Detail { lang: Lang::En, compact: true };
            let written: Value =
                serde_json::from_str(&compact_update_text(&*live.session, viewer, v - 2, extras).unwrap())
                    .unwrap();
            let by_serde =
                serde_json::to_value(update_of(&*live.session, viewer, compact, v - 2, extras).unwrap())
                    .unwrap();
            assert_eq!(written, by_serde, "{viewer:?}");
            assert_eq!(written["window"], json!([1, 2, 3]));
        }
    }
    assert_eq!(table.act(1, Some(v), "pass").await.unwrap_err().code(), "action.answered");
    assert_eq!(table.act(2, Some(v), "play 44").await.unwrap_err().code(), "action.illegal");
    // The bot answers once the delay is over, not before.
    tokio::time::advance(Duration::from_millis(399)).await;
    assert_eq!(answers(&table).await, 1);
    tokio::time::advance(Duration::from_millis(2)).await;
    settle(&table, 2).await;
    assert_eq!(version(&table).await, v, "seat 2 has not answered yet");
    // Seat 2 says nothing: it passes at the deadline, and then all apply.
    tokio::time::advance(Duration::from_secs(19)).await;
    tokio::task::yield_now().await;
    assert_eq!(version(&table).await, v, "before the deadline");
    let mut updates = table.subscribe();
    tokio::time::advance(Duration::from_secs(1)).await;
    updates.changed().await.unwrap();
    let after = version(&table).await;
    assert!(after > v + 3, "three answers and the next draws applied");
    let log = table.live.lock().await.session.log_since(Viewer::Spectator, v).unwrap();
    assert_eq!(log[..3], ["", "", "pass ?"], "others see the window close, nothing per rider");
}

#[tokio::test(start_paused = true)]
async fn people_who_are_away_or_pass_automatically_pass_at_once() {
    let table = table_of(&window_record(false), ["human", "human", "human", "heuristic"]).await;
    table.connected(Viewer::Seat(1), true).await;
    table.set_auto_pass(1, true).await.unwrap();
    ask(&table).await; // seat 2 is not connected, seat 1 passes automatically
    assert_eq!(answers(&table).await, 2);
    let v = version(&table).await;
    let mine = table.snapshot(Viewer::Seat(1), Detail::default()).await.unwrap();
    assert_eq!(mine.auto_pass, Some(true));
    assert_eq!(table.snapshot(Viewer::Seat(2), Detail::default()).await.unwrap().auto_pass, Some(false));
    assert_eq!(table.snapshot(Viewer::Spectator, Detail::default()).await.unwrap().auto_pass, None);
    let mut updates = table.subscribe();
    tokio::time::advance(Duration::from_millis(401)).await;
    updates.changed().await.unwrap();
    assert!(version(&table).await > v, "applied as soon as the bot answered");
}

#[tokio::test(start_paused = true)]
async fn the_deadline_passes_people_and_waits_for_a_bot_whose_decision_is_queued() {
    let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
    for seat in 0..3 {
        table.connected(Viewer::Seat(seat), true).await;
    }
    // The only thread of the bot's lane (the heuristic bot does not
    // search) is busy with another table's decision.
    let (release, gate) = std::sync::mpsc::channel::<()>();
    let pool = table.settings.bots.clone();
    let busy =
        tokio::spawn(
            async move { pool.run(Lane::Quick, "another", "another", move || gate.recv().ok()).await },
        );
    while table.settings.bots.stats().quick.running == 0 {
        tokio::task::yield_now().await;
        std::thread::sleep(Duration::from_millis(1));
    }
    ask(&table).await;
    let v = version(&table).await;
    tokio::time::advance(Duration::from_secs(21)).await;
    for _ in 0..10 {
        tokio::task::yield_now().await;
    }
    assert_eq!(answers(&table).await, 2, "both people passed at the deadline");
    assert_eq!(version(&table).await, v, "the bot's answer is waited for");
    assert_eq!(table.settings.bots.stats().quick.queue, 1, "its decision is queued");
    let mut updates = table.subscribe();
    release.send(()).unwrap();
    updates.changed().await.unwrap();
    assert!(version(&table).await > v, "applied once the bot answered");
    assert_eq!(busy.await.unwrap(), Ok(Some(())));
}

#[tokio::test(start_paused = true)]
async fn a_bot_that_does_not_search_answers_while_every_search_waits() {
    let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
    for seat in 0..3 {
        table.connected(Viewer::Seat(seat), true).await;
    }
    // The only search thread is held (until the test lets it go, or a
    // minute has passed) and another client's searches queue behind it.
    let (release, gate) = std::sync::mpsc::channel::<()>();
    let pool = table.settings.bots.clone();
    let held = tokio::spawn(async move {
        pool.run(Lane::Search, "another", "a0", move || gate.recv_timeout(Duration::from_secs(60)).is_ok())
            .await
    });
    let queued: Vec<_> = (1..10)
        .map(|t| {
            let pool = table.settings.bots.clone();
            tokio::spawn(async move { pool.run(Lane::Search, "another", &format!("a{t}"), || ()).await })
        })
        .collect();
    while table.settings.bots.stats().search.queue < 9 {
        tokio::task::yield_now().await;
        std::thread::sleep(Duration::from_millis(1));
    }
    ask(&table).await;
    tokio::time::advance(Duration::from_secs(1)).await;
    while answers(&table).await == 0 {
        tokio::task::yield_now().await;
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(!held.is_finished(), "the bot answered while the search thread was held");
    assert_eq!(table.settings.bots.stats().search.queue, 9, "and every search still waited");
    release.send(()).unwrap();
    assert_eq!(held.await.unwrap(), Ok(true), "released by the test, not by the minute");
    for search in queued {
        assert_eq!(search.await.unwrap(), Ok(()));
    }
}

/// The messages a connection of each viewer would be sent now: a
/// snapshot first, then updates from the version it has.
async fn frames_since(
    table: &Table,
    viewers: &[Viewer],
    details: &[Detail],
    sent: &mut [usize],
    seen: &mut [Vec<String>],
) {
    for (i, &viewer) in viewers.iter().enumerate() {
        for &d in details {
            if sent[i] == 0 {
                seen[i].push(table.snapshot_frame(viewer, d).await.unwrap().1.to_string());
            } else if let Some((_, frame)) = table.update_frame(viewer, d, sent[i]).await.unwrap() {
                seen[i].push(frame.to_string());
            }
        }
        sent[i] = version(table).await;
    }
}

#[tokio::test(start_paused = true)]
async fn after_a_restart_people_have_until_the_deadline() {
    // Nobody is connected yet when a table resumes: people are not passed
    // for being away, only at the deadline.
    let table = table_of(&window_record(true), ["human", "human", "human", "heuristic"]).await;
    table.resume().await;
    assert_eq!(answers(&table).await, 0);
    let v = version(&table).await;
    table.connected(Viewer::Seat(2), true).await;
    tokio::time::advance(Duration::from_millis(401)).await;
    settle(&table, 1).await;
    assert_eq!(version(&table).await, v, "people still to answer");
    let mut updates = table.subscribe();
    tokio::time::advance(Duration::from_secs(20)).await;
    updates.changed().await.unwrap();
    assert!(version(&table).await > v);
}

#[tokio::test(start_paused = true)]
async fn a_steigung_held_changes_no_message_to_anyone_else() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: two deals that differ only in whether
    // seat 2 holds a Steigung send every other viewer the same messages.
    let detail = Detail { lang: Lang::De, compact: false };
    let compact = Detail { lang: Lang::En, compact: true };
    let mut sequences = Vec::new();
    for with in [true, false] {
        let table = table_of(&window_record(with), ["human"; 4]).await;
        for seat in 0..4 {
            table.connected(Viewer::Seat(seat), true).await;
        }
        ask(&table).await;
        let viewers = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(3), Viewer::Spectator];
        let mut seen: Vec<Vec<String>> = vec![Vec::new(); viewers.len()];
        let mut sent = vec![0; viewers.len()];
        frames_since(&table, &viewers, &[detail, compact], &mut sent, &mut seen).await;
        let v = version(&table).await;
        for seat in [3, 1, 2] {
            table.act(seat, Some(v), "pass").await.unwrap();
            frames_since(&table, &viewers, &[detail, compact], &mut sent, &mut seen).await;
        }
        assert!(version(&table).await > v);
        let own = table.snapshot(Viewer::Seat(2), detail).await.unwrap();
        sequences.push((seen, own.view));
    }
    let (with, without) = (&sequences[0], &sequences[1]);
    assert_eq!(with.0, without.0, "the other viewers' messages");
    assert!(with.0.iter().all(|messages| messages.len() == 4), "a snapshot and an update each, twice");
    assert_ne!(with.1, without.1, "seat 2's own view differs");
}
