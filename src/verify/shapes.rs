//! Shape values: the elements of small integer tensors, tracked
//! symbolically through the ops that compute shapes, and the result sizes of
//! the dynamic ops that take their shape from such a tensor.
//!
//! Modelling choice: shape values are sizes, and arithmetic on them (`add`,
//! `multiply`, ...) is modelled as exact integer arithmetic; wrap-around on
//! overflow of the element type is not modelled. The one place where a
//! realistic size can fall outside its type, a narrowing `convert` (JAX
//! converts i64 dimension variables to i32), keeps the value only under the
//! condition that it fits (unless the unknowns' ranges imply it); an op that
//! takes such a value as a shape (the dynamic ops, `shape_assertion`)
//! reports that condition as a precondition ("shape value"), and a value
//! that only flows into data needs nothing. Constants are converted exactly.
//!
//! Modelled ops: constants, `get_dimension_size`, `convert`, `reshape`,
//! `broadcast_in_dim`, `concatenate` and `slice` of vectors, `add`,
//! `subtract`, `multiply`, `divide` and `remainder` (truncating), `maximum`,
//! `minimum`, `clamp`, `compare` (signed, and unsigned on booleans), `select`,
//! `and`/`or`/`xor`/`not` on booleans, integer `not`, `negate`, `sign`, `abs`,
//! shifts by a constant, `popcnt` of constants. Anything else leaves a small
//! integer result untracked: [`fill_untracked`] gives it unknowns that stand
//! for values outside the entry function's terms, naming the op, so that
//! nothing depending on them is claimed unless it holds for every value.

use super::State;
use crate::ir::attr::Attr;
use crate::ir::types::{ElementType, Signedness, Type};
use crate::ir::Op;
use crate::spec::sym::{Rel, SBool, Sym};
use std::collections::HashMap;

/// Most elements of a tensor whose contents are tracked.
pub const MAX_TRACKED: u64 = 16;

pub fn is_int_elem(e: &ElementType) -> bool {
    matches!(e, ElementType::Int(..) | ElementType::Index)
}

/// The range of an integer element type, as bounds of its unknowns.
pub fn elem_range(e: &ElementType) -> (Option<i128>, Option<i128>) {
    match e {
        ElementType::Int(Signedness::Unsigned, w) if *w < 127 => (Some(0), Some((1i128 << w) - 1)),
        ElementType::Int(_, 1) => (Some(0), Some(1)),
        ElementType::Int(_, w) if *w < 127 => {
            (Some(-(1i128 << (w - 1))), Some((1i128 << (w - 1)) - 1))
        }
        _ => (None, None),
    }
}

/// Collects definitions `r := e` of unknown result sizes from the top-level
/// conjuncts `r - e = 0` of a formula.
pub fn collect_defs(f: &SBool, is_result_var: &dyn Fn(u32) -> bool, defs: &mut HashMap<u32, Sym>) {
    match f {
        SBool::And(xs) => {
            for x in xs {
                collect_defs(x, is_result_var, defs);
            }
        }
        SBool::EqZero(p) => {
            let Ok(p) = p.subst(&|v| defs.get(&v).cloned()) else {
                return;
            };
            let mut candidates = Vec::new();
            for (m, c) in p.terms() {
                if m.len() == 1 && (c == 1 || c == -1) {
                    if let crate::spec::sym::Atom::Var(v) = &m[0] {
                        if is_result_var(*v) && !defs.contains_key(v) {
                            candidates.push((*v, c));
                        }
                    }
                }
            }
            for (v, c) in candidates {
                // v must occur only in its own monomial.
                let mut others = Vec::new();
                let rest = match p.sub(&Sym::var(v).mul(&Sym::constant(c)).unwrap_or_default()) {
                    Ok(r) => r,
                    Err(_) => continue,
                };
                rest.vars(&mut others);
                if others.contains(&v) {
                    continue;
                }
                // c*v + rest = 0  ⇒  v = -rest / c.
                let val = if c == 1 { rest.neg() } else { Ok(rest) };
                if let Ok(val) = val {
                    defs.insert(v, val);
                    return;
                }
            }
        }
        _ => {}
    }
}

fn ints_attr(op: &Op, name: &str) -> Option<Vec<i64>> {
    match op.attr(name)? {
        Attr::DenseArray(_) => op.attr(name)?.as_i64_list().map(|v| v.to_vec()),
        Attr::Dense(d) => super::bind::dense_ints(d).map(|v| {
            v.into_iter()
                .filter_map(|x| i64::try_from(x).ok())
                .collect()
        }),
        _ => None,
    }
}

/// The operands whose elements an op takes as sizes, bounds or padding.
fn shape_operands(op: &Op) -> &'static [usize] {
    match op.name.as_str() {
        "stablehlo.dynamic_reshape" | "stablehlo.dynamic_broadcast_in_dim" => &[1],
        "stablehlo.dynamic_iota" => &[0],
        "stablehlo.real_dynamic_slice" => &[1, 2, 3],
        "stablehlo.dynamic_pad" => &[2, 3, 4],
        "stablehlo.dynamic_gather" | "stablehlo.dynamic_conv" => &[2],
        "stablehlo.custom_call" => match custom_target(op) {
            Some(b"shape_assertion") => &[0],
            Some(b"stablehlo.dynamic_top_k") => &[1],
            Some(b"stablehlo.dynamic_rng_bit_generator") => &[1],
            _ => &[],
        },
        _ => &[],
    }
}

