//! # spieltisch-ai: bots over the game contract
//!
//! - [`RandomBot`] (from the contract) plays uniformly at random;
//! - [`SearchBot`] searches with Monte Carlo tree search from its seat's view:
//!   plain MCTS ([`SearchBot::mcts`]) or information-set MCTS
//!   ([`SearchBot::ismcts`]); see [`search`] for the algorithm;
//! - [`Knowledge`] is the only place game-specific knowledge enters: a rollout
//!   policy (typically the game's heuristic bot), an optional evaluation,
//!   milestones where rollouts of long series stop ([`Series`]), and a limit
//!   on a rollout's length.
//!
//! A bot receives a [`spieltisch_core::Decision`], which exposes the seat's
//! view and legal actions but never the state, so no bot can see another
//! seat's secrets: the search only ever plays in worlds drawn from the view.

mod bot;
mod knowledge;
pub mod search;
mod tree;

pub use bot::SearchBot;
pub use knowledge::{Knowledge, RolloutWith, Series, standings_rewards};
pub use search::{Determinize, Effort, MoveStat, ParamError, SearchConfig, SearchResult};
pub use spieltisch_core::RandomBot;
