//! The command line.

use crate::ir::parse::parse_file;
use crate::ir::print::{print_generic, print_program};
use crate::ir::{split_cases, Program};
use std::path::{Path, PathBuf};

pub mod legalize;
pub mod run;

const USAGE: &str = "\
usage:
  hlocheck parse [--roundtrip] [--quiet] PATH...   parse files or folders (every `// -----` case)
  hlocheck fmt [--generic] FILE                    print a file in canonical (or generic) form
  hlocheck spec OP | --coverage                    print an op's formal spec, or which constraints are encoded
  hlocheck run FILE [--entry NAME] [--arg VALUE]... [--seed N] [--out DIR]
                                                   run a function; arguments as dense literals or .npy files
  hlocheck test PATH... [--json FILE] [--verbose]  run conformance tests; one verdict per case
  hlocheck verify [--assume COND]... [--json] [--timeout-ms N] FILE...
                                                   check every op against the spec; dynamic sizes by Z3
  hlocheck legalize FILE [-o OUT] [--stats]        rewrite CHLO ops into StableHLO (exact rules of spec/rules/)

limits (run, test): --max-elements N, --max-bytes N, --max-steps N (while iterations and region calls)";

/// Entry point of the `hlocheck` binary; returns the process exit status.
pub fn main() -> i32 {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // Deeply nested input recurses; run on a thread with a generous stack.
    let worker = std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(move || run(&args));
    match worker.map(|h| h.join()) {
        Ok(Ok(code)) => code,
        _ => {
            eprintln!("hlocheck: internal error");
            101
        }
    }
}

fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("parse") => cmd_parse(&args[1..]),
        Some("fmt") => cmd_fmt(&args[1..]),
        Some("spec") => cmd_spec(&args[1..]),
        Some("run") => run::cmd_run(&args[1..]),
        Some("test") => run::cmd_test(&args[1..]),
        Some("verify") => cmd_verify(&args[1..]),
        Some("legalize") => legalize::cmd_legalize(&args[1..]),
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            0
        }
        _ => {
            eprintln!("{USAGE}");
            2
        }
    }
}

/// Parses a command's arguments (those after the command's name) with clap.
/// `--help` prints the command's help and gives exit status 0; any usage
/// error prints clap's message and gives exit status 2. Every command that
/// takes options declares them as a `#[derive(clap::Parser)]` struct and
/// starts with `let a: Args = match parse_args("name", args) { Ok(a) => a,
/// Err(code) => return code };`.
pub fn parse_args<T: clap::Parser>(cmd: &str, args: &[String]) -> Result<T, i32> {
    let argv = std::iter::once(format!("hlocheck {cmd}")).chain(args.iter().cloned());
    T::try_parse_from(argv).map_err(|e| {
        let code = match e.kind() {
            clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => 0,
            _ => 2,
        };
        let _ = e.print();
        code
    })
}

/// Every `.mlir` file under the given paths, sorted, folders searched recursively.
pub fn collect_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    fn walk(p: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let meta = std::fs::metadata(p).map_err(|e| format!("{}: {e}", p.display()))?;
        if meta.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries {
                if e.is_dir() || e.extension().is_some_and(|x| x == "mlir") {
                    walk(&e, out)?;
                }
            }
        } else {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        walk(Path::new(p), &mut out)?;
    }
    Ok(out)
}

/// The `.mlir` files under a command's PATH arguments; on failure the
/// message is printed and the exit status returned.
pub fn input_files(cmd: &str, paths: &[String]) -> Result<Vec<PathBuf>, i32> {
    if paths.is_empty() {
        eprintln!("{USAGE}");
        return Err(2);
    }
    collect_files(paths).map_err(|e| {
        eprintln!("hlocheck {cmd}: {e}");
        2
    })
}

/// The outcome of parsing one file: cases parsed, and messages for failures.
struct FileReport {
    cases: usize,
    ok: usize,
    messages: Vec<String>,
}

/// Checks that printing `prog` and parsing the text again gives the same
/// program, in both the pretty and the generic form.
pub fn roundtrip_error(prog: &Program) -> Option<String> {
    for (form, text) in [
        ("pretty", print_program(prog)),
        ("generic", print_generic(prog)),
    ] {
        match crate::ir::parse::parse_program("<printed>", &text) {
            Err(d) => return Some(format!("the {form} form does not parse again:\n{d}")),
            Ok(again) if again != *prog => {
                return Some(format!("the {form} form parses to a different program"))
            }
            Ok(_) => {}
        }
    }
    None
}