/// The `call_target_name` of a `custom_call`.
fn custom_target(op: &Op) -> Option<&[u8]> {
    if op.name != "stablehlo.custom_call" {
        return None;
    }
    op.attr("call_target_name").and_then(|a| a.as_str())
}

/// JAX's shape-polymorphic `custom_call @stablehlo.dynamic_reduce_window`
/// (StableHLO's experimental op of that name): `N` inputs, `N` init values,
/// then `window_dimensions`, `window_strides`, `base_dilations`,
/// `window_dilations` (each of the inputs' rank) and `padding` (rank × 2),
/// with `N` results. Returns `N` and the index of `window_dimensions`.
fn reduce_window_operands(op: &Op) -> Option<(usize, usize)> {
    let k = op.operands.len();
    if k < 7 || !(k - 5).is_multiple_of(2) || op.results.len() != (k - 5) / 2 {
        return None;
    }
    Some(((k - 5) / 2, k - 5))
}

/// The indices of the operands an op takes as sizes (see [`shape_operands`];
/// for `dynamic_reduce_window` they are the last five).
fn shape_operand_indices(op: &Op) -> Vec<usize> {
    if custom_target(op) == Some(b"stablehlo.dynamic_reduce_window") {
        return match reduce_window_operands(op) {
            Some((_, first)) => (first..first + 5).collect(),
            None => Vec::new(),
        };
    }
    shape_operands(op).to_vec()
}

/// The result shape of `dynamic_reduce_window`, as `reduce_window` defines it
/// (spec, reduce_window C16): per dimension, the input size dilated by
/// `base_dilations` and padded, the window dilated by `window_dilations`;
/// an empty window gives 0, otherwise `floor((padded − window) / stride) + 1`.
fn reduce_window_shape(st: &State, op: &Op) -> Option<Vec<Sym>> {
    let (_, first) = reduce_window_operands(op)?;
    let input = st.val(*op.operands.first()?);
    let dims = input.dims.clone()?;
    let c = |i: usize| -> Option<Vec<Sym>> {
        op.operands
            .get(first + i)
            .and_then(|v| st.val(*v).contents.clone())
    };
    let (w, s, bd, wd, pad) = (c(0)?, c(1)?, c(2)?, c(3)?, c(4)?);
    let r = dims.len();
    if [w.len(), s.len(), bd.len(), wd.len()]
        .iter()
        .any(|&n| n != r)
        || pad.len() != 2 * r
    {
        return None;
    }
    let one = Sym::constant(1);
    let zero = Sym::constant(0);
    let mut out = Vec::with_capacity(r);
    for i in 0..r {
        let dilated = dims[i].sub(&one).ok()?.mul(&bd[i]).ok()?.add(&one).ok()?;
        let empty_input = SBool::cmp(Rel::Eq, &dims[i], &zero).ok()?;
        let dilated = Sym::ite(&empty_input, &zero, &dilated);
        let padded = dilated.add(&pad[2 * i]).ok()?.add(&pad[2 * i + 1]).ok()?;
        let window = w[i].sub(&one).ok()?.mul(&wd[i]).ok()?.add(&one).ok()?;
        let span = padded.sub(&window).ok()?;
        let full = span.floor_div(&s[i]).ok()?.add(&one).ok()?;
        let empty = SBool::cmp(Rel::Lt, &padded, &window).ok()?;
        out.push(Sym::ite(&empty, &zero, &full));
    }
    Some(out)
}

/// At an op that takes shape values from its operands, requires that their
/// tracked elements are the computed ones: the conditions of the narrowing
/// converts they went through, each a precondition (label `shape value`)
/// unless it holds for every input.
pub(crate) fn require_exact_shape_values(st: &mut State, op: &Op) {
    let mut conds: Vec<SBool> = Vec::new();
    for i in shape_operand_indices(op) {
        if let Some(v) = op.operands.get(i) {
            for f in &st.val(*v).exact_if {
                if !conds.contains(f) {
                    conds.push(f.clone());
                }
            }
        }
    }
    let mut failed = false;
    for f in conds {
        st.decide(op, "shape value", f, None, &|_| false, &mut failed);
    }
}

