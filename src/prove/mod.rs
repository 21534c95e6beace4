//! Deciding whether two functions compute the same function
//! (`hlocheck equiv`).
//!
//! [`decide`] tries its methods in order of strength and stops at the
//! first that settles the question:
//!
//! 1. **rewriting** — a [`Rewriter`] passed in [`Options::rewriter`] (the
//!    e-graph engine plugs in here); `None` skips the step;
//! 2. **SMT** ([`smt`]) — both functions encoded over the elements of their
//!    static shapes (bit-vectors for integers, Z3's floating-point theory for
//!    float arithmetic, bit-level decoding and encoding for every format),
//!    proven equal or refuted with a counterexample that the executor
//!    re-runs; any op it cannot encode exactly makes it step aside;
//! 3. **exhaustive execution** ([`exec`]) — every input, when there are few
//!    enough (elementwise functions are run once on a batch of all inputs);
//! 4. **sampling** ([`exec`]) — random bit patterns and edge values of every
//!    format, deterministic given the seed.
//!
//! Exhaustive execution runs before SMT when it is complete and cheap
//! ([`exec::cheap_and_complete`]: an elementwise function over at most
//! `max_exhaustive` inputs per element, or few runs of a small function):
//! it decides as completely as SMT, in a time known in advance.
//!
//! "Equal" is bit equality with any NaN equal to any NaN ([`ulp`]).
//! A verdict of equality is printed only when a method shows it for every
//! input; a difference only when the executor, run on both functions,
//! shows it.

pub mod accuracy;
pub mod certificate;
pub mod exec;
pub mod products;
pub mod smt;
pub mod ulp;

use crate::float::FloatKind;
use crate::interp::Limits;
use crate::ir::attr::Attr;
use crate::ir::{ElementType, Op, Program, Type};
pub use ulp::Ulp;

/// A method of deciding equivalence, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Rewriting,
    Smt,
    Exhaustive,
    Sampling,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Rewriting => "rewriting",
            Method::Smt => "SMT",
            Method::Exhaustive => "exhaustive",
            Method::Sampling => "sampling",
        }
    }
}

/// The rewriting method (method 1): returns the proof (the chain of rules)
/// when the two functions' roots meet under exact rules, `None` otherwise.
pub trait Rewriter: Sync {
    fn rewrite_equal(&self, a: &Program, fa: &str, b: &Program, fb: &str) -> Option<String>;
}

/// What [`decide`] may do.
pub struct Options<'r> {
    /// Method 1; `None` skips it.
    pub rewriter: Option<&'r dyn Rewriter>,
    /// Try the SMT method.
    pub smt: bool,
    /// Z3's time limit for the SMT method, in milliseconds.
    pub timeout_ms: u64,
    /// Z3's resource limit per query (`rlimit`; 0 = none): a budget that,
    /// unlike time, does not depend on the machine or its load, so a
    /// verdict under it is reproducible (certificates use it).
    pub rlimit: u64,
    /// Largest number of inputs run exhaustively.
    pub max_exhaustive: u64,
    /// Number of sampled inputs (edge values included).
    pub samples: u64,
    /// Seed of the sampled inputs.
    pub seed: u64,
    /// The executor's limits.
    pub limits: Limits,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            rewriter: None,
            smt: true,
            timeout_ms: 10_000,
            rlimit: 0,
            max_exhaustive: 1 << 18,
            samples: 100_000,
            seed: 0,
            limits: Limits::default(),
        }
    }
}

/// The outcome of a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Equal on every input (proven, or every input was run).
    Equivalent,
    /// Equal on every input that was tried; not every input was.
    NoDifferenceFound,
    /// A difference was found (and confirmed by the executor).
    Differ,
    /// Nothing could be decided.
    Undecided,
    /// The input is not a pair of comparable functions.
    BadInput,
}

/// The accuracy statistics of one result ([`accuracy::Stats`]).
pub use accuracy::Stats as ResultStats;

/// A concrete input on which the two functions differ, confirmed by the
/// executor.
#[derive(Clone, Debug, PartialEq)]
pub struct Counterexample {
    /// `%argN = value` for each argument.
    pub inputs: Vec<String>,
    /// The results of A and of B, one per result.
    pub a: Vec<String>,
    pub b: Vec<String>,
}

