//! `hlocheck fuzz` and the hidden `hlocheck serve-target`.

use crate::fuzz::campaign::{self, Options};
use crate::fuzz::gen::{parse_elem, GenOptions};
use crate::fuzz::oracle::Budgets;
use crate::fuzz::target::{Target, TargetSpec};
use std::path::PathBuf;
use std::time::Duration;

/// Differential fuzzing of a StableHLO implementation against hlocheck's executor.
#[derive(clap::Parser, Debug)]
#[command(name = "hlocheck fuzz")]
struct Args {
    /// A bundled target: `hlocheck` (the executor itself) or a bundled driver.
    #[arg(long, conflicts_with = "target_cmd")]
    target: Option<String>,
    /// Any command that speaks the hlocheck-target/1 protocol.
    #[arg(long = "target-cmd")]
    target_cmd: Option<String>,
    /// Python interpreter for bundled drivers (else $HLOCHECK_PYTHON, else python3).
    #[arg(long)]
    python: Option<String>,
    /// Campaign seed: same seed, same programs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Programs to run (per shard).
    #[arg(long)]
    programs: Option<u64>,
    /// Time to run, e.g. 30m, 90s, 1h.
    #[arg(long)]
    time: Option<String>,
    /// Target processes run in parallel (1 to 256).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    jobs: u16,
    /// Folder for report.json, report.md and findings/.
    #[arg(long, default_value = "fuzz-out")]
    out: PathBuf,
    /// Run shard I of N (programs k with k mod N = I).
    #[arg(long)]
    shard: Option<String>,
    /// Ops per program, at most (1 to 10000).
    #[arg(long = "max-ops", default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..=10000))]
    max_ops: u16,
    /// Element types drawn, comma-separated (default: all).
    #[arg(long)]
    types: Option<String>,
    /// Op weights, e.g. `stablehlo.add=3,stablehlo.dot_general=0` (0 disables).
    #[arg(long)]
    weights: Option<String>,
    /// Give some arguments dynamic dimensions.
    #[arg(long)]
    dynamic: bool,
    /// ULP budgets of the math functions, e.g. `exp=2,tanh=8,default=4`.
    #[arg(long = "ulp")]
    ulp: Option<String>,
    /// Per-program time limit of the target, in seconds.
    #[arg(long = "timeout", default_value_t = 60)]
    timeout: u64,
    /// Defects planted in the `hlocheck` target (testing the fuzzer).
    #[arg(long)]
    plant: Option<String>,
    /// Also run each program with only its own results returned (a fused
    /// run), to find deviations that appear only when ops are fused.
    #[arg(long)]
    fused: bool,
    /// Replay a finding folder on the target.
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Merge the reports of these folders (into --out).
    #[arg(long, num_args = 1..)]
    merge: Vec<PathBuf>,
}

