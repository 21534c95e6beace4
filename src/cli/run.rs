//! `hlocheck run` and `hlocheck test`.

use super::parallel_map;
use crate::interp::literal::{format_value, from_npy, parse_literal, random_tensor, to_npy};
use crate::interp::{Interp, Limits, Value};
use crate::ir::parse::parse_file;
use crate::ir::{split_cases, Program, Type};
use std::path::{Path, PathBuf};

/// Parses `--max-elements N`, `--max-steps N`, `--max-bytes N`; returns false
/// when `flag` is none of them.
fn limit_flag(
    flag: &str,
    it: &mut std::slice::Iter<'_, String>,
    limits: &mut Limits,
) -> Result<bool, String> {
    let slot = match flag {
        "--max-elements" => &mut limits.max_elements,
        "--max-steps" => &mut limits.max_steps,
        "--max-bytes" => &mut limits.max_bytes,
        _ => return Ok(false),
    };
    let v = it.next().ok_or_else(|| format!("{flag} needs a number"))?;
    *slot = v
        .parse()
        .map_err(|_| format!("{flag}: '{v}' is not a number"))?;
    Ok(true)
}

/// The entry function of a program: `--entry`, else `main`, else the only
/// public function, else the first public function in the text.
fn entry_of<'p>(interp: &Interp<'p>, prog: &'p Program, entry: Option<&str>) -> Option<String> {
    if let Some(e) = entry {
        return Some(e.to_string());
    }
    if let Some(e) = interp.default_entry() {
        return Some(e.to_string());
    }
    fn first_public(ops: &[crate::ir::Op]) -> Option<String> {
        for op in ops {
            if op.name == "func.func" {
                let private = op
                    .attr("sym_visibility")
                    .and_then(|a| a.as_str())
                    .is_some_and(|v| v == b"private");
                if !private {
                    if let Some(n) = op.attr("sym_name").and_then(|a| a.as_str()) {
                        return Some(String::from_utf8_lossy(n).into_owned());
                    }
                }
            }
            for r in &op.regions {
                for b in &r.blocks {
                    if let Some(n) = first_public(&b.ops) {
                        return Some(n);
                    }
                }
            }
        }
        None
    }
    first_public(&prog.ops)
}

/// The argument types of a function.
fn arg_types<'p>(interp: &Interp<'p>, name: &str) -> Vec<&'p Type> {
    interp
        .function(name)
        .and_then(|f| f.regions.first())
        .and_then(|r| r.blocks.first())
        .map(|b| b.args.iter().map(|&a| interp.ty(a)).collect())
        .unwrap_or_default()
}

/// `hlocheck run FILE [--entry NAME] [--arg VALUE]... [--seed N] [--out DIR]`.
pub fn cmd_run(args: &[String]) -> i32 {
    match run_main(args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hlocheck run: {e}");
            2
        }
    }
}

