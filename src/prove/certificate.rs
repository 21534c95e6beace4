//! Certificates of rewrite rules (`hlocheck prove`, `proofs/`).
//!
//! For a rule and each element type it applies to ([`crate::egraph::instances`]),
//! the **reference** is the rule's left-hand side run by the executor (a
//! CHLO op is correctly rounded there) and the **candidate** its right-hand
//! side, legalized with the rules of `spec/rules/` until no CHLO op that a
//! rule rewrites is left (the rules used are recorded; for an `exact` rule
//! with its exact rules only, so that a CHLO op only approx rules rewrite
//! stays the executor's op). The certificate
//! states per instance how its inputs were covered and the accuracy
//! statistics of [`super::accuracy`].
//!
//! Methods, per instance:
//! * `exact` rules: **SMT** ([`super::smt`]) where the encoding covers
//!   every op, else **exhaustive** when one input has at most 16 bits, else
//!   **sampled**;
//! * `approx` rules: **exhaustive** when one input has at most 16 bits
//!   (every value of a 16-bit unary function, every pair of 8-bit values);
//!   unary f32 functions exhaustively over all 2³² inputs when asked
//!   ([`F32Method::Exhaustive`]), in shards that merge; otherwise
//!   **sampled**.
//!
//! Inputs are numbered, so any range of them can be run on its own: the
//! input space of an instance is cut into `N` contiguous shards
//! (`--shard I/N`), whose statistics merge ([`Stats::merge`]) into the same
//! certificate as one run. Exhaustive input `i` puts the bits of `i` into
//! the argument lanes, first lane lowest. Sampled inputs are the
//! combinations of each lane's edge values (first lane fastest; when
//! there are more than 65,536, 1,024 inputs cycling each lane through its
//! edge values with shifted phases), then stratified random inputs: the stratum of a lane is its
//! top bits (sign and exponent of a float, the top 8 bits of an integer);
//! for sample `j`, lane `k`'s stratum is `(j / P₀ + … + j / Pₖ) mod Sₖ`
//! (`Sₖ` strata in lane `k`, `Pₖ = S₀⋯Sₖ₋₁`), so every stratum of every lane
//! gets its share and every combination of two lanes' strata is reached
//! once the samples number `S₀·S₁`; the remaining bits are random
//! (SplitMix64 of the seed and `j`).

use super::accuracy::{self, Row, Stats};
use super::exec::{batched, edge_lanes, elementwise_shape, lane_bits, lane_of, Rng};
use super::ulp::{group, Ulp};
use super::{static_tensor, Options, Outcome, Side};
use crate::egraph::rules::{Kind, Rule};
use crate::interp::tensor::{lanes, Tensor};
use crate::interp::{Interp, Limits, Value};
use crate::ir::{ElementType, Program};
use serde_json::{json, Value as Json};
use sha2::{Digest, Sha256};

/// The hlocheck version written into certificates.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// How f32 instances that are not exhaustive by default are covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F32Method {
    /// Every input of a unary f32 function (2³²); binary ones are sampled
    /// with the default count.
    Exhaustive,
    /// This many stratified samples (plus edge cases).
    Sampled(u64),
}

/// Default number of f32 samples.
pub const F32_SAMPLES: u64 = 10_000_000;

impl F32Method {
    pub fn parse(s: &str) -> Result<F32Method, String> {
        match s {
            "exhaustive" => Ok(F32Method::Exhaustive),
            "sampled" => Ok(F32Method::Sampled(F32_SAMPLES)),
            _ => match s.strip_prefix("sampled=") {
                Some(n) => n
                    .replace('_', "")
                    .parse::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(F32Method::Sampled)
                    .ok_or_else(|| format!("`{n}` is not a positive sample count")),
                None => Err(format!(
                    "`{s}`: expected `exhaustive`, `sampled` or `sampled=N`"
                )),
            },
        }
    }
    pub fn text(self) -> String {
        match self {
            F32Method::Exhaustive => "exhaustive".into(),
            F32Method::Sampled(n) => format!("sampled={n}"),
        }
    }
}

/// What a certificate run may do; recorded in the certificate, so
/// `--check` recomputes with the same settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub f32: F32Method,
    /// Samples of f64 instances.
    pub f64_samples: u64,
    /// Samples of other elementwise instances too wide to run exhaustively
    /// (32- and 64-bit integers, complex, binary 16-bit formats).
    pub samples: u64,
    /// Samples of instances that are not elementwise (one run per input).
    pub tensor_samples: u64,
    pub seed: u64,
    /// Z3's time limit per query, in milliseconds.
    pub timeout_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            f32: F32Method::Sampled(F32_SAMPLES),
            f64_samples: 1_000_000,
            samples: 1_000_000,
            tensor_samples: 10_000,
            seed: 0,
            timeout_ms: 10_000,
        }
    }
}

impl Settings {
    pub fn to_json(&self) -> Json {
        json!({
            "f32": self.f32.text(),
            "f64_samples": self.f64_samples,
            "samples": self.samples,
            "tensor_samples": self.tensor_samples,
            "seed": self.seed,
        })
    }
    /// The settings a certificate records (the time limit is not recorded).
    pub fn from_json(v: &Json, timeout_ms: u64) -> Option<Settings> {
        Some(Settings {
            f32: F32Method::parse(v.get("f32")?.as_str()?).ok()?,
            f64_samples: v.get("f64_samples")?.as_u64()?,
            samples: v.get("samples")?.as_u64()?,
            tensor_samples: v.get("tensor_samples")?.as_u64()?,
            seed: v.get("seed")?.as_u64()?,
            timeout_ms,
        })
    }
}

// ---------------------------------------------------------------------------
// The rule's source text
// ---------------------------------------------------------------------------

/// The text of the rule that starts at 1-based `line` of `file_text`: from
/// its `rule` line through its `end` line, as written.
pub fn rule_text(file_text: &str, line: u32) -> Option<String> {
    let lines: Vec<&str> = file_text.lines().collect();
    let start = (line as usize).checked_sub(1)?;
    let mut out = String::new();
    for l in lines.get(start..)? {
        out.push_str(l);
        out.push('\n');
        let code = l.find("//").map_or(*l, |p| &l[..p]);
        if code.trim() == "end" {
            return Some(out);
        }
    }
    None
}

/// The `for VAR in WORDS` expansion that made `name` from the rule text,
/// if the text has one: (VAR, the word).
pub fn expansion(text: &str, name: &str) -> Option<(String, String)> {
    let header = text.lines().next()?;
    let header = header.find("//").map_or(header, |p| &header[..p]);
    let p = header.find(" for ")?;
    let mut words = header[p + 5..].split_whitespace();
    let var = words.next()?;
    words.next()?;
    let template = header[..p].split_whitespace().nth(1)?;
    let pat = format!("{{{var}}}");
    words
        .find(|w| template.replace(&pat, w) == name)
        .map(|w| (var.to_string(), w.to_string()))
}

