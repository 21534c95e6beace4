//! The verifier: checks every op of a program against its spec.
//!
//! The program is walked in order (modules, functions, nested regions before
//! the op that holds them). Every value gets a [`TensorVal`]: its dimension
//! sizes — constants, or unknowns for `?` (≥ 0, and ≤ the bound of a bounded
//! dimension) — and, for small integer tensors, its elements as symbolic
//! integers, tracked through `get_dimension_size`, constants, `convert`,
//! `reshape`, `concatenate`, `slice`, integer arithmetic, `compare` and
//! `select` (see [`shapes`]). Each constraint of an op's spec is evaluated
//! ([`crate::spec::eval`]); a constant verdict needs no solver, a formula over
//! unknowns goes to Z3 ([`solve`]):
//!
//! - valid under the assumptions → holds for every input;
//! - unsatisfiable → fails for every input: an error;
//! - otherwise → holds only if the formula holds: a precondition, reported
//!   with a counterexample and assumed for the rest of the program.
//!
//! Tracked elements are exact values kept under the condition that the
//! integer ops they went through did not wrap around in their element types
//! ([`shapes`]). Where such a value is taken as a size, a condition that the
//! sizes' ranges (`?` sizes of arguments are at most [`Options::max_dim`]),
//! the assumptions and the conditions found before do not imply is an
//! *overflow condition* ([`Kind::Overflow`]): reported apart from the
//! preconditions (JAX computes sizes in i32, so `2 * h` holds only if
//! `h <= 1073741823`, which says nothing about the program's shapes),
//! with the op that must not wrap, and assumed for the rest of the program
//! like a precondition. A condition that cannot be established makes the
//! value untracked there, so nothing that depends on it holds silently.
//!
//! Unknown result dimensions are *defined* by the op's constraints where a
//! constraint equates them with something (`shape(result) = shape(operand)`),
//! which is type inference: the declared `?` takes the inferred size, and a
//! declared static size that contradicts the inferred one fails the
//! constraint that states the equality.
//!
//! Calls are followed ([`calls`]): a private function that is called is
//! checked at each call, in the caller's context, rather than on its own.

pub mod bind;
pub mod calls;
pub mod expected;
pub mod shapes;
pub mod solve;
pub mod types;

use crate::ir::types::Type;
use crate::ir::{Op, Pos, Program, ValueId};
use crate::spec::ast::{ConstraintBody, Expr, ExprKind, OpSpec, Text};
use crate::spec::eval::{fits, show_with, Context, Evaluator, FuncSig, Outcome, TensorVal, Value};
use crate::spec::sym::{Rel, SBool, Sym};
use crate::spec::Spec;
use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::rc::Rc;

/// Ops of the StableHLO dialect that the spec does not describe (terminators,
/// legacy and helper ops). They are accepted as opaque; anything else named
/// `stablehlo.*` or `chlo.*` without a spec is an unknown op.
pub const DIALECT_OPS_WITHOUT_SPEC: &[&str] = &[
    "stablehlo.return",
    "chlo.return",
    "stablehlo.create_token",
    "stablehlo.cross-replica-sum",
    "stablehlo.einsum",
    "stablehlo.unary_einsum",
    "stablehlo.torch_index_select",
    "stablehlo.trace",
    "stablehlo.compute_reshape_shape",
    "stablehlo.cstr_reshapable",
    "stablehlo.async_start",
    "stablehlo.async_update",
    "stablehlo.async_done",
];

/// The constraints that the verifier's tests violate on purpose
/// (`tests/verify.rs` names them as `"op (label)"`, the cases of
/// `tests/constraints/` as `{{op (label)}}`), for `hlocheck spec --coverage`.
pub fn tested_labels() -> std::collections::BTreeSet<(String, String)> {
    const TESTS: &str = include_str!("../../tests/verify.rs");
    const CASES: &[&str] = &[
        include_str!("../../tests/constraints/elementwise.mlir"),
        include_str!("../../tests/constraints/data_movement.mlir"),
        include_str!("../../tests/constraints/dynamic.mlir"),
        include_str!("../../tests/constraints/reductions.mlir"),
        include_str!("../../tests/constraints/linalg.mlir"),
        include_str!("../../tests/constraints/control_flow.mlir"),
        include_str!("../../tests/constraints/collectives.mlir"),
        include_str!("../../tests/constraints/quantization.mlir"),
        include_str!("../../tests/constraints/chlo.mlir"),
        include_str!("../../tests/constraints/dialect.mlir"),
    ];
    let mut out = std::collections::BTreeSet::new();
    let mut add = |piece: &str| {
        let Some((op, rest)) = piece.trim().split_once(" (") else {
            return;
        };
        if let Some(label) = rest.strip_suffix(')') {
            if (op.starts_with("stablehlo.") || op.starts_with("chlo.")) && !op.contains(' ') {
                out.insert((op.to_string(), label.to_string()));
            }
        }
    };
    for piece in TESTS.split('"').skip(1).step_by(2) {
        add(piece);
    }
    for text in CASES {
        for piece in text.split("{{").skip(1) {
            if let Some((mark, _)) = piece.split_once("}}") {
                add(mark);
            }
        }
    }
    out
}

/// Settings of a verification.
#[derive(Clone, Debug)]
pub struct Options {
    /// Extra assumptions on the dynamic sizes, e.g. `arg0.dim0 % 8 = 0`.
    pub assumptions: Vec<String>,
    /// Time limit of one solver query, in milliseconds.
    pub timeout_ms: u32,
    /// Time all the solver queries of one program may take together, in
    /// milliseconds; once spent, what is left is undecided.
    pub budget_ms: u64,
    /// The largest dynamic size of an input (`--max-dim`): every `?` size
    /// of a function's or a region's arguments is at most this. By default
    /// the largest size `get_dimension_size` can return (its result is an
    /// si32), so that every size the spec can describe is covered.
    pub max_dim: i64,
}

/// The default bound of dynamic sizes: 2^31 − 1.
pub const DEFAULT_MAX_DIM: i64 = i32::MAX as i64;

/// The default total solver time per program, in milliseconds.
pub const DEFAULT_BUDGET_MS: u64 = 60_000;

impl Default for Options {
    fn default() -> Options {
        Options {
            assumptions: Vec::new(),
            timeout_ms: 2000,
            budget_ms: DEFAULT_BUDGET_MS,
            max_dim: DEFAULT_MAX_DIM,
        }
    }
}

/// What was found about one constraint of one op.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Fails for every input.
    Error,
    /// Holds only if the stated condition on the dynamic sizes holds.
    Precondition,
    /// Holds only if the integer shape arithmetic named in
    /// [`Finding::overflow`] does not wrap around: the stated condition on
    /// the dynamic sizes keeps its exact result within its element type.
    Overflow,
    /// Could not be decided (solver time-out, unknown tensor contents).
    Unknown,
}

/// One finding, located at the op.
#[derive(Clone, Debug)]
pub struct Finding {
    pub kind: Kind,
    /// The op's name, e.g. `stablehlo.concatenate`.
    pub op: String,
    /// The spec label (`C6`, `I1`), or a word for checks outside the spec.
    pub label: String,
    pub pos: Pos,
    /// The explanation (for errors), or the condition (for preconditions).
    pub message: String,
    /// For preconditions: values of the dynamic sizes that violate it.
    pub counterexample: Option<String>,
    /// For an op checked at a call: the call sites that led to it, the
    /// innermost first (empty for an op checked in its own function).
    pub called_from: Vec<Pos>,
    /// For an overflow condition: the op whose result must not wrap around.
    pub overflow: Option<OverflowSite>,
}

/// The integer op of an overflow condition ([`Kind::Overflow`]).
#[derive(Clone, Debug)]
pub struct OverflowSite {
    /// `stablehlo.multiply`.
    pub op: String,
    pub pos: Pos,
    /// The element type it computes in (`i32`).
    pub elem: String,
}

impl Finding {
    /// `stablehlo.concatenate (C6): message`.
    pub fn headline(&self) -> String {
        format!("{} ({}): {}", self.op, self.label, self.message)
    }

    /// `called from FILE:L:C, which is called from FILE:L:C`, or `None` for
    /// an op checked in its own function.
    pub fn call_chain(&self, file: &str) -> Option<String> {
        if self.called_from.is_empty() {
            return None;
        }
        let sites: Vec<String> = self
            .called_from
            .iter()
            .map(|p| format!("{file}:{}:{}", p.line, p.col))
            .collect();
        Some(format!(
            "called from {}",
            sites.join(", which is called from ")
        ))
    }
}

/// The result of verifying one program.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub findings: Vec<Finding>,
    /// Ops checked against a spec.
    pub ops_checked: usize,
    /// Assumptions that could not be read (a syntax error, or a name that no
    /// unknown has), each with the text and a caret where it went wrong.
    pub assume_errors: Vec<String>,
    /// Set when the assumptions contradict each other or the program's shape
    /// assertions: then nothing is claimed, and the walk stopped there.
    pub contradiction: Option<String>,
}

