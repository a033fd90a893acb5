//! Which start of the search worker is the current one. The page's worker is started through a
//! part loaded on demand, so a start can be on its way for a while: requests made meanwhile
//! wait for it instead of starting again, and a worker stopped meanwhile makes it stale (it
//! then creates no worker). Each start has a generation; only the current one's worker and
//! messages count (`platform::ai::client` keeps one of these).

/// The generations of the worker's starts, and whether the current one is on its way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Starts {
    generation: u64,
    starting: bool,
}

impl Starts {
    /// The current start's generation (0: never started).
    pub fn generation(self) -> u64 {
        self.generation
    }

    /// Whether `generation` is the current start's.
    pub fn is_current(self, generation: u64) -> bool {
        self.generation == generation
    }

    /// Whether a request must start a worker: none runs (`live` false) and none is on its way.
    pub fn needs_start(self, live: bool) -> bool {
        !live && !self.starting
    }

    /// A new start, on its way: its generation. Every earlier one is stale.
    pub fn spawn(&mut self) -> u64 {
        self.generation += 1;
        self.starting = true;
        self.generation
    }

    /// The start of `generation` has arrived: true when it is to create its worker (it is the
    /// current one and no worker runs, `live` false); it is then no longer on its way.
    pub fn arrive(&mut self, generation: u64, live: bool) -> bool {
        if !self.is_current(generation) || live {
            return false;
        }
        self.starting = false;
        true
    }

    /// The start of `generation` failed: true when it was the current one (its requests are
    /// then answered with the error), which is no longer on its way.
    pub fn failed(&mut self, generation: u64) -> bool {
        let current = self.is_current(generation);
        if current {
            self.starting = false;
        }
        current
    }

    /// The worker is stopped: a start still on its way becomes stale.
    pub fn stop(&mut self) {
        if self.starting {
            self.generation += 1;
            self.starting = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Starts;

    #[test]
    fn a_start_on_its_way_is_asked_for_once_and_a_stop_makes_it_stale() {
        let mut starts = Starts::default();
        assert!(starts.needs_start(false));
        let first = starts.spawn();
        assert_eq!(first, 1);
        // The starter's part is still loading: the next request waits for the same start.
        assert!(!starts.needs_start(false));
        starts.stop();
        // The part arrives after the stop: its start is stale and creates no worker.
        assert!(!starts.arrive(first, false));
        assert!(!starts.failed(first));
        // The next request starts again.
        assert!(starts.needs_start(false));
        let second = starts.spawn();
        assert!(second > first);
        assert!(starts.arrive(second, false));
        assert!(!starts.needs_start(true));
    }

    #[test]
    fn a_start_creates_one_worker_and_a_newer_start_wins() {
        let mut starts = Starts::default();
        let first = starts.spawn();
        // A cancel starts again before the first part arrived: only the newer one counts.
        let second = starts.spawn();
        assert!(!starts.arrive(first, false));
        assert!(starts.arrive(second, false));
        // Arriving twice, or with a worker running, creates no second worker.
        assert!(!starts.arrive(second, true));
        // A stop with no start on its way keeps the generation: the running worker's messages
        // are still its own until a new start.
        starts.stop();
        assert!(starts.is_current(second));
    }

    #[test]
    fn a_failed_start_frees_the_next_request_to_start_again() {
        let mut starts = Starts::default();
        let first = starts.spawn();
        assert!(starts.failed(first));
        assert!(starts.needs_start(false));
        assert!(!starts.failed(first - 1));
    }
}
