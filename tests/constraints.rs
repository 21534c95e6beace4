//! One program per constraint: `tests/constraints/*.mlir` hold, for the ops
//! of each spec file, cases in the verifier's test style. A case marks the op
//! that must be rejected and the constraint it breaks:
//!
//! ```text
//! // expected-error@+1 {{stablehlo.concatenate (C6)}}
//! %0 = stablehlo.concatenate ...
//! ```
//!
//! and passes when the verifier reports exactly the marked (op, label) pairs
//! at the marked lines and nothing else; an unmarked case must be accepted.
//! Cases come in pairs: one that satisfies a constraint, one that violates
//! only it. `hlocheck spec --coverage` counts a constraint as tested when a
//! case here (or in `tests/verify.rs`) violates it.

use hlocheck::ir::parse::parse_program;
use hlocheck::ir::split_cases;
use hlocheck::verify::{verify_program, Options};
use std::collections::BTreeSet;

/// The marks of a case: (target line, "op (label)").
fn marks(text: &str, first_line: u32) -> BTreeSet<(u32, String)> {
    let mut out = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = first_line + i as u32;
        let Some(rest) = line.trim_start().strip_prefix("// expected-error") else {
            continue;
        };
        let (offset, rest) = match rest.strip_prefix("@+") {
            Some(r) => {
                let digits: String = r.chars().take_while(char::is_ascii_digit).collect();
                (digits.parse::<u32>().unwrap_or(0), &r[digits.len()..])
            }
            None => (0, rest),
        };
        let text = rest
            .split_once("{{")
            .and_then(|(_, r)| r.split_once("}}"))
            .map(|(t, _)| t.trim().to_string())
            .unwrap_or_default();
        out.insert((line_no + offset, text));
    }
    out
}

#[test]
fn every_constraint_case_gets_exactly_its_marked_verdicts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/constraints");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    files.sort();
    let (mut cases, mut failures) = (0, Vec::new());
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for case in split_cases(&text) {
            let body = &text[case.start..case.end];
            if !body.contains("func.func") {
                continue;
            }
            cases += 1;
            let expected = marks(body, case.line);
            let name = format!("{}:{}", file.display(), case.line);
            let prog = match parse_program(&name, body) {
                Ok(p) => p,
                Err(d) => {
                    failures.push(format!("{name}: does not parse: {d}"));
                    continue;
                }
            };
            let report = verify_program(&prog, &Options::default());
            let got: BTreeSet<(u32, String)> = report
                .errors()
                .map(|f| {
                    (
                        case.line - 1 + f.pos.line,
                        format!("{} ({})", f.op, f.label),
                    )
                })
                .collect();
            if got != expected {
                failures.push(format!("{name}: expected {expected:?}, got {got:?}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases wrong:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