impl Report {
    pub fn errors(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.kind == Kind::Error)
    }
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

/// An unknown integer: its name and range.
#[derive(Clone, Debug)]
pub struct VarInfo {
    pub name: String,
    pub lo: Option<i128>,
    pub hi: Option<i128>,
    /// `None` for an unknown in the entry function's terms (a dimension or
    /// element of an argument of a function checked on its own, the process
    /// counts); otherwise what the unknown stands for — a value the verifier
    /// does not compute (an op it does not model, a loop's carried value, a
    /// size no constraint determines). A formula over such an unknown is
    /// never reported as a precondition (it could not be stated, nor assumed,
    /// in the entry function's terms): it holds if it holds for every value
    /// of it, fails if it fails for every value, and is undecided otherwise,
    /// naming the op that broke the chain.
    pub why: Option<std::rc::Rc<str>>,
}

/// Verifies a program with the embedded spec. A program that may ask the
/// solver (dynamic sizes, assumptions, collectives' process counts) is
/// verified in a Z3 context of its own, so that its verdicts and
/// counterexamples do not depend on what the thread verified before.
pub fn verify_program(prog: &Program, opts: &Options) -> Report {
    let solver = || Box::new(solve::Solver::new(opts.timeout_ms, opts.budget_ms));
    if may_ask_solver(prog, opts) {
        let cfg = z3::Config::new();
        z3::with_z3_config(&cfg, || verify_in_context(prog, opts, solver()))
    } else {
        verify_in_context(prog, opts, solver())
    }
}

/// Verifies a program that needs no solver, without one: `None` when it may
/// need one (see [`may_ask_solver`]), or when the walk asked a question
/// anyway. Its report is then `verify_program`'s. A caller that uses only
/// this function links no Z3 (`hlocheck run`'s fast start).
pub fn verify_program_static(prog: &Program, opts: &Options) -> Option<Report> {
    /// A solver that answers nothing and remembers that it was asked.
    struct Refusing(Rc<std::cell::Cell<bool>>);
    impl solve::Decide for Refusing {
        fn decide(&mut self, _: &SBool, _: &[SBool], _: &[VarInfo], _: bool) -> solve::Verdict {
            self.0.set(true);
            solve::Verdict::Unknown("no solver".into())
        }
    }
    if may_ask_solver(prog, opts) {
        return None;
    }
    let asked = Rc::new(std::cell::Cell::new(false));
    let report = verify_in_context(prog, opts, Box::new(Refusing(asked.clone())));
    (!asked.get()).then_some(report)
}

/// Whether the name holds `all_`, `collective`, `reduce_scatter`,
/// `replica` or `partition`: one pass over the name, a needle tried only
/// where its first byte is (cheaper than five substring searches per op).
fn names_processes(name: &str) -> bool {
    let h = name.as_bytes();
    (0..h.len()).any(|i| {
        let rest = &h[i..];
        match h[i] {
            b'a' => rest.starts_with(b"all_"),
            b'c' => rest.starts_with(b"collective"),
            b'r' => rest.starts_with(b"reduce_scatter") || rest.starts_with(b"replica"),
            b'p' => rest.starts_with(b"partition"),
            _ => false,
        }
    })
}

/// Whether verifying `prog` may query the solver: formulas over unknowns
/// come from `?` sizes, assumptions and the process counts.
fn may_ask_solver(prog: &Program, opts: &Options) -> bool {
    fn ops_use_processes(ops: &[Op]) -> bool {
        ops.iter().any(|op| {
            names_processes(&op.name)
                || op
                    .regions
                    .iter()
                    .any(|r| r.blocks.iter().any(|b| ops_use_processes(&b.ops)))
        })
    }
    !opts.assumptions.is_empty()
        || prog.value_types.iter().any(|t| match t {
            Type::Tensor(tt) => tt
                .dims
                .as_ref()
                .is_none_or(|d| d.iter().any(|x| x.is_none())),
            _ => false,
        })
        || ops_use_processes(&prog.ops)
}

fn verify_in_context(prog: &Program, opts: &Options, solver: Box<dyn solve::Decide>) -> Report {
    let mut st = State::new(prog, opts, solver);
    st.collect_functions(&prog.ops);
    calls::collect_callees(&prog.ops, &mut st.called);
    st.walk(&prog.ops);
    // Functions that only calls reach but no followed call reached (a cycle
    // of private functions, a call not followed) are checked on their own.
    for f in st.func_order.clone() {
        let name = func_name(f);
        if !st.walked.contains(&name) {
            st.walk_function(f, &name);
        }
    }
    // Assumptions whose names no function checked on its own has.
    let names = st.entry_names();
    for text in std::mem::take(&mut st.pending_assumptions) {
        if let Err(e) = shapes::parse_assumption(&text, &names) {
            st.assume_errors
                .push(format!("--assume `{text}`: {}", e.render(&text)));
        }
    }
    Report {
        findings: st.findings,
        ops_checked: st.ops_checked,
        assume_errors: st.assume_errors,
        contradiction: st.contradiction,
    }
}

pub(crate) struct State<'p> {
    prog: &'p Program,
    vars: Vec<VarInfo>,
    vals: Vec<Option<Rc<TensorVal>>>,
    assumptions: Vec<SBool>,
    /// Unknowns that the assumptions equate with other terms, eliminated
    /// from every formula before it reaches the solver.
    eqs: HashMap<u32, Sym>,
    /// Assumptions given as text, parsed when the names they use exist.
    pending_assumptions: Vec<String>,
    /// Assumptions given as text that were read, with what they say.
    user_assumptions: Vec<(String, SBool)>,
    /// Lines of the shape assertions assumed so far.
    assertion_lines: Vec<u32>,
    assume_errors: Vec<String>,
    contradiction: Option<String>,
    funcs: HashMap<String, FuncSig>,
    /// The `func.func` ops by name (the first of a name), and all of them in
    /// program order.
    func_ops: HashMap<String, &'p Op>,
    func_order: Vec<&'p Op>,
    /// Functions that some call or composite names.
    called: HashSet<String>,
    /// Functions whose body has been checked (on its own or at a call).
    walked: HashSet<String>,
    /// The functions being checked, outermost first, and the sites of the
    /// calls being followed.
    active: Vec<String>,
    call_sites: Vec<Pos>,
    /// Results of callees already walked, by callee and operand values.
    call_memo: HashMap<calls::CallKey, calls::CallMemo>,
    /// Ops whose spec check found nothing to report, by [`check_key`]: an
    /// op bound to the same members is the same check, and is not redone.
    clean_checks: HashSet<Vec<u8>>,
    /// Ops checked inside followed calls.
    ops_in_calls: usize,
    /// Blocks being walked, nested inside each other (across calls).
    nesting: usize,
    /// `while` loops walked a second time, with fresh sizes, so far.
    loop_rewalks: usize,
    /// Findings made so far, to report a finding inside a callee only once
    /// when several calls lead to it.
    finding_keys: HashSet<(Kind, String, String, u32, u32, String)>,
    globals: HashMap<&'static str, Sym>,
    /// Small integer values whose elements are not tracked, with the reason
    /// (the op that broke the chain).
    untracked: HashMap<ValueId, Rc<str>>,
    /// Unknowns that stand for a loop's carried sizes in any iteration: a
    /// formula over them that the solver does not show valid is undecided
    /// (one unknown stands for the sizes of several iterations, so neither
    /// a failure nor a condition on it says anything about an input).
    per_iteration: HashSet<u32>,
    findings: Vec<Finding>,
    ops_checked: usize,
    solver: Box<dyn solve::Decide>,
    /// The largest `?` size of an argument ([`Options::max_dim`]).
    max_dim: i128,
}

/// Most `while` loops walked a second time (see `State::walk_while`).
const LOOP_REWALK_BUDGET: usize = 32;

