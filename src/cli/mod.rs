//! The command line.

use crate::ir::parse::parse_file;
use crate::ir::print::{print_generic, print_program};
use crate::ir::{split_cases, Program};
use std::path::{Path, PathBuf};

#[macro_use]
pub mod output;
pub mod equiv;
pub mod fuzz;
pub mod legalize;
pub mod prove;
pub mod run;

const USAGE: &str = "\
usage:
  hlocheck parse [--roundtrip] [--quiet] PATH...   parse files or folders (every `// -----` case)
  hlocheck fmt [--generic] FILE                    print a file in canonical (or generic) form
  hlocheck spec OP | --coverage                    print an op's formal spec, or which constraints are encoded
  hlocheck run FILE [--entry NAME] [--arg VALUE]... [--seed N] [--out DIR]
                                                   run a function; arguments as dense literals or .npy files
  hlocheck test PATH... [--json FILE] [--verbose]  run conformance tests; one verdict per case
  hlocheck verify [--assume COND]... [--json] [--timeout-ms N] [--budget-ms N] FILE...
                                                   check every op against the spec; dynamic sizes by Z3
  hlocheck equiv A B [--entry NAME] [--json] [--samples N] [--seed N] [--timeout-ms N] [--max-ulp K]
                                                   do two functions compute the same function? (SMT, exhaustive, sampled)
  hlocheck fuzz --target NAME|--target-cmd CMD [--seed N] [--programs N|--time D] [--jobs N] [--out DIR] [--shard I/N]
                                                   differential fuzzing against the exact executor (--help for more)
  hlocheck legalize FILE [-o OUT] [--stats]        rewrite CHLO ops into StableHLO (exact rules of spec/rules/)
  hlocheck prove [RULE...] [--check] [--shard I/N] [--merge DIR...] [--jobs N] [--f32 exhaustive|sampled[=N]]
                                                   certificates of the rules in proofs/ (max ulp, worst input, method)

limits (run, test): --max-elements N, --max-bytes N (one tensor), --max-memory N (bytes held
  by the whole run), --max-steps N (loop iterations and calls), --max-work N (elements read
  and written, and element operations of kernels)
files in parallel (parse, verify, test): --jobs N
every command takes --help; hlocheck --version prints the version";

/// The stack of the thread that runs a command, and of each worker: enough
/// for the deepest input the depth limits allow (`parse::MAX_DEPTH` levels
/// of nesting, calls 200 deep), and small enough to reserve under a tight
/// address-space limit.
pub(crate) const STACK_BYTES: usize = 16 << 20;

/// The largest source or `.npy` file read.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// The binary beside `hlocheck` that links Z3 and runs every command.
pub const Z3_BINARY: &str = "hlocheck-z3";

/// Entry point of the `hlocheck-z3` binary: every command; returns the
/// process exit status.
pub fn main() -> i32 {
    main_with(run)
}

/// Entry point of the `hlocheck` binary, which does not link Z3 (loading
/// libz3 costs about a millisecond, more than evaluating many programs):
/// `run` of a program that needs no solver is done here; every other
/// command, and a `run` that needs the solver, is handed with the same
/// arguments to [`Z3_BINARY`] beside this binary, which replaces this
/// process. The two give the same output and exit status for every input.
pub fn main_without_z3() -> i32 {
    main_with(|args| {
        if args.first().map(String::as_str) == Some("run") {
            if let Some(code) = run::cmd_run_static(&args[1..]) {
                return code;
            }
        }
        hand_over(args)
    })
}

/// Replaces this process by [`Z3_BINARY`] (beside this binary) with the
/// same arguments; returns only on failure (exit status 2).
fn hand_over(args: &[String]) -> i32 {
    use std::os::unix::process::CommandExt;
    let path = match std::env::current_exe() {
        Ok(exe) => exe.with_file_name(Z3_BINARY),
        Err(e) => {
            eprintln!("hlocheck: cannot find this binary's folder to run {Z3_BINARY}: {e}");
            return 2;
        }
    };
    let e = std::process::Command::new(&path).args(args).exec();
    eprintln!(
        "hlocheck: this command needs {Z3_BINARY} (hlocheck with Z3), expected at {}: {e}",
        path.display()
    );
    2
}

