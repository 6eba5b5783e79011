//! When a load client acts once its turn has come: at once (closed loop), at
//! its slot of a fixed aggregate schedule (open loop, `--rate`), or after a
//! person's think time (open loop, `--think`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How a seat waits between being given the turn and sending its action.
#[derive(Debug)]
pub enum Pace {
    /// At once: every game always has one action in flight, and the server's
    /// speed sets the load.
    Closed,
    /// On a fixed schedule shared by every game, so the load is the same for
    /// every server compared.
    Rate(Schedule),
    /// After an exponentially distributed think time with this mean, as
    /// people take.
    Think(Duration),
}

impl Pace {
    /// Waits as this pace says; `rng` is the seat's own generator state.
    pub async fn wait(&self, rng: &mut u64) {
        match self {
            Pace::Closed => {}
            Pace::Rate(schedule) => {
                let slot = schedule.claim(schedule.start.elapsed());
                tokio::time::sleep_until((schedule.start + slot).into()).await;
            }
            Pace::Think(mean) => tokio::time::sleep(think_time(*mean, next_random(rng))).await,
        }
    }
}

/// A fixed aggregate schedule of evenly spaced slots: a seat whose turn has
/// come claims the first free slot that is not in the past. A slot nobody
/// was ready for is lost, never made up for later, so a slow stretch is not
/// followed by a burst above the rate.
#[derive(Debug)]
pub struct Schedule {
    start: Instant,
    interval_ns: u64,
    /// The earliest free slot, in nanoseconds after `start`.
    next_ns: AtomicU64,
}

impl Schedule {
    /// `per_second` slots a second from `start`; a rate that is not positive
    /// and finite gets one slot a second.
    pub fn new(per_second: f64, start: Instant) -> Schedule {
        let per_second = if per_second.is_finite() && per_second > 0.0 { per_second } else { 1.0 };
        let interval_ns = (1e9 / per_second).round().max(1.0) as u64;
        Schedule { start, interval_ns, next_ns: AtomicU64::new(0) }
    }

    /// Claims a slot for a seat ready `now` after the start and returns its
    /// time after the start: the earliest free slot, or `now` itself if
    /// every slot until then went unclaimed.
    pub fn claim(&self, now: Duration) -> Duration {
        let now_ns = u64::try_from(now.as_nanos()).unwrap_or(u64::MAX);
        let mut free = self.next_ns.load(Ordering::Relaxed);
        loop {
            let slot = free.max(now_ns);
            match self.next_ns.compare_exchange_weak(
                free,
                slot.saturating_add(self.interval_ns),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Duration::from_nanos(slot),
                Err(current) => free = current,
            }
        }
    }
}

/// A generator state from any seed (splitmix64's finaliser): neighbouring
/// small seeds would otherwise start xorshift with words of few bits, whose
/// first outputs are tiny, and so would the first think times be.
pub fn seed_state(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) | 1
}

/// xorshift64: cheap, and the load client needs no stronger generator.
/// `state` must not be zero.
pub fn next_random(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// An exponentially distributed time with mean `mean`, from one random word
/// (inverse transform; the top 53 bits make a uniform number in [0, 1)).
pub fn think_time(mean: Duration, random: u64) -> Duration {
    let uniform = (random >> 11) as f64 / (1u64 << 53) as f64;
    mean.mul_f64(-(1.0 - uniform).ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_ready_together_get_evenly_spaced_slots() {
        let schedule = Schedule::new(1000.0, Instant::now());
        let now = Duration::from_millis(5);
        let slots: Vec<Duration> = (0..4).map(|_| schedule.claim(now)).collect();
        let ms = Duration::from_millis;
        assert_eq!(slots, [ms(5), ms(6), ms(7), ms(8)]);
    }

    #[test]
    fn an_unclaimed_stretch_is_not_made_up_for() {
        let schedule = Schedule::new(100.0, Instant::now());
        assert_eq!(schedule.claim(Duration::ZERO), Duration::ZERO);
        // Nobody was ready for a second: the next claim is for now, not for
        // the hundred slots that passed.
        assert_eq!(schedule.claim(Duration::from_secs(1)), Duration::from_secs(1));
        assert_eq!(schedule.claim(Duration::from_secs(1)), Duration::from_millis(1010));
    }

    #[test]
    fn always_ready_seats_get_exactly_the_rate() {
        let schedule = Schedule::new(3000.0, Instant::now());
        let mut last = Duration::ZERO;
        let mut claims = 0;
        // Claims as soon as each slot's time has come, as seats that are
        // always waiting do.
        while last < Duration::from_secs(2) {
            last = schedule.claim(last);
            claims += 1;
        }
        assert!((6000..=6002).contains(&claims), "{claims} claims in 2 s at 3000/s");
    }

    #[test]
    fn a_zero_or_silly_rate_still_schedules() {
        let schedule = Schedule::new(0.0, Instant::now());
        schedule.claim(Duration::ZERO);
        assert_eq!(schedule.claim(Duration::ZERO), Duration::from_secs(1));
    }

    #[test]
    fn think_times_are_exponential_with_the_given_mean() {
        let mean = Duration::from_secs(4);
        let mut rng = 0x9e37_79b9_7f4a_7c15;
        let samples: Vec<f64> =
            (0..100_000).map(|_| think_time(mean, next_random(&mut rng)).as_secs_f64()).collect();
        let average = samples.iter().sum::<f64>() / samples.len() as f64;
        assert!((average - 4.0).abs() < 0.1, "mean {average}");
        // Exponential: P(X > mean) = 1/e.
        let above = samples.iter().filter(|&&s| s > 4.0).count() as f64 / samples.len() as f64;
        assert!((above - (-1.0f64).exp()).abs() < 0.01, "P(X > mean) = {above}");
        assert_eq!(think_time(mean, 0), Duration::ZERO);
    }

    #[test]
    fn the_first_think_of_seats_with_neighbouring_seeds_is_not_short() {
        let mean = Duration::from_secs(4);
        let firsts: Vec<f64> = (0..10_000u64)
            .map(|seed| {
                let mut rng = seed_state(seed);
                think_time(mean, next_random(&mut rng)).as_secs_f64()
            })
            .collect();
        let average = firsts.iter().sum::<f64>() / firsts.len() as f64;
        assert!((average - 4.0).abs() < 0.2, "mean first think {average}");
    }
}
