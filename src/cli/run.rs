//! `hlocheck run` and `hlocheck test`.

use super::parallel_map;
use crate::interp::literal::{from_npy, parse_literal, random_tensor, write_npy, write_value};
use crate::interp::{check_value_type, Interp, Limits, Value};
use crate::ir::parse::parse_case;
use crate::ir::{split_cases, Program, Type};
use std::path::{Path, PathBuf};

/// The limits of a run (`run`, `test`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct LimitArgs {
    /// Elements of any one tensor
    #[arg(long, value_name = "N")]
    pub max_elements: Option<u64>,
    /// Bytes of any one tensor
    #[arg(long, value_name = "N")]
    pub max_bytes: Option<u64>,
    /// Bytes held by the whole run (default: half of the machine's memory)
    #[arg(long, value_name = "N")]
    pub max_memory: Option<u64>,
    /// Loop iterations and calls, all together
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Elements read and written by all ops, and the element operations of heavy kernels
    #[arg(long, value_name = "N")]
    pub max_work: Option<u64>,
}

impl LimitArgs {
    /// The default limits with the given ones replaced.
    pub fn limits(&self) -> Limits {
        let mut l = Limits::default();
        for (slot, v) in [
            (&mut l.max_elements, self.max_elements),
            (&mut l.max_bytes, self.max_bytes),
            (&mut l.max_memory, self.max_memory),
            (&mut l.max_steps, self.max_steps),
            (&mut l.max_work, self.max_work),
        ] {
            if let Some(v) = v {
                *slot = v;
            }
        }
        l
    }
}

/// The first error the verifier finds in a program, rendered as
/// `FILE:LINE:COL: error: op (label): message`: `run` and `test` refuse
/// what `verify` rejects, with its message.
pub fn verifier_error(file: &str, text: &str, prog: &Program) -> Option<String> {
    first_error(file, text, &full_verifier(prog)?)
}

/// The first error of a verifier's report, rendered as [`verifier_error`]
/// renders it.
fn first_error(file: &str, text: &str, report: &crate::verify::Report) -> Option<String> {
    let f = report
        .findings
        .iter()
        .find(|f| f.kind == crate::verify::Kind::Error)?;
    let (line, col) = (f.pos.line.max(1), f.pos.col.max(1));
    let chain = f
        .call_chain(file)
        .map(|c| format!("; {c}"))
        .unwrap_or_default();
    let offset = super::line_col_offset(text, line, col);
    Some(
        crate::ir::Diagnostic::at(file, text, offset, format!("{}{chain}", f.headline()))
            .to_string(),
    )
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

/// `hlocheck run`: run a function of a program.
#[derive(clap::Parser, Debug)]
#[command(
    version,
    about = "Run a function; arguments as dense literals or .npy files"
)]
struct RunArgs {
    /// The .mlir file
    file: String,
    /// The function to run (default: main, else the only public function)
    #[arg(long, value_name = "NAME")]
    entry: Option<String>,
    /// An argument: `dense<...> : tensor<...>` or a .npy file (one per parameter, in order)
    #[arg(long, value_name = "VALUE", allow_hyphen_values = true)]
    arg: Vec<String>,
    /// Random arguments for the parameters not given, from this seed
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Write the results as result0.npy, result1.npy, ... in this folder
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Print the time taken by each phase on stderr
    #[arg(long)]
    time: bool,
    #[command(flatten)]
    limits: LimitArgs,
}

/// `hlocheck run FILE [--entry NAME] [--arg VALUE]... [--seed N] [--out DIR]`.
pub fn cmd_run(args: &[String]) -> i32 {
    run_with(args, full_verifier).unwrap_or(2)
}

/// `hlocheck run` for a program that needs no solver: `None`, having done
/// nothing (no output), when the program needs one (dynamic sizes,
/// assumptions, process counts), so the caller hands the command to a
/// binary with Z3. Uses no Z3 itself.
pub fn cmd_run_static(args: &[String]) -> Option<i32> {
    run_with(args, |p| {
        crate::verify::verify_program_static(p, &crate::verify::Options::default())
    })
}

/// The verifier's report on a program, or `None` when the verifier at hand
/// cannot decide it.
type Verifier = fn(&Program) -> Option<crate::verify::Report>;

fn full_verifier(p: &Program) -> Option<crate::verify::Report> {
    Some(crate::verify::verify_program(
        p,
        &crate::verify::Options::default(),
    ))
}

fn run_with(args: &[String], verify: Verifier) -> Option<i32> {
    let a: RunArgs = match super::parse_args("run", args) {
        Ok(a) => a,
        Err(code) => return Some(code),
    };
    match run_main(a, verify) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hlocheck run: {e}");
            Some(2)
        }
    }
}