fn main_with(dispatch: fn(&[String]) -> i32) -> i32 {
    output::install_hook();
    let mut args = Vec::new();
    for (i, a) in std::env::args_os().skip(1).enumerate() {
        match a.into_string() {
            Ok(s) => args.push(s),
            Err(a) => {
                eprintln!(
                    "hlocheck: argument {} is not valid UTF-8: {}",
                    i + 1,
                    a.to_string_lossy()
                );
                return 2;
            }
        }
    }
    // Deeply nested input recurses: run on a thread with a larger stack, or
    // on this thread when no thread can be created.
    let outcome = std::thread::scope(|s| {
        match std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn_scoped(s, || {
                crate::interp::memory::reserve_thread_heap();
                dispatch(&args)
            }) {
            Ok(h) => {
                // `run` evaluates with the executor's threads: this thread,
                // idle until the command ends, starts them meanwhile.
                if args.first().is_some_and(|c| c == "run") {
                    crate::interp::par::start();
                }
                h.join()
            }
            Err(_) => std::panic::catch_unwind(|| dispatch(&args)),
        }
    });
    let code = match outcome {
        Ok(code) => code,
        Err(payload) => match output::failure_in(payload.as_ref()) {
            Some(code) => code,
            None => {
                eprintln!("hlocheck: internal error");
                101
            }
        },
    };
    output::finish(code)
}

fn run(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("parse") => cmd_parse(&args[1..]),
        Some("fmt") => cmd_fmt(&args[1..]),
        Some("spec") => cmd_spec(&args[1..]),
        Some("run") => run::cmd_run(&args[1..]),
        Some("test") => run::cmd_test(&args[1..]),
        Some("verify") => cmd_verify(&args[1..]),
        Some("equiv") => equiv::cmd_equiv(&args[1..]),
        Some("fuzz") => fuzz::cmd_fuzz(&args[1..]),
        Some("serve-target") => fuzz::cmd_serve_target(&args[1..]),
        Some("legalize") => legalize::cmd_legalize(&args[1..]),
        Some("prove") => prove::cmd_prove(&args[1..]),
        Some("-h" | "--help" | "help") => {
            outln!("{USAGE}");
            0
        }
        Some("-V" | "--version") => {
            outln!("hlocheck {}", env!("CARGO_PKG_VERSION"));
            0
        }
        Some(other) => {
            eprintln!("hlocheck: unknown command '{other}'\n{USAGE}");
            2
        }
        None => {
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
        if code == 0 {
            outln!("{}", e.render().to_string().trim_end());
        } else {
            let _ = e.print();
        }
        code
    })
}

/// `--jobs N`: how many files are handled at once (default: every core).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct JobsArg {
    /// Files handled at once (default: the number of cores)
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
}

impl JobsArg {
    /// Makes this the number of workers of [`parallel_map`].
    pub fn apply(self) {
        if let Some(n) = self.jobs {
            JOBS.store(n as usize, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

/// Workers of [`parallel_map`]; 0: one per core.
static JOBS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// A progress bar on stderr for a long command (`len` items), drawn only
/// when stderr is a terminal.
pub fn progress(len: u64, what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() || len < 2 {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
        "{{bar:40}} {{pos}}/{{len}} {what} ({{elapsed}})"
    )) {
        bar.set_style(style);
    }
    bar
}

/// Reads a source (or `.npy`) file: only a regular file (a link is
/// followed to one) is read, and only up to [`MAX_FILE_BYTES`]; a FIFO, a
/// device or a folder is an error, never a wait or an endless read.
pub fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK: opening a FIFO does not wait for a writer.
        options.custom_flags(0o4000);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(if meta.is_dir() {
            "is a folder, not a file".into()
        } else {
            "is not a regular file (a device, FIFO or socket); it is not read".into()
        });
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!(
            "the file has {} bytes, more than the {MAX_FILE_BYTES} bytes read",
            meta.len()
        ));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "the file grew past the {MAX_FILE_BYTES} bytes read"
        ));
    }
    Ok(bytes)
}

