//! The bytes the process holds, for the memory limit (`Limits::max_memory`).
//!
//! The binaries' allocator ([`huge::HugeAdvising`]) reports every allocation and release
//! here ([`allocated`], [`released`]); the executor compares the total with
//! the limit before it allocates a result and after every op, so live
//! tensors and the temporaries of kernels are both counted. Without such an
//! allocator (the library used on its own) the count stays zero and only the
//! per-tensor limits apply.

use std::cell::Cell;
use std::sync::atomic::{AtomicI64, Ordering::Relaxed};
use std::sync::OnceLock;

/// Bytes held, as far as they have been reported to this count. Signed: a
/// thread may report the release of a small buffer another thread has not yet
/// reported allocating.
static LIVE: AtomicI64 = AtomicI64::new(0);
static PEAK: AtomicI64 = AtomicI64::new(0);

/// Allocations below this size are counted per thread first and reported
/// together: one shared counter updated by every small allocation of every
/// thread makes the threads wait on each other's writes. Tensors of any size
/// worth limiting are larger, and so are reported at once.
const SMALL: usize = 16 << 10;
/// A thread's unreported small allocations and releases, in bytes, are at
/// most this much before it reports them; the count is late by at most this
/// much per thread.
const BATCH: i64 = 256 << 10;

thread_local! {
    static PENDING: Cell<i64> = const { Cell::new(0) };
}

#[inline]
fn report(delta: i64) {
    let live = LIVE.fetch_add(delta, Relaxed).wrapping_add(delta);
    if delta > 0 && live > PEAK.load(Relaxed) {
        PEAK.fetch_max(live, Relaxed);
    }
}

#[inline]
fn count(n: usize, delta: i64) {
    if n < SMALL {
        let batched = PENDING.try_with(|p| {
            let pending = p.get() + delta;
            if pending.abs() < BATCH {
                p.set(pending);
                None
            } else {
                p.set(0);
                Some(pending)
            }
        });
        match batched {
            Ok(None) => {}
            Ok(Some(pending)) => report(pending),
            Err(_) => report(delta),
        }
    } else {
        report(delta);
    }
}

/// Counts `n` bytes allocated.
#[inline]
pub fn allocated(n: usize) {
    count(n, n as i64);
}

/// Counts `n` bytes released.
#[inline]
pub fn released(n: usize) {
    count(n, -(n as i64));
}

/// Bytes held now (each thread's small allocations up to `BATCH` late).
pub fn live() -> u64 {
    LIVE.load(Relaxed).max(0) as u64
}

/// The most bytes held since the last [`reset_peak`].
pub fn peak() -> u64 {
    PEAK.load(Relaxed).max(0) as u64
}

/// Starts a new peak from the bytes held now.
pub fn reset_peak() {
    PEAK.store(LIVE.load(Relaxed), Relaxed);
}

/// The default memory limit: half of the machine's memory (4 GiB where it
/// cannot be read), and at most half of the process's address-space limit
/// (`ulimit -v`), so that the limit stops a run before an allocation fails.
pub fn default_limit() -> u64 {
    static LIMIT: OnceLock<u64> = OnceLock::new();
    *LIMIT.get_or_init(|| machine_limit().min(address_space_limit() / 2))
}

/// The soft address-space limit of the process (`u64::MAX` when unlimited
/// or unknown).
fn address_space_limit() -> u64 {
    std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Max address space"))
                .and_then(|v| v.split_whitespace().next().map(str::to_string))
        })
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(u64::MAX)
}

