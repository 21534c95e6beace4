//! The command line.

/// Entry point of the `hlocheck` binary; returns the process exit status.
pub fn main() -> i32 {
    eprintln!("usage: hlocheck <command> ...");
    2
}
