//! Data movement (spec: `broadcast_in_dim`, `concatenate`, `dynamic_slice`,
//! `dynamic_update_slice`, `gather`, `get_dimension_size`, `iota`, `pad`,
//! `reshape`, `reverse`, `scatter`, `slice`, `transpose`, and the dynamic
//! forms `dynamic_broadcast_in_dim`, `dynamic_gather`, `dynamic_iota`,
//! `dynamic_pad`, `dynamic_reshape`), plus `real_dynamic_slice`,
//! `set_dimension_size` and the legacy `broadcast`, which the spec does not
//! describe.
//!
//! Almost every kernel is "for each output element, find its source
//! element": the work is done by [`copy_box`], which copies a box of elements
//! between two strided layouts (a stride of 0 repeats an element, a negative
//! stride walks backwards), with a tight inner loop over the last dimension.
//! Gather copies one box per batch index; scatter walks the updates in
//! row-major order.
//!
//! Choices the spec leaves open, or where it says nothing:
//!
//! * Quantized tensors move their storage integers. When the result type's
//!   per-tensor quantization parameters differ from the operand's, the moved
//!   values are requantized (`quantize(dequantize(x), type(result))`);
//!   per-axis types are relabelled (the spec's constraints make the stored
//!   integers equal).
//! * `scatter` applies the updates sequentially in row-major order of the
//!   update index (the spec lets the order be implementation-defined); an
//!   update element whose result index is out of bounds is skipped, element
//!   by element, as the spec's semantics says. Quantized scatter whose
//!   `update_computation` takes float arguments is computed as
//!   `dequantize_op_quantize`; when the region takes quantized arguments the
//!   storage integers are passed to it and its own ops handle quantization.
//! * `set_dimension_size` keeps the first `size` elements along `dimension`
//!   when the result declares that dimension `?` (the operand's dimension
//!   bounds the size), and is the identity when it is static; `real_dynamic_slice` is
//!   `slice` with its indices given as tensors.
//! * Attributes given as `dense<...>` tensors (older syntax) are read like
//!   `array<i64: ...>`.

use super::quant::{dequantize, quantize};
use super::region::ScalarFn;
use super::tensor::{
    int_kind, lanes, next_index, num_elements, shape_text, strides, Tensor, Width, Words,
};
use super::{result_type_dyn, Interp, KResult, Kernel, Value};
use crate::float::{convert, FloatKind, Rounding};
use crate::ir::attr::Attr;
use crate::ir::{ElementType, Op};
use std::borrow::Cow;

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.broadcast_in_dim", broadcast_in_dim),
    ("stablehlo.broadcast", broadcast),
    (
        "stablehlo.dynamic_broadcast_in_dim",
        dynamic_broadcast_in_dim,
    ),
    ("stablehlo.reshape", reshape),
    ("stablehlo.dynamic_reshape", dynamic_reshape),
    ("stablehlo.transpose", transpose),
    ("stablehlo.slice", slice),
    ("stablehlo.real_dynamic_slice", real_dynamic_slice),
    ("stablehlo.dynamic_slice", dynamic_slice),
    ("stablehlo.dynamic_update_slice", dynamic_update_slice),
    ("stablehlo.concatenate", concatenate),
    ("stablehlo.pad", pad),
    ("stablehlo.dynamic_pad", dynamic_pad),
    ("stablehlo.reverse", reverse),
    ("stablehlo.iota", iota),
    ("stablehlo.dynamic_iota", dynamic_iota),
    ("stablehlo.gather", gather),
    ("stablehlo.dynamic_gather", dynamic_gather),
    ("stablehlo.scatter", scatter),
    ("stablehlo.get_dimension_size", get_dimension_size),
    ("stablehlo.set_dimension_size", set_dimension_size),
];

// ---------------------------------------------------------------------------
// Strided copies
// ---------------------------------------------------------------------------

/// The most dimensions [`copy_box`] walks without allocating.
const MAX_RANK: usize = 16;

/// Copies the box `shape` of elements from `src` (element `offset + Σ i·stride`)
/// to `dst` (likewise), `l` lanes per element. Strides are in elements and
/// may be zero or negative. Refuses (rather than panics) when the box reaches
/// outside either buffer.
#[allow(clippy::too_many_arguments)]
fn copy_slices<T: Copy>(
    l: usize,
    shape: &[usize],
    src: &[T],
    src_off: usize,
    src_strides: &[isize],
    dst: &mut [T],
    dst_off: usize,
    dst_strides: &[isize],
) -> Result<(), String> {
    if shape.contains(&0) {
        return Ok(());
    }
    if src_strides.len() != shape.len() || dst_strides.len() != shape.len() {
        return Err("internal: stride count differs from rank".into());
    }
    let reach = |off: usize, st: &[isize], len: usize| -> bool {
        let (mut lo, mut hi) = (off as i128, off as i128);
        for (&n, &s) in shape.iter().zip(st) {
            let e = (n as i128 - 1) * s as i128;
            if e < 0 {
                lo += e;
            } else {
                hi += e;
            }
        }
        lo >= 0 && (hi + 1) * (l as i128) <= len as i128
    };
    if !reach(src_off, src_strides, src.len()) || !reach(dst_off, dst_strides, dst.len()) {
        return Err("an index is out of bounds".into());
    }
    // Drop unit dimensions and merge a dimension into the next one when both
    // sides walk them as one run.
    let mut sh = [0usize; MAX_RANK];
    let mut ss = [0isize; MAX_RANK];
    let mut ds = [0isize; MAX_RANK];
    let mut r = 0usize;
    for d in 0..shape.len() {
        if shape[d] == 1 {
            continue;
        }
        if r > 0 {
            let n = shape[d] as isize;
            if Some(ss[r - 1]) == src_strides[d].checked_mul(n)
                && Some(ds[r - 1]) == dst_strides[d].checked_mul(n)
            {
                sh[r - 1] *= shape[d];
                ss[r - 1] = src_strides[d];
                ds[r - 1] = dst_strides[d];
                continue;
            }
        }
        if r == MAX_RANK {
            return copy_box_slow(
                l,
                shape,
                src,
                src_off,
                src_strides,
                dst,
                dst_off,
                dst_strides,
            );
        }
        sh[r] = shape[d];
        ss[r] = src_strides[d];
        ds[r] = dst_strides[d];
        r += 1;
    }
    if r == 0 {
        dst[dst_off * l..(dst_off + 1) * l].copy_from_slice(&src[src_off * l..(src_off + 1) * l]);
        return Ok(());
    }
    let n = sh[r - 1];
    let (s1, d1) = (ss[r - 1], ds[r - 1]);
    let outer = &sh[..r - 1];
    let mut idx = [0usize; MAX_RANK];
    let (mut so, mut d_o) = (src_off as isize, dst_off as isize);
    loop {
        let (s0, d0) = (so as usize, d_o as usize);
        if l == 1 {
            if s1 == 1 && d1 == 1 {
                dst[d0..d0 + n].copy_from_slice(&src[s0..s0 + n]);
            } else if s1 == 0 && d1 == 1 {
                dst[d0..d0 + n].fill(src[s0]);
            } else {
                let (mut s, mut d) = (so, d_o);
                for _ in 0..n {
                    dst[d as usize] = src[s as usize];
                    s += s1;
                    d += d1;
                }
            }
        } else if s1 == 1 && d1 == 1 {
            dst[d0 * l..(d0 + n) * l].copy_from_slice(&src[s0 * l..(s0 + n) * l]);
        } else {
            let (mut s, mut d) = (so, d_o);
            for _ in 0..n {
                let (su, du) = (s as usize * l, d as usize * l);
                dst[du..du + l].copy_from_slice(&src[su..su + l]);
                s += s1;
                d += d1;
            }
        }
        // Advance the outer multi-index, moving the offsets along.
        let mut d = outer.len();
        loop {
            if d == 0 {
                return Ok(());
            }
            d -= 1;
            idx[d] += 1;
            so += ss[d];
            d_o += ds[d];
            if idx[d] < outer[d] {
                break;
            }
            so -= ss[d] * outer[d] as isize;
            d_o -= ds[d] * outer[d] as isize;
            idx[d] = 0;
        }
    }
}

/// [`copy_box`] for boxes of more than [`MAX_RANK`] dimensions, element by
/// element (bounds already checked by the caller).
#[allow(clippy::too_many_arguments)]
fn copy_box_slow<T: Copy>(
    l: usize,
    shape: &[usize],
    src: &[T],
    src_off: usize,
    src_strides: &[isize],
    dst: &mut [T],
    dst_off: usize,
    dst_strides: &[isize],
) -> Result<(), String> {
    let mut idx = vec![0usize; shape.len()];
    loop {
        let (mut s, mut d) = (src_off as isize, dst_off as isize);
        for (k, &i) in idx.iter().enumerate() {
            s += i as isize * src_strides[k];
            d += i as isize * dst_strides[k];
        }
        let (su, du) = (s as usize * l, d as usize * l);
        dst[du..du + l].copy_from_slice(&src[su..su + l]);
        if !next_index(&mut idx, shape) {
            return Ok(());
        }
    }
}

/// [`copy_slices`] on tensor storage of one width.
#[allow(clippy::too_many_arguments)]
fn copy_box(
    l: usize,
    shape: &[usize],
    src: &Words,
    src_off: usize,
    src_strides: &[isize],
    dst: &mut Words,
    dst_off: usize,
    dst_strides: &[isize],
) -> Result<(), String> {
    macro_rules! same {
        ($($v:ident),*) => {
            match (src, dst) {
                $((Words::$v(a), Words::$v(b)) => {
                    copy_slices(l, shape, a, src_off, src_strides, b, dst_off, dst_strides)
                })*
                _ => Err("internal: storage widths differ".into()),
            }
        };
    }
    same!(U8, I8, U16, I16, U32, I32, U64)
}

fn istrides(shape: &[usize]) -> Vec<isize> {
    strides(shape).into_iter().map(|s| s as isize).collect()
}

/// A new tensor of `shape` whose element at `i` is `t`'s element at
/// `offset + Σ i·src_strides`.
fn strided_view(
    interp: &Interp<'_>,
    t: &Tensor,
    shape: Vec<usize>,
    offset: usize,
    src_strides: &[isize],
) -> KResult<Tensor> {
    let l = t.lanes();
    interp.check_shape(&shape, l)?;
    let n = num_elements(&shape);
    let mut data = Words::zeros(t.data.width(), n * l);
    let ds = istrides(&shape);
    copy_box(l, &shape, &t.data, offset, src_strides, &mut data, 0, &ds)?;
    Ok(Tensor::from_words(t.elem.clone(), shape, data))
}

// ---------------------------------------------------------------------------
// Attributes, operands and result types
// ---------------------------------------------------------------------------

/// An integer-list attribute (`array<i64: ...>` or a `dense<...>` tensor).
fn attr_list(op: &Op, name: &str) -> KResult<Vec<i64>> {
    let a = op
        .attr(name)
        .ok_or_else(|| format!("missing attribute `{name}`"))?;
    list_of(a).ok_or_else(|| format!("attribute `{name}` is not a list of integers").into())
}

fn list_of(a: &Attr) -> Option<Vec<i64>> {
    match a {
        Attr::Dense(d) => {
            let n = d.stored_len();
            let shape = if d.splat {
                let dims = d.ty.dims.as_ref()?;
                let mut s = Vec::new();
                for x in dims {
                    s.push(usize::try_from((*x)?).ok()?);
                }
                s
            } else {
                vec![n]
            };
            if num_elements(&shape) > 1 << 20 {
                return None;
            }
            let t = Tensor::from_dense(d, shape).ok()?;
            t.ints()?
                .into_iter()
                .map(|v| i64::try_from(v).ok())
                .collect()
        }
        Attr::Array(items) => items.iter().map(|x| x.as_i64()).collect(),
        other => other.as_i64_list().map(|v| v.to_vec()),
    }
}

fn attr_int(op: &Op, name: &str) -> KResult<i64> {
    op.attr(name)
        .and_then(|a| a.as_i64())
        .ok_or_else(|| format!("missing integer attribute `{name}`").into())
}

