//! Bots: the random bot and, over the game contract, the search bots.