fn run_main(a: RunArgs, verify: Verifier) -> Result<Option<i32>, String> {
    let (file, entry, out, seed, time) = (a.file, a.entry, a.out, a.seed, a.time);
    let arg_values = a.arg;
    let started = std::time::Instant::now();
    // The executor's threads start while the program is read and verified
    // (and find the default limits meanwhile).
    crate::interp::par::start();
    let text = match super::read_text(Path::new(&file)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return Ok(Some(1));
        }
    };
    let prog = match crate::ir::parse::parse_program(&file, &text) {
        Ok(p) => p,
        Err(d) => {
            eprintln!("{d}");
            return Ok(Some(1));
        }
    };
    let read = std::time::Instant::now();
    let limits = a.limits.limits();
    let job = Job {
        prog: &prog,
        file: &file,
        limits,
        entry: entry.as_deref(),
        arg_values: &arg_values,
        seed,
    };
    // The verifier's verdict: `None` when this verifier cannot decide the
    // program, else its first error, if any.
    let judge = || verify(&prog).map(|r| first_error(&file, &text, &r));
    // The evaluation runs beside the verifier, on this thread, while the
    // verifier works on a thread of its own. Nothing the evaluation does is
    // shown (it prints nothing, writes nothing; its errors and a panic are
    // held) until the verifier has accepted the program; a rejection stops
    // it before its next op. A program with `interpreter.print` is
    // verified first, as is any program when no thread can be started.
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (verdict, verified, early) = std::thread::scope(|s| {
        let verifier = if prints(&prog.ops) {
            None
        } else {
            std::thread::Builder::new()
                .stack_size(super::STACK_BYTES)
                .spawn_scoped(s, || {
                    crate::interp::memory::reserve_thread_heap();
                    let v = judge();
                    if !matches!(v, Some(None)) {
                        stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                    (v, std::time::Instant::now())
                })
                .ok()
        };
        match verifier {
            Some(h) => {
                let early = super::output::catch_quietly(|| job.evaluate(Some(stop.clone())));
                let (v, t) = h
                    .join()
                    .unwrap_or_else(|payload| std::panic::resume_unwind(payload));
                (v, t, Some(early))
            }
            None => (judge(), std::time::Instant::now(), None),
        }
    });
    let Some(error) = verdict else {
        return Ok(None);
    };
    if let Some(e) = error {
        eprintln!("{e}");
        return Ok(Some(1));
    }
    // Accepted: the early evaluation stands, unless it panicked, which is
    // repeated here (it is deterministic) so the panic shows as it would.
    let (interp, results, parsed) = match early {
        Some(Ok(done)) => done?,
        _ => job.evaluate(None)?,
    };
    let results = match results {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{file}:{e}");
            return Ok(Some(1));
        }
    };
    // Output begins once both the evaluation and the verifier are done.
    let evaluated = parsed.2.max(verified);
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
                write_npy_file(&path, t).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        None => {
            for r in &results {
                super::output::emit_with(|w| {
                    write_value(w, r)?;
                    w.write_all(b"\n")
                });
            }
        }
    }
    if time {
        let ms = |a: std::time::Instant, b: std::time::Instant| (b - a).as_secs_f64() * 1e3;
        let done = std::time::Instant::now();
        eprintln!(
            "time: read and parse {:.3} ms, verification {:.3} ms, arguments {:.3} ms, \
             evaluation {:.3} ms, output {:.3} ms",
            ms(started, read),
            ms(read, verified.max(read)),
            ms(parsed.0, parsed.1),
            ms(parsed.1, parsed.2),
            ms(evaluated, done)
        );
    }
    // The process ends after this command: the program's and the
    // interpreter's many small allocations are left to the exit instead of
    // being freed one by one.
    std::mem::forget(interp);
    std::mem::forget(prog);
    Ok(Some(status))
}

/// What `run` evaluates: a verified (or being verified) program, its
/// entry and arguments.
struct Job<'a> {
    prog: &'a Program,
    file: &'a str,
    limits: Limits,
    entry: Option<&'a str>,
    arg_values: &'a [String],
    seed: Option<u64>,
}

/// An evaluation: the executor (its checks), the results or the run's
/// error, and when argument building began, evaluation began and ended.
type Evaluated<'a> = (
    Interp<'a>,
    Result<Vec<Value>, String>,
    (std::time::Instant, std::time::Instant, std::time::Instant),
);