/// Sets the result sizes of `dynamic_reshape`, `dynamic_broadcast_in_dim`,
/// `dynamic_iota` and `real_dynamic_slice` from their shape operands: an
/// unknown size takes the shape value; a declared size is checked against
/// it, under the label `shape`. The spec's "Dynamism" section ("Shape
/// mismatches for ops that take their output shape as an operand"): the
/// values of the shape operand must match the result's shape at run time,
/// which can be verified statically when they are known; a mismatch for
/// every input is an error, for some inputs a precondition.
pub(crate) fn infer_dynamic_results(st: &mut State, op: &Op, is_result_var: &dyn Fn(u32) -> bool) {
    let mut targets: Vec<u32> = op.results.first().copied().into_iter().collect();
    let shape: Option<Vec<Sym>> = match op.name.as_str() {
        "stablehlo.dynamic_reshape" | "stablehlo.dynamic_broadcast_in_dim" => {
            op.operands.get(1).and_then(|v| st.val(*v).contents.clone())
        }
        "stablehlo.dynamic_iota" => op
            .operands
            .first()
            .and_then(|v| st.val(*v).contents.clone()),
        "stablehlo.real_dynamic_slice" => {
            let c = |i: usize| op.operands.get(i).and_then(|v| st.val(*v).contents.clone());
            match (c(1), c(2), c(3)) {
                (Some(s), Some(l), Some(k)) if s.len() == l.len() && l.len() == k.len() => {
                    // ceil((limit - start) / stride) = -floor((start - limit) / stride)
                    let mut out = Vec::new();
                    for ((s, l), k) in s.iter().zip(&l).zip(&k) {
                        match s.sub(l).and_then(|d| d.floor_div(k)).and_then(|q| q.neg()) {
                            Ok(x) => out.push(x),
                            Err(_) => return,
                        }
                    }
                    Some(out)
                }
                _ => None,
            }
        }
        "stablehlo.custom_call" => match custom_target(op) {
            Some(b"stablehlo.dynamic_reduce_window") => {
                if reduce_window_operands(op).is_none() {
                    return;
                }
                targets = op.results.clone();
                reduce_window_shape(st, op)
            }
            Some(b"stablehlo.dynamic_top_k") => {
                // The operand's shape with its last dimension replaced by k.
                targets = op.results.clone();
                let dims = op.operands.first().and_then(|v| st.val(*v).dims.clone());
                let k = op.operands.get(1).and_then(|v| st.val(*v).contents.clone());
                match (dims, k) {
                    (Some(mut d), Some(k)) if k.len() == 1 && !d.is_empty() => {
                        let last = d.len() - 1;
                        d[last] = k[0].clone();
                        Some(d)
                    }
                    (Some(_), Some(_)) | (None, _) => return,
                    (Some(_), None) => None,
                }
            }
            Some(b"stablehlo.dynamic_rng_bit_generator") => {
                targets = op.results.get(1).copied().into_iter().collect();
                op.operands.get(1).and_then(|v| st.val(*v).contents.clone())
            }
            _ => return,
        },
        _ => return,
    };
    for r in targets {
        match &shape {
            Some(shape) => set_dynamic_result(st, op, r, shape, is_result_var),
            None => untracked_shape(st, op, r, is_result_var),
        }
    }
}

/// Gives result `r` of a dynamic op the sizes `shape`: an unknown size
/// takes the computed one; a declared size is checked against it.
fn set_dynamic_result(
    st: &mut State,
    op: &Op,
    r: u32,
    shape: &[Sym],
    is_result_var: &dyn Fn(u32) -> bool,
) {
    let t = st.val(r);
    let Some(dims) = t.dims.clone() else { return };
    if dims.len() != shape.len() {
        // The rank mismatch is the spec's constraint to report.
        return;
    }
    let mut nd = Vec::with_capacity(dims.len());
    let mut checks = Vec::new();
    for (i, (d, s)) in dims.iter().zip(shape).enumerate() {
        match d.as_var().filter(|v| is_result_var(*v)) {
            Some(_) => nd.push(s.clone()),
            None => {
                nd.push(d.clone());
                if let Ok(b) = SBool::cmp(Rel::Eq, d, s) {
                    checks.push((i, b));
                }
            }
        }
    }
    let mut t2 = (*t).clone();
    t2.dims = Some(nd);
    st.set_val(r, t2);
    let operand_name = match op.name.as_str() {
        "stablehlo.dynamic_reshape" | "stablehlo.dynamic_iota" => "output_shape",
        "stablehlo.dynamic_broadcast_in_dim" => "output_dimensions",
        "stablehlo.real_dynamic_slice" => "the slice bounds",
        _ => match custom_target(op) {
            Some(b"stablehlo.dynamic_reduce_window") => "the window and padding operands",
            Some(b"stablehlo.dynamic_top_k") => "k",
            _ => "the shape operand",
        },
    };
    let mut failed = false;
    for (i, b) in checks {
        let msg = match b.as_const() {
            Some(true) => continue,
            Some(false) => Some(format!(
                "the result's dimension {i} is declared {}, but {operand_name} gives {}",
                crate::spec::sym::render_sym(&dims[i], &|v| st.var_name(v)),
                crate::spec::sym::render_sym(&shape[i], &|v| st.var_name(v)),
            )),
            None => None,
        };
        st.decide(op, "shape", b, msg, is_result_var, &mut failed);
    }
}