/// The identity of an op's spec check: the op's name and its members as
/// bound ([`bind::bind`] and the defaults). The check is a function of these
/// alone (and of the module's functions and process counts, fixed for a
/// walk), so two ops with the same key have the same outcome. `None` when a
/// member carries the elements of a tensor of more than 64 elements, whose
/// key would cost more to build than the check, or when its symbolic
/// values have more than [`KEY_NODES`] nodes together (their text would:
/// a symbolic value seldom recurs once it is that large).
fn check_key(name: &str, b: &crate::spec::eval::Bindings) -> Option<Vec<u8>> {
    fn small(v: &Value, budget: &mut usize) -> bool {
        let sym_ok = |s: &Sym, budget: &mut usize| s.as_const().is_some() || s.within(budget);
        match v {
            Value::Tensor(t) => {
                t.contents.as_ref().is_none_or(|c| c.len() <= 64)
                    && t.dims
                        .iter()
                        .chain(&t.contents)
                        .flatten()
                        .all(|s| sym_ok(s, budget))
                    && t.exact_if.iter().all(|f| f.cond.within(budget))
            }
            Value::List(vs) => vs.iter().all(|v| small(v, budget)),
            Value::Int(s) => sym_ok(s, budget),
            _ => true,
        }
    }
    let mut budget = KEY_NODES;
    if !b.values().all(|v| small(v, &mut budget)) {
        return None;
    }
    let mut members: Vec<(&Text, &Value)> = b.iter().collect();
    members.sort_by(|x, y| x.0.cmp(y.0));
    let mut key = Key {
        out: Vec::with_capacity(512),
        scratch: String::new(),
    };
    key.text(name);
    for (m, v) in members {
        key.text(m);
        key.value(v);
    }
    Some(key.out)
}

/// The most nodes of symbolic values (not constants) a [`check_key`] is
/// built for.
const KEY_NODES: usize = 128;

/// The bytes of a [`check_key`]: one string of bytes per key, built by
/// hand for the common values (formatting them all with `Debug` was most of
/// the cost of a check found in the memo). Every piece is self-delimiting: a
/// marker byte, then numbers of a fixed width, a count before a run of
/// pieces, or a length before free text, so no two keys share their bytes.
#[derive(Default)]
struct Key {
    out: Vec<u8>,
    scratch: String,
}

impl Key {
    fn len(&mut self, n: usize) {
        self.out.extend_from_slice(&(n as u64).to_le_bytes());
    }

    /// Free text: its length, then its bytes.
    fn text(&mut self, s: &str) {
        self.len(s.len());
        self.out.extend_from_slice(s.as_bytes());
    }

    /// Anything else, by its `Debug` text behind the marker `?`.
    fn debug(&mut self, x: &dyn std::fmt::Debug) {
        use std::fmt::Write;
        self.scratch.clear();
        let _ = write!(self.scratch, "{x:?}");
        self.out.push(b'?');
        self.len(self.scratch.len());
        self.out.extend_from_slice(self.scratch.as_bytes());
    }

    /// A marker, then a count of pieces to follow.
    fn count(&mut self, marker: u8, n: usize) {
        self.out.push(marker);
        self.len(n);
    }

    fn sym(&mut self, s: &Sym) {
        match s.as_const() {
            Some(c) => {
                self.out.push(b'i');
                self.out.extend_from_slice(&c.to_le_bytes());
            }
            None => self.debug(s),
        }
    }

    fn syms(&mut self, ss: Option<&Vec<Sym>>) {
        match ss {
            None => self.out.push(b'n'),
            Some(ss) => {
                self.count(b's', ss.len());
                ss.iter().for_each(|s| self.sym(s));
            }
        }
    }

    fn elem(&mut self, e: &crate::ir::types::ElementType) {
        use crate::ir::types::ElementType as E;
        match e {
            E::Float(k) => self.out.extend_from_slice(&[b'F', *k as u8]),
            E::Complex(k) => self.out.extend_from_slice(&[b'C', *k as u8]),
            E::Int(sign, bits) => {
                self.out.extend_from_slice(&[b'I', *sign as u8]);
                self.out.extend_from_slice(&bits.to_le_bytes());
            }
            E::Index => self.out.push(b'X'),
            E::Quant(_) => self.debug(e),
        }
    }

    fn value(&mut self, v: &Value) {
        match v {
            Value::Int(s) => self.sym(s),
            Value::Bool(SBool::Const(b)) => self.out.push(if *b { b't' } else { b'f' }),
            Value::Absent => self.out.push(b'_'),
            Value::Enum(e) => {
                self.out.push(b'e');
                self.text(e);
            }
            Value::List(vs) => {
                self.count(b'l', vs.len());
                vs.iter().for_each(|v| self.value(v));
            }
            Value::Tensor(t) => self.tensor(t),
            Value::Ty(t) => self.tyv(t),
            Value::Elem(e) => {
                self.out.push(b'E');
                self.elem(e);
            }
            Value::Str(s) => {
                self.out.push(b'S');
                self.text(s);
            }
            Value::Float(x) => {
                self.out.push(b'x');
                self.out.extend_from_slice(&x.to_bits().to_le_bytes());
            }
            Value::Func(f) => {
                let crate::spec::eval::FuncSig { inputs, outputs } = &**f;
                self.count(b'g', inputs.len());
                inputs.iter().for_each(|t| self.tyv(t));
                self.count(b'o', outputs.len());
                outputs.iter().for_each(|t| self.tyv(t));
            }
            other => self.debug(other),
        }
    }

    fn tyv(&mut self, t: &crate::spec::eval::TyV) {
        use crate::spec::eval::TyV;
        match t {
            TyV::Tensor { elem, dims } => {
                self.out.push(b'y');
                self.elem(elem);
                self.syms(dims.as_ref());
            }
            other => self.debug(other),
        }
    }

    fn tensor(&mut self, t: &TensorVal) {
        // Every field, so that a new one cannot be left out of the key.
        let TensorVal {
            ty,
            dims,
            contents,
            exact_if,
        } = t;
        match ty {
            Type::Tensor(tt) if tt.encoding.is_none() => match &tt.dims {
                Some(ds) => {
                    self.count(b'T', ds.len());
                    for d in ds {
                        match d {
                            Some(n) => {
                                self.out.push(b'd');
                                self.out.extend_from_slice(&n.to_le_bytes());
                            }
                            None => self.out.push(b'?'),
                        }
                    }
                    self.elem(&tt.elem);
                }
                None => {
                    self.out.push(b'U');
                    self.elem(&tt.elem);
                }
            },
            ty => {
                self.out.push(b'O');
                self.debug(ty);
            }
        }
        self.syms(dims.as_ref());
        self.syms(contents.as_ref());
        if exact_if.is_empty() {
            self.out.push(b'.');
        } else {
            self.debug(exact_if);
        }
    }
}

/// A `func.func`'s name (empty when it has none).
fn func_name(op: &Op) -> String {
    op.attr("sym_name")
        .and_then(|a| a.as_str())
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default()
}

impl Context for State<'_> {
    fn global(&self, name: &str) -> Option<Sym> {
        self.globals.get(name).cloned()
    }
    fn function(&self, name: &str) -> Option<FuncSig> {
        self.funcs.get(name.trim_start_matches('@')).cloned()
    }
}

