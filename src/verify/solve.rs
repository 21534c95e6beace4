//! Deciding formulas over unknown sizes with Z3 (linked from the system's
//! libz3). Each query has a time limit; a time-out is an `Unknown` verdict.
//! Setting `HLOCHECK_TRACE_SOLVER` prints every query on stderr.

use crate::spec::sym::{Atom, SBool, Sym};
use crate::verify::VarInfo;
use std::collections::{HashMap, HashSet};
use z3::ast;

/// What Z3 says about a formula `f` under the assumptions `A`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `A ⇒ f` for every value of the unknowns.
    Valid,
    /// `A ∧ f` is unsatisfiable: `f` never holds.
    Unsat,
    /// `f` holds for some values and not for others; a counterexample.
    Sometimes(Vec<(u32, String)>),
    /// Time-out or a non-linear problem Z3 gave up on.
    Unknown(String),
}

/// What the verifier asks of a solver. The verifier holds one as a trait
/// object, so a build that verifies only programs that need no solver
/// (static sizes, no assumptions, no process counts) can leave Z3 out of
/// its binary altogether ([`crate::verify::verify_program_static`]).
pub trait Decide {
    /// Decides `f` under `assumptions` (and the variables' ranges). With
    /// `existential`, the variables for which `result_var` holds are the
    /// op's own unknown result sizes: the formula is read as "some result
    /// sizes make it true".
    fn decide(
        &mut self,
        f: &SBool,
        assumptions: &[SBool],
        vars: &[VarInfo],
        existential: bool,
    ) -> Verdict;

    /// Whether `assumptions` (with the variables' ranges) can all hold
    /// together: `Some(false)` when they contradict each other, `None` when
    /// the solver cannot tell.
    fn consistent(&mut self, assumptions: &[SBool], vars: &[VarInfo]) -> Option<bool> {
        let all = SBool::and(assumptions.to_vec());
        match self.decide(&all, &[], vars, true) {
            Verdict::Unsat => Some(false),
            Verdict::Valid | Verdict::Sometimes(_) => Some(true),
            Verdict::Unknown(_) => None,
        }
    }
}

/// The verifier's Z3 solver.
pub struct Solver {
    timeout_ms: u32,
    /// What is left of the total time the queries of one program may take,
    /// in milliseconds.
    budget_left_ms: u64,
    budget_ms: u64,
    /// The program's Z3 solver, made at its first query (in the context
    /// `verify_program` gives the program).
    z3: Option<z3::Solver>,
    /// The time limit the solver was last given.
    timeout_set: u32,
}

impl Solver {
    pub fn new(timeout_ms: u32, budget_ms: u64) -> Solver {
        Solver {
            timeout_ms,
            budget_left_ms: budget_ms,
            budget_ms,
            z3: None,
            timeout_set: 0,
        }
    }
}

impl Decide for Solver {
    fn decide(
        &mut self,
        f: &SBool,
        assumptions: &[SBool],
        vars: &[VarInfo],
        existential: bool,
    ) -> Verdict {
        if self.budget_left_ms == 0 {
            return Verdict::Unknown(format!(
                "the solver's total time budget of {} ms for this program is spent",
                self.budget_ms
            ));
        }
        let timeout = (self.timeout_ms as u64).min(self.budget_left_ms) as u32;
        if std::env::var_os("HLOCHECK_TRACE_SOLVER").is_some() {
            eprintln!("query: {}", f.render(&|v| format!("v{v}")));
        }
        let first = self.z3.is_none();
        let solver = self.z3.get_or_insert_with(z3::Solver::new);
        let start = std::time::Instant::now();
        if first || timeout != self.timeout_set {
            let mut params = z3::Params::new();
            params.set_u32("random_seed", 0);
            params.set_u32("timeout", timeout);
            solver.set_params(&params);
            self.timeout_set = timeout;
        }
        solver.push();
        let v = decide_in(solver, f, assumptions, vars, existential);
        solver.pop(1);
        let spent = start.elapsed().as_millis() as u64;
        self.budget_left_ms = self.budget_left_ms.saturating_sub(spent);
        v
    }
}

