//! CHLO ops that are not elementary functions (CHLO reference: the
//! `chlo.broadcast_*` ops, `constant`, `constant_like`, `is_inf`,
//! `is_neg_inf`, `is_pos_inf`, `conj`, `square`, `mulhi`).
//!
//! Every `chlo.broadcast_X` op first broadcasts its operands to a common
//! shape, then applies the element rule of the StableHLO op `X` by running
//! that op's kernel on the broadcast operands (so integers, floats, complex
//! numbers and quantized tensors behave exactly as in StableHLO).
//! `broadcast_next_after`, `broadcast_zeta` and `broadcast_polygamma` use the
//! kernels of `chlo.next_after`, `chlo.zeta` and `chlo.polygamma`.
//!
//! Broadcasting: without `broadcast_dimensions`, shapes are aligned at their
//! last dimension (numpy rules): each result dimension is the operands'
//! common size, a size of 1 stretching to any other. With
//! `broadcast_dimensions` (two operands of different ranks), dimension `i`
//! of the lower-rank operand is result dimension `broadcast_dimensions[i]`
//! and the higher-rank operand's dimensions are the result's.
//!
//! Not here: the elementary functions (`acos`, `acosh`, `asin`, `asinh`,
//! `atan`, `atanh`, `bessel_i1e`, `cosh`, `sinh`, `tan`, `digamma`, `erf`,
//! `erfc`, `erf_inv`, `lgamma`, `next_after`, `polygamma`, `zeta`,
//! `_asin_acos_kernel`) and `top_k`, `ragged_dot`, `scan`, which other
//! families provide. `broadcast_atan2`, `broadcast_power` (floats),
//! `broadcast_next_after`, `broadcast_zeta` and `broadcast_polygamma` work
//! once the kernels they delegate to exist.

use super::elementwise::{domain, map1, map1c, unary_arg, Domain};
use super::literal::tensor_from_attr;
use super::tensor::{int_kind, lanes, num_elements, strides, Tensor};
use super::{registry, result_elem, Interp, KResult, Kernel, Value};
use crate::float::{self, arith, convert, Rounding};
use crate::ir::attr::Attr;
use crate::ir::{ElementType, Op};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("chlo.broadcast_add", broadcast_binary),
    ("chlo.broadcast_subtract", broadcast_binary),
    ("chlo.broadcast_multiply", broadcast_binary),
    ("chlo.broadcast_divide", broadcast_binary),
    ("chlo.broadcast_remainder", broadcast_binary),
    ("chlo.broadcast_maximum", broadcast_binary),
    ("chlo.broadcast_minimum", broadcast_binary),
    ("chlo.broadcast_power", broadcast_binary),
    ("chlo.broadcast_atan2", broadcast_binary),
    ("chlo.broadcast_and", broadcast_binary),
    ("chlo.broadcast_or", broadcast_binary),
    ("chlo.broadcast_xor", broadcast_binary),
    ("chlo.broadcast_shift_left", broadcast_binary),
    ("chlo.broadcast_shift_right_arithmetic", broadcast_binary),
    ("chlo.broadcast_shift_right_logical", broadcast_binary),
    ("chlo.broadcast_compare", broadcast_binary),
    ("chlo.broadcast_complex", broadcast_binary),
    ("chlo.broadcast_next_after", broadcast_binary),
    ("chlo.broadcast_zeta", broadcast_binary),
    ("chlo.broadcast_polygamma", broadcast_binary),
    ("chlo.broadcast_select", broadcast_select),
    ("chlo.constant", constant),
    ("chlo.constant_like", constant_like),
    ("chlo.is_inf", is_inf),
    ("chlo.is_neg_inf", is_neg_inf),
    ("chlo.is_pos_inf", is_pos_inf),
    ("chlo.conj", conj),
    ("chlo.square", square),
    ("chlo.mulhi", mulhi),
];