impl<'p> State<'p> {
    fn new(prog: &'p Program, opts: &'p Options, solver: Box<dyn solve::Decide>) -> State<'p> {
        let mut st = State {
            prog,
            vars: Vec::new(),
            vals: vec![None; prog.value_types.len()],
            assumptions: Vec::new(),
            eqs: HashMap::new(),
            pending_assumptions: opts.assumptions.clone(),
            user_assumptions: Vec::new(),
            assertion_lines: Vec::new(),
            assume_errors: Vec::new(),
            contradiction: None,
            funcs: HashMap::new(),
            func_ops: HashMap::new(),
            func_order: Vec::new(),
            called: HashSet::new(),
            walked: HashSet::new(),
            active: Vec::new(),
            call_sites: Vec::new(),
            call_memo: HashMap::new(),
            clean_checks: HashSet::new(),
            ops_in_calls: 0,
            nesting: 0,
            loop_rewalks: 0,
            finding_keys: HashSet::new(),
            globals: HashMap::new(),
            untracked: HashMap::new(),
            per_iteration: HashSet::new(),
            findings: Vec::new(),
            ops_checked: 0,
            solver,
            max_dim: opts.max_dim.max(0) as i128,
        };
        let r = st.new_var("num_replicas".into(), Some(1), None);
        let p = st.new_var("num_partitions".into(), Some(1), None);
        let rp = Sym::var(r)
            .mul(&Sym::var(p))
            .unwrap_or_else(|_| Sym::var(r));
        st.globals.insert("num_replicas", Sym::var(r));
        st.globals.insert("num_partitions", Sym::var(p));
        st.globals.insert("num_processes", rp);
        st
    }

    fn new_var(&mut self, name: String, lo: Option<i128>, hi: Option<i128>) -> u32 {
        self.vars.push(VarInfo {
            name,
            lo,
            hi,
            why: None,
        });
        (self.vars.len() - 1) as u32
    }

    /// Marks the unknowns from `from` on as standing for values that are not
    /// in the entry function's terms (see [`VarInfo::why`]).
    fn mark_internal(&mut self, from: u32, why: &str) {
        let why: std::rc::Rc<str> = why.into();
        for v in self.vars.iter_mut().skip(from as usize) {
            if v.why.is_none() {
                v.why = Some(why.clone());
            }
        }
    }

    /// The first unknown of `f` (after the assumptions' eliminations) that is
    /// not in the entry function's terms, with what it stands for.
    fn internal_var_of(&self, f: &SBool) -> Option<(u32, std::rc::Rc<str>)> {
        let mut vs = Vec::new();
        f.vars(&mut vs);
        vs.sort();
        vs.into_iter().find_map(|v| {
            self.vars
                .get(v as usize)
                .and_then(|i| i.why.clone())
                .map(|w| (v, w))
        })
    }

    fn var_name(&self, v: u32) -> String {
        self.vars
            .get(v as usize)
            .map_or_else(|| format!("v{v}"), |i| i.name.clone())
    }

    fn collect_functions(&mut self, ops: &'p [Op]) {
        for op in ops {
            if op.name == "func.func" {
                self.func_order.push(op);
                let name = func_name(op);
                if let Some(first) = self.func_ops.get(&name) {
                    // MLIR's symbol table: one definition per name.
                    self.findings.push(Finding {
                        kind: Kind::Error,
                        op: "func.func".into(),
                        label: "symbol".into(),
                        pos: op.pos,
                        message: format!(
                            "@{name} is defined twice (first at line {})",
                            first.pos.line
                        ),
                        counterexample: None,
                        called_from: Vec::new(),
                        overflow: None,
                    });
                }
                self.func_ops.entry(name).or_insert(op);
                if let (Some(name), Some(Type::Function(ft))) = (
                    op.attr("sym_name").and_then(|a| a.as_str()),
                    op.attr("function_type").and_then(|a| match a {
                        crate::ir::Attr::Type(t) => Some(t),
                        _ => None,
                    }),
                ) {
                    let sig = FuncSig {
                        inputs: ft
                            .inputs
                            .iter()
                            .map(crate::spec::eval::tyv_of_type)
                            .collect(),
                        outputs: ft
                            .results
                            .iter()
                            .map(crate::spec::eval::tyv_of_type)
                            .collect(),
                    };
                    self.funcs
                        .insert(String::from_utf8_lossy(name).into_owned(), sig);
                }
            }
            for r in &op.regions {
                for b in &r.blocks {
                    self.collect_functions(&b.ops);
                }
            }
        }
    }

    fn val(&self, v: ValueId) -> Rc<TensorVal> {
        match self.vals.get(v as usize) {
            Some(Some(t)) => t.clone(),
            _ => Rc::new(TensorVal {
                ty: self
                    .prog
                    .value_types
                    .get(v as usize)
                    .cloned()
                    .unwrap_or(Type::None),
                dims: None,
                contents: None,
                exact_if: Vec::new(),
            }),
        }
    }

    /// Why the elements of `v` are not tracked.
    fn untracked_why(&self, v: ValueId) -> Rc<str> {
        self.untracked.get(&v).cloned().unwrap_or_else(|| {
            format!("value %{v} is not a small integer tensor whose elements are tracked").into()
        })
    }

    fn set_val(&mut self, v: ValueId, t: TensorVal) {
        if let Some(slot) = self.vals.get_mut(v as usize) {
            *slot = Some(Rc::new(t));
        }
    }

    /// A fresh value of the declared type: `?` dims (at most `--max-dim`)
    /// and small integer tensors' elements become unknowns named after
    /// `name`.
    fn fresh_value(&mut self, v: ValueId, name: &str) -> TensorVal {
        self.fresh_value_within(v, name, self.max_dim)
    }

    /// [`State::fresh_value`] with `?` dims at most `dim_hi` (an op's
    /// result sizes, which its constraints define, are si64 values).
    fn fresh_value_within(&mut self, v: ValueId, name: &str, dim_hi: i128) -> TensorVal {
        let ty = self
            .prog
            .value_types
            .get(v as usize)
            .cloned()
            .unwrap_or(Type::None);
        let mut dims = None;
        let mut contents = None;
        if let Type::Tensor(tt) = &ty {
            if let Some(ds) = &tt.dims {
                let bounds = tt.bounds();
                let mut out = Vec::with_capacity(ds.len());
                for (j, d) in ds.iter().enumerate() {
                    out.push(match d {
                        Some(n) => Sym::constant(*n as i128),
                        None => {
                            // At most `dim_hi`; a bound narrows that.
                            let hi = bounds
                                .and_then(|b| b.get(j).copied().flatten())
                                .map_or(dim_hi, |b| (b as i128).min(dim_hi));
                            Sym::var(self.new_var(format!("{name}.dim{j}"), Some(0), Some(hi)))
                        }
                    });
                }
                dims = Some(out);
            }
            if let (Some(n), true) = (tt.num_elements(), shapes::is_int_elem(&tt.elem)) {
                if n <= shapes::MAX_TRACKED && tt.dims.as_ref().is_some_and(|d| d.len() <= 1) {
                    let scalar = tt.dims.as_ref().is_some_and(|d| d.is_empty());
                    let (lo, hi) = shapes::elem_range(&tt.elem);
                    let mut c = Vec::new();
                    for i in 0..n {
                        let nm = if scalar {
                            name.to_string()
                        } else {
                            format!("{name}[{i}]")
                        };
                        c.push(Sym::var(self.new_var(nm, lo, hi)));
                    }
                    contents = Some(c);
                }
            }
        }
        TensorVal {
            ty,
            dims,
            contents,
            exact_if: Vec::new(),
        }
    }

    fn walk(&mut self, ops: &[Op]) {
        self.nesting += 1;
        self.walk_ops(ops);
        self.nesting -= 1;
    }

    fn walk_ops(&mut self, ops: &[Op]) {
        for op in ops {
            if self.contradiction.is_some() {
                return;
            }
            if !self.call_sites.is_empty() {
                self.ops_in_calls += 1;
            }
            match op.name.as_str() {
                "func.func" => {
                    if let Some(crate::ir::Attr::Type(t)) = op.attr("function_type") {
                        let mut probs = Vec::new();
                        types::type_problems(t, &mut probs);
                        self.push_problems(op, probs);
                    }
                    let fname = func_name(op);
                    self.check_func_returns(op, &fname);
                    // A private function that calls reach is checked at
                    // its calls, in their context.
                    if calls::is_private(op) && self.called.contains(&fname) {
                        continue;
                    }
                    self.walk_function(op, &fname);
                }
                "stablehlo.while" => {
                    let sizes_change = self.walk_while(op);
                    self.verify_op(op);
                    if sizes_change {
                        self.loop_results_unknown(op);
                    }
                }
                _ => {
                    self.walk_regions(op, false);
                    self.verify_op(op);
                }
            }
        }
    }

    /// `func.return` against the function's declared result types (MLIR's
    /// func dialect requires the same number of values and equal types).
    fn check_func_returns(&mut self, f: &Op, fname: &str) {
        let Some(crate::ir::Attr::Type(Type::Function(ft))) = f.attr("function_type") else {
            return;
        };
        for r in &f.regions {
            for b in &r.blocks {
                let Some(ret) = b.ops.last().filter(|o| o.name == "func.return") else {
                    continue;
                };
                let types: Vec<Type> = ret
                    .operands
                    .iter()
                    .map(|v| {
                        self.prog
                            .value_types
                            .get(*v as usize)
                            .cloned()
                            .unwrap_or(Type::None)
                    })
                    .collect();
                let msg = if types.len() != ft.results.len() {
                    Some(format!(
                        "@{fname} declares {} results, but `func.return` returns {} values",
                        ft.results.len(),
                        types.len()
                    ))
                } else {
                    (0..types.len())
                        .find(|&i| types[i] != ft.results[i])
                        .map(|i| {
                            format!(
                                "`func.return` returns {} as result {i}, but @{fname} declares {}",
                                types[i], ft.results[i]
                            )
                        })
                };
                if let Some(m) = msg {
                    self.push(Kind::Error, ret, "return", m, None);
                }
            }
        }
    }

    /// Walks an op's regions. Block arguments are fresh values; with
    /// `carried`, a `?` size of a block argument whose type is that of the
    /// op's operand at its position is that operand's size instead (a
    /// `while` loop's carried values, whose sizes the body keeps). Returns
    /// whether some size was taken so.
    fn walk_regions(&mut self, op: &Op, carried: bool) -> bool {
        let mut took = false;
        for (ri, r) in op.regions.iter().enumerate() {
            for b in &r.blocks {
                for (i, a) in b.args.iter().enumerate() {
                    let name = format!("L{}.region{ri}.arg{i}", op.pos.line);
                    let first = self.vars.len() as u32;
                    let mut t = self.fresh_value(*a, &name);
                    if !carried && op.name == "stablehlo.while" {
                        // A loop whose body may change the carried sizes:
                        // these stand for the sizes of any iteration.
                        self.mark_internal(
                            first,
                            &format!(
                                "a size of argument {i} of region {ri} of the loop at line {}, \
                                 which the loop may change between iterations",
                                op.pos.line
                            ),
                        );
                        self.per_iteration.extend(first..self.vars.len() as u32);
                    }
                    self.mark_internal(
                        first,
                        &format!(
                            "argument {i} of region {ri} of `{}` at line {}",
                            op.name, op.pos.line
                        ),
                    );
                    if let (true, Some(&v)) = (carried, op.operands.get(i)) {
                        let outer = self.val(v);
                        if let (Some(dims), Some(odims)) = (&mut t.dims, &outer.dims) {
                            if outer.ty == t.ty && dims.len() == odims.len() {
                                for (d, od) in dims.iter_mut().zip(odims) {
                                    if d.as_const().is_none() {
                                        *d = od.clone();
                                        took = true;
                                    }
                                }
                            }
                        }
                    }
                    self.set_val(*a, t);
                }
                self.walk(&b.ops);
            }
        }
        took
    }

    /// Walks a `while` op's regions with the carried values' `?` sizes
    /// taken to be the operands' ones, which is sound when the body returns
    /// values of those sizes for every input (then every iteration sees
    /// them, by induction). When that cannot be shown, what the walk found
    /// is dropped and the regions are walked again with fresh sizes for
    /// every iteration. Nested loops could make that exponential in the
    /// depth; after [`LOOP_REWALK_BUDGET`] second walks, loops are walked
    /// once, with fresh sizes.
    fn walk_while(&mut self, op: &Op) -> bool {
        if self.loop_rewalks >= LOOP_REWALK_BUDGET {
            self.walk_regions(op, false);
            return true;
        }
        let before = (
            self.findings.len(),
            self.finding_keys.clone(),
            self.assumptions.clone(),
            self.eqs.clone(),
        );
        if !self.walk_regions(op, true) || self.body_keeps_sizes(op) {
            return false;
        }
        self.loop_rewalks += 1;
        let (n, keys, assumptions, eqs) = before;
        self.findings.truncate(n);
        self.finding_keys = keys;
        self.assumptions = assumptions;
        self.eqs = eqs;
        self.walk_regions(op, false);
        true
    }

    /// The `?` sizes of the results of a loop whose body may change them are
    /// what the last iteration left: unknowns outside the entry function's
    /// terms (never the operands' sizes, which its constraints would equate
    /// them with).
    fn loop_results_unknown(&mut self, op: &Op) {
        let why = format!(
            "a size the loop at line {} computes (its body may change it)",
            op.pos.line
        );
        for &r in &op.results {
            let declared = match self.prog.value_types.get(r as usize) {
                Some(Type::Tensor(t)) => t.dims.clone(),
                _ => None,
            };
            let (Some(declared), Some(dims)) = (declared, self.val(r).dims.clone()) else {
                continue;
            };
            if declared.len() != dims.len() {
                continue;
            }
            let mut nd = Vec::with_capacity(dims.len());
            for (j, (decl, d)) in declared.iter().zip(&dims).enumerate() {
                if decl.is_some() {
                    nd.push(d.clone());
                    continue;
                }
                let first = self.vars.len() as u32;
                let v = self.new_var(
                    format!("while@L{}.dim{j}", op.pos.line),
                    Some(0),
                    Some(self.max_dim),
                );
                self.mark_internal(first, &why);
                nd.push(Sym::var(v));
            }
            let mut t = (*self.val(r)).clone();
            t.dims = Some(nd);
            self.set_val(r, t);
        }
    }

    /// Whether the values a `while` body returns have, for every input, the
    /// sizes of its block arguments.
    fn body_keeps_sizes(&mut self, op: &Op) -> bool {
        let Some(body) = op.regions.get(1).and_then(|r| r.blocks.first()) else {
            return false;
        };
        let Some(ret) = body.ops.last() else {
            return false;
        };
        if ret.operands.len() != body.args.len() {
            return false;
        }
        for (&a, &v) in body.args.iter().zip(&ret.operands) {
            let (arg, out) = (self.val(a), self.val(v));
            let (Some(ad), Some(od)) = (&arg.dims, &out.dims) else {
                return false;
            };
            if ad.len() != od.len() {
                return false;
            }
            for (x, y) in ad.iter().zip(od) {
                let Ok(f) = SBool::cmp(crate::spec::sym::Rel::Eq, x, y) else {
                    return false;
                };
                let eqs = &self.eqs;
                let f = f.subst(&|v| eqs.get(&v).cloned()).unwrap_or(f);
                match f.as_const() {
                    Some(true) => continue,
                    Some(false) => return false,
                    None => {}
                }
                let verdict = self.solver.decide(&f, &self.assumptions, &self.vars, false);
                if !matches!(verdict, solve::Verdict::Valid) {
                    return false;
                }
            }
        }
        true
    }

    /// Checks a function on its own: its arguments' `?` sizes and small
    /// integer elements are fresh unknowns.
    fn walk_function(&mut self, op: &Op, fname: &str) {
        self.walked.insert(fname.to_string());
        self.active.push(fname.to_string());
        let only_or_main = fname == "main" || self.funcs.len() <= 1;
        for r in &op.regions {
            for b in &r.blocks {
                for (i, a) in b.args.iter().enumerate() {
                    let name = if only_or_main {
                        format!("arg{i}")
                    } else {
                        format!("@{fname}.arg{i}")
                    };
                    let t = self.fresh_value(*a, &name);
                    self.set_val(*a, t);
                }
                self.parse_pending_assumptions();
                self.walk(&b.ops);
            }
        }
        self.active.pop();
    }

    /// The names of the unknowns in the entry function's terms.
    fn entry_names(&self) -> HashMap<String, u32> {
        self.vars
            .iter()
            .enumerate()
            .filter(|(_, v)| v.why.is_none())
            .map(|(i, v)| (v.name.clone(), i as u32))
            .collect()
    }

    /// Reads the assumptions whose names now exist (those naming another
    /// function's arguments wait for it); a malformed one is an error of the
    /// command line. Then checks that they can hold together.
    fn parse_pending_assumptions(&mut self) {
        let pending = std::mem::take(&mut self.pending_assumptions);
        if pending.is_empty() {
            return;
        }
        let names = self.entry_names();
        for text in pending {
            match shapes::parse_assumption(&text, &names) {
                Ok(b) => {
                    self.user_assumptions.push((text, b.clone()));
                    self.assume(b);
                }
                Err(e) if e.unknown_name => self.pending_assumptions.push(text),
                Err(e) => self
                    .assume_errors
                    .push(format!("--assume `{text}`: {}", e.render(&text))),
            }
        }
        self.check_consistent(None);
    }

    /// With assumptions from the command line, checks that they and the
    /// program's shape assertions assumed so far can hold together; if not,
    /// records the contradiction, naming them, and the walk stops (nothing
    /// is claimed to hold for no input). `assertion` is the line of the
    /// shape assertion just assumed.
    fn check_consistent(&mut self, assertion: Option<u32>) {
        if self.user_assumptions.is_empty() || self.contradiction.is_some() {
            return;
        }
        let all = self.assumptions.clone();
        if self.solver.consistent(&all, &self.vars) != Some(false) {
            return;
        }
        let texts: Vec<String> = self
            .user_assumptions
            .iter()
            .map(|(t, _)| format!("`{t}`"))
            .collect();
        let own: Vec<SBool> = self
            .user_assumptions
            .iter()
            .map(|(_, b)| b.clone())
            .collect();
        let among_themselves = self.solver.consistent(&own, &self.vars) == Some(false);
        let msg = if among_themselves && texts.len() == 1 {
            format!(
                "the assumption {} holds for no input (sizes are at least 0, elements lie in \
                 their type's range): nothing is claimed",
                texts[0]
            )
        } else if among_themselves {
            format!(
                "the assumptions {} contradict each other: no input meets them, so nothing is claimed",
                texts.join(", ")
            )
        } else {
            let lines: Vec<String> = self
                .assertion_lines
                .iter()
                .chain(assertion.iter())
                .map(|l| l.to_string())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let at = if lines.is_empty() {
                "the program's sizes".to_string()
            } else {
                format!("the program's shape assertions (line {})", lines.join(", "))
            };
            format!(
                "the assumption{} {} contradict{} {at}: no input meets them, so nothing is claimed",
                if texts.len() == 1 { "" } else { "s" },
                texts.join(", "),
                if texts.len() == 1 { "s" } else { "" },
            )
        };
        self.contradiction = Some(msg);
    }

    fn push(&mut self, kind: Kind, op: &Op, label: &str, message: String, cex: Option<String>) {
        let key = (
            kind.clone(),
            op.name.clone(),
            label.to_string(),
            op.pos.line,
            op.pos.col,
            message.clone(),
        );
        // Inside a callee, what another call (or the function's own check)
        // found already is not repeated.
        if !self.finding_keys.insert(key) && !self.call_sites.is_empty() {
            return;
        }
        self.findings.push(Finding {
            kind,
            op: op.name.clone(),
            label: label.to_string(),
            pos: op.pos,
            message,
            counterexample: cex,
            called_from: self.call_sites.iter().rev().copied().collect(),
            overflow: None,
        });
    }

    /// Adds an assumption. Top-level equalities `v = e` with a unit
    /// coefficient on `v` eliminate `v` (the most recent unknown) instead, and
    /// `v`'s range becomes an assumption on `e`.
    fn assume(&mut self, f: SBool) {
        let eqs = &self.eqs;
        let f = f.subst(&|v| eqs.get(&v).cloned()).unwrap_or(f);
        let parts = match f {
            SBool::And(xs) => xs,
            x => vec![x],
        };
        for p in parts {
            let mut solved = None;
            if let SBool::EqZero(poly) = &p {
                let mut best: Option<(u32, i128)> = None;
                for (m, c) in poly.terms() {
                    if let ([crate::spec::sym::Atom::Var(v)], 1 | -1) = (m.as_slice(), c) {
                        if best.is_none_or(|(b, _)| *v > b) {
                            best = Some((*v, c));
                        }
                    }
                }
                if let Some((v, c)) = best {
                    let rest = poly.sub(&Sym::var(v).mul(&Sym::constant(c)).unwrap_or_default());
                    if let Ok(rest) = rest {
                        let mut vs = Vec::new();
                        rest.vars(&mut vs);
                        if !vs.contains(&v) {
                            let val = if c == 1 { rest.neg() } else { Ok(rest) };
                            if let Ok(val) = val {
                                solved = Some((v, val));
                            }
                        }
                    }
                }
            }
            match solved {
                Some((v, val)) => {
                    let info = self.vars.get(v as usize).cloned();
                    let sub = |x: u32| if x == v { Some(val.clone()) } else { None };
                    for e in self.eqs.values_mut() {
                        if let Ok(n) = e.subst(&sub) {
                            *e = n;
                        }
                    }
                    for a in self.assumptions.iter_mut() {
                        if let Ok(n) = a.subst(&sub) {
                            *a = n;
                        }
                    }
                    self.eqs.insert(v, val.clone());
                    if let Some(info) = info {
                        let mut range = Vec::new();
                        if let Some(lo) = info.lo {
                            range.push(SBool::cmp(
                                crate::spec::sym::Rel::Ge,
                                &val,
                                &Sym::constant(lo),
                            ));
                        }
                        if let Some(hi) = info.hi {
                            range.push(SBool::cmp(
                                crate::spec::sym::Rel::Le,
                                &val,
                                &Sym::constant(hi),
                            ));
                        }
                        for r in range.into_iter().flatten() {
                            if r.as_const().is_none() {
                                self.assumptions.push(r);
                            }
                        }
                    }
                }
                None => match p.as_const() {
                    None => self.assumptions.push(p),
                    // Kept, so that the contradiction is seen.
                    Some(false) => self.assumptions.push(SBool::Const(false)),
                    Some(true) => {}
                },
            }
        }
    }

    fn push_problems(&mut self, op: &Op, probs: Vec<types::TypeProblem>) {
        let mut seen = std::collections::HashSet::new();
        for p in probs {
            if seen.insert((p.label, p.message.clone())) {
                self.push(Kind::Error, op, p.label, p.message, None);
            }
        }
    }

    fn verify_op(&mut self, op: &Op) {
        if op.name.starts_with("stablehlo.") || op.name.starts_with("chlo.") {
            let mut probs = Vec::new();
            for v in op.operands.iter().chain(&op.results) {
                if let Some(t) = self.prog.value_types.get(*v as usize) {
                    types::type_problems(t, &mut probs);
                    types::signedness_problems(t, &mut probs);
                }
            }
            types::attr_problems(&op.attrs, &mut probs);
            let ty = |v: &ValueId| {
                self.prog
                    .value_types
                    .get(*v as usize)
                    .unwrap_or(&Type::None)
            };
            if op.name == "stablehlo.custom_call" {
                let operands: Vec<&Type> = op.operands.iter().map(ty).collect();
                let results: Vec<&Type> = op.results.iter().map(ty).collect();
                types::custom_call_problems(op, &operands, &results, &mut probs);
            }
            if op.name == "stablehlo.infeed" {
                types::infeed_problems(op, &mut probs);
            }
            let ty_of = |v: u32| ty(&v).clone();
            types::async_problems(op, &ty_of, &mut probs);
            self.push_problems(op, probs);
        }
        // Results start as fresh values of their declared types.
        let first_result_var = self.vars.len() as u32;
        let short = op.name.rsplit('.').next().unwrap_or(&op.name).to_string();
        for (k, r) in op.results.iter().enumerate() {
            let name = if op.results.len() == 1 {
                format!("{short}@L{}", op.pos.line)
            } else {
                format!("{short}@L{}#{k}", op.pos.line)
            };
            let mut t = self.fresh_value_within(*r, &name, i64::MAX as i128);
            // Result elements are computed by the op, not free inputs.
            t.contents = None;
            self.set_val(*r, t);
        }
        let result_vars_end = self.vars.len() as u32;
        let is_result_var = |v: u32| v >= first_result_var && v < result_vars_end;

        // Result sizes given by shape operands are known before the
        // constraints are checked (so they are checked with those sizes),
        // and are the sizes only if the shape values are exact.
        shapes::require_exact_shape_values(self, op);
        shapes::infer_dynamic_results(self, op, &is_result_var);
        let spec = Spec::embedded_op(&op.name);
        if let Some(spec) = spec {
            self.ops_checked += 1;
            self.check_with_spec(op, spec, &is_result_var);
            self.check_result_bounds(op, &is_result_var);
        } else if (op.name.starts_with("stablehlo.") || op.name.starts_with("chlo."))
            && !DIALECT_OPS_WITHOUT_SPEC.contains(&op.name.as_str())
        {
            self.push(
                Kind::Error,
                op,
                "op",
                format!("unknown op `{}`: it is not in the spec", op.name),
                None,
            );
        }
        shapes::transfer(self, op);
        if let Some(callee) = calls::callee_of(op) {
            let by_spec = op.name != "func.call";
            self.follow_call(op, &callee, by_spec);
        }
        shapes::fill_untracked(self, op);
        // Result sizes that neither the op's constraints nor its shape
        // operands determined stand for values outside the entry function's
        // terms from here on.
        // (The text is made only when a size needs it.)
        let mut why: Option<Rc<str>> = None;
        for v in first_result_var..result_vars_end {
            if let Some(i) = self.vars.get_mut(v as usize) {
                if i.why.is_none() {
                    let w = why.get_or_insert_with(|| {
                        format!(
                            "a result size of `{}` at line {} that the verifier does not infer",
                            op.name, op.pos.line
                        )
                        .into()
                    });
                    i.why = Some(w.clone());
                }
            }
        }
        if op.name == "stablehlo.custom_call"
            && op.attr("call_target_name").and_then(|a| a.as_str()) == Some(b"shape_assertion")
        {
            if let Some(&p) = op.operands.first() {
                if let Some(c) = self.val(p).contents.as_ref().and_then(|c| c.first()) {
                    if let Ok(b) = SBool::cmp(crate::spec::sym::Rel::Ne, c, &Sym::constant(0)) {
                        self.assume(b);
                        self.check_consistent(Some(op.pos.line));
                        self.assertion_lines.push(op.pos.line);
                    }
                }
            }
        }
    }

    fn check_with_spec(&mut self, op: &Op, spec: &OpSpec, is_result_var: &dyn Fn(u32) -> bool) {
        let mut b = match bind::bind(op, spec, &|v| self.val(v)) {
            Ok(b) => b,
            Err(e) => {
                self.push(Kind::Error, op, &e.label, e.message, None);
                return;
            }
        };
        bind::apply_defaults(spec, &mut b, self);
        let key = check_key(&op.name, &b);
        if key.as_ref().is_some_and(|k| self.clean_checks.contains(k)) {
            return;
        }
        // Whether the check found nothing at all: every constraint a
        // constant `true`, no member missing or of a wrong type.
        let mut clean = true;
        // A required attribute (not optional, no default) must be present.
        for m in spec.members_of(crate::spec::ast::MemberKind::Attr) {
            if !m.optional && m.default.is_none() && b.get(&m.name) == Some(&Value::Absent) {
                clean = false;
                let label = m.label.clone().unwrap_or_else(|| "attr".into());
                self.push(
                    Kind::Error,
                    op,
                    &label,
                    format!("the required attribute `{}` is missing", m.name),
                    None,
                );
            }
        }
        // Member types (the spec's "Type" column, labelled (In)).
        for m in &spec.members {
            let Some(v) = b.get(&m.name) else { continue };
            let items: Vec<&Value> = match (m.variadic, v) {
                (_, Value::Absent) => continue,
                (true, Value::List(xs)) => xs.iter().collect(),
                _ => vec![v],
            };
            for item in items {
                if !fits(&m.ty, item) {
                    clean = false;
                    let label = m
                        .label
                        .as_deref()
                        .map_or_else(|| m.kind.keyword().to_string(), str::to_string);
                    let got = match item {
                        Value::Tensor(t) => t.ty.to_string(),
                        v => crate::spec::eval::show(v),
                    };
                    self.push(
                        Kind::Error,
                        op,
                        &label,
                        format!(
                            "{} `{}` must be {}, but is {got}",
                            m.kind.keyword(),
                            m.name,
                            crate::spec::render_type(&m.ty)
                        ),
                        None,
                    );
                }
            }
        }
        let ev = Evaluator::new(spec, &b, self);
        let mut outcomes = Vec::new();
        for c in &spec.constraints {
            if !matches!(c.body, ConstraintBody::Formula(_)) {
                continue;
            }
            outcomes.push((c, ev.constraint(c)));
        }
        clean &= outcomes
            .iter()
            .all(|(_, o)| matches!(o, Outcome::Formula(f) if f.as_const() == Some(true)));
        if clean {
            // Nothing to decide, report or infer: the same members bound
            // again need no check.
            if let Some(key) = key {
                self.clean_checks.insert(key);
            }
            return;
        }
        let mut explanations = Vec::new();
        for (c, o) in &outcomes {
            let expl = match o {
                Outcome::Formula(f) if f.as_const() == Some(false) => {
                    let ConstraintBody::Formula(body) = &c.body else {
                        continue;
                    };
                    Some(explain(&ev, body, &|v| self.var_name(v)))
                }
                _ => None,
            };
            explanations.push(expl);
        }
        drop(ev);
        // Definitions of unknown result dims: `r = e` at the top of a formula.
        let mut defs: HashMap<u32, Sym> = HashMap::new();
        for (_, o) in &outcomes {
            if let Outcome::Formula(f) = o {
                shapes::collect_defs(f, is_result_var, &mut defs);
            }
        }
        let subst = |v: u32| defs.get(&v).cloned();
        // Results take the inferred sizes.
        if !defs.is_empty() {
            for r in &op.results {
                let t = self.val(*r);
                if let Some(dims) = &t.dims {
                    let nd: Vec<Sym> = dims
                        .iter()
                        .map(|d| d.subst(&subst).unwrap_or_else(|_| d.clone()))
                        .collect();
                    let mut t2 = (*t).clone();
                    t2.dims = Some(nd);
                    self.set_val(*r, t2);
                }
            }
        }
        let mut failed = false;
        for ((c, o), expl) in outcomes.into_iter().zip(explanations) {
            match o {
                Outcome::Error(m) => {
                    // Follow-on evaluation errors after a failed constraint are dropped.
                    if !failed {
                        self.push(Kind::Error, op, &c.label, m, None);
                    }
                    failed = true;
                }
                Outcome::Unknown(m) => {
                    self.push(Kind::Unknown, op, &c.label, m, None);
                }
                Outcome::Formula(f) => {
                    let f = match f.subst(&subst) {
                        Ok(f) => f,
                        Err(e) => {
                            self.push(Kind::Unknown, op, &c.label, e.to_string(), None);
                            continue;
                        }
                    };
                    self.decide(op, &c.label, f, expl, is_result_var, &mut failed);
                }
            }
        }
    }

    /// A bounded dynamic result dimension (`#stablehlo.bounds<…>`) holds at
    /// most its bound: the size the op's constraints define is checked
    /// against it (label `bounds`), so a size past the bound is an error or
    /// a printed condition, never an assumption.
    fn check_result_bounds(&mut self, op: &Op, is_result_var: &dyn Fn(u32) -> bool) {
        for (k, r) in op.results.iter().enumerate() {
            let Some(Type::Tensor(tt)) = self.prog.value_types.get(*r as usize) else {
                continue;
            };
            let Some(bounds) = tt.bounds() else { continue };
            let Some(dims) = self.val(*r).dims.clone() else {
                continue;
            };
            for (j, (d, b)) in dims.iter().zip(bounds).enumerate() {
                let Some(b) = *b else { continue };
                let Ok(f) = SBool::cmp(Rel::Le, d, &Sym::constant(b as i128)) else {
                    continue;
                };
                let expl = Some(format!(
                    "result {k} dimension {j} is larger than its bound {b} for every input"
                ));
                let mut failed = false;
                self.decide(op, "bounds", f, expl, is_result_var, &mut failed);
            }
        }
    }

    fn decide(
        &mut self,
        op: &Op,
        label: &str,
        f: SBool,
        expl: Option<String>,
        is_result_var: &dyn Fn(u32) -> bool,
        failed: &mut bool,
    ) {
        let eqs = &self.eqs;
        let f = f.subst(&|v| eqs.get(&v).cloned()).unwrap_or(f);
        match f.as_const() {
            Some(true) => return,
            Some(false) => {
                *failed = true;
                let msg = expl.unwrap_or_else(|| {
                    "the constraint cannot hold for any input that meets the preconditions \
                     found before it"
                        .into()
                });
                self.push(Kind::Error, op, label, msg, None);
                return;
            }
            None => {}
        }
        // Conjuncts that are assumptions already hold.
        let conj: Vec<&SBool> = match &f {
            SBool::And(xs) => xs.iter().collect(),
            x => vec![x],
        };
        if conj.iter().all(|c| self.assumptions.contains(c)) {
            return;
        }
        let mut vs = Vec::new();
        f.vars(&mut vs);
        let existential = vs.iter().any(|v| is_result_var(*v));
        let verdict = self
            .solver
            .decide(&f, &self.assumptions, &self.vars, existential);
        let name = |v: u32| self.var_name(v);
        let looped = vs.iter().find(|v| self.per_iteration.contains(v)).copied();
        match verdict {
            solve::Verdict::Valid => {}
            _ if looped.is_some() => {
                let v = looped.unwrap_or_default();
                let why = self
                    .vars
                    .get(v as usize)
                    .and_then(|i| i.why.clone())
                    .unwrap_or_else(|| "".into());
                let text = f.render(&name);
                self.push(
                    Kind::Unknown,
                    op,
                    label,
                    format!("{text}: not decided ({} is {why})", name(v)),
                    None,
                );
            }
            solve::Verdict::Unsat => {
                *failed = true;
                let msg = format!("{} cannot hold for any input", f.render(&name));
                self.push(Kind::Error, op, label, msg, None);
            }
            solve::Verdict::Sometimes(_) if self.internal_var_of(&f).is_some() => {
                let (v, why) = self.internal_var_of(&f).unwrap_or((0, "".into()));
                let text = f.render(&name);
                self.push(
                    Kind::Unknown,
                    op,
                    label,
                    format!(
                        "{text}: not decided (it holds for some values of {} and not for others, \
                         and {} is {why})",
                        name(v),
                        name(v)
                    ),
                    None,
                );
            }
            solve::Verdict::Sometimes(cex) => {
                let (text, cex) = self.condition_text(&f, &cex);
                self.push(Kind::Precondition, op, label, text, Some(cex));
                self.assume(f);
            }
            solve::Verdict::Unknown(why) => {
                let text = f.render(&name);
                self.push(
                    Kind::Unknown,
                    op,
                    label,
                    format!("{text}: not decided ({why})"),
                    None,
                );
            }
        }
    }
}

