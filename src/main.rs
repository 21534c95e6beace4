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