fn machine_limit() -> u64 {
    {
        let total = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find_map(|l| l.strip_prefix("MemTotal:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            })
            .map(|kb| kb.saturating_mul(1024));
        total.map_or(4 << 30, |t| t / 2)
    }
}

/// Tensors of a few MiB are allocated and freed op after op. By default glibc
/// serves each from a fresh `mmap` and returns it on free, so every op pays
/// for page faults on memory it just gave back. Serving them from the heap and
/// keeping freed memory for reuse removes most of those faults.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn tune_allocator() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    const M_TRIM_THRESHOLD: i32 = -1;
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only sets parameters of glibc's allocator; it is called
    // before any other thread exists. A rejected value leaves the default.
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
        mallopt(M_TRIM_THRESHOLD, 1 << 30);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn tune_allocator() {}

/// Room a thread of its own takes at once in its allocator's heap
/// ([`reserve_thread_heap`]).
const THREAD_HEAP: usize = 4 << 20;

/// Makes room for [`THREAD_HEAP`] bytes of this thread's small allocations
/// in one step.
/// glibc gives each new thread an arena of its own and grows it a page at a
/// time as it fills, one `mprotect` per page of new memory (a run's parsing
/// and verifier threads made some 200 of them). A block allocated and freed
/// at the thread's start grows the arena once; under the trim threshold
/// [`tune_allocator`] sets, the freed room stays at the arena's top for the
/// allocations that follow. Its pages are touched only as they are used, so
/// nothing more is resident. Elsewhere it is one allocation and its release.
/// It goes to the system allocator directly: it holds nothing to count, and
/// it must not be advised as huge pages (the small allocations that reuse
/// its room would then take a huge page's fault, hundreds of microseconds,
/// and the advice itself splits the heap's mapping).
pub fn reserve_thread_heap() {
    use std::alloc::{GlobalAlloc, Layout, System};
    let Ok(layout) = Layout::from_size_align(THREAD_HEAP, 16) else {
        return;
    };
    // SAFETY: the layout has a non-zero size; the block is released at once
    // with the same layout, and never read or written.
    unsafe {
        let p = System.alloc(layout);
        // The block must really be allocated: the optimizer may not drop it.
        if !std::hint::black_box(p).is_null() {
            System.dealloc(p, layout);
        }
    }
}

/// Large buffers (tensors of a few MiB and more) are advised to the kernel as
/// candidates for transparent huge pages before they are first touched, so a
/// tensor of 8 MiB costs a handful of page faults instead of two thousand.
/// Every allocation and release is counted for the memory limit
/// (this module). Everything else is the system allocator unchanged.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub mod huge {
    use super as memory;
    use std::alloc::{GlobalAlloc, Layout, System};

    const HUGE_PAGE: usize = 2 << 20;
    /// Buffers from this size on are advised.
    const ADVISE_FROM: usize = 2 * HUGE_PAGE;
    const MADV_HUGEPAGE: i32 = 14;

    extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }

    pub struct HugeAdvising;

    /// Advises the whole huge pages inside `[p, p + size)`; a refusal (no
    /// transparent huge pages on this kernel) changes nothing.
    fn advise(p: *mut u8, size: usize) {
        if p.is_null() || size < ADVISE_FROM {
            return;
        }
        let start = (p as usize).next_multiple_of(HUGE_PAGE);
        let end = (p as usize + size) / HUGE_PAGE * HUGE_PAGE;
        if end > start {
            // SAFETY: the range lies inside a live allocation of this
            // process; MADV_HUGEPAGE only changes how its pages are backed,
            // never their contents.
            unsafe { madvise(start as *mut u8, end - start, MADV_HUGEPAGE) };
        }
    }

    // SAFETY: every call is forwarded to the system allocator with the same
    // arguments; `advise` does not touch the memory.
    unsafe impl GlobalAlloc for HugeAdvising {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            let p = System.alloc(layout);
            if !p.is_null() {
                memory::allocated(layout.size());
            }
            advise(p, layout.size());
            p
        }
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            let p = System.alloc_zeroed(layout);
            if !p.is_null() {
                memory::allocated(layout.size());
            }
            advise(p, layout.size());
            p
        }
        unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
            memory::released(layout.size());
            System.dealloc(p, layout)
        }
        unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            let q = System.realloc(p, layout, new_size);
            if !q.is_null() {
                memory::released(layout.size());
                memory::allocated(new_size);
            }
            advise(q, new_size);
            q
        }
    }
}