impl State<'_> {
    /// Decides, at `op` (which takes the value as a size), whether the
    /// integer op of `fit` cannot wrap around. Returns `None` when the
    /// tracked value is exact: the condition holds for every input (the
    /// sizes' ranges, the assumptions, the conditions reported before), or
    /// it holds for some inputs only and is now reported as an overflow
    /// condition and assumed. Otherwise returns why the value cannot be
    /// taken as computed (the condition fails for every input, the solver
    /// cannot tell, or it depends on a value outside the entry function's
    /// terms); nothing is reported then, and the caller stops tracking it.
    pub(crate) fn decide_fit(&mut self, op: &Op, fit: &crate::spec::eval::Fit) -> Option<String> {
        let eqs = &self.eqs;
        let f = fit
            .cond
            .subst(&|v| eqs.get(&v).cloned())
            .unwrap_or_else(|_| fit.cond.clone());
        let at = format!("`{}` at line {}", fit.op, fit.line);
        match f.as_const() {
            Some(true) => return None,
            Some(false) => {
                return Some(format!(
                    "its {} arithmetic at {at} wraps around for every input",
                    fit.elem
                ))
            }
            None => {}
        }
        let conj: Vec<&SBool> = match &f {
            SBool::And(xs) => xs.iter().collect(),
            x => vec![x],
        };
        if conj.iter().all(|c| self.assumptions.contains(c)) {
            return None;
        }
        let verdict = self.solver.decide(&f, &self.assumptions, &self.vars, false);
        let name = |v: u32| self.var_name(v);
        let mut vs = Vec::new();
        f.vars(&mut vs);
        let looped = vs.iter().any(|v| self.per_iteration.contains(v));
        match verdict {
            solve::Verdict::Valid => None,
            solve::Verdict::Unsat => Some(format!(
                "its {} arithmetic at {at} wraps around for every input that meets the \
                 conditions found before it",
                fit.elem
            )),
            solve::Verdict::Sometimes(_) if looped || self.internal_var_of(&f).is_some() => {
                let (v, why) = self.internal_var_of(&f).unwrap_or((0, "".into()));
                Some(format!(
                    "its {} arithmetic at {at} may wrap around, as {} does not hold for some \
                     values of {}, which is {why}",
                    fit.elem,
                    f.render(&name),
                    name(v)
                ))
            }
            solve::Verdict::Sometimes(cex) => {
                let (text, cex) = self.condition_text(&f, &cex);
                let before = self.findings.len();
                self.push(Kind::Overflow, op, "shape value", text, Some(cex));
                if self.findings.len() > before {
                    if let Some(last) = self.findings.last_mut() {
                        last.overflow = Some(OverflowSite {
                            op: fit.op.to_string(),
                            pos: Pos {
                                line: fit.line,
                                col: fit.col,
                            },
                            elem: fit.elem.to_string(),
                        });
                    }
                }
                self.assume(f);
                None
            }
            solve::Verdict::Unknown(why) => Some(format!(
                "its {} arithmetic at {at} may wrap around: {} is not decided ({why})",
                fit.elem,
                f.render(&name)
            )),
        }
    }

    /// A condition as printed (made readable) and its counterexample, in
    /// the entry function's names.
    fn condition_text(&mut self, f: &SBool, cex: &[(u32, String)]) -> (String, String) {
        let shown = self.readable(f);
        let name = |v: u32| self.var_name(v);
        let text = shown.render(&name);
        let cex = cex
            .iter()
            .map(|(v, x)| format!("{} = {x}", name(*v)))
            .collect::<Vec<_>>()
            .join(", ");
        (text, cex)
    }

    /// The precondition `f` as it is shown: every if-then-else whose
    /// condition the assumptions (sizes are non-negative, the shape
    /// assertions, earlier preconditions) decide is replaced by its branch,
    /// and conjuncts implied by the assumptions are dropped. The result is
    /// equivalent to `f` under the assumptions; at most `MAX_QUERIES`
    /// solver queries are spent on it, after which the rest is left as is.
    fn readable(&mut self, f: &SBool) -> SBool {
        const MAX_QUERIES: u32 = 48;
        let mut left = MAX_QUERIES;
        let mut seen: HashMap<SBool, Option<bool>> = HashMap::new();
        let mut decide = |c: &SBool| -> Option<bool> {
            if let Some(k) = seen.get(c) {
                return *k;
            }
            if left == 0 {
                return None;
            }
            left -= 1;
            let k = match self.solver.decide(c, &self.assumptions, &self.vars, false) {
                solve::Verdict::Valid => Some(true),
                solve::Verdict::Unsat => Some(false),
                _ => None,
            };
            seen.insert(c.clone(), k);
            k
        };
        let Ok(g) = f.resolve_ites(&mut decide) else {
            return f.clone();
        };
        match g {
            SBool::And(xs) => {
                let kept: Vec<SBool> = xs.into_iter().filter(|x| decide(x) != Some(true)).collect();
                if kept.is_empty() {
                    f.clone()
                } else {
                    SBool::and(kept)
                }
            }
            SBool::Const(_) => f.clone(),
            g => g,
        }
    }
}

