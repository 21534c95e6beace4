//! Reductions, windows, sorting and per-element maps: `reduce`,
//! `reduce_window`, `select_and_scatter`, `sort`, `map`, `chlo.top_k` and
//! `chlo.scan`.
//!
//! Every op that takes a region applies it through [`ScalarFn`], so a body
//! that is one binary op (`add`, `maximum`, …) runs without the interpreter
//! and gives the same bits as the elementwise kernels. A `reduce` body
//! compiled to scalar code (JAX's argmax and argmin reducers) runs on lanes
//! ([`fold_lanes`]): the folds of up to [`LANES`] outputs advance together,
//! each instruction a loop over their lanes. A body of straight-line
//! elementwise ops ([`VecBody`]: most `map` bodies, and `reduce` bodies
//! when scalar code is off) runs on whole tensors instead of scalars — in
//! `reduce`, the folds of all outputs advance together, one body run per
//! reduced position — with the same per-element bits. Other bodies run in
//! the interpreter on scalars, each call counted against the step limit.
//!
//! Orders the spec leaves to the implementation, fixed here:
//!
//! * `reduce` folds sequentially: `acc = init; for x in slice: acc = body(acc, x)`,
//!   the reduced elements taken in ascending row-major order of their index
//!   (the spec's in-order traversal, with one init value at the start). An
//!   f32/f64 `add` body folds on the hardware (the same bits) and is redone
//!   in soft-float when the sum is NaN, for the soft-float NaN rules.
//! * `reduce_window` folds each window the same way, starting from the init
//!   value, over the window positions in row-major order; padding and base
//!   dilation holes hold the init value and take part, as the spec's `pad`
//!   says.
//! * `select_and_scatter` never selects a padding position; the first
//!   in-bounds element of a window is selected first and replaced by a later
//!   candidate when `select(current, candidate)` is false. Source values
//!   scatter in row-major order of the source index, from `init_value`.
//! * `sort` is always stable, whatever `is_stable` says: a merge sort calling
//!   the comparator (never trusting it to be a consistent order). A
//!   comparator that is one `compare LT/GT` of one operand's pair, on a slice
//!   where that is a strict weak order (no NaN under `FLOAT`), sorts by keys
//!   instead — any stable sort gives the merge sort's result there. So does
//!   a comparator `compare(f(lhs…), g(rhs…))` with elementwise `f` and `g`
//!   (JAX's float comparators, which canonicalise ±0 and NaN first): `f` and
//!   `g` are evaluated once per element, on whole tensors.
//! * `chlo.top_k` orders floats by IEEE totalOrder (NaN above +∞, −0 below
//!   +0) and breaks ties by the lower index.
//! * `chlo.scan` runs its body in order along the dimension (from the end
//!   with `is_reverse`).

use super::elementwise::IntCompare;
use super::fuse::{Group, Ready};
use super::quant::to_destination_type;
use super::region::{BinOp, ScalarFn};
use super::scalar::Lanes;
use super::tensor::{int_kind, lanes, num_elements, strides, IntKind, Tensor, Words};
use super::words::{Width, Word};
use super::{
    lane_bytes, result_elem, result_type, result_type_dyn, tensor_bytes, Interp, KResult, Kernel,
    Value,
};
use crate::float::{arith, Direction, FloatKind};
use crate::ir::attr::{Attr, DenseArray};
use crate::ir::{ElementType, Op, Region, Type, ValueId};
use std::borrow::Cow;
use std::sync::Arc;

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.reduce", reduce),
    ("stablehlo.reduce_window", reduce_window),
    ("stablehlo.select_and_scatter", select_and_scatter),
    ("stablehlo.sort", sort),
    ("stablehlo.map", map),
    ("chlo.top_k", top_k),
    ("chlo.scan", scan),
];

// ---------------------------------------------------------------------------
// Attribute helpers (shared with linalg.rs)
// ---------------------------------------------------------------------------

/// An integer list attribute: `array<i64: …>`, `dense<…> : tensor<…xi64>`
/// (splats expanded) or `[1, 2]`. `None` when absent.
pub fn attr_i64s(op: &Op, name: &str) -> KResult<Option<Vec<i64>>> {
    let Some(a) = op.attr(name) else {
        return Ok(None);
    };
    i64s_of(a)
        .map(Some)
        .ok_or_else(|| format!("attribute `{name}` is not an integer list").into())
}

fn i64s_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::DenseArray(DenseArray::I64(v)) | Attr::DenseArray(DenseArray::Int(_, v)) => {
            Some(v.clone())
        }
        Attr::DenseArray(DenseArray::Bool(v)) => Some(v.iter().map(|&b| b as i64).collect()),
        Attr::Array(items) => items.iter().map(|x| x.as_i64()).collect(),
        Attr::Dense(d) => {
            let dims = d.ty.dims.as_ref()?;
            let mut n: usize = 1;
            for dim in dims {
                n = n.checked_mul(usize::try_from((*dim)?).ok()?)?;
            }
            if n > (1 << 24) {
                return None;
            }
            let w = d.ty.elem.storage_bytes();
            if w == 0 || w > 8 {
                return None;
            }
            if !d.splat && d.stored_len() != n {
                return None;
            }
            if d.stored_len() == 0 && n > 0 {
                return None;
            }
            let mut out = Vec::with_capacity(n);
            for i in 0..n {
                let b = d.element(i);
                let mut v = 0u64;
                for (j, &byte) in b.iter().enumerate() {
                    v |= (byte as u64) << (8 * j);
                }
                let bits = 8 * w as u32;
                let signed = if bits == 64 {
                    v as i64
                } else if matches!(d.ty.elem, ElementType::Int(_, 1)) {
                    (v & 1) as i64
                } else {
                    ((v << (64 - bits)) as i64) >> (64 - bits)
                };
                out.push(signed);
            }
            Some(out)
        }
        _ => None,
    }
}

/// An integer attribute.
pub fn attr_i64(op: &Op, name: &str) -> Option<i64> {
    op.attr(name).and_then(Attr::as_i64)
}

/// A boolean attribute (`true`, `1 : i1`); `default` when absent.
pub fn attr_bool(op: &Op, name: &str, default: bool) -> bool {
    match op.attr(name) {
        Some(Attr::Bool(b)) => *b,
        Some(Attr::Int(v, _)) => *v != 0,
        Some(Attr::Unit) => true,
        _ => default,
    }
}

/// Converts a signed attribute value to a size or index.
pub fn to_usize(v: i64, what: &str) -> KResult<usize> {
    usize::try_from(v).map_err(|_| format!("{what} is negative ({v})").into())
}

/// The per-dimension values of an optional list attribute of `rank` entries.
fn dim_list(op: &Op, name: &str, rank: usize, default: i64) -> KResult<Vec<i64>> {
    match attr_i64s(op, name)? {
        None => Ok(vec![default; rank]),
        Some(v) if v.len() == rank => Ok(v),
        Some(v) => Err(format!("`{name}` has {} entries for rank {rank}", v.len()).into()),
    }
}

/// `padding` as (low, high) pairs; zeros when absent.
pub fn padding_pairs(op: &Op, rank: usize) -> KResult<Vec<(i64, i64)>> {
    match attr_i64s(op, "padding")? {
        None => Ok(vec![(0, 0); rank]),
        Some(v) if v.len() == 2 * rank => Ok(v.chunks_exact(2).map(|c| (c[0], c[1])).collect()),
        Some(v) => Err(format!(
            "`padding` has {} entries for rank {rank} (want {} pairs)",
            v.len(),
            rank
        )
        .into()),
    }
}

pub fn tensors(args: &[Value]) -> KResult<Vec<&Tensor>> {
    args.iter()
        .map(|a| a.as_tensor().map_err(Into::into))
        .collect()
}

fn region(op: &Op, i: usize) -> KResult<&Region> {
    op.regions
        .get(i)
        .ok_or_else(|| format!("the op has no region {i}").into())
}

/// A tensor in the reducer's argument type `to` when its element type
/// differs (promotable types; spec: `to_destination_type`).
fn to_arg_type<'a>(t: &'a Tensor, to: Option<&ElementType>) -> Result<Cow<'a, Tensor>, String> {
    match to {
        Some(to) if to != &t.elem => Ok(Cow::Owned(to_destination_type(t, to)?)),
        _ => Ok(Cow::Borrowed(t)),
    }
}

/// Every offset `Σ index[d]·stride[d]` over the index space of `dims`
/// (size, stride), in row-major order.
pub fn offsets(dims: &[(usize, usize)]) -> Vec<usize> {
    let mut out = Vec::with_capacity(dims.iter().fold(1usize, |a, d| a.saturating_mul(d.0)));
    let _ = for_each_offset::<()>(dims, 0, |o| {
        out.push(o);
        Ok(())
    });
    out
}

/// Calls `f` with every offset `base + Σ index[d]·stride[d]` over the index
/// space of `dims` (size, stride), in row-major order.
pub fn for_each_offset<E>(
    dims: &[(usize, usize)],
    base: usize,
    mut f: impl FnMut(usize) -> Result<(), E>,
) -> Result<(), E> {
    if dims.iter().any(|d| d.0 == 0) {
        return Ok(());
    }
    let Some((&(inner_n, inner_s), outer)) = dims.split_last() else {
        return f(base);
    };
    let mut idx = vec![0usize; outer.len()];
    let mut off = base;
    loop {
        let mut o = off;
        for _ in 0..inner_n {
            f(o)?;
            o = o.wrapping_add(inner_s);
        }
        let mut d = outer.len();
        loop {
            if d == 0 {
                return Ok(());
            }
            d -= 1;
            idx[d] += 1;
            off = off.wrapping_add(outer[d].1);
            if idx[d] < outer[d].0 {
                break;
            }
            off = off.wrapping_sub(outer[d].1.wrapping_mul(outer[d].0));
            idx[d] = 0;
        }
    }
}

// ---------------------------------------------------------------------------
// reduce
// ---------------------------------------------------------------------------

/// `reduce` (spec: reduce). Sequential fold from the init value over the
/// reduced elements in ascending row-major order (see the module doc).
fn reduce<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    if args.is_empty() || !args.len().is_multiple_of(2) {
        return Err("reduce takes inputs and as many init values".into());
    }
    let n = args.len() / 2;
    let all = tensors(&args)?;
    let body = ScalarFn::new(interp, region(op, 0)?)?;
    if body.arity() != 2 * n {
        return Err(format!("the body takes {} arguments for {n} inputs", body.arity()).into());
    }
    let inputs: Vec<Cow<Tensor>> = (0..n)
        .map(|i| to_arg_type(all[i], body.arg_type(i)))
        .collect::<Result<_, _>>()?;
    let inits: Vec<Cow<Tensor>> = (0..n)
        .map(|i| to_arg_type(all[n + i], body.arg_type(n + i)))
        .collect::<Result<_, _>>()?;
    let shape = inputs[0].shape.clone();
    for t in &inputs {
        if t.shape != shape {
            return Err("(C1) same(shape(inputs...)) does not hold for the run's values: the inputs differ in shape".into());
        }
    }
    for t in &inits {
        if t.len() != 1 {
            return Err("init values must be scalars".into());
        }
    }
    let geo = Geometry::new(interp, op, &shape, n)?;
    reduce_rest(interp, op, &body, &inputs, &inits, geo)
}

/// What `reduce` finds of its dimensions before it folds: the kept
/// dimensions and the reduced ones (size, stride), the result's shape and
/// element types, checked against the limits, and the kernel charged.
struct Geometry {
    kept: Vec<(usize, usize)>,
    red: Vec<(usize, usize)>,
    out_shape: Vec<usize>,
    out_elems: Vec<ElementType>,
}

impl Geometry {
    fn new(interp: &mut Interp<'_>, op: &Op, shape: &[usize], n: usize) -> KResult<Geometry> {
        let dims = reduced_dims(op, shape.len())?;
        let st = strides(shape);
        let kept: Vec<(usize, usize)> = (0..shape.len())
            .filter(|d| !dims.contains(d))
            .map(|d| (shape[d], st[d]))
            .collect();
        let red: Vec<(usize, usize)> = dims.iter().map(|&d| (shape[d], st[d])).collect();
        let out_shape: Vec<usize> = kept.iter().map(|k| k.0).collect();
        let mut out_elems = Vec::with_capacity(n);
        for i in 0..n {
            if let Ok((s, _)) = result_type(interp, op, i) {
                if s != out_shape {
                    return Err(format!(
                        "result {i} has shape {s:?} but the reduction gives {out_shape:?}"
                    )
                    .into());
                }
            }
            let e = result_elem(interp, op, i)?;
            interp.check_shape(&out_shape, lanes(&e))?;
            out_elems.push(e);
        }
        // One body call per input element.
        interp.charge(
            (num_elements(shape) as u64).saturating_mul(body_work(region(op, 0)?)),
            0,
        )?;
        Ok(Geometry {
            kept,
            red,
            out_shape,
            out_elems,
        })
    }
}

/// `reduce`'s `dimensions`, checked against the rank, sorted.
fn reduced_dims(op: &Op, rank: usize) -> KResult<Vec<usize>> {
    let mut dims: Vec<usize> = Vec::new();
    for d in attr_i64s(op, "dimensions")?.ok_or("missing `dimensions`")? {
        let d = to_usize(d, "a dimension")?;
        if d >= rank || dims.contains(&d) {
            return Err(format!("dimension {d} is out of range or repeated").into());
        }
        dims.push(d);
    }
    dims.sort_unstable();
    Ok(dims)
}

/// `reduce` once its operands are checked (`inputs` and `inits` in the
/// body's argument types) and its geometry found: the folds.
fn reduce_rest<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    body: &ScalarFn<'p>,
    inputs: &[Cow<Tensor>],
    inits: &[Cow<Tensor>],
    geo: Geometry,
) -> KResult<Vec<Value>> {
    let Geometry {
        kept,
        red,
        out_shape,
        out_elems,
    } = geo;
    let n = inputs.len();
    let out_n = num_elements(&out_shape);
    let mut outs: Vec<Vec<u64>> = (0..n)
        .map(|i| Vec::with_capacity(out_n * inits[i].lanes()))
        .collect();
    // A one-op body folds directly (first branch); only the others may run
    // on whole tensors.
    let one_op = n == 1 && body.fast_binary().is_some() && inputs[0].lanes() == 1;
    let vec_body = if one_op {
        None
    } else {
        VecBody::new(interp, region(op, 0)?).filter(|_| out_n >= 4)
    };

    if let (1, Some(f), 1) = (n, body.fast_binary(), inputs[0].lanes()) {
        let data = &inputs[0].data;
        let init = inits[0].data.get(0);
        let native = native_add(region(op, 0)?, &inputs[0].elem);
        if interp.fast_kernels && red.iter().all(|d| d.0 == 1) && lanes(&out_elems[0]) == 1 {
            // One reduced position (a reduction over dimensions of size
            // one, as take_along_axis's index checks make): each output is
            // `f(init, x)`, its whole fold.
            let bases = offsets(&kept);
            let w = Words::build(Width::of(&out_elems[0]), bases.len(), |off, out| {
                for (o, &b) in out.iter_mut().zip(&bases[off..]) {
                    *o = f(init, data.get(b));
                }
            });
            let t = Tensor::from_words(out_elems[0].clone(), out_shape.clone(), w);
            return Ok(vec![Value::tensor(t)]);
        }
        if interp.fast_kernels && out_n >= 2 {
            let bases = offsets(&kept);
            let sums: Option<Vec<u64>> = match (native, data) {
                (Some(FloatKind::F32), Words::U32(v)) => Some(
                    hardware_sums::<f32, 16>(&bases, &red, f32::from_bits(init as u32), |o| {
                        f32::from_bits(v[o])
                    })
                    .into_iter()
                    .map(|x| x.to_bits() as u64)
                    .collect(),
                ),
                (Some(FloatKind::F64), Words::U64(v)) => Some(
                    hardware_sums::<f64, 8>(&bases, &red, f64::from_bits(init), |o| {
                        f64::from_bits(v[o])
                    })
                    .into_iter()
                    .map(f64::to_bits)
                    .collect(),
                ),
                _ => None,
            };
            if let (Some(mut sums), Some(kind)) = (sums, native) {
                redo_nan_sums(kind, &mut sums, &bases, &red, init, &f, data);
                return finish(vec![sums], out_elems, &out_shape);
            }
            if let (Some(kind), Words::U16(v)) = (half_add(region(op, 0)?, &inputs[0].elem), data) {
                let mut sums = half_sums(kind, v, &bases, &red, init);
                redo_nan_sums(kind, &mut sums, &bases, &red, init, &f, data);
                return finish(vec![sums], out_elems, &out_shape);
            }
        }
        // Maxima and minima, of one output too (`hardware_folds` then
        // walks its line without the per-element rule).
        if let (true, Some((bop @ (BinOp::Max | BinOp::Min), kind))) =
            (interp.fast_kernels && out_n >= 1, body.fast_float())
        {
            if inputs[0].elem == ElementType::Float(kind) {
                let bases = offsets(&kept);
                let max = matches!(bop, BinOp::Max);
                if let Some(mut picks) = hardware_picks(kind, max, data, &bases, &red, init) {
                    redo_nan_sums(kind, &mut picks, &bases, &red, init, &f, data);
                    return finish(vec![picks], out_elems, &out_shape);
                }
            }
        }
        let fast = interp.fast_kernels;
        for_each_offset::<KernelErr>(&kept, 0, |base| {
            // Hardware addition gives the same bits unless a NaN appears;
            // then the fold is redone in soft-float for its NaN rules.
            let done = match native {
                Some(FloatKind::F32) => match data {
                    Words::U32(v) => {
                        let mut acc = f32::from_bits(init as u32);
                        for_each_offset::<KernelErr>(&red, base, |o| {
                            acc += f32::from_bits(v[o]);
                            Ok(())
                        })?;
                        (!acc.is_nan()).then_some(acc.to_bits() as u64)
                    }
                    _ => None,
                },
                Some(FloatKind::F64) => match data {
                    Words::U64(v) => {
                        let mut acc = f64::from_bits(init);
                        for_each_offset::<KernelErr>(&red, base, |o| {
                            acc += f64::from_bits(v[o]);
                            Ok(())
                        })?;
                        (!acc.is_nan()).then_some(acc.to_bits())
                    }
                    _ => None,
                },
                _ => None,
            };
            let acc = match (done, body.fast_float().filter(|_| fast), data) {
                (Some(v), _, _) => v,
                // Hardware compares and arithmetic with `arith`'s bits.
                (None, Some((op, FloatKind::F32)), Words::U32(v)) => {
                    let mut acc = init;
                    for_each_offset::<KernelErr>(&red, base, |o| {
                        acc = fold_f32(op, acc, u64::from(v[o]));
                        Ok(())
                    })?;
                    acc
                }
                (None, Some((op, FloatKind::BF16)), Words::U16(v)) => {
                    let mut acc = init;
                    for_each_offset::<KernelErr>(&red, base, |o| {
                        acc = fold_half(FloatKind::BF16, op, acc, u64::from(v[o]));
                        Ok(())
                    })?;
                    acc
                }
                (None, Some((op, FloatKind::F16)), Words::U16(v)) => {
                    let mut acc = init;
                    for_each_offset::<KernelErr>(&red, base, |o| {
                        acc = fold_half(FloatKind::F16, op, acc, u64::from(v[o]));
                        Ok(())
                    })?;
                    acc
                }
                (None, _, _) => {
                    let mut acc = init;
                    for_each_offset::<KernelErr>(&red, base, |o| {
                        acc = f(acc, data.get(o));
                        Ok(())
                    })?;
                    acc
                }
            };
            outs[0].push(acc);
            Ok(())
        })?;
    } else if let Some(folds) = fold_lanes(
        interp,
        op,
        inputs,
        inits,
        &kept,
        &red,
        // The steps the paths below count: one per reduced position when
        // the folds run on whole tensors, else one per body call.
        if vec_body.is_some() { 1 } else { out_n },
    )? {
        outs = folds;
    } else if let Some(vb) = vec_body {
        // Every output's fold advances together: the body runs once per
        // reduced position on tensors over the outputs, elementwise, so each
        // output sees exactly its sequential fold.
        let bases = offsets(&kept);
        let mut accs: Vec<Value> = inits
            .iter()
            .map(|t| {
                Value::tensor(Tensor::filled(
                    t.elem.clone(),
                    out_shape.clone(),
                    &t.lanes_vec(),
                ))
            })
            .collect();
        for_each_offset::<KernelErr>(&red, 0, |roff| {
            let mut call = accs.clone();
            for t in inputs.iter() {
                let src: Vec<usize> = bases.iter().map(|b| b + roff).collect();
                call.push(Value::tensor(t.gather_linear(out_shape.clone(), &src)));
            }
            interp.step()?;
            let r = vb.run(interp, call, &out_shape)?;
            if r.len() != n {
                return Err("the body returns the wrong number of values".into());
            }
            accs = r.into_iter().map(Value::tensor).collect();
            Ok(())
        })?;
        for (o, a) in outs.iter_mut().zip(&accs) {
            o.extend_from_slice(&a.as_tensor()?.lanes_vec());
        }
    } else {
        let mut accs: Vec<Vec<u64>> = Vec::with_capacity(n);
        for_each_offset(&kept, 0, |base| {
            accs.clear();
            accs.extend(inits.iter().map(|t| t.lanes_vec()));
            for_each_offset::<KernelErr>(&red, base, |o| {
                let elems: Vec<_> = inputs.iter().map(|t| t.elem_lanes(o)).collect();
                let mut call: Vec<&[u64]> = Vec::with_capacity(2 * n);
                call.extend(accs.iter().map(|a| a.as_slice()));
                call.extend(elems.iter().map(|e| &**e));
                interp.step()?;
                let r = body.call(interp, &call)?;
                if r.len() != n {
                    return Err("the body returns the wrong number of values".into());
                }
                accs = r;
                Ok(())
            })?;
            for (o, a) in outs.iter_mut().zip(&accs) {
                o.extend_from_slice(a);
            }
            Ok::<(), super::KernelError>(())
        })?;
    }
    finish(outs, out_elems, &out_shape)
}

