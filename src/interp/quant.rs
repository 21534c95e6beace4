//! Quantized tensors (spec: "Quantized element types", `uniform_quantize`,
//! `uniform_dequantize`, and the `dequantize`, `quantize` and
//! `dequantize_op_quantize` functions of the spec's "Quantization" section).
//!
//! A quantized tensor stores its storage integers (see `tensor.rs`).
//! Per-axis types take scale and zero point `i` for index `i` along the axis.
//!
//! One choice the spec leaves open: `dequantize` subtracts the zero point in
//! exact integer arithmetic (the spec writes the subtraction in the storage
//! type, where it can overflow, e.g. `-128 - 127` in i8), then converts to the
//! expressed type rounding to nearest even and multiplies by the scale
//! (converted to the expressed type) with one rounding.

use super::tensor::{int_kind, IntKind, Tensor};
use super::{Interp, KResult, Kernel, Value};
use crate::float::{arith, convert, from_f64, FloatKind, Rounding};
use crate::ir::types::QuantType;
use crate::ir::{ElementType, Op, Type};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.uniform_quantize", uniform_quantize),
    ("stablehlo.uniform_dequantize", uniform_dequantize),
];

const RNE: Rounding = Rounding::NearestEven;

fn is_quant_type(t: &Type) -> bool {
    matches!(t, Type::Tensor(tt) if matches!(tt.elem, ElementType::Quant(_)))
}

/// Whether an op has a quantized operand or result.
pub fn any_quantized(interp: &Interp<'_>, op: &Op, args: &[Value]) -> bool {
    args.iter()
        .any(|a| matches!(a, Value::Tensor(t) if matches!(t.elem, ElementType::Quant(_))))
        || op.results.iter().any(|&r| is_quant_type(interp.ty(r)))
}

/// The (scale, zero point) of element `i` of a tensor of `shape` and type `q`.
fn params(q: &QuantType, shape: &[usize], strides: &[usize], i: usize) -> (f64, i64) {
    let j = match q.axis {
        Some(axis) if (axis as usize) < shape.len() => {
            (i / strides[axis as usize]) % shape[axis as usize]
        }
        _ => 0,
    };
    (
        q.scales.get(j).copied().unwrap_or(1.0),
        q.zero_points.get(j).copied().unwrap_or(0),
    )
}

/// `dequantize(x)`: the expressed-type tensor of a quantized tensor.
pub fn dequantize(t: &Tensor) -> Result<Tensor, String> {
    let ElementType::Quant(q) = &t.elem else {
        return Ok(t.clone());
    };
    let k = q.expressed;
    let f = k.format();
    let ik = int_kind(&t.elem).unwrap_or(IntKind {
        bits: 8,
        signed: true,
    });
    let strides = super::tensor::strides(&t.shape);
    let data = t
        .data
        .iter()
        .enumerate()
        .map(|(i, lane)| {
            let (scale, zp) = params(q, &t.shape, &strides, i);
            let v = convert::from_int(f, ik.value(lane) - zp as i128, RNE);
            arith::mul(f, v, from_f64(k, scale), RNE)
        })
        .collect::<Vec<u64>>();
    Ok(Tensor::new(ElementType::Float(k), t.shape.clone(), &data))
}

/// The spec's `to_destination_type(x, type)`: the value of `t` in element
/// type `to` — quantized values are requantized or dequantized, others
/// converted.
pub fn to_destination_type(t: &Tensor, to: &ElementType) -> Result<Tensor, String> {
    match (&t.elem, to) {
        (a, b) if a == b => Ok(t.clone()),
        (_, ElementType::Quant(q)) => quantize(t, q),
        (ElementType::Quant(_), _) => Ok(super::elementwise::convert_tensor(&dequantize(t)?, to)),
        _ => Ok(super::elementwise::convert_tensor(t, to)),
    }
}