/// Explains why a formula failed: the values of the sides of the failing
/// comparison (`shape(result) = [7] but replace_at(...) = [6]`).
fn explain(ev: &Evaluator, e: &Expr, name: &dyn Fn(u32) -> String) -> String {
    explain_in(ev, e, &[], name)
}

/// `explain` with bound names: a failing `forall` is explained at its first
/// failing element (`for d = 1: ...`).
fn explain_in(
    ev: &Evaluator,
    e: &Expr,
    scope: &[(Text, Value)],
    name: &dyn Fn(u32) -> String,
) -> String {
    let src = crate::spec::render_expr(e);
    let is_false = |x: &Expr, sc: &[(Text, Value)]| {
        matches!(ev.value_in(x, sc), Ok(Value::Bool(SBool::Const(false))))
    };
    match &e.kind {
        ExprKind::Binary(crate::spec::ast::BinOp::And, a, b) => {
            for part in [a, b] {
                if is_false(part, scope) {
                    return explain_in(ev, part, scope, name);
                }
            }
            src
        }
        ExprKind::Forall { vars, iter, body } => {
            let Ok(items) = ev.list_in(iter, scope) else {
                return format!("{src} does not hold");
            };
            for (i, x) in items.into_iter().enumerate() {
                let mut sc = scope.to_vec();
                let shown = show_with(&x, name);
                if vars.len() == 2 {
                    sc.push((vars[0].clone(), Value::int(i as i128)));
                    sc.push((vars[1].clone(), x));
                } else if let Some(v) = vars.first() {
                    sc.push((v.clone(), x));
                }
                if is_false(body, &sc) {
                    let var = vars.last().cloned().unwrap_or_default();
                    return format!("for {var} = {shown}: {}", explain_in(ev, body, &sc, name));
                }
            }
            format!("{src} does not hold")
        }
        ExprKind::Cond {
            cond,
            then,
            otherwise,
            ..
        } => {
            let branch = match ev.value_in(cond, scope) {
                Ok(Value::Bool(SBool::Const(true))) => Some(then),
                Ok(Value::Bool(SBool::Const(false))) => otherwise.as_ref(),
                _ => None,
            };
            match branch {
                Some(b) => explain_in(ev, b, scope, name),
                None => src,
            }
        }
        ExprKind::Compare { .. } | ExprKind::Binary(crate::spec::ast::BinOp::Or, ..) => {
            let mut parts = Vec::new();
            side_values(ev, e, scope, name, &mut parts);
            if parts.is_empty() {
                format!("{src} does not hold")
            } else {
                format!("{src} does not hold: {}", parts.join(", "))
            }
        }
        _ => format!("{src} does not hold"),
    }
}