type KernelErr = super::KernelError;

/// `reduce` by the body's scalar code run on lanes (`scalar::Lanes`): the
/// folds of a row of outputs (up to [`LANES`]) advance side by side, one
/// reduced position at a time, each of the body's instructions one loop
/// over their lanes; rows of outputs are split over threads when the work
/// is large (narrower rows when that gives each thread outputs of its own).
/// Each output still folds from its init value over its elements in
/// ascending row-major order, and each lane gets the bits of the compiled
/// body, which are the interpreter's (`scalar_tests.rs`), so the results
/// are those of the other paths whatever the threads. The steps those
/// paths count, `per_position` per reduced position, are counted first,
/// all at once: nothing else here can fail, so the same run fails at the
/// same count with the same error. `Ok(None)` (nothing counted) when the
/// body is not scalar code taking the inputs' and init values' types and
/// returning one value of each input's type, or its captured values are
/// not the scalars it was compiled for: the other paths run it and report
/// what they find.
fn fold_lanes<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    inputs: &[Cow<Tensor>],
    inits: &[Cow<Tensor>],
    kept: &[(usize, usize)],
    red: &[(usize, usize)],
    per_position: usize,
) -> KResult<Option<Vec<Vec<u64>>>> {
    let body = region(op, 0)?;
    let Some(code) = interp.compiled_region(body) else {
        return Ok(None);
    };
    let n = inputs.len();
    let typed = code.arity() == 2 * n
        && inputs
            .iter()
            .chain(inits)
            .enumerate()
            .all(|(i, t)| code.input_type(i) == Some(&t.elem))
        && code
            .return_types(0)
            .iter()
            .eq(inputs.iter().map(|t| &t.elem));
    if !typed || inits.iter().any(|t| t.len() != 1) {
        return Ok(None);
    }
    let Some(entry) = code.registers(interp) else {
        return Ok(None);
    };
    let bases = offsets(kept);
    let out_n = bases.len();
    let positions = red.iter().fold(1u64, |a, d| a.saturating_mul(d.0 as u64));
    let work = positions
        .saturating_mul(out_n as u64)
        .saturating_mul(body_work(body));
    let parts = super::par::parts(work).min(out_n / 8).max(1);
    let Some(row) = code.lanes(0, &entry, out_n.div_ceil(parts).min(LANES)) else {
        return Ok(None);
    };
    for _ in 0..positions.saturating_mul(per_position as u64) {
        interp.step()?;
    }
    if interp.fast_kernels {
        if let Some(pick) = PairPick::of(body, inputs) {
            return Ok(Some(pick.folds(inputs, inits, &bases, red)));
        }
    }
    let width = row.width();
    // Each part folds whole rows of consecutive outputs into its own
    // pieces of the results.
    let per_part = (out_n.div_ceil(width).div_ceil(parts) * width).max(1);
    let mut outs: Vec<Vec<u64>> = (0..n).map(|_| vec![0; out_n]).collect();
    let mut pieces: Vec<_> = outs.iter_mut().map(|o| o.chunks_mut(per_part)).collect();
    let items: Vec<(&[usize], Vec<&mut [u64]>)> = bases
        .chunks(per_part)
        .map(|b| (b, pieces.iter_mut().filter_map(Iterator::next).collect()))
        .collect();
    super::par::each(items, work, |(bases, mut outs)| {
        let mut lanes = row.clone();
        let mut stage = Stage {
            offs: Vec::with_capacity(STAGE),
            bufs: vec![Vec::new(); n],
        };
        for (chunk, first) in bases.chunks(width).zip((0..).step_by(width)) {
            let m = chunk.len();
            for (i, t) in inits.iter().enumerate() {
                lanes.input_mut(i)[..m].fill(t.data.get(0));
            }
            let _ = for_each_offset::<()>(red, 0, |roff| {
                stage.offs.push(roff);
                if stage.offs.len() == STAGE {
                    stage.fold(&mut lanes, inputs, chunk);
                }
                Ok(())
            });
            stage.fold(&mut lanes, inputs, chunk);
            for (i, o) in outs.iter_mut().enumerate() {
                o[first..first + m].copy_from_slice(&lanes.input(i)[..m]);
            }
        }
    });
    Ok(Some(outs))
}

/// A reducer of (value, index) pairs that keeps one of its two pairs
/// whole: the bodies of JAX's `argmax` and `argmin`. With `a` the fold's
/// pair and `x` the next element's, the body computes
/// `p = a.v ⋈ x.v` (or `a.v ⋈ x.v ∨ a.v ≠ a.v`, which keeps a NaN),
/// `q = p ∨ (a.v = x.v ∧ a.i ◁ x.i)`, and returns
/// `(p ? a.v : x.v, q ? a.i : x.i)`; the comparisons of `v` are IEEE
/// `compare`s of a real float type, those of `i` integer `compare`s.
/// [`PairPick::folds`] runs exactly that on the hardware, fold by fold in
/// the order of the other paths, so its bits are theirs (`tests/kernels.rs`
/// holds it to the interpreted body).
struct PairPick {
    /// Which input is the value (the other is the index).
    value_input: usize,
    kind: FloatKind,
    value_dir: Direction,
    nan_kept: bool,
    index: IntCompare,
    tie_dir: Direction,
}

impl PairPick {
    /// The pick of a `reduce` of two inputs whose body is one (see the
    /// type's comment), in any order of the inputs and of the operands of
    /// `or`, `and` and the `EQ` compare.
    fn of(body: &Region, inputs: &[Cow<Tensor>]) -> Option<PairPick> {
        let [block] = body.blocks.as_slice() else {
            return None;
        };
        let (vals, idxs) = match inputs {
            [a, b] => (a, b),
            _ => return None,
        };
        let (value_input, vt, it) = match (&vals.elem, &idxs.elem) {
            (ElementType::Float(_), ElementType::Int(..) | ElementType::Index) => (0, vals, idxs),
            (ElementType::Int(..) | ElementType::Index, ElementType::Float(_)) => (1, idxs, vals),
            _ => return None,
        };
        let ElementType::Float(kind) = vt.elem else {
            return None;
        };
        if !matches!(
            kind,
            FloatKind::F32 | FloatKind::F64 | FloatKind::BF16 | FloatKind::F16
        ) {
            return None;
        }
        let k = value_input;
        let args = &block.args;
        if args.len() != 4 {
            return None;
        }
        let (av, ai, xv, xi) = (args[k], args[1 - k], args[2 + k], args[3 - k]);
        let ret = block.ops.last().filter(|o| super::is_terminator(&o.name))?;
        let [r0, r1] = ret.operands[..] else {
            return None;
        };
        let (rv, ri) = if k == 0 { (r0, r1) } else { (r1, r0) };
        let def = |v: ValueId| block.ops.iter().find(|o| o.results[..] == [v]);
        let named = |v: ValueId, name: &str| def(v).filter(|o| o.name == name);
        let select = |v: ValueId, t: ValueId, f: ValueId| {
            named(v, "stablehlo.select")
                .filter(|o| o.operands.len() == 3 && o.operands[1..] == [t, f])
                .map(|o| o.operands[0])
        };
        let pair = |v: ValueId, name: &str| match named(v, name)?.operands[..] {
            [l, r] => Some((l, r)),
            _ => None,
        };
        // A compare of `l` and `r` (in this order) of this comparison type.
        let compare = |v: ValueId, l: ValueId, r: ValueId, float: bool| {
            let o = named(v, "stablehlo.compare")?;
            if o.operands[..] != [l, r] {
                return None;
            }
            let ctype = o.attr("compare_type").and_then(Attr::as_enum);
            let ok = matches!(
                (float, ctype),
                (true, None | Some("FLOAT")) | (false, None | Some("SIGNED") | Some("UNSIGNED"))
            );
            let dir = super::elementwise::direction(o).ok()?;
            ok.then_some((dir, ctype))
        };
        let p = select(rv, av, xv)?;
        let q = select(ri, ai, xi)?;
        let is_nan = |v: ValueId| compare(v, av, av, true).is_some_and(|(d, _)| d == Direction::Ne);
        let (value_dir, nan_kept) = match compare(p, av, xv, true) {
            Some((d, _)) => (d, false),
            None => {
                let (l, r) = pair(p, "stablehlo.or")?;
                let d = [(l, r), (r, l)]
                    .into_iter()
                    .find_map(|(c, n)| compare(c, av, xv, true).filter(|_| is_nan(n)))?;
                (d.0, true)
            }
        };
        let (l, r) = pair(q, "stablehlo.or")?;
        let tie = match (l == p, r == p) {
            (true, false) => r,
            (false, true) => l,
            _ => return None,
        };
        let (e, t) = pair(tie, "stablehlo.and")?;
        let is_eq = |v: ValueId| {
            [(av, xv), (xv, av)]
                .into_iter()
                .any(|(a, b)| compare(v, a, b, true).is_some_and(|(d, _)| d == Direction::Eq))
        };
        let (tie_dir, ctype) = [(e, t), (t, e)]
            .into_iter()
            .find_map(|(e, t)| compare(t, ai, xi, false).filter(|_| is_eq(e)))?;
        Some(PairPick {
            value_input,
            kind,
            value_dir,
            nan_kept,
            index: IntCompare::new(&it.elem, ctype),
            tie_dir,
        })
    }

    /// The folds of the outputs at `bases` over the offsets of `red`, each
    /// from the init pair, in row-major order: one lane per output for each
    /// input.
    fn folds(
        &self,
        inputs: &[Cow<Tensor>],
        inits: &[Cow<Tensor>],
        bases: &[usize],
        red: &[(usize, usize)],
    ) -> Vec<Vec<u64>> {
        let k = self.value_input;
        let (vals, idxs) = (&inputs[k].data, &inputs[1 - k].data);
        let (v0, i0) = (inits[k].data.get(0), inits[1 - k].data.get(0));
        let kind = self.kind;
        let real = move |x: u64| -> f64 {
            match kind {
                FloatKind::F32 => f32::from_bits(x as u32) as f64,
                FloatKind::BF16 => f32::from_bits((x as u32 & 0xFFFF) << 16) as f64,
                FloatKind::F16 => super::gemm::f16_to_f32(x) as f64,
                _ => f64::from_bits(x),
            }
        };
        // The fold instanced for the stored words of the usual pairs (no
        // match on the width per element), else read through `Words::get`.
        let (out_v, out_i) = match (vals, idxs) {
            (Words::U32(v), Words::I32(w)) => {
                self.pick_rows(v0, i0, bases, red, real, |o| (v[o].widen(), w[o].widen()))
            }
            (Words::U32(v), Words::U32(w)) => {
                self.pick_rows(v0, i0, bases, red, real, |o| (v[o].widen(), w[o].widen()))
            }
            (Words::U16(v), Words::I32(w)) => {
                self.pick_rows(v0, i0, bases, red, real, |o| (v[o].widen(), w[o].widen()))
            }
            (Words::U64(v), Words::U64(w)) => {
                self.pick_rows(v0, i0, bases, red, real, |o| (v[o].widen(), w[o].widen()))
            }
            _ => self.pick_rows(v0, i0, bases, red, real, |o| (vals.get(o), idxs.get(o))),
        };
        if k == 0 {
            vec![out_v, out_i]
        } else {
            vec![out_i, out_v]
        }
    }
}

impl PairPick {
    /// The folds of the outputs at `bases` from `(v0, i0)`; `read(o)`: the
    /// value's and the index's lanes at offset `o`; `real`: a value lane
    /// as a real number.
    fn pick_rows(
        &self,
        v0: u64,
        i0: u64,
        bases: &[usize],
        red: &[(usize, usize)],
        real: impl Fn(u64) -> f64,
        read: impl Fn(usize) -> (u64, u64),
    ) -> (Vec<u64>, Vec<u64>) {
        let mut out_v = Vec::with_capacity(bases.len());
        let mut out_i = Vec::with_capacity(bases.len());
        for &base in bases {
            let (mut v, mut i) = (v0, i0);
            let mut rv = real(v);
            let _ = for_each_offset::<()>(red, base, |o| {
                let (xv, xi) = read(o);
                let rx = real(xv);
                let p = self.value_dir.holds(rv.partial_cmp(&rx)) || (self.nan_kept && rv.is_nan());
                let q = p || (rv == rx && self.index.holds(self.tie_dir, i, xi));
                if !p {
                    (v, rv) = (xv, rx);
                }
                if !q {
                    i = xi;
                }
                Ok(())
            });
            out_v.push(v);
            out_i.push(i);
        }
        (out_v, out_i)
    }
}

/// Outputs whose folds [`fold_lanes`] advances together, at most: rows of
/// registers of this many `u64` lanes and the staged elements stay in the
/// first-level cache.
const LANES: usize = 64;

/// Reduced positions whose elements [`fold_lanes`] reads at once.
const STAGE: usize = 16;

/// Reduced positions waiting to be folded, and their elements.
struct Stage {
    /// The positions' offsets, in fold order (at most [`STAGE`]).
    offs: Vec<usize>,
    /// Per input, its elements at those positions, position by position,
    /// one lane per output.
    bufs: Vec<Vec<u64>>,
}

impl Stage {
    /// Advances the folds of the outputs at `bases` (one per lane) by the
    /// staged positions, in order, and empties the stage. Each input's
    /// elements are read output by output (neighbours in memory when the
    /// innermost reduced dimension is the input's last, so each cache line
    /// is read once, not once per position), then each position's lanes
    /// are copied into the body's inputs and the body run.
    fn fold(&mut self, lanes: &mut Lanes<'_>, inputs: &[Cow<Tensor>], bases: &[usize]) {
        let (n, m) = (inputs.len(), bases.len());
        for (t, buf) in inputs.iter().zip(&mut self.bufs) {
            buf.resize(self.offs.len() * m, 0);
            gather(&t.data, bases, &self.offs, buf);
        }
        for j in 0..self.offs.len() {
            for (i, buf) in self.bufs.iter().enumerate() {
                lanes.input_mut(n + i)[..m].copy_from_slice(&buf[j * m..(j + 1) * m]);
            }
            lanes.run(m);
            lanes.feed_back(m);
        }
        self.offs.clear();
    }
}

/// `out[j * bases.len() + k] = words[bases[k] + offs[j]]`, base by base,
/// the words read by their type.
fn gather(words: &Words, bases: &[usize], offs: &[usize], out: &mut [u64]) {
    fn typed<T: super::words::Word>(v: &[T], bases: &[usize], offs: &[usize], out: &mut [u64]) {
        let m = bases.len();
        for (k, &b) in bases.iter().enumerate() {
            for (j, &o) in offs.iter().enumerate() {
                out[j * m + k] = v[b + o].widen();
            }
        }
    }
    match words {
        Words::U8(v) => typed(v, bases, offs, out),
        Words::I8(v) => typed(v, bases, offs, out),
        Words::U16(v) => typed(v, bases, offs, out),
        Words::I16(v) => typed(v, bases, offs, out),
        Words::U32(v) => typed(v, bases, offs, out),
        Words::I32(v) => typed(v, bases, offs, out),
        Words::U64(v) => typed(v, bases, offs, out),
    }
}

/// An f32 lane's key in IEEE-754 total order (for non-NaN values: the
/// numeric order with −0 below +0), as a signed integer.
fn key32(x: u32) -> i32 {
    let i = x as i32;
    i ^ (((i >> 31) as u32) >> 1) as i32
}

/// `op` (a reducer's `Fast` op) on f32 lanes with the bits of
/// `float::arith`: hardware `+`/`×` and total-order comparisons when no
/// operand or result is NaN, `arith` otherwise.
#[inline(always)]
pub(super) fn fold_f32(op: super::region::BinOp, a: u64, b: u64) -> u64 {
    let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
    let slow = || super::region::fast_apply(op, FloatKind::F32, a, b);
    if x.is_nan() || y.is_nan() {
        return slow();
    }
    match op {
        BinOp::Max => {
            if key32(a as u32) >= key32(b as u32) {
                a & 0xFFFF_FFFF
            } else {
                b & 0xFFFF_FFFF
            }
        }
        BinOp::Min => {
            if key32(a as u32) <= key32(b as u32) {
                a & 0xFFFF_FFFF
            } else {
                b & 0xFFFF_FFFF
            }
        }
        BinOp::Add | BinOp::Mul => {
            let r = if matches!(op, BinOp::Add) {
                x + y
            } else {
                x * y
            };
            if r.is_nan() {
                slow()
            } else {
                r.to_bits() as u64
            }
        }
        _ => slow(),
    }
}

