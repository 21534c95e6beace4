//! Standard output that fails cleanly: a reader that closes the pipe early
//! (`| head -1`) ends the command quietly; any other write error (a full
//! disk) is reported once and gives exit status 1. Commands print with
//! [`outln!`]/[`out!`] or [`emit`]; output of `print!`/`println!` (which
//! panic on a write error) is turned into the same outcome by [`install_hook`]
//! and [`failure_in`].

use std::io::Write;

/// Prints a formatted line to standard output (`println!` that fails cleanly).
#[macro_export]
macro_rules! outln {
    ($($t:tt)*) => {
        $crate::cli::output::emit_fmt(format_args!("{}\n", format_args!($($t)*)))
    };
}

/// Prints formatted text to standard output (`print!` that fails cleanly).
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => {
        $crate::cli::output::emit_fmt(format_args!($($t)*))
    };
}

/// Writes text to standard output; on failure the process ends
/// ([`fail`]).
pub fn emit(text: &str) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(text.as_bytes()) {
        fail(&e);
    }
}

/// Writes formatted text to standard output; on failure the process ends.
pub fn emit_fmt(args: std::fmt::Arguments<'_>) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_fmt(args) {
        fail(&e);
    }
}

/// Writes to standard output through `f` (for output produced in pieces,
/// such as a large tensor); on failure the process ends.
pub fn emit_with(f: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) {
    let mut o = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    if let Err(e) = f(&mut o).and_then(|()| o.flush()) {
        fail(&e);
    }
}

/// Ends the process after a failed write to standard output: quietly with
/// status 0 when the reader has gone (a closed pipe), else with a message
/// and status 1.
pub fn fail(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("hlocheck: cannot write the output: {e}");
    std::process::exit(1);
}

/// Flushes standard output at the end of a command and returns its exit
/// status (1 if the flush fails, the command's own otherwise).
pub fn finish(code: i32) -> i32 {
    match std::io::stdout().lock().flush() {
        Ok(()) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(e) => {
            eprintln!("hlocheck: cannot write the output: {e}");
            1
        }
    }
}

const PRINT_FAILURE: &str = "failed printing to stdout";

fn payload_text(payload: &(dyn std::any::Any + Send)) -> Option<&str> {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
}

/// Keeps the standard library's panic on a failed `print!` silent (the
/// command's thread then ends with it, and [`failure_in`] gives the exit
/// status); every other panic is reported as before.
pub fn install_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if payload_text(info.payload()).is_some_and(|m| m.starts_with(PRINT_FAILURE))
            || QUIET.with(|q| q.get())
        {
            return;
        }
        previous(info);
    }));
}

thread_local! {
    /// Set while this thread runs work whose panic is caught and reported
    /// (or repeated) by its caller, so the hook prints nothing.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f`, catching a panic without printing it (with the hook of
/// [`install_hook`]); the caller decides whether it is shown.
pub fn catch_quietly<R>(f: impl FnOnce() -> R) -> std::thread::Result<R> {
    let was = QUIET.with(|q| q.replace(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    QUIET.with(|q| q.set(was));
    r
}

/// The exit status for a command that panicked on a failed `print!`: 0 for
/// a closed pipe (quietly), 1 with a message otherwise; `None` for any
/// other panic.
pub fn failure_in(payload: &(dyn std::any::Any + Send)) -> Option<i32> {
    let m = payload_text(payload)?;
    if !m.starts_with(PRINT_FAILURE) {
        return None;
    }
    if m.contains("Broken pipe") || m.contains("os error 32") {
        return Some(0);
    }
    eprintln!(
        "hlocheck: cannot write the output: {}",
        m.trim_start_matches(PRINT_FAILURE).trim_start_matches(": ")
    );
    Some(1)
}