/// [`read_file`] as text (invalid UTF-8 replaced), with the path in the error.
pub fn read_text(path: &Path) -> Result<String, String> {
    read_file(path)
        .map(|b| {
            // Valid text is taken as it is (no second copy).
            String::from_utf8(b)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
        })
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Every `.mlir` file under the given paths, sorted, folders searched
/// recursively. A folder is entered once however many links lead to it
/// (so links to a parent or to itself add nothing); special files are
/// skipped; a broken link is kept, so that reading it reports a per-file
/// error. A path given explicitly is kept whatever it is.
pub fn collect_files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    fn walk(
        p: &Path,
        out: &mut Vec<PathBuf>,
        seen: &mut std::collections::HashSet<(u64, u64)>,
        explicit: bool,
    ) -> Result<(), String> {
        let meta = match std::fs::metadata(p) {
            Ok(m) => m,
            // A broken link inside a folder: a per-file error later.
            Err(_) if !explicit && std::fs::symlink_metadata(p).is_ok() => {
                out.push(p.to_path_buf());
                return Ok(());
            }
            Err(e) => return Err(format!("{}: {e}", p.display())),
        };
        if meta.is_dir() {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt;
                if !seen.insert((meta.dev(), meta.ino())) {
                    return Ok(());
                }
            }
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .collect();
            entries.sort();
            for e in entries {
                match std::fs::metadata(&e) {
                    Ok(m) if m.is_dir() => walk(&e, out, seen, false)?,
                    Ok(m) if m.is_file() && e.extension().is_some_and(|x| x == "mlir") => {
                        out.push(e)
                    }
                    Ok(_) => {}
                    Err(_) => walk(&e, out, seen, false)?,
                }
            }
        } else {
            out.push(p.to_path_buf());
        }
        Ok(())
    }
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        walk(Path::new(p), &mut out, &mut seen, true)?;
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
    let text = match read_file(path) {
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

/// `hlocheck parse`: parse files or folders (every `// -----` case).
#[derive(clap::Parser, Debug)]
#[command(version, about = "Parse files or folders (every `// -----` case)")]
struct ParseArgs {
    /// Also check that printing each case and parsing it again gives the same program
    #[arg(long)]
    roundtrip: bool,
    /// Print only the count of parsed cases
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    jobs: JobsArg,
    /// Files or folders (folders are searched for .mlir files)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<String>,
}

fn cmd_parse(args: &[String]) -> i32 {
    let a: ParseArgs = match parse_args("parse", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    a.jobs.apply();
    let files = match input_files("parse", &a.paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let progress = progress(files.len() as u64, "files");
    let reports = parallel_map(&files, |f| {
        let r = parse_one(f, a.roundtrip);
        progress.inc(1);
        r
    });
    progress.finish_and_clear();
    let (mut total, mut ok) = (0, 0);
    for r in &reports {
        total += r.cases;
        ok += r.ok;
        if !a.quiet {
            for m in &r.messages {
                outln!("{m}");
            }
        }
    }
    outln!("parsed {ok} of {total} cases");
    i32::from(ok != total)
}

/// Maps `f` over `items` on a pool of workers (`--jobs`, else one per
/// core), keeping the order. Workers run on [`STACK_BYTES`] stacks; when
/// the pool cannot be created (no memory for a thread), fewer workers are
/// tried, and at last the items are mapped on the calling thread.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use rayon::prelude::*;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wanted = match JOBS.load(std::sync::atomic::Ordering::Relaxed) {
        0 => cores,
        n => n,
    }
    .min(items.len());
    let mut threads = wanted;
    while threads > 1 {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .stack_size(STACK_BYTES)
            .thread_name(|i| format!("hlocheck-worker-{i}"))
            .build();
        if let Ok(pool) = pool {
            return pool.install(|| items.par_iter().map(&f).collect());
        }
        threads /= 2;
    }
    items.iter().map(f).collect()
}

/// `hlocheck fmt`: print a file in canonical (or generic) form.
#[derive(clap::Parser, Debug)]
#[command(version, about = "Print a file in canonical (or generic) form")]
struct FmtArgs {
    /// Print every op in MLIR's generic form
    #[arg(long)]
    generic: bool,
    /// The .mlir file
    file: String,
}

fn cmd_fmt(args: &[String]) -> i32 {
    let a: FmtArgs = match parse_args("fmt", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let file = a.file;
    let text = match read_text(Path::new(&file)) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("hlocheck fmt: {e}");
            return 2;
        }
    };
    let mut status = 0;
    let results = parse_file(&file, &text);
    let n = results.len();
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(p) => output::emit(&if a.generic {
                print_generic(&p)
            } else {
                print_program(&p)
            }),
            Err(d) => {
                eprintln!("{d}");
                status = 1;
            }
        }
        if i + 1 < n {
            outln!("// -----");
        }
    }
    status
}