/// A dimension number checked against a rank.
fn axis(v: i64, rank: usize, what: &str) -> KResult<usize> {
    usize::try_from(v)
        .ok()
        .filter(|&d| d < rank)
        .ok_or_else(|| format!("{what} {v} is out of range for rank {rank}").into())
}

/// A list of dimension numbers, each below `rank`, all distinct.
fn axes(v: &[i64], rank: usize, what: &str) -> KResult<Vec<usize>> {
    let mut seen = vec![false; rank];
    let mut out = Vec::with_capacity(v.len());
    for &x in v {
        let d = axis(x, rank, what)?;
        if seen[d] {
            return Err(format!("{what} {x} is repeated").into());
        }
        seen[d] = true;
        out.push(d);
    }
    Ok(out)
}

fn tensor_arg(args: &[Value], i: usize) -> KResult<&Tensor> {
    Ok(args
        .get(i)
        .ok_or_else(|| format!("missing operand {i}"))?
        .as_tensor()?)
}

/// The integers of an integer tensor, as i64.
fn int_values(t: &Tensor, what: &str) -> KResult<Vec<i64>> {
    let v = t
        .ints()
        .ok_or_else(|| format!("{what} must have an integer type"))?;
    v.into_iter()
        .map(|x| i64::try_from(x).map_err(|_| format!("{what} value {x} is out of range").into()))
        .collect()
}

/// The integers of a 1-dimensional integer tensor.
fn int_vector(t: &Tensor, what: &str) -> KResult<Vec<i64>> {
    if t.rank() != 1 {
        return Err(format!("{what} must be 1-dimensional").into());
    }
    int_values(t, what)
}

/// The single integer of a 0-dimensional integer tensor.
fn int_scalar(t: &Tensor, what: &str) -> KResult<i64> {
    if t.len() != 1 {
        return Err(format!("{what} must be a single integer").into());
    }
    Ok(int_values(t, what)?[0])
}

/// A shape given at run time.
fn shape_vector(t: &Tensor, what: &str) -> KResult<Vec<usize>> {
    int_vector(t, what)?
        .into_iter()
        .map(|x| usize::try_from(x).map_err(|_| format!("{what} has a negative size {x}").into()))
        .collect()
}

fn to_usize(v: i64, what: &str) -> KResult<usize> {
    usize::try_from(v).map_err(|_| format!("{what} {v} is negative").into())
}

/// Result `i`'s element type, checking its declared dimensions against a
/// computed shape.
fn declared(interp: &Interp<'_>, op: &Op, i: usize, shape: &[usize]) -> KResult<ElementType> {
    let (dims, elem) = result_type_dyn(interp, op, i)?;
    if dims.len() != shape.len() {
        return Err(format!(
            "the result has rank {} but the operands give shape {shape:?}",
            dims.len()
        )
        .into());
    }
    for (d, (&want, &got)) in dims.iter().zip(shape).enumerate() {
        if let Some(want) = want {
            if want != got {
                return Err(format!(
                    "dimension {d} of the result is {want} but the operands give {got} (shape {shape:?})"
                )
                .into());
            }
        }
    }
    Ok(elem)
}

fn is_per_axis(e: &ElementType) -> bool {
    matches!(e, ElementType::Quant(q) if q.axis.is_some())
}

/// `t` with element type `to`: unchanged storage when the types agree (or
/// differ only in per-axis parameters, which the spec lets data movement
/// relabel), requantized when per-tensor quantization parameters differ.
fn retype(t: Tensor, to: &ElementType) -> KResult<Tensor> {
    if &t.elem == to {
        return Ok(t);
    }
    match (&t.elem, to) {
        (ElementType::Quant(_), ElementType::Quant(q))
            if !is_per_axis(&t.elem) && !is_per_axis(to) =>
        {
            Ok(quantize(&dequantize(&t)?, q)?)
        }
        (a, b)
            if matches!((a, b), (ElementType::Quant(_), ElementType::Quant(_)))
                || (int_kind(a).is_some() && int_kind(a) == int_kind(b)) =>
        {
            Ok(t.retype(to.clone()))
        }
        (a, b) => Err(format!("the result type {b} does not match the operand type {a}").into()),
    }
}

/// Names the spec constraint `label` of the op in a kernel's error: a
/// constraint the verifier could only state as a precondition on the
/// values of shape operands, found false on the run's actual values.
/// Errors of the limits keep their own message.
fn labelled<T>(r: KResult<T>, label: &str) -> KResult<T> {
    r.map_err(|e| match e {
        super::KernelError::Message(m) if !m.contains("raise it with --") => {
            super::KernelError::Message(format!("{label} does not hold for the run's values: {m}"))
        }
        other => other,
    })
}

/// A labelled constraint of a static kernel checked on a dynamic op's
/// operand values: the message says the values are the run's.
fn for_the_run<T>(r: KResult<T>) -> KResult<T> {
    r.map_err(|e| match e {
        super::KernelError::Message(m) => super::KernelError::Message(m.replacen(
            "does not hold",
            "does not hold for the run's values",
            1,
        )),
        other => other,
    })
}

/// Finishes a single-result kernel: result 0 in its declared element type.
fn done(interp: &Interp<'_>, op: &Op, t: Tensor) -> KResult<Vec<Value>> {
    let elem = declared(interp, op, 0, &t.shape)?;
    Ok(vec![Value::tensor(retype(t, &elem)?)])
}

// ---------------------------------------------------------------------------
// Broadcast, reshape, transpose, reverse
// ---------------------------------------------------------------------------

fn broadcast_to(
    interp: &Interp<'_>,
    t: &Tensor,
    dims: &[i64],
    shape: Vec<usize>,
) -> KResult<Tensor> {
    if dims.len() != t.rank() {
        return Err(format!(
            "broadcast_dimensions has {} entries for an operand of rank {}",
            dims.len(),
            t.rank()
        )
        .into());
    }
    let bd = axes(dims, shape.len(), "broadcast dimension")?;
    let os = strides(&t.shape);
    let mut ss = vec![0isize; shape.len()];
    for (d, &r) in bd.iter().enumerate() {
        let n = t.shape[d];
        if n == 1 {
            continue;
        }
        if n != shape[r] {
            return Err(format!(
                "operand dimension {d} (size {n}) cannot broadcast to result dimension {r} (size {})",
                shape[r]
            )
            .into());
        }
        ss[r] = os[d] as isize;
    }
    if t.is_empty() && !shape.contains(&0) {
        return Err("cannot broadcast an empty operand to a non-empty result".into());
    }
    strided_view(interp, t, shape, 0, &ss)
}

/// `broadcast_in_dim` (spec: broadcast_in_dim).
fn broadcast_in_dim<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let (shape, _) = super::result_type(interp, op, 0)?;
    let dims = attr_list(op, "broadcast_dimensions")?;
    let r = broadcast_to(interp, t, &dims, shape)?;
    done(interp, op, r)
}

/// `dynamic_broadcast_in_dim` (spec: dynamic_broadcast_in_dim): the result
/// shape is the `output_dimensions` operand.
fn dynamic_broadcast_in_dim<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let shape = shape_vector(tensor_arg(&args, 1)?, "output_dimensions")?;
    let dims = attr_list(op, "broadcast_dimensions")?;
    let r = labelled(broadcast_to(interp, t, &dims, shape), "(C5)")?;
    done(interp, op, r)
}

/// The legacy `broadcast` (not in the spec): `broadcast_sizes` are prepended
/// to the operand's shape.
fn broadcast<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let sizes = attr_list(op, "broadcast_sizes")?;
    let mut shape = Vec::with_capacity(sizes.len() + t.rank());
    for &s in &sizes {
        shape.push(to_usize(s, "broadcast size")?);
    }
    shape.extend_from_slice(&t.shape);
    let dims: Vec<i64> = (sizes.len()..shape.len()).map(|d| d as i64).collect();
    let r = broadcast_to(interp, t, &dims, shape)?;
    done(interp, op, r)
}

fn reshape_to(interp: &Interp<'_>, v: Value, shape: Vec<usize>) -> KResult<Tensor> {
    let n = v.as_tensor()?.len();
    if num_elements(&shape) != n {
        return Err(format!("cannot reshape {n} elements to shape {shape:?}").into());
    }
    let mut t = v.into_tensor()?;
    interp.check_shape(&shape, t.lanes())?;
    t.shape = shape;
    Ok(t)
}

/// `reshape` (spec: reshape): the same elements in the same order.
fn reshape<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (shape, _) = super::result_type(interp, op, 0)?;
    let v = args.into_iter().next().ok_or("missing operand")?;
    let t = labelled(reshape_to(interp, v, shape), "(C2)")?;
    done(interp, op, t)
}

/// `dynamic_reshape` (spec: dynamic_reshape): the shape is the `output_shape` operand.
fn dynamic_reshape<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let shape = shape_vector(tensor_arg(&args, 1)?, "output_shape")?;
    let v = args.into_iter().next().ok_or("missing operand")?;
    let t = labelled(reshape_to(interp, v, shape), "(C2)")?;
    done(interp, op, t)
}

/// `transpose` (spec: transpose): `result[i] = operand[j]` with `i[d] = j[permutation[d]]`.
fn transpose<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let perm = attr_list(op, "permutation")?;
    if perm.len() != t.rank() {
        return Err(format!(
            "permutation has {} entries for an operand of rank {}",
            perm.len(),
            t.rank()
        )
        .into());
    }
    let perm = axes(&perm, t.rank(), "permutation entry")?;
    let r = permute(interp, t, &perm)?;
    done(interp, op, r)
}

/// `t` with its dimensions taken in the order `perm` (a permutation of
/// them): result dimension `i` is `t`'s dimension `perm[i]`.
pub(super) fn permute(interp: &Interp<'_>, t: &Tensor, perm: &[usize]) -> KResult<Tensor> {
    let os = strides(&t.shape);
    let shape: Vec<usize> = perm.iter().map(|&p| t.shape[p]).collect();
    let ss: Vec<isize> = perm.iter().map(|&p| os[p] as isize).collect();
    transpose_blocked(interp, t, shape, &ss)
}

/// A strided view, walked in tiles when the last two result dimensions
/// read the source far apart (a transpose of the minor dimensions), so that
/// both sides stay in cache.
fn transpose_blocked(
    interp: &Interp<'_>,
    t: &Tensor,
    shape: Vec<usize>,
    ss: &[isize],
) -> KResult<Tensor> {
    let r = shape.len();
    const TILE: usize = 32;
    if r < 2 || ss[r - 1] == 1 || shape[r - 1] < 2 * TILE || shape[r - 2] < 2 * TILE {
        return strided_view(interp, t, shape, 0, ss);
    }
    let l = t.lanes();
    interp.check_shape(&shape, l)?;
    let mut data = Words::zeros(t.data.width(), num_elements(&shape) * l);
    let ds = istrides(&shape);
    // Tile the last two dimensions; the others are walked by copy_box.
    let (rows, cols) = (shape[r - 2], shape[r - 1]);
    let mut sub = shape.clone();
    for i0 in (0..rows).step_by(TILE) {
        for j0 in (0..cols).step_by(TILE) {
            sub[r - 2] = TILE.min(rows - i0);
            sub[r - 1] = TILE.min(cols - j0);
            // Put the tile's columns outermost so the source is read contiguously.
            let mut order: Vec<usize> = (0..r).collect();
            order.swap(r - 2, r - 1);
            let sh: Vec<usize> = order.iter().map(|&d| sub[d]).collect();
            let s2: Vec<isize> = order.iter().map(|&d| ss[d]).collect();
            let d2: Vec<isize> = order.iter().map(|&d| ds[d]).collect();
            let so = i0 as isize * ss[r - 2] + j0 as isize * ss[r - 1];
            let d_o = i0 * cols + j0;
            copy_box(l, &sh, &t.data, so as usize, &s2, &mut data, d_o, &d2)?;
        }
    }
    Ok(Tensor::from_words(t.elem.clone(), shape, data))
}

