//! The bytes the process holds, for the memory limit (`Limits::max_memory`).
//!
//! The `hlocheck` binary's allocator reports every allocation and release
//! here ([`allocated`], [`released`]); the executor compares the total with
//! the limit before it allocates a result and after every op, so live
//! tensors and the temporaries of kernels are both counted. Without such an
//! allocator (the library used on its own) the count stays zero and only the
//! per-tensor limits apply.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::OnceLock;

static LIVE: AtomicU64 = AtomicU64::new(0);
static PEAK: AtomicU64 = AtomicU64::new(0);

/// Counts `n` bytes allocated.
#[inline]
pub fn allocated(n: usize) {
    let live = LIVE.fetch_add(n as u64, Relaxed).wrapping_add(n as u64);
    if live > PEAK.load(Relaxed) {
        PEAK.fetch_max(live, Relaxed);
    }
}

/// Counts `n` bytes released.
#[inline]
pub fn released(n: usize) {
    LIVE.fetch_sub(n as u64, Relaxed);
}

/// Bytes held now.
pub fn live() -> u64 {
    LIVE.load(Relaxed)
}

/// The most bytes held since the last [`reset_peak`].
pub fn peak() -> u64 {
    PEAK.load(Relaxed)
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
