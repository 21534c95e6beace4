//! Checking a file of the verifier test style: cases split by `// -----`,
//! with `// expected-error@+N {{...}}` (or `@-N`, `@below`, `@above`, or bare
//! on the op's own line) marking the ops that must be rejected. A case passes
//! when the verifier (or the parser, for syntax errors) rejects exactly the
//! marked ops, and accepts a case without marks. Message wording is not
//! compared.

use crate::ir::parse::parse_case;
use crate::ir::split_cases;
use crate::verify::{verify_program, Kind, Options};
use std::collections::BTreeSet;

/// The verdict on one `// -----` case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseVerdict {
    /// 1-based line of the case's first line.
    pub line: u32,
    pub passed: bool,
    /// What was expected and what happened.
    pub detail: String,
}

/// The lines (1-based, in the whole file) where a case expects errors.
pub fn expected_lines(case_text: &str, first_line: u32) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for (i, line) in case_text.lines().enumerate() {
        let here = first_line.saturating_add(i as u32);
        let Some(at) = line.find("expected-error") else {
            continue;
        };
        let rest = line[at + "expected-error".len()..]
            .trim_start_matches("-re")
            .trim_start();
        let target = match rest.strip_prefix('@') {
            None => Some(here),
            Some(spec) => {
                let spec: String = spec
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '{')
                    .collect();
                match spec.as_str() {
                    "below" => Some(here + 1),
                    "above" => Some(here.saturating_sub(1)),
                    s => match (s.strip_prefix('+'), s.strip_prefix('-')) {
                        (Some(n), _) => n.parse::<u32>().ok().map(|n| here.saturating_add(n)),
                        (_, Some(n)) => n.parse::<u32>().ok().map(|n| here.saturating_sub(n)),
                        _ => None,
                    },
                }
            }
        };
        if let Some(t) = target {
            out.insert(t);
        }
    }
    out
}

/// One verdict per `// -----` case of `text`. Never panics.
pub fn check_expected_errors(file_name: &str, text: &str) -> Vec<CaseVerdict> {
    let cases = split_cases(text);
    let mut out = Vec::with_capacity(cases.len());
    // One case at a time: parsed, verified and dropped before the next.
    for case in &cases {
        let body = text.get(case.start..case.end).unwrap_or("");
        let expected = expected_lines(body, case.line);
        let last_line = case.line + body.matches('\n').count() as u32;
        let want = if expected.is_empty() {
            "accept".to_string()
        } else {
            format!(
                "reject the op(s) at line(s) {}",
                expected
                    .iter()
                    .map(|l| l.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let parsed = std::panic::catch_unwind(|| parse_case(file_name, text, case));
        let verdict = match parsed {
            Err(_) => CaseVerdict {
                line: case.line,
                passed: false,
                detail: "internal error while parsing".into(),
            },
            Ok(Err(d)) => {
                let first = expected.iter().next().copied();
                let passed = first.is_some_and(|f| d.line >= f && d.line <= last_line);
                CaseVerdict {
                    line: case.line,
                    passed,
                    detail: format!(
                        "expected to {want}; the parser rejected it at line {}: {}",
                        d.line, d.message
                    ),
                }
            }
            Ok(Ok(prog)) => {
                let report = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    verify_program(&prog, &Options::default())
                }));
                match report {
                    Err(_) => CaseVerdict {
                        line: case.line,
                        passed: false,
                        detail: "internal error while verifying".into(),
                    },
                    Ok(report) => {
                        let errors: Vec<_> = report
                            .findings
                            .iter()
                            .filter(|f| f.kind == Kind::Error)
                            .collect();
                        let lines: BTreeSet<u32> = errors.iter().map(|f| f.pos.line).collect();
                        let passed = judge(&prog, &expected, &lines);
                        let got = if errors.is_empty() {
                            "the verifier accepted it".to_string()
                        } else {
                            let shown: Vec<String> = errors
                                .iter()
                                .take(3)
                                .map(|f| format!("line {}: {}", f.pos.line, f.headline()))
                                .collect();
                            format!("the verifier rejected {}", shown.join("; "))
                        };
                        CaseVerdict {
                            line: case.line,
                            passed,
                            detail: format!("expected to {want}; {got}"),
                        }
                    }
                }
            }
        };
        out.push(verdict);
    }
    out
}

/// Whether the errors found (`errors`, op lines) match the expected lines.
///
/// MLIR's verifier stops at the first failing op of each function (each is
/// isolated from above), and reports errors that attributes raise at the
/// attribute's own line. So the case is judged per top-level function: a
/// function without marks must have no error; a function with marks must
/// have an error that matches one of them, where an error on the op starting
/// at line `L` matches a mark on `L` or on a later line of the same op
/// (before the next op starts).
fn judge(prog: &crate::ir::Program, expected: &BTreeSet<u32>, errors: &BTreeSet<u32>) -> bool {
    let mut op_lines = BTreeSet::new();
    let mut funcs = Vec::new();
    fn walk(ops: &[crate::ir::Op], top: bool, op_lines: &mut BTreeSet<u32>, funcs: &mut Vec<u32>) {
        for op in ops {
            op_lines.insert(op.pos.line);
            let is_module = op.name == "builtin.module";
            if top && op.name == "func.func" {
                funcs.push(op.pos.line);
            }
            for r in &op.regions {
                for b in &r.blocks {
                    walk(&b.ops, top && is_module, op_lines, funcs);
                }
            }
        }
    }
    walk(&prog.ops, true, &mut op_lines, &mut funcs);
    funcs.sort();
    let group = |line: u32| funcs.iter().rposition(|&f| f <= line);
    let matches = |err: u32, exp: u32| {
        err == exp || (err < exp && op_lines.range(err + 1..=exp).next().is_none())
    };
    let mut groups: BTreeSet<Option<usize>> = expected.iter().map(|&l| group(l)).collect();
    groups.extend(errors.iter().map(|&l| group(l)));
    groups.into_iter().all(|g| {
        let exp: Vec<u32> = expected
            .iter()
            .copied()
            .filter(|&l| group(l) == g)
            .collect();
        let err: Vec<u32> = errors.iter().copied().filter(|&l| group(l) == g).collect();
        if exp.is_empty() {
            err.is_empty()
        } else {
            err.iter().any(|&e| exp.iter().any(|&x| matches(e, x)))
        }
    })
}