/// `op` on bf16 or f16 lanes (`kind`, a constant at every call, so each
/// caller's loop keeps one path) with the bits of `float::arith`: maximum
/// and minimum by total-order keys of the patterns widened to the high
/// half (which keeps their order), sums as [`Bf16Sum`]/[`F16Sum`] add (one
/// `f32` addition rounded to the format; `arith` when the sum is NaN), the
/// rest by `arith`.
#[inline(always)]
pub(super) fn fold_half(kind: FloatKind, op: BinOp, a: u64, b: u64) -> u64 {
    let (x, y) = (a & 0xFFFF, b & 0xFFFF);
    let inf = if kind == FloatKind::BF16 {
        0x7F80
    } else {
        0x7C00
    };
    if x & 0x7FFF > inf || y & 0x7FFF > inf {
        return super::region::fast_apply(op, kind, a, b);
    }
    let key = |v: u64| key32((v as u32) << 16);
    match op {
        BinOp::Max => {
            if key(x) >= key(y) {
                x
            } else {
                y
            }
        }
        BinOp::Min => {
            if key(x) <= key(y) {
                x
            } else {
                y
            }
        }
        BinOp::Add => {
            let r = if kind == FloatKind::BF16 {
                let value = |v: u64| f32::from_bits((v as u32) << 16);
                super::gemm::round_bf16(value(x) + value(y))
            } else {
                let value = super::gemm::f16_to_f32;
                super::gemm::round_f16(value(x) + value(y))
            };
            if r.is_nan() {
                super::region::fast_apply(op, kind, a, b)
            } else if kind == FloatKind::BF16 {
                u64::from(r.to_bits() >> 16)
            } else {
                u64::from(super::gemm::f16_bits(r))
            }
        }
        _ => super::region::fast_apply(op, kind, a, b),
    }
}

/// A region of straight-line elementwise ops (and constants) on scalars,
/// run instead on whole tensors of one shape: rank-0 values (constants,
/// captured scalars) are broadcast, and each element gets exactly the bits
/// the scalar run would give.
pub struct VecBody<'p> {
    block: &'p crate::ir::Block,
}

impl<'p> VecBody<'p> {
    pub fn new(interp: &Interp<'p>, region: &'p Region) -> Option<VecBody<'p>> {
        let block = region.blocks.first()?;
        let (ret, body) = block.ops.split_last()?;
        if !matches!(ret.name.as_str(), "stablehlo.return" | "func.return") {
            return None;
        }
        let scalar = |v: u32| {
            matches!(interp.ty(v), Type::Tensor(t)
                if t.dims.as_ref().is_some_and(|d| d.is_empty())
                    && !matches!(t.elem, ElementType::Quant(_)))
        };
        for o in body {
            let elementwise = o.name == "stablehlo.constant"
                || super::elementwise::KERNELS
                    .iter()
                    .any(|(n, _)| *n == o.name);
            if !elementwise || !o.regions.is_empty() || !o.results.iter().all(|&r| scalar(r)) {
                return None;
            }
        }
        if !block.args.iter().all(|&a| scalar(a)) {
            return None;
        }
        Some(VecBody { block })
    }

    /// Runs the body on argument tensors of `shape`; returns its results.
    pub fn run(
        &self,
        interp: &mut Interp<'p>,
        args: Vec<Value>,
        shape: &[usize],
    ) -> KResult<Vec<Tensor>> {
        let block = self.block;
        if args.len() != block.args.len() {
            return Err("the body takes another number of arguments".into());
        }
        let widen = |v: Value| -> KResult<Value> {
            let t = v.as_tensor()?;
            if t.shape.is_empty() && !shape.is_empty() {
                Ok(Value::tensor(Tensor::filled(
                    t.elem.clone(),
                    shape.to_vec(),
                    &t.lanes_vec(),
                )))
            } else if t.shape == shape {
                Ok(v)
            } else {
                Err("a body value has an unexpected shape".into())
            }
        };
        let mut env: Vec<(u32, Value)> = Vec::with_capacity(block.args.len() + block.ops.len());
        for (&a, v) in block.args.iter().zip(args) {
            env.push((a, widen(v)?));
        }
        let lookup = |env: &[(u32, Value)], interp: &Interp<'p>, v: u32| -> KResult<Value> {
            match env.iter().rev().find(|(id, _)| *id == v) {
                Some((_, x)) => Ok(x.clone()),
                None => Ok(widen(interp.get(v)?)?),
            }
        };
        let (ret, body) = block.ops.split_last().ok_or("empty body")?;
        for o in body {
            let operands = o
                .operands
                .iter()
                .map(|&v| lookup(&env, interp, v))
                .collect::<KResult<Vec<_>>>()?;
            let kernel = *super::registry()
                .get(o.name.as_str())
                .ok_or("the executor has no kernel for a body op")?;
            let results = kernel(interp, o, operands)?;
            if results.len() != o.results.len() {
                return Err("a body op produced the wrong number of results".into());
            }
            for (&id, v) in o.results.iter().zip(results) {
                env.push((id, widen(v)?));
            }
        }
        ret.operands
            .iter()
            .map(|&v| Ok(lookup(&env, interp, v)?.into_tensor()?))
            .collect()
    }
}

/// Whether a sum of format `kind` came out NaN on the hardware.
fn nan_sum(kind: FloatKind, x: u64) -> bool {
    match kind {
        FloatKind::BF16 => x & 0x7FFF > 0x7F80,
        FloatKind::F16 => x & 0x7FFF > 0x7C00,
        FloatKind::F32 => f32::from_bits(x as u32).is_nan(),
        _ => f64::from_bits(x).is_nan(),
    }
}

/// Redoes every sum of `sums` (of format `kind`, output `o` starting at
/// offset `bases[o]` of `data`) that came out NaN on the hardware by the
/// body's per-lane rule `f`, from `init`, for the soft-float NaN rules.
fn redo_nan_sums(
    kind: FloatKind,
    sums: &mut [u64],
    bases: &[usize],
    red: &[(usize, usize)],
    init: u64,
    f: &impl Fn(u64, u64) -> u64,
    data: &Words,
) {
    for (s, &base) in sums.iter_mut().zip(bases) {
        if nan_sum(kind, *s) {
            let mut acc = init;
            let _ = for_each_offset::<()>(red, base, |o| {
                acc = f(acc, data.get(o));
                Ok(())
            });
            *s = acc;
        }
    }
}

/// Whether the plan may have `op`, a `reduce` of the root of a fused
/// group (of `elem` and `shape`), evaluate that group ([`reduce_group`]):
/// its body is an f32/f64 addition taking `elem` (the hardware sums), and
/// its reduced dimensions are consecutive, so that each output's elements
/// are rows of the group's lanes.
pub(super) fn sums_fused(
    interp: &Interp<'_>,
    op: &Op,
    elem: &ElementType,
    shape: &[usize],
) -> bool {
    let Some(body) = op.regions.first() else {
        return false;
    };
    let args_ok = body.blocks.first().is_some_and(|b| {
        b.args.len() == 2
            && b.args.iter().all(|&a| {
                super::elem_type(interp.ty(a)) == Some(elem) && static_scalar(interp.ty(a))
            })
    });
    let Ok(dims) = reduced_dims(op, shape.len()) else {
        return false;
    };
    args_ok
        && native_add(body, elem).is_some()
        && dims.windows(2).all(|w| w[1] == w[0] + 1)
        && rows_of(shape, &dims).is_some_and(|(a, _, c)| a.saturating_mul(c) >= 2)
}

/// Whether a type is a rank-0 tensor.
fn static_scalar(ty: &Type) -> bool {
    matches!(ty, Type::Tensor(t) if t.dims.as_ref().is_some_and(|d| d.is_empty()))
}

/// A shape whose reduced dimensions `dims` (sorted) are consecutive seen
/// as `[a, b, c]`: the dimensions before them, them, and after them.
fn rows_of(shape: &[usize], dims: &[usize]) -> Option<(usize, usize, usize)> {
    let product = |ds: &[usize]| ds.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
    let (first, last) = match dims {
        [] => (shape.len(), shape.len()),
        [f, .., l] => (*f, *l + 1),
        [f] => (*f, *f + 1),
    };
    if last - first != dims.len() || last > shape.len() {
        return None;
    }
    Some((
        product(&shape[..first])?,
        product(&shape[first..last])?,
        product(&shape[last..])?,
    ))
}

/// `reduce` of the root of a fused group that is never stored
/// (`fuse::Role::Reduce`): `inputs` are the group's, `init` the second
/// operand. On the hardware-sum path (`Interp::fast_kernels`, an f32/f64
/// addition body, consecutive reduced dimensions, two outputs or more) the
/// group is evaluated a few thousand lanes at a time and each lane added to
/// its output's sum as it comes: every output still folds its elements in
/// ascending order from the init value, so the sums are `hardware_sums`'s.
/// A NaN sum is redone as `reduce` redoes it, over the root evaluated
/// whole. Otherwise the root is evaluated whole and `reduce` runs on it.
/// The same checks, charges and errors as `reduce` either way.
pub(super) fn reduce_group<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    group: &Group,
    inputs: Vec<Arc<Tensor>>,
    mut init: Vec<Value>,
) -> KResult<Vec<Value>> {
    let kind = match (&group.elem, init.as_slice()) {
        (ElementType::Float(k @ (FloatKind::F32 | FloatKind::F64)), [Value::Tensor(t)])
            if t.elem == group.elem && t.len() == 1 =>
        {
            Some(*k)
        }
        _ => None,
    };
    let body = match (kind, region(op, 0)) {
        (Some(_), Ok(r)) if interp.fast_kernels => ScalarFn::new(interp, r).ok(),
        _ => None,
    };
    let fits = body.as_ref().is_some_and(|b| {
        b.arity() == 2
            && b.arg_type(0) == Some(&group.elem)
            && b.arg_type(1) == Some(&group.elem)
            && b.fast_binary().is_some()
            && region(op, 0).is_ok_and(|r| native_add(r, &group.elem) == kind)
    });
    let (Some(kind), Some(body), true) = (kind, body, fits) else {
        let mut args = vec![Value::tensor(group.run(inputs))];
        args.append(&mut init);
        return reduce(interp, op, args);
    };
    let init_t = match init.first() {
        Some(Value::Tensor(t)) => t.clone(),
        _ => return Err("reduce takes inputs and as many init values".into()),
    };
    let geo = Geometry::new(interp, op, &group.shape, 1)?;
    let dims: Vec<usize> = reduced_dims(op, group.shape.len())?;
    let rows = rows_of(&group.shape, &dims).filter(|&(a, _, c)| a.saturating_mul(c) >= 2);
    let Some((a, b, c)) = rows else {
        // Not a layout the sums take lanes in: the root stored, as `reduce` has it.
        let t = group.run(inputs);
        let inputs = [Cow::Owned(t)];
        let inits = [Cow::Borrowed(&*init_t)];
        return reduce_rest(interp, op, &body, &inputs, &inits, geo);
    };
    let init = init_t.data.get(0);
    let ready = group.ready(&inputs);
    let mut sums: Vec<u64> = match kind {
        FloatKind::F32 => {
            let read = |x: u64| f32::from_bits(x as u32);
            fused_sums::<f32, 16>(
                &ready,
                (a, b, c),
                f32::from_bits(init as u32),
                read,
                rows16_f32,
            )
            .into_iter()
            .map(|x| x.to_bits() as u64)
            .collect()
        }
        _ => fused_sums::<f64, 8>(
            &ready,
            (a, b, c),
            f64::from_bits(init),
            f64::from_bits,
            |_, _, _, _| 0,
        )
        .into_iter()
        .map(f64::to_bits)
        .collect(),
    };
    drop(ready);
    if sums.iter().any(|&s| nan_sum(kind, s)) {
        let t = group.run(inputs.clone());
        let bases = offsets(&geo.kept);
        if let Some(f) = body.fast_binary() {
            redo_nan_sums(kind, &mut sums, &bases, &geo.red, init, &f, &t.data);
        }
    }
    finish(vec![sums], geo.out_elems, &geo.out_shape)
}

/// Lanes of a fused group evaluated at a time by [`fused_sums`], per thread.
const TILE: usize = 4096;

/// Lanes of the group per piece of work [`fused_sums`] hands to a thread.
const FUSED_PIECE: usize = 1 << 16;

/// The sums of a reduction by hardware addition over the lanes of a fused
/// group's root seen as `[a, b, c]` with `b` reduced: output `(i, k)` is
/// `init + x[i, 0, k] + x[i, 1, k] + …` in that order. Rows (`c` = 1)
/// advance `G` at a time side by side, as [`hardware_sums`]'s chains, over
/// tiles of [`TILE`] lanes (whole rows when `G` of them fit, else `G`
/// pieces of rows); columns (`c` > 1) add each row of `c` lanes (whole
/// rows of them when they fit in a tile, else pieces) to their outputs'
/// sums. Pieces of the outputs run on threads. `block(tile, stride, wc,
/// acc)` may advance the `G` chains of a full group of rows over a prefix
/// of their `wc` lanes (rows `stride` lanes apart in `tile`) as the plain
/// loop would, returning the lanes it took; the loop takes the rest.
#[allow(clippy::needless_range_loop)] // indexing keeps the chains in registers
fn fused_sums<F, const G: usize>(
    ready: &Ready<'_>,
    (a, b, c): (usize, usize, usize),
    init: F,
    read: impl Fn(u64) -> F + Sync,
    block: fn(&[u64], usize, usize, &mut [F; G]) -> usize,
) -> Vec<F>
where
    F: Copy + Send + Sync + std::ops::Add<Output = F>,
{
    let mut out = vec![init; a * c];
    let work = (a as u64)
        .saturating_mul(b as u64)
        .saturating_mul(c as u64)
        .saturating_mul(2);
    if c == 1 {
        // Rows of `b` lanes: tiles of `rows` rows, `w` lanes of each, at
        // `stride` lanes from one another (whole short rows as they come;
        // a line more than `w` otherwise, so that the rows a step of the
        // sums reads do not share the first level cache's sets).
        let w = b.min(TILE / G).max(1);
        let rows = if w == b { (TILE / w) / G * G } else { G };
        let whole = w == b && b < 64;
        let stride = if whole { b } else { w + 8 };
        let per = (FUSED_PIECE / b.max(1)).max(rows).div_ceil(rows) * rows;
        let pieces: Vec<(usize, &mut [F])> = out
            .chunks_mut(per)
            .enumerate()
            .map(|(k, o)| (k * per, o))
            .collect();
        super::par::each(pieces, work, |(first, out)| {
            let mut slots = ready.scratch();
            let mut tile = vec![0u64; rows * stride];
            for (t, out) in out.chunks_mut(rows).enumerate() {
                let row0 = first + t * rows;
                let n = out.len();
                let mut c0 = 0;
                while c0 < b {
                    let wc = w.min(b - c0);
                    if whole {
                        ready.lanes(&mut slots, row0 * b, &mut tile[..n * b]);
                    } else {
                        for g in 0..n {
                            let lanes = &mut tile[g * stride..g * stride + wc];
                            ready.lanes(&mut slots, (row0 + g) * b + c0, lanes);
                        }
                    }
                    for (k, out) in out.chunks_mut(G).enumerate() {
                        let tile = &tile[k * G * stride..];
                        let mut acc = [init; G];
                        acc[..out.len()].copy_from_slice(out);
                        if out.len() == G {
                            let done = block(tile, stride, wc, &mut acc);
                            for r in done..wc {
                                for g in 0..G {
                                    acc[g] = acc[g] + read(tile[g * stride + r]);
                                }
                            }
                        } else {
                            for r in 0..wc {
                                for g in 0..out.len() {
                                    acc[g] = acc[g] + read(tile[g * stride + r]);
                                }
                            }
                        }
                        out.copy_from_slice(&acc[..out.len()]);
                    }
                    c0 += wc;
                }
            }
        });
    } else {
        // Columns: each output a lane of rows of `c`; whole rows of `c`
        // lanes when one fits in a tile (`rows` of them at a time), else
        // pieces of `w` lanes of one row.
        let w = c.min(TILE);
        let rows = if w == c { (TILE / c).max(1) } else { 1 };
        // Pieces: runs of whole `[b, c]` blocks, or pieces of one row.
        let blocks = if w == c {
            (FUSED_PIECE / b.saturating_mul(c).max(1)).max(1)
        } else {
            1
        };
        let pieces: Vec<(usize, &mut [F])> = if w == c {
            out.chunks_mut(blocks * c)
                .enumerate()
                .map(|(k, o)| (k * blocks * c, o))
                .collect()
        } else {
            out.chunks_mut(c)
                .enumerate()
                .flat_map(|(i, o)| {
                    o.chunks_mut(w)
                        .enumerate()
                        .map(move |(k, o)| (i * c + k * w, o))
                })
                .collect()
        };
        super::par::each(pieces, work, |(first, out)| {
            let mut slots = ready.scratch();
            let mut tile = vec![0u64; rows * w];
            // `first` is output (i, k): lanes (i * b + r) * c + k.
            let piece = out.len().min(w);
            for (t, out) in out.chunks_mut(piece).enumerate() {
                let o = first + t * piece;
                let (i, k) = (o / c, o % c);
                let mut r = 0;
                while r < b {
                    let m = rows.min(b - r);
                    let lanes = &mut tile[..m * out.len()];
                    ready.lanes(&mut slots, (i * b + r) * c + k, lanes);
                    for row in lanes.chunks(out.len()) {
                        for (s, &x) in out.iter_mut().zip(row) {
                            *s = *s + read(x);
                        }
                    }
                    r += m;
                }
            }
        });
    }
    out
}

