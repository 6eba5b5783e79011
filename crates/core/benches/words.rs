//! What saying a message costs: a message of text and arguments (said
//! without Fluent's resolver), the same message through Fluent, a message
//! that selects a plural form (also without Fluent's resolver) and the same
//! through Fluent, and `format!` for scale.
//!
//! `cargo bench -p spieltisch-core --bench words`

use criterion::{Criterion, criterion_group, criterion_main};
use spieltisch_core::Lang;
use spieltisch_core::words::{Arg, Catalog};
use std::hint::black_box;

const EN: &str = "plays = { $name } plays { $card }: { $from } → { $to }\n\
                  laps = { $n ->\n    [one] one lap down\n   *[other] { $n } laps down\n }\n";
const DE: &str = "plays = { $name } spielt { $card }: { $from } → { $to }\n\
                  laps = { $n ->\n    [one] eine Runde zurück\n   *[other] { $n } Runden zurück\n }\n";

fn words(c: &mut Criterion) {
    let catalog = Catalog::embedded(EN, DE);
    let args = |to: i64| {
        [("name", Arg::Str("Hanna")), ("card", Arg::Int(4)), ("from", Arg::Int(12)), ("to", Arg::Int(to))]
    };
    c.bench_function("words/pieces", |b| b.iter(|| catalog.say(Lang::De, "plays", &args(black_box(16)))));
    c.bench_function("words/fluent", |b| {
        b.iter(|| catalog.say_through_fluent(Lang::De, "plays", &args(black_box(16))))
    });
    c.bench_function("words/plural", |b| {
        b.iter(|| catalog.say(Lang::De, "laps", &[("n", Arg::Int(black_box(3)))]))
    });
    c.bench_function("words/plural-fluent", |b| {
        b.iter(|| catalog.say_through_fluent(Lang::De, "laps", &[("n", Arg::Int(black_box(3)))]))
    });
    c.bench_function("words/format", |b| {
        b.iter(|| format!("{} spielt {}: {} → {}", "Hanna", 4, 12, black_box(16)))
    });
}

criterion_group!(benches, words);
criterion_main!(benches);
