//! Every rule statement of the rulebook as a test, each citing its sentence
//! (the English rules, their sections named in `docs/rules/ausreisser.md`),
//! plus the decisions documented there and in the crate docs.
//!
//! Positions are reached through the real game: the chance outcomes are
//! chosen (first-leader draws, the deal, each draw) and every action goes
//! through the checked `apply`, so nothing here bypasses the rules.

use spieltisch_ausreisser::{Action, Ausreisser, Card, Options, Phase};
use spieltisch_core::Telling;
use spieltisch_core::{FromSetup, Game, Sight, Turn, Viewer, seen_notation};

/// A stage set up with `leader` leading and `hands[s]` dealt to seat `s`
/// (six cards each, written as in the notation: `45 42 spurt hill wind`).
fn start(special: bool, leader: u8, hands: &[&str]) -> Ausreisser {
    let n = hands.len() as u8;
    let mut game = Ausreisser::new(&Options { players: n, special, stages: 1 }).unwrap();
    for seat in 0..n {
        let card = if seat == leader { "50" } else { "39" };
        go(&mut game, &format!("draw {card}"));
    }
    assert_eq!(game.table().leader, leader);
    let hands: Vec<Vec<&str>> = hands.iter().map(|h| h.split_whitespace().collect()).collect();
    for k in 0..6 * n {
        let seat = (leader + k % n) % n;
        go(&mut game, &format!("draw {}", hands[usize::from(seat)][usize::from(k / n)]));
    }
    assert_eq!(game.table().phase, Phase::Draw);
    assert_eq!(game.table().mover, leader);
    game
}

/// Applies actions separated by `;`, each checked. A step that is no
/// window answer first lets an open Steigung window close with every rider
/// still to answer passing (through the checked `apply` too), so scripts
/// about other rules need not spell out the windows.
fn go(game: &mut Ausreisser, script: &str) {
    for step in script.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let action: Action = step.parse().unwrap_or_else(|e| panic!("{step}: {e}"));
        if !matches!(action, Action::Pass {} | Action::Hill {}) {
            while game.asked().is_some() {
                game.apply(&Action::Pass {}).unwrap();
            }
        }
        game.apply(&action).unwrap_or_else(|e| panic!("{step}: {e}\n{game:?}"));
    }
}

fn legal(game: &Ausreisser) -> Vec<String> {
    game.legal_vec().iter().map(|a| a.to_string()).collect()
}

const PLAIN3: [&str; 3] = ["45 44 43 42 41 40", "45 44 43 42 41 40", "47 46 45 42 41 40"];

#[test]
fn the_leader_sets_the_initial_tempo() {
    // "The leader draws a card and then plays a speed card in front of
    // himself. This card sets the initial tempo of the race."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 45");
    assert_eq!(g.table().tempo, 45);
    assert_eq!(g.table().phase, Phase::Window, "the others may lay a Steigung first");
    go(&mut g, "pass; pass");
    assert_eq!(g.turn(), Turn::Chance, "then the next rider first draws");
    assert_eq!(g.table().mover, 1);
}

#[test]
fn forty_five_against_forty_two_costs_three_chips() {
    // "Thus if the leader's speed is 45 kph and another player can only play
    // a 42 kph card, he gets 3 penalty chips."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 45; draw 39; play 42");
    assert_eq!(g.table().chips[1], 3);
    assert_eq!(g.table().leader, 0);
}

#[test]
fn the_same_speed_or_one_or_two_less_stays_in_the_wind_shadow() {
    // "Play card of the same speed, 1 kph or 2 kph less. In this way he stays
    // in the wind shadow of the leader and suffers no penalty."
    for card in [45, 44, 43] {
        let mut g = start(true, 0, &PLAIN3);
        go(&mut g, &format!("draw 48; play 45; draw 39; play {card}"));
        assert_eq!(g.table().chips[1], 0, "{card} against 45");
        assert_eq!(g.table().leader, 0, "{card} does not take the lead");
    }
}

#[test]
fn three_or_more_below_costs_the_whole_difference() {
    // "Play card 3 kph or more lower than the current tempo ... a penalty of
    // 1 minute (a blue chip) for each 1 kph which he is behind the tempo."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 45; draw 39; play 40");
    assert_eq!(g.table().chips[1], 5);
}

#[test]
fn a_higher_card_takes_the_lead_and_sets_the_tempo() {
    // "Play a card higher than the leader in which case that player becomes
    // the new leader and takes the yellow jersey. His card is then the tempo
    // which all the subsequent players have to follow."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 44; draw 39; play 45");
    assert_eq!(g.table().leader, 1);
    assert_eq!(g.table().tempo, 45);
    go(&mut g, "draw 39; play 42");
    assert_eq!(g.table().chips[2], 3, "the new tempo is what the next rider follows");
}