/// [`fused_sums`]'s block step for f32 rows with AVX-512: 16 columns of
/// 16 rows at a time, the rows' lanes cut to f32 and transposed in
/// registers, so that one vector addition advances all 16 chains by a
/// column (each chain still adds its row's lanes in order, with the
/// hardware's round-to-nearest addition of the plain loop). Returns the
/// columns taken (none without AVX-512).
fn rows16_f32(tile: &[u64], stride: usize, wc: usize, acc: &mut [f32; 16]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if super::lanes::isa() == super::lanes::Isa::Avx512
        && wc >= 16
        && tile.len() >= 15 * stride + wc
    {
        // SAFETY: AVX-512F was found at run time; every read is of lanes
        // `g * stride + r .. + 16` with g < 16 and r + 16 <= wc, inside
        // `tile` by the check above.
        return unsafe { rows16_f32_avx512(tile, stride, wc, acc) };
    }
    let _ = (tile, stride, wc, acc);
    0
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn rows16_f32_avx512(tile: &[u64], stride: usize, wc: usize, acc: &mut [f32; 16]) -> usize {
    use std::arch::x86_64::*;
    let mut sums = _mm512_loadu_ps(acc.as_ptr());
    let base = tile.as_ptr();
    let mut r = 0;
    while r + 16 <= wc {
        // Row g's lanes r .. r + 16, as f32.
        let mut m = [_mm512_setzero_ps(); 16];
        for (g, m) in m.iter_mut().enumerate() {
            let p = base.add(g * stride + r);
            let lo = _mm512_cvtepi64_epi32(_mm512_loadu_si512(p.cast()));
            let hi = _mm512_cvtepi64_epi32(_mm512_loadu_si512(p.add(8).cast()));
            *m = _mm512_castsi512_ps(_mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi));
        }
        // Transpose: column j's lane g is row g's lane r + j.
        let mut t = [_mm512_setzero_ps(); 16];
        for k in 0..8 {
            t[2 * k] = _mm512_unpacklo_ps(m[2 * k], m[2 * k + 1]);
            t[2 * k + 1] = _mm512_unpackhi_ps(m[2 * k], m[2 * k + 1]);
        }
        let mut u = [_mm512_setzero_ps(); 16];
        for b in 0..4 {
            let (t0, t1) = (_mm512_castps_pd(t[4 * b]), _mm512_castps_pd(t[4 * b + 1]));
            let (t2, t3) = (
                _mm512_castps_pd(t[4 * b + 2]),
                _mm512_castps_pd(t[4 * b + 3]),
            );
            u[4 * b] = _mm512_castpd_ps(_mm512_unpacklo_pd(t0, t2));
            u[4 * b + 1] = _mm512_castpd_ps(_mm512_unpackhi_pd(t0, t2));
            u[4 * b + 2] = _mm512_castpd_ps(_mm512_unpacklo_pd(t1, t3));
            u[4 * b + 3] = _mm512_castpd_ps(_mm512_unpackhi_pd(t1, t3));
        }
        // u[4b + c]'s 128-bit lane l holds rows 4b .. 4b + 3 of column
        // 4l + c: a 4 × 4 transpose of 128-bit lanes finishes.
        let mut cols = [_mm512_setzero_ps(); 16];
        for c in 0..4 {
            let (a, b, cc, d) = (u[c], u[4 + c], u[8 + c], u[12 + c]);
            let v0 = _mm512_shuffle_f32x4::<0x88>(a, b);
            let v1 = _mm512_shuffle_f32x4::<0xDD>(a, b);
            let v2 = _mm512_shuffle_f32x4::<0x88>(cc, d);
            let v3 = _mm512_shuffle_f32x4::<0xDD>(cc, d);
            cols[c] = _mm512_shuffle_f32x4::<0x88>(v0, v2);
            cols[8 + c] = _mm512_shuffle_f32x4::<0xDD>(v0, v2);
            cols[4 + c] = _mm512_shuffle_f32x4::<0x88>(v1, v3);
            cols[12 + c] = _mm512_shuffle_f32x4::<0xDD>(v1, v3);
        }
        for col in cols {
            sums = _mm512_add_ps(sums, col);
        }
        r += 16;
    }
    _mm512_storeu_ps(acc.as_mut_ptr(), sums);
    r
}

/// Whether a body is `return add(a, b)` on f32 or f64 elements of `elem`,
/// which a fold may run on the hardware (same bits unless a NaN appears).
fn native_add(region: &Region, elem: &ElementType) -> Option<FloatKind> {
    match elem {
        ElementType::Float(k @ (FloatKind::F32 | FloatKind::F64)) if is_sum(region) => Some(*k),
        _ => None,
    }
}

/// Whether a body is `return add(a, b)` of its two arguments, in either
/// order.
fn is_sum(region: &Region) -> bool {
    let Some(block) = region.blocks.first() else {
        return false;
    };
    let ([a, b], [op, ret]) = (block.args.as_slice(), block.ops.as_slice()) else {
        return false;
    };
    op.name == "stablehlo.add"
        && (op.operands.as_slice() == [*a, *b] || op.operands.as_slice() == [*b, *a])
        && matches!(ret.name.as_str(), "stablehlo.return" | "func.return")
        && ret.operands.as_slice() == op.results.as_slice()
        && op.results.len() == 1
}

/// [`native_add`] for the 16-bit formats bf16 and f16, which
/// [`half_sums`] adds.
fn half_add(region: &Region, elem: &ElementType) -> Option<FloatKind> {
    match elem {
        ElementType::Float(k @ (FloatKind::BF16 | FloatKind::F16)) if is_sum(region) => Some(*k),
        _ => None,
    }
}

/// A bfloat16 value held exactly in an `f32`, whose sum is rounded back to
/// bfloat16: one `f32` addition (24 ≥ 2·8 + 2 bits, so its rounding is
/// innocuous; a sum of two bfloat16 values below 2⁻¹²⁵ is exact in `f32`)
/// and `gemm::round_bf16`, which rounds to nearest even at bfloat16's
/// quantum, subnormals and overflow to ∞ included: `arith::add`'s bits
/// for every sum that is not NaN.
#[derive(Clone, Copy)]
struct Bf16Sum(f32);

impl std::ops::Add for Bf16Sum {
    type Output = Bf16Sum;
    #[inline(always)]
    fn add(self, o: Bf16Sum) -> Bf16Sum {
        Bf16Sum(super::gemm::round_bf16(self.0 + o.0))
    }
}

/// [`Bf16Sum`] for binary16 (24 ≥ 2·11 + 2; `gemm::round_f16`).
#[derive(Clone, Copy)]
struct F16Sum(f32);

impl std::ops::Add for F16Sum {
    type Output = F16Sum;
    #[inline(always)]
    fn add(self, o: F16Sum) -> F16Sum {
        F16Sum(super::gemm::round_f16(self.0 + o.0))
    }
}

/// [`hardware_sums`] of bf16 or f16 lanes `v` (the sums of an `add`
/// region of that type), each output's sum a chain of [`Bf16Sum`] or
/// [`F16Sum`] steps from `init` in the reduced dims' order, as patterns of
/// the format; a sum that comes out NaN is a NaN pattern, for
/// [`redo_nan_sums`]. `tests/kernels.rs` compares them with the
/// per-element fold.
fn half_sums(
    kind: FloatKind,
    v: &[u16],
    bases: &[usize],
    red: &[(usize, usize)],
    init: u64,
) -> Vec<u64> {
    let bf16 = |h: u64| f32::from_bits((h as u32 & 0xFFFF) << 16);
    let sums: Vec<f32> = if kind == FloatKind::BF16 {
        hardware_sums::<Bf16Sum, 16>(bases, red, Bf16Sum(bf16(init)), |o| {
            Bf16Sum(bf16(u64::from(v[o])))
        })
        .into_iter()
        .map(|s| s.0)
        .collect()
    } else {
        let f16 = super::gemm::f16_to_f32;
        hardware_sums::<F16Sum, 16>(bases, red, F16Sum(f16(init)), |o| {
            F16Sum(f16(u64::from(v[o])))
        })
        .into_iter()
        .map(|s| s.0)
        .collect()
    };
    sums.iter()
        .map(|&s| match kind {
            // `round_bf16` keeps a NaN's low half zero: its high half is
            // a bf16 NaN.
            FloatKind::BF16 => u64::from(s.to_bits() >> 16),
            _ if s.is_nan() => 0x7E00,
            _ => u64::from(super::gemm::f16_bits(s)),
        })
        .collect()
}