/// The values of the compared sides in a comparison or a disjunction of
/// comparisons, as `expr is value`, each once.
fn side_values(
    ev: &Evaluator,
    e: &Expr,
    scope: &[(Text, Value)],
    name: &dyn Fn(u32) -> String,
    out: &mut Vec<String>,
) {
    match &e.kind {
        ExprKind::Binary(crate::spec::ast::BinOp::Or, a, b) => {
            side_values(ev, a, scope, name, out);
            side_values(ev, b, scope, name, out);
        }
        ExprKind::Compare { first, rest } => {
            for side in std::iter::once(&**first).chain(rest.iter().map(|(_, e)| e)) {
                if matches!(
                    side.kind,
                    ExprKind::Int(_) | ExprKind::Bool(_) | ExprKind::Str(_)
                ) {
                    continue;
                }
                if let Ok(v) = ev.value_in(side, scope) {
                    let v = match v {
                        Value::Tensor(t) => crate::spec::eval::numeric(&Value::Tensor(t.clone()))
                            .unwrap_or(Value::Tensor(t)),
                        v => v,
                    };
                    let item = format!(
                        "{} is {}",
                        crate::spec::render_expr(side),
                        show_with(&v, name)
                    );
                    if !out.contains(&item) {
                        out.push(item);
                    }
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    /// `names_processes` is the five substring tests it stands for.
    #[test]
    fn process_names_are_substrings() {
        let needles = [
            "all_",
            "collective",
            "reduce_scatter",
            "replica",
            "partition",
        ];
        let mut names: Vec<String> = [
            "stablehlo.all_gather",
            "stablehlo.all_reduce",
            "stablehlo.all_to_all",
            "stablehlo.collective_permute",
            "stablehlo.collective_broadcast",
            "stablehlo.reduce_scatter",
            "stablehlo.replica_id",
            "stablehlo.partition_id",
            "stablehlo.reduce",
            "stablehlo.reduce_window",
            "stablehlo.add",
            "mhlo.xall_",
            "all",
            "al",
            "reduce_scatte",
            "replicX",
            "partitio",
            "collectiv",
            "",
            "a",
            "rreplica",
            "ppartition",
            "aall_",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Every prefix and suffix of the real names too.
        for n in names.clone() {
            for k in 0..n.len() {
                names.push(n[..k].to_string());
                names.push(n[k..].to_string());
            }
        }
        for n in &names {
            let want = needles.iter().any(|x| n.contains(x));
            assert_eq!(super::names_processes(n), want, "{n}");
        }
    }
}
