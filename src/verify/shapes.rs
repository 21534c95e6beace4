//! Shape values: the elements of small integer tensors, tracked
//! symbolically through the ops that compute shapes, and the result sizes of
//! the dynamic ops that take their shape from such a tensor.
//!
//! Width semantics: a tracked element is the exact mathematical value of
//! what the program computes, kept under the condition that every integer
//! op on the way did not wrap around. Each op that can wrap (`add`,
//! `subtract` — unsigned ones below 0 too —, `multiply`, `negate`, `abs` of
//! the minimum, `shift_left`, `divide` of the minimum by -1, a `convert` to
//! a narrower type, `get_dimension_size` of a size past its si32 result)
//! adds the condition that its exact result lies in its element type's
//! range ([`Fit`]), unless the unknowns' ranges imply it ([`bounds`]); the
//! condition travels with every value computed from the result. An op that
//! takes such a value as a size (the dynamic ops' shape operands,
//! `shape_assertion`, `rng`'s shape) requires it
//! ([`require_exact_shape_values`]): a condition the sizes' ranges, the
//! assumptions and the conditions reported before do not imply becomes an
//! overflow condition ([`super::Kind::Overflow`], reported once, then
//! assumed), and one that fails for every input, that the solver cannot
//! settle, or that depends on a value outside the entry function's terms
//! makes the value untracked there. A value that only flows into data needs
//! nothing. Constants wrap exactly (two's complement); `divide` and
//! `remainder` truncate, with the executor's results for a zero divisor
//! (`-1`, all bits set, and the dividend); shift counts the executor reads
//! as the width or more give 0 (or copies of the sign bit); `not` and
//! `popcnt` act on the bits.
//!
//! Modelled ops: constants, `iota`, `get_dimension_size`, `convert`, `reshape`,
//! `broadcast_in_dim`, `concatenate` and `slice` of vectors, `add`,
//! `subtract`, `multiply`, `divide` and `remainder`, `maximum`, `minimum`,
//! `clamp`, `compare` (signed, and unsigned on booleans), `select`,
//! `and`/`or`/`xor`/`not` on booleans, integer `not`, `negate`, `sign`,
//! `abs`, `shift_left` and signed `shift_right_arithmetic` by a constant,
//! `popcnt` of constants. Anything else leaves a small integer result
//! untracked: [`fill_untracked`] gives it unknowns that stand for values
//! outside the entry function's terms, naming the op, so that nothing
//! depending on them is claimed unless it holds for every value.

use super::{State, VarInfo};
use crate::ir::attr::Attr;
use crate::ir::types::{ElementType, Signedness, Type};
use crate::ir::{Op, ValueId};
use crate::spec::eval::Fit;
use crate::spec::sym::{Atom, Rel, SBool, Sym};
use foldhash::HashMap;
use std::rc::Rc;

/// Most elements of a tensor whose contents are tracked.
pub const MAX_TRACKED: u64 = 16;

pub fn is_int_elem(e: &ElementType) -> bool {
    matches!(e, ElementType::Int(..) | ElementType::Index)
}