/// The maxima (`max`) or minima of a reduction of format `kind` (f32,
/// f64, bf16 or f16 in its own storage), every output at once as
/// [`hardware_folds`] runs them, on integer keys of IEEE total order. For
/// operands that are not NaN, `maximum` and `minimum` are the operand of
/// the greater (lesser) key: what [`fold_f32`], [`fold_half`] and
/// `elementwise::pick_lane` compute. A NaN (init or element) takes the key
/// that wins every comparison, which no other pattern has; an output whose
/// fold met one comes out as a NaN, for [`redo_nan_sums`] to fold again by
/// the body's own rule. `None` for another format or storage.
fn hardware_picks(
    kind: FloatKind,
    max: bool,
    data: &Words,
    bases: &[usize],
    red: &[(usize, usize)],
    init: u64,
) -> Option<Vec<u64>> {
    // Keys of 16- and 32-bit patterns (a 16-bit one widened to the high
    // half keeps its order), the winning key, and the NaN a winner gives.
    fn picks32(
        max: bool,
        bases: &[usize],
        red: &[(usize, usize)],
        init: u32,
        read: impl Fn(usize) -> u32 + Sync,
        is_nan: impl Fn(u32) -> bool + Sync,
    ) -> Vec<Option<u32>> {
        let win = if max { i32::MAX } else { i32::MIN };
        let key = |x: u32| if is_nan(x) { win } else { key32(x) };
        let keys = if max {
            hardware_folds::<i32, 16>(bases, red, key(init), |o| key(read(o)), i32::max)
        } else {
            hardware_folds::<i32, 16>(bases, red, key(init), |o| key(read(o)), i32::min)
        };
        // `key32` is its own inverse on patterns.
        keys.into_iter()
            .map(|k| (k != win).then(|| key32(k as u32) as u32))
            .collect()
    }
    match (kind, data) {
        (FloatKind::F32, Words::U32(v)) => {
            let nan = |x: u32| x & 0x7FFF_FFFF > 0x7F80_0000;
            let picks = picks32(max, bases, red, init as u32, |o| v[o], nan);
            Some(
                picks
                    .into_iter()
                    .map(|p| u64::from(p.unwrap_or(0x7FC0_0000)))
                    .collect(),
            )
        }
        (FloatKind::BF16 | FloatKind::F16, Words::U16(v)) => {
            let (inf, qnan) = if kind == FloatKind::BF16 {
                (0x7F80, 0x7FC0)
            } else {
                (0x7C00, 0x7E00)
            };
            let nan = |x: u32| (x >> 16) & 0x7FFF > inf;
            let wide = |x: u64| (x as u32 & 0xFFFF) << 16;
            let picks = picks32(max, bases, red, wide(init), |o| u32::from(v[o]) << 16, nan);
            Some(
                picks
                    .into_iter()
                    .map(|p| p.map_or(qnan, |b| u64::from(b >> 16)))
                    .collect(),
            )
        }
        (FloatKind::F64, Words::U64(v)) => {
            let win = if max { i64::MAX } else { i64::MIN };
            let key64 = |x: u64| {
                let i = x as i64;
                i ^ (((i >> 63) as u64) >> 1) as i64
            };
            let key = |x: u64| {
                if x & (u64::MAX >> 1) > 0x7FF0_0000_0000_0000 {
                    win
                } else {
                    key64(x)
                }
            };
            let keys = if max {
                hardware_folds::<i64, 8>(bases, red, key(init), |o| key(v[o]), i64::max)
            } else {
                hardware_folds::<i64, 8>(bases, red, key(init), |o| key(v[o]), i64::min)
            };
            Some(
                keys.into_iter()
                    .map(|k| {
                        if k == win {
                            0x7FF8_0000_0000_0000
                        } else {
                            key64(k as u64) as u64
                        }
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// Outputs per piece of work [`hardware_folds`] hands to a thread.
const SUM_PIECE: usize = 256;

/// The sums of a reduction by hardware addition, every output at once:
/// `bases[o]` is output `o`'s first offset, `red` the reduced dims (size,
/// stride). Outputs advance `G` at a time side by side, independent chains
/// each taking its elements in the reduced dims' row-major order, as the
/// one-output walk does, so each sum has the bits of its own sequential
/// fold; pieces of the outputs run on threads.
fn hardware_sums<F, const G: usize>(
    bases: &[usize],
    red: &[(usize, usize)],
    init: F,
    read: impl Fn(usize) -> F + Sync,
) -> Vec<F>
where
    F: Copy + Send + Sync + std::ops::Add<Output = F>,
{
    hardware_folds::<F, G>(bases, red, init, read, |a, b| a + b)
}

/// The folds `acc = step(acc, element)` of a reduction, every output at
/// once, as [`hardware_sums`] runs its sums (the same order per output).
/// When an output's elements are not neighbours in memory (the innermost
/// reduced dimension has a stride: a reduction over columns), all outputs
/// of a piece advance one reduced position at a time instead, reading a
/// stretch of neighbouring elements per position rather than one element
/// per cache line and page; each output's order is the same.
#[allow(clippy::needless_range_loop)] // indexing keeps the chains in registers
fn hardware_folds<F, const G: usize>(
    bases: &[usize],
    red: &[(usize, usize)],
    init: F,
    read: impl Fn(usize) -> F + Sync,
    step: impl Fn(F, F) -> F + Sync,
) -> Vec<F>
where
    F: Copy + Send + Sync,
{
    let mut out = vec![init; bases.len()];
    let per = red.iter().fold(1u64, |a, d| a.saturating_mul(d.0 as u64));
    let work = per.saturating_mul(bases.len() as u64);
    let pieces: Vec<(&[usize], &mut [F])> = bases
        .chunks(SUM_PIECE)
        .zip(out.chunks_mut(SUM_PIECE))
        .collect();
    let strided = red.last().is_some_and(|&(_, stride)| stride != 1);
    super::par::each(pieces, work, |(bases, out)| {
        if strided && bases.len() > G {
            let _ = for_each_offset::<()>(red, 0, |r| {
                for (a, &b) in out.iter_mut().zip(bases) {
                    *a = step(*a, read(b + r));
                }
                Ok(())
            });
            return;
        }
        for (base, out) in bases.chunks(G).zip(out.chunks_mut(G)) {
            let mut acc = [init; G];
            let k = base.len();
            if k == G {
                let _ = for_each_offset::<()>(red, 0, |r| {
                    for g in 0..G {
                        acc[g] = step(acc[g], read(base[g] + r));
                    }
                    Ok(())
                });
            } else {
                let _ = for_each_offset::<()>(red, 0, |r| {
                    for (a, &b) in acc.iter_mut().zip(base) {
                        *a = step(*a, read(b + r));
                    }
                    Ok(())
                });
            }
            out.copy_from_slice(&acc[..k]);
        }
    });
    out
}

/// Builds result tensors, checking lanes against the element types.
fn finish(outs: Vec<Vec<u64>>, elems: Vec<ElementType>, shape: &[usize]) -> KResult<Vec<Value>> {
    let n = num_elements(shape);
    outs.into_iter()
        .zip(elems)
        .map(|(data, elem)| {
            if data.len() != n * lanes(&elem) {
                return Err("the body's results do not match the result types".into());
            }
            Ok(Value::tensor(Tensor::new(elem, shape.to_vec(), &data)))
        })
        .collect()
}

// ---------------------------------------------------------------------------
// Windows
// ---------------------------------------------------------------------------

/// The geometry of a windowed op on one input shape.
/// The least window of a running fold that [`Scan`] computes from
/// prefixes; smaller windows are folded directly.
const SCAN_FROM: i128 = 8;

/// Windows that are running folds, computed from prefixes of their lines
/// instead of one window at a time, and without a window table.
///
/// They are windows of one dimension `axis` of at least [`SCAN_FROM`]
/// positions, with no base or window dilation there, and of one position
/// in every other dimension, where each window along `axis` is padding,
/// then the input from its first element on, then padding; and folding
/// the init value into itself gives it back (as `0 + 0`, `max(-inf, -inf)`
/// and `1 * 1` do). A cumulative sum is such a window. The leading padding
/// then leaves the init value as it is, so the fold of a window is the fold
/// of a prefix of its line with the trailing padding folded in after: the
/// same operations in the same order as the window walk.
struct Scan {
    out_shape: Vec<usize>,
    axis: usize,
    /// Per output position along `axis`: `None` for a window of padding
    /// alone, else the last input coordinate and the count of padding
    /// positions after it.
    plan: Vec<Option<(usize, u64)>>,
    /// Per other dimension: the input coordinate of each output position,
    /// `None` for padding and holes (empty for `axis`).
    coords: Vec<Vec<Option<usize>>>,
}

impl Scan {
    /// The scan of these windows, if they are running folds (see
    /// [`Scan`]); `fixed` tells whether folding the init value into itself
    /// gives it back.
    #[allow(clippy::too_many_arguments)]
    fn new(
        shape: &[usize],
        win: &[i64],
        strides_: &[i64],
        base_dil: &[i64],
        win_dil: &[i64],
        pad: &[(i64, i64)],
        fixed: impl FnOnce() -> bool,
        limits: &super::Limits,
    ) -> Option<Scan> {
        let rank = shape.len();
        let mut wide = (0..rank).filter(|&d| win[d] != 1);
        let (Some(axis), None) = (wide.next(), wide.next()) else {
            return None;
        };
        if i128::from(win[axis]) < SCAN_FROM || base_dil[axis] != 1 || win_dil[axis] != 1 {
            return None;
        }
        let (mut out_shape, mut coords) = (Vec::with_capacity(rank), Vec::with_capacity(rank));
        let mut plan = Vec::new();
        for d in 0..rank {
            let (w, s, bd) = (
                i128::from(win[d]),
                i128::from(strides_[d]),
                i128::from(base_dil[d]),
            );
            if s <= 0 || bd <= 0 || win_dil[d] <= 0 {
                return None;
            }
            let (lo, hi) = (i128::from(pad[d].0), i128::from(pad[d].1));
            let size = shape[d] as i128;
            // No window dilation: along `axis` by the test above, and the
            // other dimensions' windows have one position.
            let out = window_count(size, w, s, bd, 1, lo, hi);
            // More windows than a tensor may hold: the window walk's checks
            // give the error, before anything is built.
            if out > i128::from(limits.max_elements) {
                return None;
            }
            let out = usize::try_from(out).ok()?;
            let mut column = Vec::new();
            for o in 0..out {
                let first = o as i128 * s - lo;
                if d != axis {
                    let inside = first >= 0 && first % bd == 0 && first / bd < size;
                    column.push(inside.then(|| (first / bd) as usize));
                    continue;
                }
                let end = first + w - 1;
                if end < 0 || first >= size {
                    plan.push(None);
                } else if first > 0 {
                    return None;
                } else {
                    let last = end.min(size - 1);
                    plan.push(Some((last as usize, u64::try_from(end - last).ok()?)));
                }
            }
            out_shape.push(out);
            coords.push(column);
        }
        if !fixed() {
            return None;
        }
        Some(Scan {
            out_shape,
            axis,
            plan,
            coords,
        })
    }

    /// The work of [`Scan::run`]: each line folded once, each output read.
    fn work(&self, input_len: usize) -> u64 {
        (input_len as u64).saturating_add(num_elements(&self.out_shape) as u64)
    }

    /// Each line of input along `axis` folded once from `init`, every prefix
    /// kept, and each output its window's prefix with the trailing padding
    /// folded in. Lines, then outputs, in pieces on threads.
    fn run(
        &self,
        in_strides: &[usize],
        init: u64,
        get: &(impl Fn(usize) -> u64 + Sync),
        f: &(impl Fn(u64, u64) -> u64 + Sync),
    ) -> Vec<u64> {
        let Lines { span, bases, step } = self.lines(in_strides);
        let lines = bases.len();
        let prefixes = super::par::build(lines * span, |start, piece| {
            let mut i = start;
            let mut rest = &mut piece[..];
            while !rest.is_empty() {
                let (line, k0) = (i / span, i % span);
                let n = (span - k0).min(rest.len());
                let (seg, later) = rest.split_at_mut(n);
                match bases[line] {
                    None => seg.fill(init),
                    Some(b) => {
                        let mut acc = (0..k0).fold(init, |acc, k| f(acc, get(b + k * step)));
                        for (k, slot) in (k0..).zip(seg.iter_mut()) {
                            acc = f(acc, get(b + k * step));
                            *slot = acc;
                        }
                    }
                }
                rest = later;
                i += n;
            }
        });
        super::par::build(num_elements(&self.out_shape), |start, piece| {
            for (i, slot) in (start..).zip(piece.iter_mut()) {
                let (line, j) = self.place(i);
                *slot = match self.plan[j] {
                    Some((last, trail)) if bases[line].is_some() => {
                        let mut acc = prefixes[line * span + last];
                        // Folding the init value in stops changing the
                        // result once it has left it as it was.
                        for _ in 0..trail {
                            let next = f(acc, init);
                            if next == acc {
                                break;
                            }
                            acc = next;
                        }
                        acc
                    }
                    _ => init,
                };
            }
        })
    }
}

/// The lines of a [`Scan`]: prefixes kept per line, each line's first
/// input offset (`None` for a line in the padding of another dimension),
/// and the input stride along the scanned axis.
struct Lines {
    span: usize,
    bases: Vec<Option<usize>>,
    step: usize,
}

impl Scan {
    fn lines(&self, in_strides: &[usize]) -> Lines {
        let (shape, axis) = (&self.out_shape, self.axis);
        let lines = num_elements(shape) / shape[axis].max(1);
        let span = self.plan.iter().flatten().map(|&(last, _)| last + 1).max();
        let line_base = |line: usize| -> Option<usize> {
            let mut rest = line;
            let mut base = 0usize;
            for d in (0..shape.len()).rev().filter(|&d| d != axis) {
                base += self.coords[d][rest % shape[d]]? * in_strides[d];
                rest /= shape[d];
            }
            Some(base)
        };
        Lines {
            span: span.unwrap_or(0),
            bases: (0..lines).map(line_base).collect(),
            step: in_strides[axis],
        }
    }

    /// The line of output `i` (row-major) and its position along the axis.
    fn place(&self, i: usize) -> (usize, usize) {
        let (shape, axis) = (&self.out_shape, self.axis);
        let inner: usize = shape[axis + 1..].iter().product();
        let along = shape[axis];
        let (outer, j, within) = (i / (along * inner), i / inner % along, i % inner);
        (outer * inner + within, j)
    }

    /// [`Scan::run`] for a body the executor runs: `call(acc, x)` one step
    /// at a time, or every line's step at once on tensors over the lines
    /// (`vb`, when there are several lines). Each output is the same chain
    /// of calls, on the same operands in the same order, as in `run`.
    fn run_body<'p>(
        &self,
        interp: &mut Interp<'p>,
        body: &ScalarFn<'p>,
        vb: Option<&VecBody<'p>>,
        in_strides: &[usize],
        init: u64,
        input: &Tensor,
    ) -> KResult<Vec<u64>> {
        let Lines { span, bases, step } = self.lines(in_strides);
        let lines = bases.len();
        let elem = input.elem.clone();
        let call = |interp: &mut Interp<'p>, acc: u64, x: u64| -> KResult<u64> {
            interp.step()?;
            match body.call(interp, &[&[acc], &[x]])?.as_slice() {
                [v] if v.len() == 1 => Ok(v[0]),
                _ => Err("the body returns the wrong number of values".into()),
            }
        };
        let mut prefixes = vec![init; lines * span];
        match vb {
            Some(vb) if lines >= 4 => {
                let mut acc = Tensor::filled(elem.clone(), vec![lines], &[init]);
                let mut xs = vec![init; lines];
                for k in 0..span {
                    for (x, b) in xs.iter_mut().zip(&bases) {
                        *x = b.map_or(init, |b| input.data.get(b + k * step));
                    }
                    let x = Tensor::new(elem.clone(), vec![lines], &xs);
                    interp.step()?;
                    let args = vec![Value::tensor(acc), Value::tensor(x)];
                    let r = vb.run(interp, args, &[lines])?;
                    acc = match <[Tensor; 1]>::try_from(r) {
                        Ok([t]) if t.data.len() == lines => t,
                        _ => return Err("the body returns the wrong number of values".into()),
                    };
                    for line in 0..lines {
                        prefixes[line * span + k] = acc.data.get(line);
                    }
                }
            }
            _ => {
                for (line, b) in bases.iter().enumerate() {
                    let Some(b) = *b else { continue };
                    let mut acc = init;
                    for k in 0..span {
                        acc = call(interp, acc, input.data.get(b + k * step))?;
                        prefixes[line * span + k] = acc;
                    }
                }
            }
        }
        let n = num_elements(&self.out_shape);
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let (line, j) = self.place(i);
            out.push(match self.plan[j] {
                Some((last, trail)) if bases[line].is_some() => {
                    let mut acc = prefixes[line * span + last];
                    for _ in 0..trail {
                        let next = call(interp, acc, init)?;
                        if next == acc {
                            break;
                        }
                        acc = next;
                    }
                    acc
                }
                _ => init,
            });
        }
        Ok(out)
    }
}

struct Windows {
    out_shape: Vec<usize>,
    win: Vec<usize>,
    /// Per dimension: for output position `o` and window position `w`,
    /// `table[d][o * win[d] + w]` is the input coordinate, or `None` for
    /// padding and dilation holes.
    table: Vec<Vec<Option<usize>>>,
}

/// An output shape and, per dimension, the input coordinate of each
/// (output position, window position); `None` for padding and holes.
pub type WindowTable = (Vec<usize>, Vec<Vec<Option<usize>>>);

/// The output shape and per-dimension coordinate tables of windows over
/// `shape` (see `Windows`); convolution uses it for its lhs windows.
pub fn window_table(
    shape: &[usize],
    win: &[i64],
    strides_: &[i64],
    base_dil: &[i64],
    win_dil: &[i64],
    pad: &[(i64, i64)],
    limits: &super::Limits,
) -> KResult<WindowTable> {
    let w = windows(shape, win, strides_, base_dil, win_dil, pad, limits)?;
    Ok((w.out_shape, w.table))
}

/// The windows along one dimension of `size` elements: window `w`, stride
/// `s`, base and window dilations `bd` and `wd`, padding `lo` and `hi`
/// (exact: attribute values may be anywhere in i64).
fn window_count(size: i128, w: i128, s: i128, bd: i128, wd: i128, lo: i128, hi: i128) -> i128 {
    let dilated = if size == 0 { 0 } else { (size - 1) * bd + 1 };
    let padded = dilated + lo + hi;
    let dw = if w == 0 { 0 } else { (w - 1) * wd + 1 };
    if padded < dw || padded < 0 {
        0
    } else {
        (padded - dw) / s + 1
    }
}

fn windows(
    shape: &[usize],
    win: &[i64],
    strides_: &[i64],
    base_dil: &[i64],
    win_dil: &[i64],
    pad: &[(i64, i64)],
    limits: &super::Limits,
) -> KResult<Windows> {
    let rank = shape.len();
    let mut out_shape = Vec::with_capacity(rank);
    let mut table = Vec::with_capacity(rank);
    let mut wins = Vec::with_capacity(rank);
    // The tables hold one entry per (output position, window position) of
    // every dimension: they are sized first and held to the limits.
    let mut total: u64 = 0;
    let mut geometry = Vec::with_capacity(rank);
    for d in 0..rank {
        let (w, s, bd, wd) = (win[d], strides_[d], base_dil[d], win_dil[d]);
        if w < 0 || s <= 0 || bd <= 0 || wd <= 0 {
            return Err(format!("window attributes of dimension {d} are out of range").into());
        }
        // Exact arithmetic: attribute values may be anywhere in i64.
        let (w, s, bd, wd) = (w as i128, s as i128, bd as i128, wd as i128);
        let (lo, hi) = (pad[d].0 as i128, pad[d].1 as i128);
        let size = shape[d] as i128;
        let out = window_count(size, w, s, bd, wd, lo, hi);
        let out = usize::try_from(out).map_err(|_| "the window count overflows")?;
        let wu = usize::try_from(w).map_err(|_| "the window overflows")?;
        let cells = out.checked_mul(wu).ok_or("the window table overflows")?;
        total = total.saturating_add(cells as u64);
        geometry.push((out, wu, s, wd, lo, bd, size));
    }
    let entry = std::mem::size_of::<Option<usize>>() as u64;
    let bytes = total.saturating_mul(entry);
    if total > limits.max_elements {
        return Err(format!(
            "the window table of {total} entries exceeds the element limit ({}); raise it with --max-elements",
            limits.max_elements
        )
        .into());
    }
    if bytes > limits.max_bytes {
        return Err(format!(
            "the window table of {bytes} bytes exceeds the tensor size limit ({} bytes); raise it with --max-bytes",
            limits.max_bytes
        )
        .into());
    }
    let held = super::memory::live().saturating_add(bytes);
    if held > limits.max_memory {
        return Err(format!(
            "the window table of {bytes} bytes would make the run hold {held} bytes, more than the memory limit ({} bytes); raise it with --max-memory",
            limits.max_memory
        )
        .into());
    }
    for (out, wu, s, wd, lo, bd, size) in geometry {
        let mut t = Vec::with_capacity(out * wu);
        for o in 0..out {
            for k in 0..wu {
                let p = o as i128 * s + k as i128 * wd - lo;
                let c = if p < 0 || p % bd != 0 || p / bd >= size {
                    None
                } else {
                    Some((p / bd) as usize)
                };
                t.push(c);
            }
        }
        let w = wu;
        out_shape.push(out);
        table.push(t);
        wins.push(w);
    }
    Ok(Windows {
        out_shape,
        win: wins,
        table,
    })
}

impl Windows {
    /// Every output of the fold `acc = f(acc, x)` from `init` (see
    /// [`Windows::fold_piece`]), pieces of the outputs on threads.
    fn fold(
        &self,
        in_strides: &[usize],
        init: u64,
        get: impl Fn(usize) -> u64 + Sync,
        f: impl Fn(u64, u64) -> u64 + Sync,
    ) -> Vec<u64> {
        let out_n = num_elements(&self.out_shape);
        super::par::build(out_n, |start, piece| {
            self.fold_piece(in_strides, start, piece, init, &get, &f)
        })
    }

    /// Writes to `out` the outputs `start..start + out.len()` (row-major)
    /// of the fold `acc = f(acc, x)` from `init` over each window, `x` being
    /// `get(input offset)` at each position, or `init` at padding and
    /// holes, positions in row-major window order: what [`Windows::walk`]
    /// visits, in the same order, with no call per position.
    fn fold_piece(
        &self,
        in_strides: &[usize],
        start: usize,
        out: &mut [u64],
        init: u64,
        get: &impl Fn(usize) -> u64,
        f: &impl Fn(u64, u64) -> u64,
    ) {
        let rank = self.out_shape.len();
        if out.is_empty() {
            return;
        }
        if rank == 0 {
            out[0] = f(init, get(0));
            return;
        }
        if self.win.contains(&0) {
            out.fill(init);
            return;
        }
        // Per dimension, the input offset contributed by each (output
        // position, window position), `None` for padding and holes.
        let scaled: Vec<Vec<Option<usize>>> = (0..rank)
            .map(|d| {
                self.table[d]
                    .iter()
                    .map(|c| c.map(|c| c * in_strides[d]))
                    .collect()
            })
            .collect();
        let mut oi = vec![0usize; rank];
        let mut rest = start;
        for d in (0..rank).rev() {
            oi[d] = rest % self.out_shape[d];
            rest /= self.out_shape[d];
        }
        // The window is walked with its last dimension of more than one
        // position innermost; the dimensions after it have one position
        // each, so the row-major order of positions is the same.
        let last = (0..rank)
            .rev()
            .find(|&d| self.win[d] > 1)
            .unwrap_or(rank - 1);
        let mut w = vec![0usize; last];
        if last + 1 < rank || self.out_shape[rank - 1] > 1 {
            self.fold_rows(&scaled, oi, out, init, get, f);
            return;
        }
        for slot in out.iter_mut() {
            let mut acc = init;
            w.fill(0);
            let inner = &scaled[last][oi[last] * self.win[last]..][..self.win[last]];
            // The offset of the one-position dimensions after `last`.
            let mut tail = Some(0usize);
            for d in last + 1..rank {
                tail = match (tail, scaled[d][oi[d]]) {
                    (Some(b), Some(c)) => Some(b + c),
                    _ => None,
                };
            }
            loop {
                let mut base = tail;
                for d in 0..last {
                    base = match (base, scaled[d][oi[d] * self.win[d] + w[d]]) {
                        (Some(b), Some(c)) => Some(b + c),
                        _ => None,
                    };
                }
                match base {
                    Some(b) => {
                        for c in inner {
                            acc = f(acc, c.map_or(init, |c| get(b + c)));
                        }
                    }
                    None => {
                        for _ in inner {
                            acc = f(acc, init);
                        }
                    }
                }
                if !super::tensor::next_index(&mut w, &self.win[..last]) {
                    break;
                }
            }
            *slot = acc;
            super::tensor::next_index(&mut oi, &self.out_shape);
        }
    }

    /// [`Windows::fold_piece`] a row at a time: the outputs of a row along
    /// the last dimension share every window offset but that dimension's,
    /// so they advance side by side, one window position at a time (the
    /// positions of the other dimensions in row-major order, the last
    /// dimension's innermost), each through its own window in row-major
    /// order, as the walk visits it.
    fn fold_rows(
        &self,
        scaled: &[Vec<Option<usize>>],
        mut oi: Vec<usize>,
        out: &mut [u64],
        init: u64,
        get: &impl Fn(usize) -> u64,
        f: &impl Fn(u64, u64) -> u64,
    ) {
        let rank = self.out_shape.len();
        let r = rank - 1;
        let (row_len, wr) = (self.out_shape[r], self.win[r]);
        let mut w = vec![0usize; r];
        // Per window position of the last dimension: the offsets of the
        // row's outputs as (first, step) when they are evenly spaced with
        // no padding or hole among them.
        let mut even: Vec<Option<(usize, usize)>> = Vec::with_capacity(wr);
        let mut rest = out;
        while !rest.is_empty() {
            let o0 = oi[r];
            let n = (row_len - o0).min(rest.len());
            let (row, later) = rest.split_at_mut(n);
            rest = later;
            row.fill(init);
            let at = |j: usize, c: usize| scaled[r][(o0 + j) * wr + c];
            even.clear();
            even.extend((0..wr).map(|c| {
                let first = at(0, c)?;
                let step = if n > 1 {
                    at(1, c)?.checked_sub(first)?
                } else {
                    0
                };
                let fits = (0..n)
                    .all(|j| j.checked_mul(step).and_then(|x| x.checked_add(first)) == at(j, c));
                fits.then_some((first, step))
            }));
            w.fill(0);
            loop {
                let mut base = Some(0usize);
                for d in 0..r {
                    base = match (base, scaled[d][oi[d] * self.win[d] + w[d]]) {
                        (Some(b), Some(c)) => Some(b + c),
                        _ => None,
                    };
                }
                for (c, e) in even.iter().enumerate() {
                    match (base, e) {
                        (Some(b), Some((first, step))) => {
                            let first = b + first;
                            for (j, acc) in row.iter_mut().enumerate() {
                                *acc = f(*acc, get(first + j * step));
                            }
                        }
                        (Some(b), None) => {
                            for (j, acc) in row.iter_mut().enumerate() {
                                *acc = f(*acc, at(j, c).map_or(init, |x| get(b + x)));
                            }
                        }
                        (None, _) => row.iter_mut().for_each(|acc| *acc = f(*acc, init)),
                    }
                }
                if !super::tensor::next_index(&mut w, &self.win[..r]) {
                    break;
                }
            }
            // On to the next row: the last index back to 0, the others on.
            oi[r] = row_len - 1;
            super::tensor::next_index(&mut oi, &self.out_shape);
        }
    }

    /// Calls `f(output linear index, visit)` for each output position, where
    /// the window is walked by calling `g` with each position's input offset
    /// (`None` for padding), in row-major window order.
    fn walk<E>(
        &self,
        in_strides: &[usize],
        mut per_out: impl FnMut(
            &mut dyn FnMut(&mut dyn FnMut(Option<usize>) -> Result<(), E>) -> Result<(), E>,
        ) -> Result<(), E>,
    ) -> Result<(), E> {
        let rank = self.out_shape.len();
        if self.out_shape.contains(&0) {
            return Ok(());
        }
        let mut out_idx = vec![0usize; rank];
        loop {
            {
                let out_idx = &out_idx;
                let mut visit =
                    |g: &mut dyn FnMut(Option<usize>) -> Result<(), E>| -> Result<(), E> {
                        if self.win.contains(&0) {
                            return Ok(());
                        }
                        let mut w = vec![0usize; rank];
                        loop {
                            let mut off = Some(0usize);
                            for d in 0..rank {
                                match (off, self.table[d][out_idx[d] * self.win[d] + w[d]]) {
                                    (Some(o), Some(c)) => off = Some(o + c * in_strides[d]),
                                    _ => {
                                        off = None;
                                        break;
                                    }
                                }
                            }
                            g(off)?;
                            if !super::tensor::next_index(&mut w, &self.win) {
                                return Ok(());
                            }
                        }
                    };
                per_out(&mut visit)?;
            }
            if !super::tensor::next_index(&mut out_idx, &self.out_shape) {
                return Ok(());
            }
        }
    }
}

/// `reduce_window` (spec: reduce_window). Each window folds from the init
/// value in row-major window order; padding holds the init value.
fn reduce_window<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    if args.is_empty() || !args.len().is_multiple_of(2) {
        return Err("reduce_window takes inputs and as many init values".into());
    }
    let n = args.len() / 2;
    let all = tensors(&args)?;
    let body = ScalarFn::new(interp, region(op, 0)?)?;
    if body.arity() != 2 * n {
        return Err(format!("the body takes {} arguments for {n} inputs", body.arity()).into());
    }
    let inputs: Vec<Cow<Tensor>> = (0..n)
        .map(|i| to_arg_type(all[i], body.arg_type(i)))
        .collect::<Result<_, _>>()?;
    let inits: Vec<Cow<Tensor>> = (0..n)
        .map(|i| to_arg_type(all[n + i], body.arg_type(n + i)))
        .collect::<Result<_, _>>()?;
    let shape = inputs[0].shape.clone();
    if inputs.iter().any(|t| t.shape != shape) || inits.iter().any(|t| t.len() != 1) {
        return Err("inputs must share a shape and init values be scalars".into());
    }
    let rank = shape.len();
    let win = dim_list(op, "window_dimensions", rank, 1)?;
    if op.attr("window_dimensions").is_none() {
        return Err("missing `window_dimensions`".into());
    }
    let strides_ = dim_list(op, "window_strides", rank, 1)?;
    let base_dil = dim_list(op, "base_dilations", rank, 1)?;
    let win_dil = dim_list(op, "window_dilations", rank, 1)?;
    let pad = padding_pairs(op, rank)?;
    let result_elems = |interp: &Interp<'p>, out_shape: &[usize]| -> KResult<Vec<ElementType>> {
        let mut elems = Vec::with_capacity(n);
        for i in 0..n {
            let e = result_elem(interp, op, i)?;
            interp.check_shape(out_shape, lanes(&e))?;
            if let Ok((s, _)) = result_type(interp, op, i) {
                if s != out_shape {
                    return Err(format!(
                        "result {i} has shape {s:?} but the windows give {out_shape:?}"
                    )
                    .into());
                }
            }
            elems.push(e);
        }
        Ok(elems)
    };
    let st = strides(&shape);
    if let (true, 1, 1) = (interp.fast_kernels, n, inputs[0].lanes()) {
        let init = inits[0].data.get(0);
        let fast = body.fast_binary();
        // Whether the init value is its own fold: by the one-op rule, else
        // by a call of the body (whose error is the op's).
        let mut failed = None;
        let limits = interp.limits;
        let scan = Scan::new(
            &shape,
            &win,
            &strides_,
            &base_dil,
            &win_dil,
            &pad,
            || match &fast {
                Some(f) => f(init, init) == init,
                None => {
                    let r = match interp.step() {
                        Ok(()) => body.call(interp, &[&[init], &[init]]),
                        Err(e) => Err(e.into()),
                    };
                    match r {
                        Ok(v) => v.len() == 1 && v[0] == [init],
                        Err(e) => {
                            failed = Some(e);
                            false
                        }
                    }
                }
            },
            &limits,
        );
        if let Some(e) = failed {
            return Err(e);
        }
        if let Some(scan) = scan {
            let elems = result_elems(interp, &scan.out_shape)?;
            // Each line folded once, each output read once; the prefixes
            // are held.
            interp.charge(
                scan.work(inputs[0].len())
                    .saturating_mul(body_work(region(op, 0)?)),
                lane_bytes(inputs[0].len(), 1),
            )?;
            let data = &inputs[0].data;
            let out = match fast {
                // A body of several ops: the prefixes by the body.
                None => {
                    let vb = VecBody::new(interp, region(op, 0)?);
                    scan.run_body(interp, &body, vb.as_ref(), &st, init, &inputs[0])?
                }
                Some(f) => match (body.fast_float(), data) {
                    (Some((op, FloatKind::F32)), Words::U32(v)) => {
                        scan.run(&st, init, &|o| v[o] as u64, &|a, b| fold_f32(op, a, b))
                    }
                    (Some((op, FloatKind::BF16)), Words::U16(v)) => {
                        scan.run(&st, init, &|o| v[o] as u64, &|a, b| {
                            fold_half(FloatKind::BF16, op, a, b)
                        })
                    }
                    (Some((op, FloatKind::F16)), Words::U16(v)) => {
                        scan.run(&st, init, &|o| v[o] as u64, &|a, b| {
                            fold_half(FloatKind::F16, op, a, b)
                        })
                    }
                    _ => scan.run(&st, init, &|o| data.get(o), &f),
                },
            };
            return finish(vec![out], elems, &scan.out_shape);
        }
    }
    let ws = windows(
        &shape,
        &win,
        &strides_,
        &base_dil,
        &win_dil,
        &pad,
        &interp.limits,
    )?;
    let elems = result_elems(interp, &ws.out_shape)?;
    let out_n = num_elements(&ws.out_shape);
    // One body call per (output, window position).
    let window = ws.win.iter().fold(1u64, |a, &w| a.saturating_mul(w as u64));
    interp.charge(
        (out_n as u64)
            .saturating_mul(window)
            .saturating_mul(body_work(region(op, 0)?)),
        0,
    )?;
    let mut outs: Vec<Vec<u64>> = (0..n)
        .map(|i| Vec::with_capacity(out_n * inits[i].lanes()))
        .collect();
    if let (1, Some(f), 1) = (n, body.fast_binary(), inputs[0].lanes()) {
        let data = &inputs[0].data;
        let init = inits[0].data.get(0);
        if interp.fast_kernels {
            // The same folds as the walk below, each output's window in
            // row-major order, without a call per position; the outputs are
            // independent, so pieces of them may run on threads.
            let out = match (body.fast_float(), data) {
                (Some((op, FloatKind::F32)), Words::U32(v)) => {
                    ws.fold(&st, init, |o| v[o] as u64, |a, b| fold_f32(op, a, b))
                }
                (Some((op, FloatKind::BF16)), Words::U16(v)) => ws.fold(
                    &st,
                    init,
                    |o| v[o] as u64,
                    |a, b| fold_half(FloatKind::BF16, op, a, b),
                ),
                (Some((op, FloatKind::F16)), Words::U16(v)) => ws.fold(
                    &st,
                    init,
                    |o| v[o] as u64,
                    |a, b| fold_half(FloatKind::F16, op, a, b),
                ),
                _ => ws.fold(&st, init, |o| data.get(o), &f),
            };
            return finish(vec![out], elems, &ws.out_shape);
        }
        ws.walk::<KernelErr>(&st, |visit| {
            let mut acc = init;
            visit(&mut |o| {
                acc = f(acc, o.map_or(init, |o| data.get(o)));
                Ok(())
            })?;
            outs[0].push(acc);
            Ok(())
        })?;
    } else {
        ws.walk::<super::KernelError>(&st, |visit| {
            let mut accs: Vec<Vec<u64>> = inits.iter().map(|t| t.lanes_vec()).collect();
            visit(&mut |o| {
                let elems: Vec<_> = (0..n)
                    .map(|i| match o {
                        Some(o) => inputs[i].elem_lanes(o),
                        None => inits[i].elem_lanes(0),
                    })
                    .collect();
                let mut call: Vec<&[u64]> = Vec::with_capacity(2 * n);
                call.extend(accs.iter().map(|a| a.as_slice()));
                call.extend(elems.iter().map(|e| &**e));
                interp.step()?;
                let r = body.call(interp, &call)?;
                if r.len() != n {
                    return Err("the body returns the wrong number of values".into());
                }
                accs = r;
                Ok(())
            })?;
            for (o, a) in outs.iter_mut().zip(&accs) {
                o.extend_from_slice(a);
            }
            Ok(())
        })?;
    }
    finish(outs, elems, &ws.out_shape)
}

/// One step of `select_and_scatter`'s selection fold over a window's
/// offsets, `u64::MAX` standing for padding (never selected, so the other
/// side wins): the current choice `cur` is kept when `keep(cur, o)` holds,
/// else the window's next offset `o` is chosen.
#[inline(always)]
fn kept_of(cur: u64, o: u64, keep: impl Fn(usize, usize) -> bool) -> u64 {
    if o == u64::MAX || cur == u64::MAX {
        return cur.min(o);
    }
    if keep(cur as usize, o as usize) {
        cur
    } else {
        o
    }
}

/// `select_and_scatter` (spec: select_and_scatter); see the module doc for
/// the selection order and padding.
fn select_and_scatter<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let [operand, source, init] = tensors(&args)?[..] else {
        return Err("select_and_scatter takes operand, source and init_value".into());
    };
    let select = ScalarFn::new(interp, region(op, 0)?)?;
    let scatter = ScalarFn::new(interp, region(op, 1)?)?;
    if select.arity() != 2 || scatter.arity() != 2 {
        return Err("select and scatter take two arguments each".into());
    }
    if init.len() != 1 {
        return Err("init_value must be a scalar".into());
    }
    let rank = operand.rank();
    if op.attr("window_dimensions").is_none() {
        return Err("missing `window_dimensions`".into());
    }
    let ws = windows(
        &operand.shape,
        &dim_list(op, "window_dimensions", rank, 1)?,
        &dim_list(op, "window_strides", rank, 1)?,
        &vec![1; rank],
        &vec![1; rank],
        &padding_pairs(op, rank)?,
        &interp.limits,
    )?;
    if source.shape != ws.out_shape {
        return Err(format!(
            "source has shape {:?} but the windows give {:?}",
            source.shape, ws.out_shape
        )
        .into());
    }
    let elem = result_elem(interp, op, 0)?;
    interp.check_shape(&operand.shape, lanes(&elem))?;
    // A select call per window position, a scatter call per source element;
    // the selected position of each source element is held.
    let window = ws.win.iter().fold(1u64, |a, &w| a.saturating_mul(w as u64));
    interp.charge(
        (source.len() as u64)
            .saturating_mul(window)
            .saturating_mul(body_work(region(op, 0)?))
            .saturating_add((source.len() as u64).saturating_mul(body_work(region(op, 1)?))),
        lane_bytes(source.len(), 2),
    )?;
    let st = strides(&operand.shape);
    let fast_sel = recognise_compare(interp, region(op, 0)?);
    let sel_kind = select.arg_type(0).cloned().unwrap_or(operand.elem.clone());
    // Selected operand offset of each source element, in row-major order.
    let mut selected: Vec<Option<usize>> = Vec::with_capacity(source.len());
    if let (true, Some(cmp), 1) = (interp.fast_kernels, &fast_sel, operand.lanes()) {
        // The walk below as a fold over each window's offsets (padding
        // skipped), with no call per position; windows on threads.
        const NONE: u64 = u64::MAX;
        let data = &operand.data;
        let f32_float_order = sel_kind == ElementType::Float(FloatKind::F32)
            && operand.elem == sel_kind
            && cmp.ctype != Some("TOTALORDER");
        let chosen = match (data, f32_float_order, (cmp.lhs, cmp.rhs)) {
            // An f32 comparison in IEEE order on the words themselves
            // (what `FastCompare::holds` does after reading them).
            (Words::U32(v), true, (0, 1) | (1, 0)) => {
                let swap = cmp.lhs == 1;
                ws.fold(
                    &st,
                    NONE,
                    |o| o as u64,
                    |cur, o| {
                        kept_of(cur, o, |cur, o| {
                            let (Some(&x), Some(&y)) = (v.get(cur), v.get(o)) else {
                                return false;
                            };
                            let (x, y) = (f32::from_bits(x), f32::from_bits(y));
                            let ord = if swap {
                                y.partial_cmp(&x)
                            } else {
                                x.partial_cmp(&y)
                            };
                            cmp.dir.holds(ord)
                        })
                    },
                )
            }
            _ => ws.fold(
                &st,
                NONE,
                |o| o as u64,
                |cur, o| {
                    kept_of(cur, o, |cur, o| {
                        let pair = [data.get(cur), data.get(o)];
                        match (pair.get(cmp.lhs), pair.get(cmp.rhs)) {
                            (Some(&x), Some(&y)) => cmp.holds(&sel_kind, x, y),
                            _ => false,
                        }
                    })
                },
            ),
        };
        selected.extend(
            chosen
                .into_iter()
                .map(|o| (o != NONE).then_some(o as usize)),
        );
    } else {
        ws.walk::<super::KernelError>(&st, |visit| {
            let mut cur: Option<usize> = None;
            visit(&mut |o| {
                let Some(o) = o else { return Ok(()) };
                match cur {
                    None => cur = Some(o),
                    Some(c) => {
                        interp.step()?;
                        let r = select
                            .call(interp, &[&operand.elem_lanes(c), &operand.elem_lanes(o)])?;
                        let keep = r.first().and_then(|v| v.first()).copied().unwrap_or(0) & 1 == 1;
                        if !keep {
                            cur = Some(o);
                        }
                    }
                }
                Ok(())
            })?;
            selected.push(cur);
            Ok(())
        })?;
    }
    let l = init.lanes();
    if l != lanes(&elem) || source.lanes() != l {
        return Err("operand, source and result element types differ".into());
    }
    let init_lanes = init.lanes_vec();
    let f32_add = scatter.fast_float() == Some((super::region::BinOp::Add, FloatKind::F32))
        && elem == ElementType::Float(FloatKind::F32);
    if let (true, true, Words::U32(src), &[init_bits]) =
        (interp.fast_kernels, f32_add, &source.data, &init_lanes[..])
    {
        // f32 sums in hardware: a sum that is not a NaN had no NaN operand
        // and is the correctly rounded one, `arith::add`'s; a NaN is left
        // to `arith::add` (its NaN rule).
        let f = FloatKind::F32.format();
        let mut w = vec![init_bits as u32; operand.len()];
        for (&s, &y) in selected.iter().zip(src) {
            let Some(slot) = s.and_then(|pos| w.get_mut(pos)) else {
                continue;
            };
            let r = f32::from_bits(*slot) + f32::from_bits(y);
            *slot = if r.is_nan() {
                arith::add(
                    f,
                    u64::from(*slot),
                    u64::from(y),
                    crate::float::Rounding::NearestEven,
                ) as u32
            } else {
                r.to_bits()
            };
        }
        let out = Tensor::from_words(elem, operand.shape.clone(), Words::U32(w));
        return Ok(vec![Value::tensor(out)]);
    }
    let fast = scatter.fast_binary();
    if let (Some(f), 1) = (&fast, l) {
        // Single lanes scattered into the result's own words.
        let mut w = Words::repeat(Width::of(&elem), &init_lanes, operand.len());
        for (i, s) in selected.iter().enumerate() {
            if let Some(pos) = *s {
                w.set(pos, f(w.get(pos), source.data.get(i)));
            }
        }
        let out = Tensor::from_words(elem, operand.shape.clone(), w);
        return Ok(vec![Value::tensor(out)]);
    }
    let mut data = Vec::with_capacity(operand.len() * l);
    for _ in 0..operand.len() {
        data.extend_from_slice(&init_lanes);
    }
    for (i, s) in selected.iter().enumerate() {
        let Some(pos) = *s else { continue };
        interp.step()?;
        let r = scatter.call(
            interp,
            &[&data[pos * l..(pos + 1) * l], &source.elem_lanes(i)],
        )?;
        let v = r.into_iter().next().ok_or("scatter returned nothing")?;
        if v.len() != l {
            return Err("scatter returned the wrong type".into());
        }
        data[pos * l..(pos + 1) * l].copy_from_slice(&v);
    }
    Ok(vec![Value::tensor(Tensor::new(
        elem,
        operand.shape.clone(),
        &data,
    ))])
}