#[test]
fn with_chips_even_one_below_costs_a_chip() {
    // "Different rules apply to those ... in possession of penalty chips ...
    // can no longer play 1 kph or 2 kph lower than the leader's tempo without
    // penalty. Each kph less than the tempo will gain them a blue penalty chip."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 45; draw 39; play 42"); // seat 1: 3 chips
    go(&mut g, "draw 39; play 45; draw 48; play 44"); // seat 2 in the pack, the leader sets 44
    go(&mut g, "draw 39; play 43");
    assert_eq!(g.table().chips[1], 4, "one more chip for 1 kph below");
}

#[test]
fn a_rider_with_chips_hands_them_back_and_does_not_lead() {
    // "For each kph higher than the leader's card they can hand back 1 blue
    // penalty chip ... In the case of a player with penalty chips playing
    // higher than the current leader, they do not take over the leadership."
    let mut g = start(true, 0, &["45 44 43 42 41 40", "45 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 45; draw 39; play 40"); // seat 1: 5 chips
    go(&mut g, "draw 39; play 45; draw 39; play 41"); // leader sets 41
    go(&mut g, "draw 48; play 44");
    assert_eq!(g.table().chips[1], 2, "3 kph above hands back 3");
    assert_eq!(g.table().leader, 0, "no lead with chips");
    assert_eq!(g.table().tempo, 41, "and the tempo stays the leader's");
}

#[test]
fn no_lead_on_the_turn_the_last_chip_goes_back() {
    // "... nor can they take the lead on the same turn as they return their
    // remaining penalty chips."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 39; play 45; draw 39; play 42"); // seat 1: 3 chips
    go(&mut g, "draw 39; play 45; draw 39; play 40"); // leader sets 40
    go(&mut g, "draw 49; play 49");
    assert_eq!(g.table().chips[1], 0, "9 above hands back all 3, never below zero");
    assert_eq!(g.table().leader, 0, "the last chip went back on this turn: no lead");
    // Back in the pack, the next higher card takes the lead.
    go(&mut g, "draw 39; play 40; draw 39; play 41; draw 48; play 48");
    assert_eq!(g.table().leader, 1);
}

#[test]
fn the_leader_sets_any_new_tempo_without_penalty() {
    // "If play returns to the leader and no one has taken the yellow jersey
    // from him, he can set a new tempo by playing any speed card, even a card
    // lower than the tempo previously in operation, without penalty."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 48; play 48; draw 39; play 45; draw 39; play 47");
    assert_eq!(g.table().leader, 0);
    go(&mut g, "draw 39; play 40");
    assert_eq!(g.table().chips[0], 0);
    assert_eq!(g.table().tempo, 40);
}

#[test]
fn spurts_add_two_each_without_limit_and_cancel_a_gegenwind() {
    // "It represents a rider putting in a special spurt and adds 2 kph to the
    // number on his speed card. There is no limit to the number of Spurt
    // cards which can be played." / "A Spurt card can be played along with it
    // and the two cancel one another out."
    let mut g = start(true, 0, &["45 44 43 42 41 40", "40 spurt spurt 41 42 43", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 45; draw 39");
    assert!(legal(&g).contains(&"play 40 +2 +2".to_string()));
    go(&mut g, "play 40 +2 +2; draw 39; draw 39");
    assert_eq!(g.table().tops[1].unwrap().value, 44, "40 + 2 + 2");
    assert_eq!(g.table().chips[1], 0, "44 against 45 is in the wind shadow");
}

#[test]
fn speed_is_capped_at_52_on_the_flat() {
    // "there is a maximum speed of 52 kph on the flat and 50 kph going up hills"
    let mut g = start(true, 0, &["50 spurt spurt 41 42 43", "45 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 50 +2 +2; draw 39; draw 39");
    assert_eq!(g.table().tempo, 52);
}

#[test]
fn speed_is_capped_at_50_uphill() {
    // "there is a maximum speed ... of 50 kph going up hills"
    let mut g = start(true, 0, &["50 spurt hill 41 42 43", "45 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 50 +2 hill; draw 39; draw 39");
    assert_eq!(g.table().tempo, 50);
}

#[test]
fn gegenwind_goes_with_the_speed_card_of_the_turn_it_is_drawn() {
    // "They must be played along with that turn's speed card as soon as they
    // are drawn" / "A Gegenwind card reduces the number of the speed card with
    // which it is played by 2 kph."
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw wind");
    let plays = legal(&g);
    assert!(plays.iter().all(|p| p.contains("-2")), "every play carries the Gegenwind: {plays:?}");
    assert!(g.apply(&"play 45".parse().unwrap()).is_err(), "a play without it is refused");
    go(&mut g, "play 45 -2; draw 39; draw 39");
    assert_eq!(g.table().tempo, 43);
}

#[test]
fn gegenwind_dealt_is_played_on_the_first_turn() {
    // "(or on the first turn if dealt)"
    let mut g = start(true, 0, &["45 44 43 42 41 40", "wind 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 45; draw 39");
    assert!(legal(&g).iter().all(|p| p.ends_with("-2")));
    go(&mut g, "play 44 -2; draw 39; draw 39");
    assert_eq!(g.table().chips[1], 3, "44-2 = 42 against 45");
}

#[test]
fn gegenwind_drawn_in_replenishment_is_laid_down_too() {
    // "If any Gegenwind cards are drawn in replenishment they must be laid
    // down too."
    let mut g = start(true, 0, &["45 spurt 43 42 41 40", "45 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 45 +2");
    assert_eq!(g.table().phase, Phase::Refill);
    go(&mut g, "draw wind");
    assert_eq!(g.table().phase, Phase::Refill, "the hand is still short of six");
    go(&mut g, "draw 39");
    assert_eq!(g.table().tempo, 45, "45 + 2 - 2");
    assert_eq!(g.hand(0).iter().map(|&c| u32::from(c)).sum::<u32>(), 6);
    assert_eq!(g.hand(0)[Card::WIND.index()], 0);
}

#[test]
fn the_leader_may_add_a_steigung_to_his_speed_card() {
    // "The leader can play a Hill climb card along with his speed card
    // replenishing his hand to 6 cards at the end of his turn."
    let mut g = start(true, 0, &["45 hill 43 42 41 40", "45 hill 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39");
    assert!(legal(&g).contains(&"play 45 hill".to_string()));
    go(&mut g, "play 45 hill");
    assert_eq!(g.table().phase, Phase::Refill);
    go(&mut g, "draw 39");
    assert!(g.table().hill);
    // Only the leader: rider 1 holds a Steigung but cannot add it.
    go(&mut g, "draw 39");
    assert!(legal(&g).iter().all(|p| !p.contains("hill")));
}

#[test]
fn under_a_hill_nobody_passes_and_there_is_no_wind_shadow() {
    // "the leader cannot be passed by any other riders. Playing higher cards
    // will not take the lead but penalty chips can be got rid of." / "The
    // wind shadow no longer operates and everyone who plays cards lower than
    // that played by the leader will be given penalty chips for each kph
    // below the leader's speed."
    let mut g = start(true, 0, &["45 hill 43 42 41 40", "47 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 43 hill; draw 39");
    go(&mut g, "draw 39; play 47");
    assert_eq!(g.table().leader, 0, "no passing uphill");
    assert_eq!(g.table().tempo, 43);
    go(&mut g, "draw 39; play 42");
    assert_eq!(g.table().chips[2], 1, "1 kph below costs a chip uphill");
}

#[test]
fn chips_still_go_back_under_a_hill() {
    // "Playing higher cards will not take the lead but penalty chips can be
    // got rid of."
    let mut g = start(true, 0, &["45 hill 43 42 41 40", "47 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 45; draw 39; play 40"); // seat 1: 5 chips
    go(&mut g, "draw 39; play 45; draw 39; play 43 hill; draw 39");
    go(&mut g, "draw 39; play 47");
    assert_eq!(g.table().chips[1], 1);
    assert_eq!(g.table().leader, 0);
}

#[test]
fn a_hill_lasts_until_the_leaders_next_turn() {
    // "This will mean the two hill card effects last until the leader has
    // another turn."
    let mut g = start(true, 0, &["45 hill 43 42 41 40", "47 44 43 42 41 40", "47 46 45 42 41 40"]);
    go(&mut g, "draw 39; play 43 hill; draw 39; draw 39; play 43");
    assert!(g.table().hill, "in force for every other rider");
    go(&mut g, "draw 39; play 42");
    assert_eq!(g.table().mover, 0);
    assert!(!g.table().hill, "over once the leader's turn comes");
    go(&mut g, "draw 39; play 42; draw 39; play 47");
    assert_eq!(g.table().leader, 1, "on the flat again, passing is possible");
}

/// The rider being asked in a Steigung window (the true state knows it;
/// no view of another seat shows it).
fn asked(g: &Ausreisser) -> Option<usize> {
    assert_eq!(g.table().phase == Phase::Window, g.asked().is_some());
    g.asked()
}

#[test]
fn a_steigung_out_of_turn_goes_on_the_leaders_pile() {
    // "Anyone else can play a Hill climb card by placing it on the leader's
    // discard pile. In this instance the hill card effects apply to everyone
    // until the leader has another turn." / "They replenish their hand when it
    // next becomes their turn."
    let hands = ["45 44 43 42 41 40", "47 44 43 42 41 40", "47 hill 44 42 41 40", "46 44 43 42 41 40"];
    let mut g = start(true, 0, &hands);
    go(&mut g, "draw 39; play 45");
    // docs/rules/ausreisser.md#steigung-windows: every rider but the leader is asked, in the
    // crate's order from the rider after the mover; rider 1 holds none and
    // can only pass.
    assert_eq!(g.table().phase, Phase::Window);
    assert_eq!(asked(&g), Some(1));
    assert_eq!(legal(&g), ["pass"]);
    go(&mut g, "pass");
    assert_eq!(asked(&g), Some(2));
    assert_eq!(legal(&g), ["pass", "hill"]);
    go(&mut g, "hill");
    assert!(g.table().hill);
    assert_eq!(g.table().hand_len[2], 5);
    assert_eq!(g.table().owed[2], 1);
    go(&mut g, "draw 39; play 47");
    assert_eq!(g.table().leader, 0, "rider 1 cannot pass uphill");
    // Rider 2 first refills, then draws for the turn.
    go(&mut g, "draw 48");
    assert_eq!(g.table().phase, Phase::Draw);
    go(&mut g, "draw 39");
    assert_eq!(g.table().phase, Phase::Play);
    assert_eq!(g.table().hand_len[2], 7);
    go(&mut g, "play 44");
    assert_eq!(g.table().chips[2], 1);
}

#[test]
fn the_rider_who_just_played_may_lay_a_steigung_too() {
    // "Anyone else can play a Hill climb card by placing it on the leader's
    // discard pile": anyone but the leader, so the rider who just played may
    // slow the next one. docs/rules/ausreisser.md#steigung-windows: the window asks every
    // rider but the leader, the one who just played included (last).
    let hands = ["45 44 43 42 41 40", "45 hill 43 42 41 40", "47 46 45 42 41 40", "46 44 43 42 41 40"];
    let mut g = start(true, 0, &hands);
    go(&mut g, "draw 39; play 45; pass; pass; pass"); // riders 1, 2, 3 after the leader's play
    go(&mut g, "draw 39; play 45");
    // After rider 1's play: riders 2 and 3, then rider 1 itself; never the leader.
    assert_eq!(asked(&g), Some(2));
    go(&mut g, "pass");
    assert_eq!(asked(&g), Some(3));
    go(&mut g, "pass");
    assert_eq!(asked(&g), Some(1), "the mover is asked last");
    assert_eq!(legal(&g), ["pass", "hill"]);
    go(&mut g, "hill");
    assert!(g.table().hill);
    assert_eq!(g.table().owed[1], 1);
    assert_eq!(g.table().mover, 2, "rider 2 now rides uphill");
    go(&mut g, "draw 39; play 46");
    assert_eq!((g.table().leader, g.table().chips[2]), (0, 0), "46 against 45 uphill: no lead, no chip");
}

#[test]
fn every_rider_but_the_leader_is_asked_whatever_the_hands() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: every eligible player takes part in
    // every window, one without a Steigung only to pass. The riders asked,
    // and their order, are the same with and without Steigungs in the hands.
    let with = ["45 44 43 42 41 40", "47 hill 43 42 41 40", "47 hill 45 42 41 40", "46 hill 43 42 41 40"];
    let without = ["45 44 43 42 41 40", "47 44 43 42 41 40", "47 46 45 42 41 40", "46 44 43 42 41 40"];
    let order = |hands: &[&str]| {
        let mut g = start(true, 0, hands);
        go(&mut g, "draw 39; play 45");
        let mut asked_in_turn = Vec::new();
        while let Some(seat) = asked(&g) {
            asked_in_turn.push(seat);
            go(&mut g, "pass");
        }
        asked_in_turn
    };
    assert_eq!(order(&with), [1, 2, 3]);
    assert_eq!(order(&without), [1, 2, 3]);
}

#[test]
fn gegenwind_drawn_to_replace_a_steigung_played_out_of_turn_goes_next_turn() {
    // "... unless they are to replenish a hand from the playing of a Hill
    // climb card. In this instance the card must be played on the next turn."
    let hands = ["45 44 43 42 41 40", "47 44 43 42 41 40", "47 hill 45 42 41 40", "46 44 43 42 41 40"];
    let mut g = start(true, 0, &hands);
    go(&mut g, "draw 39; play 45; pass; hill; draw 39; play 44; draw wind");
    assert_eq!(g.table().chips[2], 0, "nothing is laid down out of turn");
    go(&mut g, "draw 39");
    assert!(legal(&g).iter().all(|p| p.ends_with("-2")), "it goes with this turn's card");
}

#[test]
fn the_window_is_closed_while_a_hill_is_in_force_and_before_the_leaders_turn() {
    let hands = ["45 hill 43 42 41 40", "47 hill 43 42 41 40", "47 hill 45 42 41 40"];
    let mut g = start(true, 0, &hands);
    // The leader's own hill: no window (a second one would change nothing).
    go(&mut g, "draw 39; play 45 hill; draw 39");
    assert_eq!(g.table().phase, Phase::Draw);
    go(&mut g, "draw 39; play 43");
    assert_eq!(g.table().phase, Phase::Draw, "hill in force: no window");
    // Rider 2 plays; the leader plays next, so a hill would end at once.
    go(&mut g, "draw 39; play 45");
    assert_eq!(g.table().phase, Phase::Draw, "the leader is next: no window");
    assert_eq!(g.table().mover, 0);
    // Flat again after the leader's turn: riders 1 and 2 are asked in order.
    go(&mut g, "draw 39; play 42");
    assert_eq!(asked(&g), Some(1));
    go(&mut g, "pass");
    assert_eq!(asked(&g), Some(2));
    assert_eq!(g.table().chips[1], 2, "43 against 45 uphill");
    go(&mut g, "pass; draw 39; play 47");
    assert_eq!((g.table().leader, g.table().chips[1]), (0, 0), "chips back, no lead");
    // After rider 1's play: rider 2, then rider 1 itself.
    assert_eq!(asked(&g), Some(2), "rider 2 may react to rider 1's play");
    go(&mut g, "pass");
    assert_eq!(asked(&g), Some(1));
    go(&mut g, "pass");
    assert_eq!(g.table().phase, Phase::Draw);
    assert_eq!(g.table().mover, 2);
}

#[test]
fn the_stage_ends_when_the_last_card_is_drawn_and_played_and_is_scored() {
    // "The stage ends when the last card is picked up and that player has
    // then played. ... The leader who is holding the yellow jersey scores 1
    // game point. Anyone who finishes the stage with no penalty points scores
    // zero game points. Anyone who finishes the stage with penalty points
    // scores that number of minus game points."
    let mut g = start(false, 0, &PLAIN3);
    let mut legal = Vec::new();
    while g.table().pile_len > 1 || g.turn() != Turn::Chance {
        match g.turn() {
            Turn::Chance => {
                let card = g.chance_vec()[0].0;
                g.apply(&card).unwrap();
            }
            Turn::Seat(_) => {
                legal.clear();
                g.legal_actions(&mut legal);
                // The highest card: a game with changing leaders and chips.
                g.apply(legal.last().unwrap()).unwrap();
            }
            Turn::Over => panic!("ended early"),
        }
    }
    let drawer = g.table().mover;
    let card = g.chance_vec()[0].0;
    g.apply(&card).unwrap();
    assert_eq!(g.table().pile_len, 0);
    assert_eq!(g.turn(), Turn::Seat(usize::from(drawer)), "the last drawer still plays");
    let play = g.legal_vec()[0];
    g.apply(&play).unwrap();
    assert_eq!(g.turn(), Turn::Over);
    let t = g.table();
    let scores = t.last_scores.unwrap();
    for (s, &score) in scores.iter().enumerate().take(3) {
        let expected = if s == usize::from(t.leader) { 1 } else { -i32::from(t.chips[s]) };
        assert_eq!(score, expected, "seat {s}");
    }
    assert!(t.chips.iter().any(|&c| c > 0), "the test should score some chips");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores[usize::from(t.leader)], 1.0);
}

#[test]
fn a_series_adds_the_stages_and_the_jersey_holder_leads_the_next() {
    // "The game takes place over an agreed number of stages (usually 3-5) and
    // the winner is the one with the least negative game points."
    let options = Options { players: 3, special: true, stages: 3 };
    let mut g = Ausreisser::new(&options).unwrap();
    let mut sums = [0i32; 3];
    let mut stage = 0;
    while !g.is_over() {
        let action = match g.turn() {
            Turn::Chance => g.chance_vec()[0].0,
            _ => *g.legal_vec().last().unwrap(),
        };
        g.apply(&action).unwrap();
        if g.table().stage != stage {
            stage = g.table().stage;
            let scores = g.table().last_scores.unwrap();
            for s in 0..3 {
                sums[s] += scores[s];
            }
            if !g.is_over() {
                let jersey = scores.iter().position(|&p| p == 1).unwrap();
                assert_eq!(usize::from(g.table().leader), jersey, "the jersey holder leads the next stage");
                assert!(matches!(g.table().phase, Phase::Deal { dealt: 0 }));
                assert_eq!(g.table().chips, [0; 6], "chips go back between stages");
                assert_eq!(g.table().pile_len, 99);
            }
        }
    }
    assert_eq!(stage, 3);
    let text = Ausreisser::describe_view(&g.view(Viewer::Spectator), &(), spieltisch_core::Lang::En);
    assert!(text.contains("Winner"), "{text}");
    let outcome = g.outcome().unwrap();
    assert_eq!(outcome.scores, sums.iter().map(|&s| f64::from(s)).collect::<Vec<_>>());
    let best = *sums.iter().max().unwrap();
    for (rank, sum) in outcome.ranks.iter().zip(sums) {
        assert_eq!(*rank == 1, sum == best);
    }
}

#[test]
fn the_highest_card_drawn_leads_and_ties_draw_again() {
    // "Each player draws or is dealt a card from the pack and the one who
    // draws the highest speed card is the leader at the start of the first
    // stage." (docs/rules/ausreisser.md#first-leader: ties draw again; the
    // cards then go back.)
    let mut g = Ausreisser::new(&Options { players: 3, special: true, stages: 1 }).unwrap();
    go(&mut g, "draw 45; draw 48; draw 48");
    assert_eq!(g.table().phase, Phase::Choose { seat: 1 }, "riders 2 and 3 tie and draw again");
    go(&mut g, "draw 40; draw 41");
    assert_eq!(g.table().leader, 2);
    assert_eq!(g.table().phase, Phase::Deal { dealt: 0 });
    assert_eq!(g.table().pile_len, 99, "the drawn cards go back");
    assert_eq!(g.pile()[Card::speed(48).unwrap().index()], 7);
}

#[test]
fn a_special_card_drawn_for_the_lead_does_not_count() {
    let mut g = Ausreisser::new(&Options { players: 2, special: true, stages: 1 }).unwrap();
    go(&mut g, "draw hill");
    assert_eq!(g.table().phase, Phase::Choose { seat: 0 }, "the same rider draws again");
    go(&mut g, "draw 39; draw spurt; draw 40");
    assert_eq!(g.table().leader, 1);
}

#[test]
fn hands_are_six_cards_and_dealt_from_the_leader() {
    // "All players are then dealt 6 cards face down and the remainder are
    // laid face down on the table."
    let g = start(true, 1, &PLAIN3);
    assert_eq!(&g.table().hand_len[..3], &[6, 6, 6]);
    assert_eq!(g.table().pile_len, 99 - 18);
}

#[test]
fn the_simplified_game_has_no_special_cards() {
    // "All the special cards can be left out of the pack for a simplified
    // version of the game."
    let g = Ausreisser::new(&Options { players: 4, special: false, stages: 1 }).unwrap();
    let draws = g.chance_vec();
    assert_eq!(draws.len(), 12);
    assert!(draws.iter().all(|(a, w)| matches!(a, Action::Draw { card: c } if !c.is_special()) && *w == 7));
}

#[test]
fn bad_options_are_refused_with_a_reason() {
    for options in [
        Options { players: 1, special: true, stages: 4 },
        Options { players: 7, special: true, stages: 4 },
        Options { players: 4, special: true, stages: 0 },
    ] {
        let err = Ausreisser::new(&options).unwrap_err();
        assert_eq!(err.code(), "options.rule");
    }
    let parsed =
        spieltisch_core::options::options_from_pairs::<Ausreisser>(&["players=6", "special=false"]).unwrap();
    assert_eq!(parsed, Options { players: 6, special: false, stages: 4 });
}

#[test]
fn hands_are_hidden_and_played_cards_public() {
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 39; play 45; pass; pass");
    let spectator = g.view(Viewer::Spectator);
    assert!(spectator.hand.is_none());
    assert_eq!(g.view(Viewer::Seat(1)).hand, Some(spieltisch_ausreisser::cards_of(g.hand(1))));
    assert_eq!(spectator.played.get(&Card::speed(45).unwrap()), Some(&1));
    assert_eq!(spectator.riders[0].top.unwrap().speed, 45);
    // The next draw is secret to all but the drawer; a Gegenwind laid on a
    // play during the refill is public.
    assert_eq!(seen_notation(&g, &"draw 47".parse().unwrap(), Viewer::Seat(1)), "draw 47");
    assert_eq!(seen_notation(&g, &"draw 47".parse().unwrap(), Viewer::Seat(2)), "draw ?");
    assert_eq!(seen_notation(&g, &"draw 47".parse().unwrap(), Viewer::Spectator), "draw ?");
    let words = g.describe_action(&"draw 47".parse().unwrap(), spieltisch_core::Lang::En);
    assert!(!words.contains("47"), "a secret draw is not named: {words}");
}

#[test]
fn views_are_described_in_both_languages() {
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 39; play 45; draw 39; play 42");
    let view = g.view(Viewer::Seat(2));
    let en = Ausreisser::describe_view(&view, &(), spieltisch_core::Lang::En);
    let de = Ausreisser::describe_view(&view, &(), spieltisch_core::Lang::De);
    for text in [&en, &de] {
        assert!(text.contains("45"), "{text}");
        assert!(text.contains("47 46 45 42 41 40") || text.contains("40 41 42 45 46 47"), "{text}");
    }
    assert!(en.contains("Tempo 45") && en.contains("yellow jersey") && en.contains("Your hand"), "{en}");
    assert!(de.contains("Gelbes Trikot") && de.contains("Deine Hand") && de.contains("Etappe"), "{de}");
    let spectator = Ausreisser::describe_view(&g.view(Viewer::Spectator), &(), spieltisch_core::Lang::En);
    assert!(!spectator.contains("Your hand"));
    let words = g.describe_action(&"play 44 +2".parse().unwrap(), spieltisch_core::Lang::De);
    assert!(words.contains("spielt 44"), "{words}");
    // At a table, the rider is called as the log calls the seat.
    let names = ["Hanna", "Jonas", "Bot: Easy"].map(String::from);
    let mover = ["Hanna", "Jonas", "Bot: Easy"][usize::from(g.table().mover)];
    let named = g.describe_action_as(&"play 44 +2".parse().unwrap(), &names, spieltisch_core::Lang::De);
    assert!(named.starts_with(&format!("{mover} spielt 44")), "{named}");
}

#[test]
fn a_rider_without_a_speed_card_draws_until_holding_one() {
    // Decision (crate docs): with no speed card to play, draw one more card
    // at a time.
    let mut g = start(true, 0, &["45 44 43 42 41 40", "hill hill spurt spurt spurt spurt"]);
    go(&mut g, "draw 39; play 45; pass; draw spurt");
    assert_eq!(g.table().phase, Phase::Draw, "no speed card yet: draw again");
    go(&mut g, "draw 47");
    assert_eq!(g.table().phase, Phase::Play);
    assert_eq!(g.table().hand_len[1], 8);
    go(&mut g, "play 47");
    assert_eq!(g.table().hand_len[1], 7, "more than six cards: no refill");
    assert_eq!(g.table().leader, 1);
}

#[test]
fn the_stage_can_end_in_the_refill() {
    // "The stage ends when the last card is picked up and that player has
    // then played": the last card may be drawn to refill after the play.
    let g = start(true, 0, &["45 spurt 43 42 41 40", "45 44 43 42 41 40"]);
    let mut pile = [0u8; spieltisch_ausreisser::KINDS];
    pile[Card::speed(39).unwrap().index()] = 2;
    let mut setup = g.to_setup();
    setup.table.pile_len = 2;
    setup.pile = pile;
    let mut g = Ausreisser::from_setup(setup).unwrap();
    go(&mut g, "draw 39; play 45 +2");
    assert_eq!(g.table().phase, Phase::Refill);
    go(&mut g, "draw 39");
    assert_eq!(g.turn(), Turn::Over);
    assert_eq!(g.table().last_scores.unwrap()[..2], [1, 0]);
    assert_eq!(g.table().tempo, 47);
}

#[test]
fn a_steigung_held_is_invisible_to_everyone_else() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: a window shows nobody
    // who holds a Steigung; other viewers see only that it opened and closed
    // (and a Steigung if one is laid), never a pass, in views, logs, replays
    // or texts. Two deals that differ only in whether rider 2 holds an
    // unplayed Steigung (or a 39 instead) give every other viewer the same
    // views, log lines, texts and turns at every step.
    let with = ["45 44 43 42 41 40", "45 44 43 42 41 40", "47 hill 44 42 41 40", "46 44 43 42 41 40"];
    let without = ["45 44 43 42 41 40", "45 44 43 42 41 40", "47 39 44 42 41 40", "46 44 43 42 41 40"];
    let script = "draw 48; play 45; pass; pass; pass; draw 48; play 45; pass; pass; pass; \
                  draw 48; play 44; pass; pass; pass; draw 48; play 46; pass; pass; pass; \
                  draw 47; play 44; pass; pass; pass; draw 47; play 47; pass; pass; pass; \
                  draw 47; play 47";
    let (mut a, mut b) = (start(true, 0, &with), start(true, 0, &without));
    let others = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Seat(3), Viewer::Spectator];
    let mut windows = 0;
    for step in script.split(';').map(str::trim) {
        let action: Action = step.parse().unwrap();
        assert_eq!(a.turn(), b.turn(), "before {step}");
        assert_eq!(a.together().map(|t| t.seats), b.together().map(|t| t.seats), "before {step}");
        windows += usize::from(a.table().phase == Phase::Window);
        for &viewer in &others {
            assert_eq!(a.sight(&action, viewer), b.sight(&action, viewer), "{step} seen by {viewer}");
            assert_eq!(a.view(viewer), b.view(viewer), "before {step}, {viewer}");
            for lang in [spieltisch_core::Lang::En, spieltisch_core::Lang::De] {
                assert_eq!(
                    Ausreisser::describe_view(&a.view(viewer), &(), lang),
                    Ausreisser::describe_view(&b.view(viewer), &(), lang)
                );
            }
        }
        a.apply(&action).unwrap_or_else(|e| panic!("{step}: {e}"));
        b.apply(&action).unwrap_or_else(|e| panic!("{step}: {e}"));
    }
    assert!(windows >= 18, "the script rides through windows ({windows} steps in one)");
    // The deals did differ: rider 2 could have laid a Steigung in one of them.
    assert_ne!(a.view(Viewer::Seat(2)), b.view(Viewer::Seat(2)));
}

#[test]
fn others_see_a_window_open_and_closed_and_nothing_per_rider() {
    // docs/rules/ausreisser.md#windows-reveal-no-hand: others see "window open" and "window
    // closed", never a pass. A pass is logged for the rider alone; everyone else
    // sees nothing, and the last answer as the window closing.
    let mut g = start(true, 0, &PLAIN3);
    go(&mut g, "draw 39; play 45");
    assert_eq!(asked(&g), Some(1));
    let before: Vec<_> = [0, 2].map(|s| g.view(Viewer::Seat(s))).into();
    assert!(g.view(Viewer::Seat(1)).asked && g.view(Viewer::Seat(2)).asked);
    assert!(!g.view(Viewer::Seat(0)).asked, "the leader is not asked");
    let pass = Action::Pass {};
    assert_eq!(g.sight(&pass, Viewer::Seat(1)), Sight::Plainly);
    for viewer in [Viewer::Seat(0), Viewer::Seat(2), Viewer::Spectator] {
        assert_eq!(g.sight(&pass, viewer), Sight::Nothing, "rider 1's pass is not shown to {viewer}");
        assert_eq!(seen_notation(&g, &pass, viewer), "", "rider 1's pass is not written for {viewer}");
    }
    go(&mut g, "pass");
    let after: Vec<_> = [0, 2].map(|s| g.view(Viewer::Seat(s))).into();
    assert_eq!(before, after, "nobody else's view changes when rider 1 answers");
    assert!(!g.view(Viewer::Seat(1)).asked, "rider 1 has answered");
    for viewer in [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator] {
        assert_eq!(g.sight(&pass, viewer), Sight::Kind, "{viewer} sees the window close");
        assert_eq!(seen_notation(&g, &pass, viewer), "pass ?");
    }
    let text = Ausreisser::describe_view(&g.view(Viewer::Spectator), &(), spieltisch_core::Lang::En);
    assert!(text.contains("Steigung window open"), "{text}");
    assert!(!text.contains("Rider 2 may"), "no rider is named: {text}");
}

#[test]
fn a_record_saved_before_every_rider_was_asked_replays_as_it_was_played() {
    // docs/rules/ausreisser.md#steigung-windows changed the window; a record saved by the
    // build before (format 1, which asked only holders and never the
    // mover) replays exactly: the passes it did not write are filled in.
    use spieltisch_core::{Record, Session};
    let record: Record =
        serde_json::from_str(include_str!("records/format1.record.json")).expect("the saved record reads");
    let expected: serde_json::Value =
        serde_json::from_str(include_str!("records/format1.final.json")).unwrap();
    assert_eq!(record.format, 1);
    let session = Session::<Ausreisser>::from_record(&record).unwrap();
    let upgraded = session.record();
    assert_eq!(upgraded.format, Record::FORMAT);
    assert!(upgraded.actions.len() > record.actions.len(), "passes were filled in");
    let outcome = serde_json::to_value(session.state().outcome().unwrap()).unwrap();
    assert_eq!(outcome, expected["outcome"]);
    let table = serde_json::to_value(session.state().table()).unwrap();
    for key in ["totals", "chips", "leader", "tempo", "discards", "tops", "last_scores", "stage"] {
        assert_eq!(table[key], expected["state"]["table"][key], "{key}");
    }
    // The record's own actions, in order, are all still there.
    let mut rest = upgraded.actions.iter();
    assert!(record.actions.iter().all(|a| rest.any(|b| b == a)));
    // Read as today's format, the old record does not replay: the filling
    // in is what keeps it.
    let today = Record { format: Record::FORMAT, ..record.clone() };
    assert!(today.replay::<Ausreisser>().is_err());
    assert_eq!(upgraded.replay::<Ausreisser>().unwrap(), *session.state());
}

#[test]
fn no_window_opens_when_no_steigung_can_be_laid() {
    // docs/rules/ausreisser.md#steigung-windows: the window is for laying a Steigung; without
    // special cards, or once all five lie played (public: played cards are
    // face up), nobody can lay one, and nobody is asked.
    let mut g = start(false, 0, &PLAIN3);
    go(&mut g, "draw 48; play 45");
    assert_eq!(g.turn(), Turn::Chance, "the simplified game has no windows");
    let mut g = start(true, 0, &PLAIN3);
    // All five Steigungs lie played: from the pile onto the table.
    let mut setup = g.to_setup();
    let hill = Card::HILL.index();
    assert_eq!(setup.pile[hill], 5, "the hands hold none");
    setup.pile[hill] = 0;
    setup.table.pile_len -= 5;
    setup.table.discards[hill] = 5;
    g = Ausreisser::from_setup(setup).unwrap();
    go(&mut g, "draw 48; play 45");
    assert_eq!(g.turn(), Turn::Chance, "all five Steigungs are played: no window");
}