/// `reverse` (spec: reverse).
fn reverse<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let dims = axes(&attr_list(op, "dimensions")?, t.rank(), "dimension")?;
    let mut ss = istrides(&t.shape);
    let mut off = 0usize;
    for &d in &dims {
        if t.shape[d] > 0 {
            off += (t.shape[d] - 1) * ss[d] as usize;
        }
        ss[d] = -ss[d];
    }
    let r = strided_view(interp, t, t.shape.clone(), off, &ss)?;
    done(interp, op, r)
}

// ---------------------------------------------------------------------------
// Slices
// ---------------------------------------------------------------------------

fn slice_with(
    interp: &Interp<'_>,
    t: &Tensor,
    start: &[i64],
    limit: &[i64],
    step: &[i64],
) -> KResult<Tensor> {
    let r = t.rank();
    if start.len() != r || limit.len() != r || step.len() != r {
        return Err(format!("slice indices must have {r} entries, one per dimension").into());
    }
    let os = strides(&t.shape);
    let mut shape = Vec::with_capacity(r);
    let mut ss = Vec::with_capacity(r);
    let mut off = 0usize;
    for d in 0..r {
        let (s, e, k) = (start[d], limit[d], step[d]);
        // slice's (C3)/(C4); real_dynamic_slice's (D5)/(D6), the same
        // constraints on the run's values.
        if s < 0 || s > e || e > t.shape[d] as i64 {
            return Err(format!(
                "(C3) 0 <= start_indices <= limit_indices <= shape(operand) does not hold: \
                 dimension {d}: the slice {s}:{e} does not fit size {}",
                t.shape[d]
            )
            .into());
        }
        if k <= 0 {
            return Err(
                format!("(C4) 0 < strides does not hold: dimension {d}: stride {k}").into(),
            );
        }
        let n = ((e - s) as u64).div_ceil(k as u64) as usize;
        shape.push(n);
        ss.push((os[d] as isize).saturating_mul(k as isize));
        if n > 0 {
            off += s as usize * os[d];
        }
    }
    strided_view(interp, t, shape, off, &ss)
}

/// `slice` (spec: slice): `result[i] = operand[start_indices + i * strides]`.
fn slice<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let start = attr_list(op, "start_indices")?;
    let limit = attr_list(op, "limit_indices")?;
    let step = match op.attr("strides") {
        Some(_) => attr_list(op, "strides")?,
        None => vec![1; t.rank()],
    };
    let r = slice_with(interp, t, &start, &limit, &step)?;
    done(interp, op, r)
}

/// `real_dynamic_slice` (not in the spec; `slice` with tensor operands).
fn real_dynamic_slice<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let start = int_vector(tensor_arg(&args, 1)?, "start_indices")?;
    let limit = int_vector(tensor_arg(&args, 2)?, "limit_indices")?;
    let step = int_vector(tensor_arg(&args, 3)?, "strides")?;
    let r = for_the_run(
        slice_with(interp, t, &start, &limit, &step).map_err(|e| match e {
            super::KernelError::Message(m) => super::KernelError::Message(
                m.replacen("(C3)", "(D5)", 1).replacen("(C4)", "(D6)", 1),
            ),
            other => other,
        }),
    )?;
    done(interp, op, r)
}

/// Start indices given as scalar operands, clamped into `[0, dim - size]`.
fn clamped_starts(
    shape: &[usize],
    sizes: &[usize],
    starts: &[Value],
    what: &str,
) -> KResult<Vec<usize>> {
    if starts.len() != shape.len() || sizes.len() != shape.len() {
        return Err(format!(
            "{what}: {} start indices and {} sizes for rank {}",
            starts.len(),
            sizes.len(),
            shape.len()
        )
        .into());
    }
    let mut out = Vec::with_capacity(shape.len());
    for (d, v) in starts.iter().enumerate() {
        let s = int_scalar(v.as_tensor()?, "a start index")?;
        if sizes[d] > shape[d] {
            return Err(format!(
                "{what}: size {} exceeds dimension {d} of size {}",
                sizes[d], shape[d]
            )
            .into());
        }
        let hi = (shape[d] - sizes[d]) as i64;
        out.push(s.clamp(0, hi) as usize);
    }
    Ok(out)
}

/// `dynamic_slice` (spec: dynamic_slice): start indices clamped so the slice fits.
fn dynamic_slice<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let sizes: Vec<usize> = attr_list(op, "slice_sizes")?
        .into_iter()
        .map(|s| to_usize(s, "slice size"))
        .collect::<KResult<_>>()?;
    let starts = clamped_starts(&t.shape, &sizes, &args[1..], "dynamic_slice")?;
    let os = strides(&t.shape);
    let off: usize = starts.iter().zip(&os).map(|(s, st)| s * st).sum();
    let ss = istrides(&t.shape);
    let r = if sizes.contains(&0) {
        strided_view(interp, t, sizes, 0, &ss)?
    } else {
        strided_view(interp, t, sizes, off, &ss)?
    };
    done(interp, op, r)
}

/// `dynamic_update_slice` (spec: dynamic_update_slice): the operand with the
/// clamped window replaced by `update`.
fn dynamic_update_slice<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    mut args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if args.len() < 2 {
        return Err("expected an operand, an update and start indices".into());
    }
    let rest = args.split_off(2);
    let upd_v = args.pop().ok_or("missing update")?;
    let opnd = args.pop().ok_or("missing operand")?;
    let mut t = opnd.into_tensor()?;
    let u = upd_v.as_tensor()?;
    if u.rank() != t.rank() {
        return Err("the update's rank differs from the operand's".into());
    }
    let u = if u.elem == t.elem {
        Cow::Borrowed(u)
    } else {
        Cow::Owned(retype(u.clone(), &t.elem)?)
    };
    if u.lanes() != t.lanes() {
        return Err("the update's element type differs from the operand's".into());
    }
    let starts = clamped_starts(&t.shape, &u.shape, &rest, "dynamic_update_slice")?;
    let os = strides(&t.shape);
    let off: usize = starts.iter().zip(&os).map(|(s, st)| s * st).sum();
    let ds = istrides(&t.shape);
    let us = istrides(&u.shape);
    copy_box(t.lanes(), &u.shape, &u.data, 0, &us, &mut t.data, off, &ds)?;
    done(interp, op, t)
}

/// `concatenate` (spec: concatenate).
fn concatenate<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let first = tensor_arg(&args, 0)?;
    let r = first.rank();
    let dim = axis(attr_int(op, "dimension")?, r, "dimension")?;
    let (_, elem) = result_type_dyn(interp, op, 0)?;
    let mut shape = first.shape.clone();
    shape[dim] = 0;
    let mut inputs = Vec::with_capacity(args.len());
    for v in &args {
        let t = v.as_tensor()?;
        if t.rank() != r
            || t.shape
                .iter()
                .zip(&first.shape)
                .enumerate()
                .any(|(d, (a, b))| d != dim && a != b)
        {
            return Err(format!(
                "(C2) same([drop(shape(x), [dimension]) for x in inputs]) does not hold for the run's values: \
                 input shapes {} and {} differ outside dimension {dim}",
                shape_text(&t.shape),
                shape_text(&first.shape)
            )
            .into());
        }
        shape[dim] = shape[dim]
            .checked_add(t.shape[dim])
            .ok_or("the result is too large")?;
        let t = if t.elem == elem {
            Cow::Borrowed(t)
        } else {
            Cow::Owned(retype(t.clone(), &elem)?)
        };
        if t.lanes() != lanes(&elem) {
            return Err("input element types differ".into());
        }
        inputs.push(t);
    }
    let l = lanes(&elem);
    interp.check_shape(&shape, l)?;
    let mut data = Words::zeros(Width::of(&elem), num_elements(&shape) * l);
    let ds = istrides(&shape);
    let mut off = 0usize;
    for t in &inputs {
        let ss = istrides(&t.shape);
        copy_box(l, &t.shape, &t.data, 0, &ss, &mut data, off, &ds)?;
        off += t.shape[dim] * ds[dim] as usize;
    }
    done(interp, op, Tensor::from_words(elem, shape, data))
}

// ---------------------------------------------------------------------------
// Pad
// ---------------------------------------------------------------------------

fn pad_with(
    interp: &Interp<'_>,
    t: &Tensor,
    pv: &Tensor,
    low: &[i64],
    high: &[i64],
    interior: &[i64],
) -> KResult<Tensor> {
    let r = t.rank();
    if low.len() != r || high.len() != r || interior.len() != r {
        return Err(format!(
            "(C2) size(edge_padding_low) = size(edge_padding_high) = size(interior_padding) = rank(operand) \
             does not hold: the paddings must have {r} entries, one per dimension"
        )
        .into());
    }
    if pv.len() != 1 {
        return Err("the padding value must be a single element".into());
    }
    let pv = retype(pv.clone(), &t.elem)?;
    if pv.lanes() != t.lanes() {
        return Err("the padding value's element type differs from the operand's".into());
    }
    let mut shape = Vec::with_capacity(r);
    for d in 0..r {
        if interior[d] < 0 {
            return Err(format!(
                "(C3) 0 <= interior_padding does not hold: interior padding {} of dimension {d} is negative",
                interior[d]
            )
            .into());
        }
        let n = t.shape[d] as i128;
        let size = n + low[d] as i128 + high[d] as i128 + (n - 1).max(0) * interior[d] as i128;
        if size < 0 {
            return Err(
                format!("(C4) shape(result) = shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding + edge_padding_high does not hold: dimension {d} of the result would have negative size {size}").into(),
            );
        }
        shape.push(usize::try_from(size).map_err(|_| "the result is too large")?);
    }
    let l = t.lanes();
    interp.check_shape(&shape, l)?;
    let mut out = Tensor::filled(t.elem.clone(), shape.clone(), &pv.lanes_vec());
    // The operand elements that land inside the result: along dimension d,
    // operand index i goes to low + i·(interior + 1).
    let os = strides(&t.shape);
    let rs = strides(&shape);
    let mut box_shape = Vec::with_capacity(r);
    let (mut src_off, mut dst_off) = (0usize, 0usize);
    let mut ds = Vec::with_capacity(r);
    for d in 0..r {
        let step = interior[d] as i128 + 1;
        let lo = low[d] as i128;
        // Smallest i with lo + i·step >= 0, largest with lo + i·step < size.
        let first = if lo >= 0 { 0 } else { (-lo + step - 1) / step };
        let last_excl = if (shape[d] as i128) <= lo {
            0
        } else {
            ((shape[d] as i128 - lo + step - 1) / step).min(t.shape[d] as i128)
        };
        let count = (last_excl - first).max(0) as usize;
        box_shape.push(count);
        if count > 0 {
            src_off += first as usize * os[d];
            dst_off += (lo + first * step) as usize * rs[d];
        }
        ds.push((rs[d] as i128 * step) as isize);
    }
    let ss = istrides(&t.shape);
    if !box_shape.contains(&0) {
        copy_box(
            l,
            &box_shape,
            &t.data,
            src_off,
            &ss,
            &mut out.data,
            dst_off,
            &ds,
        )?;
    }
    Ok(out)
}

/// `pad` (spec: pad): edge padding (negative removes elements) and interior padding.
fn pad<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let pv = tensor_arg(&args, 1)?;
    let low = attr_list(op, "edge_padding_low")?;
    let high = attr_list(op, "edge_padding_high")?;
    let interior = attr_list(op, "interior_padding")?;
    let r = pad_with(interp, t, pv, &low, &high, &interior)?;
    done(interp, op, r)
}

/// `dynamic_pad` (spec: dynamic_pad): `pad` with the paddings as operands.
fn dynamic_pad<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let pv = tensor_arg(&args, 1)?;
    let low = int_vector(tensor_arg(&args, 2)?, "edge_padding_low")?;
    let high = int_vector(tensor_arg(&args, 3)?, "edge_padding_high")?;
    let interior = int_vector(tensor_arg(&args, 4)?, "interior_padding")?;
    let r = for_the_run(pad_with(interp, t, pv, &low, &high, &interior))?;
    // The declared result shape against the paddings' values.
    labelled(done(interp, op, r), "(C4)")
}