/// The op whose element rule a `chlo.broadcast_X` op applies.
fn element_op(name: &str) -> Option<&'static str> {
    Some(match name.strip_prefix("chlo.broadcast_")? {
        "add" => "stablehlo.add",
        "subtract" => "stablehlo.subtract",
        "multiply" => "stablehlo.multiply",
        "divide" => "stablehlo.divide",
        "remainder" => "stablehlo.remainder",
        "maximum" => "stablehlo.maximum",
        "minimum" => "stablehlo.minimum",
        "power" => "stablehlo.power",
        "atan2" => "stablehlo.atan2",
        "and" => "stablehlo.and",
        "or" => "stablehlo.or",
        "xor" => "stablehlo.xor",
        "shift_left" => "stablehlo.shift_left",
        "shift_right_arithmetic" => "stablehlo.shift_right_arithmetic",
        "shift_right_logical" => "stablehlo.shift_right_logical",
        "compare" => "stablehlo.compare",
        "complex" => "stablehlo.complex",
        "select" => "stablehlo.select",
        "next_after" => "chlo.next_after",
        "zeta" => "chlo.zeta",
        "polygamma" => "chlo.polygamma",
        _ => return None,
    })
}

/// The common shape of operand shapes under numpy rules.
pub fn numpy_shape(shapes: &[&[usize]]) -> Result<Vec<usize>, String> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1usize; rank];
    for s in shapes {
        let off = rank - s.len();
        for (i, &d) in s.iter().enumerate() {
            let o = &mut out[off + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let shapes: Vec<String> = shapes
                    .iter()
                    .map(|s| super::tensor::shape_text(s))
                    .collect();
                return Err(format!("shapes {} do not broadcast", shapes.join(", ")));
            }
        }
    }
    Ok(out)
}

/// `t` broadcast to `shape`, operand dimension `i` becoming result dimension `dims[i]`.
pub fn broadcast_to(t: &Tensor, shape: &[usize], dims: &[usize]) -> Result<Tensor, String> {
    if t.shape == shape {
        return Ok(t.clone());
    }
    if dims.len() != t.rank() {
        return Err("broadcast_dimensions must name one dimension per operand dimension".into());
    }
    for (i, &d) in dims.iter().enumerate() {
        match shape.get(d) {
            Some(&n) if t.shape[i] == n || t.shape[i] == 1 => {}
            _ => {
                return Err(format!(
                    "operand shape {:?} does not broadcast to {shape:?}",
                    t.shape
                ))
            }
        }
    }
    let l = t.lanes();
    let n = num_elements(shape);
    let src_strides = strides(&t.shape);
    // The source stride of each result dimension (0 where it is stretched).
    let mut step = vec![0usize; shape.len()];
    for (i, &d) in dims.iter().enumerate() {
        if t.shape[i] != 1 {
            step[d] += src_strides[i];
        }
    }
    let mut data = Vec::with_capacity(n * l);
    if n > 0 {
        let mut idx = vec![0usize; shape.len()];
        loop {
            let src: usize = idx.iter().zip(&step).map(|(i, s)| i * s).sum();
            t.data.extend_vec(src * l..(src + 1) * l, &mut data);
            if !super::tensor::next_index(&mut idx, shape) {
                break;
            }
        }
    }
    Ok(Tensor::new(t.elem.clone(), shape.to_vec(), &data))
}