// ---------------------------------------------------------------------------
// Comparator fast path
// ---------------------------------------------------------------------------

/// A body `return compare(DIR, arg_i, arg_j [, type])`.
struct FastCompare {
    lhs: usize,
    rhs: usize,
    dir: Direction,
    ctype: Option<&'static str>,
}

impl FastCompare {
    /// The comparison on single-lane elements of `elem`.
    fn holds(&self, elem: &ElementType, x: u64, y: u64) -> bool {
        let float_order = self.ctype != Some("TOTALORDER");
        match elem {
            // IEEE order in hardware, which is `arith::compare_op`'s FLOAT
            // order (±0 equal, a NaN unordered with everything).
            ElementType::Float(FloatKind::F32) if float_order => self
                .dir
                .holds(f32::from_bits(x as u32).partial_cmp(&f32::from_bits(y as u32))),
            ElementType::Float(FloatKind::F64) if float_order => self
                .dir
                .holds(f64::from_bits(x).partial_cmp(&f64::from_bits(y))),
            ElementType::Float(k) => {
                arith::compare_op(k.format(), x, y, self.dir, self.ctype == Some("TOTALORDER"))
            }
            other => IntCompare::new(other, self.ctype).holds(self.dir, x, y),
        }
    }
}

fn recognise_compare(interp: &Interp<'_>, region: &Region) -> Option<FastCompare> {
    let block = region.blocks.first()?;
    let [op, ret] = block.ops.as_slice() else {
        return None;
    };
    if op.name != "stablehlo.compare"
        || !matches!(ret.name.as_str(), "stablehlo.return" | "func.return")
        || ret.operands.as_slice() != op.results.as_slice()
        || op.results.len() != 1
    {
        return None;
    }
    let [a, b] = op.operands.as_slice() else {
        return None;
    };
    let lhs = block.args.iter().position(|x| x == a)?;
    let rhs = block.args.iter().position(|x| x == b)?;
    let elem = match interp.ty(*a) {
        Type::Tensor(t) => t.elem.clone(),
        _ => return None,
    };
    if !matches!(
        elem,
        ElementType::Float(_) | ElementType::Int(..) | ElementType::Index
    ) {
        return None;
    }
    let dir = match op.attr("comparison_direction").and_then(Attr::as_enum)? {
        "EQ" => Direction::Eq,
        "NE" => Direction::Ne,
        "GE" => Direction::Ge,
        "GT" => Direction::Gt,
        "LE" => Direction::Le,
        "LT" => Direction::Lt,
        _ => return None,
    };
    let ctype = op.attr("compare_type").and_then(Attr::as_enum);
    Some(FastCompare {
        lhs,
        rhs,
        dir,
        ctype,
    })
}

// ---------------------------------------------------------------------------
// Sorting
// ---------------------------------------------------------------------------

/// The work of one call of a region: its ops (at least one).
pub fn body_work(region: &Region) -> u64 {
    region
        .blocks
        .iter()
        .map(|b| b.ops.len() as u64)
        .sum::<u64>()
        .max(1)
}

/// Comparisons a merge sort of `n` elements makes at most: `n·⌈log2 n⌉`
/// (the insertion-sorted runs of 16 included).
fn sort_comparisons(n: usize) -> u64 {
    let log = usize::BITS - n.saturating_sub(1).leading_zeros();
    (n as u64).saturating_mul(u64::from(log.max(1)) + 4)
}