impl<'a> Job<'a> {
    /// Builds the arguments and runs the entry function; `Err` is a usage
    /// error (exit status 2), a run's own error is in the result.
    fn evaluate(
        &self,
        stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> Result<Evaluated<'a>, String> {
        let (prog, file, limits, seed) = (self.prog, self.file, self.limits, self.seed);
        let started = std::time::Instant::now();
        let mut interp = Interp::new(prog, limits);
        interp.stop = stop;
        let name = entry_of(&interp, prog, self.entry)
            .ok_or_else(|| format!("{file}: no entry function; name one with --entry"))?;
        if interp.function(&name).is_none() {
            return Err(format!("{file}: no function named @{name}"));
        }
        let types = arg_types(&interp, &name);
        if self.arg_values.len() > types.len() {
            return Err(format!(
                "@{name} takes {} arguments but {} were given",
                types.len(),
                self.arg_values.len()
            ));
        }
        let mut inputs = Vec::new();
        let mut rng_state = seed.unwrap_or(0);
        for (i, ty) in types.iter().enumerate() {
            let what = format!("argument {i} of @{name}");
            let v = match self.arg_values.get(i) {
                Some(text) if text.ends_with(".npy") => {
                    let bytes =
                        super::read_file(Path::new(text)).map_err(|e| format!("{text}: {e}"))?;
                    let Type::Tensor(tt) = ty else {
                        return Err(format!("{what} is of type {ty}, not a tensor"));
                    };
                    Value::tensor(
                        from_npy(&bytes, &tt.elem, limits.max_elements)
                            .map_err(|e| format!("{what}: {text}: {e}"))?,
                    )
                }
                Some(text) => Value::tensor(
                    parse_literal(text, limits.max_elements).map_err(|e| format!("{what}: {e}"))?,
                ),
                None if seed.is_some() => {
                    // Held to the tensor size and memory limits before it is drawn.
                    if let (Some(shape), Some(elem)) = (
                        crate::interp::static_shape(ty),
                        crate::interp::elem_type(ty),
                    ) {
                        interp
                            .check_shape(&shape, crate::interp::tensor::lanes(elem))
                            .map_err(|m| format!("{what}: {m}"))?;
                    }
                    Value::tensor(random_tensor(ty, &mut rng_state, limits.max_elements)?)
                }
                None => {
                    return Err(format!(
                    "@{name} takes {} arguments; give them with --arg, or --seed N for random ones",
                    types.len()
                ))
                }
            };
            check_value_type(&v, ty).map_err(|m| format!("{what}: {m}"))?;
            inputs.push(v);
        }
        let parsed = std::time::Instant::now();
        let results = interp.call(&name, inputs);
        Ok((
            interp,
            results,
            (started, parsed, std::time::Instant::now()),
        ))
    }
}

/// Whether any op (in any region) is `interpreter.print`, which writes as
/// it runs.
fn prints(ops: &[crate::ir::Op]) -> bool {
    ops.iter().any(|op| {
        op.name == "interpreter.print"
            || op
                .regions
                .iter()
                .any(|r| r.blocks.iter().any(|b| prints(&b.ops)))
    })
}

/// Writes `t` as a `.npy` file at `path`, streamed (no copy of the result
/// is built). An existing file is written over in place and then cut to
/// the new length, rather than truncated first: freeing a file's blocks
/// and allocating them again costs more than the write itself when a run
/// is repeated into the same folder. The file holds exactly the new bytes.
fn write_npy_file(path: &Path, t: &crate::interp::tensor::Tensor) -> std::io::Result<()> {
    use std::io::{Seek, Write};
    let f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)?;
    let mut w = std::io::BufWriter::new(f);
    write_npy(&mut w, t)?;
    w.flush()?;
    let mut f = w.into_inner().map_err(|e| e.into_error())?;
    let len = f.stream_position()?;
    f.set_len(len)
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
    let text = match super::read_file(path) {
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
    // One case at a time: each is parsed, verified and run, and its program
    // dropped before the next is read, so memory holds one program and the
    // verdicts, however many cases the file has.
    split_cases(&text)
        .into_iter()
        .map(|case| match parse_case(&name, &text, &case) {
            Err(d) => result(case.line, Verdict::Failed, d.to_string()),
            Ok(prog) => match verifier_error(&name, &text, &prog) {
                Some(e) => result(
                    case.line,
                    Verdict::Failed,
                    format!("the verifier rejects the program: {e}"),
                ),
                None => {
                    let (v, detail) = run_case(&prog, limits);
                    result(case.line, v, detail)
                }
            },
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

/// `hlocheck test`: run conformance tests.
#[derive(clap::Parser, Debug)]
#[command(version, about = "Run conformance tests; one verdict per case")]
struct TestArgs {
    /// Also write every verdict to this file as JSON
    #[arg(long, value_name = "FILE")]
    json: Option<String>,
    /// Print every verdict, not only failures
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    jobs: super::JobsArg,
    /// Files or folders (folders are searched for .mlir files)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<String>,
}

/// `hlocheck test PATH... [--json FILE] [--verbose]`.
pub fn cmd_test(args: &[String]) -> i32 {
    let a: TestArgs = match super::parse_args("test", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    a.jobs.apply();
    let limits = a.limits.limits();
    let (json, verbose) = (a.json, a.verbose);
    let files = match super::input_files("test", &a.paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let progress = super::progress(files.len() as u64, "files");
    let results: Vec<CaseResult> = parallel_map(&files, |f| {
        let r = test_file(f, limits);
        progress.inc(1);
        r
    })
    .into_iter()
    .flatten()
    .collect();
    progress.finish_and_clear();
    let count = |v: Verdict| results.iter().filter(|r| r.verdict == v).count();
    let (passed, failed, skipped) = (
        count(Verdict::Passed),
        count(Verdict::Failed),
        count(Verdict::Skipped),
    );
    for r in &results {
        if r.verdict == Verdict::Failed || verbose {
            let first = r.detail.lines().next().unwrap_or("");
            outln!("{}:{}: {}: {first}", r.file, r.line, r.verdict.name());
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
    outln!("{passed} passed, {failed} failed, {skipped} skipped");
    i32::from(failed > 0)
}