fn duration(s: &str) -> Option<Duration> {
    let (n, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = n.parse().ok()?;
    Some(Duration::from_secs(match unit {
        "" | "s" => n,
        "m" => n * 60,
        "h" => n * 3600,
        _ => return None,
    }))
}

fn usage(msg: &str) -> i32 {
    eprintln!("hlocheck fuzz: {msg}");
    2
}

/// `hlocheck fuzz ...`.
pub fn cmd_fuzz(args: &[String]) -> i32 {
    let a: Args = match super::parse_args("fuzz", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    if !a.merge.is_empty() {
        let mut reports = Vec::new();
        for d in &a.merge {
            let p = d.join("report.json");
            let text = match std::fs::read_to_string(&p) {
                Ok(t) => t,
                Err(e) => return usage(&format!("{}: {e}", p.display())),
            };
            match serde_json::from_str::<serde_json::Value>(&text) {
                Ok(v) => reports.push((d.display().to_string(), campaign::report_from_json(&v))),
                Err(e) => return usage(&format!("{}: {e}", p.display())),
            }
        }
        let m = campaign::merge(reports);
        if let Err(e) = campaign::write_report(&m, &a.out) {
            eprintln!("hlocheck fuzz: {e}");
            return 1;
        }
        print!("{}", campaign::report_markdown(&m));
        return 0;
    }
    let python = a
        .python
        .clone()
        .or_else(|| std::env::var("HLOCHECK_PYTHON").ok())
        .unwrap_or_else(|| "python3".into());
    let plant: Vec<String> = a
        .plant
        .as_deref()
        .map(|p| {
            p.split(',')
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    for p in &plant {
        if !crate::fuzz::serve::PLANTS.contains(&p.as_str()) {
            return usage(&format!(
                "unknown plant '{p}' (known: {})",
                crate::fuzz::serve::PLANTS.join(", ")
            ));
        }
    }
    // A replay writes nothing into --out: its drivers and work go to a
    // folder of its own under the system's temporary folder.
    let replay_dir = std::env::temp_dir().join(format!("hlocheck-replay-{}", std::process::id()));
    let drivers = if a.replay.is_some() {
        replay_dir.join("drivers")
    } else {
        a.out.join("drivers")
    };
    let spec = match (&a.target, &a.target_cmd) {
        (Some(t), None) => TargetSpec::bundled(t, &python, &drivers, &plant),
        (None, Some(c)) => TargetSpec::command(c),
        _ => return usage("give --target NAME or --target-cmd CMD"),
    };
    let mut spec = match spec {
        Ok(s) => s,
        Err(e) => return usage(&e),
    };
    spec.timeout = Duration::from_secs(a.timeout.max(1));
    let budgets = match a.ulp.as_deref().map(Budgets::parse).transpose() {
        Ok(b) => b.unwrap_or_default(),
        Err(e) => return usage(&format!("--ulp: {e}")),
    };
    if let Some(dir) = &a.replay {
        let mut t = match Target::start(spec, &replay_dir) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("hlocheck fuzz: {e}");
                return 3;
            }
        };
        return match campaign::replay(&mut t, dir, &budgets) {
            Ok(Some(d)) => {
                println!("{}: reproduced on {}: {d}", dir.display(), t.spec.name);
                1
            }
            Ok(None) => {
                println!("{}: not reproduced on {}", dir.display(), t.spec.name);
                0
            }
            Err(e) => {
                eprintln!("hlocheck fuzz: {e}");
                2
            }
        };
    }
    let mut gen = GenOptions {
        max_ops: usize::from(a.max_ops),
        dynamic: a.dynamic,
        ..GenOptions::default()
    };
    if let Some(ts) = &a.types {
        let mut v = Vec::new();
        for t in ts.split(',').filter(|s| !s.is_empty()) {
            match parse_elem(t.trim()) {
                Some(e) => v.push(e),
                None => return usage(&format!("--types: '{t}' is not an element type")),
            }
        }
        gen.elem_types = v;
    }
    if let Some(ws) = &a.weights {
        for part in ws.split(',').filter(|s| !s.is_empty()) {
            let Some((op, w)) = part.split_once('=') else {
                return usage(&format!("--weights: '{part}' is not OP=WEIGHT"));
            };
            let Ok(w) = w.parse::<f64>() else {
                return usage(&format!("--weights: '{w}' is not a number"));
            };
            let op = if op.contains('.') {
                op.to_string()
            } else {
                format!("stablehlo.{op}")
            };
            gen.weights.insert(op, w);
        }
    }
    let shard = match a.shard.as_deref() {
        None => (0, 1),
        Some(s) => match s
            .split_once('/')
            .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        {
            Some((i, n)) if n > 0 && i < n => (i, n),
            _ => return usage(&format!("--shard: '{s}' is not I/N with I < N")),
        },
    };
    let time = match a.time.as_deref().map(duration) {
        Some(None) => return usage("--time: give e.g. 90s, 30m or 1h"),
        Some(Some(d)) => Some(d),
        None => None,
    };
    let programs = match (a.programs, time) {
        (None, None) => Some(100),
        (p, _) => p,
    };
    use std::io::IsTerminal;
    let opts = Options {
        gen,
        seed: a.seed,
        programs,
        time,
        jobs: usize::from(a.jobs),
        out: a.out.clone(),
        shard,
        budgets,
        progress: std::io::stderr().is_terminal(),
        shrink_runs: 60,
        fused: a.fused,
    };
    match campaign::run(&opts, spec) {
        Ok(r) => {
            print!("{}", campaign::report_markdown(&r));
            i32::from(!r.findings.is_empty())
        }
        Err(e) => {
            eprintln!("hlocheck fuzz: {e}");
            3
        }
    }
}

/// `hlocheck serve-target [--plant DEFECT,...]` (hidden): the executor as a fuzz target.
pub fn cmd_serve_target(args: &[String]) -> i32 {
    let mut plants = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--plant" => match it.next() {
                Some(p) => plants.extend(p.split(',').filter(|s| !s.is_empty()).map(String::from)),
                None => return usage("--plant needs a list"),
            },
            s => return usage(&format!("serve-target: unknown argument '{s}'")),
        }
    }
    crate::fuzz::serve::serve(&plants)
}
