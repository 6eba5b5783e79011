//! [`CatalogGame`] for each registered game: its heuristic bot, whether it
//! has secrets, and its extra summary figures.

#[allow(unused_imports)]
use crate::CatalogGame;
