//! The dynamic layer over the Kuhn poker fixture: notation in, JSON out,
//! stable error codes, hidden cards, and saved states that must match their
//! records. Each test registers the fixture in this process first.

use serde_json::{Value, json};
use spieltisch_catalog::{SeatSpec, load_session, new_session, register_fixtures, session_from_record};
use spieltisch_core::{Lang, Record, Turn, Viewer};

fn dealt(seed: u64) -> Box<dyn spieltisch_catalog::DynSession> {
    register_fixtures();
    let mut session = new_session("kuhn", &Value::Null, seed).unwrap();
    assert_eq!(session.turn(), Turn::Chance);
    assert_eq!(session.chance_outcomes().len(), 3);
    assert_eq!(session.run_chance(), 2);
    session
}

#[test]
fn a_game_is_played_in_notation() {
    let mut session = dealt(7);
    assert_eq!(session.turn(), Turn::Seat(0));
    assert_eq!(session.legal(), ["check", "bet"]);
    assert_eq!(session.legal_described(&[], Lang::De).len(), 2);
    session.apply(Some(0), "bet").unwrap();
    session.apply(None, " call ").unwrap();
    assert_eq!(session.turn(), Turn::Over);
    assert_eq!(session.version(), 4);
    let outcome = session.outcome().unwrap();
    assert_eq!(outcome.scores.iter().sum::<f64>(), 0.0);
    assert_eq!(outcome.scores[0].abs(), 2.0);
}

#[test]
fn bad_actions_get_stable_codes() {
    let mut session = dealt(7);
    let code = |r: Result<(), spieltisch_catalog::CatalogError>| r.unwrap_err().code();
    assert_eq!(code(session.apply(Some(1), "bet")), "seat.not_your_turn");
    assert_eq!(code(session.apply(Some(0), "raise")), "action.parse");
    assert_eq!(code(session.apply(Some(0), "call")), "action.illegal");
    assert_eq!(code(session.apply(Some(9), "bet")), "seat.invalid");
    assert_eq!(session.version(), 2, "rejected actions change nothing");
    session.apply(None, "bet").unwrap();
    session.apply(None, "fold").unwrap();
    assert_eq!(code(session.apply(None, "check")), "game.over");
}

#[test]
fn bad_games_and_options_get_stable_codes() {
    register_fixtures();
    assert_eq!(new_session("chess", &Value::Null, 0).unwrap_err().code(), "game.unknown");
    assert_eq!(new_session("kuhn", &json!({"players": 3}), 0).unwrap_err().code(), "options.unknown");
    assert_eq!(new_session("kuhn", &json!([1]), 0).unwrap_err().code(), "options.rule");
}

#[test]
fn views_and_logs_hide_the_other_card() {
    let session = dealt(7);
    let mine = session.view(Viewer::Seat(0)).unwrap();
    assert!(mine["cards"][0].is_u64() && mine["cards"][1].is_null(), "{mine}");
    let theirs = session.view(Viewer::Seat(1)).unwrap();
    assert!(theirs["cards"][0].is_null() && theirs["cards"][1].is_u64(), "{theirs}");
    let public = session.view(Viewer::Spectator).unwrap();
    assert!(public["cards"][0].is_null() && public["cards"][1].is_null());
    let log = session.log(Viewer::Seat(1)).unwrap();
    assert_eq!(log[0], "deal ?");
    assert!(log[1].starts_with("deal ") && log[1] != "deal ?");
    assert_eq!(session.log(Viewer::Spectator).unwrap(), ["deal ?", "deal ?"]);
    assert_eq!(session.view(Viewer::Seat(2)).unwrap_err().code(), "seat.invalid");
    assert!(!session.describe_view(Viewer::Seat(0), Lang::En).unwrap().is_empty());
}

