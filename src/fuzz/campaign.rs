//! A campaign: generate programs, run them on the target with every op's
//! result exposed, judge each op with the oracle, shrink every new
//! deviation, bucket findings by (target, op, element type, kind), and
//! write the report.

use super::gen::{generate_with, weighted_ops, GenOptions, Generated};
use super::oracle::{check_op, Budgets, Deviation, Verdict};
use super::program::{self, GenOp, GenProgram};
use super::target::{Reply, Target, TargetSpec};
use crate::interp::literal::{from_npy, to_npy};
use crate::interp::tensor::Tensor;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A campaign's settings.
#[derive(Clone, Debug)]
pub struct Options {
    pub gen: GenOptions,
    pub seed: u64,
    pub programs: Option<u64>,
    pub time: Option<Duration>,
    pub jobs: usize,
    pub out: PathBuf,
    /// `(i, n)`: this shard runs programs `k` with `k % n == i`.
    pub shard: (u64, u64),
    pub budgets: Budgets,
    pub progress: bool,
    /// Target runs spent shrinking one finding, at most.
    pub shrink_runs: usize,
    /// Also run each program with only its own results returned (see
    /// `fused`), to catch deviations that appear only when ops are fused.
    pub fused: bool,
}

/// A finding's bucket.
pub type Key = (String, String, String, String);

/// One distinct finding.
#[derive(Clone, Debug)]
pub struct Finding {
    pub target: String,
    pub op: String,
    pub elem: String,
    pub kind: String,
    pub count: u64,
    /// The finding's folder, relative to the report.
    pub dir: String,
    pub detail: String,
    /// Ops in the shrunk program (constants not counted).
    pub repro_ops: usize,
    /// Program index and seed that first showed it.
    pub program: u64,
    pub spec: String,
    /// A grouped failure's members: the ops (a failure on an element type
    /// the target does not handle at all) or the element types (an op the
    /// target rejects or fails to run), with counts.
    pub members: BTreeMap<String, u64>,
}

/// The campaign's totals and findings.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub target: String,
    pub version: String,
    pub programs: u64,
    pub ops_checked: u64,
    pub findings: BTreeMap<Key, Finding>,
    /// Differences the spec allows: (op, reason) → count.
    pub impl_defined: BTreeMap<(String, String), u64>,
    pub discarded: u64,
    pub candidates: u64,
    pub drawn: BTreeMap<String, u64>,
    pub seconds: f64,
    pub restarts: u64,
    /// Programs hlocheck could not judge (its own run failed).
    pub unjudged: u64,
    pub shards: Vec<String>,
    /// Programs the target's driver did not run, by its reason.
    pub skipped: BTreeMap<String, u64>,
    /// Fused runs (`--fused`): programs run with only their own results
    /// returned, results judged, results left open (their operands not
    /// determined exactly by the spec).
    pub fused_programs: u64,
    pub fused_judged: u64,
    pub fused_open: u64,
}

/// A driver's skip message as a report key.
fn skip_reason(why: &str) -> String {
    why.trim().to_string()
}

/// What judging a program with every op's result exposed gave.
pub(crate) struct Judged {
    /// The first event (deviation or failure), if any.
    pub event: Option<Event>,
    /// Ops judged.
    pub checked: usize,
    /// The implementation-defined differences seen (op, reason).
    pub labels: Vec<(String, String)>,
    /// When the target ran: the inputs, then every op's value as the
    /// target computed it.
    pub values: Vec<Tensor>,
    /// Per op judged: whether its result matched hlocheck's (not merely
    /// allowed as implementation-defined).
    pub matched: Vec<bool>,
    /// The driver's reason for not running the program (`Reply::Skipped`).
    pub skipped: Option<String>,
}

impl Judged {
    fn failed(kind: &str, message: String) -> Judged {
        Judged {
            event: Some(Event::Failed {
                kind: kind.into(),
                message,
            }),
            checked: 0,
            labels: vec![],
            values: vec![],
            matched: vec![],
            skipped: None,
        }
    }
}

/// What a program run showed.
pub(crate) enum Event {
    Deviation { op: usize, dev: Deviation },
    Failed { kind: String, message: String },
}

/// The program's seed: programs are numbered from the campaign seed.
pub fn program_seed(seed: u64, k: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03)
}

fn elem_of(op: &GenOp) -> String {
    op.result.elem.to_string()
}

