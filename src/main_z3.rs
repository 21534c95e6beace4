//! The `hlocheck-z3` binary: every command, with Z3 linked (see `cli::main`).

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[global_allocator]
static ALLOCATOR: hlocheck::interp::memory::huge::HugeAdvising =
    hlocheck::interp::memory::huge::HugeAdvising;

fn main() {
    hlocheck::interp::memory::tune_allocator();
    std::process::exit(hlocheck::cli::main());
}