/// `quantize(x, q)`: a float tensor into quantized type `q` (the float
/// operand is first converted to the expressed type).
pub fn quantize(t: &Tensor, q: &QuantType) -> Result<Tensor, String> {
    let k = q.expressed;
    let f = k.format();
    let x = match &t.elem {
        ElementType::Float(fk) if *fk == k => t.clone(),
        ElementType::Float(_) => super::elementwise::convert_tensor(t, &ElementType::Float(k)),
        ElementType::Quant(_) => {
            let d = dequantize(t)?;
            return quantize(&d, q);
        }
        other => return Err(format!("cannot quantize {other} elements")),
    };
    if q.storage_min > q.storage_max {
        return Err(format!(
            "the storage range [{}, {}] of the quantized type is empty",
            q.storage_min, q.storage_max
        ));
    }
    let qelem = ElementType::Quant(Box::new(q.clone()));
    let ik = int_kind(&qelem).unwrap_or(IntKind {
        bits: 8,
        signed: true,
    });
    let lo = convert::from_int(f, q.storage_min as i128, RNE);
    let hi = convert::from_int(f, q.storage_max as i128, RNE);
    let strides = super::tensor::strides(&x.shape);
    let data = x
        .data
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let (scale, zp) = params(q, &x.shape, &strides, i);
            let scaled = arith::div(f, v, from_f64(k, scale), RNE);
            let shifted = arith::add(f, scaled, convert::from_int(f, zp as i128, RNE), RNE);
            let clamped = arith::minimum(f, arith::maximum(f, shifted, lo), hi);
            let rounded = convert::round_nearest_even(f, clamped);
            let n = convert::to_int(f, rounded, 64, true)
                .max(q.storage_min as i128)
                .min(q.storage_max as i128);
            ik.wrap(n)
        })
        .collect::<Vec<u64>>();
    Ok(Tensor::new(qelem, x.shape.clone(), &data))
}

/// Every tensor argument dequantized (non-quantized values kept).
pub fn dequantize_all(args: &[Value]) -> Result<Vec<Value>, String> {
    args.iter()
        .map(|a| match a {
            Value::Tensor(t) if matches!(t.elem, ElementType::Quant(_)) => {
                Ok(Value::tensor(dequantize(t)?))
            }
            other => Ok(other.clone()),
        })
        .collect()
}

/// Quantizes a float result into result 0's type when it is quantized.
pub fn quantize_results(interp: &Interp<'_>, op: &Op, t: Tensor) -> KResult<Vec<Value>> {
    let id = *op.results.first().ok_or("the op has no result")?;
    match interp.ty(id) {
        Type::Tensor(tt) => match &tt.elem {
            ElementType::Quant(q) => Ok(vec![Value::tensor(quantize(&t, q)?)]),
            ElementType::Float(k) if !matches!(t.elem, ElementType::Float(tk) if tk == *k) => {
                Ok(vec![Value::tensor(super::elementwise::convert_tensor(
                    &t, &tt.elem,
                ))])
            }
            _ => Ok(vec![Value::tensor(t)]),
        },
        _ => Ok(vec![Value::tensor(t)]),
    }
}

/// `dequantize_op_quantize(op, inputs…, type(result))`.
pub fn dequantize_op_quantize(
    interp: &Interp<'_>,
    op: &Op,
    args: Vec<Value>,
    f: impl FnOnce(&[Value]) -> KResult<Tensor>,
) -> KResult<Vec<Value>> {
    let floats = dequantize_all(&args)?;
    let r = f(&floats)?;
    quantize_results(interp, op, r)
}

/// `uniform_quantize` (spec: uniform_quantize): float → quantized, or requantization.
fn uniform_quantize<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let a = super::elementwise::unary_arg(&args)?;
    let (_, elem) = super::result_type_dyn(interp, op, 0)?;
    let ElementType::Quant(q) = elem else {
        return Err("the result must be quantized".into());
    };
    Ok(vec![Value::tensor(quantize(a, &q)?)])
}

/// `uniform_dequantize` (spec: uniform_dequantize).
fn uniform_dequantize(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let a = super::elementwise::unary_arg(&args)?;
    Ok(vec![Value::tensor(dequantize(a)?)])
}

/// The expressed float kind of a quantized element type.
pub fn expressed(e: &ElementType) -> Option<FloatKind> {
    match e {
        ElementType::Quant(q) => Some(q.expressed),
        _ => None,
    }
}