/// Runs `prog` with every op's result exposed and judges op by op, up to
/// the first deviation.
pub(crate) fn judge(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    budgets: &Budgets,
) -> Result<Judged, String> {
    let probe = prog.with_all_results();
    match t.run(&probe, inputs) {
        Reply::Ok(outs) => {
            let mut values: Vec<Tensor> = inputs.to_vec();
            values.extend(outs);
            let mut labels = Vec::new();
            let mut matched = Vec::with_capacity(prog.ops.len());
            for i in 0..prog.ops.len() {
                let ops: Vec<Tensor> = prog
                    .single_op_inputs(i)
                    .iter()
                    .map(|&v| values[v].clone())
                    .collect();
                let actual = &values[prog.value_of_op(i)];
                match check_op(prog, i, &ops, actual, budgets)? {
                    Verdict::Match => matched.push(true),
                    Verdict::ImplDefined(why) => {
                        matched.push(false);
                        labels.push((prog.ops[i].name.clone(), why))
                    }
                    Verdict::Deviation(dev) => {
                        return Ok(Judged {
                            event: Some(Event::Deviation { op: i, dev }),
                            checked: i + 1,
                            labels,
                            values,
                            matched,
                            skipped: None,
                        })
                    }
                }
            }
            Ok(Judged {
                event: None,
                checked: prog.ops.len(),
                labels,
                values,
                matched,
                skipped: None,
            })
        }
        Reply::Rejected { stage, message } => {
            Ok(Judged::failed("rejected", format!("{stage}: {message}")))
        }
        Reply::Error { stage, message } => {
            Ok(Judged::failed("run-error", format!("{stage}: {message}")))
        }
        Reply::Crashed(m) => Ok(Judged::failed("crash", m)),
        Reply::Skipped(m) => Ok(Judged {
            event: None,
            skipped: Some(m),
            ..Judged::failed("skipped", String::new())
        }),
    }
}

/// Whether `prog` still shows the same kind of event at an op of the same name.
fn still(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    budgets: &Budgets,
    want: &(String, String),
) -> bool {
    match judge(t, prog, inputs, budgets).map(|j| j.event) {
        Ok(Some(Event::Deviation { op, dev })) => {
            (want.0 == "*" || prog.ops[op].name == want.0) && dev.kind == want.1
        }
        Ok(Some(Event::Failed { kind, .. })) => {
            kind == want.1 && prog.ops.iter().any(|o| o.name == want.0)
        }
        _ => false,
    }
}

/// Ops that act element by element on operands of the result's shape, so
/// one element can be cut out of them.
fn elementwise(prog: &GenProgram) -> bool {
    let op = &prog.ops[0];
    let shape = &op.result.dims;
    let ok_tail = op.tail.is_empty() || op.tail.contains("comparison_direction");
    ok_tail
        && !op.operands.is_empty()
        && op.name != "stablehlo.constant"
        && op.operands.iter().all(|&o| &prog.ty(o).dims == shape)
}

fn simple_value(t: &Tensor, j: usize) -> Vec<u64> {
    let l = t.lanes();
    match &t.elem {
        crate::ir::types::ElementType::Float(k) | crate::ir::types::ElementType::Complex(k) => {
            vec![crate::float::from_f64(*k, 1.0); l]
        }
        _ => {
            let _ = j;
            vec![0; l]
        }
    }
}

/// Shrinks a program that shows `want` on the target: first op alone, then
/// cut down to one element, then inputs replaced by simple values; else
/// earlier ops replaced by inputs holding their values. Returns the
/// smallest program and inputs found.
fn shrink(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    at: Option<usize>,
    budgets: &Budgets,
    want: &(String, String),
    max_runs: usize,
) -> (GenProgram, Vec<Tensor>) {
    let mut runs = 0;
    let mut best = (prog.clone(), inputs.to_vec());
    // Values of every op as hlocheck computes them (for cutting ops out).
    let mut values: Vec<Tensor> = inputs.to_vec();
    if let Ok(outs) = program::run(&prog.with_all_results(), inputs) {
        values.extend(outs);
    }
    // The target's own values, when it ran.
    if let Reply::Ok(outs) = t.run(&prog.with_all_results(), inputs) {
        values.truncate(inputs.len());
        values.extend(outs);
    }
    runs += 1;
    let candidates: Vec<usize> = match at {
        Some(i) => vec![i],
        None => (0..prog.ops.len()).collect(),
    };
    let mut found_single = false;
    for i in candidates {
        if runs >= max_runs || values.len() < prog.num_values() {
            break;
        }
        let one = prog.single_op(i);
        let ins: Vec<Tensor> = prog
            .single_op_inputs(i)
            .iter()
            .map(|&v| values[v].clone())
            .collect();
        runs += 1;
        if still(t, &one, &ins, budgets, want) {
            best = (one, ins);
            found_single = true;
            break;
        }
    }
    if !found_single {
        // Prefix up to the op, with earlier ops replaced by inputs where the
        // event survives.
        if let Some(i) = at {
            let mut p = prog.clone();
            p.ops.truncate(i + 1);
            p.results = vec![p.value_of_op(i)];
            best = (p, inputs.to_vec());
        }
        return best;
    }
    // One element of an element-wise op.
    if elementwise(&best.0) && runs < max_runs {
        let (p, ins) = &best;
        let n = p.ops[0].result.num_elements().unwrap_or(0) as usize;
        if n > 1 {
            // Find the deviating element by trying each (bounded).
            for e in 0..n.min(16) {
                let mut q = p.clone();
                for a in q.args.iter_mut() {
                    a.dims = Some(vec![]);
                }
                q.ops[0].result.dims = Some(vec![]);
                let qi: Vec<Tensor> = ins
                    .iter()
                    .map(|t| {
                        let l = t.lanes();
                        Tensor::from_words(t.elem.clone(), vec![], t.data.slice(e * l..e * l + l))
                    })
                    .collect();
                runs += 1;
                if still(t, &q, &qi, budgets, want) {
                    best = (q, qi);
                    break;
                }
                if runs >= max_runs {
                    break;
                }
            }
        }
    }
    // Simple input values.
    let (p, mut ins) = best.clone();
    'outer: for a in 0..ins.len() {
        let l = ins[a].lanes();
        let n = ins[a].data.len() / l.max(1);
        for j in 0..n.min(8) {
            if runs >= max_runs {
                break 'outer;
            }
            let simple = simple_value(&ins[a], j);
            if ins[a].lanes_of(j * l..j * l + l) == simple[..] {
                continue;
            }
            let mut trial = ins.clone();
            trial[a].data.write(j * l, &simple);
            runs += 1;
            if still(t, &p, &trial, budgets, want) {
                ins = trial;
            }
        }
    }
    (p, ins)
}