// ---------------------------------------------------------------------------
// Iota and dimension sizes
// ---------------------------------------------------------------------------

/// The lane of the value `v` of a float `iota` (what `iota` stores and
/// the fused evaluation of `fuse.rs` computes in place of reading it).
#[inline(always)]
pub(crate) fn iota_float(k: FloatKind, v: usize) -> u64 {
    match k {
        // The hardware conversions round to nearest even, like `from_int`.
        FloatKind::F32 => (v as f32).to_bits() as u64,
        FloatKind::F64 => (v as f64).to_bits(),
        k => convert::from_int(k.format(), v as i128, Rounding::NearestEven),
    }
}

fn iota_of(
    interp: &Interp<'_>,
    elem: &ElementType,
    shape: Vec<usize>,
    dim: i64,
) -> KResult<Tensor> {
    let dim = axis(dim, shape.len(), "iota_dimension")?;
    let l = lanes(elem);
    interp.check_shape(&shape, l)?;
    let n = num_elements(&shape);
    const RNE: Rounding = Rounding::NearestEven;
    let size = shape[dim];
    // The lanes of each value 0..size.
    let w = Width::of(elem);
    let table: Words = match elem {
        ElementType::Float(FloatKind::F32) => Words::build(w, size, |off, out| {
            for (i, o) in out.iter_mut().enumerate() {
                *o = iota_float(FloatKind::F32, off + i);
            }
        }),
        ElementType::Float(FloatKind::F64) => Words::build(w, size, |off, out| {
            for (i, o) in out.iter_mut().enumerate() {
                *o = iota_float(FloatKind::F64, off + i);
            }
        }),
        ElementType::Float(k) if super::fuse::iota_converts(*k, size) => {
            let conv = super::fuse::Converter::new(FloatKind::F32, *k, size);
            Words::build(w, size, |off, out| {
                for (i, o) in out.iter_mut().enumerate() {
                    *o = iota_float(FloatKind::F32, off + i);
                }
                super::fuse::convert_in_place(&conv, out);
            })
        }
        ElementType::Float(k) => Words::build(w, size, |off, out| {
            for (i, o) in out.iter_mut().enumerate() {
                *o = iota_float(*k, off + i);
            }
        }),
        ElementType::Complex(k) => {
            let zero = convert::from_int(k.format(), 0, RNE);
            Words::collect(
                w,
                (0..size).flat_map(|v| [convert::from_int(k.format(), v as i128, RNE), zero]),
            )
        }
        ElementType::Quant(q) => {
            let fl = iota_of(interp, &ElementType::Float(q.expressed), shape, dim as i64)?;
            return Ok(quantize(&fl, q)?);
        }
        _ => {
            let k = int_kind(elem).ok_or("iota needs an integer, float or complex type")?;
            // Values the type holds are their own lanes.
            let fits = (size as i128) <= k.max() + 1;
            Words::build(w, size, |off, out| {
                for (i, o) in out.iter_mut().enumerate() {
                    let v = off + i;
                    *o = if fits { v as u64 } else { k.wrap(v as i128) };
                }
            })
        }
    };
    // One period (each value repeated over the inner dimensions), then copies.
    let inner = strides(&shape)[dim];
    if inner == 1 && table.len() == n * l {
        return Ok(Tensor::from_words(elem.clone(), shape, table));
    }
    // Lane `i` is lane `i % l` of the value at `(i / l / inner) % size`:
    // runs of `period` lanes of one value, the values in turn.
    let size = (table.len() / l.max(1)).max(1);
    let (l, period) = (l.max(1), l.max(1) * inner.max(1));
    let table = table.to_vec();
    let data = Words::build(w, n * l, |off, lanes| {
        let mut v = off / period % size;
        let mut at = off % period;
        let mut lanes = &mut lanes[..];
        while !lanes.is_empty() {
            let m = (period - at).min(lanes.len());
            let (run, rest) = lanes.split_at_mut(m);
            let value = &table[v * l..][..l];
            if l == 1 {
                run.fill(value[0]);
            } else {
                for (k, x) in run.iter_mut().enumerate() {
                    *x = value[(at + k) % l];
                }
            }
            lanes = rest;
            at = 0;
            v = if v + 1 == size { 0 } else { v + 1 };
        }
    });
    Ok(Tensor::from_words(elem.clone(), shape, data))
}

/// `iota` (spec: iota).
fn iota<'p>(interp: &mut Interp<'p>, op: &'p Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    let (shape, elem) = super::result_type(interp, op, 0)?;
    let t = iota_of(interp, &elem, shape, attr_int(op, "iota_dimension")?)?;
    Ok(vec![Value::tensor(t)])
}

/// `dynamic_iota` (spec: dynamic_iota): the shape is the `output_shape` operand.
fn dynamic_iota<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let shape = labelled(
        shape_vector(tensor_arg(&args, 0)?, "output_shape"),
        "(D1) 0 <= output_shape",
    )?;
    let elem = declared(interp, op, 0, &shape)?;
    let t = iota_of(interp, &elem, shape, attr_int(op, "iota_dimension")?)?;
    Ok(vec![Value::tensor(t)])
}

/// `get_dimension_size` (spec: get_dimension_size).
fn get_dimension_size<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let d = axis(attr_int(op, "dimension")?, t.rank(), "dimension")?;
    let elem = declared(interp, op, 0, &[])?;
    let size = i64::try_from(t.shape[d]).map_err(|_| "the size is too large")?;
    Ok(vec![Value::tensor(Tensor::from_i64(
        elem,
        Vec::new(),
        &[size],
    ))])
}

/// `set_dimension_size` (not in the spec): keeps the first `size` elements
/// along `dimension` when the result declares that dimension dynamic; with
/// a static result dimension the operand is returned unchanged (the size is
/// metadata, as in XLA).
fn set_dimension_size<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let t = tensor_arg(&args, 0)?;
    let d = axis(attr_int(op, "dimension")?, t.rank(), "dimension")?;
    let size = int_scalar(tensor_arg(&args, 1)?, "size")?;
    if size < 0 || size as u64 > t.shape[d] as u64 {
        return Err(format!("size {size} is outside [0, {}]", t.shape[d]).into());
    }
    let (dims, _) = result_type_dyn(interp, op, 0)?;
    if dims.get(d).copied().flatten().is_some() {
        // A static result dimension: the size is only metadata; the data stays.
        let r = t.clone();
        return done(interp, op, r);
    }
    let start = vec![0i64; t.rank()];
    let mut limit: Vec<i64> = t.shape.iter().map(|&n| n as i64).collect();
    limit[d] = size;
    let step = vec![1i64; t.rank()];
    let r = slice_with(interp, t, &start, &limit, &step)?;
    done(interp, op, r)
}

// ---------------------------------------------------------------------------
// Gather
// ---------------------------------------------------------------------------

fn dn_list(dn: &Attr, name: &str) -> KResult<Vec<i64>> {
    match dn.field(name) {
        None => Ok(Vec::new()),
        Some(a) => list_of(a)
            .ok_or_else(|| format!("dimension number `{name}` is not a list of integers").into()),
    }
}

fn dn_int(dn: &Attr, name: &str) -> KResult<i64> {
    match dn.field(name) {
        None => Ok(0),
        Some(a) => a
            .as_i64()
            .ok_or_else(|| format!("dimension number `{name}` is not an integer").into()),
    }
}

/// The dimensions of `0..rank` not in `used`, ascending.
fn remaining(rank: usize, used: &[usize]) -> Vec<usize> {
    (0..rank).filter(|d| !used.contains(d)).collect()
}

/// The indices of an index tensor (integers) as i64 lanes, clamped to the
/// i64 range (clamping happens anyway).
fn index_lanes(t: &Tensor, what: &str) -> KResult<Vec<i64>> {
    let k = int_kind(&t.elem).ok_or_else(|| format!("{what} must have an integer type"))?;
    if matches!(t.elem, ElementType::Quant(_)) {
        return Err(format!("{what} must have an integer type").into());
    }
    Ok(t.data
        .iter()
        .map(|x| k.value(x).clamp(i64::MIN as i128, i64::MAX as i128) as i64)
        .collect())
}