/// A dynamic op whose shape operand's elements are not tracked: its result
/// sizes are what those elements are at run time, which the verifier does
/// not know. A `?` size becomes an unknown outside the entry function's
/// terms (never a size the op's constraints may choose), so what depends on
/// it is undecided unless it holds (or fails) for every size; a declared
/// size cannot be checked against the shape operand: undecided.
fn untracked_shape(st: &mut State, op: &Op, r: u32, is_result_var: &dyn Fn(u32) -> bool) {
    let operands = shape_operand_indices(op);
    if operands.is_empty() {
        return;
    }
    let why = operands
        .iter()
        .filter_map(|&i| op.operands.get(i))
        .find(|v| st.val(**v).contents.is_none())
        .map(|v| st.untracked_why(*v));
    let Some(why) = why else { return };
    let t = st.val(r);
    let Some(dims) = t.dims.clone() else { return };
    let mut nd = Vec::with_capacity(dims.len());
    let mut declared = Vec::new();
    for (i, d) in dims.iter().enumerate() {
        match d.as_var().filter(|v| is_result_var(*v)) {
            Some(v) => {
                let info = st.vars.get(v as usize).cloned();
                let (lo, hi) = info.as_ref().map_or((Some(0), None), |i| (i.lo, i.hi));
                let name = info.map_or_else(|| format!("v{v}"), |i| i.name);
                let first = st.vars.len() as u32;
                let nv = st.new_var(name, lo, hi);
                st.mark_internal(first, &why);
                nd.push(Sym::var(nv));
            }
            None => {
                nd.push(d.clone());
                declared.push(i);
            }
        }
    }
    let mut t2 = (*t).clone();
    t2.dims = Some(nd);
    st.set_val(r, t2);
    if !declared.is_empty() {
        let list: Vec<String> = declared.iter().map(|i| i.to_string()).collect();
        st.push(
            super::Kind::Unknown,
            op,
            "shape",
            format!(
                "the result's declared dimension(s) {} cannot be checked against the shape operand: {why}",
                list.join(", ")
            ),
            None,
        );
    }
}

/// Computes the elements of small integer results from their operands; a
/// small integer result whose elements are not computed is recorded as
/// untracked, with the op that broke the chain (an op the tracker does not
/// model, or the first untracked operand's reason).
pub(crate) fn transfer(st: &mut State, op: &Op) {
    transfer_first(st, op);
}

/// After [`transfer`] (and a followed call's results): a small integer
/// result whose elements are still unknown gets fresh unknowns in its
/// type's range, standing for values outside the entry function's terms,
/// with the op that broke the chain.
pub(crate) fn fill_untracked(st: &mut State, op: &Op) {
    for (k, &r) in op.results.iter().enumerate() {
        let small_int = matches!(
            st.prog.value_types.get(r as usize),
            Some(Type::Tensor(t)) if is_int_elem(&t.elem)
                && t.num_elements().is_some_and(|n| n <= MAX_TRACKED)
        );
        if !small_int {
            continue;
        }
        if st.val(r).contents.is_some() {
            st.untracked.remove(&r);
            continue;
        }
        let why: std::rc::Rc<str> = st.untracked.get(&r).cloned().unwrap_or_else(|| {
            format!(
                "computed by `{}` at line {}, which the shape tracker does not model there",
                op.name, op.pos.line
            )
            .into()
        });
        // The elements become unknowns in their type's range that stand for
        // values outside the entry function's terms.
        let first = st.vars.len() as u32;
        let short = op.name.rsplit('.').next().unwrap_or(&op.name).to_string();
        let name = if op.results.len() == 1 {
            format!("{short}@L{}", op.pos.line)
        } else {
            format!("{short}@L{}#{k}", op.pos.line)
        };
        let fresh = st.fresh_value(r, &name);
        st.mark_internal(first, &why);
        if let Some(c) = fresh.contents {
            let mut t = (*st.val(r)).clone();
            t.contents = Some(c);
            st.set_val(r, t);
        }
        st.untracked.insert(r, why);
    }
}