/// The range of an integer element type, as bounds of its unknowns
/// (see [`int_range`]).
pub fn elem_range(e: &ElementType) -> (Option<i128>, Option<i128>) {
    match int_range(e) {
        Some((lo, hi)) => (Some(lo), Some(hi)),
        None => (None, None),
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
        "stablehlo.rng" => &[2],
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
/// tracked elements are the computed ones: that the integer ops they went
/// through did not wrap around (see the module doc). Each condition that
/// does not hold for every input is reported as an overflow condition and
/// assumed; an operand with a condition that cannot be established (it
/// fails for every input, the solver cannot tell, or it depends on a value
/// outside the entry function's terms) is untracked from here on: its
/// elements become unknowns that say why, so that nothing depending on them
/// is claimed unless it holds for every value.
pub(crate) fn require_exact_shape_values(st: &mut State, op: &Op) {
    let mut operands: Vec<(usize, ValueId)> = Vec::new();
    for i in shape_operand_indices(op) {
        if let Some(&v) = op.operands.get(i) {
            if !operands.iter().any(|(_, w)| *w == v) {
                operands.push((i, v));
            }
        }
    }
    let mut fits: Vec<Fit> = Vec::new();
    for (_, v) in &operands {
        for f in &st.val(*v).exact_if {
            if !fits.iter().any(|g| g.cond == f.cond) {
                fits.push(f.clone());
            }
        }
    }
    // The latest op's condition first: it is usually the strongest, and
    // once assumed it implies the earlier ones (a value doubled in i8 fits
    // only if the value converted to i8 did).
    let mut not_exact: Vec<(SBool, String)> = Vec::new();
    for f in fits.into_iter().rev() {
        if let Some(why) = st.decide_fit(op, &f) {
            not_exact.push((f.cond, why));
        }
    }
    if not_exact.is_empty() {
        return;
    }
    let short = op.name.rsplit('.').next().unwrap_or(&op.name).to_string();
    for (i, v) in operands {
        let t = st.val(v);
        let Some((_, why)) = not_exact
            .iter()
            .find(|(c, _)| t.exact_if.iter().any(|f| &f.cond == c))
        else {
            continue;
        };
        let why: Rc<str> = format!(
            "a shape value that `{}` at line {} takes, untracked there: {why}",
            op.name, op.pos.line
        )
        .into();
        let first = st.vars.len() as u32;
        let fresh = st.fresh_value(v, &format!("{short}@L{}.operand{i}", op.pos.line));
        st.mark_internal(first, &why);
        let mut t2 = (*t).clone();
        t2.contents = fresh.contents;
        t2.exact_if = Vec::new();
        st.set_val(v, t2);
        st.untracked.insert(v, why);
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
    // The result's elements are exact when the operands' are, and when the
    // op's own exact results fit its element type (`fits`).
    let mut exact_if: Vec<Fit> = Vec::new();
    for v in &op.operands {
        for f in &st.val(*v).exact_if {
            if !exact_if.iter().any(|g| g.cond == f.cond) {
                exact_if.push(f.clone());
            }
        }
    }
    let Some((lo, hi)) = int_range(&rt.elem) else {
        return;
    };
    let mut fits = Fits {
        vars: &st.vars,
        op,
        elem: rt.elem.to_string().into(),
        lo,
        hi,
        out: Vec::new(),
    };
    let one = Sym::constant(1);
    let zero = Sym::constant(0);
    let unsigned = matches!(rt.elem, ElementType::Int(Signedness::Unsigned, _));
    let is_bool = rt.elem == ElementType::I1;
    let operand_elem =
        op.operands
            .first()
            .and_then(|v| match st.prog.value_types.get(*v as usize) {
                Some(Type::Tensor(t)) => Some(t.elem.clone()),
                _ => None,
            });
    let operand_bool = operand_elem.as_ref() == Some(&ElementType::I1);
    let out: Option<Vec<Sym>> = match op.name.as_str() {
        "stablehlo.constant" => match op.attr("value") {
            Some(Attr::Dense(d)) => super::bind::dense_value(d).contents.clone(),
            _ => None,
        },
        // The spec defines the result as the size itself, in an si32 tensor;
        // a size of 2^31 or more is not representable there and the spec
        // says nothing of it: the result is the size where it fits (always,
        // for arguments' sizes within the default `--max-dim`).
        "stablehlo.get_dimension_size" => {
            let dim = op.attr("dimension").and_then(|a| a.as_i64());
            let t = op.operands.first().map(|v| st.val(*v));
            match (dim, t.as_ref().and_then(|t| t.dims.as_ref())) {
                (Some(d), Some(dims)) if d >= 0 && (d as usize) < dims.len() => {
                    Some(vec![fits.fit(dims[d as usize].clone())])
                }
                _ => None,
            }
        }
        "stablehlo.reshape" | "chlo.broadcast" => c(0),
        // Integer to integer: the value where it fits the result type (a
        // constant wraps exactly); to i1: whether it is non-zero.
        "stablehlo.convert" => {
            let Some(v) = c(0) else { return };
            let src = operand_elem.as_ref().and_then(int_range);
            // A convert to a type that holds every value of the operand's
            // type keeps every (in-range) value as it is.
            let widening = src.is_some_and(|(sl, sh)| lo <= sl && sh <= hi);
            Some(
                v.into_iter()
                    .map(|x| {
                        if is_bool {
                            bool_to(nz(&x))
                        } else if widening {
                            x
                        } else {
                            fits.fit(x)
                        }
                    })
                    .collect(),
            )
        }
        // Each element is its index along `iota_dimension`; tracked when
        // every index fits the element type.
        "stablehlo.iota" => {
            let dim = op.attr("iota_dimension").and_then(|a| a.as_i64());
            let sizes: Option<Vec<u64>> =
                rt.dims.as_ref().and_then(|ds| ds.iter().copied().collect());
            match (dim, sizes) {
                (Some(d), Some(sizes)) if d >= 0 && (d as usize) < sizes.len() => {
                    let d = d as usize;
                    let inner: u64 = sizes[d + 1..].iter().product();
                    let fits_all = i128::from(sizes[d]) - 1 <= hi;
                    fits_all.then(|| {
                        (0..n as u64)
                            .map(|i| Sym::constant(i128::from(i / inner.max(1) % sizes[d].max(1))))
                            .collect()
                    })
                }
                _ => None,
            }
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
            // An UNSIGNED comparison of signed values differs from the
            // integers' order where a value is negative: not modelled.
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
                    // Booleans: add is or, multiply and `and` are and.
                    "stablehlo.add" if is_bool => Ok(bool_to(SBool::or(vec![nz(x), nz(y)]))),
                    "stablehlo.multiply" | "stablehlo.and" if is_bool => {
                        Ok(bool_to(SBool::and(vec![nz(x), nz(y)])))
                    }
                    "stablehlo.or" if is_bool => Ok(bool_to(SBool::or(vec![nz(x), nz(y)]))),
                    "stablehlo.maximum" => x.smax(y),
                    "stablehlo.minimum" => x.smin(y),
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
                    _ if is_bool => return,
                    // Two's complement: the exact value where it fits.
                    "stablehlo.add" => x.add(y).map(|v| fits.fit(v)),
                    "stablehlo.subtract" => x.sub(y).map(|v| fits.fit(v)),
                    "stablehlo.multiply" => x.mul(y).map(|v| fits.fit(v)),
                    "stablehlo.divide" => int_divide(x, y, &mut fits),
                    "stablehlo.remainder" => int_remainder(x, y, &fits),
                    _ => return,
                };
                match v {
                    Ok(v) => out.push(v),
                    Err(_) => return,
                }
            }
            Some(out)
        }
        "stablehlo.not" if is_bool => {
            c(0).map(|a| a.iter().map(|x| bool_to(nz(x).negate())).collect())
        }
        // Bitwise not: -x - 1 in two's complement, 2^w - 1 - x unsigned.
        "stablehlo.not" => c(0).and_then(|a| {
            a.iter()
                .map(|x| {
                    if unsigned {
                        Sym::constant(hi).sub(x).ok()
                    } else {
                        x.neg().and_then(|n| n.sub(&one)).ok()
                    }
                })
                .collect()
        }),
        // -x wraps only at the type's minimum (and, unsigned, below 0).
        "stablehlo.negate" if !is_bool => c(0).and_then(|a| {
            a.iter()
                .map(|x| x.neg().ok().map(|v| fits.fit(v)))
                .collect()
        }),
        "stablehlo.sign" if !unsigned && !is_bool => c(0).map(|a| {
            a.iter()
                .map(|x| {
                    let pos = SBool::cmp(Rel::Gt, x, &zero).unwrap_or(SBool::Const(false));
                    let neg = SBool::cmp(Rel::Lt, x, &zero).unwrap_or(SBool::Const(false));
                    Sym::ite(&pos, &one, &Sym::ite(&neg, &Sym::constant(-1), &zero))
                })
                .collect()
        }),
        "stablehlo.abs" if unsigned => c(0),
        // |x| wraps only at the type's minimum: abs(INT_MIN) = INT_MIN.
        "stablehlo.abs" if !is_bool => c(0).and_then(|a| {
            a.iter()
                .map(|x| {
                    if let Some(k) = x.as_const() {
                        return Some(fits.fit(Sym::constant(k.abs())));
                    }
                    let neg = SBool::cmp(Rel::Lt, x, &zero).ok()?;
                    fits.require(x, &[(Rel::Gt, lo)]);
                    Some(Sym::ite(&neg, &x.neg().ok()?, x))
                })
                .collect()
        }),
        "stablehlo.xor" if is_bool => {
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
        // modelled (their results stay untracked). The count is a value of
        // the element type (in i2, popcnt(-1) = 2 wraps to -2).
        "stablehlo.popcnt" if !is_bool => c(0).and_then(|a| {
            a.iter()
                .map(|x| {
                    let k = x.as_const()?;
                    let bits = k.rem_euclid(hi - lo + 1);
                    Some(fits.fit(Sym::constant(bits.count_ones() as i128)))
                })
                .collect()
        }),
        // Shifts by a constant count: within the width, x * 2^k (where it
        // fits) and floor(x / 2^k); a count the executor reads (as
        // unsigned) as the width or more gives 0, or copies of the sign bit.
        "stablehlo.shift_left" | "stablehlo.shift_right_arithmetic"
            if !(is_bool || unsigned && op.name == "stablehlo.shift_right_arithmetic") =>
        {
            let (Some(a), Some(b)) = (c(0), c(1)) else {
                return;
            };
            let w = (hi - lo + 1).trailing_zeros() as i128;
            if a.len() != b.len() {
                return;
            }
            let mut out = Vec::with_capacity(a.len());
            for (x, y) in a.iter().zip(&b) {
                let Some(k) = y.as_const() else {
                    return;
                };
                let left = op.name == "stablehlo.shift_left";
                let v = if !(0..w).contains(&k) {
                    if left {
                        Ok(zero.clone())
                    } else {
                        SBool::cmp(Rel::Lt, x, &zero)
                            .map(|neg| Sym::ite(&neg, &Sym::constant(-1), &zero))
                    }
                } else {
                    let p = Sym::constant(1i128 << k);
                    if left {
                        x.mul(&p).map(|v| fits.fit(v))
                    } else {
                        x.floor_div(&p)
                    }
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
    let own = std::mem::take(&mut fits.out);
    if let Some(v) = out {
        if v.len() == n {
            for f in own {
                if !exact_if.iter().any(|g| g.cond == f.cond) {
                    exact_if.push(f);
                }
            }
            let mut t = (*st.val(r)).clone();
            t.contents = Some(v);
            t.exact_if = exact_if;
            st.set_val(r, t);
        }
    }
}

/// The values of an integer element type as the executor holds them
/// (`interp::tensor::int_kind`): i1 is 0 or 1, `index` is i64, widths are
/// at most 64 bits.
pub fn int_range(e: &ElementType) -> Option<(i128, i128)> {
    match e {
        ElementType::Int(_, 1) => Some((0, 1)),
        ElementType::Int(Signedness::Unsigned, w) => Some((0, (1i128 << (*w).clamp(1, 64)) - 1)),
        ElementType::Int(_, w) => {
            let w = (*w).clamp(2, 64);
            Some((-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1))
        }
        ElementType::Index => Some((i64::MIN as i128, i64::MAX as i128)),
        _ => None,
    }
}

/// The no-overflow conditions of one op's results: an exact value is kept
/// where it lies in `lo..=hi` (the result's element type), under the
/// condition that it does (unless the unknowns' ranges imply it); a
/// constant is wrapped exactly.
struct Fits<'a> {
    vars: &'a [VarInfo],
    op: &'a Op,
    elem: Rc<str>,
    lo: i128,
    hi: i128,
    out: Vec<Fit>,
}

impl Fits<'_> {
    /// `x` where it fits the type, `x` wrapped when it is a constant.
    fn fit(&mut self, x: Sym) -> Sym {
        if let Some(k) = x.as_const() {
            return Sym::constant((k - self.lo).rem_euclid(self.hi - self.lo + 1) + self.lo);
        }
        self.require(&x, &[(Rel::Ge, self.lo), (Rel::Le, self.hi)]);
        x
    }

    /// Requires `x rel k` for each `(rel, k)` of `parts` for the result to
    /// be exact (one condition), except the parts the unknowns' ranges
    /// imply.
    fn require(&mut self, x: &Sym, parts: &[(Rel, i128)]) {
        let b = bounds(x, self.vars);
        let mut conds = Vec::new();
        for &(rel, k) in parts {
            let implied = b.is_some_and(|(l, h)| match rel {
                Rel::Ge => l >= k,
                Rel::Gt => l > k,
                Rel::Le => h <= k,
                Rel::Lt => h < k,
                Rel::Eq => l == k && h == k,
                Rel::Ne => l > k || h < k,
            });
            if !implied {
                conds.push(SBool::cmp(rel, x, &Sym::constant(k)).unwrap_or(SBool::Const(false)));
            }
        }
        let cond = SBool::and(conds);
        if cond.as_const() == Some(true) || self.out.iter().any(|f| f.cond == cond) {
            return;
        }
        self.out.push(Fit {
            cond,
            op: self.op.name.as_str().into(),
            line: self.op.pos.line,
            col: self.op.pos.col,
            elem: self.elem.clone(),
        });
    }
}

/// Most nodes [`bounds`] visits before giving up.
const BOUNDS_BUDGET: usize = 4096;

/// Lower and upper bounds of `s` over its unknowns' ranges: `None` when an
/// unknown is unbounded, a division may be by zero, or the term is large.
/// If-then-else branches are followed where the ranges decide the
/// condition; otherwise both are.
pub(crate) fn bounds(s: &Sym, vars: &[VarInfo]) -> Option<(i128, i128)> {
    let mut budget = BOUNDS_BUDGET;
    sym_bounds(s, vars, &mut budget)
}

fn sym_bounds(s: &Sym, vars: &[VarInfo], budget: &mut usize) -> Option<(i128, i128)> {
    *budget = budget.checked_sub(1)?;
    let (mut lo, mut hi) = (0i128, 0i128);
    for (m, c) in s.terms() {
        let mut iv = (c, c);
        for a in m {
            iv = mul_iv(iv, atom_bounds(a, vars, budget)?)?;
        }
        lo = lo.checked_add(iv.0)?;
        hi = hi.checked_add(iv.1)?;
    }
    Some((lo, hi))
}

fn mul_iv(a: (i128, i128), b: (i128, i128)) -> Option<(i128, i128)> {
    let ps = [
        a.0.checked_mul(b.0)?,
        a.0.checked_mul(b.1)?,
        a.1.checked_mul(b.0)?,
        a.1.checked_mul(b.1)?,
    ];
    Some((*ps.iter().min()?, *ps.iter().max()?))
}

fn atom_bounds(a: &Atom, vars: &[VarInfo], budget: &mut usize) -> Option<(i128, i128)> {
    match a {
        Atom::Var(v) => {
            let i = vars.get(*v as usize)?;
            Some((i.lo?, i.hi?))
        }
        Atom::Div(x, y) => {
            let (xl, xh) = sym_bounds(x, vars, budget)?;
            let (yl, yh) = sym_bounds(y, vars, budget)?;
            if yl <= 0 && yh >= 0 {
                return None;
            }
            // floor(x / y) is monotone in x, and in y for y of one sign:
            // its extremes are at the corners.
            let mut qs = Vec::with_capacity(4);
            for p in [xl, xh] {
                for q in [yl, yh] {
                    qs.push(p.checked_div_euclid(q).map(|_| floor_div_i(p, q))?);
                }
            }
            Some((*qs.iter().min()?, *qs.iter().max()?))
        }
        Atom::Mod(x, y) => {
            let (xl, xh) = sym_bounds(x, vars, budget)?;
            let (yl, yh) = sym_bounds(y, vars, budget)?;
            if yl > 0 {
                Some((0, if xl >= 0 { xh.min(yh - 1) } else { yh - 1 }))
            } else if yh < 0 {
                Some((yl + 1, 0))
            } else {
                None
            }
        }
        Atom::Ite(c, x, y) => match truth(c, vars, budget) {
            Some(true) => sym_bounds(x, vars, budget),
            Some(false) => sym_bounds(y, vars, budget),
            None => {
                let (xl, xh) = sym_bounds(x, vars, budget)?;
                let (yl, yh) = sym_bounds(y, vars, budget)?;
                Some((xl.min(yl), xh.max(yh)))
            }
        },
    }
}

fn floor_div_i(p: i128, q: i128) -> i128 {
    let d = p / q;
    if p % q != 0 && ((p < 0) != (q < 0)) {
        d - 1
    } else {
        d
    }
}

/// Whether `c` holds for every value of its unknowns in their ranges
/// (`Some(true)`), for none (`Some(false)`), or the ranges do not tell.
fn truth(c: &SBool, vars: &[VarInfo], budget: &mut usize) -> Option<bool> {
    match c {
        SBool::Const(b) => Some(*b),
        SBool::EqZero(p) => {
            let (l, h) = sym_bounds(p, vars, budget)?;
            if l == 0 && h == 0 {
                Some(true)
            } else if l > 0 || h < 0 {
                Some(false)
            } else {
                None
            }
        }
        SBool::LeZero(p) => {
            let (l, h) = sym_bounds(p, vars, budget)?;
            if h <= 0 {
                Some(true)
            } else if l > 0 {
                Some(false)
            } else {
                None
            }
        }
        SBool::Not(x) => truth(x, vars, budget).map(|b| !b),
        SBool::And(xs) => {
            let mut all = true;
            for x in xs {
                match truth(x, vars, budget) {
                    Some(false) => return Some(false),
                    Some(true) => {}
                    None => all = false,
                }
            }
            all.then_some(true)
        }
        SBool::Or(xs) => {
            let mut none = true;
            for x in xs {
                match truth(x, vars, budget) {
                    Some(true) => return Some(true),
                    Some(false) => {}
                    None => none = false,
                }
            }
            none.then_some(false)
        }
    }
}

/// `divide` as the executor computes it (`interp::elementwise::int_div`):
/// rounding toward zero; by zero all bits set (-1, or the largest
/// unsigned value); `INT_MIN / -1` wraps to `INT_MIN`, so the exact
/// quotient is kept only where that case does not arise.
fn int_divide(x: &Sym, y: &Sym, fits: &mut Fits) -> Result<Sym, crate::spec::sym::SymError> {
    let by_zero = fits.fit(Sym::constant(-1));
    let signed = fits.lo < 0;
    if let (Some(a), Some(b)) = (x.as_const(), y.as_const()) {
        return Ok(if b == 0 {
            by_zero
        } else if signed && a == fits.lo && b == -1 {
            Sym::constant(a)
        } else {
            fits.fit(Sym::constant(a / b))
        });
    }
    if y.as_const() == Some(0) {
        return Ok(by_zero);
    }
    let q = trunc_div(x, y)?;
    if signed {
        // The one quotient that does not fit: INT_MIN / -1.
        let xb = bounds(x, fits.vars);
        let yb = bounds(y, fits.vars);
        let x_may_be_min = xb.is_none_or(|(l, _)| l <= fits.lo);
        let y_may_be_m1 = yb.is_none_or(|(l, h)| l <= -1 && -1 <= h);
        if x_may_be_min && y_may_be_m1 {
            let cond = SBool::or(vec![
                SBool::cmp(Rel::Ne, x, &Sym::constant(fits.lo))?,
                SBool::cmp(Rel::Ne, y, &Sym::constant(-1))?,
            ]);
            if cond.as_const() != Some(true) && !fits.out.iter().any(|f| f.cond == cond) {
                fits.out.push(Fit {
                    cond,
                    op: fits.op.name.as_str().into(),
                    line: fits.op.pos.line,
                    col: fits.op.pos.col,
                    elem: fits.elem.clone(),
                });
            }
        }
    }
    Ok(guard_zero(y, &by_zero, q, fits.vars))
}

/// `remainder` as the executor computes it (`int_rem`): the sign of the
/// dividend; by zero the dividend. The exact remainder always fits (and
/// `INT_MIN % -1` is 0, as exact arithmetic gives).
fn int_remainder(x: &Sym, y: &Sym, fits: &Fits) -> Result<Sym, crate::spec::sym::SymError> {
    if let (Some(a), Some(b)) = (x.as_const(), y.as_const()) {
        return Ok(Sym::constant(if b == 0 { a } else { a % b }));
    }
    if y.as_const() == Some(0) {
        return Ok(x.clone());
    }
    let r = trunc_div(x, y)
        .and_then(|q| q.mul(y))
        .and_then(|p| x.sub(&p))?;
    Ok(guard_zero(y, x, r, fits.vars))
}

/// `v`, or `at_zero` where `y` is 0 (when the ranges allow it).
fn guard_zero(y: &Sym, at_zero: &Sym, v: Sym, vars: &[VarInfo]) -> Sym {
    let may_be_zero = bounds(y, vars).is_none_or(|(l, h)| l <= 0 && 0 <= h);
    if !may_be_zero {
        return v;
    }
    match SBool::cmp(Rel::Eq, y, &Sym::constant(0)) {
        Ok(z) => Sym::ite(&z, at_zero, &v),
        Err(_) => v,
    }
}

fn nz(x: &Sym) -> SBool {
    SBool::cmp(Rel::Ne, x, &Sym::constant(0)).unwrap_or(SBool::Const(false))
}

fn bool_to(b: SBool) -> Sym {
    Sym::ite(&b, &Sym::constant(1), &Sym::constant(0))
}

/// Integer division rounding toward zero (StableHLO's `divide`), exact;
/// the divisor must not be 0.
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
