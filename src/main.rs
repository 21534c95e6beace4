//! The `hlocheck` binary: `run` without Z3, everything else handed to
//! `hlocheck-z3` (see `cli::main_without_z3`).

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[global_allocator]
static ALLOCATOR: hlocheck::interp::memory::huge::HugeAdvising =
    hlocheck::interp::memory::huge::HugeAdvising;

fn main() {
    hlocheck::interp::memory::tune_allocator();
    std::process::exit(hlocheck::cli::main_without_z3());
}