fn transfer_first(st: &mut State, op: &Op) {
    let Some(&r) = op.results.first() else { return };
    let Some(Type::Tensor(rt)) = st.prog.value_types.get(r as usize).cloned() else {
        return;
    };
    if !is_int_elem(&rt.elem) || rt.num_elements().is_none_or(|n| n > MAX_TRACKED) {
        return;
    }
    let n = rt.num_elements().unwrap_or(0) as usize;
    let c = |i: usize| op.operands.get(i).and_then(|v| st.val(*v).contents.clone());
    // The result's elements are exact when the operands' are.
    let mut exact_if: Vec<SBool> = Vec::new();
    for v in &op.operands {
        for f in &st.val(*v).exact_if {
            if !exact_if.contains(f) {
                exact_if.push(f.clone());
            }
        }
    }
    let one = Sym::constant(1);
    let zero = Sym::constant(0);
    let unsigned = matches!(rt.elem, ElementType::Int(Signedness::Unsigned, _));
    let out: Option<Vec<Sym>> = match op.name.as_str() {
        "stablehlo.constant" => match op.attr("value") {
            Some(Attr::Dense(d)) => super::bind::dense_value(d).contents.clone(),
            _ => None,
        },
        // The spec defines the result as the size itself, in an si32 tensor;
        // a size of 2^31 or more is not representable there and the spec says
        // nothing of it. hlocheck takes the result to be the size (the
        // program is outside what the op can describe otherwise).
        "stablehlo.get_dimension_size" => {
            let dim = op.attr("dimension").and_then(|a| a.as_i64());
            let t = op.operands.first().map(|v| st.val(*v));
            match (dim, t.as_ref().and_then(|t| t.dims.as_ref())) {
                (Some(d), Some(dims)) if d >= 0 && (d as usize) < dims.len() => {
                    Some(vec![dims[d as usize].clone()])
                }
                _ => None,
            }
        }
        "stablehlo.reshape" | "chlo.broadcast" => c(0),
        "stablehlo.convert" => {
            let Some(v) = c(0) else { return };
            let (lo, hi) = elem_range(&rt.elem);
            // Only a narrowing convert can change a value of the operand's
            // type (`i32` to `i32`, `i32` to `i64` keep every value).
            let (src_lo, src_hi) = match op
                .operands
                .first()
                .and_then(|v| st.prog.value_types.get(*v as usize))
            {
                Some(Type::Tensor(t)) => elem_range(&t.elem),
                _ => (None, None),
            };
            let not_narrowing = matches!((lo, hi, src_lo, src_hi), (Some(lo), Some(hi), Some(sl), Some(sh)) if lo <= sl && sh <= hi);
            let mut out = Vec::with_capacity(v.len());
            let mut checks = Vec::new();
            for x in v {
                match (x.as_const(), lo, hi) {
                    // A constant is converted exactly (two's complement wrap).
                    (Some(k), Some(lo), Some(hi)) if k < lo || k > hi => {
                        let span = hi - lo + 1;
                        out.push(Sym::constant((k - lo).rem_euclid(span) + lo));
                    }
                    (None, Some(lo), Some(hi)) if !not_narrowing => {
                        // A symbolic shape value keeps its value when it fits
                        // the narrower type: the tracked value is exact under
                        // that condition, which an op that takes it as a
                        // shape then requires (unless it is implied).
                        let fits = SBool::and(vec![
                            SBool::cmp(Rel::Ge, &x, &Sym::constant(lo))
                                .unwrap_or(SBool::Const(false)),
                            SBool::cmp(Rel::Le, &x, &Sym::constant(hi))
                                .unwrap_or(SBool::Const(false)),
                        ]);
                        checks.push(fits);
                        out.push(x);
                    }
                    _ => out.push(x),
                }
            }
            for f in checks {
                let mut vs = Vec::new();
                f.vars(&mut vs);
                let implied = vs.iter().all(|v| {
                    st.vars.get(*v as usize).is_some_and(|i| {
                        i.lo.is_some_and(|l| lo.is_some_and(|x| l >= x))
                            && i.hi.is_some_and(|h| hi.is_some_and(|x| h <= x))
                    })
                });
                if !implied {
                    exact_if.push(f);
                }
            }
            Some(out)
        }
        "stablehlo.broadcast_in_dim" => match c(0) {
            Some(v) if v.len() == 1 => Some(vec![v[0].clone(); n]),
            Some(v) if v.len() == n => Some(v),
            _ => None,
        },
        "stablehlo.concatenate" => {
            let mut all = Vec::new();
            let mut ok = op.attr("dimension").and_then(|a| a.as_i64()) == Some(0);
            for i in 0..op.operands.len() {
                match c(i) {
                    Some(v) if ok => all.extend(v),
                    _ => ok = false,
                }
            }
            ok.then_some(all)
        }
        "stablehlo.slice" => {
            let (s, l, k) = (
                ints_attr(op, "start_indices"),
                ints_attr(op, "limit_indices"),
                ints_attr(op, "strides"),
            );
            match (c(0), s, l, k) {
                (Some(v), Some(s), Some(l), Some(k))
                    if s.len() == 1 && l.len() == 1 && k.len() == 1 && k[0] > 0 =>
                {
                    let (s, l, k) = (s[0].max(0) as usize, l[0].max(0) as usize, k[0] as usize);
                    Some(
                        (s..l.min(v.len()))
                            .step_by(k)
                            .map(|i| v[i].clone())
                            .collect(),
                    )
                }
                _ => None,
            }
        }
        "stablehlo.add"
        | "stablehlo.subtract"
        | "stablehlo.multiply"
        | "stablehlo.divide"
        | "stablehlo.maximum"
        | "stablehlo.minimum"
        | "stablehlo.remainder"
        | "stablehlo.and"
        | "stablehlo.or"
        | "stablehlo.compare" => {
            let (Some(a), Some(b)) = (c(0), c(1)) else {
                return;
            };
            if a.len() != b.len() {
                return;
            }
            let dir = op
                .attr("comparison_direction")
                .and_then(|x| x.as_enum())
                .unwrap_or("");
            let is_bool = rt.elem == ElementType::I1;
            // An UNSIGNED comparison of signed values differs from the
            // integers' order where a value is negative: not modelled.
            let operand_bool = op
                .operands
                .first()
                .and_then(|v| st.prog.value_types.get(*v as usize))
                .is_some_and(|t| matches!(t, Type::Tensor(t) if t.elem == ElementType::I1));
            let cmp_type = op
                .attr("compare_type")
                .and_then(|x| x.as_enum())
                .unwrap_or("");
            if op.name == "stablehlo.compare" && cmp_type == "UNSIGNED" && !operand_bool {
                return;
            }
            let mut out = Vec::with_capacity(a.len());
            for (x, y) in a.iter().zip(&b) {
                let v = match op.name.as_str() {
                    "stablehlo.add" => x.add(y),
                    // Unsigned subtraction wraps below zero: not modelled.
                    "stablehlo.subtract" if unsigned => return,
                    "stablehlo.subtract" => x.sub(y),
                    "stablehlo.multiply" if is_bool => Ok(bool_to(SBool::and(vec![nz(x), nz(y)]))),
                    "stablehlo.multiply" => x.mul(y),
                    "stablehlo.and" if is_bool => Ok(bool_to(SBool::and(vec![nz(x), nz(y)]))),
                    "stablehlo.or" if is_bool => Ok(bool_to(SBool::or(vec![nz(x), nz(y)]))),
                    "stablehlo.maximum" => x.smax(y),
                    "stablehlo.minimum" => x.smin(y),
                    "stablehlo.divide" => trunc_div(x, y),
                    "stablehlo.remainder" => trunc_div(x, y)
                        .and_then(|q| q.mul(y))
                        .and_then(|p| x.sub(&p)),
                    "stablehlo.compare" => {
                        let rel = match dir {
                            "EQ" => Rel::Eq,
                            "NE" => Rel::Ne,
                            "LT" => Rel::Lt,
                            "LE" => Rel::Le,
                            "GT" => Rel::Gt,
                            "GE" => Rel::Ge,
                            _ => return,
                        };
                        SBool::cmp(rel, x, y).map(bool_to)
                    }
                    _ => return,
                };
                match v {
                    Ok(v) => out.push(v),
                    Err(_) => return,
                }
            }
            Some(out)
        }
        "stablehlo.not" if rt.elem == ElementType::I1 => {
            c(0).map(|a| a.iter().map(|x| bool_to(nz(x).negate())).collect())
        }
        // Bitwise not of a two's complement integer: -x - 1.
        "stablehlo.not" if !unsigned => c(0).and_then(|a| {
            a.iter()
                .map(|x| x.neg().and_then(|n| n.sub(&one)).ok())
                .collect()
        }),
        "stablehlo.negate" if !unsigned => {
            c(0).and_then(|a| a.iter().map(|x| x.neg().ok()).collect())
        }
        "stablehlo.sign" if !unsigned => c(0).map(|a| {
            a.iter()
                .map(|x| {
                    let pos = SBool::cmp(Rel::Gt, x, &zero).unwrap_or(SBool::Const(false));
                    let neg = SBool::cmp(Rel::Lt, x, &zero).unwrap_or(SBool::Const(false));
                    Sym::ite(&pos, &one, &Sym::ite(&neg, &Sym::constant(-1), &zero))
                })
                .collect()
        }),
        "stablehlo.abs" if !unsigned => c(0).and_then(|a| {
            a.iter()
                .map(|x| {
                    let neg = SBool::cmp(Rel::Lt, x, &zero).ok()?;
                    Some(Sym::ite(&neg, &x.neg().ok()?, x))
                })
                .collect()
        }),
        "stablehlo.xor" if rt.elem == ElementType::I1 => {
            let (Some(a), Some(b)) = (c(0), c(1)) else {
                return;
            };
            (a.len() == b.len()).then(|| {
                a.iter()
                    .zip(&b)
                    .map(|(x, y)| {
                        bool_to(SBool::or(vec![
                            SBool::and(vec![nz(x), nz(y).negate()]),
                            SBool::and(vec![nz(x).negate(), nz(y)]),
                        ]))
                    })
                    .collect()
            })
        }
        // Constants only: the bit operations of symbolic values are not
        // modelled (their results stay untracked).
        "stablehlo.popcnt" => c(0).and_then(|a| {
            a.iter()
                .map(|x| {
                    let k = x.as_const()?;
                    let w = match rt.elem {
                        ElementType::Int(_, w) => w,
                        _ => 64,
                    };
                    let bits = if w >= 128 { k } else { k & ((1i128 << w) - 1) };
                    Some(Sym::constant(bits.count_ones() as i128))
                })
                .collect()
        }),
        // A shift by a constant within the width: x * 2^k, floor(x / 2^k).
        "stablehlo.shift_left" | "stablehlo.shift_right_arithmetic" if !unsigned => {
            let (Some(a), Some(b)) = (c(0), c(1)) else {
                return;
            };
            let w = match rt.elem {
                ElementType::Int(_, w) => w as i128,
                _ => return,
            };
            if a.len() != b.len() {
                return;
            }
            let mut out = Vec::with_capacity(a.len());
            for (x, y) in a.iter().zip(&b) {
                let Some(k) = y.as_const().filter(|k| (0..w.min(62)).contains(k)) else {
                    return;
                };
                let p = Sym::constant(1i128 << k);
                let v = if op.name == "stablehlo.shift_left" {
                    x.mul(&p)
                } else {
                    x.floor_div(&p)
                };
                match v {
                    Ok(v) => out.push(v),
                    Err(_) => return,
                }
            }
            Some(out)
        }
        // min(max(operand, min), max), with a rank-0 min or max applying
        // to every element.
        "stablehlo.clamp" => {
            let (Some(lo), Some(x), Some(hi)) = (c(0), c(1), c(2)) else {
                return;
            };
            let at = |v: &[Sym], i: usize| {
                if v.len() == 1 {
                    v[0].clone()
                } else {
                    v[i].clone()
                }
            };
            if (lo.len() != 1 && lo.len() != x.len()) || (hi.len() != 1 && hi.len() != x.len()) {
                return;
            }
            let mut out = Vec::with_capacity(x.len());
            for (i, xi) in x.iter().enumerate() {
                match xi.smax(&at(&lo, i)).and_then(|m| m.smin(&at(&hi, i))) {
                    Ok(v) => out.push(v),
                    Err(_) => return,
                }
            }
            Some(out)
        }
        "stablehlo.select" => {
            let (Some(p), Some(a), Some(b)) = (c(0), c(1), c(2)) else {
                return;
            };
            if a.len() != b.len() || (p.len() != 1 && p.len() != a.len()) {
                return;
            }
            Some(
                a.iter()
                    .zip(&b)
                    .enumerate()
                    .map(|(i, (x, y))| {
                        let pi = if p.len() == 1 { &p[0] } else { &p[i] };
                        Sym::ite(&nz(pi), x, y)
                    })
                    .collect(),
            )
        }
        _ => None,
    };
    let _ = (&one, &zero);
    if let Some(v) = out {
        if v.len() == n {
            let mut t = (*st.val(r)).clone();
            t.contents = Some(v);
            t.exact_if = exact_if;
            st.set_val(r, t);
        }
    }
}