/// Stable merge sort of `v` by a fallible strict "less" (insertion sort on
/// short runs, then bottom-up merges). Never panics on an inconsistent
/// comparator.
pub fn merge_sort<E>(
    v: &mut Vec<usize>,
    less: &mut impl FnMut(usize, usize) -> Result<bool, E>,
) -> Result<(), E> {
    const RUN: usize = 16;
    let n = v.len();
    let mut start = 0;
    while start < n {
        let end = (start + RUN).min(n);
        for i in start + 1..end {
            let mut j = i;
            while j > start && less(v[j], v[j - 1])? {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        start = end;
    }
    let mut buf = vec![0usize; n];
    let mut width = RUN;
    while width < n {
        let mut lo = 0;
        while lo < n {
            let mid = (lo + width).min(n);
            let hi = (lo + 2 * width).min(n);
            let (mut i, mut j, mut k) = (lo, mid, lo);
            while i < mid && j < hi {
                if less(v[j], v[i])? {
                    buf[k] = v[j];
                    j += 1;
                } else {
                    buf[k] = v[i];
                    i += 1;
                }
                k += 1;
            }
            buf[k..k + (mid - i)].copy_from_slice(&v[i..mid]);
            k += mid - i;
            buf[k..k + (hi - j)].copy_from_slice(&v[j..hi]);
            lo = hi;
        }
        std::mem::swap(v, &mut buf);
        width *= 2;
    }
    Ok(())
}

/// `sort` (spec: sort). Always stable; see the module doc.
fn sort<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let inputs = tensors(&args)?;
    let first = *inputs.first().ok_or("sort takes at least one input")?;
    let shape = first.shape.clone();
    if inputs.iter().any(|t| t.shape != shape) {
        return Err("(C3) same(shape(inputs...) ++ shape(results...)) does not hold for the run's values: the inputs differ in shape".into());
    }
    let rank = shape.len() as i64;
    let dim = attr_i64(op, "dimension").unwrap_or(-1);
    let dim = if dim < 0 { dim + rank } else { dim };
    if rank == 0 || !(0..rank).contains(&dim) {
        return Err(format!("dimension {dim} is out of range for rank {rank}").into());
    }
    let dim = dim as usize;
    // Every slice along `dim` is merge sorted, each comparison a call of the
    // comparator; the inputs are copied into the results, and a slice's
    // permutation, keys and merge buffer are held.
    let len = shape[dim];
    let slices = first.len().checked_div(len).unwrap_or(0);
    interp.charge(
        (slices as u64)
            .saturating_mul(sort_comparisons(len))
            .saturating_mul(body_work(region(op, 0)?)),
        inputs
            .iter()
            .fold(0u64, |a, t| a.saturating_add(tensor_bytes(t)))
            .saturating_add(lane_bytes(len, 4)),
    )?;
    let comparator = ScalarFn::new(interp, region(op, 0)?)?;
    if comparator.arity() != 2 * inputs.len() {
        return Err("the comparator takes two arguments per input".into());
    }
    let fast = recognise_compare(interp, region(op, 0)?).filter(|c| {
        c.lhs / 2 == c.rhs / 2
            && c.lhs != c.rhs
            && c.lhs / 2 < inputs.len()
            && inputs[c.lhs / 2].lanes() == 1
    });
    let plan = match fast {
        Some(c) => SortPlan::Key {
            key: Cow::Borrowed(inputs[c.lhs / 2]),
            swapped: c.lhs % 2 == 1,
            cmp: c,
        },
        None => match comparator_keys(interp, region(op, 0)?, &args, &shape) {
            Some((p, q, swapped, cmp)) if p.data == q.data => SortPlan::Key {
                key: Cow::Owned(p),
                swapped,
                cmp,
            },
            Some((p, q, swapped, cmp)) => SortPlan::Pair { p, q, swapped, cmp },
            None => SortPlan::General,
        },
    };
    let st = strides(&shape);
    let stride = st[dim];
    let mut outer: Vec<(usize, usize)> = Vec::new();
    for d in 0..shape.len() {
        if d != dim {
            outer.push((shape[d], st[d]));
        }
    }
    let mut datas: Vec<Vec<u64>> = inputs.iter().map(|t| t.lanes_vec()).collect();
    let mut perm: Vec<usize> = Vec::with_capacity(len);
    let mut buf = SortBuf::default();
    for_each_offset::<super::KernelError>(&outer, 0, |base| {
        perm.clear();
        perm.extend(0..len);
        let at = |i: usize| base + i * stride;
        match &plan {
            SortPlan::Key { key, swapped, cmp } if key_sortable(cmp, key, &perm, &at) => {
                // A strict weak order on keys: any stable sort gives the
                // merge sort's result.
                let descending = (cmp.dir == Direction::Gt) != *swapped;
                let key_of = |i: usize| sort_key(cmp, &key.elem, key.data.get(at(i)));
                sort_by_keys(&mut perm, &key_of, descending, len, &mut buf);
            }
            SortPlan::Key { key, swapped, cmp } => {
                let (elem, data) = (&key.elem, &key.data);
                merge_sort::<KernelErr>(&mut perm, &mut |a, b| {
                    let (x, y) = (data.get(at(a)), data.get(at(b)));
                    Ok(if *swapped {
                        cmp.holds(elem, y, x)
                    } else {
                        cmp.holds(elem, x, y)
                    })
                })?;
            }
            SortPlan::Pair { p, q, swapped, cmp } => {
                merge_sort::<KernelErr>(&mut perm, &mut |a, b| {
                    let (a, b) = if *swapped { (b, a) } else { (a, b) };
                    Ok(cmp.holds(&p.elem, p.data.get(at(a)), q.data.get(at(b))))
                })?;
            }
            SortPlan::General => {
                merge_sort(&mut perm, &mut |a, b| {
                    let mut elems = Vec::with_capacity(2 * inputs.len());
                    for t in &inputs {
                        elems.push(t.elem_lanes(at(a)));
                        elems.push(t.elem_lanes(at(b)));
                    }
                    let call: Vec<&[u64]> = elems.iter().map(|e| &**e).collect();
                    interp.step()?;
                    let r = comparator.call(interp, &call)?;
                    Ok::<bool, super::KernelError>(
                        r.first().and_then(|v| v.first()).copied().unwrap_or(0) & 1 == 1,
                    )
                })?;
            }
        }
        for (t, out) in inputs.iter().zip(datas.iter_mut()) {
            let l = t.lanes();
            for (i, &p) in perm.iter().enumerate() {
                let (dst, src) = (at(i) * l, at(p) * l);
                t.data.read(src, &mut out[dst..dst + l]);
            }
        }
        Ok(())
    })?;
    Ok(inputs
        .iter()
        .zip(datas)
        .map(|(t, data)| Value::tensor(Tensor::new(t.elem.clone(), shape.clone(), &data)))
        .collect())
}

/// Puts into `perm` the stable order of the keys `key(i)` of its `perm.len()`
/// positions (ascending, or descending with ties still in index order).
/// The keys of one sort come from one element type of at most 64 bits, so
/// they span fewer than 2^64 values and shift into `u64`; each key is paired
/// with its index, which breaks ties, so an unstable sort of the pairs gives
/// the stable order, reading the keys in place instead of through the
/// permutation. Keys of 32 bits or fewer and their index pack into one
/// `u64`. Only the first `top` entries of `perm` are wanted (`top_k`): the
/// rest are put in no order. `buf` is scratch space, kept across calls.
fn sort_by_keys(
    perm: &mut [usize],
    key: &dyn Fn(usize) -> i128,
    descending: bool,
    top: usize,
    buf: &mut SortBuf,
) {
    let n = perm.len();
    let Some((min, max)) = (0..n).map(key).fold(None, |m, k| match m {
        None => Some((k, k)),
        Some((lo, hi)) => Some((k.min(lo), k.max(hi))),
    }) else {
        return;
    };
    let span = max.wrapping_sub(min) as u64;
    let shifted = |i: usize| {
        let u = key(i).wrapping_sub(min) as u64;
        if descending {
            span - u
        } else {
            u
        }
    };
    if span <= u64::from(u32::MAX) && n as u64 <= 1 << 32 {
        buf.packed.clear();
        buf.packed
            .extend((0..n).map(|i| (shifted(i) << 32) | i as u64));
        first_sorted(&mut buf.packed, top);
        for (p, &x) in perm.iter_mut().zip(buf.packed.iter()) {
            *p = (x & 0xffff_ffff) as usize;
        }
    } else {
        buf.pairs.clear();
        buf.pairs.extend((0..n).map(|i| (shifted(i), i as u64)));
        first_sorted(&mut buf.pairs, top);
        for (p, &(_, i)) in perm.iter_mut().zip(buf.pairs.iter()) {
            *p = i as usize;
        }
    }
}

/// Scratch space of [`sort_by_keys`].
#[derive(Default)]
struct SortBuf {
    packed: Vec<u64>,
    pairs: Vec<(u64, u64)>,
}

/// Sorts the first `top` items of `v` into place (all of them if `top`
/// reaches its length); the rest are left in no order.
fn first_sorted<T: Ord>(v: &mut [T], top: usize) {
    if top >= v.len() {
        v.sort_unstable();
    } else if top > 0 {
        v.select_nth_unstable(top - 1);
        v[..top].sort_unstable();
    }
}

/// How `sort` calls its comparator.
enum SortPlan<'a> {
    /// `less(a, b) = cmp(key[a], key[b])` (`swapped`: `cmp(key[b], key[a])`).
    Key {
        key: Cow<'a, Tensor>,
        swapped: bool,
        cmp: FastCompare,
    },
    /// `less(a, b) = cmp(p[a], q[b])` (`swapped`: `cmp(p[b], q[a])`).
    Pair {
        p: Tensor,
        q: Tensor,
        swapped: bool,
        cmp: FastCompare,
    },
    /// The comparator run by the interpreter on every pair.
    General,
}

/// For a comparator `return compare(f(…), g(…))` where `f` reads only the
/// left-hand arguments and `g` only the right-hand ones (or the other way
/// round), through straight-line elementwise ops and constants — JAX's float
/// comparators canonicalise ±0 and NaN this way — the values of `f` and `g`
/// for every element, computed once on whole tensors by the elementwise
/// kernels (the same per-element bits as on scalars), with whether `f` reads
/// the right-hand side, and the final comparison. `None` when the body has
/// another form.
fn comparator_keys<'p>(
    interp: &mut Interp<'p>,
    region: &'p Region,
    args: &[Value],
    shape: &[usize],
) -> Option<(Tensor, Tensor, bool, FastCompare)> {
    let block = region.blocks.first()?;
    let (ret, body) = block.ops.split_last()?;
    if !matches!(ret.name.as_str(), "stablehlo.return" | "func.return") {
        return None;
    }
    let [r] = ret.operands.as_slice() else {
        return None;
    };
    let def = |v: u32| body.iter().position(|o| o.results.contains(&v));
    let cmp_op = &body[def(*r)?];
    if cmp_op.name != "stablehlo.compare" {
        return None;
    }
    let [p, q] = cmp_op.operands.as_slice() else {
        return None;
    };
    let dir = match cmp_op
        .attr("comparison_direction")
        .and_then(Attr::as_enum)?
    {
        "EQ" => Direction::Eq,
        "NE" => Direction::Ne,
        "GE" => Direction::Ge,
        "GT" => Direction::Gt,
        "LE" => Direction::Le,
        "LT" => Direction::Lt,
        _ => return None,
    };
    let cmp = FastCompare {
        lhs: 0,
        rhs: 1,
        dir,
        ctype: cmp_op.attr("compare_type").and_then(Attr::as_enum),
    };
    let elementwise = |name: &str| {
        name == "stablehlo.constant" || super::elementwise::KERNELS.iter().any(|(n, _)| *n == name)
    };
    // The ops (in block order) and block arguments a value depends on.
    let cone = |v: u32| -> Option<(Vec<usize>, Vec<usize>)> {
        let (mut ops, mut used, mut stack) = (Vec::new(), Vec::new(), vec![v]);
        while let Some(v) = stack.pop() {
            if let Some(a) = block.args.iter().position(|&x| x == v) {
                if !used.contains(&a) {
                    used.push(a);
                }
                continue;
            }
            let i = def(v)?;
            let o = &body[i];
            if !elementwise(&o.name) || !o.regions.is_empty() || std::ptr::eq(o, cmp_op) {
                return None;
            }
            if !ops.contains(&i) {
                ops.push(i);
                stack.extend(o.operands.iter().copied());
            }
        }
        ops.sort_unstable();
        Some((ops, used))
    };
    let (p_ops, p_args) = cone(*p)?;
    let (q_ops, q_args) = cone(*q)?;
    let all = |a: &[usize], parity: usize| a.iter().all(|&i| i % 2 == parity);
    let swapped = if all(&p_args, 0) && all(&q_args, 1) {
        false
    } else if all(&p_args, 1) && all(&q_args, 0) {
        true
    } else {
        return None;
    };
    let mut eval = |ops: &[usize], target: u32| -> Option<Tensor> {
        let mut env: Vec<(u32, Value)> = Vec::new();
        let lookup = |env: &[(u32, Value)], v: u32| -> Option<Value> {
            match block.args.iter().position(|&x| x == v) {
                Some(a) => args.get(a / 2).cloned(),
                None => env.iter().find(|(id, _)| *id == v).map(|(_, x)| x.clone()),
            }
        };
        for &i in ops {
            let o: &'p Op = &body[i];
            let operands: Vec<Value> = o
                .operands
                .iter()
                .map(|&v| lookup(&env, v))
                .collect::<Option<_>>()?;
            let kernel = *super::registry().get(o.name.as_str())?;
            let results = kernel(interp, o, operands).ok()?;
            if results.len() != o.results.len() {
                return None;
            }
            for (&id, v) in o.results.iter().zip(results) {
                let t = v.into_tensor().ok()?;
                let t = if t.shape.is_empty() && !shape.is_empty() {
                    Tensor::filled(t.elem.clone(), shape.to_vec(), &t.lanes_vec())
                } else {
                    t
                };
                if t.shape != shape {
                    return None;
                }
                env.push((id, Value::tensor(t)));
            }
        }
        let t = lookup(&env, target)?.into_tensor().ok()?;
        let t = if t.shape.is_empty() && !shape.is_empty() {
            Tensor::filled(t.elem.clone(), shape.to_vec(), &t.lanes_vec())
        } else {
            t
        };
        (t.shape == shape
            && matches!(
                t.elem,
                ElementType::Float(_) | ElementType::Int(..) | ElementType::Index
            ))
        .then_some(t)
    };
    let pk = eval(&p_ops, *p)?;
    let qk = eval(&q_ops, *q)?;
    (pk.elem == qk.elem).then_some((pk, qk, swapped, cmp))
}

/// Whether a one-compare comparator orders this slice by keys: `LT`/`GT`,
/// and for `FLOAT` comparisons no NaN in the slice (NaN breaks the order).
fn key_sortable(c: &FastCompare, t: &Tensor, perm: &[usize], at: &dyn Fn(usize) -> usize) -> bool {
    if !matches!(c.dir, Direction::Lt | Direction::Gt) {
        return false;
    }
    match &t.elem {
        ElementType::Float(k) => {
            c.ctype == Some("TOTALORDER")
                || perm.iter().all(|&i| !k.format().is_nan(t.data.get(at(i))))
        }
        _ => true,
    }
}

/// The key a one-compare comparator orders by: totalOrder, or IEEE order
/// (−0 = +0) for `FLOAT`; integers by the comparison's signedness.
fn sort_key(c: &FastCompare, elem: &ElementType, x: u64) -> i128 {
    match elem {
        ElementType::Float(k) => {
            let f = k.format();
            if c.ctype != Some("TOTALORDER") && f.is_zero(x) {
                0
            } else {
                arith::total_order_key(f, x) as i128
            }
        }
        other => {
            let k = int_kind(other).unwrap_or(IntKind {
                bits: 64,
                signed: true,
            });
            let signed = match c.ctype {
                Some("SIGNED") => true,
                Some("UNSIGNED") => false,
                _ => k.signed,
            };
            let rk = IntKind {
                bits: k.bits,
                signed,
            };
            rk.value(rk.wrap(k.value(x)))
        }
    }
}

/// An order key: larger keys rank first in `top_k`.
fn rank_key(elem: &ElementType, lanes_of: &[u64]) -> i128 {
    match elem {
        ElementType::Float(k) => arith::total_order_key(k.format(), lanes_of[0]) as i128,
        other => match int_kind(other) {
            Some(k) => k.value(lanes_of[0]),
            None => 0,
        },
    }
}

/// `chlo.top_k`: the `k` largest elements of each last-dimension slice, in
/// descending order, and their indices (ties: lower index first; floats by
/// totalOrder).
fn top_k<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let [t] = tensors(&args)?[..] else {
        return Err("top_k takes one operand".into());
    };
    if matches!(t.elem, ElementType::Complex(_) | ElementType::Quant(_)) {
        return Err("top_k takes integers or real floats".into());
    }
    let k = to_usize(attr_i64(op, "k").ok_or("missing `k`")?, "k")?;
    let n = *t.shape.last().ok_or("top_k needs rank ≥ 1")?;
    if k > n {
        return Err(format!("k = {k} exceeds the last dimension ({n})").into());
    }
    let mut out_shape = t.shape.clone();
    if let Some(last) = out_shape.last_mut() {
        *last = k;
    }
    let idx_elem = result_elem(interp, op, 1)?;
    interp.check_shape(&out_shape, 1)?;
    let ik = int_kind(&idx_elem).ok_or("indices must be integers")?;
    let rows = num_elements(&t.shape[..t.rank() - 1]);
    // Each row is sorted by keys (with its permutation and key pairs held).
    interp.charge(
        (rows as u64).saturating_mul(sort_comparisons(n)),
        lane_bytes(n, 3),
    )?;
    let mut vals = Vec::with_capacity(rows * k);
    let mut idxs = Vec::with_capacity(rows * k);
    let mut perm: Vec<usize> = Vec::with_capacity(n);
    let mut buf = SortBuf::default();
    for r in 0..rows {
        perm.clear();
        perm.extend(0..n);
        // Descending, equal keys in index order; only the first k are kept.
        let key_of = |i: usize| rank_key(&t.elem, &t.elem_lanes(r * n + i));
        sort_by_keys(&mut perm, &key_of, true, k, &mut buf);
        for &p in &perm[..k] {
            vals.push(t.data.get(r * n + p));
            idxs.push(ik.wrap(p as i128));
        }
    }
    Ok(vec![
        Value::tensor(Tensor::new(t.elem.clone(), out_shape.clone(), &vals)),
        Value::tensor(Tensor::new(idx_elem, out_shape, &idxs)),
    ])
}

/// `map` (spec: map): the computation applied to each index of the inputs.
fn map<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let inputs = tensors(&args)?;
    let first = *inputs.first().ok_or("map takes at least one input")?;
    if inputs.iter().any(|t| t.shape != first.shape) {
        return Err("(C1) forall x in inputs: shape(x) = shape(result) does not hold for the run's values: the inputs differ in shape".into());
    }
    if let Some(dims) = attr_i64s(op, "dimensions")? {
        let want: Vec<i64> = (0..first.rank() as i64).collect();
        if dims != want {
            return Err("`dimensions` must be [0, …, rank − 1]".into());
        }
    }
    let body = ScalarFn::new(interp, region(op, 0)?)?;
    if body.arity() != inputs.len() {
        return Err("the computation takes one argument per input".into());
    }
    let elem = result_elem(interp, op, 0)?;
    let l = lanes(&elem);
    interp.check_shape(&first.shape, l)?;
    let n = first.len();
    interp.charge((n as u64).saturating_mul(body_work(region(op, 0)?)), 0)?;
    let mut data = Vec::with_capacity(n * l);
    let vb = VecBody::new(interp, region(op, 0)?);
    match (body.fast_binary(), inputs.as_slice(), vb) {
        (Some(f), [a, b], _) if a.lanes() == 1 && l == 1 => {
            data.extend(a.data.iter().zip(b.data.iter()).map(|(x, y)| f(x, y)));
        }
        (_, _, Some(vb)) if n > 1 => {
            let r = vb.run(interp, args.clone(), &first.shape)?;
            if r.len() != 1 || r[0].data.len() != n * l {
                return Err("the computation's result does not match the result type".into());
            }
            data = r[0].lanes_vec();
        }
        _ => {
            for i in 0..n {
                let elems: Vec<_> = inputs.iter().map(|t| t.elem_lanes(i)).collect();
                let call: Vec<&[u64]> = elems.iter().map(|e| &**e).collect();
                interp.step()?;
                let r = body.call(interp, &call)?;
                let v = r
                    .into_iter()
                    .next()
                    .ok_or("the computation returned nothing")?;
                if v.len() != l {
                    return Err("the computation's result does not match the result type".into());
                }
                data.extend_from_slice(&v);
            }
        }
    }
    Ok(vec![Value::tensor(Tensor::new(
        elem,
        first.shape.clone(),
        &data,
    ))])
}

// ---------------------------------------------------------------------------
// Slicing along one dimension (shared with linalg.rs)
// ---------------------------------------------------------------------------

/// The elements with index `start..end` along `dim` (rank kept).
pub fn slice_dim(t: &Tensor, dim: usize, start: usize, end: usize) -> Tensor {
    let l = t.lanes();
    let len = t.shape[dim];
    let (start, end) = (start.min(len), end.min(len).max(start.min(len)));
    let outer = num_elements(&t.shape[..dim]);
    let inner = num_elements(&t.shape[dim + 1..]) * l;
    let mut data = Vec::with_capacity(outer * (end - start) * inner);
    for o in 0..outer {
        let base = (o * len + start) * inner;
        t.data
            .extend_vec(base..base + (end - start) * inner, &mut data);
    }
    let mut shape = t.shape.clone();
    shape[dim] = end - start;
    Tensor::new(t.elem.clone(), shape, &data)
}