/// The verdict of [`decide`].
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub outcome: Outcome,
    /// The method that gave the verdict (`None` if none did).
    pub method: Option<Method>,
    /// The one-line verdict (`equal on all 65,536 inputs`, ...).
    pub summary: String,
    /// Inputs covered by the method (elements for elementwise functions).
    pub inputs_covered: u128,
    /// Per-result statistics (execution methods).
    pub results: Vec<ResultStats>,
    pub counterexample: Option<Counterexample>,
    /// The rewriting proof, when method 1 decided.
    pub proof: Option<String>,
    /// Why stronger methods stepped aside, and other remarks.
    pub notes: Vec<String>,
    /// Whether the function is elementwise with one argument (the accuracy
    /// table form of the report).
    pub unary_elementwise: bool,
    /// The functions an SMT proof left uninterpreted (function and element
    /// type, e.g. `Tan.f32`; `prove::smt`): the proof holds for every
    /// function, so for the executor's.
    pub uninterpreted: Vec<String>,
    /// The lemmas an SMT proof with products abstracted rests on, each
    /// proven by Z3 (`prove::products`); empty when nothing was abstracted.
    pub lemmas: Vec<String>,
    /// The axioms relating uninterpreted functions an SMT proof used
    /// (`prove::smt::axioms`): the proof holds for every interpretation
    /// satisfying them.
    pub axioms: Vec<String>,
}

impl Verdict {
    fn new(outcome: Outcome, method: Option<Method>, summary: String) -> Verdict {
        Verdict {
            outcome,
            method,
            summary,
            inputs_covered: 0,
            results: Vec::new(),
            counterexample: None,
            proof: None,
            notes: Vec::new(),
            unary_elementwise: false,
            uninterpreted: Vec::new(),
            lemmas: Vec::new(),
            axioms: Vec::new(),
        }
    }

    /// The largest ULP distance over all results.
    pub fn max_ulp(&self) -> Ulp {
        self.results
            .iter()
            .map(|r| r.max_ulp)
            .max()
            .unwrap_or_default()
    }
}

/// One side of the comparison: a function and its signature.
pub struct Side<'p> {
    pub prog: &'p Program,
    pub name: String,
    pub func: &'p Op,
    pub args: Vec<Type>,
    pub results: Vec<Type>,
}

/// Finds the `func.func` named `name` (at any nesting level of modules).
pub fn find_function<'p>(prog: &'p Program, name: &str) -> Option<&'p Op> {
    fn walk<'p>(ops: &'p [Op], name: &str) -> Option<&'p Op> {
        for op in ops {
            if op.name == "func.func"
                && op.attr("sym_name").and_then(|a| a.as_str()) == Some(name.as_bytes())
            {
                return Some(op);
            }
            for r in &op.regions {
                for b in &r.blocks {
                    if let Some(f) = walk(&b.ops, name) {
                        return Some(f);
                    }
                }
            }
        }
        None
    }
    walk(&prog.ops, name)
}

/// The entry function's name: `name` if given, else `main`, else the only
/// public function.
pub fn entry_name(prog: &Program, name: Option<&str>) -> Result<String, String> {
    if let Some(n) = name {
        return Ok(n.to_string());
    }
    let interp = crate::interp::Interp::new(prog, Limits::default());
    interp.default_entry().map(str::to_string).ok_or_else(|| {
        "no entry function (no @main and not one public function); name one with --entry"
            .to_string()
    })
}