fn spec_ref(op: &str, kind: &str) -> String {
    if let Some(k) = kind.strip_prefix("fused-") {
        return format!(
            "{} (seen only with the program's own results returned, as a compiler fuses it; with every op's result exposed each op passed, and the spec determines this op's operands exactly)",
            spec_ref(op, k)
        );
    }
    let short = op.rsplit('.').next().unwrap_or(op);
    let what = match kind {
        "rejected" | "run-error" | "crash" => "the program satisfies every constraint of the spec (hlocheck verify), so an implementation must run it",
        "ulp-budget" | "nan-mismatch" if super::oracle::op_class(&GenOp::new(op, vec![], String::new(), crate::ir::types::TensorType::ranked(vec![], crate::ir::types::ElementType::Float(crate::float::FloatKind::F32)))) == super::oracle::OpClass::Math => "Semantics: the IEEE-754 function; compared with the correctly rounded result",
        "outside-order-bound" => "Semantics: the order of evaluation is implementation-defined; the result lies outside the error bound of every order",
        "flushes-subnormals" => "Types / Floating-point exceptions: IEEE-754 gradual underflow; subnormals may not be flushed to zero",
        _ => "Semantics: the result is defined exactly (IEEE-754 operation or exact integer/data-movement semantics)",
    };
    format!("StableHLO spec, op `{op}` (section \"{short}\"): {what}; see `hlocheck spec {op}` for its constraints")
}

/// Writes a finding's folder.
#[allow(clippy::too_many_arguments)]
fn write_finding(
    dir: &Path,
    target: &Target,
    key: &Key,
    prog: &GenProgram,
    inputs: &[Tensor],
    expected: Option<&[Tensor]>,
    actual: Option<&[Tensor]>,
    detail: &str,
    spec: &str,
) -> Result<(), String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let w = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes)
            .map_err(|e| format!("{}: {e}", dir.join(name).display()))
    };
    let text = prog.text();
    let pretty = crate::ir::parse::parse_program("repro.mlir", &text)
        .map(|p| crate::ir::print::print_program(&p))
        .unwrap_or(text);
    w("repro.mlir", pretty.as_bytes())?;
    for (i, t) in inputs.iter().enumerate() {
        w(&format!("in{i}.npy"), &to_npy(t))?;
    }
    for (name, ts) in [("expected", expected), ("actual", actual)] {
        for (i, t) in ts.unwrap_or(&[]).iter().enumerate() {
            w(&format!("{name}{i}.npy"), &to_npy(t))?;
        }
    }
    let target_flag = if target.spec.argv.get(1).map(String::as_str) == Some("serve-target")
        || super::target::BUNDLED
            .iter()
            .any(|(n, _)| *n == target.spec.name)
    {
        format!("--target {}", target.spec.name)
    } else {
        format!("--target-cmd '{}'", target.spec.argv.join(" "))
    };
    let case = json!({
        "target": key.0, "op": key.1, "elem": key.2, "kind": key.3, "detail": detail,
        "spec": spec, "program": prog.to_json(), "inputs": inputs.len(),
        "fused": key.3.starts_with("fused-"),
    });
    w(
        "case.json",
        serde_json::to_string_pretty(&case)
            .unwrap_or_default()
            .as_bytes(),
    )?;
    let readme = format!(
        "# {} on {}: {} ({})\n\n{detail}\n\n{spec}\n\nReproduce: `hlocheck fuzz --replay {} {target_flag}`\n\nFiles: `repro.mlir` (the program), `inN.npy` (its inputs), `expected0.npy` (hlocheck's result), `actual0.npy` (the target's).\n",
        key.1, key.0, key.3, key.2, dir.display()
    );
    w("README.md", readme.as_bytes())
}