/// Element `i` along `dim`, with `dim` removed.
pub fn index_dim(t: &Tensor, dim: usize, i: usize) -> Tensor {
    let mut r = slice_dim(t, dim, i, i + 1);
    r.shape.remove(dim);
    r
}

/// Stacks equally shaped tensors along a new dimension `dim`.
fn stack(parts: &[Tensor], dim: usize, elem: ElementType, part_shape: &[usize]) -> Tensor {
    let l = lanes(&elem);
    let outer = num_elements(&part_shape[..dim.min(part_shape.len())]);
    let inner = num_elements(&part_shape[dim.min(part_shape.len())..]) * l;
    let mut data = Vec::with_capacity(outer * parts.len() * inner);
    for o in 0..outer {
        for p in parts {
            p.data.extend_vec(o * inner..(o + 1) * inner, &mut data);
        }
    }
    let mut shape = part_shape.to_vec();
    shape.insert(dim.min(part_shape.len()), parts.len());
    Tensor::new(elem, shape, &data)
}

/// `chlo.scan`: runs the body along `dimension` (from the end when
/// `is_reverse`), on the input slices and the carries; the body returns the
/// output slices then the new carries. Results: the stacked outputs, then
/// the final carries.
fn scan<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let seg = attr_i64s(op, "operandSegmentSizes")?.ok_or("missing `operandSegmentSizes`")?;
    let [ni, nc] = seg[..] else {
        return Err("`operandSegmentSizes` must have two entries".into());
    };
    let (ni, nc) = (to_usize(ni, "input count")?, to_usize(nc, "init count")?);
    if ni.checked_add(nc) != Some(args.len()) || ni == 0 {
        return Err("operand counts do not match `operandSegmentSizes`".into());
    }
    let inputs = tensors(&args[..ni])?;
    let mut carries: Vec<Value> = args[ni..].to_vec();
    let rank = inputs[0].rank();
    let dim = attr_i64(op, "dimension").ok_or("missing `dimension`")?;
    let dim = to_usize(dim, "dimension")?;
    if dim >= rank {
        return Err(format!("dimension {dim} is out of range for rank {rank}").into());
    }
    let len = inputs[0].shape[dim];
    if inputs
        .iter()
        .any(|t| t.rank() != rank || t.shape[dim] != len)
    {
        return Err("the inputs differ in rank or scan length".into());
    }
    let n_out = op
        .results
        .len()
        .checked_sub(nc)
        .ok_or("fewer results than carries")?;
    let reverse = attr_bool(op, "is_reverse", false);
    let body = region(op, 0)?;
    let mut outs: Vec<Vec<Tensor>> = vec![Vec::with_capacity(len); n_out];
    for step in 0..len {
        interp.step()?;
        let i = if reverse { len - 1 - step } else { step };
        let mut call: Vec<Value> = inputs
            .iter()
            .map(|t| Value::tensor(index_dim(t, dim, i)))
            .collect();
        call.extend(carries.iter().cloned());
        let mut r = interp.run_region(body, call)?;
        if r.len() != n_out + nc {
            return Err(format!(
                "the body returned {} values for {n_out} outputs and {nc} carries",
                r.len()
            )
            .into());
        }
        carries = r.split_off(n_out);
        for (k, v) in r.into_iter().enumerate() {
            outs[k].push(v.into_tensor()?);
        }
    }
    let mut results = Vec::with_capacity(n_out + nc);
    for (k, mut parts) in outs.into_iter().enumerate() {
        if reverse {
            parts.reverse();
        }
        let (shape, elem) = match result_type(interp, op, k) {
            Ok(t) => t,
            // A dynamic output has its input's shape (CH3).
            Err(_) => {
                let (_, elem) = result_type_dyn(interp, op, k)?;
                let input = inputs.get(k).ok_or("(CH1) an output without its input")?;
                (input.shape.clone(), elem)
            }
        };
        if shape.len() != rank && !parts.is_empty() {
            return Err("an output's rank differs from the inputs'".into());
        }
        let mut part_shape = shape.clone();
        if dim < part_shape.len() {
            part_shape.remove(dim);
        }
        if parts
            .iter()
            .any(|p| p.shape != part_shape || p.lanes() != lanes(&elem))
        {
            return Err("an output slice does not match the result type".into());
        }
        interp.check_shape(&shape, lanes(&elem))?;
        results.push(Value::tensor(stack(&parts, dim, elem, &part_shape)));
    }
    results.extend(carries);
    Ok(results)
}

/// Runs `@main` of a program text without arguments (for unit tests).
#[cfg(test)]
pub(crate) fn run_main(text: &str) -> Vec<Tensor> {
    let prog = crate::ir::parse::parse_program("test.mlir", text).expect("the test program parses");
    let mut interp = Interp::new(&prog, super::Limits::default());
    interp
        .call("main", Vec::new())
        .expect("the test program runs")
        .into_iter()
        .map(|v| v.into_tensor().expect("a tensor"))
        .collect()
}

/// Runs `@main` of a program text and returns its error (for unit tests).
#[cfg(test)]
pub(crate) fn run_main_err(text: &str) -> String {
    let prog = crate::ir::parse::parse_program("test.mlir", text).expect("the test program parses");
    let mut interp = Interp::new(&prog, super::Limits::default());
    match interp.call("main", Vec::new()) {
        Ok(_) => panic!("the program should fail"),
        Err(e) => e,
    }
}

/// The values of an integer tensor (for unit tests).
#[cfg(test)]
pub(crate) fn ints(t: &Tensor) -> Vec<i64> {
    t.ints()
        .expect("integers")
        .into_iter()
        .map(|v| v as i64)
        .collect()
}

#[cfg(test)]
mod tests {

    /// The key sort against a stable comparison sort of the same keys, on
    /// keys that pack with their index (span < 2^32) and keys that do not,
    /// ascending and descending, whole and `top_k` prefixes.
    #[test]
    fn sort_by_keys_is_the_stable_order() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut buf = SortBuf::default();
        for case in 0..400 {
            let n = (next() % 70) as usize;
            let keys: Vec<i128> = (0..n)
                .map(|_| match case % 4 {
                    0 => (next() % 5) as i128 - 2,
                    1 => (next() as u32) as i128 - (1 << 31),
                    2 => next() as i64 as i128,
                    _ => next() as i128,
                })
                .collect();
            for descending in [false, true] {
                let mut want: Vec<usize> = (0..n).collect();
                if descending {
                    want.sort_by(|&a, &b| keys[b].cmp(&keys[a]));
                } else {
                    want.sort_by_key(|&a| keys[a]);
                }
                for top in [n, n / 2, 1, 0] {
                    let mut perm: Vec<usize> = (0..n).collect();
                    sort_by_keys(&mut perm, &|i| keys[i], descending, top, &mut buf);
                    let k = top.min(n);
                    assert_eq!(
                        perm[..k],
                        want[..k],
                        "case {case} desc {descending} top {top}"
                    );
                }
            }
        }
    }
    use super::*;
    use crate::interp::Limits;

    #[test]
    fn variadic_argmax_reduce_runs_every_row_together() {
        // Five rows reduce together through the elementwise body on tensors.
        let r = run_main(
            r#"func.func @main() -> (tensor<5xf32>, tensor<5xi32>) {
  %x = stablehlo.constant dense<[[1.0, 3.0, 3.0, 2.0, 0.0, -1.0, 3.0], [0x7FC00000, 5.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0], [7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0]]> : tensor<5x7xf32>
  %i = stablehlo.constant dense<[[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6]]> : tensor<5x7xi32>
  %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1:2 = stablehlo.reduce(%x init: %cst), (%i init: %c) across dimensions = [1] : (tensor<5x7xf32>, tensor<5x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
    %2 = stablehlo.compare  GT, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %3 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.or %2, %3 : tensor<i1>
    %5 = stablehlo.compare  EQ, %arg1, %arg3,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %6 = stablehlo.compare  LT, %arg2, %arg4,  SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.and %5, %6 : tensor<i1>
    %8 = stablehlo.or %4, %7 : tensor<i1>
    %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
    %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
    stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
  }
  func.return %1#0, %1#1 : tensor<5xf32>, tensor<5xi32>
}"#,
        );
        assert_eq!(ints(&r[1]), vec![1, 0, 0, 6, 0]);
        let vals: Vec<u32> = r[0].data.iter().map(|x| x as u32).collect();
        assert_eq!(
            vals,
            vec![0x4040_0000, 0x7FC0_0000, 0, 0x40E0_0000, 0x40E0_0000]
        );
    }

    #[test]
    fn map_with_an_elementwise_body_runs_on_whole_tensors() {
        let r = run_main(
            r#"func.func @main() -> tensor<5xi32> {
  %x = stablehlo.constant dense<[1, -2, 3, -4, 5]> : tensor<5xi32>
  %y = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %r = "stablehlo.map"(%x, %y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %k = stablehlo.constant dense<2> : tensor<i32>
    %m = stablehlo.multiply %a, %k : tensor<i32>
    %s = stablehlo.subtract %b, %m : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
  func.return %r : tensor<5xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![8, 24, 24, 48, 40]);
    }

    #[test]
    fn reduce_window_padding_holds_the_init_value() {
        // Spec: padded positions hold init_value and are reduced like any element.
        let r = run_main(
            r#"func.func @main() -> tensor<4xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<10> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  func.return %r : tensor<4xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![21, 13, 15, 23]);
    }

    #[test]
    fn reduce_window_base_dilation_and_strides() {
        // [1, _, 2, _, 3] (holes hold init 0), window 2, stride 2 → [1+0, 2+0].
        let r = run_main(
            r#"func.func @main() -> tensor<2xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, base_dilations = array<i64: 2>} : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  func.return %r : tensor<2xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![1, 2]);
    }

    #[test]
    fn sort_is_stable_on_equal_keys_with_two_operands() {
        let r = run_main(
            r#"func.func @main() -> (tensor<4xi32>, tensor<4xi32>) {
  %k = stablehlo.constant dense<[2, 1, 2, 1]> : tensor<4xi32>
  %v = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = false} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  func.return %r#0, %r#1 : tensor<4xi32>, tensor<4xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![1, 1, 2, 2]);
        assert_eq!(ints(&r[1]), vec![1, 3, 0, 2]);
    }

    fn sort_f32_indices(dir: &str, ctype: &str, values: &str) -> Vec<i64> {
        let text = format!(
            r#"func.func @main() -> tensor<6xi32> {{
  %k = stablehlo.constant dense<{values}> : tensor<6xf32>
  %v = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %r:2 = "stablehlo.sort"(%k, %v) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare {dir}, %a, %b, {ctype} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }}) {{dimension = 0 : i64}} : (tensor<6xf32>, tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>)
  func.return %r#1 : tensor<6xi32>
}}"#
        );
        ints(&run_main(&text)[0])
    }

    #[test]
    fn sort_by_float_keys_keeps_signed_zeros_stable_unless_totalorder() {
        let v = "[3.0, -0.0, 1.0, 0.0, 1.0, -2.0]";
        assert_eq!(sort_f32_indices("LT", "FLOAT", v), vec![5, 1, 3, 2, 4, 0]);
        assert_eq!(sort_f32_indices("GT", "FLOAT", v), vec![0, 2, 4, 1, 3, 5]);
        assert_eq!(
            sort_f32_indices("LT", "TOTALORDER", v),
            vec![5, 1, 3, 2, 4, 0]
        );
        let w = "[3.0, 0.0, 1.0, -0.0, 1.0, -2.0]";
        assert_eq!(
            sort_f32_indices("LT", "TOTALORDER", w),
            vec![5, 3, 1, 2, 4, 0]
        );
        assert_eq!(sort_f32_indices("LT", "FLOAT", w), vec![5, 1, 3, 2, 4, 0]);
    }

    #[test]
    fn sort_with_jax_canonicalising_comparator_orders_by_total_order() {
        // JAX's float comparator: ±0 → +0 and NaN → canonical NaN on each
        // side, then LT TOTALORDER. Evaluated once per element on whole tensors.
        let r = run_main(
            r#"func.func @main() -> (tensor<7xf32>, tensor<7xi32>) {
  %k = stablehlo.constant dense<[0x7FC00000, 1.0, -0.0, 0xFFC00001, 0.0, 0xFF800000, 2.0]> : tensor<7xf32>
  %v = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6]> : tensor<7xi32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<i32>):
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.compare  EQ, %arg0, %cst,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %4 = stablehlo.select %3, %cst, %arg0 : tensor<i1>, tensor<f32>
    %5 = stablehlo.compare  NE, %arg0, %arg0,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.select %5, %cst_1, %4 : tensor<i1>, tensor<f32>
    %7 = stablehlo.compare  EQ, %arg1, %cst,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.select %7, %cst, %arg1 : tensor<i1>, tensor<f32>
    %9 = stablehlo.compare  NE, %arg1, %arg1,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %10 = stablehlo.select %9, %cst_1, %8 : tensor<i1>, tensor<f32>
    %11 = stablehlo.compare  LT, %6, %10,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %11 : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<7xf32>, tensor<7xi32>) -> (tensor<7xf32>, tensor<7xi32>)
  func.return %r#0, %r#1 : tensor<7xf32>, tensor<7xi32>
}"#,
        );
        assert_eq!(ints(&r[1]), vec![5, 2, 4, 1, 6, 0, 3]);
        // The sorted values are the operand's own bits (−0 stays −0).
        assert_eq!(r[0].data.get(1), 0x8000_0000);
    }

    #[test]
    fn sort_with_nan_under_float_compare_does_not_panic() {
        let r = sort_f32_indices(
            "LT",
            "FLOAT",
            "[0x7FC00000, 1.0, 0x7FC00000, -1.0, 2.0, 0.5]",
        );
        let mut s = r.clone();
        s.sort();
        assert_eq!(s, vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn sort_with_a_general_comparator_is_stable_descending() {
        // A two-op body takes the interpreter path.
        let r = run_main(
            r#"func.func @main() -> tensor<5xi32> {
  %k = stablehlo.constant dense<[3, -1, 7, 3, 0]> : tensor<5xi32>
  %r = "stablehlo.sort"(%k) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %n = stablehlo.negate %a : tensor<i32>
    %m = stablehlo.negate %b : tensor<i32>
    %p = stablehlo.compare LT, %n, %m, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = -1 : i64} : (tensor<5xi32>) -> tensor<5xi32>
  func.return %r : tensor<5xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![7, 3, 3, 0, -1]);
    }

    #[test]
    fn top_k_breaks_ties_by_lower_index() {
        let r = run_main(
            r#"func.func @main() -> (tensor<3xi32>, tensor<3xi32>) {
  %x = stablehlo.constant dense<[5, 9, 5, 9, 1]> : tensor<5xi32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<5xi32> -> (tensor<3xi32>, tensor<3xi32>)
  func.return %v, %i : tensor<3xi32>, tensor<3xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![9, 9, 5]);
        assert_eq!(ints(&r[1]), vec![1, 3, 0]);
    }

    #[test]
    fn reduce_folds_from_init_in_row_major_order() {
        // A non-commutative body (a*2 + b, i.e. base-2 digits) exposes the order.
        let r = run_main(
            r#"func.func @main() -> tensor<2xi32> {
  %x = stablehlo.constant dense<[[1, 0, 1], [0, 1, 1]]> : tensor<2x3xi32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %r = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
   reducer(%a: tensor<i32>, %b: tensor<i32>) {
    %t = stablehlo.add %a, %a : tensor<i32>
    %s = stablehlo.add %t, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }
  func.return %r : tensor<2xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![0b1101, 0b1011]);
    }

    #[test]
    fn malformed_attributes_are_errors_not_panics() {
        let cases = [
            // reduce over a dimension past the rank
            r#"func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [4] : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %r : tensor<3xi32>
}"#,
            // reduce_window with a zero stride
            r#"func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 1>, window_strides = array<i64: 0>} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %r : tensor<3xi32>
}"#,
            // reduce_window with huge padding
            r#"func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 1>, padding = dense<[[9223372036854775807, 9223372036854775807]]> : tensor<1x2xi64>} : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  func.return %r : tensor<3xi32>
}"#,
            // sort along a missing dimension
            r#"func.func @main() -> tensor<3xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) {dimension = 3 : i64} : (tensor<3xi32>) -> tensor<3xi32>
  func.return %r : tensor<3xi32>
}"#,
            // top_k with k past the dimension
            r#"func.func @main() -> tensor<5xi32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %v, %i = chlo.top_k(%x, k = 5) : tensor<3xi32> -> (tensor<5xi32>, tensor<5xi32>)
  func.return %v : tensor<5xi32>
}"#,
            // dot_general contracting a dimension past the rank
            r#"func.func @main() -> tensor<i32> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = stablehlo.dot_general %x, %x, contracting_dims = [1] x [0] : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  func.return %r : tensor<i32>
}"#,
            // convolution whose feature counts disagree
            r#"func.func @main() -> tensor<1x1x3xi32> {
  %a = stablehlo.constant dense<1> : tensor<1x2x3xi32>
  %b = stablehlo.constant dense<1> : tensor<1x3x1xi32>
  %r = stablehlo.convolution(%a, %b) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1]} : (tensor<1x2x3xi32>, tensor<1x3x1xi32>) -> tensor<1x1x3xi32>
  func.return %r : tensor<1x1x3xi32>
}"#,
        ];
        for text in cases {
            let e = run_main_err(text);
            assert!(!e.is_empty());
        }
    }

    #[test]
    fn merge_sort_is_stable_and_survives_inconsistent_comparators() {
        let keys = [
            3, 1, 3, 0, 1, 2, 3, 0, 1, 1, 2, 0, 3, 3, 2, 1, 0, 0, 2, 3, 1, 2, 0, 1,
        ];
        let mut v: Vec<usize> = (0..keys.len()).collect();
        merge_sort::<()>(&mut v, &mut |a, b| Ok(keys[a] < keys[b])).unwrap();
        for w in v.windows(2) {
            assert!(keys[w[0]] < keys[w[1]] || (keys[w[0]] == keys[w[1]] && w[0] < w[1]));
        }
        let mut v: Vec<usize> = (0..100).collect();
        merge_sort::<()>(&mut v, &mut |_, _| Ok(true)).unwrap();
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn window_table_counts_padding_and_base_dilation_holes() {
        // Size 3, base dilation 2 → [a _ b _ c], padded by 1 low, window 2.
        let w = windows(&[3], &[2], &[1], &[2], &[1], &[(1, 0)], &Limits::default()).unwrap();
        assert_eq!(w.out_shape, vec![5]);
        assert_eq!(&w.table[0][..4], &[None, Some(0), Some(0), None],);
        // Window dilation 2 over 5 elements with window 2: positions 0,2 … 2,4.
        let w = windows(&[5], &[2], &[1], &[1], &[2], &[(0, 0)], &Limits::default()).unwrap();
        assert_eq!(w.out_shape, vec![3]);
        assert_eq!(&w.table[0][4..6], &[Some(2), Some(4)]);
    }

    #[test]
    fn offsets_walk_row_major() {
        let mut seen = Vec::new();
        for_each_offset::<()>(&[(2, 10), (3, 1)], 100, |o| {
            seen.push(o);
            Ok(())
        })
        .unwrap();
        assert_eq!(seen, vec![100, 101, 102, 110, 111, 112]);
    }
}
