//! Elementwise work split over threads. Every element is computed by the
//! same function wherever it runs, so results do not depend on the number
//! of threads; only large tensors are split, where starting a thread costs
//! far less than the work it takes over. Nothing is split on a thread that
//! is already one of several working in parallel (a worker of a rayon pool
//! of two or more threads: `prove`'s chunks, `test`'s files), where the
//! machine is busy already and a split would only add thread switches.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Below this many elements the work stays on the calling thread.
const SPLIT_FROM: usize = 1 << 15;

/// The machine's parallelism (at most 64).
fn machine_threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(64)
    })
}

/// The threads one op may use: the machine's parallelism, or 1 on a
/// worker of a rayon pool of several threads (the caller's work is
/// parallel already).
fn threads() -> usize {
    if rayon::current_thread_index().is_some() && rayon::current_num_threads() > 1 {
        return 1;
    }
    machine_threads()
}

/// Calls `f(offset, piece)` once for each piece of a partition of `out`
/// into consecutive pieces (`offset` is the piece's start in `out`). Pieces
/// run on several threads when `out` is large; a thread that cannot be
/// started leaves its share to the others.
pub fn fill<T: Send>(out: &mut [T], f: impl Fn(usize, &mut [T]) + Sync) {
    fill_uninit(out, f)
}

/// An item not yet taken by a thread.
type Piece<P> = Mutex<Option<P>>;

fn fill_uninit<T: Send>(out: &mut [T], f: impl Fn(usize, &mut [T]) + Sync) {
    let n = out.len();
    let t = threads().min(n / SPLIT_FROM);
    if t < 2 {
        f(0, out);
        return;
    }
    // More pieces than threads, so a slow thread does not hold up the rest.
    let piece = n.div_ceil(4 * t);
    let pieces: Vec<(usize, &mut [T])> = out
        .chunks_mut(piece)
        .enumerate()
        .map(|(i, p)| (i * piece, p))
        .collect();
    run_items(pieces, t, |(offset, p)| f(offset, p));
}

/// Calls `f` once on each item, on up to `t` threads (taking items in
/// order as they become free); a thread that cannot be started leaves its
/// share to the others. The threads are the pool's, started once and kept
/// (an op pays a wake-up, not a thread start); when the pool is busy (a
/// call from another thread at the same time) or has no thread, threads
/// are started for the call, as scoped threads.
fn run_items<P: Send>(items: Vec<P>, t: usize, f: impl Fn(P) + Sync) {
    if t < 2 || items.len() < 2 {
        items.into_iter().for_each(f);
        return;
    }
    let t = t.min(items.len());
    let slots: Vec<Piece<P>> = items.into_iter().map(|p| Mutex::new(Some(p))).collect();
    let next = AtomicUsize::new(0);
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(slot) = slots.get(i) else { break };
        let taken = match slot.lock() {
            Ok(mut g) => g.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        };
        if let Some(p) = taken {
            f(p);
        }
    };
    if pool::run(t - 1, &work) {
        return;
    }
    std::thread::scope(|s| {
        for _ in 1..t {
            // A refused thread is not an error: the others take its pieces.
            let _ = std::thread::Builder::new().spawn_scoped(s, work);
        }
        work();
    });
}

/// The kept threads: each waits for a job, runs it when it takes one of
/// the job's places, and goes back to waiting.
mod pool {
    use std::any::Any;
    use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
    use std::sync::{Condvar, Mutex, MutexGuard, OnceLock};

