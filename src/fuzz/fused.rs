//! Fused runs (`hlocheck fuzz --fused`): deviations that appear only when a
//! compiler fuses ops.
//!
//! A campaign judges each op on a run that returns every op's result, which
//! keeps a compiler from fusing producers into consumers. With `--fused`,
//! a program whose exposed run passed is run a second time returning only
//! its own results (the values no op uses), and those results are judged
//! under one rule:
//!
//! - A value is *determined* when the spec fixes it bit for bit: an
//!   argument; or the result of an exactly specified op with no latitude at
//!   these operand values ([`exactly_determined`]: no math function, no
//!   order-open reduction, no implementation-defined element, no NaN, no
//!   complex value), whose exposed result matched hlocheck's and whose
//!   operands are all determined. Such a value is the same in every
//!   conforming implementation, fused or not.
//! - A result of the fused run is judged when every operand of its op is
//!   determined: the oracle judges that op on those operand values (which
//!   are then known exactly) against the fused result, with the op's usual
//!   rule — bit for bit for an exact op, the ULP budget for a math
//!   function, the order bound for a reduction. A result with an operand
//!   that is not determined (an approximate or implementation-defined op
//!   upstream) is left open, and counted: a fused run may legitimately
//!   carry a different but allowed intermediate value into it.
//!
//! A deviation found this way is filed with kind `fused-<kind>` and shrunk
//! by cutting the program to the op's cone and replacing ops of the cone by
//! inputs that hold their (determined) values, as long as the exposed run
//! still passes and the fused one still deviates.

use super::campaign::{judge, Event, Judged};
use super::oracle::{check_op, exactly_determined, Budgets, Verdict};
use super::program::{self, GenProgram};
use super::target::{Reply, Target};
use crate::interp::tensor::Tensor;

/// What the fused run of one program showed.
#[derive(Default)]
pub(crate) struct Fused {
    /// Whether a fused run was made (a program whose ops use no other op's
    /// value fuses nothing and is not run again).
    pub ran: bool,
    /// The first deviation (kind `fused-...`) or failure of the fused run.
    pub event: Option<Event>,
    /// Results judged, and results left open.
    pub judged: usize,
    pub open: usize,
}

/// The program as it is run fused: only its own results returned.
pub(crate) fn fused_program(prog: &GenProgram) -> GenProgram {
    let mut p = prog.clone();
    if p.results.is_empty() {
        p.results = p.leaves();
    }
    p
}

/// Whether some op takes another op's value (else nothing can fuse).
fn has_chain(prog: &GenProgram) -> bool {
    let n = prog.args.len();
    prog.ops.iter().any(|o| o.operands.iter().any(|&v| v >= n))
}

/// The operand values of op `i` in `single_op` order, from `values`.
fn operand_values(prog: &GenProgram, i: usize, values: &[Tensor]) -> Option<Vec<Tensor>> {
    prog.single_op_inputs(i)
        .iter()
        .map(|&v| values.get(v).cloned())
        .collect()
}

/// Per value: whether the spec determines it bit for bit (see the module
/// comment), from the exposed run's values and verdicts.
pub(crate) fn determined(prog: &GenProgram, j: &Judged) -> Vec<bool> {
    let n = prog.args.len();
    let mut d = vec![true; n];
    for i in 0..prog.ops.len() {
        let ok = j.matched.get(i).copied().unwrap_or(false)
            && prog.ops[i].operands.iter().all(|&v| d[v])
            && match (
                operand_values(prog, i, &j.values),
                j.values.get(prog.value_of_op(i)),
            ) {
                (Some(ops), Some(r)) => {
                    exactly_determined(&prog.ops[i], &prog.single_op(i), &ops, r)
                }
                _ => false,
            };
        d.push(ok);
    }
    d
}