fn parse_one(path: &Path, roundtrip: bool) -> FileReport {
    let name = path.display().to_string();
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            return FileReport {
                cases: 1,
                ok: 0,
                messages: vec![format!("{name}: error: {e}")],
            }
        }
    };
    let results = parse_file(&name, &text);
    let cases = split_cases(&text);
    let mut report = FileReport {
        cases: results.len(),
        ok: 0,
        messages: Vec::new(),
    };
    for (r, case) in results.into_iter().zip(cases) {
        match r {
            Err(d) => report.messages.push(d.to_string()),
            Ok(prog) => match roundtrip.then(|| roundtrip_error(&prog)).flatten() {
                Some(msg) => report
                    .messages
                    .push(format!("{name}:{}:1: error: round trip: {msg}", case.line)),
                None => report.ok += 1,
            },
        }
    }
    report
}

fn cmd_parse(args: &[String]) -> i32 {
    let mut roundtrip = false;
    let mut quiet = false;
    let mut paths = Vec::new();
    for a in args {
        match a.as_str() {
            "--roundtrip" => roundtrip = true,
            "--quiet" | "-q" => quiet = true,
            s if s.starts_with('-') => {
                eprintln!("hlocheck parse: unknown option '{s}'\n{USAGE}");
                return 2;
            }
            _ => paths.push(a.clone()),
        }
    }
    let files = match input_files("parse", &paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let reports = parallel_map(&files, |f| parse_one(f, roundtrip));
    let (mut total, mut ok) = (0, 0);
    for r in &reports {
        total += r.cases;
        ok += r.ok;
        if !quiet {
            for m in &r.messages {
                println!("{m}");
            }
        }
    }
    println!("parsed {ok} of {total} cases");
    i32::from(ok != total)
}

/// Maps `f` over `items` on all available cores, keeping the order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut slots: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    let results = std::sync::Mutex::new(&mut slots);
    std::thread::scope(|s| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn_scoped(s, || loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    let r = f(&items[i]);
                    if let Ok(mut guard) = results.lock() {
                        guard[i] = Some(r);
                    }
                })
                .expect("spawn a worker thread");
        }
    });
    slots.into_iter().flatten().collect()
}

fn cmd_fmt(args: &[String]) -> i32 {
    let mut generic = false;
    let mut file = None;
    for a in args {
        match a.as_str() {
            "--generic" => generic = true,
            s if s.starts_with('-') => {
                eprintln!("hlocheck fmt: unknown option '{s}'\n{USAGE}");
                return 2;
            }
            _ => file = Some(a.clone()),
        }
    }
    let Some(file) = file else {
        eprintln!("{USAGE}");
        return 2;
    };
    let text = match std::fs::read(&file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("{file}: error: {e}");
            return 2;
        }
    };
    let mut status = 0;
    let results = parse_file(&file, &text);
    let n = results.len();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(p) => print!(
                "{}",
                if generic {
                    print_generic(&p)
                } else {
                    print_program(&p)
                }
            ),
            Err(d) => {
                eprintln!("{d}");
                status = 1;
            }
        }
        if i + 1 < n {
            println!("// -----");
        }
    }
    status
}

fn cmd_spec(args: &[String]) -> i32 {
    let spec = match crate::spec::Spec::embedded() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hlocheck spec: the embedded spec does not load: {e}");
            return 1;
        }
    };
    match args {
        [flag] if flag == "--coverage" => {
            let tested = crate::verify::tested_labels();
            print!(
                "{}",
                spec.coverage_listing_tested(&|op, label| {
                    tested.contains(&(op.to_string(), label.to_string()))
                })
            );
            0
        }
        [op] if !op.starts_with('-') => {
            let name = if op.contains('.') {
                op.clone()
            } else {
                format!("stablehlo.{op}")
            };
            match spec.op(&name) {
                Some(o) => {
                    print!("{}", crate::spec::render(o));
                    0
                }
                None => {
                    eprintln!("hlocheck spec: no op named '{name}' in the spec");
                    1
                }
            }
        }
        _ => {
            eprintln!("{USAGE}");
            2
        }
    }
}

/// What `hlocheck verify` found in one file.
struct VerifyOutcome {
    text: String,
    json: Vec<serde_json::Value>,
    errors: usize,
    preconditions: usize,
    unknowns: usize,
    cases: usize,
}