/// `gather` with slice sizes given (spec: gather).
fn gather_with(
    interp: &Interp<'_>,
    op: &Op,
    operand: &Tensor,
    indices: &Tensor,
    slice_sizes: &[i64],
) -> KResult<Tensor> {
    let dn = op
        .attr("dimension_numbers")
        .ok_or("missing `dimension_numbers`")?;
    let r_op = operand.rank();
    let r_si = indices.rank();
    let offset_dims = dn_list(dn, "offset_dims")?;
    let collapsed = axes(
        &dn_list(dn, "collapsed_slice_dims")?,
        r_op,
        "collapsed_slice_dims entry",
    )?;
    let obd = axes(
        &dn_list(dn, "operand_batching_dims")?,
        r_op,
        "operand_batching_dims entry",
    )?;
    let sbd = axes(
        &dn_list(dn, "start_indices_batching_dims")?,
        r_si,
        "start_indices_batching_dims entry",
    )?;
    let sim = axes(
        &dn_list(dn, "start_index_map")?,
        r_op,
        "start_index_map entry",
    )?;
    let ivd = dn_int(dn, "index_vector_dim")?;
    if ivd < 0 || ivd as usize > r_si {
        return Err(format!("index_vector_dim {ivd} is out of range").into());
    }
    let ivd = ivd as usize;
    if slice_sizes.len() != r_op {
        return Err(format!(
            "slice_sizes has {} entries for rank {r_op}",
            slice_sizes.len()
        )
        .into());
    }
    let mut sizes = Vec::with_capacity(r_op);
    // gather's (C21), (C9) and (C12); dynamic_gather's (C12) and (C8).
    let (fits, collapsed_label, batching_label) = if op.name == "stablehlo.dynamic_gather" {
        ("(C12)", "(C8)", "(C8)")
    } else {
        ("(C21)", "(C9)", "(C12)")
    };
    for (d, &s) in slice_sizes.iter().enumerate() {
        if s < 0 || s as u64 > operand.shape[d] as u64 {
            return Err(format!(
                "{fits} 0 <= slice_sizes <= shape(operand) does not hold for the run's values: \
                 slice size {s} does not fit dimension {d} of size {}",
                operand.shape[d]
            )
            .into());
        }
        sizes.push(s as usize);
    }
    let mut used = collapsed.clone();
    for &d in &obd {
        if used.contains(&d) {
            return Err(format!("dimension {d} is both collapsed and batching").into());
        }
        used.push(d);
    }
    for &d in &used {
        if sizes[d] > 1 {
            let (label, kind, list) = if collapsed.contains(&d) {
                (collapsed_label, "collapsed", "collapsed_slice_dims")
            } else {
                (batching_label, "batching", "operand_batching_dims")
            };
            return Err(format!(
                "{label} slice_sizes[{list}...] <= 1 does not hold for the run's values: \
                 slice size {} of {kind} dimension {d} exceeds 1",
                sizes[d]
            )
            .into());
        }
    }
    let offset_operand_dims = remaining(r_op, &used);
    if offset_operand_dims.len() != offset_dims.len() {
        return Err(
            "rank(operand) must equal the number of offset, collapsed and batching dimensions"
                .into(),
        );
    }
    if obd.len() != sbd.len() {
        return Err(
            "operand_batching_dims and start_indices_batching_dims differ in length".into(),
        );
    }
    for (&o, &s) in obd.iter().zip(&sbd) {
        if s == ivd {
            return Err("index_vector_dim is a batching dimension".into());
        }
        if operand.shape[o] != indices.shape[s] {
            return Err(format!("batching dimensions {o} and {s} differ in size").into());
        }
    }
    for &d in &sim {
        if obd.contains(&d) {
            return Err(format!("start_index_map entry {d} is a batching dimension").into());
        }
    }
    let nidx = if ivd < r_si { indices.shape[ivd] } else { 1 };
    if nidx != sim.len() {
        return Err(format!(
            "start_index_map has {} entries for index vectors of {nidx}",
            sim.len()
        )
        .into());
    }
    // The batch dimensions of the indices (all but index_vector_dim).
    let si_batch: Vec<usize> = (0..r_si).filter(|&d| d != ivd).collect();
    let rank = si_batch.len() + offset_dims.len();
    let offset_res = axes(&offset_dims, rank, "offset_dims entry")?;
    let batch_res = remaining(rank, &offset_res);
    let mut shape = vec![0usize; rank];
    for (k, &rd) in offset_res.iter().enumerate() {
        shape[rd] = sizes[offset_operand_dims[k]];
    }
    for (k, &rd) in batch_res.iter().enumerate() {
        shape[rd] = indices.shape[si_batch[k]];
    }
    let l = operand.lanes();
    interp.check_shape(&shape, l)?;
    let n = num_elements(&shape);
    // Every result element is copied once; the index vectors are read into
    // a table of i64.
    interp.charge(
        (n as u64).saturating_add(indices.len() as u64),
        super::lane_bytes(indices.len(), 1),
    )?;
    let mut data = Words::zeros(operand.data.width(), 0);
    let idx = index_lanes(indices, "start_indices")?;
    if n > 0 {
        let os = strides(&operand.shape);
        let ss = strides(&indices.shape);
        let rs = strides(&shape);
        let box_shape: Vec<usize> = offset_res.iter().map(|&d| shape[d]).collect();
        let box_src: Vec<isize> = offset_operand_dims
            .iter()
            .map(|&d| os[d] as isize)
            .collect();
        let box_dst: Vec<isize> = offset_res.iter().map(|&d| rs[d] as isize).collect();
        let ivd_stride = if ivd < r_si { ss[ivd] } else { 0 };
        // For each batching pair: the position in si_batch of its indices dim.
        let batch_pos: Vec<usize> = sbd
            .iter()
            .map(|s| si_batch.iter().position(|x| x == s).unwrap_or(0))
            .collect();
        let batch_shape: Vec<usize> = si_batch.iter().map(|&d| indices.shape[d]).collect();
        let mut bi = vec![0usize; batch_shape.len()];
        // Slices of one element (take_along_axis): the result is those
        // elements in the batch order, gathered at once.
        let single = l == 1 && box_shape.iter().all(|&s| s == 1);
        let mut singles = Vec::with_capacity(if single { n } else { 0 });
        if !single {
            data = Words::zeros(operand.data.width(), n * l);
        }
        loop {
            let mut si_off = 0usize;
            let mut dst = 0usize;
            for (k, &b) in bi.iter().enumerate() {
                si_off += b * ss[si_batch[k]];
                dst += b * rs[batch_res[k]];
            }
            let mut src: i128 = 0;
            for (j, &d) in sim.iter().enumerate() {
                let v = idx[si_off + j * ivd_stride] as i128;
                let hi = (operand.shape[d] - sizes[d]) as i128;
                src += v.clamp(0, hi) * os[d] as i128;
            }
            for (i, &o) in obd.iter().enumerate() {
                src += bi[batch_pos[i]] as i128 * os[o] as i128;
            }
            let src = usize::try_from(src).map_err(|_| "an index is out of bounds")?;
            if single {
                singles.push(src);
                if !next_index(&mut bi, &batch_shape) {
                    break;
                }
                continue;
            }
            copy_box(
                l,
                &box_shape,
                &operand.data,
                src,
                &box_src,
                &mut data,
                dst,
                &box_dst,
            )?;
            if !next_index(&mut bi, &batch_shape) {
                break;
            }
        }
        if single {
            if singles.iter().any(|&s| s >= operand.data.len()) {
                return Err("an index is out of bounds".into());
            }
            data = operand.data.gather(&singles);
        }
    }
    Ok(Tensor::from_words(operand.elem.clone(), shape, data))
}

/// `gather` (spec: gather): slices of the operand at clamped start indices.
fn gather<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let operand = tensor_arg(&args, 0)?;
    let indices = tensor_arg(&args, 1)?;
    let sizes = attr_list(op, "slice_sizes")?;
    let r = gather_with(interp, op, operand, indices, &sizes)?;
    done(interp, op, r)
}

/// `dynamic_gather` (spec: dynamic_gather): `gather` with the slice sizes as an operand.
fn dynamic_gather<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let operand = tensor_arg(&args, 0)?;
    let indices = tensor_arg(&args, 1)?;
    let sizes = int_vector(tensor_arg(&args, 2)?, "slice_sizes")?;
    let r = gather_with(interp, op, operand, indices, &sizes)?;
    done(interp, op, r)
}

// ---------------------------------------------------------------------------
// Scatter
// ---------------------------------------------------------------------------

/// Where one dimension of the updates goes.
#[derive(Clone, Copy)]
enum UpdDim {
    /// A scatter dimension: its stride in the indices.
    Scatter(usize),
    /// A window dimension: the input dimension it walks.
    Window(usize),
}

/// The validated dimension numbers of a scatter.
struct ScatterPlan {
    dims: Vec<UpdDim>,
    /// scatter_dims_to_operand_dims.
    sdto: Vec<usize>,
    /// (input dim, update dim) of each batching pair.
    batching: Vec<(usize, usize)>,
    ivd_stride: usize,
}

fn scatter_plan(
    dn: &Attr,
    input_shape: &[usize],
    indices_shape: &[usize],
    update_shape: &[usize],
) -> KResult<ScatterPlan> {
    let r_in = input_shape.len();
    let r_si = indices_shape.len();
    let r_up = update_shape.len();
    let uwd = axes(
        &dn_list(dn, "update_window_dims")?,
        r_up,
        "update_window_dims entry",
    )?;
    let iwd = axes(
        &dn_list(dn, "inserted_window_dims")?,
        r_in,
        "inserted_window_dims entry",
    )?;
    let ibd = axes(
        &dn_list(dn, "input_batching_dims")?,
        r_in,
        "input_batching_dims entry",
    )?;
    let sbd = axes(
        &dn_list(dn, "scatter_indices_batching_dims")?,
        r_si,
        "scatter_indices_batching_dims entry",
    )?;
    let sdto = axes(
        &dn_list(dn, "scatter_dims_to_operand_dims")?,
        r_in,
        "scatter_dims_to_operand_dims entry",
    )?;
    let ivd = dn_int(dn, "index_vector_dim")?;
    if ivd < 0 || ivd as usize > r_si {
        return Err(format!("index_vector_dim {ivd} is out of range").into());
    }
    let ivd = ivd as usize;
    let mut used = iwd.clone();
    for &d in &ibd {
        if used.contains(&d) {
            return Err(format!("dimension {d} is both inserted and batching").into());
        }
        used.push(d);
    }
    let window_in = remaining(r_in, &used);
    if window_in.len() != uwd.len() {
        return Err(
            "rank(inputs) must equal the number of window, inserted and batching dimensions".into(),
        );
    }
    let nidx = if ivd < r_si { indices_shape[ivd] } else { 1 };
    if nidx != sdto.len() {
        return Err(format!(
            "scatter_dims_to_operand_dims has {} entries for index vectors of {nidx}",
            sdto.len()
        )
        .into());
    }
    for &d in &sdto {
        if ibd.contains(&d) {
            return Err(
                format!("scatter_dims_to_operand_dims entry {d} is a batching dimension").into(),
            );
        }
    }
    let si_batch: Vec<usize> = (0..r_si).filter(|&d| d != ivd).collect();
    let scatter_up = remaining(r_up, &uwd);
    if scatter_up.len() != si_batch.len() {
        return Err("the updates' scatter dimensions do not match the indices".into());
    }
    let ss = strides(indices_shape);
    let mut dims = vec![UpdDim::Scatter(0); r_up];
    for (k, &u) in scatter_up.iter().enumerate() {
        if update_shape[u] != indices_shape[si_batch[k]] {
            return Err(format!(
                "update dimension {u} has size {} but the indices give {}",
                update_shape[u], indices_shape[si_batch[k]]
            )
            .into());
        }
        dims[u] = UpdDim::Scatter(ss[si_batch[k]]);
    }
    for (k, &u) in uwd.iter().enumerate() {
        dims[u] = UpdDim::Window(window_in[k]);
    }
    if ibd.len() != sbd.len() {
        return Err(
            "input_batching_dims and scatter_indices_batching_dims differ in length".into(),
        );
    }
    let mut batching = Vec::with_capacity(ibd.len());
    for (&i, &s) in ibd.iter().zip(&sbd) {
        if s == ivd {
            return Err("index_vector_dim is a batching dimension".into());
        }
        if input_shape[i] != indices_shape[s] {
            return Err(format!("batching dimensions {i} and {s} differ in size").into());
        }
        let k = si_batch.iter().position(|&x| x == s).unwrap_or(0);
        batching.push((i, scatter_up[k]));
    }
    Ok(ScatterPlan {
        dims,
        sdto,
        batching,
        ivd_stride: if ivd < r_si { ss[ivd] } else { 0 },
    })
}