fn nz(x: &Sym) -> SBool {
    SBool::cmp(Rel::Ne, x, &Sym::constant(0)).unwrap_or(SBool::Const(false))
}

fn bool_to(b: SBool) -> Sym {
    Sym::ite(&b, &Sym::constant(1), &Sym::constant(0))
}

/// Integer division rounding toward zero (StableHLO's `divide`).
fn trunc_div(x: &Sym, y: &Sym) -> Result<Sym, crate::spec::sym::SymError> {
    if let (Some(a), Some(b)) = (x.as_const(), y.as_const()) {
        if b == 0 {
            return Err(crate::spec::sym::SymError::DivByZero);
        }
        return a
            .checked_div(b)
            .map(Sym::constant)
            .ok_or(crate::spec::sym::SymError::Overflow);
    }
    // trunc(x / y) = sign-corrected floor: floor(|x| / |y|) with the sign of x*y.
    let zero = Sym::constant(0);
    let xneg = SBool::cmp(Rel::Lt, x, &zero)?;
    let yneg = SBool::cmp(Rel::Lt, y, &zero)?;
    let ax = Sym::ite(&xneg, &x.neg()?, x);
    let ay = Sym::ite(&yneg, &y.neg()?, y);
    let q = ax.floor_div(&ay)?;
    let same = SBool::or(vec![
        SBool::and(vec![xneg.clone(), yneg.clone()]),
        SBool::and(vec![xneg.negate(), yneg.negate()]),
    ]);
    Ok(Sym::ite(&same, &q, &q.neg()?))
}

