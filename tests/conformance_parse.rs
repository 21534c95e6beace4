//! The conformance suites parse, and print back to the same program.
//!
//! The suites are read in place from `$HLOCHECK_CONFORMANCE` (default
//! `../shared/conformance` beside the crate); see `tests/common/mod.rs`.

mod common;

use common::{case_last_line, expected_errors, read_text, rel};
use hlocheck::cli::{parallel_map, roundtrip_error};
use hlocheck::ir::parse::parse_file;
use hlocheck::ir::split_cases;
use std::path::{Path, PathBuf};

/// What happened to the cases of one file.
#[derive(Default)]
struct Outcome {
    cases: usize,
    /// Cases that were parsed (and, when asked, round-tripped).
    ok: usize,
    /// Cases rejected where the file expects an error.
    rejected_as_expected: usize,
    failures: Vec<String>,
}

impl Outcome {
    fn add(&mut self, other: Outcome) {
        self.cases += other.cases;
        self.ok += other.ok;
        self.rejected_as_expected += other.rejected_as_expected;
        self.failures.extend(other.failures);
    }
}

/// How a suite's cases are judged.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Every case parses and round-trips.
    ParseAndRoundTrip,
    /// The verifier suite: every case parses, except that a case with
    /// `expected-error` lines may instead be rejected at the first line an
    /// error is expected on or later (StableHLO's own parser rejects some of
    /// them; the text before the first expected error is valid, so hlocheck
    /// must not reject it). With `round_trip`, the cases that parse also
    /// round-trip.
    Verify { round_trip: bool },
}

fn check_file(base: &Path, path: &Path, mode: Mode) -> Outcome {
    let text = read_text(path);
    let name = rel(base, path);
    let cases = split_cases(&text);
    let results = parse_file(&name, &text);
    assert_eq!(results.len(), cases.len(), "{name}: one result per case");
    let mut out = Outcome {
        cases: cases.len(),
        ..Outcome::default()
    };
    for (result, case) in results.into_iter().zip(&cases) {
        let expected = match mode {
            Mode::ParseAndRoundTrip => Vec::new(),
            Mode::Verify { .. } => expected_errors(&text, case),
        };
        let round_trip = matches!(
            mode,
            Mode::ParseAndRoundTrip | Mode::Verify { round_trip: true }
        );
        match result {
            Ok(prog) => match round_trip.then(|| roundtrip_error(&prog)).flatten() {
                Some(msg) => out
                    .failures
                    .push(format!("{name}:{}: round trip: {msg}", case.line)),
                None => out.ok += 1,
            },
            Err(d) => {
                let last = case_last_line(&text, case);
                let first = expected.iter().map(|e| e.line).min();
                match first {
                    Some(first) if d.line >= first && d.line <= last && d.col >= 1 => {
                        out.rejected_as_expected += 1;
                    }
                    Some(first) => out.failures.push(format!(
                        "{name}:{}:{}: {} (rejected before line {first}, the first where an \
                         error is expected)",
                        d.line, d.col, d.message
                    )),
                    None => out.failures.push(format!(
                        "{name}:{}:{}: {} (case starting at line {})",
                        d.line, d.col, d.message, case.line
                    )),
                }
            }
        }
    }
    out
}

/// Checks every file under `sub` of the conformance folder; returns the
/// totals, with every failure listed in the assertion message.
fn check_suite(sub: &str, mode: Mode, skip: &[&str]) -> Option<(Outcome, Vec<PathBuf>)> {
    let base = common::conformance_dir()?;
    let dir = base.join(sub);
    let files: Vec<PathBuf> = common::mlir_files(&dir)
        .into_iter()
        .filter(|f| !skip.iter().any(|s| f.ends_with(s)))
        .collect();
    let outcomes = {
        let base = base.clone();
        let files = files.clone();
        common::on_big_stack(move || parallel_map(&files, |f| check_file(&base, f, mode)))
    };
    let mut total = Outcome::default();
    for o in outcomes {
        total.add(o);
    }
    println!(
        "{sub}: {} files, {} cases: {} passed, {} rejected where an error is expected, \
         {} failed",
        files.len(),
        total.cases,
        total.ok,
        total.rejected_as_expected,
        total.failures.len()
    );
    assert!(
        total.failures.is_empty(),
        "{} of {} cases in {sub}/ failed:\n{}",
        total.failures.len(),
        total.cases,
        total.failures.join("\n")
    );
    Some((total, files))
}