#[test]
fn a_saved_state_loads_back_and_a_tampered_one_does_not() {
    let mut session = dealt(11);
    session.apply(None, "check").unwrap();
    let saved = session.to_json().unwrap();
    let loaded = load_session(&saved).unwrap();
    assert_eq!(loaded.to_json().unwrap(), saved);
    assert_eq!(loaded.legal(), session.legal());

    let mut tampered = saved.clone();
    let card = tampered["state"]["cards"][0].as_u64().unwrap();
    tampered["state"]["cards"][0] = json!((card + 1) % 3);
    assert_eq!(load_session(&tampered).unwrap_err().code(), "state.invalid");
    assert_eq!(load_session(&json!({"state": 1})).unwrap_err().code(), "state.invalid");
    let mut wrong_shape = saved.clone();
    wrong_shape["state"]["cards"] = json!("many");
    assert_eq!(load_session(&wrong_shape).unwrap_err().code(), "json.malformed");
    let mut unknown = saved;
    unknown["record"]["game"] = json!("chess");
    assert_eq!(load_session(&unknown).unwrap_err().code(), "game.unknown");
}

#[test]
fn records_rebuild_games_and_name_the_first_bad_action() {
    let mut session = dealt(3);
    session.apply(None, "bet").unwrap();
    let record = session.record().clone();
    let rebuilt = session_from_record(&record).unwrap();
    assert_eq!(rebuilt.to_json().unwrap(), session.to_json().unwrap());

    let mut bad: Record = record.clone();
    bad.actions.push("bet".into());
    let err = session_from_record(&bad).unwrap_err();
    assert_eq!(err.code(), "record.bad_action");
    assert!(err.to_string().contains("action 3"), "{err}");
}

#[test]
fn bots_move_reproducibly() {
    let play = |seed| {
        let mut session = dealt(seed);
        while let Turn::Seat(_) = session.turn() {
            session.bot_move(&"random".parse::<SeatSpec>().unwrap()).unwrap();
        }
        session.record().actions.clone()
    };
    assert_eq!(play(5), play(5));
    let mut session = dealt(5);
    let err = session.bot_move(&SeatSpec::plain("human")).unwrap_err();
    assert_eq!(err.code(), "seat.bad_param");
    let heuristic = session.bot_move(&SeatSpec::plain("heuristic")).unwrap();
    assert!(heuristic == "bet" || heuristic == "check");
}

/// Within a server's limits a search bot plays the move it plays without
/// them (its budget is iterations, its deadline only a safety net), a time
/// budget plays as the iterations of that time at the game's calibrated
/// rate, and what the search did is reported.
#[test]
fn bots_within_limits_move_as_their_iterations_say() {
    use spieltisch_catalog::{BotLimits, CatalogGame};
    let limits = BotLimits::default();
    let spec = |text: &str| text.parse::<SeatSpec>().unwrap();
    let opening = || {
        let mut session = new_session("six", &json!({}), 3).unwrap();
        for action in ["place 2,0", "place 1,1", "place 3,0"] {
            session.apply(None, action).unwrap();
        }
        session
    };
    let free = opening().bot_move(&spec("mcts:iters=300")).unwrap();
    let mut session = opening();
    let bounded = session.bot_move_within(&spec("mcts:iters=300"), &limits).unwrap();
    assert_eq!(bounded.action, free);
    assert_eq!(session.version(), 4, "the move is applied");
    let report = bounded.search.expect("a search");
    assert_eq!((report.effort.iterations, report.budget.iterations), (300, 300));
    assert!(!report.cut_short() && report.effort.steps > 300);
    // 100 ms of Six at its calibrated rate.
    let iterations = u64::from(spieltisch_six::Six::ITERATIONS_PER_SECOND) / 10;
    let timed = opening().bot_move_within(&spec("mcts:ms=100"), &limits).unwrap();
    let counted = opening().bot_move(&spec(&format!("mcts:iters={iterations}"))).unwrap();
    assert_eq!(timed.action, counted);
    assert_eq!(timed.search.unwrap().budget.iterations, iterations);
    // Levels search as the game defines them; other bots report nothing.
    let hard = opening().bot_move_within(&spec("hard"), &limits).unwrap();
    assert_eq!(hard.search.unwrap().budget.iterations, 3000);
    assert_eq!(opening().bot_move_within(&spec("heuristic"), &limits).unwrap().search, None);
    // Two root trees grow one after another and give the parallel result.
    let two = opening().bot_move(&spec("mcts:iters=200:threads=2")).unwrap();
    let wide = BotLimits { max_threads: 2, ..BotLimits::default() };
    assert_eq!(opening().bot_move_within(&spec("mcts:iters=200:threads=2"), &wide).unwrap().action, two);
}