/// Runs `prog` fused and judges its results (the exposed run `j` passed).
pub(crate) fn judge_fused(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    j: &Judged,
    budgets: &Budgets,
) -> Result<Fused, String> {
    let fused = fused_program(prog);
    if !has_chain(&fused) || fused.results.is_empty() {
        return Ok(Fused::default());
    }
    let det = determined(prog, j);
    let failed = |kind: &str, message: String| Fused {
        ran: true,
        event: Some(Event::Failed {
            kind: format!("fused-{kind}"),
            message,
        }),
        ..Fused::default()
    };
    let outs = match t.run(&fused, inputs) {
        Reply::Ok(o) => o,
        Reply::Rejected { stage, message } => {
            return Ok(failed("rejected", format!("{stage}: {message}")))
        }
        Reply::Error { stage, message } => {
            return Ok(failed("run-error", format!("{stage}: {message}")))
        }
        Reply::Crashed(m) => return Ok(failed("crash", m)),
        Reply::Skipped(_) => return Ok(Fused::default()),
    };
    let mut f = Fused {
        ran: true,
        ..Fused::default()
    };
    let n = prog.args.len();
    for (&r, actual) in fused.results.iter().zip(&outs) {
        let Some(i) = r.checked_sub(n) else { continue };
        if !prog.ops[i].operands.iter().all(|&v| det[v]) {
            f.open += 1;
            continue;
        }
        let Some(ops) = operand_values(prog, i, &j.values) else {
            f.open += 1;
            continue;
        };
        f.judged += 1;
        if let Verdict::Deviation(mut dev) = check_op(prog, i, &ops, actual, budgets)? {
            dev.kind = format!("fused-{}", dev.kind);
            dev.detail = format!(
                "{} (only in the fused run: with every op's result returned it passed)",
                dev.detail
            );
            f.event = Some(Event::Deviation { op: i, dev });
            return Ok(f);
        }
    }
    Ok(f)
}

/// Whether `prog` passes exposed and still deviates fused at an op named
/// `want.0` with kind `want.1`.
fn still_fused(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    budgets: &Budgets,
    want: &(String, String),
) -> bool {
    let Ok(j) = judge(t, prog, inputs, budgets) else {
        return false;
    };
    if j.event.is_some() || j.skipped.is_some() {
        return false;
    }
    match judge_fused(t, prog, inputs, &j, budgets).map(|f| f.event) {
        Ok(Some(Event::Deviation { op, dev })) => prog.ops[op].name == want.0 && dev.kind == want.1,
        _ => false,
    }
}

/// The cone of value `result` in `prog`, with the ops of the cone for which
/// `keep` is false replaced by new arguments holding their `values`; the
/// one result is `result`. Constants are always kept (shape operands must
/// stay constants, and folding them is part of what a fused run tests).
fn restrict(
    prog: &GenProgram,
    values: &[Tensor],
    keep: &[bool],
    result: usize,
) -> (GenProgram, Vec<Tensor>) {
    let n = prog.args.len();
    let kept = |v: usize| v >= n && (keep[v - n] || prog.ops[v - n].name == "stablehlo.constant");
    // Values needed: walk back from the result through kept ops.
    let mut need = vec![false; prog.num_values()];
    need[result] = true;
    for v in (0..prog.num_values()).rev() {
        if need[v] && kept(v) {
            for &o in &prog.ops[v - n].operands {
                need[o] = true;
            }
        }
    }
    let mut p = GenProgram::default();
    let mut ins = Vec::new();
    let mut map = vec![usize::MAX; prog.num_values()];
    // Arguments: the original ones needed, then the cut ops' values.
    for v in (0..prog.num_values()).filter(|&v| need[v] && !kept(v)) {
        map[v] = p.args.len();
        p.args.push(prog.ty(v).clone());
        ins.push(values[v].clone());
    }
    for v in (n..prog.num_values()).filter(|&v| need[v] && kept(v)) {
        let mut op = prog.ops[v - n].clone();
        op.operands = op.operands.iter().map(|&o| map[o]).collect();
        map[v] = p.args.len() + p.ops.len();
        p.ops.push(op);
    }
    p.results = vec![map[result]];
    (p, ins)
}

/// Shrinks a fused-only deviation at op `at` (see the module comment).
pub(crate) fn shrink_fused(
    t: &mut Target,
    prog: &GenProgram,
    inputs: &[Tensor],
    at: usize,
    budgets: &Budgets,
    want: &(String, String),
    max_runs: usize,
) -> (GenProgram, Vec<Tensor>) {
    let whole = (fused_program(prog), inputs.to_vec());
    let Ok(outs) = program::run(&prog.with_all_results(), inputs) else {
        return whole;
    };
    let mut values = inputs.to_vec();
    values.extend(outs);
    let result = prog.value_of_op(at);
    let mut keep = vec![true; prog.ops.len()];
    let (p, ins) = restrict(prog, &values, &keep, result);
    let mut runs = 2;
    if !still_fused(t, &p, &ins, budgets, want) {
        return whole;
    }
    let mut best = (p, ins);
    for i in 0..at {
        if runs + 2 > max_runs {
            break;
        }
        if prog.ops[i].name == "stablehlo.constant" {
            continue;
        }
        keep[i] = false;
        let (p, ins) = restrict(prog, &values, &keep, result);
        if p.ops.len() == best.0.ops.len() && p.args.len() == best.0.args.len() {
            // Not in the cone: nothing changes.
            continue;
        }
        runs += 2;
        if still_fused(t, &p, &ins, budgets, want) {
            best = (p, ins);
        } else {
            keep[i] = true;
        }
    }
    best
}
