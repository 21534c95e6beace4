#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[global_allocator]
static ALLOCATOR: huge::HugeAdvising = huge::HugeAdvising;

fn main() {
    tune_allocator();
    std::process::exit(hlocheck::cli::main());
}

/// Tensors of a few MiB are allocated and freed op after op. By default glibc
/// serves each from a fresh `mmap` and returns it on free, so every op pays
/// for page faults on memory it just gave back. Serving them from the heap and
/// keeping freed memory for reuse removes most of those faults.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn tune_allocator() {
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
fn tune_allocator() {}

/// Large buffers (tensors of a few MiB and more) are advised to the kernel as
/// candidates for transparent huge pages before they are first touched, so a
/// tensor of 8 MiB costs a handful of page faults instead of two thousand.
/// Every allocation and release is counted for the memory limit
/// (`hlocheck::interp::memory`). Everything else is the system allocator unchanged.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod huge {
    use hlocheck::interp::memory;
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
