//! Helpers shared by the integration tests: finding the conformance suites,
//! reading files, running deep recursion on a big stack, and the
//! `expected-error` annotations of the verifier suite.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Environment variable naming the conformance folder.
pub const CONFORMANCE_VAR: &str = "HLOCHECK_CONFORMANCE";
/// Set to `1` to let tests that need the conformance suites pass without them.
pub const ALLOW_MISSING_VAR: &str = "HLOCHECK_ALLOW_MISSING_CONFORMANCE";

/// The conformance folder: `$HLOCHECK_CONFORMANCE`, or `../shared/conformance`
/// relative to the crate root.
///
/// When the folder is absent the calling test fails with a message saying how
/// to point at it, unless `HLOCHECK_ALLOW_MISSING_CONFORMANCE=1`, in which case
/// the message is printed and `None` is returned so the test can return early.
pub fn conformance_dir() -> Option<PathBuf> {
    let (dir, origin) = match std::env::var_os(CONFORMANCE_VAR) {
        Some(v) if !v.is_empty() => (PathBuf::from(v), format!("${CONFORMANCE_VAR}")),
        _ => (
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance"),
            format!("the default (../shared/conformance; set {CONFORMANCE_VAR} to change it)"),
        ),
    };
    if dir.join("testdata").is_dir() {
        return Some(dir);
    }
    let msg = format!(
        "conformance suites not found at {} (from {origin}): expected a folder with \
         testdata/, interpret/ and verify/",
        dir.display()
    );
    if std::env::var(ALLOW_MISSING_VAR).is_ok_and(|v| v == "1") {
        eprintln!("SKIPPED: {msg}; {ALLOW_MISSING_VAR}=1 lets this test pass without them");
        None
    } else {
        panic!("{msg}. Set {ALLOW_MISSING_VAR}=1 to skip the tests that need them.");
    }
}

/// Every `.mlir` file under `dir` (recursively), sorted.
pub fn mlir_files(dir: &Path) -> Vec<PathBuf> {
    let files = hlocheck::cli::collect_files(&[dir.display().to_string()])
        .unwrap_or_else(|e| panic!("listing {}: {e}", dir.display()));
    assert!(!files.is_empty(), "no .mlir files under {}", dir.display());
    files
}

/// A file's text; bytes that are not UTF-8 become U+FFFD, as in the CLI.
pub fn read_text(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The path of `file` relative to `base`, for messages.
pub fn rel(base: &Path, file: &Path) -> String {
    file.strip_prefix(base)
        .unwrap_or(file)
        .display()
        .to_string()
}

/// Runs `f` on a thread with a 256 MiB stack (as the CLI does) and returns
/// its result; a panic in `f` is resumed on the caller.
pub fn on_big_stack<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> R {
    let handle = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .expect("spawn a thread");
    match handle.join() {
        Ok(r) => r,
        Err(e) => std::panic::resume_unwind(e),
    }
}

/// An `expected-error` annotation of the verifier suite.
#[derive(Clone, Debug)]
pub struct ExpectedError {
    /// The line (1-based, in the whole file) the error is expected on.
    pub line: u32,
    /// Whether the message reads as a verifier error (`op ...` or
    /// `'name' op ...`) rather than a parser error. Only a heuristic: many
    /// verifier messages are quoted without that prefix.
    pub verifier_prefix: bool,
    pub message: String,
}

/// The `expected-error` annotations of a case: `@+N`, `@-N`, `@below` (taken
/// as the next line, the earliest it can be), `@above` (the previous line)
/// or, bare, the comment's own line.
pub fn expected_errors(text: &str, case: &hlocheck::ir::Case) -> Vec<ExpectedError> {
    let mut out = Vec::new();
    for (i, line) in text[case.start..case.end].lines().enumerate() {
        let here = case.line + i as u32;
        let Some(at) = line.find("expected-error") else {
            continue;
        };
        let rest = line[at + "expected-error".len()..].trim_start_matches("-re");
        let rest = rest.trim_start();
        let target = match rest.strip_prefix('@') {
            None => here,
            Some(spec) => {
                let spec: String = spec
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '{')
                    .collect();
                match spec.as_str() {
                    "below" => here + 1,
                    "above" => here.saturating_sub(1),
                    s => match (s.strip_prefix('+'), s.strip_prefix('-')) {
                        (Some(n), _) => here + n.parse::<u32>().expect("expected-error@+N"),
                        (_, Some(n)) => here - n.parse::<u32>().expect("expected-error@-N"),
                        _ => panic!("unrecognised expected-error position '{s}'"),
                    },
                }
            }
        };
        let message = rest
            .split_once("{{")
            .map_or("", |(_, m)| m)
            .trim_end()
            .trim_end_matches("}}")
            .to_string();
        let verifier_prefix =
            message.starts_with("op ") || (message.starts_with('\'') && message.contains("' op "));
        out.push(ExpectedError {
            line: target,
            verifier_prefix,
            message,
        });
    }
    out
}

/// The last line (1-based, in the whole file) of a case.
pub fn case_last_line(text: &str, case: &hlocheck::ir::Case) -> u32 {
    let body = &text[case.start..case.end];
    let n = body.matches('\n').count() as u32;
    // A case ending in a newline ends on the line before the next one.
    case.line + n - u32::from(body.ends_with('\n') && n > 0)
}