/// Reads a finding folder's program and inputs.
pub fn read_case(dir: &Path) -> Result<(GenProgram, Vec<Tensor>, serde_json::Value), String> {
    let text = std::fs::read_to_string(dir.join("case.json"))
        .map_err(|e| format!("{}: {e}", dir.join("case.json").display()))?;
    let case: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("case.json: {e}"))?;
    let prog = GenProgram::from_json(&case["program"])?;
    let mut inputs = Vec::new();
    for (i, a) in prog.args.iter().enumerate() {
        let p = dir.join(format!("in{i}.npy"));
        let b = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        inputs.push(from_npy(&b, &a.elem, 1 << 26).map_err(|e| format!("{}: {e}", p.display()))?);
    }
    Ok((prog, inputs, case))
}

/// Replays a finding: `Ok(Some(description))` if the target still shows it.
pub fn replay(t: &mut Target, dir: &Path, budgets: &Budgets) -> Result<Option<String>, String> {
    let (prog, inputs, case) = read_case(dir)?;
    let mut j = judge(t, &prog, &inputs, budgets)?;
    if j.event.is_none() && j.skipped.is_none() && case["fused"].as_bool() == Some(true) {
        j.event = super::fused::judge_fused(t, &prog, &inputs, &j, budgets)?.event;
    }
    if let Some(why) = &j.skipped {
        return Err(format!("the target's driver skips the program: {why}"));
    }
    Ok(match j.event {
        Some(Event::Deviation { op, dev }) => Some(format!(
            "{} ({}): {} at element {}: expected {}, got {}; {}",
            prog.ops[op].name,
            elem_of(&prog.ops[op]),
            dev.kind,
            dev.index,
            dev.expected,
            dev.actual,
            dev.detail
        )),
        Some(Event::Failed { kind, message }) => Some(format!("{kind}: {message}")),
        None => None,
    })
}

struct Shared<'a> {
    opts: &'a Options,
    report: Mutex<Report>,
    next: AtomicU64,
    stop: AtomicBool,
    started: Instant,
    ops: Vec<(String, f64)>,
    bar: indicatif::ProgressBar,
    /// Element types the target handles at all (see [`type_handled`]).
    types: Mutex<BTreeMap<String, bool>>,
}

/// Whether the target runs the simplest op on an element type (`add`, or
/// `and` on i1) — if not, every failure on that type is one finding.
fn type_handled(sh: &Shared, t: &mut Target, e: &crate::ir::types::ElementType) -> bool {
    let key = e.to_string();
    if let Some(&b) = sh
        .types
        .lock()
        .ok()
        .and_then(|m| m.get(&key).copied())
        .as_ref()
    {
        return b;
    }
    let ty = crate::ir::types::TensorType::ranked(vec![Some(2)], e.clone());
    let name = if matches!(e, crate::ir::types::ElementType::Int(_, 1)) {
        "stablehlo.and"
    } else {
        "stablehlo.add"
    };
    let p = GenProgram {
        args: vec![ty.clone(), ty.clone()],
        ops: vec![GenOp::new(name, vec![0, 1], String::new(), ty)],
        results: vec![2],
    };
    let mut rng = super::values::Rng::new(7);
    let ins: Vec<Tensor> = (0..2)
        .map(|_| super::values::random_tensor(e, &[2], &mut rng))
        .collect();
    let ok = program::run(&p, &ins).is_err() || matches!(t.run(&p, &ins), Reply::Ok(_));
    if let Ok(mut m) = sh.types.lock() {
        m.insert(key, ok);
    }
    ok
}

/// Runs a campaign; the report is also written to `opts.out`.
pub fn run(opts: &Options, spec: TargetSpec) -> Result<Report, String> {
    std::fs::create_dir_all(&opts.out).map_err(|e| format!("{}: {e}", opts.out.display()))?;
    let work = opts.out.join("work");
    // Start one target first, so a missing package is reported once.
    let first = Target::start(spec.clone(), &work.join("job0"))?;
    let bar = if opts.progress {
        let b = indicatif::ProgressBar::new(opts.programs.unwrap_or(0));
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{elapsed_precise} {bar:30} {pos} programs {msg}",
        ) {
            b.set_style(style);
        }
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let shared = Shared {
        opts,
        report: Mutex::new(Report {
            target: first.spec.name.clone(),
            version: first.hello.version.clone(),
            ..Report::default()
        }),
        next: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        started: Instant::now(),
        ops: weighted_ops(&opts.gen),
        bar,
        types: Mutex::new(BTreeMap::new()),
    };
    let jobs = opts.jobs.max(1);
    let mut targets = vec![Some(first)];
    for j in 1..jobs {
        targets.push(Some(Target::start(
            spec.clone(),
            &work.join(format!("job{j}")),
        )?));
    }
    std::thread::scope(|s| {
        for t in targets.iter_mut() {
            let shared = &shared;
            if let Some(mut t) = t.take() {
                s.spawn(move || worker(shared, &mut t));
            }
        }
    });
    shared.bar.finish_and_clear();
    let mut report = shared
        .report
        .into_inner()
        .map_err(|_| "a worker failed".to_string())?;
    report.seconds = shared.started.elapsed().as_secs_f64();
    report.shards = vec![format!("{}/{}", opts.shard.0, opts.shard.1)];
    let _ = std::fs::remove_dir_all(&work);
    write_report(&report, &opts.out)?;
    Ok(report)
}