/// SHA-256 of `text`, in hex.
pub fn sha256(text: &str) -> String {
    let d = Sha256::digest(text.as_bytes());
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// The text of the embedded rule `name` (the rules `legalize` applies), as
/// [`rule_text`] reads it: for a `for` rule, the template.
pub fn embedded_rule_text(name: &str) -> Option<String> {
    let rule = crate::egraph::rules::all()
        .iter()
        .find(|r| r.name == name)?;
    let (_, file) = crate::egraph::rules::FILES
        .iter()
        .find(|(f, _)| *f == rule.file)?;
    rule_text(file, rule.line)
}

/// What a certificate records of a lowering that is not a rule (`scan`,
/// `ragged_dot`, written in Rust): the hlocheck version covers it.
pub const BUILT_IN: &str = "built in";

/// The rules that legalized a certificate's right-hand sides (`names`, in
/// any order, repeats allowed), each with the SHA-256 of its current text
/// ([`embedded_rule_text`]), sorted by name; a lowering that is no rule
/// gets [`BUILT_IN`]. A certificate holds these beside its own rule's
/// hash, so a change to any rule its proof legalized with invalidates it.
pub fn legalizing_hashes<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(String, String)> {
    let mut names: Vec<&str> = names.into_iter().collect();
    names.sort_unstable();
    names.dedup();
    names
        .into_iter()
        .map(|n| {
            let h = embedded_rule_text(n).map_or_else(|| BUILT_IN.to_string(), |t| sha256(&t));
            (n.to_string(), h)
        })
        .collect()
}

/// A rule with the text it was read from.
pub struct Source<'r> {
    pub rule: &'r Rule,
    /// The rule's text as written (the `for` template, if any).
    pub text: String,
    pub expansion: Option<(String, String)>,
}