/// Broadcasts the operands of a CHLO broadcasting op to their common shape.
fn broadcast_operands(op: &Op, args: &[Value]) -> KResult<Vec<Value>> {
    let ts = args
        .iter()
        .map(|a| a.as_tensor())
        .collect::<Result<Vec<_>, _>>()?;
    let explicit = op
        .attr("broadcast_dimensions")
        .and_then(Attr::as_i64_list)
        .filter(|_| ts.len() == 2 && ts[0].rank() != ts[1].rank());
    let (shape, maps): (Vec<usize>, Vec<Vec<usize>>) = match explicit {
        Some(bd) => {
            let (hi, lo) = if ts[0].rank() > ts[1].rank() {
                (0, 1)
            } else {
                (1, 0)
            };
            let lo_dims = bd
                .iter()
                .map(|&d| usize::try_from(d).ok().filter(|&d| d < ts[hi].rank()))
                .collect::<Option<Vec<_>>>()
                .ok_or("broadcast_dimensions names a dimension out of range")?;
            if lo_dims.len() != ts[lo].rank() {
                return Err("broadcast_dimensions must have one entry per dimension of the lower-rank operand".into());
            }
            let mut shape = ts[hi].shape.clone();
            for (i, &d) in lo_dims.iter().enumerate() {
                let n = ts[lo].shape[i];
                if shape[d] == 1 {
                    shape[d] = n;
                } else if n != 1 && n != shape[d] {
                    return Err(format!(
                        "(CH2) the operands' sizes are broadcast-compatible does not hold for the run's values: \
                         shapes {} and {} do not broadcast with broadcast_dimensions {bd:?}",
                        super::tensor::shape_text(&ts[0].shape),
                        super::tensor::shape_text(&ts[1].shape)
                    )
                    .into());
                }
            }
            let hi_dims: Vec<usize> = (0..ts[hi].rank()).collect();
            let maps = if hi == 0 {
                vec![hi_dims, lo_dims]
            } else {
                vec![lo_dims, hi_dims]
            };
            (shape, maps)
        }
        None => {
            let shapes: Vec<&[usize]> = ts.iter().map(|t| t.shape.as_slice()).collect();
            let shape = numpy_shape(&shapes).map_err(|m| {
                format!(
                    "(CH2) the operands' sizes are broadcast-compatible does not hold for the run's values: {m}"
                )
            })?;
            let maps = ts
                .iter()
                .map(|t| (shape.len() - t.rank()..shape.len()).collect())
                .collect();
            (shape, maps)
        }
    };
    ts.iter()
        .zip(&maps)
        .map(|(t, m)| {
            if t.shape == shape {
                Ok(Value::Tensor(std::sync::Arc::new((*t).clone())))
            } else {
                Ok(Value::tensor(broadcast_to(t, &shape, m)?))
            }
        })
        .collect()
}

/// Runs the element rule of a `chlo.broadcast_*` op on broadcast operands.
fn delegate<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let target = element_op(&op.name).ok_or("not a CHLO broadcasting op")?;
    let kernel = *registry()
        .get(target)
        .ok_or_else(|| format!("the executor has no kernel for {target}"))?;
    let args = broadcast_operands(op, &args)?;
    kernel(interp, op, args)
}

/// `chlo.broadcast_*` binary ops (CHLO: broadcast_add … broadcast_xor).
fn broadcast_binary<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if args.len() != 2 {
        return Err("expected two operands".into());
    }
    delegate(interp, op, args)
}

/// `chlo.broadcast_select` (CHLO: broadcast_select): numpy broadcasting of
/// pred, on_true and on_false, then `select`.
fn broadcast_select<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if args.len() != 3 {
        return Err("expected three operands".into());
    }
    delegate(interp, op, args)
}

/// `chlo.constant` (CHLO: constant).
fn constant(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    let v = op.attr("value").ok_or("missing `value`")?;
    Ok(vec![Value::tensor(tensor_from_attr(
        v,
        interp.limits.max_elements,
    )?)])
}