fn worker(sh: &Shared, t: &mut Target) {
    let opts = sh.opts;
    let (shard, nshards) = (opts.shard.0, opts.shard.1.max(1));
    loop {
        if sh.stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some(limit) = opts.time {
            if sh.started.elapsed() >= limit {
                break;
            }
        }
        let m = sh.next.fetch_add(1, Ordering::Relaxed);
        if opts.programs.is_some_and(|n| m >= n) {
            break;
        }
        let k = shard + m * nshards;
        let g = generate_with(&opts.gen, &sh.ops, program_seed(opts.seed, k));
        one_program(sh, t, k, g);
        let r = sh
            .report
            .lock()
            .map(|r| (r.programs, r.findings.len()))
            .unwrap_or((0, 0));
        sh.bar.set_position(r.0);
        let secs = sh.started.elapsed().as_secs_f64().max(1e-3);
        sh.bar.set_message(format!(
            "{} findings, {:.1} programs/s",
            r.1,
            r.0 as f64 / secs
        ));
    }
}

fn one_program(sh: &Shared, t: &mut Target, k: u64, g: Generated) {
    let opts = sh.opts;
    let Generated {
        program: prog,
        inputs,
        discarded,
        candidates,
        ..
    } = g;
    {
        let Ok(mut r) = sh.report.lock() else { return };
        r.discarded += discarded as u64;
        r.candidates += candidates as u64;
        for o in &prog.ops {
            *r.drawn.entry(o.name.clone()).or_default() += 1;
        }
    }
    if prog.ops.is_empty() || prog.results.is_empty() {
        return;
    }
    // Programs hlocheck itself cannot run are not sent (they cannot be judged).
    if program::run(&prog, &inputs).is_err() {
        if let Ok(mut r) = sh.report.lock() {
            r.programs += 1;
            r.unjudged += 1;
        }
        return;
    }
    let restarts_before = t.restarts;
    let judged = judge(t, &prog, &inputs, &opts.budgets);
    let mut judged = match judged {
        Ok(x) => x,
        Err(_) => {
            if let Ok(mut r) = sh.report.lock() {
                r.programs += 1;
                r.unjudged += 1;
            }
            return;
        }
    };
    // Fused run: only the program's own results returned, judged where the
    // exposed run pinned their operands exactly (see `fused`).
    let mut fused = None;
    if opts.fused && judged.event.is_none() && judged.skipped.is_none() {
        match super::fused::judge_fused(t, &prog, &inputs, &judged, &opts.budgets) {
            Ok(f) => fused = Some(f),
            Err(_) => {
                if let Ok(mut r) = sh.report.lock() {
                    r.programs += 1;
                    r.unjudged += 1;
                }
                return;
            }
        }
    }
    let fused_event = fused.as_ref().is_some_and(|f| f.event.is_some());
    {
        let Ok(mut r) = sh.report.lock() else { return };
        r.programs += 1;
        r.ops_checked += judged.checked as u64;
        for l in std::mem::take(&mut judged.labels) {
            *r.impl_defined.entry(l).or_default() += 1;
        }
        if let Some(why) = &judged.skipped {
            *r.skipped.entry(skip_reason(why)).or_default() += 1;
        }
        if let Some(f) = &fused {
            if f.ran {
                r.fused_programs += 1;
            }
            r.fused_judged += f.judged as u64;
            r.fused_open += f.open as u64;
        }
        r.restarts += (t.restarts - restarts_before) as u64;
    }
    let event = match fused.and_then(|f| f.event) {
        Some(e) => e,
        None => match judged.event {
            Some(e) => e,
            None => return,
        },
    };
    let target = t.spec.name.clone();
    let (key, at, detail) = match &event {
        Event::Deviation { op, dev } => {
            let o = &prog.ops[*op];
            let key = if dev.kind == "flushes-subnormals" {
                (target.clone(), "*".into(), "*".into(), dev.kind.clone())
            } else {
                (target.clone(), o.name.clone(), elem_of(o), dev.kind.clone())
            };
            let detail = format!(
                "{} ({}) element {}: hlocheck {}, target {}; {}",
                o.name,
                elem_of(o),
                dev.index,
                dev.expected,
                dev.actual,
                dev.detail
            );
            (key, Some(*op), detail)
        }
        Event::Failed { kind, message } => {
            let first = prog
                .ops
                .first()
                .map(|o| (o.name.clone(), elem_of(o)))
                .unwrap_or_default();
            (
                (target.clone(), first.0, first.1, kind.clone()),
                None,
                message.clone(),
            )
        }
    };
    // Known bucket: count it. A failure's bucket is decided after shrinking
    // (the op it concerns), so failures of known ops are counted by op below.
    if let Event::Deviation { .. } = event {
        let Ok(mut r) = sh.report.lock() else { return };
        if let Some(f) = r.findings.get_mut(&key) {
            f.count += 1;
            return;
        }
    }
    let want = (key.1.clone(), key.3.clone());
    let (mut small, mut small_in) = match &event {
        Event::Deviation { op, .. } if fused_event => super::fused::shrink_fused(
            t,
            &prog,
            &inputs,
            *op,
            &opts.budgets,
            &want,
            opts.shrink_runs,
        ),
        Event::Deviation { .. } => shrink(
            t,
            &prog,
            &inputs,
            at,
            &opts.budgets,
            &want,
            opts.shrink_runs,
        ),
        Event::Failed { .. } if fused_event => (super::fused::fused_program(&prog), inputs.clone()),
        Event::Failed { .. } => (prog.clone(), inputs.clone()),
    };
    let mut key = key;
    let mut member_first: Option<String> = None;
    if let Event::Failed { kind, .. } = &event {
        // Find the op the target fails on: each op alone (a failure of the
        // fused run only stays with the whole program).
        let mut values: Vec<Tensor> = inputs.clone();
        let all = if fused_event {
            Err(String::new())
        } else {
            program::run(&prog.with_all_results(), &inputs)
        };
        if let Ok(outs) = all {
            values.extend(outs);
            for i in 0..prog.ops.len() {
                let one = prog.single_op(i);
                let ins: Vec<Tensor> = prog
                    .single_op_inputs(i)
                    .iter()
                    .map(|&v| values[v].clone())
                    .collect();
                let w = (prog.ops[i].name.clone(), kind.clone());
                if still(t, &one, &ins, &opts.budgets, &w) {
                    key = (
                        target.clone(),
                        prog.ops[i].name.clone(),
                        elem_of(&prog.ops[i]),
                        kind.clone(),
                    );
                    small = one;
                    small_in = ins;
                    break;
                }
            }
        }
        if small.ops.len() == prog.ops.len() {
            // No op fails alone: file the failure under the program's op
            // that the target's message names first, if any.
            let message = match &event {
                Event::Failed { message, .. } => message.as_str(),
                Event::Deviation { .. } => "",
            };
            let named = prog
                .ops
                .iter()
                .filter_map(|o| {
                    let at = |q: char| message.find(&format!("{}{q}", o.name));
                    at('"').into_iter().chain(at('\'')).min().map(|p| (p, o))
                })
                .min_by_key(|(p, _)| *p);
            if let Some((_, o)) = named {
                key = (target.clone(), o.name.clone(), elem_of(o), kind.clone());
            }
        }
        // Group: a failure on an element type the target does not handle
        // is one finding per type (listing the ops); a rejection or run
        // failure of an op on types it handles is one finding per op
        // (listing the types); a crash on a handled type stays its own.
        let mut types: Vec<crate::ir::types::ElementType> =
            small.args.iter().map(|a| a.elem.clone()).collect();
        if let Some(o) = small.ops.last() {
            types.insert(0, o.result.elem.clone());
        }
        let mut seen = Vec::new();
        let unhandled = types.into_iter().find(|e| {
            if seen.contains(e) {
                return false;
            }
            seen.push(e.clone());
            !type_handled(sh, t, e)
        });
        let member = match &unhandled {
            Some(e) => {
                let m = key.1.clone();
                key = (target.clone(), "*".into(), e.to_string(), kind.clone());
                m
            }
            None if kind != "crash" && key.1 != "*" => {
                let m = key.2.clone();
                key.2 = "*".into();
                m
            }
            None => key.2.clone(),
        };
        let Ok(mut r) = sh.report.lock() else { return };
        if let Some(f) = r.findings.get_mut(&key) {
            f.count += 1;
            *f.members.entry(member).or_default() += 1;
            return;
        }
        member_first = Some(member);
    }
    // Outputs of the shrunk program on both sides.
    let expected = program::run(&small, &small_in).ok();
    let actual = match t.run(&small, &small_in) {
        Reply::Ok(o) => Some(o),
        _ => None,
    };
    let spec = spec_ref(&key.1, &key.3);
    let name = format!(
        "{}-{}-{}-{}",
        key.3,
        key.1.replace('.', "_").replace('*', "any"),
        key.2
            .replace(['<', '>', ':', ',', ' ', '!', '.'], "_")
            .replace('*', "any"),
        k
    );
    let dir = opts.out.join("findings").join(&name);
    let _ = write_finding(
        &dir,
        t,
        &key,
        &small,
        &small_in,
        expected.as_deref(),
        actual.as_deref(),
        &detail,
        &spec,
    );
    let Ok(mut r) = sh.report.lock() else { return };
    r.findings
        .entry(key.clone())
        .and_modify(|f| {
            f.count += 1;
            if let Some(m) = &member_first {
                *f.members.entry(m.clone()).or_default() += 1;
            }
        })
        .or_insert(Finding {
            members: member_first.iter().map(|m| (m.clone(), 1)).collect(),
            target: key.0.clone(),
            op: key.1.clone(),
            elem: key.2.clone(),
            kind: key.3.clone(),
            count: 1,
            dir: format!("findings/{name}"),
            detail,
            repro_ops: small.size(),
            program: k,
            spec,
        });
}