fn decide_in(
    solver: &z3::Solver,
    f: &SBool,
    assumptions: &[SBool],
    vars: &[VarInfo],
    existential: bool,
) -> Verdict {
    {
        // Only the assumptions that share unknowns with the formula (directly
        // or through other assumptions) matter.
        let mut fv = Vec::new();
        f.vars(&mut fv);
        let mut relevant: HashSet<u32> = fv.iter().copied().collect();
        let mut used = vec![false; assumptions.len()];
        loop {
            let mut changed = false;
            for (i, a) in assumptions.iter().enumerate() {
                if used[i] {
                    continue;
                }
                let mut av = Vec::new();
                a.vars(&mut av);
                if av.iter().any(|v| relevant.contains(v)) {
                    used[i] = true;
                    changed = true;
                    relevant.extend(av);
                }
            }
            if !changed {
                break;
            }
        }
        let mut tr = Translator {
            vars: HashMap::new(),
        };
        let mut hyps = Vec::new();
        for (i, a) in assumptions.iter().enumerate() {
            if used[i] {
                hyps.push(tr.bool(a));
            }
        }
        let body = tr.bool(f);
        // Ranges of every unknown involved.
        let mut all: Vec<u32> = relevant.iter().copied().collect();
        all.sort();
        let mut ranges = Vec::new();
        let mut free_ranges = Vec::new();
        for v in &all {
            let x = tr.var(*v);
            let Some(info) = vars.get(*v as usize) else {
                continue;
            };
            let mut r = Vec::new();
            if let Some(lo) = info.lo {
                r.push(x.ge(tr.int(lo)));
            }
            if let Some(hi) = info.hi {
                r.push(x.le(tr.int(hi)));
            }
            ranges.extend(r);
            free_ranges.push(*v);
        }
        for h in hyps.iter().chain(ranges.iter()) {
            solver.assert(h);
        }
        // Never true?
        solver.push();
        solver.assert(&body);
        let sat = solver.check();
        solver.pop(1);
        match sat {
            z3::SatResult::Unsat => return Verdict::Unsat,
            z3::SatResult::Unknown => {
                return Verdict::Unknown(
                    solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "solver gave up".into()),
                )
            }
            z3::SatResult::Sat => {}
        }
        if existential {
            // Some choice of the op's own result sizes satisfies the formula
            // for these inputs: the constraint is read as defining them.
            return Verdict::Valid;
        }
        solver.push();
        solver.assert(body.not());
        let r = solver.check();
        let verdict = match r {
            z3::SatResult::Unsat => Verdict::Valid,
            z3::SatResult::Unknown => Verdict::Unknown(
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "solver gave up".into()),
            ),
            z3::SatResult::Sat => {
                let mut cex = Vec::new();
                if let Some(model) = solver.get_model() {
                    for v in &fv {
                        if let Some(x) = tr.vars.get(v) {
                            if let Some(val) = model.eval(x, true) {
                                cex.push((
                                    *v,
                                    val.to_string().replace("(- ", "-").replace(')', ""),
                                ));
                            }
                        }
                    }
                }
                cex.sort();
                cex.dedup();
                Verdict::Sometimes(cex)
            }
        };
        solver.pop(1);
        let _ = free_ranges;
        verdict
    }
}

struct Translator {
    vars: HashMap<u32, ast::Int>,
}

impl Translator {
    fn int(&self, v: i128) -> ast::Int {
        ast::Int::from_i128(v)
    }

    fn var(&mut self, v: u32) -> ast::Int {
        self.vars
            .entry(v)
            .or_insert_with(|| ast::Int::new_const(format!("v{v}")))
            .clone()
    }

    fn sym(&mut self, s: &Sym) -> ast::Int {
        let mut terms = Vec::new();
        for (m, c) in s.terms() {
            let mut factors = vec![self.int(c)];
            for a in m {
                factors.push(self.atom(a));
            }
            let refs: Vec<&ast::Int> = factors.iter().collect();
            terms.push(ast::Int::mul(&refs));
        }
        if terms.is_empty() {
            return self.int(0);
        }
        let refs: Vec<&ast::Int> = terms.iter().collect();
        ast::Int::add(&refs)
    }

    fn atom(&mut self, a: &Atom) -> ast::Int {
        match a {
            Atom::Var(v) => self.var(*v),
            Atom::Div(x, y) => {
                let (x, y) = (self.sym(x), self.sym(y));
                self.floor_div(&x, &y)
            }
            Atom::Mod(x, y) => {
                // Python's modulo: x - y * floor(x / y).
                let (x, y) = (self.sym(x), self.sym(y));
                let q = self.floor_div(&x, &y);
                ast::Int::sub(&[&x, &ast::Int::mul(&[&y, &q])])
            }
            Atom::Ite(c, x, y) => {
                let c = self.bool(c);
                let (x, y) = (self.sym(x), self.sym(y));
                c.ite(&x, &y)
            }
        }
    }

    /// `floor(x / y)`: Z3's `div` is Euclidean, which is the floor for a
    /// positive divisor; `floor(x / y) = floor(-x / -y)` covers the other sign.
    fn floor_div(&self, x: &ast::Int, y: &ast::Int) -> ast::Int {
        let zero = self.int(0);
        let pos = y.gt(&zero);
        let a = x.div(y);
        let b = x.unary_minus().div(y.unary_minus());
        pos.ite(&a, &b)
    }

    fn bool(&mut self, b: &SBool) -> ast::Bool {
        match b {
            SBool::Const(x) => ast::Bool::from_bool(*x),
            SBool::EqZero(p) => {
                let p = self.sym(p);
                p.eq(self.int(0))
            }
            SBool::LeZero(p) => {
                let p = self.sym(p);
                p.le(self.int(0))
            }
            SBool::Not(x) => self.bool(x).not(),
            SBool::And(xs) => {
                let parts: Vec<ast::Bool> = xs.iter().map(|x| self.bool(x)).collect();
                let refs: Vec<&ast::Bool> = parts.iter().collect();
                ast::Bool::and(&refs)
            }
            SBool::Or(xs) => {
                let parts: Vec<ast::Bool> = xs.iter().map(|x| self.bool(x)).collect();
                let refs: Vec<&ast::Bool> = parts.iter().collect();
                ast::Bool::or(&refs)
            }
        }
    }
}