/// `hlocheck spec`: print an op's formal spec, or which constraints are encoded.
#[derive(clap::Parser, Debug)]
#[command(
    version,
    about = "Print an op's formal spec, or which constraints are encoded"
)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["op", "coverage"])))]
struct SpecArgs {
    /// List every constraint: encoded or not, tested or not
    #[arg(long)]
    coverage: bool,
    /// The op (`add`, `stablehlo.add`, `chlo.top_k`)
    op: Option<String>,
}

fn cmd_spec(args: &[String]) -> i32 {
    let a: SpecArgs = match parse_args("spec", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let spec = match crate::spec::Spec::embedded() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hlocheck spec: the embedded spec does not load: {e}");
            return 1;
        }
    };
    if a.coverage {
        let tested = crate::verify::tested_labels();
        output::emit(&spec.coverage_listing_tested(&|op, label| {
            tested.contains(&(op.to_string(), label.to_string()))
        }));
        return 0;
    }
    let op = a.op.unwrap_or_default();
    let name = if op.contains('.') {
        op
    } else {
        format!("stablehlo.{op}")
    };
    match spec.op(&name) {
        Some(o) => {
            output::emit(&crate::spec::render(o));
            0
        }
        None => {
            eprintln!("hlocheck spec: no op named '{name}' in the spec");
            1
        }
    }
}

/// What `hlocheck verify` found in one file.
struct VerifyOutcome {
    text: String,
    json: Vec<serde_json::Value>,
    errors: usize,
    preconditions: usize,
    /// Overflow conditions: shape arithmetic that must not wrap around.
    overflows: usize,
    unknowns: usize,
    cases: usize,
    /// Malformed or contradictory assumptions: a usage error (exit 2).
    usage_errors: Vec<String>,
}