/// The report as JSON.
pub fn report_json(r: &Report) -> serde_json::Value {
    let spec_ops = super::gen::spec_ops();
    let drawn_spec = spec_ops.iter().filter(|o| r.drawn.contains_key(*o)).count();
    json!({
        "target": r.target, "version": r.version, "programs": r.programs,
        "ops_checked": r.ops_checked, "seconds": r.seconds,
        "programs_per_second": if r.seconds > 0.0 { r.programs as f64 / r.seconds } else { 0.0 },
        "restarts": r.restarts, "unjudged": r.unjudged, "shards": r.shards,
        "skipped": r.skipped,
        "fused": {"programs": r.fused_programs, "results_judged": r.fused_judged,
            "results_open": r.fused_open},
        "generator": {"candidate_ops": r.candidates, "discarded": r.discarded,
            "spec_ops": spec_ops.len(), "spec_ops_drawn": drawn_spec, "drawn": r.drawn},
        "findings": r.findings.values().map(|f| json!({
            "target": f.target, "op": f.op, "elem": f.elem, "kind": f.kind, "count": f.count,
            "dir": f.dir, "detail": f.detail, "repro_ops": f.repro_ops, "program": f.program,
            "spec": f.spec, "members": f.members,
        })).collect::<Vec<_>>(),
        "implementation_defined": r.impl_defined.iter().map(|((op, why), n)| json!({
            "op": op, "reason": why, "count": n})).collect::<Vec<_>>(),
    })
}