/// Why an assumption could not be read: the character offset where it went
/// wrong, and what was wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AssumeError {
    pub at: usize,
    pub message: String,
    /// The text is well formed but names no unknown of the function whose
    /// names were offered (another function may have it).
    pub unknown_name: bool,
}

impl AssumeError {
    /// `message`, then the assumption with a caret under where it went wrong.
    pub fn render(&self, text: &str) -> String {
        let col = text
            .char_indices()
            .take_while(|(i, _)| *i < self.at)
            .count();
        format!("{}\n    {text}\n    {}^", self.message, " ".repeat(col))
    }
}

/// Parses an assumption such as `arg0.dim0 % 8 = 0` or
/// `arg0.dim0 = arg1.dim0 and arg0.dim1 <= 64`; names are the verifier's
/// names of unknowns (`arg0.dim0`, `arg1[2]`). `/` and `%` are floor
/// division and modulo.
pub fn parse_assumption(text: &str, names: &HashMap<String, u32>) -> Result<SBool, AssumeError> {
    let toks = tokenize(text)?;
    let mut p = P {
        toks,
        at: 0,
        end: text.len(),
        names,
    };
    let v = p.or()?;
    if p.at != p.toks.len() {
        return Err(p.err(format!("unexpected `{}`", p.toks[p.at].0)));
    }
    match v {
        A::B(b) => Ok(b),
        A::I(_) => Err(AssumeError {
            at: 0,
            message: "an assumption must be a comparison (such as `arg0.dim0 % 8 = 0`)".into(),
            unknown_name: false,
        }),
    }
}

fn tokenize(s: &str) -> Result<Vec<(String, usize)>, AssumeError> {
    let mut out = Vec::new();
    let cs: Vec<(usize, char)> = s.char_indices().collect();
    let mut i = 0;
    while i < cs.len() {
        let (at, c) = cs[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == '_' || c == '@' {
            let st = i;
            while i < cs.len() && (cs[i].1.is_ascii_alphanumeric() || "_.@[]#".contains(cs[i].1)) {
                i += 1;
            }
            out.push((cs[st..i].iter().map(|x| x.1).collect(), at));
        } else {
            let two: String = cs[i..(i + 2).min(cs.len())].iter().map(|x| x.1).collect();
            if ["<=", ">=", "!=", "==", "&&", "||"].contains(&two.as_str()) {
                out.push((two, at));
                i += 2;
            } else if "=<>+-*/%()".contains(c) {
                out.push((c.to_string(), at));
                i += 1;
            } else {
                return Err(AssumeError {
                    at,
                    message: format!("unexpected character `{c}`"),
                    unknown_name: false,
                });
            }
        }
    }
    Ok(out)
}

enum A {
    I(Sym),
    B(SBool),
}

struct P<'a> {
    toks: Vec<(String, usize)>,
    at: usize,
    end: usize,
    names: &'a HashMap<String, u32>,
}