/// Every option of every game accepts the default `spieltisch games` lists
/// for it, typed as its value (on a command line or in JSON): `auto`,
/// `none` and `teams` included.
#[test]
fn every_listed_default_is_accepted_as_a_value() {
    register_fixtures();
    for entry in spieltisch_catalog::entries() {
        for spec in &entry.info.options {
            let value = match spec.default.word() {
                Some(word) => Value::from(word),
                None => spec
                    .parse_value(spec.default.written())
                    .unwrap_or_else(|e| panic!("{}: {e}", entry.info.id)),
            };
            let options = json!({ spec.key: value.clone() });
            if let Err(e) = new_session(entry.info.id, &options, 1) {
                panic!("{} {}={value}: {e}", entry.info.id, spec.key);
            }
        }
    }
}

/// The rows of docs/api.md's "Actions as data" table: game, kinds, params.
fn actions_as_data_in_the_docs() -> Vec<(String, String, String)> {
    let api = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/api.md")).unwrap();
    let section = api.split("### Actions as data").nth(1).expect("docs/api.md has \"Actions as data\"");
    section
        .lines()
        .skip_while(|line| !line.starts_with("| `"))
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let columns: Vec<&str> = line.split('|').map(str::trim).collect();
            (columns[1].trim_matches('`').to_string(), columns[2].to_string(), columns[3].to_string())
        })
        .collect()
}

#[test]
fn chance_outcomes_as_data_are_those_docs_api_lists() {
    let rows = actions_as_data_in_the_docs();
    for game in ["six", "sechstage", "reifenbreite", "ausreisser"] {
        for seed in 0..3u64 {
            let mut session = new_session(game, &Value::Null, seed).unwrap();
            let mut pick = seed;
            for _ in 0..20_000 {
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let choice = match session.turn() {
                    Turn::Over => break,
                    Turn::Chance => {
                        let outcomes = session.chance_outcomes();
                        let data = session.chance_data();
                        assert_eq!(data.len(), outcomes.len(), "{game}: one datum per outcome");
                        for datum in &data {
                            let row = rows.iter().find(|(g, kinds, _)| {
                                g == game
                                    && kinds.contains("chance")
                                    && kinds.contains(&format!("`{}`", datum.kind))
                            });
                            let (_, _, params) = row.unwrap_or_else(|| {
                                panic!("docs/api.md lists no chance `{}` of {game}", datum.kind)
                            });
                            for key in datum.params.as_object().unwrap().keys() {
                                assert!(
                                    params.contains(&format!("`{key}`")),
                                    "{game} chance `{}`: `{key}`",
                                    datum.kind
                                );
                            }
                        }
                        outcomes[(pick >> 33) as usize % outcomes.len()].0.clone()
                    }
                    Turn::Seat(_) => {
                        let legal = session.legal();
                        legal[(pick >> 33) as usize % legal.len()].clone()
                    }
                };
                session.apply(None, &choice).unwrap();
            }
        }
    }
}

/// What a page gets of the legal actions in one pass is what the separate
/// calls give: the same notations, words and data, in the same order.
#[test]
fn legal_actions_for_people_agree_with_notation_words_and_data() {
    for game in ["six", "sechstage", "reifenbreite", "ausreisser", "kuhn"] {
        register_fixtures();
        let mut session = new_session(game, &Value::Null, 3).unwrap();
        session.run_chance();
        let names = vec!["Hanna".to_string(); session.seats()];
        let people = session.legal_for_people(&names, Lang::De);
        let described = session.legal_described(&names, Lang::De);
        let data = session.legal_data();
        assert!(!people.is_empty(), "{game}: someone is to move");
        assert_eq!(people.len(), described.len());
        for ((legal, (action, text)), data) in people.iter().zip(&described).zip(&data) {
            assert_eq!((&legal.action, &legal.text), (action, text), "{game}");
            let params: Value = serde_json::from_str(legal.params.get()).unwrap();
            assert_eq!(
                (legal.kind.as_str(), &params),
                (data.kind.as_str(), &data.params),
                "{game}: {action}"
            );
        }
    }
}
