//! Confidence intervals for win rates.

/// The two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% for `successes` out of `trials`: unlike
/// the normal approximation it stays inside [0, 1] and behaves at rates
/// near 0 or 1 and for few games. `(0, 1)` for no trials.
pub fn wilson95(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    // At 0 or all successes the bound is exactly 0 or 1; rounding must not
    // push it past the observed rate.
    let lo = if successes == 0 { 0.0 } else { (centre - half).max(0.0) };
    let hi = if successes >= trials { 1.0 } else { (centre + half).min(1.0) };
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_a_worked_value() {
        // 50 of 100: p = 0.5, Wilson interval 0.4038..0.5962 (standard tables).
        let (lo, hi) = wilson95(50, 100);
        assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
    }

    #[test]
    fn stays_inside_zero_one_at_the_extremes() {
        let (lo, hi) = wilson95(0, 10);
        assert_eq!(lo, 0.0);
        // Upper bound z²/(n + z²) = 3.8415 / 13.8415 for 0 of 10.
        assert!((hi - 0.2775).abs() < 1e-3, "{hi}");
        let (lo, hi) = wilson95(10, 10);
        assert!((lo - 0.7225).abs() < 1e-3 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson95(0, 0), (0.0, 1.0));
    }
}