/// The lanes of a scalar attribute as an element of type `elem`.
fn scalar_lanes(a: &Attr, elem: &ElementType) -> KResult<Vec<u64>> {
    const RNE: Rounding = Rounding::NearestEven;
    let real = |k: float::FloatKind| -> KResult<u64> {
        Ok(match a {
            Attr::Float(bits, from) => convert::convert_kind(*from, k, *bits),
            Attr::Int(v, _) => convert::from_int(k.format(), *v, RNE),
            Attr::Bool(b) => convert::from_int(k.format(), *b as i128, RNE),
            _ => return Err(format!("`value` {a} is not a scalar").into()),
        })
    };
    match elem {
        ElementType::Float(k) => Ok(vec![real(*k)?]),
        ElementType::Complex(k) => Ok(vec![real(*k)?, arith::zero(k.format(), false)]),
        _ => {
            let k = int_kind(elem).ok_or("unsupported element type")?;
            let v = match a {
                Attr::Int(v, _) => *v,
                Attr::Bool(b) => *b as i128,
                Attr::Float(bits, from) => convert::to_int(from.format(), *bits, k.bits, k.signed),
                _ => return Err(format!("`value` {a} is not a scalar").into()),
            };
            Ok(vec![k.wrap(v)])
        }
    }
}

/// The lanes of the one element `chlo.constant_like` op `op` splats, as an
/// element of type `elem` (the SMT encoding reads the same value).
pub fn constant_like_lanes(op: &Op, elem: &ElementType) -> KResult<Vec<u64>> {
    let v = op.attr("value").ok_or("missing `value`")?;
    let one = match v {
        Attr::Dense(_) => {
            let c = tensor_from_attr(v, 1)?;
            if c.len() != 1 {
                return Err("`value` must be a single element".into());
            }
            c.lanes_vec()
        }
        _ => scalar_lanes(v, elem)?,
    };
    if one.len() != lanes(elem) {
        return Err("`value` does not match the result's element type".into());
    }
    Ok(one)
}

/// `chlo.constant_like` (CHLO: constant_like): a splat of `value` with the
/// operand's shape and the result's element type.
fn constant_like<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = unary_arg(&args)?;
    let elem = result_elem(interp, op, 0)?;
    let one = constant_like_lanes(op, &elem)?;
    interp.check_shape(&t.shape, lanes(&elem))?;
    Ok(vec![Value::tensor(Tensor::filled(
        elem,
        t.shape.clone(),
        &one,
    ))])
}

fn classify(args: &[Value], f: fn(float::FloatKind, u64) -> bool) -> KResult<Vec<Value>> {
    let a = unary_arg(args)?;
    let Domain::Float(kind) = domain(&a.elem)? else {
        return Err("takes floats".into());
    };
    Ok(vec![Value::tensor(map1(a, ElementType::I1, |x| {
        f(kind, x) as u64
    }))])
}

/// `chlo.is_inf` (CHLO: is_inf): ±∞.
fn is_inf(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    classify(&args, float::is_inf)
}

/// `chlo.is_neg_inf` (CHLO: is_neg_inf).
fn is_neg_inf(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    classify(&args, |k, x| {
        float::is_inf(k, x) && float::is_negative(k, x)
    })
}

/// `chlo.is_pos_inf` (CHLO: is_pos_inf).
fn is_pos_inf(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    classify(&args, |k, x| {
        float::is_inf(k, x) && !float::is_negative(k, x)
    })
}

/// `chlo.conj` (CHLO: conj): negates the imaginary part; reals unchanged.
fn conj(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let a = unary_arg(&args)?;
    match domain(&a.elem)? {
        Domain::Complex(k) => {
            let f = k.format();
            let t = map1c(a, a.elem.clone(), |re, im| (re, arith::negate(f, im)));
            Ok(vec![Value::tensor(t)])
        }
        Domain::Float(_) => Ok(vec![Value::tensor(a.clone())]),
        d => Err(format!("conj is not defined for {d} elements").into()),
    }
}

