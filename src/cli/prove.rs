//! `hlocheck prove`: certificates of the rewrite rules (`proofs/`).

use crate::egraph::rules::{self, Rule};
use crate::prove::certificate::{self, Certificate, F32Method, Settings, Source};
use std::path::{Path, PathBuf};

/// Options of `hlocheck prove`.
#[derive(clap::Parser, Debug)]
#[command(
    about = "Compute (or re-check) the certificates of the rewrite rules in proofs/",
    long_about = "Compute the certificate of each rule (all rules of spec/rules/ when none is \
named) and each element type it applies to: the method (SMT, exhaustive, sampled), the inputs \
covered, the largest ULP distance of the right-hand side from the left-hand side (the CHLO op, \
correctly rounded by the executor) and where it occurs, and how many inputs differ. Writes \
DIR/<rule>.json and DIR/<rule>.md. Exit status: 0 every certificate holds (and, with --check, \
equals the stored one), 1 a rule violates its kind or bound or a certificate disagrees, 2 bad \
command line."
)]
struct Args {
    /// Rules to certify (default: every rule; with --rules, every rule of those files).
    rules: Vec<String>,
    /// Recompute and compare with the stored certificates (with their recorded settings); write nothing.
    #[arg(long)]
    check: bool,
    /// Bring stored certificates written before they recorded the rules that
    /// legalized their right-hand sides up to date: every instance is
    /// planned again and must be legalized with the rules the certificate
    /// lists, every SMT and exhaustive instance of at most 2^16 inputs is
    /// recomputed and must equal the stored entry, and the certificate is
    /// rewritten with the SHA-256 of each legalizing rule's current text
    /// (its other entries kept).
    #[arg(long)]
    upgrade: bool,
    /// Run only part I of N (0-based) of every input space; writes a shard file to --out.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Merge the shard files (*.json) of these folders into certificates in --dir.
    #[arg(long, value_name = "DIR", num_args = 1..)]
    merge: Vec<String>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    jobs: Option<usize>,
    /// The certificates' folder.
    #[arg(long, default_value = "proofs")]
    dir: String,
    /// Where shard files are written.
    #[arg(long, default_value = "prove-shards")]
    out: String,
    /// More rule files to read (their rules are certified when no rule is named).
    #[arg(long = "rules", value_name = "FILE")]
    rule_files: Vec<String>,
    /// f32 instances not exhaustive by default: `exhaustive` (every input of a
    /// unary function) or `sampled[=N]` (default 10,000,000 samples).
    #[arg(long, default_value = "sampled")]
    f32: String,
    /// Samples of f64 instances.
    #[arg(long, default_value_t = 1_000_000)]
    f64_samples: u64,
    /// Samples of other elementwise instances too wide to run exhaustively.
    #[arg(long, default_value_t = 1_000_000)]
    samples: u64,
    /// Samples of instances that are not elementwise (one run per input).
    #[arg(long, default_value_t = 10_000)]
    tensor_samples: u64,
    /// Seed of the sampled inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Z3's time limit per query, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
}

/// The rules to work on, each with its file's text.
fn select(a: &Args) -> Result<Vec<(Rule, String)>, String> {
    let (all, extra) = known_rules(a)?;
    if a.rules.is_empty() {
        return Ok(if a.rule_files.is_empty() { all } else { extra });
    }
    let mut all = all;
    all.extend(extra);
    let mut out = Vec::new();
    for name in &a.rules {
        match all.iter().position(|(r, _)| &r.name == name) {
            Some(i) => out.push(all[i].clone()),
            None => return Err(format!("no rule named `{name}`")),
        }
    }
    Ok(out)
}

/// The embedded rules and those of the `--rules` files, each with its
/// file's text.
type Known = (Vec<(Rule, String)>, Vec<(Rule, String)>);

fn known_rules(a: &Args) -> Result<Known, String> {
    let mut all: Vec<(Rule, String)> = Vec::new();
    for (file, text) in rules::FILES {
        for r in rules::parse_rules(file, text).map_err(|e| e.to_string())? {
            all.push((r, text.to_string()));
        }
    }
    let mut extra = Vec::new();
    for f in &a.rule_files {
        let bytes = super::read_file(Path::new(f)).map_err(|e| format!("{f}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{f}: not UTF-8"))?;
        for r in rules::parse_rules(f, &text).map_err(|e| e.to_string())? {
            extra.push((r, text.clone()));
        }
    }
    Ok((all, extra))
}

fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (i, n) = s
        .split_once('/')
        .ok_or_else(|| format!("--shard {s}: expected I/N"))?;
    let (i, n): (u64, u64) = match (i.parse(), n.parse()) {
        (Ok(i), Ok(n)) => (i, n),
        _ => return Err(format!("--shard {s}: expected I/N with integers")),
    };
    if n == 0 || i >= n {
        return Err(format!("--shard {s}: need 0 <= I < N"));
    }
    Ok((i, n))
}

fn bar() -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar =
        indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} inputs ({elapsed}, ETA {eta})",
    ) {
        bar.set_style(style);
    }
    bar
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(d) = path.parent() {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn cert_path(dir: &str, rule: &str, ext: &str) -> PathBuf {
    Path::new(dir).join(format!("{rule}.{ext}"))
}

/// One line per certificate: methods and largest distance.
fn summary(c: &Certificate) -> String {
    let mut methods: Vec<&str> = c.entries.iter().map(|e| e.method.as_str()).collect();
    methods.sort_unstable();
    methods.dedup();
    let worst = c
        .entries
        .iter()
        .map(|e| e.max_ulp())
        .max()
        .unwrap_or_default();
    format!(
        "{}: {} instances ({}), max {} ulp",
        c.rule,
        c.entries.len(),
        methods.join(", "),
        worst
    )
}

/// `hlocheck prove [RULE…] [--check] [--shard I/N] [--merge DIR…] [--jobs N] …`.
pub fn cmd_prove(args: &[String]) -> i32 {
    let a: Args = match super::parse_args("prove", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let f32 = match F32Method::parse(&a.f32) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("hlocheck prove: --f32 {e}");
            return 2;
        }
    };
    let shard = match a.shard.as_deref().map(parse_shard).transpose() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hlocheck prove: {e}");
            return 2;
        }
    };
    if (a.check || a.upgrade) && (shard.is_some() || !a.merge.is_empty()) {
        eprintln!("hlocheck prove: --check and --upgrade take neither --shard nor --merge");
        return 2;
    }
    if a.check && a.upgrade {
        eprintln!("hlocheck prove: --check or --upgrade, not both");
        return 2;
    }
    let settings = Settings {
        f32,
        f64_samples: a.f64_samples,
        samples: a.samples,
        tensor_samples: a.tensor_samples,
        seed: a.seed,
        timeout_ms: a.timeout_ms,
    };
    let threads = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(16 << 20)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("hlocheck prove: cannot start {threads} workers: {e}");
            return 1;
        }
    };
    if !a.merge.is_empty() {
        return pool.install(|| merge(&a));
    }
    let selected = match select(&a) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("hlocheck prove: {e}");
            return 2;
        }
    };
    if a.upgrade {
        return pool.install(|| upgrade(&a, &selected));
    }
    let bar = bar();
    let results: Vec<Result<(Certificate, Vec<String>), String>> = pool.install(|| {
        use rayon::prelude::*;
        selected
            .par_iter()
            .map(|(rule, text)| {
                let src = Source::new(rule, text);
                let mut s = settings.clone();
                let mut stored = None;
                if a.check {
                    let p = cert_path(&a.dir, &rule.name, "json");
                    let old =
                        std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
                    let old: serde_json::Value =
                        serde_json::from_str(&old).map_err(|e| format!("{}: {e}", p.display()))?;
                    if let Some(st) = old
                        .get("settings")
                        .and_then(|v| Settings::from_json(v, a.timeout_ms))
                    {
                        s = st;
                    }
                    stored = Some(old);
                }
                let c =
                    certificate::certify(&src, &s, shard, &|n| bar.inc_length(n), &|n| bar.inc(n))?;
                let diffs = match &stored {
                    Some(old) => certificate::disagreements(&c.to_json(), old),
                    None => vec![],
                };
                Ok((c, diffs))
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut code = 0;
    for r in results {
        match r {
            Err(e) => {
                eprintln!("hlocheck prove: {e}");
                code = 1;
            }
            Ok((c, diffs)) => {
                for v in c.violations() {
                    eprintln!("hlocheck prove: VIOLATED: {v}");
                    code = 1;
                }
                if a.check {
                    if diffs.is_empty() {
                        outln!(
                            "{}: agrees with {}",
                            summary(&c),
                            cert_path(&a.dir, &c.rule, "json").display()
                        );
                    } else {
                        code = 1;
                        outln!(
                            "{}: DISAGREES with {}",
                            c.rule,
                            cert_path(&a.dir, &c.rule, "json").display()
                        );
                        for d in diffs {
                            outln!("  {d}");
                        }
                    }
                    continue;
                }
                let written = match shard {
                    Some((i, n)) => {
                        let p = Path::new(&a.out).join(format!("{}.shard-{i}-of-{n}.json", c.rule));
                        write(&p, &c.json_text()).map(|_| p)
                    }
                    None => {
                        let p = cert_path(&a.dir, &c.rule, "json");
                        write(&p, &c.json_text())
                            .and_then(|_| write(&cert_path(&a.dir, &c.rule, "md"), &c.markdown()))
                            .map(|_| p)
                    }
                };
                match written {
                    Ok(p) => outln!("{} -> {}", summary(&c), p.display()),
                    Err(e) => {
                        eprintln!("hlocheck prove: {e}");
                        code = 1;
                    }
                }
            }
        }
    }
    code
}

/// `--upgrade`: a stored certificate without `legalizing_sha256`, of the
/// rule's current text, rewritten with the hashes of its legalizing rules'
/// current texts, once what can be recomputed quickly agrees with it.
fn upgrade(a: &Args, selected: &[(Rule, String)]) -> i32 {
    use rayon::prelude::*;
    let results: Vec<Result<String, String>> = selected
        .par_iter()
        .map(|(rule, text)| -> Result<String, String> {
            let name = &rule.name;
            let src = Source::new(rule, text);
            let p = cert_path(&a.dir, name, "json");
            let old = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let old: serde_json::Value =
                serde_json::from_str(&old).map_err(|e| format!("{}: {e}", p.display()))?;
            if old.get("legalizing_sha256").is_some() {
                return Ok(format!("{name}: already records its legalizing rules"));
            }
            if old.get("sha256").and_then(|v| v.as_str()) != Some(&certificate::sha256(&src.text)) {
                return Err(format!(
                    "{name}: the certificate is of another text of the rule: run `hlocheck prove {name}`"
                ));
            }
            let mut stored = Certificate::from_json(&old)
                .ok_or_else(|| format!("{}: not a certificate", p.display()))?;
            let settings = Settings::from_json(
                old.get("settings").unwrap_or(&serde_json::Value::Null),
                a.timeout_ms,
            )
            .ok_or_else(|| format!("{}: no settings", p.display()))?;
            // The same instances, legalized with the same rules.
            let (jobs, _) = certificate::plan(rule, &settings)?;
            if jobs.len() != stored.entries.len() {
                return Err(format!("{name}: the instances differ from the stored ones"));
            }
            for (j, e) in jobs.iter().zip(&stored.entries) {
                let names: Vec<String> = j.legalized_with.iter().map(|(n, _)| n.clone()).collect();
                if (&j.format, &j.signature) != (&e.format, &e.signature) || names != e.legalized_with {
                    return Err(format!(
                        "{name}, {} {}: legalized with other rules than the stored entry's",
                        e.format, e.signature
                    ));
                }
            }
            // The quick instances recompute to the stored entries.
            let quick = certificate::certify_some(
                &src,
                &settings,
                None,
                &certificate::is_quick,
                &|_| {},
                &|_| {},
            )?;
            let new_json = quick.to_json();
            let old_entries = old.get("entries").and_then(|e| e.as_array());
            for e in new_json
                .get("entries")
                .and_then(|e| e.as_array())
                .into_iter()
                .flatten()
            {
                let same = old_entries.is_some_and(|o| o.iter().any(|x| x == e));
                if !same {
                    return Err(format!(
                        "{name}: a recomputed entry differs from the stored one: {e}"
                    ));
                }
            }
            if quick.version != stored.version || quick.kind != stored.kind {
                return Err(format!("{name}: another hlocheck version or kind: run `hlocheck prove {name}`"));
            }
            stored.legalizing = quick.legalizing;
            stored.file = rule.file.clone();
            stored.line = rule.line;
            let recomputed = new_json
                .get("entries")
                .and_then(|e| e.as_array())
                .map_or(0, |e| e.len());
            write(&p, &stored.json_text())?;
            write(&cert_path(&a.dir, name, "md"), &stored.markdown())?;
            Ok(format!(
                "{name}: {} legalizing rules recorded ({recomputed} of {} entries recomputed) -> {}",
                stored.legalizing.len(),
                stored.entries.len(),
                p.display()
            ))
        })
        .collect();
    let mut code = 0;
    for r in results {
        match r {
            Ok(line) => outln!("{line}"),
            Err(e) => {
                eprintln!("hlocheck prove: {e}");
                code = 1;
            }
        }
    }
    code
}

/// `--merge DIR…`: shard files into certificates.
fn merge(a: &Args) -> i32 {
    let mut files: Vec<PathBuf> = Vec::new();
    for d in &a.merge {
        match std::fs::read_dir(d) {
            Ok(rd) => {
                for e in rd.flatten() {
                    let p = e.path();
                    if p.extension().is_some_and(|x| x == "json") {
                        files.push(p);
                    }
                }
            }
            Err(e) => {
                eprintln!("hlocheck prove: {d}: {e}");
                return 2;
            }
        }
    }
    files.sort();
    let mut certs: Vec<Certificate> = Vec::new();
    for f in &files {
        let parsed = std::fs::read_to_string(f)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| Certificate::from_json(&v));
        let Some(c) = parsed else {
            eprintln!("hlocheck prove: {}: not a certificate shard", f.display());
            return 1;
        };
        if !a.rules.is_empty() && !a.rules.contains(&c.rule) {
            continue;
        }
        match certs.iter_mut().find(|x| x.rule == c.rule) {
            Some(x) => {
                if let Err(e) = x.merge(&c) {
                    eprintln!("hlocheck prove: {e}");
                    return 1;
                }
            }
            None => certs.push(c),
        }
    }
    if certs.is_empty() {
        eprintln!("hlocheck prove: no shard files in {}", a.merge.join(", "));
        return 1;
    }
    let known: Vec<(Rule, String)> = match known_rules(a) {
        Ok((mut all, extra)) => {
            all.extend(extra);
            all
        }
        Err(e) => {
            eprintln!("hlocheck prove: {e}");
            return 2;
        }
    };
    let mut code = 0;
    for mut c in certs {
        if !c.complete() {
            let missing: Vec<String> = c
                .entries
                .iter()
                .filter(|e| !e.complete())
                .map(|e| format!("{} {}", e.format, e.signature))
                .collect();
            eprintln!(
                "hlocheck prove: {}: the shards do not cover every input of {}",
                c.rule,
                missing.join("; ")
            );
            code = 1;
            continue;
        }
        // The certificate names the rule where it is now: the shards must
        // be of the rule's current text (its hash), and the file and line
        // are the current ones (a shard made by an older binary carries the
        // line the rule had then).
        match known.iter().find(|(r, _)| r.name == c.rule) {
            Some((r, text)) => {
                let now = certificate::sha256(&Source::new(r, text).text);
                if now != c.sha256 {
                    eprintln!(
                        "hlocheck prove: {}: the shards are of another text of the rule (SHA-256 {}; the rule's is {}): run them again",
                        c.rule, c.sha256, now
                    );
                    code = 1;
                    continue;
                }
                let legalizing =
                    certificate::legalizing_hashes(c.legalizing.iter().map(|(n, _)| n.as_str()));
                if legalizing != c.legalizing {
                    eprintln!(
                        "hlocheck prove: {}: the shards legalized with rules whose text has changed since: run them again",
                        c.rule
                    );
                    code = 1;
                    continue;
                }
                c.file = r.file.clone();
                c.line = r.line;
            }
            None => {
                eprintln!("hlocheck prove: {}: no rule of that name", c.rule);
                code = 1;
                continue;
            }
        }
        c.shard = None;
        for v in c.violations() {
            eprintln!("hlocheck prove: VIOLATED: {v}");
            code = 1;
        }
        let p = cert_path(&a.dir, &c.rule, "json");
        match write(&p, &c.json_text())
            .and_then(|_| write(&cert_path(&a.dir, &c.rule, "md"), &c.markdown()))
        {
            Ok(()) => outln!("{} -> {} (merged)", summary(&c), p.display()),
            Err(e) => {
                eprintln!("hlocheck prove: {e}");
                code = 1;
            }
        }
    }
    code
}