impl<'r> Source<'r> {
    /// `rule`, whose file's text is `file_text`.
    pub fn new(rule: &'r Rule, file_text: &str) -> Source<'r> {
        let text = rule_text(file_text, rule.line).unwrap_or_default();
        let expansion = expansion(&text, &rule.name);
        Source {
            rule,
            text,
            expansion,
        }
    }
}

/// The kind as the rule file writes it.
pub fn kind_text(k: &Kind) -> String {
    match k {
        Kind::Exact => "exact".into(),
        Kind::Approx(b) => format!(
            "approx({})",
            b.iter()
                .map(|(f, n)| format!("{f} = {n} ulp"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

// ---------------------------------------------------------------------------
// Planning an instance
// ---------------------------------------------------------------------------

/// How an instance's inputs are covered.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// Proven by SMT (one unit of work).
    Smt,
    /// Every input: `bits` bits per input.
    Exhaustive { bits: u32 },
    /// `edges` edge-value combinations, then `samples` stratified samples.
    Sampled {
        edges: u64,
        /// Whether `edges` is every combination of edge values.
        all_edges: bool,
        samples: u64,
    },
}

/// One instance of a rule, ready to run.
pub struct Job {
    /// The element type the instance is for.
    pub format: String,
    pub signature: String,
    pub lhs: Program,
    pub rhs: Program,
    /// Rules used to legalize the right-hand side, with how often.
    pub legalized_with: Vec<(String, usize)>,
    /// CHLO ops left in the legalized right-hand side.
    pub left_chlo: Vec<String>,
    /// Whether every legalizing rule was exact.
    pub legalized_exactly: bool,
    pub elementwise: bool,
    /// Each argument's shape and element type.
    args: Vec<(Vec<usize>, ElementType)>,
    /// Each input lane: its argument and element type.
    slots: Vec<(usize, ElementType)>,
    pub plan: Plan,
    /// Why SMT was not the method (exact rules), or, when it was, the
    /// functions it left uninterpreted.
    pub smt_note: Option<String>,
    /// Whether the SMT proof left functions uninterpreted (`prove::smt`).
    pub smt_uninterpreted: bool,
    /// Whether the proof is [`composed`]: SMT before legalization, and
    /// each legalizing rule proven on its own.
    pub smt_composed: bool,
    /// The lemmas an SMT proof with products abstracted rests on
    /// (`prove::products`); empty otherwise.
    pub smt_lemmas: Vec<String>,
    /// Whether the SMT proof rests on axioms relating uninterpreted
    /// functions (`prove::smt::axioms`).
    pub smt_axioms: bool,
    /// The bound of an approx rule for this format.
    pub bound: Option<u64>,
    pub approx: bool,
    seed: u64,
}

impl Job {
    /// Units of work: inputs (exhaustive, sampled) or 1 (SMT).
    pub fn units(&self) -> u64 {
        match self.plan {
            Plan::Smt => 1,
            Plan::Exhaustive { bits } => 1u64 << bits,
            Plan::Sampled { edges, samples, .. } => edges + samples,
        }
    }
    fn chunk(&self) -> u64 {
        // An elementwise chunk's values (128 KiB each in f64) stay in the
        // core's cache; at 1 << 16 the values of a long program (many
        // splat constants) streamed through memory.
        if self.elementwise {
            1 << 14
        } else {
            64
        }
    }
}

fn parse_side(text: &str) -> Result<Program, String> {
    crate::ir::parse::parse_program("rhs", text).map_err(|d| d.to_string())
}

/// Runs the left-hand side on zeros: an error means the executor does not
/// take this element type for the op (the CHLO spec leaves it to the
/// element op), so the instance is not one.
fn probe(lhs: &Program) -> Result<(), String> {
    let side = Side::new(lhs, "main")?;
    let args = side
        .args
        .iter()
        .map(|t| {
            let (shape, e) = static_tensor(t).ok_or("an argument is not a static tensor")?;
            let n: usize = shape.iter().product();
            Ok(Value::tensor(Tensor::new(
                e.clone(),
                shape,
                &vec![0; n * lanes(e)],
            )))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Interp::new(lhs, Limits::default())
        .call("main", args)
        .map(|_| ())
}

/// An instance that is not certified, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Skipped {
    pub format: String,
    pub signature: String,
    pub reason: String,
}

/// The jobs of `rule`: one per instance ([`crate::egraph::instances`]);
/// and the instances whose left-hand side the executor does not run.
pub fn plan(rule: &Rule, s: &Settings) -> Result<(Vec<Job>, Vec<Skipped>), String> {
    let mut jobs = Vec::new();
    let mut skipped = Vec::new();
    for (lhs, rhs, desc) in crate::egraph::instances::instances(rule) {
        let rest = desc
            .strip_prefix(&format!("{} on ", rule.name))
            .unwrap_or(&desc);
        let (format, signature) = rest.split_once(": ").unwrap_or((rest, ""));
        if let Err(e) = probe(&lhs) {
            skipped.push(Skipped {
                format: format.to_string(),
                signature: signature.to_string(),
                reason: format!("the left-hand side does not run on this type: {e}"),
            });
            continue;
        }
        // An exact rule is certified as written: its right-hand side is
        // legalized with exact rules only (a CHLO op that only approx rules
        // rewrite, `broadcast_zeta`'s `chlo.zeta`, is left to the executor;
        // those rules have certificates of their own).
        let rhs_written = rhs.clone();
        let leg = if rule.kind == Kind::Exact {
            crate::egraph::legalize::legalize_exact(&rhs)
        } else {
            crate::egraph::legalize::legalize(&rhs)
        };
        let rhs = parse_side(&crate::ir::print::print_program(&leg.program))?;
        let mut left_chlo: Vec<String> = leg.left.iter().map(|u| u.name.clone()).collect();
        left_chlo.dedup();
        let mut job = Job {
            format: format.to_string(),
            signature: signature.to_string(),
            lhs,
            rhs,
            legalized_with: leg.applied,
            left_chlo,
            legalized_exactly: leg.exact,
            elementwise: false,
            args: Vec::new(),
            slots: Vec::new(),
            plan: Plan::Smt,
            smt_note: None,
            smt_uninterpreted: false,
            smt_composed: false,
            smt_lemmas: Vec::new(),
            smt_axioms: false,
            bound: None,
            approx: rule.kind != Kind::Exact,
            seed: s.seed,
        };
        if let Kind::Approx(b) = &rule.kind {
            // A complex rule names its part formats (spec/rules/README.md).
            let part = job
                .format
                .strip_prefix("complex<")
                .and_then(|f| f.strip_suffix('>'));
            job.bound = b
                .iter()
                .find(|(f, _)| *f == job.format || Some(f.as_str()) == part)
                .map(|x| x.1);
        }
        choose(&mut job, s)?;
        if !job.approx && matches!(job.plan, Plan::Sampled { .. }) {
            if let Some(how) = composed(&job, &rhs_written, s) {
                job.plan = Plan::Smt;
                job.smt_composed = true;
                job.smt_note = Some(how);
            }
        }
        jobs.push(job);
    }
    Ok((jobs, skipped))
}

/// An exact rule whose legalized right-hand side SMT does not settle may
/// still be proven in two steps, when both hold:
///
/// 1. SMT proves the left-hand side equal to the right-hand side as the
///    rule writes it, its CHLO ops encoded by their own semantics;
/// 2. every rule that legalized those CHLO ops is proven on its own, for
///    this element type: its elementwise instance is run on every input
///    (or, when there are more than 2^18, proven by SMT), and its right-hand
///    side needs no further rule.
///
/// Every CHLO op of the written right-hand side must have this element type
/// alone (operands and results) and no region, so each legalizing rule
/// rewrote an op of the type step 2 proved it for; an elementwise rule
/// proven on one element holds on every shape. The legalized right-hand
/// side then equals the written one, and so the left-hand side, on every
/// input. Returns the note that says so, or `None`.
fn composed(job: &Job, rhs_written: &Program, s: &Settings) -> Option<String> {
    if job.legalized_with.is_empty() || !job.legalized_exactly {
        return None;
    }
    let elem = job.args.first().map(|(_, e)| e.clone())?;
    if !chlo_ops_of_type(&rhs_written.ops, rhs_written, &elem.to_string()) {
        return None;
    }
    let opts = Options {
        timeout_ms: s.timeout_ms.max(SMT_SAFETY_MS),
        rlimit: SMT_RLIMIT,
        max_exhaustive: 1 << 18,
        ..Options::default()
    };
    let mut steps = Vec::new();
    for (name, _) in &job.legalized_with {
        let rule = crate::egraph::rules::all()
            .iter()
            .find(|r| &r.name == name && r.kind == Kind::Exact)?;
        let (lhs, rhs) = crate::egraph::instances::instances(rule)
            .into_iter()
            .filter(|(_, _, d)| {
                d.strip_prefix(&format!("{name} on "))
                    .and_then(|r| r.split_once(": "))
                    .is_some_and(|(f, _)| f == job.format)
            })
            .map(|(l, r, _)| (l, r))
            .find(|(l, r)| {
                let (Ok(a), Ok(b)) = (Side::new(l, "main"), Side::new(r, "main")) else {
                    return false;
                };
                matches!((elementwise_shape(&a), elementwise_shape(&b)), (Some(x), Some(y)) if x == y)
            })?;
        if !crate::egraph::legalize::legalize_exact(&rhs)
            .applied
            .is_empty()
        {
            return None;
        }
        let a = Side::new(&lhs, "main").ok()?;
        let bits: u64 = a
            .args
            .iter()
            .map(|t| static_tensor(t).map(|(_, e)| lane_bits(e) as u64 * lanes(e) as u64))
            .sum::<Option<u64>>()?;
        let o = Options {
            smt: bits > 18,
            ..opts
        };
        let v = z3::with_z3_config(&z3::Config::new(), || {
            super::decide(&lhs, "main", &rhs, "main", &o)
        });
        let how = match v.method {
            Some(super::Method::Exhaustive) if v.outcome == Outcome::Equivalent => {
                format!(
                    "{name} on every one of its {} inputs",
                    group(v.inputs_covered)
                )
            }
            Some(super::Method::Smt) if v.outcome == Outcome::Equivalent => {
                format!("{name} by SMT")
            }
            _ => return None,
        };
        steps.push(how);
    }
    let a = Side::new(&job.lhs, "main").ok()?;
    let b = Side::new(rhs_written, "main").ok()?;
    let decided = z3::with_z3_config(&z3::Config::new(), || super::smt::decide(&a, &b, &opts));
    match decided {
        super::smt::SmtResult::Decided(v) if v.outcome == Outcome::Equivalent => {}
        _ => return None,
    }
    Some(format!(
        "proven in two steps: SMT on the right-hand side before legalization (its CHLO ops by their own semantics), \
         and each legalizing rule on its own, elementwise on {}: {}",
        job.format,
        steps.join(", ")
    ))
}

/// Whether every CHLO op among `ops` (nested regions included) has no
/// region and every operand and result of element type `elem`.
fn chlo_ops_of_type(ops: &[crate::ir::Op], prog: &Program, elem: &str) -> bool {
    ops.iter().all(|op| {
        let own = !op.name.starts_with("chlo.")
            || (op.regions.is_empty()
                && op.operands.iter().chain(&op.results).all(|&v| {
                    crate::interp::elem_type(prog.ty(v)).is_some_and(|e| e.to_string() == elem)
                }));
        own && op.regions.iter().all(|r| {
            r.blocks
                .iter()
                .all(|b| chlo_ops_of_type(&b.ops, prog, elem))
        })
    })
}

/// Chooses the method of a job (runs the SMT method for exact rules).
fn choose(job: &mut Job, s: &Settings) -> Result<(), String> {
    let a = Side::new(&job.lhs, "main")?;
    let b = Side::new(&job.rhs, "main")?;
    if a.args != b.args || a.results != b.results {
        return Err(format!(
            "the legalized right-hand side's signature differs: ({}) -> ({})",
            super::describe_types(&b.args),
            super::describe_types(&b.results)
        ));
    }
    let ew = match (elementwise_shape(&a), elementwise_shape(&b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    };
    job.elementwise = ew;
    job.args = a
        .args
        .iter()
        .map(|t| static_tensor(t).map(|(s, e)| (s, e.clone())))
        .collect::<Option<Vec<_>>>()
        .ok_or("an argument is not a tensor of static shape")?;
    job.slots = job
        .args
        .iter()
        .enumerate()
        .flat_map(|(k, (shape, e))| {
            let n = if ew { 1 } else { shape.iter().product() };
            std::iter::repeat_n((k, e.clone()), n * lanes(e))
        })
        .collect();
    let bits: u64 = job
        .slots
        .iter()
        .map(|(_, e)| lane_bits(e) as u64)
        .sum::<u64>();
    if !job.approx {
        // The decisive budget is Z3's resource limit, so that whether an
        // instance is proven by SMT does not depend on the machine's speed
        // or load; the time limit is only a safety net.
        let opts = Options {
            timeout_ms: s.timeout_ms.max(SMT_SAFETY_MS),
            rlimit: SMT_RLIMIT,
            ..Options::default()
        };
        // A fresh Z3 context per instance: a thread's shared context keeps
        // the state of the queries it ran before, which changes how much of
        // the resource limit a query uses, so the outcome near the limit
        // would depend on which instances a worker happened to take first.
        let decided = z3::with_z3_config(&z3::Config::new(), || super::smt::decide(&a, &b, &opts));
        match decided {
            super::smt::SmtResult::Decided(v) if v.outcome == Outcome::Equivalent => {
                job.plan = Plan::Smt;
                if !v.lemmas.is_empty() {
                    job.smt_lemmas = v.lemmas.clone();
                    job.smt_note = Some(format!(
                        "products abstracted (see proofs/README.md): {} lemmas, each proven by Z3 as its own query ({}); the query proven with each product a variable bounded by lemma `bound`",
                        v.lemmas.len(),
                        v.lemmas.join(", ")
                    ));
                }
                if !v.uninterpreted.is_empty() && !v.axioms.is_empty() {
                    job.smt_uninterpreted = true;
                    job.smt_axioms = true;
                    job.smt_note = Some(format!(
                        "uninterpreted: {}; axiom: {} (both functions correctly rounded from the same real function, special values checked: see proofs/README.md); the proof holds for every pair of functions satisfying the axiom, so for the executor's",
                        v.uninterpreted.join(", "),
                        v.axioms.join(", ")
                    ));
                } else if !v.uninterpreted.is_empty() {
                    job.smt_uninterpreted = true;
                    job.smt_note = Some(format!(
                        "uninterpreted: {} (the proof holds for every function, so for the executor's)",
                        v.uninterpreted.join(", ")
                    ));
                }
                return Ok(());
            }
            super::smt::SmtResult::Decided(v) => job.smt_note = Some(format!("SMT: {}", v.summary)),
            super::smt::SmtResult::StepAside(why) => job.smt_note = Some(format!("SMT: {why}")),
        }
    }
    let f32_unary = ew && job.slots.len() == 1 && job.slots[0].1.to_string() == "f32";
    let lane_kind = job.slots.first().map(|(_, e)| e.clone());
    job.plan = if bits <= 16 {
        Plan::Exhaustive { bits: bits as u32 }
    } else if f32_unary && s.f32 == F32Method::Exhaustive {
        Plan::Exhaustive { bits: 32 }
    } else {
        let samples = if !ew {
            s.tensor_samples
        } else {
            let f = lane_kind.as_ref().and_then(super::lane_float);
            match f.map(|k| k.bits()) {
                Some(32) if matches!(lane_kind, Some(ElementType::Float(_))) => match s.f32 {
                    F32Method::Sampled(n) => n,
                    F32Method::Exhaustive => F32_SAMPLES,
                },
                Some(64) if matches!(lane_kind, Some(ElementType::Float(_))) => s.f64_samples,
                _ => s.samples,
            }
        };
        let combos = job
            .slots
            .iter()
            .try_fold(1u64, |acc, (_, e)| {
                acc.checked_mul(edge_lanes(e).len() as u64)
            })
            .unwrap_or(u64::MAX);
        Plan::Sampled {
            edges: if combos <= 1 << 16 {
                combos
            } else {
                MIXED_EDGES
            },
            all_edges: combos <= 1 << 16,
            samples,
        }
    };
    Ok(())
}

// ---------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------

/// The method of an instance proven by SMT with functions the encoding
/// cannot express left uninterpreted (`prove::smt`).
pub const SMT_UNINTERPRETED: &str = "SMT (functions uninterpreted)";

/// The method of an instance proven in two steps ([`composed`]).
pub const SMT_COMPOSED: &str = "SMT (composed)";

/// The method of an instance proven by SMT with functions uninterpreted
/// and axioms relating them (`prove::smt::axioms`; the note names them).
pub const SMT_AXIOMS: &str = "SMT (functions uninterpreted, axioms)";

/// The method of an instance proven by SMT with products abstracted
/// (`prove::products`): `SMT (products abstracted, N lemmas proven)`.
fn smt_abstracted(lemmas: usize) -> String {
    format!("SMT (products abstracted, {lemmas} lemmas proven)")
}

/// Whether a method's name is a proof by SMT.
fn is_smt(method: &str) -> bool {
    method == "SMT"
        || method == SMT_UNINTERPRETED
        || method == SMT_AXIOMS
        || method == SMT_COMPOSED
        || (method.starts_with("SMT (products abstracted, ") && method.ends_with(" lemmas proven)"))
}

/// Z3's resource limit per query of a certificate's SMT method.
pub const SMT_RLIMIT: u64 = 20_000_000;
/// The time limit of a certificate's SMT query, a safety net only (the
/// resource limit decides).
const SMT_SAFETY_MS: u64 = 300_000;

/// Edge-value inputs when the lanes' edge values have more than 65,536
/// combinations: input `i` gives lane `k` its edge value number
/// `(i + k·⌊i/L⌋) mod L` (`L` its number of edge values).
const MIXED_EDGES: u64 = 1024;

/// Strata bits of a lane: sign and exponent of a float, top 8 bits of an
/// integer.
fn strata_bits(e: &ElementType) -> u32 {
    let w = lane_bits(e);
    match super::lane_float(e) {
        Some(k) => w - k.format().man_bits,
        None => w.min(8),
    }
}

impl Job {
    /// The lanes of input `i`, one `Vec` per argument (appended to `out`).
    fn input(&self, i: u64, out: &mut [Vec<u64>]) {
        match self.plan {
            Plan::Smt | Plan::Exhaustive { .. } => {
                let mut rest = i;
                for (a, e) in &self.slots {
                    let w = lane_bits(e);
                    let bits = if w >= 64 {
                        rest
                    } else {
                        rest & ((1u64 << w) - 1)
                    };
                    rest = if w >= 64 { 0 } else { rest >> w };
                    out[*a].push(lane_of(e, bits));
                }
            }
            Plan::Sampled {
                edges, all_edges, ..
            } => {
                if i < edges {
                    let all = all_edges;
                    let mut rest = i;
                    for (k, (a, e)) in self.slots.iter().enumerate() {
                        let ev = edge_lanes(e);
                        let len = ev.len() as u64;
                        let at = if all {
                            let at = rest % len;
                            rest /= len;
                            at
                        } else {
                            (i + k as u64 * (i / len)) % len
                        };
                        out[*a].push(lane_of(e, ev[at as usize]));
                    }
                    return;
                }
                let j = i - edges;
                let mut rng = Rng(self.seed ^ j.wrapping_mul(0xD1B5_4A32_D192_ED03));
                let mut p: u64 = 1;
                let mut sum: u64 = 0;
                for (a, e) in &self.slots {
                    let w = lane_bits(e);
                    let sb = strata_bits(e);
                    let strata = 1u64 << sb;
                    sum = sum.wrapping_add(j.checked_div(p).unwrap_or(0));
                    let stratum = sum % strata;
                    p = p.saturating_mul(strata);
                    let low = w - sb;
                    let r = rng.next_u64();
                    let low_bits = if low == 0 {
                        0
                    } else if low >= 64 {
                        r
                    } else {
                        r & ((1u64 << low) - 1)
                    };
                    let bits = if low >= 64 {
                        low_bits
                    } else {
                        (stratum << low) | low_bits
                    };
                    out[*a].push(lane_of(e, bits));
                }
            }
        }
    }

    /// Input `i` as text (`%arg0 = 1.5 (0x3e00), %arg1 = …`).
    pub fn input_text(&self, i: u64) -> String {
        let mut data: Vec<Vec<u64>> = vec![Vec::new(); self.args.len()];
        self.input(i, &mut data);
        data.iter()
            .zip(&self.args)
            .enumerate()
            .map(|(k, (d, (shape, e)))| {
                let text = if self.elementwise {
                    super::exec::elem_text(e, d)
                } else {
                    crate::interp::literal::format_value(&Value::tensor(Tensor::new(
                        e.clone(),
                        shape.clone(),
                        &d.clone(),
                    )))
                };
                format!("%arg{k} = {text}")
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Runs inputs `lo..hi` on both sides: the statistics of each result.
    fn run_chunk(
        &self,
        progs: Option<&(Program, Program)>,
        lo: u64,
        hi: u64,
    ) -> Result<Vec<Stats>, String> {
        let n = (hi - lo) as usize;
        let mut data: Vec<Vec<u64>> = vec![Vec::new(); self.args.len()];
        let mut stats: Vec<Stats> = Vec::new();
        let owned;
        let (pa, pb, reps) = if self.elementwise {
            let p = match progs {
                Some(p) => p,
                None => {
                    let a = Side::new(&self.lhs, "main")?;
                    let b = Side::new(&self.rhs, "main")?;
                    owned = (batched(&a, n), batched(&b, n));
                    &owned
                }
            };
            for i in lo..hi {
                self.input(i, &mut data);
            }
            (&p.0, &p.1, 1)
        } else {
            (&self.lhs, &self.rhs, n)
        };
        for r in 0..reps {
            let args: Vec<Value> = if self.elementwise {
                std::mem::take(&mut data)
                    .into_iter()
                    .zip(&self.args)
                    .map(|(d, (_, e))| Value::tensor(Tensor::new(e.clone(), vec![n], &d)))
                    .collect()
            } else {
                let mut d: Vec<Vec<u64>> = vec![Vec::new(); self.args.len()];
                self.input(lo + r as u64, &mut d);
                d.into_iter()
                    .zip(&self.args)
                    .map(|(d, (shape, e))| Value::tensor(Tensor::new(e.clone(), shape.clone(), &d)))
                    .collect()
            };
            let run = |p: &Program, args: Vec<Value>| -> Result<Vec<Tensor>, String> {
                let mut it = Interp::new(p, Limits::default());
                let r = it.call("main", args)?;
                r.into_iter().map(|v| v.into_tensor()).collect()
            };
            let ra = run(pa, args.clone())
                .map_err(|e| format!("the left-hand side fails to run: {e}"))?;
            let rb = run(pb, args).map_err(|e| format!("the right-hand side fails to run: {e}"))?;
            if stats.is_empty() {
                stats = ra
                    .iter()
                    .enumerate()
                    .map(|(k, t)| Stats::new(k, &t.elem))
                    .collect();
            }
            let base = lo as u128 + r as u128;
            for ((st, ta), tb) in stats.iter_mut().zip(&ra).zip(&rb) {
                let per = if self.elementwise {
                    1
                } else {
                    ta.data.len() / lanes(&ta.elem).max(1)
                };
                st.compare(&ta.elem, &ta.lanes_vec(), &tb.lanes_vec(), base, per.max(1));
            }
        }
        Ok(stats)
    }

    /// Runs the inputs `lo..hi` (in parallel chunks on the current rayon
    /// pool); `tick` is called with the inputs of each finished chunk.
    pub fn run_range(
        &self,
        lo: u64,
        hi: u64,
        tick: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<Stats>, String> {
        use rayon::prelude::*;
        let empty = || -> Vec<Stats> {
            self.lhs_results()
                .iter()
                .enumerate()
                .map(|(k, e)| Stats::new(k, e))
                .collect()
        };
        if self.plan == Plan::Smt || lo >= hi {
            tick(hi.saturating_sub(lo));
            return Ok(empty());
        }
        let c = self.chunk();
        let full = if self.elementwise {
            let a = Side::new(&self.lhs, "main")?;
            let b = Side::new(&self.rhs, "main")?;
            Some((batched(&a, c as usize), batched(&b, c as usize)))
        } else {
            None
        };
        let starts: Vec<u64> = (lo..hi).step_by(c as usize).collect();
        let parts: Vec<Result<Vec<Stats>, String>> = starts
            .par_iter()
            .map(|&s| {
                let e = (s + c).min(hi);
                let progs = if e - s == c { full.as_ref() } else { None };
                let r = self.run_chunk(progs, s, e);
                tick(e - s);
                r
            })
            .collect();
        let mut out = empty();
        for p in parts {
            for (o, x) in out.iter_mut().zip(p?) {
                o.merge(&x);
            }
        }
        Ok(out)
    }

    fn lhs_results(&self) -> Vec<ElementType> {
        Side::new(&self.lhs, "main")
            .map(|s| {
                s.results
                    .iter()
                    .filter_map(|t| static_tensor(t).map(|(_, e)| e.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }
}

// ---------------------------------------------------------------------------
// Certificates
// ---------------------------------------------------------------------------

/// The input range of shard `i` of `n` of `units` inputs.
pub fn shard_range(units: u64, i: u64, n: u64) -> (u64, u64) {
    let at = |k: u64| ((units as u128 * k as u128) / n as u128) as u64;
    (at(i), at(i + 1))
}

/// One entry of a certificate: an instance, what covered it, its stats.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub format: String,
    pub signature: String,
    pub method: String,
    /// Input space (units) and the ranges of it covered.
    pub units: u64,
    pub covered: Vec<(u64, u64)>,
    /// Bits of one input (the SMT and exhaustive spaces are 2^bits).
    pub bits: u64,
    /// Edge-value combinations before the samples (sampled).
    pub edges: u64,
    pub elementwise: bool,
    pub legalized_with: Vec<String>,
    pub left_chlo: Vec<String>,
    pub bound: Option<u64>,
    pub approx: bool,
    pub note: Option<String>,
    pub results: Vec<Stats>,
}

impl Entry {
    fn covered_units(&self) -> u64 {
        self.covered.iter().map(|(a, b)| b - a).sum()
    }
    /// Whether the covered ranges are exactly `0..units`.
    pub fn complete(&self) -> bool {
        let mut r = self.covered.clone();
        r.sort_unstable();
        let mut at = 0;
        for (a, b) in r {
            if a != at {
                return false;
            }
            at = b;
        }
        at == self.units
    }
    /// Inputs covered, as text.
    pub fn inputs_text(&self) -> String {
        match self.method.as_str() {
            m if is_smt(m) => format!("2^{} (proof)", self.bits),
            "exhaustive" => group(self.covered_units() as u128),
            _ => {
                let n = self.covered_units();
                format!(
                    "{} ({} edge cases + {} stratified)",
                    group(n as u128),
                    group(self.edges.min(n) as u128),
                    group(n.saturating_sub(self.edges) as u128)
                )
            }
        }
    }
    pub fn max_ulp(&self) -> Ulp {
        self.results
            .iter()
            .filter(|r| r.differing > 0)
            .map(|r| r.max_ulp)
            .max()
            .unwrap_or(Ulp(0))
    }
    fn any_difference(&self) -> bool {
        self.results.iter().any(|r| r.differing > 0)
    }
    /// Whether the entry violates its rule: an exact rule's sides differ
    /// (bits, NaN payloads included, on the inputs run); an approx rule
    /// exceeds its bound for this format.
    pub fn violation(&self) -> Option<String> {
        let worst = || {
            self.results
                .iter()
                .filter(|r| r.differing > 0)
                .max_by_key(|r| r.max_ulp)
                .map(|r| {
                    let (x, y) = r.worst_values.clone().unwrap_or_default();
                    format!(
                        "{} ulp at {}: reference {x}, candidate {y}",
                        r.max_ulp,
                        r.worst.clone().unwrap_or_default()
                    )
                })
                .unwrap_or_default()
        };
        if !self.approx {
            if self.any_difference() {
                return Some(format!("the exact rule's sides differ: {}", worst()));
            }
            if let Some(r) = self.results.iter().find(|r| r.payload_differences > 0) {
                return Some(format!(
                    "the exact rule's sides differ in NaN payloads on {} inputs",
                    group(r.payload_differences as u128)
                ));
            }
            return None;
        }
        match self.bound {
            Some(b) if self.any_difference() && self.max_ulp() > Ulp(b as u128) => {
                Some(format!("exceeds its bound of {b} ulp: {}", worst()))
            }
            _ => None,
        }
    }
    /// The verdict as a short text.
    pub fn verdict(&self) -> String {
        if let Some(v) = self.violation() {
            return format!("VIOLATED: {v}");
        }
        let proof = is_smt(&self.method) || self.method == "exhaustive";
        if !self.approx {
            return if proof {
                "holds".into()
            } else {
                "no difference found (sampled, not a proof)".into()
            };
        }
        match self.bound {
            Some(b) if proof => format!("holds: max {} ≤ {b} ulp", self.max_ulp()),
            Some(b) => format!(
                "max {} ≤ {b} ulp on the samples (not a proof)",
                self.max_ulp()
            ),
            None => "no bound stated for this format".into(),
        }
    }

    pub fn to_json(&self) -> Json {
        json!({
            "format": self.format,
            "signature": self.signature,
            "method": self.method,
            "elementwise": self.elementwise,
            "input_bits": self.bits,
            "inputs": self.inputs_text(),
            "units": self.units,
            "edge_cases": self.edges,
            "covered": self.covered.iter().map(|(a, b)| json!([a, b])).collect::<Vec<_>>(),
            "legalized_with": self.legalized_with,
            "chlo_left": self.left_chlo,
            "bound_ulp": self.bound,
            "max_ulp": accuracy::ulp_json(self.max_ulp()),
            "verdict": self.verdict(),
            "note": self.note,
            "results": self.results.iter().map(Stats::to_json).collect::<Vec<_>>(),
        })
    }

    pub fn from_json(v: &Json, approx: bool) -> Option<Entry> {
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
        let strs = |k: &str| -> Option<Vec<String>> {
            v.get(k)?
                .as_array()?
                .iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect()
        };
        Some(Entry {
            format: s("format")?,
            signature: s("signature")?,
            method: s("method")?,
            units: v.get("units")?.as_u64()?,
            covered: v
                .get("covered")?
                .as_array()?
                .iter()
                .map(|r| Some((r.get(0)?.as_u64()?, r.get(1)?.as_u64()?)))
                .collect::<Option<Vec<_>>>()?,
            bits: v.get("input_bits")?.as_u64()?,
            edges: v.get("edge_cases")?.as_u64()?,
            elementwise: v.get("elementwise")?.as_bool()?,
            legalized_with: strs("legalized_with")?,
            left_chlo: strs("chlo_left")?,
            bound: v.get("bound_ulp").and_then(|b| b.as_u64()),
            approx,
            note: s("note"),
            results: v
                .get("results")?
                .as_array()?
                .iter()
                .map(Stats::from_json)
                .collect::<Option<Vec<_>>>()?,
        })
    }

    /// Adds a shard of the same instance.
    pub fn merge(&mut self, other: &Entry) -> Result<(), String> {
        if (&self.method, self.units, self.bits, self.edges)
            != (&other.method, other.units, other.bits, other.edges)
        {
            return Err(format!(
                "{} {}: the shards disagree on the method or the input space",
                self.format, self.signature
            ));
        }
        for r in &other.covered {
            if self.covered.iter().any(|c| c.0 < r.1 && r.0 < c.1) {
                return Err(format!(
                    "{} {}: inputs {}..{} are in two shards",
                    self.format, self.signature, r.0, r.1
                ));
            }
        }
        self.covered.extend(&other.covered);
        self.covered.sort_unstable();
        // Adjacent ranges join.
        let mut joined: Vec<(u64, u64)> = Vec::new();
        for r in std::mem::take(&mut self.covered) {
            match joined.last_mut() {
                Some(l) if l.1 == r.0 => l.1 = r.1,
                _ => joined.push(r),
            }
        }
        self.covered = joined;
        for (a, b) in self.results.iter_mut().zip(&other.results) {
            a.merge(b);
        }
        Ok(())
    }
}

/// A rule's certificate (or one shard of it).
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    pub rule: String,
    pub file: String,
    pub line: u32,
    pub kind: String,
    pub expansion: Option<(String, String)>,
    pub sha256: String,
    /// The rules that legalized the right-hand sides of its instances
    /// (every planned instance, whichever ran), with the SHA-256 of each
    /// one's text ([`legalizing_hashes`]).
    pub legalizing: Vec<(String, String)>,
    pub version: String,
    pub settings: Settings,
    pub shard: Option<(u64, u64)>,
    pub entries: Vec<Entry>,
    /// Instances the executor does not run (not certified).
    pub skipped: Vec<Skipped>,
}

/// Computes the certificate of `src` (shard `shard` = (i, n) of it, or all).
/// `on_plan` gets the jobs' total units before they run.
pub fn certify(
    src: &Source,
    settings: &Settings,
    shard: Option<(u64, u64)>,
    on_plan: &dyn Fn(u64),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Certificate, String> {
    certify_some(src, settings, shard, &|_| true, on_plan, tick)
}

/// Whether a job is cheap enough to re-run in the tests: proven by SMT,
/// or exhaustive over at most 2^16 inputs.
pub fn is_quick(job: &Job) -> bool {
    match job.plan {
        Plan::Smt => true,
        Plan::Exhaustive { bits } => bits <= 16,
        Plan::Sampled { .. } => false,
    }
}

/// [`certify`] with only the instances `keep` selects.
pub fn certify_some(
    src: &Source,
    settings: &Settings,
    shard: Option<(u64, u64)>,
    keep: &dyn Fn(&Job) -> bool,
    on_plan: &dyn Fn(u64),
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Certificate, String> {
    let rule = src.rule;
    let (mut jobs, skipped) =
        plan(rule, settings).map_err(|e| format!("rule {}: {e}", rule.name))?;
    // Of every instance (a shard or a selection of the jobs records the
    // same rules as the whole certificate).
    let legalizing = legalizing_hashes(
        jobs.iter()
            .flat_map(|j| j.legalized_with.iter().map(|(n, _)| n.as_str())),
    );
    jobs.retain(|j| keep(j));
    let ranges: Vec<(u64, u64)> = jobs
        .iter()
        .map(|j| match shard {
            Some((i, n)) => shard_range(j.units(), i, n),
            None => (0, j.units()),
        })
        .collect();
    on_plan(ranges.iter().map(|(a, b)| b - a).sum());
    let mut entries = Vec::new();
    for (job, &(lo, hi)) in jobs.iter().zip(&ranges) {
        let mut results = job
            .run_range(lo, hi, tick)
            .map_err(|e| format!("rule {} on {}: {e}", rule.name, job.format))?;
        for r in &mut results {
            r.worst = r.worst_at.map(|(i, el)| {
                let mut t = job.input_text(i as u64);
                if !job.elementwise {
                    t.push_str(&format!(" (result element {el})"));
                }
                t
            });
        }
        let (method, edges) = match job.plan {
            Plan::Smt if job.smt_composed => (SMT_COMPOSED.to_string(), 0),
            Plan::Smt if !job.smt_lemmas.is_empty() => (smt_abstracted(job.smt_lemmas.len()), 0),
            Plan::Smt if job.smt_axioms => (SMT_AXIOMS.to_string(), 0),
            Plan::Smt if job.smt_uninterpreted => (SMT_UNINTERPRETED.to_string(), 0),
            Plan::Smt => ("SMT".to_string(), 0),
            Plan::Exhaustive { .. } => ("exhaustive".to_string(), 0),
            Plan::Sampled { edges, .. } => ("sampled".to_string(), edges),
        };
        let mut note = job.smt_note.clone();
        if !job.legalized_exactly {
            let n = "the right-hand side was legalized with approx rules".to_string();
            note = Some(match note {
                Some(x) => format!("{x}; {n}"),
                None => n,
            });
        }
        entries.push(Entry {
            format: job.format.clone(),
            signature: job.signature.clone(),
            method,
            units: job.units(),
            covered: if hi > lo { vec![(lo, hi)] } else { vec![] },
            bits: job.slots.iter().map(|(_, e)| lane_bits(e) as u64).sum(),
            edges,
            elementwise: job.elementwise,
            legalized_with: job.legalized_with.iter().map(|(n, _)| n.clone()).collect(),
            left_chlo: job.left_chlo.clone(),
            bound: job.bound,
            approx: job.approx,
            note,
            results,
        });
    }
    Ok(Certificate {
        rule: rule.name.clone(),
        file: rule.file.clone(),
        line: rule.line,
        kind: kind_text(&rule.kind),
        expansion: src.expansion.clone(),
        sha256: sha256(&src.text),
        legalizing,
        version: VERSION.into(),
        settings: settings.clone(),
        shard,
        entries,
        skipped,
    })
}

impl Certificate {
    pub fn to_json(&self) -> Json {
        let mut j = json!({
            "rule": self.rule,
            "file": self.file,
            "line": self.line,
            "kind": self.kind,
            "for": self.expansion.as_ref().map(|(v, w)| json!({"var": v, "word": w})),
            "sha256": self.sha256,
            "hlocheck": self.version,
            "settings": self.settings.to_json(),
            "shard": self.shard.map(|(i, n)| json!({"index": i, "count": n})),
            "reference": "the left-hand side run by the executor (CHLO ops correctly rounded)",
            "equal": "same bits, or both NaN; ulp = representable values between the two results",
            "entries": self.entries.iter().map(Entry::to_json).collect::<Vec<_>>(),
            "not_instances": self.skipped.iter().map(|k| json!({
                "format": k.format, "signature": k.signature, "reason": k.reason,
            })).collect::<Vec<_>>(),
        });
        // Only where some rule legalized a right-hand side (the other
        // certificates keep their form).
        if !self.legalizing.is_empty() {
            if let Some(m) = j.as_object_mut() {
                m.insert(
                    "legalizing_sha256".into(),
                    self.legalizing
                        .iter()
                        .map(|(r, h)| json!({"rule": r, "sha256": h}))
                        .collect::<Vec<_>>()
                        .into(),
                );
            }
        }
        j
    }

    /// The JSON text written to a file (deterministic, newline-terminated).
    pub fn json_text(&self) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_json()).unwrap_or_default();
        s.push('\n');
        s
    }

    pub fn from_json(v: &Json) -> Option<Certificate> {
        let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(str::to_string);
        let kind = s("kind")?;
        let approx = kind != "exact";
        Some(Certificate {
            rule: s("rule")?,
            file: s("file")?,
            line: v.get("line")?.as_u64()? as u32,
            kind,
            expansion: v.get("for").and_then(|f| {
                Some((
                    f.get("var")?.as_str()?.to_string(),
                    f.get("word")?.as_str()?.to_string(),
                ))
            }),
            sha256: s("sha256")?,
            legalizing: match v.get("legalizing_sha256") {
                None => Vec::new(),
                Some(l) => l
                    .as_array()?
                    .iter()
                    .map(|x| {
                        Some((
                            x.get("rule")?.as_str()?.to_string(),
                            x.get("sha256")?.as_str()?.to_string(),
                        ))
                    })
                    .collect::<Option<Vec<_>>>()?,
            },
            version: s("hlocheck")?,
            settings: Settings::from_json(v.get("settings")?, Settings::default().timeout_ms)?,
            shard: v
                .get("shard")
                .and_then(|x| Some((x.get("index")?.as_u64()?, x.get("count")?.as_u64()?))),
            entries: v
                .get("entries")?
                .as_array()?
                .iter()
                .map(|e| Entry::from_json(e, approx))
                .collect::<Option<Vec<_>>>()?,
            skipped: v
                .get("not_instances")?
                .as_array()?
                .iter()
                .map(|k| {
                    Some(Skipped {
                        format: k.get("format")?.as_str()?.to_string(),
                        signature: k.get("signature")?.as_str()?.to_string(),
                        reason: k.get("reason")?.as_str()?.to_string(),
                    })
                })
                .collect::<Option<Vec<_>>>()?,
        })
    }

    /// Violations of the rule, one line each (`rule, format: …`).
    pub fn violations(&self) -> Vec<String> {
        self.entries
            .iter()
            .filter_map(|e| {
                e.violation()
                    .map(|v| format!("{}, {} {}: {v}", self.rule, e.format, e.signature))
            })
            .collect()
    }

    /// The Markdown form.
    pub fn markdown(&self) -> String {
        let mut s = format!("# `{}`\n\n", self.rule);
        s.push_str(&format!(
            "- rule: `{}` at {}:{}",
            self.rule, self.file, self.line
        ));
        if let Some((v, w)) = &self.expansion {
            s.push_str(&format!(" (`for {v}`, {v} = `{w}`)"));
        }
        s.push_str(&format!(
            "\n- kind: `{}`\n- SHA-256 of the rule's text: `{}`\n- hlocheck {}\n- settings: f32 {}, f64 {} samples, other wide types {} samples, non-elementwise {} samples, seed {}\n",
            self.kind,
            self.sha256,
            self.version,
            self.settings.f32.text(),
            group(self.settings.f64_samples as u128),
            group(self.settings.samples as u128),
            group(self.settings.tensor_samples as u128),
            self.settings.seed
        ));
        if !self.legalizing.is_empty() {
            s.push_str("- SHA-256 of the rules that legalized the right-hand side:");
            for (r, h) in &self.legalizing {
                s.push_str(&format!("\n  - `{r}`: `{h}`"));
            }
            s.push('\n');
        }
        if let Some((i, n)) = self.shard {
            s.push_str(&format!("- shard {i} of {n}\n"));
        }
        s.push_str("- reference: the left-hand side run by the executor (CHLO ops correctly rounded); candidate: the right-hand side, legalized\n\n");
        let rows: Vec<Row> = self
            .entries
            .iter()
            .flat_map(|e| {
                e.results.iter().map(move |r| Row {
                    label: if e.results.len() == 1 {
                        e.format.clone()
                    } else {
                        format!("{} (result {})", e.format, r.index)
                    },
                    method: e.method.clone(),
                    inputs: e.inputs_text(),
                    stats: r,
                    extra: vec![
                        format!("`{}`", e.signature),
                        e.bound.map_or("—".into(), |b| format!("{b} ulp")),
                        e.verdict(),
                    ],
                })
            })
            .collect();
        s.push_str(&accuracy::table(
            "format",
            "reference",
            "candidate",
            true,
            &["signature", "bound", "verdict"],
            &rows,
        ));
        let legal: Vec<String> = self
            .entries
            .iter()
            .filter(|e| !e.legalized_with.is_empty() || !e.left_chlo.is_empty() || e.note.is_some())
            .map(|e| {
                let mut l = format!("- {} `{}`:", e.format, e.signature);
                if !e.legalized_with.is_empty() {
                    l.push_str(&format!(" legalized with {}.", e.legalized_with.join(", ")));
                }
                if !e.left_chlo.is_empty() {
                    l.push_str(&format!(" CHLO left: {}.", e.left_chlo.join(", ")));
                }
                if let Some(n) = &e.note {
                    l.push_str(&format!(" {n}."));
                }
                l
            })
            .collect();
        if !legal.is_empty() {
            s.push_str("\nNotes:\n\n");
            s.push_str(&legal.join("\n"));
            s.push('\n');
        }
        if !self.skipped.is_empty() {
            s.push_str("\nNot instances (the executor does not run the left-hand side on these types):\n\n");
            for k in &self.skipped {
                s.push_str(&format!("- {} `{}`: {}\n", k.format, k.signature, k.reason));
            }
        }
        s
    }

    /// Adds a shard of the same rule.
    pub fn merge(&mut self, other: &Certificate) -> Result<(), String> {
        if self.sha256 != other.sha256 || self.rule != other.rule {
            return Err(format!(
                "{}: shards of different rule texts (SHA-256 {} and {})",
                self.rule, self.sha256, other.sha256
            ));
        }
        if self.legalizing != other.legalizing {
            return Err(format!(
                "{}: shards legalized with different rules or rule texts",
                self.rule
            ));
        }
        if self.settings != other.settings || self.version != other.version {
            return Err(format!(
                "{}: shards made with different settings or versions",
                self.rule
            ));
        }
        if self.entries.len() != other.entries.len() {
            return Err(format!("{}: shards with different instances", self.rule));
        }
        for (a, b) in self.entries.iter_mut().zip(&other.entries) {
            if (&a.format, &a.signature) != (&b.format, &b.signature) {
                return Err(format!("{}: shards with different instances", self.rule));
            }
            a.merge(b).map_err(|e| format!("{}: {e}", self.rule))?;
        }
        Ok(())
    }

    /// Whether every entry covers its whole input space.
    pub fn complete(&self) -> bool {
        self.entries.iter().all(Entry::complete)
    }
}

/// The differences between a recomputed certificate and a stored one, one
/// line each.
pub fn disagreements(new: &Json, old: &Json) -> Vec<String> {
    let mut out = Vec::new();
    for k in [
        "rule",
        "kind",
        "for",
        "sha256",
        "legalizing_sha256",
        "hlocheck",
        "settings",
        "not_instances",
    ] {
        if new.get(k) != old.get(k) {
            out.push(format!(
                "{k}: stored {}, recomputed {}",
                old.get(k).unwrap_or(&Json::Null),
                new.get(k).unwrap_or(&Json::Null)
            ));
        }
    }
    let empty = vec![];
    let ne = new
        .get("entries")
        .and_then(|e| e.as_array())
        .unwrap_or(&empty);
    let oe = old
        .get("entries")
        .and_then(|e| e.as_array())
        .unwrap_or(&empty);
    let key = |e: &Json| {
        format!(
            "{} {}",
            e.get("format").and_then(|x| x.as_str()).unwrap_or(""),
            e.get("signature").and_then(|x| x.as_str()).unwrap_or("")
        )
    };
    for e in ne {
        match oe.iter().find(|o| key(o) == key(e)) {
            None => out.push(format!("{}: not in the stored certificate", key(e))),
            Some(o) if o != e => {
                let fields: Vec<String> = e
                    .as_object()
                    .map(|m| {
                        m.iter()
                            .filter(|(k, v)| o.get(k.as_str()) != Some(v))
                            .map(|(k, v)| {
                                format!(
                                    "{k} stored {} recomputed {v}",
                                    o.get(k.as_str()).unwrap_or(&Json::Null)
                                )
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                out.push(format!("{}: {}", key(e), fields.join("; ")));
            }
            Some(_) => {}
        }
    }
    for o in oe {
        if !ne.iter().any(|e| key(e) == key(o)) {
            out.push(format!("{}: stored but no longer an instance", key(o)));
        }
    }
    out
}
