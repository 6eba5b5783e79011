//! Road surfaces (sections 9 and 10 of the rules): what the surface a rider
//! starts on does to his move, and which energy cards it allows. Drafting
//! across surfaces is [`crate::drafting`]'s.

use crate::board::Surface;

/// Section 10: whether an energy card (with the mountain sign or not) may
/// be played on `surface` as the rider's card number `n` of this move
/// (from 0): none with the mountain sign on a climb, only one on cobbles.
pub(crate) fn allows_card(surface: Surface, mountain: bool, n: u8) -> bool {
    match surface {
        Surface::Climb => !mountain,
        Surface::Cobbles => n == 0,
        Surface::Asphalt | Surface::Descent => true,
    }
}

/// Sections 9.2–9.4: the move's length after the surface the rider starts
/// on, whose printed `number` a climb and cobbles take off and a descent
/// adds.
pub(crate) fn after_surface(amount: i16, surface: Surface, number: u8) -> i16 {
    match surface {
        Surface::Climb | Surface::Cobbles => amount - i16::from(number),
        Surface::Descent => amount + i16::from(number),
        Surface::Asphalt => amount,
    }
}
