//! The words a German text may share with the English one: the one list
//! that the checks of German texts (the games' words in this crate's tests,
//! the pages in the server's browser tests) allow.

/// Words German uses as they are, so a German text may hold them although
/// the English texts use them too: the product's and the games' names,
/// loanwords of German, and the games' own terms, which the rulebooks print
/// in German for every reader (the English texts keep them). Names an
/// option gives alike in both languages (the courses) come from the games
/// themselves and are not listed here.
pub const GERMAN_LOANWORDS: &[&str] = &[
    // The product's and the games' names.
    "spieltisch",
    "Six",
    "Tage",
    "Rennen",
    "Der",
    "Ausreisser",
    "Reifenbreite",
    // Loanwords of German.
    "Bot",
    "Bots",
    "Team",
    "Teams",
    "Tempo",
    "Sprint",
    "Sprints",
    "Start",
    "Tour",
    "Joker",
    "Match",
    // The games' own terms.
    "Steigung",
    "Gegenwind",
    "Spurt",
    "Fahrerwechsel",
    "Sturz",
];

/// German words that an English text happens to spell alike: the "die" of
/// "a tow (die + 6)", "was", "minus", "Name". A German text may hold them,
/// but a text that is the same in both languages and holds one is still
/// English (unlike a text of [`GERMAN_LOANWORDS`] alone).
pub const SPELLED_ALIKE_IN_GERMAN: &[&str] = &["die", "was", "minus", "Name"];