fn verify_one(path: &Path, opts: &crate::verify::Options) -> VerifyOutcome {
    use crate::verify::Kind;
    let name = path.display().to_string();
    let mut out = VerifyOutcome {
        text: String::new(),
        json: Vec::new(),
        errors: 0,
        preconditions: 0,
        unknowns: 0,
        cases: 0,
    };
    let text = match std::fs::read(path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            out.text = format!("{name}: error: {e}\n");
            out.errors = 1;
            out.cases = 1;
            return out;
        }
    };
    let cases = split_cases(&text);
    let results = parse_file(&name, &text);
    for (case, result) in cases.iter().zip(results) {
        out.cases += 1;
        let prog = match result {
            Ok(p) => p,
            Err(d) => {
                out.errors += 1;
                out.text.push_str(&format!("{d}\n"));
                out.json.push(serde_json::json!({
                    "file": name, "case_line": case.line, "kind": "error", "op": null,
                    "label": "parse", "line": d.line, "col": d.col, "message": d.message,
                }));
                continue;
            }
        };
        let report = crate::verify::verify_program(&prog, opts);
        for f in &report.findings {
            let (line, col) = (f.pos.line.max(1), f.pos.col.max(1));
            let kind = match f.kind {
                Kind::Error => "error",
                Kind::Precondition => "precondition",
                Kind::Unknown => "unknown",
            };
            let called_from: Vec<serde_json::Value> = f
                .called_from
                .iter()
                .map(|p| serde_json::json!({"line": p.line, "col": p.col}))
                .collect();
            out.json.push(serde_json::json!({
                "file": name, "case_line": case.line, "kind": kind, "op": f.op,
                "label": f.label, "line": line, "col": col, "message": f.message,
                "counterexample": f.counterexample, "called_from": called_from,
            }));
            // `; called from FILE:L:C, which is called from ...` for an op
            // checked at a call.
            let chain = f
                .call_chain(&name)
                .map(|c| format!("; {c}"))
                .unwrap_or_default();
            match f.kind {
                Kind::Error => {
                    out.errors += 1;
                    let offset = line_col_offset(&text, line, col);
                    let d = crate::ir::Diagnostic::at(
                        &name,
                        &text,
                        offset,
                        format!("{}{chain}", f.headline()),
                    );
                    out.text.push_str(&format!("{d}\n"));
                }
                Kind::Precondition => {
                    out.preconditions += 1;
                    out.text.push_str(&format!(
                        "{name}:{line}:{col}: precondition: {} ({}) holds only if {}{chain}{}\n",
                        f.op,
                        f.label,
                        f.message,
                        f.counterexample
                            .as_ref()
                            .filter(|c| !c.is_empty())
                            .map(|c| format!("; counterexample: {c}"))
                            .unwrap_or_default()
                    ));
                }
                Kind::Unknown => {
                    out.unknowns += 1;
                    out.text.push_str(&format!(
                        "{name}:{line}:{col}: unknown: {}{chain}\n",
                        f.headline()
                    ));
                }
            }
        }
    }
    out
}

/// The byte offset of a 1-based line and column (columns count characters).
fn line_col_offset(text: &str, line: u32, col: u32) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line as usize {
            let extra: usize = l
                .chars()
                .take(col.saturating_sub(1) as usize)
                .map(char::len_utf8)
                .sum();
            return offset + extra;
        }
        offset += l.len();
    }
    text.len()
}

fn cmd_verify(args: &[String]) -> i32 {
    let mut opts = crate::verify::Options::default();
    let mut json = false;
    let mut paths = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--json" => json = true,
            "--assume" => match it.next() {
                Some(c) => opts.assumptions.push(c.clone()),
                None => {
                    eprintln!("hlocheck verify: --assume needs a condition");
                    return 2;
                }
            },
            "--timeout-ms" => match it.next().and_then(|n| n.parse::<u32>().ok()) {
                Some(n) => opts.timeout_ms = n,
                None => {
                    eprintln!("hlocheck verify: --timeout-ms needs a number of milliseconds");
                    return 2;
                }
            },
            s if s.starts_with('-') => {
                eprintln!("hlocheck verify: unknown option '{s}'\n{USAGE}");
                return 2;
            }
            _ => paths.push(a.clone()),
        }
    }
    let files = match input_files("verify", &paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let outcomes = parallel_map(&files, |f| verify_one(f, &opts));
    let (mut errors, mut pre, mut unk, mut cases) = (0, 0, 0, 0);
    let mut all_json = Vec::new();
    for o in outcomes {
        errors += o.errors;
        pre += o.preconditions;
        unk += o.unknowns;
        cases += o.cases;
        if json {
            all_json.extend(o.json);
        } else {
            print!("{}", o.text);
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(all_json));
    } else {
        println!("verified {cases} cases: {errors} errors, {pre} preconditions, {unk} undecided");
    }
    i32::from(errors > 0)
}