fn run_main(args: &[String]) -> Result<i32, String> {
    let mut limits = Limits::default();
    let (mut file, mut entry, mut out, mut seed) = (None, None, None, None);
    let mut time = false;
    let mut arg_values: Vec<String> = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if limit_flag(a, &mut it, &mut limits)? {
            continue;
        }
        let mut value = |what: &str| it.next().cloned().ok_or(format!("{a} needs {what}"));
        match a.as_str() {
            "--entry" => entry = Some(value("a function name")?),
            "--arg" => arg_values.push(value("a value")?),
            "--out" => out = Some(PathBuf::from(value("a folder")?)),
            "--time" => time = true,
            "--seed" => {
                let v = value("a number")?;
                seed = Some(
                    v.parse::<u64>()
                        .map_err(|_| format!("--seed: '{v}' is not a number"))?,
                );
            }
            s if s.starts_with('-') => return Err(format!("unknown option '{s}'")),
            _ if file.is_none() => file = Some(a.clone()),
            _ => return Err("give one FILE".into()),
        }
    }
    let file = file.ok_or(
        "usage: hlocheck run FILE [--entry NAME] [--arg VALUE]... [--seed N] [--out DIR] [--time]",
    )?;
    let started = std::time::Instant::now();
    let text = std::fs::read(&file).map_err(|e| format!("{file}: {e}"))?;
    let text = String::from_utf8_lossy(&text).into_owned();
    let prog = match crate::ir::parse::parse_program(&file, &text) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("{d}");
            return Ok(1);
        }
    };
    let mut interp = Interp::new(&prog, limits);
    let name = entry_of(&interp, &prog, entry.as_deref())
        .ok_or_else(|| format!("{file}: no entry function; name one with --entry"))?;
    if interp.function(&name).is_none() {
        return Err(format!("{file}: no function named @{name}"));
    }
    let types = arg_types(&interp, &name);
    if arg_values.len() > types.len() {
        return Err(format!(
            "@{name} takes {} arguments but {} were given",
            types.len(),
            arg_values.len()
        ));
    }
    let mut inputs = Vec::new();
    let mut rng_state = seed.unwrap_or(0);
    for (i, ty) in types.iter().enumerate() {
        let v = match arg_values.get(i) {
            Some(text) if text.ends_with(".npy") => {
                let bytes = std::fs::read(text).map_err(|e| format!("{text}: {e}"))?;
                let Type::Tensor(tt) = ty else {
                    return Err(format!("argument {i} is not a tensor"));
                };
                Value::tensor(
                    from_npy(&bytes, &tt.elem, limits.max_elements)
                        .map_err(|e| format!("{text}: {e}"))?,
                )
            }
            Some(text) => Value::tensor(
                parse_literal(text, limits.max_elements)
                    .map_err(|e| format!("argument {i}: {e}"))?,
            ),
            None if seed.is_some() => {
                Value::tensor(random_tensor(ty, &mut rng_state, limits.max_elements)?)
            }
            None => {
                return Err(format!(
                    "@{name} takes {} arguments; give them with --arg, or --seed N for random ones",
                    types.len()
                ))
            }
        };
        inputs.push(v);
    }
    let parsed = std::time::Instant::now();
    let results = match interp.call(&name, inputs) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{file}:{e}");
            return Ok(1);
        }
    };
    let evaluated = std::time::Instant::now();
    let mut status = 0;
    for c in &interp.checks {
        if !c.passed {
            eprintln!(
                "{file}:{}:{}: check failed: {}: {}",
                c.pos.line, c.pos.col, c.check, c.detail
            );
            status = 1;
        }
    }
    match out {
        Some(dir) => {
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            for (i, r) in results.iter().enumerate() {
                let Value::Tensor(t) = r else {
                    return Err(format!(
                        "result {i} is not a tensor; it cannot be written as .npy"
                    ));
                };
                let path = dir.join(format!("result{i}.npy"));
                std::fs::write(&path, to_npy(t)).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        None => {
            for r in &results {
                println!("{}", format_value(r));
            }
        }
    }
    if time {
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1e3;
        let done = std::time::Instant::now();
        eprintln!(
            "time: read and parse {:.3} ms, evaluation {:.3} ms, output {:.3} ms",
            ms(started, parsed),
            ms(parsed, evaluated),
            ms(evaluated, done)
        );
    }
    Ok(status)
}

/// One verdict of `hlocheck test`.
#[derive(Clone, Debug)]
pub struct CaseResult {
    pub file: String,
    pub line: u32,
    pub verdict: Verdict,
    pub detail: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed,
    Skipped,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Skipped => "skipped",
        }
    }
}

/// Runs every case of one conformance file.
pub fn test_file(path: &Path, limits: Limits) -> Vec<CaseResult> {
    let name = path.display().to_string();
    let text = match std::fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            return vec![CaseResult {
                file: name,
                line: 1,
                verdict: Verdict::Failed,
                detail: e.to_string(),
            }]
        }
    };
    let result = |line: u32, verdict: Verdict, detail: String| CaseResult {
        file: name.clone(),
        line,
        verdict,
        detail,
    };
    if text
        .lines()
        .any(|l| l.trim_start().starts_with("// RUN-DISABLED"))
    {
        return vec![result(1, Verdict::Skipped, "RUN-DISABLED".into())];
    }
    // The verifier's style: marked errors, or RUN lines that only parse and
    // verify (no `--interpret` anywhere): every unmarked case must be accepted.
    let run_lines: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("// RUN:"))
        .collect();
    let verify_only = !run_lines.is_empty() && !run_lines.iter().any(|l| l.contains("--interpret"));
    if text.contains("expected-error") || verify_only {
        return expected_error_style(&name, &text);
    }
    let cases = split_cases(&text);
    parse_file(&name, &text)
        .into_iter()
        .zip(cases)
        .map(|(parsed, case)| match parsed {
            Err(d) => result(case.line, Verdict::Failed, d.to_string()),
            Ok(prog) => {
                let (v, detail) = run_case(&prog, limits);
                result(case.line, v, detail)
            }
        })
        .collect()
}