/// Reads a report written by [`write_report`].
pub fn report_from_json(v: &serde_json::Value) -> Report {
    let s = |x: &serde_json::Value| x.as_str().unwrap_or("").to_string();
    let mut r = Report {
        target: s(&v["target"]),
        version: s(&v["version"]),
        programs: v["programs"].as_u64().unwrap_or(0),
        ops_checked: v["ops_checked"].as_u64().unwrap_or(0),
        seconds: v["seconds"].as_f64().unwrap_or(0.0),
        restarts: v["restarts"].as_u64().unwrap_or(0),
        unjudged: v["unjudged"].as_u64().unwrap_or(0),
        discarded: v["generator"]["discarded"].as_u64().unwrap_or(0),
        candidates: v["generator"]["candidate_ops"].as_u64().unwrap_or(0),
        shards: v["shards"]
            .as_array()
            .map(|a| a.iter().map(s).collect())
            .unwrap_or_default(),
        fused_programs: v["fused"]["programs"].as_u64().unwrap_or(0),
        fused_judged: v["fused"]["results_judged"].as_u64().unwrap_or(0),
        fused_open: v["fused"]["results_open"].as_u64().unwrap_or(0),
        ..Report::default()
    };
    if let Some(d) = v["skipped"].as_object() {
        for (k, n) in d {
            r.skipped.insert(k.clone(), n.as_u64().unwrap_or(0));
        }
    }
    if let Some(d) = v["generator"]["drawn"].as_object() {
        for (k, n) in d {
            r.drawn.insert(k.clone(), n.as_u64().unwrap_or(0));
        }
    }
    for f in v["findings"].as_array().cloned().unwrap_or_default() {
        let key = (s(&f["target"]), s(&f["op"]), s(&f["elem"]), s(&f["kind"]));
        r.findings.insert(
            key.clone(),
            Finding {
                target: key.0,
                op: key.1,
                elem: key.2,
                kind: key.3,
                count: f["count"].as_u64().unwrap_or(0),
                dir: s(&f["dir"]),
                detail: s(&f["detail"]),
                repro_ops: f["repro_ops"].as_u64().unwrap_or(0) as usize,
                program: f["program"].as_u64().unwrap_or(0),
                spec: s(&f["spec"]),
                members: f["members"]
                    .as_object()
                    .map(|m| {
                        m.iter()
                            .map(|(k, v)| (k.clone(), v.as_u64().unwrap_or(0)))
                            .collect()
                    })
                    .unwrap_or_default(),
            },
        );
    }
    for i in v["implementation_defined"]
        .as_array()
        .cloned()
        .unwrap_or_default()
    {
        *r.impl_defined
            .entry((s(&i["op"]), s(&i["reason"])))
            .or_default() += i["count"].as_u64().unwrap_or(0);
    }
    r
}