impl P<'_> {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.at).map(|t| t.0.as_str())
    }
    /// An error at the current token (or the end).
    fn err(&self, message: String) -> AssumeError {
        self.err_at(self.at, message)
    }
    fn err_at(&self, tok: usize, message: String) -> AssumeError {
        AssumeError {
            at: self.toks.get(tok).map_or(self.end, |t| t.1),
            message,
            unknown_name: false,
        }
    }
    fn bool_of(&self, a: A, tok: usize) -> Result<SBool, AssumeError> {
        match a {
            A::B(b) => Ok(b),
            A::I(_) => Err(self.err_at(tok, "expected a comparison here".into())),
        }
    }
    fn int_of(&self, a: A, tok: usize) -> Result<Sym, AssumeError> {
        match a {
            A::I(i) => Ok(i),
            A::B(_) => Err(self.err_at(tok, "expected an integer here, not a comparison".into())),
        }
    }
    fn or(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        let mut l = self.and()?;
        while matches!(self.peek(), Some("or" | "||")) {
            self.at += 1;
            let t1 = self.at;
            let r = self.and()?;
            l = A::B(SBool::or(vec![self.bool_of(l, t0)?, self.bool_of(r, t1)?]));
        }
        Ok(l)
    }
    fn and(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        let mut l = self.rel()?;
        while matches!(self.peek(), Some("and" | "&&")) {
            self.at += 1;
            let t1 = self.at;
            let r = self.rel()?;
            l = A::B(SBool::and(vec![self.bool_of(l, t0)?, self.bool_of(r, t1)?]));
        }
        Ok(l)
    }
    fn rel(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        let l = self.sum()?;
        let rel = match self.peek() {
            Some("=" | "==") => Rel::Eq,
            Some("!=") => Rel::Ne,
            Some("<") => Rel::Lt,
            Some("<=") => Rel::Le,
            Some(">") => Rel::Gt,
            Some(">=") => Rel::Ge,
            _ => return Ok(l),
        };
        self.at += 1;
        let t1 = self.at;
        let r = self.sum()?;
        let (l, r) = (self.int_of(l, t0)?, self.int_of(r, t1)?);
        SBool::cmp(rel, &l, &r)
            .map(A::B)
            .map_err(|e| self.err_at(t0, e.to_string()))
    }
    fn sum(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        let mut l = self.prod()?;
        while let Some(op @ ("+" | "-")) = self.peek() {
            let plus = op == "+";
            self.at += 1;
            let t1 = self.at;
            let r = self.prod()?;
            let (li, r) = (self.int_of(l, t0)?, self.int_of(r, t1)?);
            l = A::I(
                if plus { li.add(&r) } else { li.sub(&r) }
                    .map_err(|e| self.err_at(t0, e.to_string()))?,
            );
        }
        Ok(l)
    }
    fn prod(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        let mut l = self.unary()?;
        while let Some(op @ ("*" | "/" | "%")) = self.peek() {
            let op = op.to_string();
            self.at += 1;
            let t1 = self.at;
            let r = self.unary()?;
            let (li, r) = (self.int_of(l, t0)?, self.int_of(r, t1)?);
            l = A::I(
                match op.as_str() {
                    "*" => li.mul(&r),
                    "/" => li.floor_div(&r),
                    _ => li.modulo(&r),
                }
                .map_err(|e| self.err_at(t0, e.to_string()))?,
            );
        }
        Ok(l)
    }
    fn unary(&mut self) -> Result<A, AssumeError> {
        let t0 = self.at;
        match self.peek() {
            Some("-") => {
                self.at += 1;
                let x = self.unary()?;
                let x = self.int_of(x, t0 + 1)?;
                Ok(A::I(x.neg().map_err(|e| self.err_at(t0, e.to_string()))?))
            }
            Some("not") => {
                self.at += 1;
                let x = self.unary()?;
                Ok(A::B(self.bool_of(x, t0 + 1)?.negate()))
            }
            Some("(") => {
                self.at += 1;
                let v = self.or()?;
                if self.peek() != Some(")") {
                    return Err(self.err("expected `)`".into()));
                }
                self.at += 1;
                Ok(v)
            }
            Some(t) => {
                let t = t.to_string();
                let first = t.chars().next().unwrap_or(' ');
                if !(first.is_ascii_alphanumeric() || first == '_' || first == '@')
                    || ["and", "or"].contains(&t.as_str())
                {
                    return Err(
                        self.err(format!("expected a size name or a number, but found `{t}`"))
                    );
                }
                self.at += 1;
                if first.is_ascii_digit() {
                    return t
                        .parse::<i128>()
                        .map(|i| A::I(Sym::constant(i)))
                        .map_err(|_| self.err_at(t0, format!("`{t}` is not a number")));
                }
                match self.names.get(&t) {
                    Some(v) => Ok(A::I(Sym::var(*v))),
                    None => Err(AssumeError {
                        unknown_name: true,
                        ..self.err_at(
                            t0,
                            format!(
                                "no dynamic size is named `{t}` (names are those the verifier prints: \
                                 `arg0.dim1` for a `?` size of an argument, `arg1` or `arg1[2]` for \
                                 the elements of a small integer argument)"
                            ),
                        )
                    }),
                }
            }
            None => Err(self.err("unexpected end of the assumption".into())),
        }
    }
}