    /// A job: a closure borrowed for the duration of [`run`] only.
    #[derive(Clone, Copy)]
    struct Job(&'static (dyn Fn() + Sync));

    struct State {
        /// The job being run, if any.
        job: Option<Job>,
        /// Places of the job not yet taken by a thread.
        places: usize,
        /// Threads running the job now.
        running: usize,
        /// The first panic of a thread running the job.
        panic: Option<Box<dyn Any + Send>>,
    }

    struct Pool {
        state: Mutex<State>,
        /// Signalled when a job is posted.
        posted: Condvar,
        /// Signalled when a thread finishes its part of a job.
        finished: Condvar,
    }

    static POOL: Pool = Pool {
        state: Mutex::new(State {
            job: None,
            places: 0,
            running: 0,
            panic: None,
        }),
        posted: Condvar::new(),
        finished: Condvar::new(),
    };

    fn lock(m: &Mutex<State>) -> MutexGuard<'_, State> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The pool's threads, started on first use (as many as start, up to
    /// one fewer than the machine's parallelism).
    fn threads() -> usize {
        static STARTED: OnceLock<usize> = OnceLock::new();
        *STARTED.get_or_init(|| {
            let want = super::machine_threads().saturating_sub(1);
            (0..want)
                .filter(|_| {
                    std::thread::Builder::new()
                        .name("hlocheck-par".into())
                        .spawn(|| serve(&POOL))
                        .is_ok()
                })
                .count()
        })
    }

    pub(super) fn start() {
        threads();
    }

    fn serve(pool: &'static Pool) {
        // What a run asks for once, found here while the caller is still
        // reading its program: the vector extensions and the default
        // memory limit (a caller that asks first waits for the answer).
        super::super::lanes::isa();
        super::super::memory::default_limit();
        let mut st = lock(&pool.state);
        loop {
            match st.job {
                Some(job) if st.places > 0 => {
                    st.places -= 1;
                    st.running += 1;
                    drop(st);
                    let r = catch_unwind(AssertUnwindSafe(job.0));
                    st = lock(&pool.state);
                    st.running -= 1;
                    if let Err(p) = r {
                        st.panic.get_or_insert(p);
                    }
                    pool.finished.notify_all();
                }
                _ => st = pool.posted.wait(st).unwrap_or_else(|e| e.into_inner()),
            }
        }
    }

    /// Runs `work` on the calling thread and on up to `helpers` of the
    /// pool's threads, returning once every thread has finished it; `false`
    /// (nothing run) when the pool is busy with another job or has no
    /// thread.
    pub(super) fn run(helpers: usize, work: &(dyn Fn() + Sync)) -> bool {
        let threads = threads();
        if threads == 0 || helpers == 0 {
            return false;
        }
        let pool = &POOL;
        {
            let mut st = lock(&pool.state);
            if st.job.is_some() {
                return false;
            }
            // SAFETY: the reference is only used by threads that took one
            // of the job's places, and this function does not return before
            // clearing the job, withdrawing the places not taken, and
            // waiting until no thread runs it; so no use outlives `work`.
            let job: &'static (dyn Fn() + Sync) = unsafe { std::mem::transmute(work) };
            st.job = Some(Job(job));
            st.places = helpers.min(threads);
            pool.posted.notify_all();
        }
        let mine = catch_unwind(AssertUnwindSafe(work));
        let panic = {
            let mut st = lock(&pool.state);
            st.places = 0;
            while st.running > 0 {
                st = pool.finished.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            st.job = None;
            st.panic.take()
        };
        if let Err(p) = mine {
            resume_unwind(p);
        }
        if let Some(p) = panic {
            resume_unwind(p);
        }
        true
    }
}

/// Starts the pool's threads now (they are otherwise started by the first
/// split), so that a command can have them start while it reads and checks
/// its program rather than in the middle of the first large op.
pub fn start() {
    pool::start();
}

/// Calls `f` once on each item, on several threads when `work` (the
/// element operations all items take together) is large. Each item must
/// be computed the same way wherever it runs (disjoint outputs, no shared
/// order), so results do not depend on the threads.
pub fn each<P: Send>(items: Vec<P>, work: u64, f: impl Fn(P) + Sync) {
    run_items(items, parts(work), f)
}

/// The threads [`each`] runs items on for `work` element operations at
/// most: a caller that shapes its items may make this many.
pub fn parts(work: u64) -> usize {
    if work >= SPLIT_WORK_FROM {
        threads()
    } else {
        1
    }
}

/// Below this many element operations, [`each`] stays on the calling thread.
const SPLIT_WORK_FROM: u64 = 1 << 20;

/// A new vector of `n` lanes filled piece by piece by `g(offset, piece)`
/// (see [`fill`]).
pub fn build(n: usize, g: impl Fn(usize, &mut [u64]) + Sync) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::with_capacity(n);
    // Each piece is zeroed by the thread that fills it, right before use
    // (instead of one pass over the whole vector first).
    let spare = &mut out.spare_capacity_mut()[..n];
    fill_uninit(spare, |offset, piece| {
        piece.fill(MaybeUninit::new(0));
        // SAFETY: every element of `piece` was just initialised, and
        // `MaybeUninit<u64>` has the layout of `u64`.
        let piece = unsafe {
            std::slice::from_raw_parts_mut(piece.as_mut_ptr().cast::<u64>(), piece.len())
        };
        g(offset, piece)
    });
    // SAFETY: `fill_uninit` ran the closure above on a partition of the
    // first `n` elements, so all of them are initialised.
    unsafe { out.set_len(n) };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lane_is_written_once_in_order() {
        for n in [0, 1, SPLIT_FROM - 1, SPLIT_FROM * 2 + 3, 1 << 20] {
            let v = build(n, |off, p| {
                for (i, o) in p.iter_mut().enumerate() {
                    *o += (off + i) as u64 * 3 + 1;
                }
            });
            assert_eq!(v.len(), n);
            assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64 * 3 + 1));
        }
    }
}