/// Merges reports (shards of one campaign, or campaigns against one target).
pub fn merge(reports: Vec<(String, Report)>) -> Report {
    let mut m = Report::default();
    for (dir, r) in reports {
        if m.target.is_empty() {
            m.target = r.target.clone();
            m.version = r.version.clone();
        } else if m.target != r.target && !m.target.contains(&r.target) {
            m.target = format!("{}, {}", m.target, r.target);
        }
        m.programs += r.programs;
        m.ops_checked += r.ops_checked;
        m.seconds = m.seconds.max(r.seconds);
        m.restarts += r.restarts;
        m.unjudged += r.unjudged;
        m.discarded += r.discarded;
        m.candidates += r.candidates;
        m.shards.extend(r.shards);
        m.fused_programs += r.fused_programs;
        m.fused_judged += r.fused_judged;
        m.fused_open += r.fused_open;
        for (k, n) in r.skipped {
            *m.skipped.entry(k).or_default() += n;
        }
        for (k, n) in r.drawn {
            *m.drawn.entry(k).or_default() += n;
        }
        for (k, n) in r.impl_defined {
            *m.impl_defined.entry(k).or_default() += n;
        }
        for (k, mut f) in r.findings {
            match m.findings.get_mut(&k) {
                Some(g) => {
                    g.count += f.count;
                    for (x, n) in &f.members {
                        *g.members.entry(x.clone()).or_default() += n;
                    }
                }
                None => {
                    f.dir = Path::new(&dir).join(&f.dir).display().to_string();
                    m.findings.insert(k, f);
                }
            }
        }
    }
    m
}

/// The report as Markdown.
pub fn report_markdown(r: &Report) -> String {
    let spec_ops = super::gen::spec_ops();
    let drawn_spec = spec_ops.iter().filter(|o| r.drawn.contains_key(*o)).count();
    let mut s = format!(
        "# hlocheck fuzz: {} {}\n\n{} programs, {} ops judged, {:.0} s ({:.2} programs/s); {} target restarts; {} programs hlocheck could not judge.\n\nGenerator: {} of {} spec ops drawn; {} of {} candidate ops discarded by the verifier.\n\n## Findings ({})\n\n",
        r.target, r.version, r.programs, r.ops_checked, r.seconds,
        if r.seconds > 0.0 { r.programs as f64 / r.seconds } else { 0.0 },
        r.restarts, r.unjudged, drawn_spec, spec_ops.len(), r.discarded, r.candidates, r.findings.len()
    );
    if r.findings.is_empty() {
        s.push_str("None.\n");
    } else {
        s.push_str("| op | element type | kind | count | repro ops | folder |\n|---|---|---|---|---|---|\n");
        for f in r.findings.values() {
            s.push_str(&format!(
                "| `{}` | `{}` | {} | {} | {} | `{}` |\n",
                f.op, f.elem, f.kind, f.count, f.repro_ops, f.dir
            ));
        }
        s.push('\n');
        for f in r.findings.values() {
            s.push_str(&format!(
                "- **{} {} {}**: {}\n",
                f.op, f.elem, f.kind, f.detail
            ));
            if !f.members.is_empty() {
                let what = if f.op == "*" { "ops" } else { "element types" };
                let m: Vec<String> = f
                    .members
                    .iter()
                    .map(|(x, n)| format!("`{x}` ({n})"))
                    .collect();
                s.push_str(&format!("  - {what}: {}\n", m.join(", ")));
            }
        }
    }
    if r.fused_programs > 0 {
        s.push_str(&format!(
            "\nFused runs: {} programs run with only their own results returned; {} results judged, {} left open (an operand not determined exactly by the spec).\n",
            r.fused_programs, r.fused_judged, r.fused_open
        ));
    }
    if !r.skipped.is_empty() {
        s.push_str("\n## Not run by the target's driver (not findings)\n\n");
        for (why, n) in &r.skipped {
            s.push_str(&format!("- {why} ({n} programs)\n"));
        }
    }
    s.push_str("\n## Implementation-defined (not bugs)\n\n");
    if r.impl_defined.is_empty() {
        s.push_str("None.\n");
    }
    for ((op, why), n) in &r.impl_defined {
        s.push_str(&format!("- `{op}`: {why} ({n} programs)\n"));
    }
    s
}

/// Writes `report.json` and `report.md` into `dir`.
pub fn write_report(r: &Report, dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let j = serde_json::to_string_pretty(&report_json(r)).unwrap_or_default();
    std::fs::write(dir.join("report.json"), j).map_err(|e| format!("report.json: {e}"))?;
    std::fs::write(dir.join("report.md"), report_markdown(r)).map_err(|e| format!("report.md: {e}"))
}
