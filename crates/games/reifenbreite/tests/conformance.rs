//! The conformance suite for 2, 3 and 4 teams on every printed course and
//! every rules level, plus a golden playthrough.

use spieltisch_conformance::{Config, check, playthrough};
use spieltisch_reifenbreite::{Level, Options, Reifenbreite};

fn sets(course: &str) -> Vec<Options> {
    let mut out = Vec::new();
    for teams in 2..=4 {
        for rules in [Level::Basic, Level::Advanced, Level::Pro] {
            out.push(Options { teams, course: Some(course.into()), rules, ..Options::default() });
        }
    }
    out
}

fn config() -> Config {
    Config { playouts: 2, seed: 11, stride: 61, resamples: 1 }
}

#[test]
fn conformance_paris_roubaix() {
    check::<Reifenbreite>(&sets("paris-roubaix"), config());
}

#[test]
fn conformance_luettich() {
    check::<Reifenbreite>(&sets("luettich"), config());
}

#[test]
fn conformance_giro() {
    check::<Reifenbreite>(&sets("giro"), config());
}

#[test]
fn conformance_tour() {
    check::<Reifenbreite>(&sets("tour"), config());
}

#[test]
fn conformance_shared_seats_and_stage_race() {
    let options = vec![
        Options { teams: 4, seats: Some(2), ..Options::default() },
        Options { teams: 3, seats: Some(2), rules: Level::Advanced, ..Options::default() },
        Options {
            teams: 2,
            stages: Some("paris-roubaix,luettich".into()),
            rules: Level::Pro,
            ..Options::default()
        },
    ];
    check::<Reifenbreite>(&options, config());
}

#[test]
fn golden_playthrough() {
    let options = Options { teams: 2, rules: Level::Pro, ..Options::default() };
    insta::assert_snapshot!(playthrough::<Reifenbreite>(&options, 5));
}