/// `scatter` (spec: scatter): each update element combined into the result
/// element it addresses by `update_computation`, in row-major update order;
/// out-of-bounds elements skipped.
fn scatter<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    if args.len() < 3 || args.len().is_multiple_of(2) {
        return Err("scatter takes N inputs, the indices and N updates".into());
    }
    let n = (args.len() - 1) / 2;
    let region = op.regions.first().ok_or("missing update_computation")?;
    let f = ScalarFn::new(interp, region)?;
    if f.arity() != 2 * n {
        return Err(format!(
            "update_computation takes {} arguments for {n} inputs",
            f.arity()
        )
        .into());
    }
    let dn = op
        .attr("scatter_dimension_numbers")
        .ok_or("missing `scatter_dimension_numbers`")?;
    let mut args = args;
    let updates_v = args.split_off(n + 1);
    let indices_v = args.pop().ok_or("missing indices")?;
    let inputs_v = args;
    let indices = indices_v.as_tensor()?;
    let in_shape = inputs_v[0].as_tensor()?.shape.clone();
    let up_shape = updates_v[0].as_tensor()?.shape.clone();
    for v in &inputs_v {
        if v.as_tensor()?.shape != in_shape {
            return Err("(C1) same(shape(inputs...)) does not hold for the run's values: the inputs differ in shape".into());
        }
    }
    for v in &updates_v {
        if v.as_tensor()?.shape != up_shape {
            return Err("(C3) same(shape(updates...)) does not hold for the run's values: the updates differ in shape".into());
        }
    }
    let plan = scatter_plan(dn, &in_shape, &indices.shape, &up_shape)?;
    // A call of the update computation per update element (of every input);
    // the index table and converted copies of the inputs and updates are held.
    let mut copies = super::lane_bytes(indices.len(), 1);
    for v in inputs_v.iter().chain(&updates_v) {
        copies = copies.saturating_add(super::tensor_bytes(v.as_tensor()?));
    }
    interp.charge(
        (num_elements(&up_shape) as u64)
            .saturating_mul(n as u64)
            .saturating_mul(super::reduce::body_work(region))
            .saturating_add(indices.len() as u64),
        copies,
    )?;
    let idx = index_lanes(indices, "scatter_indices")?;

    // Element types: the region's, dequantizing when the region computes on
    // floats but the operands are quantized.
    let arg_ty = |i: usize| f.arg_type(i).cloned().ok_or("missing region argument type");
    let mut quantized = false;
    let mut results = Vec::with_capacity(n);
    for (i, v) in inputs_v.into_iter().enumerate() {
        let want = arg_ty(i)?;
        let t = v.into_tensor()?;
        let t = match (&t.elem, &want) {
            (a, b) if a == b => t,
            (ElementType::Quant(_), ElementType::Quant(_)) => retype(t, &want)?,
            (ElementType::Quant(_), _) => {
                quantized = true;
                super::elementwise::convert_tensor(&dequantize(&t)?, &want)
            }
            _ => super::elementwise::convert_tensor(&t, &want),
        };
        results.push(t);
    }
    let mut updates: Vec<Cow<'_, Tensor>> = Vec::with_capacity(n);
    for (i, v) in updates_v.iter().enumerate() {
        let want = arg_ty(n + i)?;
        let t = v.as_tensor()?;
        let t = match (&t.elem, &want) {
            (a, b) if a == b => Cow::Borrowed(t),
            (ElementType::Quant(_), ElementType::Quant(_)) => Cow::Owned(retype(t.clone(), &want)?),
            (ElementType::Quant(_), _) => {
                Cow::Owned(super::elementwise::convert_tensor(&dequantize(t)?, &want))
            }
            _ => Cow::Owned(super::elementwise::convert_tensor(t, &want)),
        };
        updates.push(t);
    }

    run_scatter(
        interp,
        &f,
        &plan,
        &idx,
        &in_shape,
        &up_shape,
        &mut results,
        &updates,
    )?;

    let mut out = Vec::with_capacity(n);
    for (i, t) in results.into_iter().enumerate() {
        let (_, elem) = result_type_dyn(interp, op, i)?;
        let t = match &elem {
            ElementType::Quant(q) if quantized => quantize(&t, q)?,
            _ => retype(t, &elem)?,
        };
        out.push(Value::tensor(t));
    }
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn run_scatter<'p>(
    interp: &mut Interp<'p>,
    f: &ScalarFn<'p>,
    plan: &ScatterPlan,
    idx: &[i64],
    in_shape: &[usize],
    up_shape: &[usize],
    results: &mut [Tensor],
    updates: &[Cow<'_, Tensor>],
) -> KResult<()> {
    let total = num_elements(up_shape);
    if total == 0 {
        return Ok(());
    }
    let r_in = in_shape.len();
    let in_strides = strides(in_shape);
    let fast = if results.len() == 1 && results[0].lanes() == 1 && updates[0].lanes() == 1 {
        f.fast_binary()
    } else {
        None
    };
    // An overwriting rule copies each update's lanes (no call).
    let replace = interp.fast_kernels
        && f.returns_second_half()
        && results.len() == updates.len()
        && results.iter().zip(updates).all(|(r, u)| r.elem == u.elem);
    // A one-lane rule (overwriting, or a fast binary op) on updates whose
    // window dimensions come after their scatter dimensions runs window by
    // window.
    let k = plan
        .dims
        .iter()
        .take_while(|d| matches!(d, UpdDim::Scatter(_)))
        .count();
    let windows = plan.dims[k..]
        .iter()
        .all(|d| matches!(d, UpdDim::Window(_)));
    let overwrite = replace && results.len() == 1 && results[0].lanes() == 1;
    if windows && interp.fast_kernels && (overwrite || fast.is_some()) {
        // The result is updated where it is stored (only the windows are
        // read and written, not the whole tensor widened to lanes and
        // back), each rule compiled into the walk. (Without the fast
        // kernels, the walk below calls the rule element by element.)
        let upd = updates[0].lanes_vec();
        let float_op = f.fast_float();
        let res = &mut results[0].data;
        if overwrite {
            scatter_windows(plan, idx, in_shape, up_shape, k, res, &upd, &|_, u| u)?
        } else if let Some((op, FloatKind::F32)) = float_op {
            // f32 sums, products, maxima and minima on the hardware, with
            // `float::arith`'s bits (as `reduce` folds them).
            scatter_windows(plan, idx, in_shape, up_shape, k, res, &upd, &|a, b| {
                super::reduce::fold_f32(op, a, b)
            })?
        } else if let Some((op, FloatKind::BF16)) = float_op {
            // bf16 and f16 maxima and minima by keys, sums in `f32`, the
            // rest by `arith`'s own 16-bit path (as `reduce` folds them).
            scatter_windows(plan, idx, in_shape, up_shape, k, res, &upd, &|a, b| {
                super::reduce::fold_half(FloatKind::BF16, op, a, b)
            })?
        } else if let Some((op, FloatKind::F16)) = float_op {
            scatter_windows(plan, idx, in_shape, up_shape, k, res, &upd, &|a, b| {
                super::reduce::fold_half(FloatKind::F16, op, a, b)
            })?
        } else if let Some(g) = &fast {
            scatter_windows(plan, idx, in_shape, up_shape, k, res, &upd, g)?
        }
        return Ok(());
    }
    let mut ui = vec![0usize; up_shape.len()];
    let mut base = vec![0i128; r_in];
    let mut coord = vec![0i128; r_in];
    let mut cached: Option<usize> = None;
    let mut lin = 0usize;
    loop {
        // The indices position of this update's scatter index.
        let mut si_off = 0usize;
        for (u, d) in plan.dims.iter().enumerate() {
            if let UpdDim::Scatter(s) = d {
                si_off += ui[u] * s;
            }
        }
        if cached != Some(si_off) {
            base.iter_mut().for_each(|b| *b = 0);
            for (j, &d) in plan.sdto.iter().enumerate() {
                let p = si_off + j * plan.ivd_stride;
                base[d] = *idx.get(p).ok_or("an index is out of bounds")? as i128;
            }
            for &(d, u) in &plan.batching {
                base[d] += ui[u] as i128;
            }
            cached = Some(si_off);
        }
        coord.copy_from_slice(&base);
        for (u, d) in plan.dims.iter().enumerate() {
            if let UpdDim::Window(w) = d {
                coord[*w] += ui[u] as i128;
            }
        }
        let mut inside = true;
        let mut off = 0usize;
        for d in 0..r_in {
            if coord[d] < 0 || coord[d] >= in_shape[d] as i128 {
                inside = false;
                break;
            }
            off += coord[d] as usize * in_strides[d];
        }
        if inside && replace {
            for (r, u) in results.iter_mut().zip(updates) {
                let l = r.lanes();
                for lane in 0..l {
                    r.data.set(off * l + lane, u.data.get(lin * l + lane));
                }
            }
        } else if inside {
            if let Some(g) = &fast {
                let r = results[0].data.get(off);
                results[0].data.set(off, g(r, updates[0].data.get(lin)));
            } else {
                apply_general(interp, f, results, updates, off, lin)?;
            }
        }
        lin += 1;
        if !next_index(&mut ui, up_shape) {
            return Ok(());
        }
    }
}

/// Scatter with a binary rule when the window dimensions of the updates come
/// after all their scatter dimensions (`k` of them): the updates are then
/// walked one window at a time, each window clipped to the result, in the
/// same row-major order as element by element.
#[allow(clippy::too_many_arguments)]
fn scatter_windows(
    plan: &ScatterPlan,
    idx: &[i64],
    in_shape: &[usize],
    up_shape: &[usize],
    k: usize,
    res: &mut Words,
    upd: &[u64],
    g: &impl Fn(u64, u64) -> u64,
) -> KResult<()> {
    let r_in = in_shape.len();
    let in_strides = strides(in_shape);
    let up_strides = strides(up_shape);
    let (scatter_shape, window_shape) = up_shape.split_at(k);
    let window_in: Vec<usize> = plan.dims[k..]
        .iter()
        .map(|d| match d {
            UpdDim::Window(w) => *w,
            UpdDim::Scatter(_) => 0,
        })
        .collect();
    let mut is_window = vec![false; r_in];
    for &w in &window_in {
        is_window[w] = true;
    }
    let window_len = num_elements(window_shape);
    let nw = window_shape.len();
    let mut sp = vec![0usize; k];
    let mut base = vec![0i128; r_in];
    let mut lo = vec![0usize; nw];
    let mut sub = vec![0usize; nw];
    let mut wi = vec![0usize; nw];
    let mut sp_lin = 0usize;
    'points: loop {
        let mut si_off = 0usize;
        for (u, &i) in sp.iter().enumerate() {
            if let UpdDim::Scatter(st) = plan.dims[u] {
                si_off += i * st;
            }
        }
        base.iter_mut().for_each(|b| *b = 0);
        for (j, &d) in plan.sdto.iter().enumerate() {
            let p = si_off + j * plan.ivd_stride;
            base[d] = *idx.get(p).ok_or("an index is out of bounds")? as i128;
        }
        for &(d, u) in &plan.batching {
            base[d] += sp[u] as i128;
        }
        let mut skip = false;
        let mut res_off = 0i128;
        for d in 0..r_in {
            if !is_window[d] && (base[d] < 0 || base[d] >= in_shape[d] as i128) {
                skip = true;
            }
        }
        let mut up_off = sp_lin * window_len;
        if !skip {
            for (j, &d) in window_in.iter().enumerate() {
                let b = base[d];
                let l0 = (-b).max(0);
                let h0 = (in_shape[d] as i128 - b).min(window_shape[j] as i128);
                if l0 >= h0 {
                    skip = true;
                    break;
                }
                lo[j] = l0 as usize;
                sub[j] = (h0 - l0) as usize;
                base[d] = b + l0;
                up_off += lo[j] * up_strides[k + j];
            }
        }
        if !skip {
            for d in 0..r_in {
                res_off += base[d] * in_strides[d] as i128;
            }
            let res_off = usize::try_from(res_off).map_err(|_| "an index is out of bounds")?;
            // Walk the clipped window: the last dimension as a run.
            wi.iter_mut().for_each(|x| *x = 0);
            let (run, rs, us) = match nw {
                0 => (1, 0, 0),
                _ => (
                    sub[nw - 1],
                    in_strides[window_in[nw - 1]],
                    up_strides[k + nw - 1],
                ),
            };
            let outer = nw.saturating_sub(1);
            loop {
                let (mut ro, mut uo) = (res_off, up_off);
                for j in 0..outer {
                    ro += wi[j] * in_strides[window_in[j]];
                    uo += wi[j] * up_strides[k + j];
                }
                if ro + (run - 1) * rs >= res.len() || uo + (run - 1) * us >= upd.len() {
                    return Err("an index is out of bounds".into());
                }
                match res {
                    // f32 results (the common case) read and written as
                    // they are stored, not through a lane per element.
                    Words::U32(v) => {
                        for t in 0..run {
                            let at = ro + t * rs;
                            v[at] = g(u64::from(v[at]), upd[uo + t * us]) as u32;
                        }
                    }
                    Words::U16(v) => {
                        for t in 0..run {
                            let at = ro + t * rs;
                            v[at] = g(u64::from(v[at]), upd[uo + t * us]) as u16;
                        }
                    }
                    _ => {
                        for t in 0..run {
                            let at = ro + t * rs;
                            res.set(at, g(res.get(at), upd[uo + t * us]));
                        }
                    }
                }
                if !next_index(&mut wi[..outer], &sub[..outer]) {
                    break;
                }
            }
        }
        sp_lin += 1;
        if !next_index(&mut sp, scatter_shape) {
            break 'points;
        }
    }
    Ok(())
}