/// `chlo.square` (CHLO: square): `x·x`; complex
/// `((re − im)(re + im), re·im·2)`, each operation rounded.
fn square(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    const RNE: Rounding = Rounding::NearestEven;
    let a = unary_arg(&args)?;
    let t = match domain(&a.elem)? {
        Domain::Int(k) => map1(a, a.elem.clone(), |x| {
            k.wrap(k.value(x).wrapping_mul(k.value(x)))
        }),
        Domain::Bool => a.clone(),
        Domain::Float(kind) => {
            let f = kind.format();
            map1(a, a.elem.clone(), |x| arith::mul(f, x, x, RNE))
        }
        Domain::Complex(kind) => {
            let f = kind.format();
            let two = convert::from_int(f, 2, RNE);
            map1c(a, a.elem.clone(), |re, im| {
                (
                    arith::mul(
                        f,
                        arith::sub(f, re, im, RNE),
                        arith::add(f, re, im, RNE),
                        RNE,
                    ),
                    arith::mul(f, arith::mul(f, re, im, RNE), two, RNE),
                )
            })
        }
    };
    Ok(vec![Value::tensor(t)])
}

/// `chlo.mulhi` (CHLO: mulhi): the high half of the double-width product of
/// two integers (signed or unsigned as their type).
fn mulhi(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (a, b) = super::elementwise::binary_args(&args)?;
    let Domain::Int(k) = domain(&a.elem)? else {
        return Err("mulhi takes integers".into());
    };
    let data = a.data.iter().zip(b.data.iter()).map(|(x, y)| {
        let (x, y) = (k.value(x), k.value(y));
        // |x·y| < 2^128 for 64-bit operands: compute in i128 for signed
        // and in u128 for unsigned.
        let hi = if k.signed {
            x.wrapping_mul(y) >> k.bits
        } else {
            ((x as u128).wrapping_mul(y as u128) >> k.bits) as i128
        };
        k.wrap(hi)
    });
    Ok(vec![Value::tensor(Tensor::collect(
        a.elem.clone(),
        a.shape.clone(),
        data,
    ))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::types::Signedness;

    fn i32s(shape: Vec<usize>, v: &[i64]) -> Tensor {
        Tensor::from_i64(ElementType::Int(Signedness::Signless, 32), shape, v)
    }

    #[test]
    fn numpy_broadcasting_aligns_trailing_dimensions() {
        assert_eq!(numpy_shape(&[&[2, 1, 3], &[4, 1]]).unwrap(), vec![2, 4, 3]);
        assert!(numpy_shape(&[&[2, 3], &[4]]).is_err());
        let row = i32s(vec![3], &[1, 2, 3]);
        let b = broadcast_to(&row, &[2, 3], &[1]).unwrap();
        assert_eq!(b.lanes_vec(), vec![1, 2, 3, 1, 2, 3]);
    }

    #[test]
    fn broadcast_dimensions_map_the_lower_rank_operand() {
        let col = i32s(vec![2], &[10, 20]);
        let b = broadcast_to(&col, &[2, 3], &[0]).unwrap();
        assert_eq!(b.lanes_vec(), vec![10, 10, 10, 20, 20, 20]);
    }

    #[test]
    fn mulhi_keeps_the_high_half() {
        let k8 =
            |s: Signedness, v: &[i64]| Tensor::from_i64(ElementType::Int(s, 8), vec![v.len()], v);
        let args = [
            Value::tensor(k8(Signedness::Signless, &[64, -64, -64])),
            Value::tensor(k8(Signedness::Signless, &[4, 4, -4])),
        ];
        let prog = crate::ir::Program::default();
        let mut interp = Interp::new(&prog, super::super::Limits::default());
        let op = Op {
            name: "chlo.mulhi".into(),
            operands: vec![],
            results: vec![],
            attrs: vec![],
            regions: vec![],
            pos: Default::default(),
        };
        let r = mulhi(&mut interp, &op, args.to_vec()).unwrap();
        assert_eq!(r[0].as_tensor().unwrap().ints().unwrap(), vec![1, -1, 1]);
        let u = [
            Value::tensor(k8(Signedness::Unsigned, &[240, 128])),
            Value::tensor(k8(Signedness::Unsigned, &[16, 2])),
        ];
        let r = mulhi(&mut interp, &op, u.to_vec()).unwrap();
        assert_eq!(r[0].as_tensor().unwrap().ints().unwrap(), vec![15, 1]);
    }
}
