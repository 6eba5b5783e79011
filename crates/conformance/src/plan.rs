//! A game's test plan: what the catalog-wide tests run on it.
//!
//! Each game crate declares its plan in a module `test_plan` (the game knows
//! its variants), and the game's `CatalogGame` impl names it: the catalog's
//! tests then run [`check`](crate::check) on every [`VariantSet`] and write
//! every [`Golden`] game to a snapshot, for every registered game.

use crate::Config;

/// Option sets that the conformance suite checks with one [`Config`].
#[derive(Clone, Debug, PartialEq)]
pub struct VariantSet<O> {
    /// What the sets cover, for messages (`"2 and 4 players"`).
    pub name: &'static str,
    pub options: Vec<O>,
    pub config: Config,
}

impl<O> VariantSet<O> {
    pub fn new(name: &'static str, options: Vec<O>, config: Config) -> Self {
        VariantSet { name, options, config }
    }
}

/// How a golden game is written down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Steps {
    /// Every step in full: the legal actions or chance outcomes, each
    /// viewer's log line and each viewer's view as JSON. For one short game.
    Written,
    /// Every step as one line, the action and its number of legal actions,
    /// plus a hash of what [`Steps::Written`] would write for the step. For
    /// long games: a change shows at the step where it begins.
    Hashed,
}

/// A seeded game (random legal actions, chance drawn by its weights) pinned
/// step by step in a golden snapshot.
#[derive(Clone, Debug, PartialEq)]
pub struct Golden<O> {
    /// The snapshot's name (with the game's id in front): `"match"`.
    pub name: &'static str,
    pub options: O,
    pub seed: u64,
    pub steps: Steps,
    /// Why this game: what it reaches that the snapshot pins.
    pub why: &'static str,
}

impl<O> Golden<O> {
    /// A game written in full.
    pub fn written(name: &'static str, options: O, seed: u64, why: &'static str) -> Self {
        Golden { name, options, seed, steps: Steps::Written, why }
    }

    /// A game written as a hash per step.
    pub fn hashed(name: &'static str, options: O, seed: u64, why: &'static str) -> Self {
        Golden { name, options, seed, steps: Steps::Hashed, why }
    }
}
