//! Race points as exact fractions.
//!
//! Shared finishing points are divided among at most eight tied riders, so
//! every amount is a whole number of 840ths (840 = lcm(1..=8)). Sums stay
//! exact; nothing is ever rounded.

use serde::{Deserialize, Serialize};
use std::{fmt, iter::Sum, ops::Add, ops::AddAssign};

/// An exact number of points, stored as a count of 840ths.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Points(i64);

impl Points {
    /// Points are counted in units of 1/`DENOMINATOR`.
    pub const DENOMINATOR: i64 = 840;
    pub const ZERO: Points = Points(0);

    /// Whole points.
    pub const fn whole(n: i64) -> Points {
        Points(n * Self::DENOMINATOR)
    }

    /// `n` points shared equally by `ways` riders (1 to 8).
    ///
    /// # Panics
    /// If `ways` is 0 or does not divide 840.
    pub fn share(n: i64, ways: usize) -> Points {
        let ways = ways as i64;
        assert!(ways > 0 && Self::DENOMINATOR % ways == 0, "points shared {ways} ways");
        Points(n * Self::DENOMINATOR / ways)
    }

    /// The exact value as numerator and denominator in lowest terms.
    pub fn fraction(self) -> (i64, i64) {
        let g = gcd(self.0.abs(), Self::DENOMINATOR);
        (self.0 / g, Self::DENOMINATOR / g)
    }

    /// The nearest `f64` (for outcomes and statistics only).
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / Self::DENOMINATOR as f64
    }
}

/// Points as a front end shows them, without knowing the 840: a mixed number
/// in lowest terms, `whole` + `num`/`den` (`5 1/3` is `{"whole": 5, "num": 1,
/// "den": 3}`; whole points have `num` 0 and `den` 1). Race points are never
/// negative; were one, every part would carry the sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Mixed {
    pub whole: i64,
    pub num: i64,
    pub den: i64,
}

impl From<Points> for Mixed {
    fn from(points: Points) -> Mixed {
        let whole = points.0 / Points::DENOMINATOR;
        let (num, den) = Points(points.0 % Points::DENOMINATOR).fraction();
        Mixed { whole, num, den }
    }
}

impl Mixed {
    /// The exact points, or `None` if this is no amount the game can reach
    /// (a denominator that does not divide 840, a fraction of a whole or more,
    /// or parts of different signs).
    pub fn points(self) -> Option<Points> {
        let Mixed { whole, num, den } = self;
        let fits = den > 0
            && Points::DENOMINATOR % den == 0
            && num.abs() < den
            && (num == 0 || whole == 0 || (num < 0) == (whole < 0));
        fits.then(|| Points(whole * Points::DENOMINATOR + num * (Points::DENOMINATOR / den)))
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// A mixed number: `5`, `5 1/3`, `2/3`, `-1 1/2`.
impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.abs();
        let whole = abs / Self::DENOMINATOR;
        let (num, den) = Points(abs % Self::DENOMINATOR).fraction();
        match (whole, num) {
            (w, 0) => write!(f, "{sign}{w}"),
            (0, n) => write!(f, "{sign}{n}/{den}"),
            (w, n) => write!(f, "{sign}{w} {n}/{den}"),
        }
    }
}

/// As [`Points`] show: `5`, `5 1/3`, `2/3`.
impl fmt::Display for Mixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.whole < 0 || self.num < 0 { "-" } else { "" };
        let (whole, num, den) = (self.whole.abs(), self.num.abs(), self.den);
        match (whole, num) {
            (w, 0) => write!(f, "{sign}{w}"),
            (0, n) => write!(f, "{sign}{n}/{den}"),
            (w, n) => write!(f, "{sign}{w} {n}/{den}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_exact_and_print_as_mixed_numbers() {
        assert_eq!(Points::share(16, 3).to_string(), "5 1/3");
        assert_eq!(Points::share(2, 3).to_string(), "2/3");
        assert_eq!(Points::share(22, 8).to_string(), "2 3/4");
        assert_eq!(Points::whole(7).to_string(), "7");
        assert_eq!(Points::ZERO.to_string(), "0");
        assert_eq!(Points(-420).to_string(), "-1/2");
        // Three thirds make exactly one.
        let third = Points::share(1, 3);
        assert_eq!(third + third + third, Points::whole(1));
        assert_eq!(Points::share(6, 7).fraction(), (6, 7));
        assert_eq!([Points::share(1, 5), Points::share(4, 5)].into_iter().sum::<Points>(), Points::whole(1));
    }

    #[test]
    fn mixed_numbers_are_reduced_and_read_back_exactly() {
        let mixed = |p: Points| serde_json::to_value(Mixed::from(p)).unwrap();
        assert_eq!(mixed(Points::share(16, 3)), serde_json::json!({"whole": 5, "num": 1, "den": 3}));
        assert_eq!(mixed(Points::whole(7)), serde_json::json!({"whole": 7, "num": 0, "den": 1}));
        assert_eq!(mixed(Points::share(22, 8)), serde_json::json!({"whole": 2, "num": 3, "den": 4}));
        assert_eq!(mixed(Points(-420)), serde_json::json!({"whole": 0, "num": -1, "den": 2}));
        for p in [Points::ZERO, Points::share(16, 3), Points::share(6, 7), Points(-1260), Points::whole(31)] {
            assert_eq!(Mixed::from(p).points(), Some(p));
            assert_eq!(Mixed::from(p).to_string(), p.to_string());
        }
        // Amounts the game cannot reach are refused, not misread.
        assert_eq!(Mixed { whole: 1, num: 1, den: 11 }.points(), None);
        assert_eq!(Mixed { whole: 1, num: 3, den: 2 }.points(), None);
        assert_eq!(Mixed { whole: 1, num: 1, den: 0 }.points(), None);
        assert_eq!(Mixed { whole: -1, num: 1, den: 2 }.points(), None);
    }
}
