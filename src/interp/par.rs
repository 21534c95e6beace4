//! Elementwise work split over threads. Every element is computed by the
//! same function wherever it runs, so results do not depend on the number
//! of threads; only large tensors are split, where starting a thread costs
//! far less than the work it takes over.

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// Below this many elements the work stays on the calling thread.
const SPLIT_FROM: usize = 1 << 15;

/// The threads one op may use: the machine's parallelism.
fn threads() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(64)
    })
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
/// share to the others.
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
    std::thread::scope(|s| {
        for _ in 1..t {
            // A refused thread is not an error: the others take its pieces.
            let _ = std::thread::Builder::new().spawn_scoped(s, work);
        }
        work();
    });
}

/// Calls `f` once on each item, on several threads when `work` (the
/// element operations all items take together) is large. Each item must
/// be computed the same way wherever it runs (disjoint outputs, no shared
/// order), so results do not depend on the threads.
pub fn each<P: Send>(items: Vec<P>, work: u64, f: impl Fn(P) + Sync) {
    let t = if work >= SPLIT_WORK_FROM {
        threads()
    } else {
        1
    };
    run_items(items, t, f)
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