impl<'p> Side<'p> {
    pub fn new(prog: &'p Program, name: &str) -> Result<Side<'p>, String> {
        let func = find_function(prog, name).ok_or_else(|| format!("no function named @{name}"))?;
        let Some(Attr::Type(Type::Function(ft))) = func.attr("function_type") else {
            return Err(format!("@{name} has no function type"));
        };
        if func
            .regions
            .first()
            .and_then(|r| r.blocks.first())
            .is_none()
        {
            return Err(format!("@{name} is a declaration without a body"));
        }
        Ok(Side {
            prog,
            name: name.to_string(),
            func,
            args: ft.inputs.clone(),
            results: ft.results.clone(),
        })
    }
}

/// The static shape and element type of a tensor type.
pub fn static_tensor(t: &Type) -> Option<(Vec<usize>, &ElementType)> {
    let Type::Tensor(tt) = t else { return None };
    let shape = crate::interp::static_shape(t)?;
    Some((shape, &tt.elem))
}

/// Whether an element type is one the methods here handle: integers,
/// booleans, real floats (complex as two float lanes).
pub fn supported_elem(e: &ElementType) -> bool {
    matches!(
        e,
        ElementType::Int(..) | ElementType::Float(_) | ElementType::Complex(_)
    )
}

/// The float kind of an element type's lanes, if float or complex.
pub fn lane_float(e: &ElementType) -> Option<FloatKind> {
    match e {
        ElementType::Float(k) | ElementType::Complex(k) => Some(*k),
        _ => None,
    }
}

/// `tensor<4xf32>, tensor<f16>`.
pub fn describe_types(types: &[Type]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Decides whether function `fa` of `a` and function `fb` of `b` compute the
/// same function (see the module doc for the methods and their order).
pub fn decide(a: &Program, fa: &str, b: &Program, fb: &str, opts: &Options) -> Verdict {
    let bad = |m: String| Verdict::new(Outcome::BadInput, None, m);
    let sa = match Side::new(a, fa) {
        Ok(s) => s,
        Err(e) => return bad(format!("A: {e}")),
    };
    let sb = match Side::new(b, fb) {
        Ok(s) => s,
        Err(e) => return bad(format!("B: {e}")),
    };
    if sa.args != sb.args || sa.results != sb.results {
        return bad(format!(
            "the signatures differ: A is ({}) -> ({}), B is ({}) -> ({})",
            describe_types(&sa.args),
            describe_types(&sa.results),
            describe_types(&sb.args),
            describe_types(&sb.results)
        ));
    }
    for t in sa.args.iter().chain(&sa.results) {
        match static_tensor(t) {
            Some((_, e)) if supported_elem(e) => {}
            _ => {
                return Verdict::new(
                    Outcome::Undecided,
                    None,
                    format!("undecided: the methods handle tensors of static shape with integer, boolean or float elements, not {t}"),
                )
            }
        }
    }
    let mut notes = Vec::new();
    if let Some(r) = opts.rewriter {
        if let Some(proof) = r.rewrite_equal(a, fa, b, fb) {
            let mut v = Verdict::new(
                Outcome::Equivalent,
                Some(Method::Rewriting),
                "equivalent (proven by rewriting)".into(),
            );
            v.proof = Some(proof);
            return v;
        }
        notes.push("rewriting: the two functions did not meet under exact rules".into());
    }
    // Exhaustive execution decides completely; where it is also cheap, it
    // comes before SMT, whose time is unknown in advance.
    if exec::cheap_and_complete(&sa, &sb, opts) {
        let mut v = exec::decide(&sa, &sb, opts);
        if v.outcome != Outcome::Undecided {
            v.notes.splice(0..0, notes);
            return v;
        }
        notes.push(format!("exhaustive execution: {}", v.summary));
    }
    if opts.smt {
        match smt::decide(&sa, &sb, opts) {
            smt::SmtResult::Decided(mut v) => {
                // A unary elementwise function refuted by SMT: run the
                // execution method too, for the accuracy table (largest
                // difference, how many inputs differ), if it finds the
                // difference as well.
                if v.outcome == Outcome::Differ && sa.args.len() == 1 {
                    let e = exec::decide(&sa, &sb, opts);
                    if e.outcome == Outcome::Differ && e.unary_elementwise {
                        let mut e = e;
                        notes.push(format!("SMT: {}", v.summary));
                        e.notes.splice(0..0, notes);
                        return e;
                    }
                }
                v.notes.splice(0..0, notes);
                return *v;
            }
            smt::SmtResult::StepAside(why) => notes.push(format!("SMT: {why}")),
        }
    }
    let mut v = exec::decide(&sa, &sb, opts);
    v.notes.splice(0..0, notes);
    v
}