fn verify_one(path: &Path, opts: &crate::verify::Options) -> VerifyOutcome {
    use crate::verify::Kind;
    let name = path.display().to_string();
    let mut out = VerifyOutcome {
        text: String::new(),
        json: Vec::new(),
        errors: 0,
        preconditions: 0,
        overflows: 0,
        unknowns: 0,
        cases: 0,
        usage_errors: Vec::new(),
    };
    let text = match read_file(path) {
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
        for e in &report.assume_errors {
            if !out.usage_errors.contains(e) {
                out.usage_errors.push(e.clone());
            }
        }
        if let Some(c) = &report.contradiction {
            out.usage_errors
                .push(format!("{name}:{}: --assume: {c}", case.line));
        }
        for f in &report.findings {
            let (line, col) = (f.pos.line.max(1), f.pos.col.max(1));
            let kind = match f.kind {
                Kind::Error => "error",
                Kind::Precondition => "precondition",
                Kind::Overflow => "overflow",
                Kind::Unknown => "unknown",
            };
            let called_from: Vec<serde_json::Value> = f
                .called_from
                .iter()
                .map(|p| serde_json::json!({"line": p.line, "col": p.col}))
                .collect();
            let mut item = serde_json::json!({
                "file": name, "case_line": case.line, "kind": kind, "op": f.op,
                "label": f.label, "line": line, "col": col, "message": f.message,
                "counterexample": f.counterexample, "called_from": called_from,
            });
            if let (Some(o), Some(obj)) = (&f.overflow, item.as_object_mut()) {
                obj.insert(
                    "overflow_at".into(),
                    serde_json::json!({
                        "op": o.op, "line": o.pos.line, "col": o.pos.col, "type": o.elem,
                    }),
                );
            }
            out.json.push(item);
            // `; called from FILE:L:C, which is called from ...` for an op
            // checked at a call.
            let chain = f
                .call_chain(&name)
                .map(|c| format!("; {c}"))
                .unwrap_or_default();
            let counterexample = f
                .counterexample
                .as_ref()
                .filter(|c| !c.is_empty())
                .map(|c| format!("; counterexample: {c}"))
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
                        f.op, f.label, f.message, counterexample
                    ));
                }
                Kind::Overflow => {
                    out.overflows += 1;
                    let at = f
                        .overflow
                        .as_ref()
                        .map(|o| {
                            format!(
                                " ({} at {name}:{}:{})",
                                o.op,
                                o.pos.line.max(1),
                                o.pos.col.max(1)
                            )
                        })
                        .unwrap_or_default();
                    let elem = f.overflow.as_ref().map_or("integer", |o| o.elem.as_str());
                    out.text.push_str(&format!(
                        "{name}:{line}:{col}: overflow: {} ({}) holds only if {elem} shape \
                         arithmetic does not overflow: {}{at}{chain}{}\n",
                        f.op, f.label, f.message, counterexample
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
pub(crate) fn line_col_offset(text: &str, line: u32, col: u32) -> usize {
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

/// `hlocheck verify`: check every op against the spec.
#[derive(clap::Parser, Debug)]
#[command(
    version,
    about = "Check every op against the spec; dynamic sizes by Z3"
)]
struct VerifyArgs {
    /// Assume a condition on the inputs (for example `dim(%arg0, 0) < 100`)
    #[arg(long, value_name = "COND")]
    assume: Vec<String>,
    /// Print the findings as JSON
    #[arg(long)]
    json: bool,
    /// The solver's time limit per query, in milliseconds (at least 1)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    timeout_ms: Option<u32>,
    /// The solver's time limit for a whole program, in milliseconds (at least 1)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    budget_ms: Option<u64>,
    /// The largest dynamic size of an argument (default 2147483647, the
    /// largest size get_dimension_size's si32 result holds)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i64).range(0..))]
    max_dim: Option<i64>,
    #[command(flatten)]
    jobs: JobsArg,
    /// Files or folders (folders are searched for .mlir files)
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<String>,
}

fn cmd_verify(args: &[String]) -> i32 {
    let a: VerifyArgs = match parse_args("verify", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    a.jobs.apply();
    let defaults = crate::verify::Options::default();
    let opts = crate::verify::Options {
        assumptions: a.assume,
        timeout_ms: a.timeout_ms.unwrap_or(defaults.timeout_ms),
        budget_ms: a.budget_ms.unwrap_or(defaults.budget_ms),
        max_dim: a.max_dim.unwrap_or(defaults.max_dim),
    };
    let (json, paths) = (a.json, a.paths);
    let files = match input_files("verify", &paths) {
        Ok(f) => f,
        Err(code) => return code,
    };
    let progress = progress(files.len() as u64, "files");
    let outcomes = parallel_map(&files, |f| {
        let o = verify_one(f, &opts);
        progress.inc(1);
        o
    });
    progress.finish_and_clear();
    // Malformed or contradictory assumptions: nothing is reported as shown.
    let mut usage: Vec<&String> = Vec::new();
    for e in outcomes.iter().flat_map(|o| &o.usage_errors) {
        if !usage.contains(&e) {
            usage.push(e);
        }
    }
    if !usage.is_empty() {
        for e in usage {
            eprintln!("hlocheck verify: {e}");
        }
        return 2;
    }
    let (mut errors, mut pre, mut ovf, mut unk, mut cases) = (0, 0, 0, 0, 0);
    let mut all_json = Vec::new();
    for o in outcomes {
        errors += o.errors;
        pre += o.preconditions;
        ovf += o.overflows;
        unk += o.unknowns;
        cases += o.cases;
        if json {
            all_json.extend(o.json);
        } else {
            output::emit(&o.text);
        }
    }
    if json {
        outln!("{}", serde_json::Value::Array(all_json));
    } else {
        outln!(
            "verified {cases} cases: {errors} errors, {pre} preconditions, \
             {ovf} overflow conditions, {unk} undecided"
        );
    }
    i32::from(errors > 0)
}