/// Applies the region to element `off` of every result and element `lin`
/// of every update.
fn apply_general<'p>(
    interp: &mut Interp<'p>,
    f: &ScalarFn<'p>,
    results: &mut [Tensor],
    updates: &[Cow<'_, Tensor>],
    off: usize,
    lin: usize,
) -> KResult<()> {
    let n = results.len();
    let out = {
        let mut elems = Vec::with_capacity(2 * n);
        for r in results.iter() {
            elems.push(r.elem_lanes(off));
        }
        for u in updates {
            elems.push(u.elem_lanes(lin));
        }
        let a: Vec<&[u64]> = elems.iter().map(|e| &**e).collect();
        f.call(interp, &a)?
    };
    if out.len() != n {
        return Err(format!(
            "update_computation returned {} values for {n} inputs",
            out.len()
        )
        .into());
    }
    for (r, v) in results.iter_mut().zip(out) {
        let l = r.lanes();
        if v.len() != l {
            return Err("update_computation returned a value of another type".into());
        }
        r.data.write(off * l, &v);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Interp, Limits};
    use crate::ir::parse::parse_program;

    /// Runs `@main` of a program; returns each result's integers (floats as bits).
    fn run(text: &str) -> Result<Vec<Vec<i64>>, String> {
        let prog = parse_program("test", text).map_err(|d| format!("{d:?}"))?;
        let mut interp = Interp::new(&prog, Limits::default());
        let out = interp.call("main", Vec::new())?;
        Ok(out
            .iter()
            .map(|v| {
                let t = v.as_tensor().unwrap();
                t.ints()
                    .map(|x| x.into_iter().map(|y| y as i64).collect())
                    .unwrap_or_else(|| t.data.iter().map(|b| b as i64).collect())
            })
            .collect())
    }

    fn one(text: &str) -> Vec<i64> {
        run(text).unwrap().remove(0)
    }

    #[test]
    fn pad_negative_edges_cut_into_interior_padding() {
        let r = one(r#"func.func @main() -> tensor<2xi64> {
          %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
          %p = stablehlo.constant dense<0> : tensor<i64>
          %r = stablehlo.pad %x, %p, low = [-1], high = [-2], interior = [1] : (tensor<3xi64>, tensor<i64>) -> tensor<2xi64>
          func.return %r : tensor<2xi64>
        }"#);
        assert_eq!(r, vec![0, 2]);
    }

    #[test]
    fn dynamic_pad_mixes_negative_edges_and_interior() {
        let r = one(r#"func.func @main() -> tensor<4x4xi64> {
          %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>
          %p = stablehlo.constant dense<-1> : tensor<i64>
          %lo = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
          %hi = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
          %in = stablehlo.constant dense<[0, 2]> : tensor<2xi64>
          %r = stablehlo.dynamic_pad %x, %p, %lo, %hi, %in : (tensor<2x2xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x4xi64>
          func.return %r : tensor<4x4xi64>
        }"#);
        // Columns: [1, p, p, 2] loses its first element, then gains one.
        #[rustfmt::skip]
        let want = vec![
            -1, -1, -1, -1,
            -1, -1, 2, -1,
            -1, -1, 4, -1,
            -1, -1, -1, -1,
        ];
        assert_eq!(r, want);
    }

    #[test]
    fn gather_with_batching_dims_clamps_start_indices() {
        // The spec's example: index [0, 9] is clamped to [0, 2].
        let r = one(r#"func.func @main() -> tensor<2x2x3x2x2xi64> {
          %operand = stablehlo.iota dim = 0 : tensor<2x3x4x2xi64>
          %o2 = stablehlo.iota dim = 1 : tensor<2x3x4x2xi64>
          %o3 = stablehlo.iota dim = 2 : tensor<2x3x4x2xi64>
          %o4 = stablehlo.iota dim = 3 : tensor<2x3x4x2xi64>
          %c24 = stablehlo.constant dense<24> : tensor<2x3x4x2xi64>
          %c8 = stablehlo.constant dense<8> : tensor<2x3x4x2xi64>
          %c2 = stablehlo.constant dense<2> : tensor<2x3x4x2xi64>
          %c1 = stablehlo.constant dense<1> : tensor<2x3x4x2xi64>
          %a = stablehlo.multiply %operand, %c24 : tensor<2x3x4x2xi64>
          %b = stablehlo.multiply %o2, %c8 : tensor<2x3x4x2xi64>
          %c = stablehlo.multiply %o3, %c2 : tensor<2x3x4x2xi64>
          %s1 = stablehlo.add %a, %b : tensor<2x3x4x2xi64>
          %s2 = stablehlo.add %s1, %c : tensor<2x3x4x2xi64>
          %s3 = stablehlo.add %s2, %o4 : tensor<2x3x4x2xi64>
          %x = stablehlo.add %s3, %c1 : tensor<2x3x4x2xi64>
          %idx = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
          %r = "stablehlo.gather"(%x, %idx) {
            dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1],
              operand_batching_dims = [0], start_indices_batching_dims = [1],
              start_index_map = [2, 1], index_vector_dim = 3>,
            slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false
          } : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64>
          func.return %r : tensor<2x2x3x2x2xi64>
        }"#);
        let want = [
            1, 2, 3, 4, 3, 4, 5, 6, 13, 14, 15, 16, 33, 34, 35, 36, 35, 36, 37, 38, 41, 42, 43, 44,
            1, 2, 3, 4, 13, 14, 15, 16, 21, 22, 23, 24, 43, 44, 45, 46, 33, 34, 35, 36, 27, 28, 29,
            30,
        ];
        assert_eq!(r, want.to_vec());
    }

    #[test]
    fn gather_index_vector_dim_at_rank_takes_scalar_indices() {
        let r = one(r#"func.func @main() -> tensor<3x2xi64> {
          %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
          %i = stablehlo.constant dense<[2, -5, 1]> : tensor<3xi32>
          %r = "stablehlo.gather"(%x, %i) {
            dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
              start_index_map = [0], index_vector_dim = 1>,
            slice_sizes = array<i64: 1, 2>
          } : (tensor<3x2xi64>, tensor<3xi32>) -> tensor<3x2xi64>
          func.return %r : tensor<3x2xi64>
        }"#);
        assert_eq!(r, vec![5, 6, 1, 2, 3, 4]);
    }

    const SCATTER_ADD: &str = r#"
          ^bb0(%a: tensor<i64>, %b: tensor<i64>):
            %s = stablehlo.add %a, %b : tensor<i64>
            stablehlo.return %s : tensor<i64>
    "#;

    #[test]
    fn scatter_with_batching_dims_skips_out_of_bounds_elements() {
        // The spec's example.
        let text = format!(
            r#"func.func @main() -> tensor<2x3x4x2xi64> {{
          %x = stablehlo.constant dense<[[[[1, 2], [3, 4], [5, 6], [7, 8]], [[9, 10], [11, 12], [13, 14], [15, 16]], [[17, 18], [19, 20], [21, 22], [23, 24]]], [[[25, 26], [27, 28], [29, 30], [31, 32]], [[33, 34], [35, 36], [37, 38], [39, 40]], [[41, 42], [43, 44], [45, 46], [47, 48]]]]> : tensor<2x3x4x2xi64>
          %idx = stablehlo.constant dense<[[[[0, 0], [1, 0], [2, 1]], [[0, 1], [1, 1], [0, 9]]], [[[0, 0], [2, 1], [2, 2]], [[1, 2], [0, 1], [1, 0]]]]> : tensor<2x2x3x2xi64>
          %u = stablehlo.constant dense<1> : tensor<2x2x3x2x2xi64>
          %r = "stablehlo.scatter"(%x, %idx, %u) ({{{SCATTER_ADD}}}) {{
            scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3, 4],
              inserted_window_dims = [1], input_batching_dims = [0],
              scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [2, 1],
              index_vector_dim = 3>,
            indices_are_sorted = false, unique_indices = false
          }} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
          func.return %r : tensor<2x3x4x2xi64>
        }}"#
        );
        let want = [
            3, 4, 6, 7, 6, 7, 7, 8, 9, 10, 11, 12, 15, 16, 17, 18, 17, 18, 19, 20, 22, 23, 24, 25,
            25, 26, 28, 29, 30, 31, 31, 32, 35, 36, 38, 39, 38, 39, 39, 40, 41, 42, 44, 45, 46, 47,
            47, 48,
        ];
        assert_eq!(one(&text), want.to_vec());
    }

    #[test]
    fn scatter_partly_out_of_bounds_window_updates_the_inside_elements() {
        let text = format!(
            r#"func.func @main() -> tensor<4xi64> {{
          %x = stablehlo.constant dense<0> : tensor<4xi64>
          %idx = stablehlo.constant dense<[[3]]> : tensor<1x1xi64>
          %u = stablehlo.constant dense<[[5, 7]]> : tensor<1x2xi64>
          %r = "stablehlo.scatter"(%x, %idx, %u) ({{{SCATTER_ADD}}}) {{
            scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],
              scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          }} : (tensor<4xi64>, tensor<1x1xi64>, tensor<1x2xi64>) -> tensor<4xi64>
          func.return %r : tensor<4xi64>
        }}"#
        );
        assert_eq!(one(&text), vec![0, 0, 0, 5]);
    }

    #[test]
    fn scatter_with_leading_window_dims_pairs_updates_correctly() {
        let text = format!(
            r#"func.func @main() -> tensor<3x2xi64> {{
          %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
          %idx = stablehlo.constant dense<[[0], [2]]> : tensor<2x1xi64>
          %u = stablehlo.constant dense<[[10, 20], [30, 40]]> : tensor<2x2xi64>
          %r = "stablehlo.scatter"(%x, %idx, %u) ({{{SCATTER_ADD}}}) {{
            scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0],
              inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          }} : (tensor<3x2xi64>, tensor<2x1xi64>, tensor<2x2xi64>) -> tensor<3x2xi64>
          func.return %r : tensor<3x2xi64>
        }}"#
        );
        assert_eq!(one(&text), vec![11, 32, 3, 4, 25, 46]);
    }

    #[test]
    fn scatter_applies_duplicate_updates_in_update_order() {
        // A region that is not a fast binary op: result = 2 * old + update.
        let r = one(r#"func.func @main() -> tensor<2xi64> {
          %x = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
          %idx = stablehlo.constant dense<[[0], [0], [0]]> : tensor<3x1xi64>
          %u = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
          %r = "stablehlo.scatter"(%x, %idx, %u) ({
            ^bb0(%a: tensor<i64>, %b: tensor<i64>):
              %d = stablehlo.add %a, %a : tensor<i64>
              %s = stablehlo.add %d, %b : tensor<i64>
              stablehlo.return %s : tensor<i64>
          }) {
            scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
              scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          } : (tensor<2xi64>, tensor<3x1xi64>, tensor<3xi64>) -> tensor<2xi64>
          func.return %r : tensor<2xi64>
        }"#);
        // ((1·2 + 1)·2 + 2)·2 + 3 = 19
        assert_eq!(r, vec![19, 0]);
    }

    #[test]
    fn variadic_scatter_updates_every_input() {
        let r = run(r#"func.func @main() -> (tensor<3xi64>, tensor<3xi32>) {
          %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
          %y = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
          %idx = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
          %u = stablehlo.constant dense<[100, 200]> : tensor<2xi64>
          %v = stablehlo.constant dense<[7, 8]> : tensor<2xi32>
          %r:2 = "stablehlo.scatter"(%x, %y, %idx, %u, %v) ({
            ^bb0(%a: tensor<i64>, %b: tensor<i32>, %c: tensor<i64>, %d: tensor<i32>):
              stablehlo.return %c, %b : tensor<i64>, tensor<i32>
          }) {
            scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
              scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          } : (tensor<3xi64>, tensor<3xi32>, tensor<2x1xi64>, tensor<2xi64>, tensor<2xi32>) -> (tensor<3xi64>, tensor<3xi32>)
          func.return %r#0, %r#1 : tensor<3xi64>, tensor<3xi32>
        }"#)
        .unwrap();
        assert_eq!(r, vec![vec![200, 2, 100], vec![10, 20, 30]]);
    }

    #[test]
    fn dynamic_slice_and_update_slice_clamp_start_indices() {
        let r = run(r#"func.func @main() -> (tensor<2x2xi32>, tensor<3x3xi32>) {
          %x = stablehlo.iota dim = 1 : tensor<3x3xi32>
          %m = stablehlo.constant dense<-1> : tensor<i64>
          %b = stablehlo.constant dense<7> : tensor<i64>
          %s = stablehlo.dynamic_slice %x, %m, %b, sizes = [2, 2] : (tensor<3x3xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
          %u = stablehlo.constant dense<9> : tensor<2x2xi32>
          %r = stablehlo.dynamic_update_slice %x, %u, %b, %m : (tensor<3x3xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x3xi32>
          func.return %s, %r : tensor<2x2xi32>, tensor<3x3xi32>
        }"#)
        .unwrap();
        assert_eq!(r[0], vec![1, 2, 1, 2]);
        assert_eq!(r[1], vec![0, 1, 2, 9, 9, 2, 9, 9, 2]);
    }

    #[test]
    fn large_transpose_matches_the_definition() {
        let r = one(r#"func.func @main() -> tensor<3x70x65xi32> {
          %a = stablehlo.iota dim = 0 : tensor<3x65x70xi32>
          %b = stablehlo.iota dim = 1 : tensor<3x65x70xi32>
          %c = stablehlo.iota dim = 2 : tensor<3x65x70xi32>
          %k1 = stablehlo.constant dense<10000> : tensor<3x65x70xi32>
          %k2 = stablehlo.constant dense<100> : tensor<3x65x70xi32>
          %a1 = stablehlo.multiply %a, %k1 : tensor<3x65x70xi32>
          %b1 = stablehlo.multiply %b, %k2 : tensor<3x65x70xi32>
          %s = stablehlo.add %a1, %b1 : tensor<3x65x70xi32>
          %x = stablehlo.add %s, %c : tensor<3x65x70xi32>
          %r = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<3x65x70xi32>) -> tensor<3x70x65xi32>
          func.return %r : tensor<3x70x65xi32>
        }"#);
        let mut want = Vec::new();
        for a in 0..3 {
            for c in 0..70 {
                for b in 0..65 {
                    want.push(a * 10000 + b * 100 + c);
                }
            }
        }
        assert_eq!(r, want);
    }

    #[test]
    fn broadcast_reverse_slice_concatenate_follow_the_spec_examples() {
        let r = run(r#"func.func @main() -> (tensor<2x3x2xi32>, tensor<3x2xi32>, tensor<2x2xi64>, tensor<4x2xi64>) {
          %x = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
          %b = stablehlo.broadcast_in_dim %x, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>
          %y = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
          %r = stablehlo.reverse %y, dims = [1] : tensor<3x2xi32>
          %z = stablehlo.constant dense<[[0, 0, 0, 0], [0, 0, 1, 2], [0, 0, 3, 4]]> : tensor<3x4xi64>
          %s = stablehlo.slice %z [1:3, 2:4] : (tensor<3x4xi64>) -> tensor<2x2xi64>
          %c0 = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
          %c1 = stablehlo.constant dense<[[7, 8]]> : tensor<1x2xi64>
          %c = stablehlo.concatenate %c0, %c1, dim = 0 : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
          func.return %b, %r, %s, %c : tensor<2x3x2xi32>, tensor<3x2xi32>, tensor<2x2xi64>, tensor<4x2xi64>
        }"#)
        .unwrap();
        assert_eq!(r[0], vec![1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3]);
        assert_eq!(r[1], vec![2, 1, 4, 3, 6, 5]);
        assert_eq!(r[2], vec![1, 2, 3, 4]);
        assert_eq!(r[3], vec![1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn strided_slice_and_dynamic_shapes() {
        let r = run(r#"func.func @main() -> (tensor<2xi64>, tensor<2x3xi64>, tensor<2x2xf32>, tensor<i32>) {
          %x = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi64>
          %s = stablehlo.slice %x [1:5:2] : (tensor<5xi64>) -> tensor<2xi64>
          %sh = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
          %y = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
          %f = stablehlo.constant dense<[6]> : tensor<1xi64>
          %flat = stablehlo.dynamic_reshape %y, %f : (tensor<2x3xi64>, tensor<1xi64>) -> tensor<?xi64>
          %back = stablehlo.dynamic_reshape %flat, %sh : (tensor<?xi64>, tensor<2xi64>) -> tensor<2x3xi64>
          %is = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
          %io = stablehlo.dynamic_iota %is, dim = 1 : (tensor<2xi64>) -> tensor<2x2xf32>
          %d = stablehlo.get_dimension_size %flat, dim = 0 : (tensor<?xi64>) -> tensor<i32>
          func.return %s, %back, %io, %d : tensor<2xi64>, tensor<2x3xi64>, tensor<2x2xf32>, tensor<i32>
        }"#)
        .unwrap();
        assert_eq!(r[0], vec![1, 3]);
        assert_eq!(r[1], vec![1, 2, 3, 4, 5, 6]);
        let one_f32 = 0x3f80_0000;
        assert_eq!(r[2], vec![0, one_f32, 0, one_f32]);
        assert_eq!(r[3], vec![6]);
    }

    #[test]
    fn quantized_movement_requantizes_to_the_result_type() {
        let r = run(r#"func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
          %f = stablehlo.constant dense<[2.0, -3.0]> : tensor<2xf32>
          %q = stablehlo.uniform_quantize %f : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
          %r = stablehlo.reshape %q : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x!quant.uniform<i8:f32, 1.0:1>>
          %s = stablehlo.reshape %r : (tensor<1x2x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:1>>
          %d = stablehlo.uniform_dequantize %s : (tensor<2x!quant.uniform<i8:f32, 1.0:1>>) -> tensor<2xf32>
          %idx = stablehlo.constant dense<[[1], [1]]> : tensor<2x1xi64>
          %u = stablehlo.uniform_quantize %f : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
          %sc = "stablehlo.scatter"(%q, %idx, %u) ({
            ^bb0(%a: tensor<f32>, %b: tensor<f32>):
              %m = stablehlo.add %a, %b : tensor<f32>
              stablehlo.return %m : tensor<f32>
          }) {
            scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
              scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          } : (tensor<2x!quant.uniform<i8:f32, 0.5>>, tensor<2x1xi64>, tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
          %sd = stablehlo.uniform_dequantize %sc : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>
          func.return %d, %sd : tensor<2xf32>, tensor<2xf32>
        }"#)
        .unwrap();
        let f = |x: f32| x.to_bits() as i64;
        assert_eq!(r[0], vec![f(2.0), f(-3.0)]);
        // -3 + 2 + -3 = -4
        assert_eq!(r[1], vec![f(2.0), f(-4.0)]);
    }

    #[test]
    fn invalid_dimension_numbers_are_errors_not_panics() {
        let bad_gather = r#"func.func @main() -> tensor<1xi64> {
          %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
          %i = stablehlo.constant dense<[[0]]> : tensor<1x1xi64>
          %r = "stablehlo.gather"(%x, %i) {
            dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0],
              start_index_map = [3], index_vector_dim = 5>,
            slice_sizes = array<i64: 1>
          } : (tensor<3xi64>, tensor<1x1xi64>) -> tensor<1xi64>
          func.return %r : tensor<1xi64>
        }"#;
        assert!(run(bad_gather).is_err());
        let bad_slice = r#"func.func @main() -> tensor<2xi64> {
          %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
          %s = stablehlo.slice %x [2:4] : (tensor<3xi64>) -> tensor<2xi64>
          func.return %s : tensor<2xi64>
        }"#;
        assert!(run(bad_slice).is_err());
        let bad_scatter = format!(
            r#"func.func @main() -> tensor<4xi64> {{
          %x = stablehlo.constant dense<0> : tensor<4xi64>
          %idx = stablehlo.constant dense<[[3]]> : tensor<1x1xi64>
          %u = stablehlo.constant dense<[[5, 7]]> : tensor<1x2xi64>
          %r = "stablehlo.scatter"(%x, %idx, %u) ({{{SCATTER_ADD}}}) {{
            scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 7],
              scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
          }} : (tensor<4xi64>, tensor<1x1xi64>, tensor<1x2xi64>) -> tensor<4xi64>
          func.return %r : tensor<4xi64>
        }}"#
        );
        assert!(run(&bad_scatter).is_err());
    }

    #[test]
    fn set_dimension_size_keeps_static_dimensions() {
        let r = run(r#"func.func @main() -> (tensor<4xi64>, tensor<?xi64>) {
          %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
          %n = stablehlo.constant dense<2> : tensor<i32>
          %a = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xi64>, tensor<i32>) -> tensor<4xi64>
          %b = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<4xi64>, tensor<i32>) -> tensor<?xi64>
          func.return %a, %b : tensor<4xi64>, tensor<?xi64>
        }"#)
        .unwrap();
        assert_eq!(r, vec![vec![1, 2, 3, 4], vec![1, 2]]);
    }

    mod random {
        use super::run;
        use proptest::prelude::*;

        fn list(v: &[i64]) -> String {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

            #[test]
            fn random_pads_never_panic(
                low in proptest::collection::vec(-6i64..6, 2),
                high in proptest::collection::vec(-6i64..6, 2),
                interior in proptest::collection::vec(-1i64..3, 2),
            ) {
                let text = format!(r#"func.func @main() -> tensor<?x?xi64> {{
                  %x = stablehlo.iota dim = 1 : tensor<2x3xi64>
                  %p = stablehlo.constant dense<-1> : tensor<i64>
                  %r = stablehlo.pad %x, %p, low = [{}], high = [{}], interior = [{}] : (tensor<2x3xi64>, tensor<i64>) -> tensor<?x?xi64>
                  func.return %r : tensor<?x?xi64>
                }}"#, list(&low), list(&high), list(&interior));
                if let Ok(r) = run(&text) {
                    // Every operand element that survives lands where the spec puts it.
                    let cols: i64 = 3 + low[1] + high[1] + 2 * interior[1];
                    for (k, &v) in r[0].iter().enumerate() {
                        let (i, j) = (k as i64 / cols, k as i64 % cols);
                        let oi = i - low[0];
                        let oj = j - low[1];
                        let (s0, s1) = (interior[0] + 1, interior[1] + 1);
                        let hit = oi >= 0 && oj >= 0 && oi % s0 == 0 && oj % s1 == 0
                            && oi / s0 < 2 && oj / s1 < 3;
                        prop_assert_eq!(v, if hit { oj / s1 } else { -1 });
                    }
                }
            }

            #[test]
            fn random_gathers_never_panic(
                offset in proptest::collection::vec(-1i64..4, 0..3),
                collapsed in proptest::collection::vec(-1i64..3, 0..3),
                map in proptest::collection::vec(-1i64..3, 0..3),
                ivd in -1i64..4,
                sizes in proptest::collection::vec(-1i64..4, 0..4),
                idx in proptest::collection::vec(-5i64..5, 4),
            ) {
                let text = format!(r#"func.func @main() -> tensor<*xi64> {{
                  %x = stablehlo.iota dim = 0 : tensor<3x2xi64>
                  %i = stablehlo.constant dense<[[{}, {}], [{}, {}]]> : tensor<2x2xi64>
                  %r = "stablehlo.gather"(%x, %i) {{
                    dimension_numbers = #stablehlo.gather<offset_dims = [{}], collapsed_slice_dims = [{}],
                      start_index_map = [{}], index_vector_dim = {}>,
                    slice_sizes = array<i64: {}>
                  }} : (tensor<3x2xi64>, tensor<2x2xi64>) -> tensor<*xi64>
                  func.return %r : tensor<*xi64>
                }}"#, idx[0], idx[1], idx[2], idx[3], list(&offset), list(&collapsed), list(&map), ivd, list(&sizes));
                let _ = run(&text);
            }

            #[test]
            fn random_scatters_never_panic(
                window in proptest::collection::vec(-1i64..3, 0..3),
                inserted in proptest::collection::vec(-1i64..3, 0..3),
                map in proptest::collection::vec(-1i64..3, 0..3),
                ivd in -1i64..3,
                idx in proptest::collection::vec(-5i64..5, 4),
            ) {
                let text = format!(r#"func.func @main() -> tensor<3x2xi64> {{
                  %x = stablehlo.iota dim = 0 : tensor<3x2xi64>
                  %i = stablehlo.constant dense<[[{}, {}], [{}, {}]]> : tensor<2x2xi64>
                  %u = stablehlo.constant dense<1> : tensor<2x2xi64>
                  %r = "stablehlo.scatter"(%x, %i, %u) ({{
                    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
                      %s = stablehlo.add %a, %b : tensor<i64>
                      stablehlo.return %s : tensor<i64>
                  }}) {{
                    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [{}],
                      inserted_window_dims = [{}], scatter_dims_to_operand_dims = [{}], index_vector_dim = {}>
                  }} : (tensor<3x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<3x2xi64>
                  func.return %r : tensor<3x2xi64>
                }}"#, idx[0], idx[1], idx[2], idx[3], list(&window), list(&inserted), list(&map), ivd);
                let _ = run(&text);
            }
        }
    }
}