#[test]
fn testdata_cases_parse_and_round_trip() {
    let Some((total, files)) = check_suite("testdata", Mode::ParseAndRoundTrip, &[]) else {
        return;
    };
    // The walk is recursive: the dynamic/ and quantized/ subfolders are in.
    for sub in ["dynamic", "quantized"] {
        assert!(
            files
                .iter()
                .any(|f| f.parent().is_some_and(|p| p.ends_with(sub))),
            "no file of testdata/{sub}/ was checked"
        );
    }
    assert_eq!(total.ok, total.cases);
}

#[test]
fn interpret_cases_parse_and_round_trip() {
    let Some((total, _)) = check_suite("interpret", Mode::ParseAndRoundTrip, &[]) else {
        return;
    };
    // Every `// -----` case counts (the README gives 523).
    assert!(
        total.cases >= 500,
        "only {} cases in interpret/",
        total.cases
    );
}

#[test]
fn verify_cases_parse_unless_an_error_is_expected() {
    check_suite(
        "verify",
        Mode::Verify { round_trip: false },
        &["print_types_invalid.mlir"],
    );
}

#[test]
fn verify_cases_that_parse_round_trip() {
    check_suite(
        "verify",
        Mode::Verify { round_trip: true },
        &["print_types_invalid.mlir"],
    );
}

/// `print_types_invalid.mlir` holds syntax errors. Every case with an
/// `expected-error` is rejected with a diagnostic located inside the case, at
/// or after the first line an error is expected on — except a case whose only
/// expected errors are verifier errors (`op requires the same element
/// type...`), which the parser may accept.
#[test]
fn print_types_invalid_cases_fail_with_located_diagnostics() {
    let Some(base) = common::conformance_dir() else {
        return;
    };
    let path = base.join("verify/print_types_invalid.mlir");
    let text = read_text(&path);
    let name = "verify/print_types_invalid.mlir";
    let cases = split_cases(&text);
    let results = parse_file(name, &text);
    assert_eq!(results.len(), cases.len());
    let mut failures = Vec::new();
    let (mut rejected, mut accepted) = (0, 0);
    for (result, case) in results.iter().zip(&cases) {
        let expected = expected_errors(&text, case);
        let first_parser_error = expected.iter().find(|e| !e.verifier_prefix);
        let first_any = expected.iter().map(|e| e.line).min();
        let last = case_last_line(&text, case);
        match result {
            Ok(_) => match first_parser_error {
                Some(e) => failures.push(format!(
                    "{name}:{}: parsed, but this error is expected: {{{{{}}}}}",
                    e.line, e.message
                )),
                None => accepted += 1,
            },
            Err(d) => {
                let located = d.file == name
                    && d.line >= 1
                    && d.col >= 1
                    && !d.message.is_empty()
                    && !d.source_line.is_empty();
                if !located {
                    failures.push(format!("{name}: badly located diagnostic {d:?}"));
                } else if d.line < case.line || d.line > last {
                    failures.push(format!(
                        "{name}:{}:{}: diagnostic outside its case (lines {}..={last}): {}",
                        d.line, d.col, case.line, d.message
                    ));
                } else if first_any.is_none_or(|first| d.line < first) {
                    failures.push(format!(
                        "{name}:{}:{}: {} (no error is expected before line {})",
                        d.line,
                        d.col,
                        d.message,
                        first_any.map_or(last + 1, |f| f)
                    ));
                } else {
                    rejected += 1;
                }
            }
        }
    }
    println!(
        "{name}: {} cases: {rejected} rejected with located diagnostics, {accepted} accepted \
         (only a verifier error expected), {} failed",
        cases.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(rejected >= 30, "only {rejected} cases were rejected");
}
