//! The score sheet (18) and the stage race's total (17): what the rules
//! score and the static part shows.

/// Points for finishing places 1–16 (the score sheet of 18;
/// docs/rules/reifenbreite.md#scoring).
pub const PLACE_POINTS: [u16; 16] = [50, 40, 35, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8];

/// Final team scores from per-stage rider points (`results[stage][rider]`):
/// the plain team total for one race; for a stage race of n ≥ 2 stages,
/// n × (the team's best rider's total) + the team total (17).
pub fn team_scores(results: &[Vec<u16>], teams: u8) -> Vec<u32> {
    let n = results.len() as u32;
    (0..teams as usize)
        .map(|t| {
            let rider_total = |r: usize| results.iter().map(|s| s[r] as u32).sum::<u32>();
            let total: u32 = (t * 4..t * 4 + 4).map(rider_total).sum();
            if n >= 2 { n * (t * 4..t * 4 + 4).map(rider_total).max().unwrap_or(0) + total } else { total }
        })
        .collect()
}