/// The expected-error style (the verifier's tests): a case passes when the
/// verifier (or the parser) rejects exactly the ops marked `expected-error`.
fn expected_error_style(name: &str, text: &str) -> Vec<CaseResult> {
    crate::verify::expected::check_expected_errors(name, text)
        .into_iter()
        .map(|c| CaseResult {
            file: name.to_string(),
            line: c.line,
            verdict: if c.passed {
                Verdict::Passed
            } else {
                Verdict::Failed
            },
            detail: c.detail,
        })
        .collect()
}

/// Runs one case: its entry function, then the verdict of its checks.
fn run_case(prog: &Program, limits: Limits) -> (Verdict, String) {
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut interp = Interp::new(prog, limits);
        let Some(entry) = entry_of(&interp, prog, None) else {
            return (
                Verdict::Passed,
                "the case defines no function: nothing to run".to_string(),
            );
        };
        let types = arg_types(&interp, &entry);
        if !types.is_empty() {
            return (
                Verdict::Skipped,
                format!("@{entry} takes arguments; a test case takes none"),
            );
        }
        if let Err(e) = interp.call(&entry, Vec::new()) {
            return (Verdict::Failed, e);
        }
        match interp.checks.iter().find(|c| !c.passed) {
            Some(c) => (
                Verdict::Failed,
                format!("{}:{}: {}: {}", c.pos.line, c.pos.col, c.check, c.detail),
            ),
            None => (Verdict::Passed, format!("{} checks", interp.checks.len())),
        }
    }));
    outcome.unwrap_or_else(|_| (Verdict::Failed, "internal error (panic)".into()))
}

/// `hlocheck test PATH... [--json FILE] [--verbose]`.
pub fn cmd_test(args: &[String]) -> i32 {
    let mut limits = Limits::default();
    let (mut json, mut verbose, mut paths) = (None, false, Vec::new());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match limit_flag(a, &mut it, &mut limits) {
            Ok(true) => continue,
            Ok(false) => {}
            Err(e) => {
                eprintln!("hlocheck test: {e}");
                return 2;
            }
        }
        match a.as_str() {
            "--json" => match it.next() {
                Some(f) => json = Some(f.clone()),
                None => {
                    eprintln!("hlocheck test: --json needs a file");
                    return 2;
                }
            },
            "--verbose" | "-v" => verbose = true,
            s if s.starts_with('-') => {
                eprintln!("hlocheck test: unknown option '{s}'");
                return 2;
            }
            _ => paths.push(a.clone()),
        }
    }
    let files = match super::input_files("test", &paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let results: Vec<CaseResult> = parallel_map(&files, |f| test_file(f, limits))
        .into_iter()
        .flatten()
        .collect();
    let count = |v: Verdict| results.iter().filter(|r| r.verdict == v).count();
    let (passed, failed, skipped) = (
        count(Verdict::Passed),
        count(Verdict::Failed),
        count(Verdict::Skipped),
    );
    for r in &results {
        if r.verdict == Verdict::Failed || verbose {
            let first = r.detail.lines().next().unwrap_or("");
            println!("{}:{}: {}: {first}", r.file, r.line, r.verdict.name());
        }
    }
    if let Some(path) = json {
        let cases: Vec<serde_json::Value> = results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "file": r.file,
                    "line": r.line,
                    "verdict": r.verdict.name(),
                    "detail": r.detail,
                })
            })
            .collect();
        let report = serde_json::json!({
            "passed": passed,
            "failed": failed,
            "skipped": skipped,
            "cases": cases,
        });
        let text = serde_json::to_string_pretty(&report).unwrap_or_default();
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("hlocheck test: {path}: {e}");
            return 2;
        }
    }
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    i32::from(failed > 0)
}
