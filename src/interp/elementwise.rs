//! Elementwise ops (spec: `abs` … `xor`): arithmetic, bitwise, comparison,
//! selection and conversion, on integers, booleans, every float format and
//! complex numbers. Transcendental functions are in `transcendental.rs`.
//!
//! Choices the spec leaves open ("TBD" or implementation-defined), made as
//! XLA makes them:
//!
//! * Integer `add`, `subtract`, `multiply`, `negate`, `abs`, `power` wrap
//!   around (two's complement).
//! * Integer `divide` by zero gives −1 (all bits set; the largest value of an
//!   unsigned type); `INT_MIN / −1` gives `INT_MIN`. `remainder` by zero
//!   gives the dividend; `INT_MIN % −1` gives 0.
//! * Shifts by a count ≥ the bit width, or negative, give 0
//!   (`shift_right_arithmetic`: all copies of the sign bit).
//! * Integer `power` with a negative exponent: 1 for base 1, ±1 for base −1,
//!   0 otherwise.
//! * Float → integer `convert` truncates toward zero and saturates; NaN
//!   gives 0. Integer → integer wraps; integer → float and float → float round
//!   to nearest even (with the overflow conventions of `float`).
//! * Complex `multiply` and `divide` use the textbook formulas, each real
//!   operation rounded in the part's format (`(ac − bd) + (ad + bc)i`; division
//!   by `c² + d²`).

use super::fuse::Converter;
use super::tensor::{int_kind, lanes, IntKind, Tensor, Width, Words, BLOCK};
use super::{Interp, KResult, Kernel, KernelError, Value};
use crate::float::arith::{self, Direction};
use crate::float::convert;
use crate::float::fast::Narrow;
use crate::float::{FloatKind, Format, Rounding};
use crate::ir::attr::Attr;
use crate::ir::types::Signedness;
use crate::ir::{ElementType, Op};
use std::sync::Arc;

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.add", add),
    ("stablehlo.subtract", subtract),
    ("stablehlo.multiply", multiply),
    ("stablehlo.divide", divide),
    ("stablehlo.remainder", remainder),
    ("stablehlo.maximum", maximum),
    ("stablehlo.minimum", minimum),
    ("stablehlo.and", and),
    ("stablehlo.or", or),
    ("stablehlo.xor", xor),
    ("stablehlo.not", not),
    ("stablehlo.shift_left", shift_left),
    ("stablehlo.shift_right_arithmetic", shift_right_arithmetic),
    ("stablehlo.shift_right_logical", shift_right_logical),
    ("stablehlo.popcnt", popcnt),
    ("stablehlo.count_leading_zeros", count_leading_zeros),
    ("stablehlo.abs", abs),
    ("stablehlo.negate", negate),
    ("stablehlo.sign", sign),
    ("stablehlo.sqrt", sqrt),
    ("stablehlo.floor", floor),
    ("stablehlo.ceil", ceil),
    ("stablehlo.round_nearest_even", round_nearest_even),
    ("stablehlo.round_nearest_afz", round_nearest_afz),
    ("stablehlo.is_finite", is_finite),
    ("stablehlo.compare", compare),
    ("stablehlo.select", select),
    ("stablehlo.clamp", clamp),
    ("stablehlo.convert", convert_op),
    ("stablehlo.bitcast_convert", bitcast_convert),
    ("stablehlo.real", real),
    ("stablehlo.imag", imag),
    ("stablehlo.complex", complex),
    ("stablehlo.reduce_precision", reduce_precision),
    ("stablehlo.power", power),
];

// ---------------------------------------------------------------------------
// Element domains and mapping helpers
// ---------------------------------------------------------------------------

/// How the elements of a tensor are read.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    Bool,
    Int(IntKind),
    Float(FloatKind),
    Complex(FloatKind),
}

impl std::fmt::Display for Domain {
    /// The elements in MLIR's words: `i1`, `si32`/`ui8`, `bf16`, `complex<f32>`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Domain::Bool => write!(f, "i1"),
            Domain::Int(k) => write!(f, "{}i{}", if k.signed { "" } else { "u" }, k.bits),
            Domain::Float(k) => write!(f, "{}", k.name()),
            Domain::Complex(k) => write!(f, "complex<{}>", k.name()),
        }
    }
}

pub fn domain(e: &ElementType) -> Result<Domain, String> {
    match e {
        ElementType::Int(_, 1) => Ok(Domain::Bool),
        ElementType::Int(..) | ElementType::Index => {
            Ok(Domain::Int(int_kind(e).unwrap_or(IntKind {
                bits: 64,
                signed: true,
            })))
        }
        ElementType::Float(k) => Ok(Domain::Float(*k)),
        ElementType::Complex(k) => Ok(Domain::Complex(*k)),
        ElementType::Quant(_) => Err("quantized operands need dequantize_op_quantize".into()),
    }
}

/// A new tensor of `elem` mapping each lane-1 element of `t`.
pub fn map1(t: &Tensor, elem: ElementType, f: impl Fn(u64) -> u64 + Sync) -> Tensor {
    let n = t.data.len();
    let data = Words::build(Width::of(&elem), n, |off, out| {
        let mut xs = [0u64; BLOCK];
        let xs = t.data.block(off, &mut xs[..out.len()]);
        for (o, &x) in out.iter_mut().zip(xs.iter()) {
            *o = f(x);
        }
    });
    Tensor::from_words(elem, t.shape.clone(), data)
}

/// A new tensor of `elem` combining the lane-1 elements of `a` and `b` (same shapes).
pub fn map2(
    a: &Tensor,
    b: &Tensor,
    elem: ElementType,
    f: impl Fn(u64, u64) -> u64 + Sync,
) -> Tensor {
    let n = a.data.len().min(b.data.len());
    let data = Words::build(Width::of(&elem), n, |off, out| {
        let (mut xs, mut ys) = ([0u64; BLOCK], [0u64; BLOCK]);
        let xs = a.data.block(off, &mut xs[..out.len()]);
        let ys = b.data.block(off, &mut ys[..out.len()]);
        for ((o, &x), &y) in out.iter_mut().zip(xs.iter()).zip(ys.iter()) {
            *o = f(x, y);
        }
    });
    Tensor::from_words(elem, a.shape.clone(), data)
}

/// A new complex tensor mapping each element's (re, im).
pub fn map1c(t: &Tensor, elem: ElementType, f: impl Fn(u64, u64) -> (u64, u64)) -> Tensor {
    let mut data = Words::with_capacity(Width::of(&elem), t.data.len());
    for i in 0..t.data.len() / 2 {
        let (x, y) = t.pair(i);
        let (r, i) = f(x, y);
        data.extend_lanes(&[r, i]);
    }
    Tensor::from_words(elem, t.shape.clone(), data)
}

/// A new complex tensor combining two complex tensors element by element.
pub fn map2c(
    a: &Tensor,
    b: &Tensor,
    elem: ElementType,
    f: impl Fn((u64, u64), (u64, u64)) -> (u64, u64),
) -> Tensor {
    let n = a.data.len().min(b.data.len()) / 2;
    let mut data = Words::with_capacity(Width::of(&elem), 2 * n);
    for i in 0..n {
        let (r, i) = f(a.pair(i), b.pair(i));
        data.extend_lanes(&[r, i]);
    }
    Tensor::from_words(elem, a.shape.clone(), data)
}

/// Shape equality without a library call for the common small ranks.
pub fn same_shape(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y)
}

pub fn unary_arg(args: &[Value]) -> KResult<&Tensor> {
    match args {
        [a] => Ok(a.as_tensor()?),
        _ => Err("expected one operand".into()),
    }
}

/// `binary_args` of an op whose constraint `label` requires its operands'
/// shapes to agree: operands of dynamic type that arrive with different
/// shapes break that constraint for the run's values.
pub fn binary_args_of<'a>(args: &'a [Value], label: &str) -> KResult<(&'a Tensor, &'a Tensor)> {
    binary_args(args).map_err(|e| match e {
        KernelError::Message(m) if m.starts_with("operand shapes differ") => {
            KernelError::Message(format!("{label} does not hold for the run's values: {m}"))
        }
        other => other,
    })
}

pub fn binary_args(args: &[Value]) -> KResult<(&Tensor, &Tensor)> {
    match args {
        [a, b] => {
            let (a, b) = (a.as_tensor()?, b.as_tensor()?);
            if !same_shape(&a.shape, &b.shape) {
                return Err(format!(
                    "operand shapes differ: {} and {}",
                    super::tensor::shape_text(&a.shape),
                    super::tensor::shape_text(&b.shape)
                )
                .into());
            }
            if a.lanes() != b.lanes() {
                return Err("operand element types differ".into());
            }
            Ok((a, b))
        }
        _ => Err("expected two operands".into()),
    }
}

fn one(t: Tensor) -> KResult<Vec<Value>> {
    Ok(vec![Value::tensor(t)])
}

const RNE: Rounding = Rounding::NearestEven;

/// A binary op defined per domain; quantized operands go through
/// dequantize_op_quantize.
pub(crate) fn binary<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
    f: fn(Domain, &Tensor, &Tensor) -> Result<Tensor, String>,
) -> KResult<Vec<Value>> {
    if super::quant::any_quantized(interp, op, &args) {
        return super::quant::dequantize_op_quantize(interp, op, args, |a| {
            let (x, y) = binary_args_of(a, "(C1)")?;
            Ok(f(domain(&x.elem)?, x, y)?)
        });
    }
    // Every binary elementwise op's (C1) makes its operands' types agree.
    let (a, b) = binary_args_of(&args, "(C1)")?;
    one(f(domain(&a.elem)?, a, b)?)
}

pub(crate) fn unary<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
    f: fn(Domain, &Tensor) -> Result<Tensor, String>,
) -> KResult<Vec<Value>> {
    if super::quant::any_quantized(interp, op, &args) {
        return super::quant::dequantize_op_quantize(interp, op, args, |a| {
            let x = unary_arg(a)?;
            Ok(f(domain(&x.elem)?, x)?)
        });
    }
    let a = unary_arg(&args)?;
    one(f(domain(&a.elem)?, a)?)
}

macro_rules! binary_kernel {
    ($name:ident, $body:ident) => {
        fn $name<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
            binary(interp, op, args, $body)
        }
    };
}

macro_rules! unary_kernel {
    ($name:ident, $body:ident) => {
        fn $name<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
            unary(interp, op, args, $body)
        }
    };
}

fn unsupported(what: &str, d: Domain) -> String {
    format!("{what} is not defined for {d} elements")
}

// ---------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------

/// Returns from the enclosing complex operation with `(re, im)` computed
/// from the parts `a + bi` and `c + di` in hardware, when the format is
/// f32 or f64 (the only formats of 32 and 64 bits) and neither part is
/// NaN: each operation of the expression is one IEEE operation rounded to
/// nearest even, which is what `arith` computes for every non-NaN result.
/// NaNs are left to the soft path that follows, which holds their rules.
macro_rules! complex_in_hardware {
    ($f:expr, $x:expr, $y:expr, |$a:ident, $b:ident, $c:ident, $d:ident| $e:expr) => {
        match $f.bits() {
            32 => {
                let p = |v: u64| f32::from_bits(v as u32);
                let ($a, $b, $c, $d) = (p($x.0), p($x.1), p($y.0), p($y.1));
                let (re, im): (f32, f32) = $e;
                if !re.is_nan() && !im.is_nan() {
                    return (u64::from(re.to_bits()), u64::from(im.to_bits()));
                }
            }
            64 => {
                let ($a, $b, $c, $d) = (
                    f64::from_bits($x.0),
                    f64::from_bits($x.1),
                    f64::from_bits($y.0),
                    f64::from_bits($y.1),
                );
                let (re, im): (f64, f64) = $e;
                if !re.is_nan() && !im.is_nan() {
                    return (re.to_bits(), im.to_bits());
                }
            }
            _ => {}
        }
    };
}

fn complex_add(f: &Format, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
    complex_in_hardware!(f, x, y, |a, b, c, d| (a + c, b + d));
    (arith::add(f, x.0, y.0, RNE), arith::add(f, x.1, y.1, RNE))
}

fn complex_sub(f: &Format, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
    complex_in_hardware!(f, x, y, |a, b, c, d| (a - c, b - d));
    (arith::sub(f, x.0, y.0, RNE), arith::sub(f, x.1, y.1, RNE))
}

/// `(a + bi)(c + di) = (ac − bd) + (ad + bc)i`, each operation rounded.
pub fn complex_mul(f: &Format, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
    complex_in_hardware!(f, x, y, |a, b, c, d| (a * c - b * d, a * d + b * c));
    let (a, b, c, d) = (x.0, x.1, y.0, y.1);
    let re = arith::sub(f, arith::mul(f, a, c, RNE), arith::mul(f, b, d, RNE), RNE);
    let im = arith::add(f, arith::mul(f, a, d, RNE), arith::mul(f, b, c, RNE), RNE);
    (re, im)
}

/// `(a + bi)/(c + di) = ((ac + bd) + (bc − ad)i) / (c² + d²)`, each operation rounded.
pub fn complex_div(f: &Format, x: (u64, u64), y: (u64, u64)) -> (u64, u64) {
    complex_in_hardware!(f, x, y, |a, b, c, d| {
        let den = c * c + d * d;
        ((a * c + b * d) / den, (b * c - a * d) / den)
    });
    let (a, b, c, d) = (x.0, x.1, y.0, y.1);
    let den = arith::add(f, arith::mul(f, c, c, RNE), arith::mul(f, d, d, RNE), RNE);
    let re = arith::add(f, arith::mul(f, a, c, RNE), arith::mul(f, b, d, RNE), RNE);
    let im = arith::sub(f, arith::mul(f, b, c, RNE), arith::mul(f, a, d, RNE), RNE);
    (arith::div(f, re, den, RNE), arith::div(f, im, den, RNE))
}

/// A float binary op: for f32 and f64 the hardware operation (IEEE, round
/// to nearest even: the same bits as `slow` whenever the result is not NaN),
/// falling back to `slow` for NaN results, which carry the NaN conventions
/// of `float::arith`; other formats use `slow` throughout. `code` names the
/// operation (`hw32`/`hw64`), so that the loops over tensors are compiled
/// once per operation with the hardware instruction inline.
#[derive(Clone, Copy)]
pub(crate) struct FloatOp {
    code: u8,
    slow: fn(&Format, u64, u64, Rounding) -> u64,
}

const ADD_CODE: u8 = 0;
const SUB_CODE: u8 = 1;
const MUL_CODE: u8 = 2;
const DIV_CODE: u8 = 3;

pub(crate) const ADD: FloatOp = FloatOp {
    code: ADD_CODE,
    slow: arith::add,
};
pub(crate) const SUB: FloatOp = FloatOp {
    code: SUB_CODE,
    slow: arith::sub,
};
pub(crate) const MUL: FloatOp = FloatOp {
    code: MUL_CODE,
    slow: arith::mul,
};
pub(crate) const DIV: FloatOp = FloatOp {
    code: DIV_CODE,
    slow: arith::div,
};

/// The operation of code `C` in `f32` hardware arithmetic.
#[inline(always)]
fn hw32<const C: u8>(x: f32, y: f32) -> f32 {
    match C {
        ADD_CODE => x + y,
        SUB_CODE => x - y,
        MUL_CODE => x * y,
        _ => x / y,
    }
}

/// The operation of code `C` in `f64` hardware arithmetic.
#[inline(always)]
fn hw64<const C: u8>(x: f64, y: f64) -> f64 {
    match C {
        ADD_CODE => x + y,
        SUB_CODE => x - y,
        MUL_CODE => x * y,
        _ => x / y,
    }
}

/// The soft-float operation of code `C`.
fn slow_of<const C: u8>() -> fn(&Format, u64, u64, Rounding) -> u64 {
    match C {
        ADD_CODE => ADD.slow,
        SUB_CODE => SUB.slow,
        MUL_CODE => MUL.slow,
        _ => DIV.slow,
    }
}

/// Where the lanes of a two-operand elementwise result go: a new tensor,
/// or over the lanes of an operand that is no longer needed.
trait Lanes2 {
    type Out;
    fn apply(self, f: impl Fn(u64, u64) -> u64 + Sync) -> Self::Out;
    /// `g(xs, ys, out)` on each block of lanes (`out` may not be `xs`).
    fn apply_blocks(self, g: impl Fn(&[u64], &[u64], &mut [u64]) + Sync) -> Self::Out;
}

/// A new tensor of the operands' element type.
struct Fresh<'a>(&'a Tensor, &'a Tensor);

impl Lanes2 for Fresh<'_> {
    type Out = Tensor;
    fn apply(self, f: impl Fn(u64, u64) -> u64 + Sync) -> Tensor {
        map2(self.0, self.1, self.0.elem.clone(), f)
    }
    fn apply_blocks(self, g: impl Fn(&[u64], &[u64], &mut [u64]) + Sync) -> Tensor {
        let Fresh(a, b) = self;
        let n = a.data.len().min(b.data.len());
        let data = Words::build(Width::of(&a.elem), n, |off, out| {
            let (mut xs, mut ys) = ([0u64; BLOCK], [0u64; BLOCK]);
            let xs = a.data.block(off, &mut xs[..out.len()]);
            let ys = b.data.block(off, &mut ys[..out.len()]);
            g(xs, ys, out);
        });
        Tensor::from_words(a.elem.clone(), a.shape.clone(), data)
    }
}

/// Over the first tensor, which is the left operand when the flag is set
/// and the right one otherwise; the other operand has the same shape and
/// element type.
struct Over<'a>(Tensor, &'a Tensor, bool);

impl Lanes2 for Over<'_> {
    type Out = Tensor;
    fn apply(self, f: impl Fn(u64, u64) -> u64 + Sync) -> Tensor {
        let Over(mut dst, other, dst_is_left) = self;
        dst.data.update(|off, piece| {
            let mut buf = [0u64; BLOCK];
            let ys = other.data.block(off, &mut buf[..piece.len()]);
            if dst_is_left {
                for (x, &y) in piece.iter_mut().zip(ys) {
                    *x = f(*x, y);
                }
            } else {
                for (y, &x) in piece.iter_mut().zip(ys) {
                    *y = f(x, *y);
                }
            }
        });
        dst
    }
    fn apply_blocks(self, g: impl Fn(&[u64], &[u64], &mut [u64]) + Sync) -> Tensor {
        let Over(mut dst, other, dst_is_left) = self;
        dst.data.update(|off, piece| {
            let (mut buf, mut own) = ([0u64; BLOCK], [0u64; BLOCK]);
            let ys = other.data.block(off, &mut buf[..piece.len()]);
            let own = &mut own[..piece.len()];
            own.copy_from_slice(piece);
            if dst_is_left {
                g(own, ys, piece);
            } else {
                g(ys, own, piece);
            }
        });
        dst
    }
}

/// One block of lanes: `out[i] = f(xs[i], ys[i])` (the fused evaluation of
/// `fuse.rs`, which runs the kernels' own per-lane code on blocks).
struct Block2<'a> {
    xs: &'a [u64],
    ys: &'a [u64],
    out: &'a mut [u64],
}

impl Lanes2 for Block2<'_> {
    type Out = ();
    fn apply(self, f: impl Fn(u64, u64) -> u64 + Sync) {
        for ((o, &x), &y) in self.out.iter_mut().zip(self.xs).zip(self.ys) {
            *o = f(x, y);
        }
    }
    fn apply_blocks(self, g: impl Fn(&[u64], &[u64], &mut [u64]) + Sync) {
        g(self.xs, self.ys, self.out)
    }
}

fn float2(kind: FloatKind, a: &Tensor, b: &Tensor, op: &FloatOp) -> Tensor {
    float2_into(kind, op, Fresh(a, b))
}

/// `add`, `subtract`, `multiply` or `divide` of format `kind` on one block
/// of lanes, by the very loop body the kernel applies to tensors.
pub(crate) fn float2_block(kind: FloatKind, op: &FloatOp, xs: &[u64], ys: &[u64], out: &mut [u64]) {
    float2_into(kind, op, Block2 { xs, ys, out })
}

/// `maximum` (`max`) or `minimum` of format `kind` on one block of lanes:
/// [`pick_lane`], the kernels' per-lane rule, with the format fixed per
/// loop as in the kernels.
pub(crate) fn pick_block(kind: FloatKind, max: bool, xs: &[u64], ys: &[u64], out: &mut [u64]) {
    // f32, bf16 and f16: without branches on the keys (`lanes::pick_floats`);
    // a block with a NaN operand again by the per-lane rule.
    if matches!(kind, FloatKind::F32 | FloatKind::BF16 | FloatKind::F16)
        && !super::lanes::pick_floats(kind, max, xs, ys, out)
    {
        return;
    }
    let lanes = out.iter_mut().zip(xs).zip(ys);
    match (kind, max) {
        (FloatKind::F32, true) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F32, true, x, y))
        }
        (FloatKind::F32, false) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F32, false, x, y))
        }
        (FloatKind::F64, true) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F64, true, x, y))
        }
        (FloatKind::F64, false) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F64, false, x, y))
        }
        (FloatKind::BF16, true) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::BF16, true, x, y))
        }
        (FloatKind::BF16, false) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::BF16, false, x, y))
        }
        (FloatKind::F16, true) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F16, true, x, y))
        }
        (FloatKind::F16, false) => {
            lanes.for_each(|((o, &x), &y)| *o = pick_lane(FloatKind::F16, false, x, y))
        }
        // Every other format: `arith`, as the kernels call it.
        (k, true) => {
            let f = k.format();
            lanes.for_each(|((o, &x), &y)| *o = arith::maximum(f, x, y))
        }
        (k, false) => {
            let f = k.format();
            lanes.for_each(|((o, &x), &y)| *o = arith::minimum(f, x, y))
        }
    }
}

fn float2_into<L: Lanes2>(kind: FloatKind, op: &FloatOp, out: L) -> L::Out {
    match op.code {
        ADD_CODE => float2_code::<ADD_CODE, L>(kind, out),
        SUB_CODE => float2_code::<SUB_CODE, L>(kind, out),
        MUL_CODE => float2_code::<MUL_CODE, L>(kind, out),
        _ => float2_code::<DIV_CODE, L>(kind, out),
    }
}

fn float2_code<const C: u8, L: Lanes2>(kind: FloatKind, out: L) -> L::Out {
    // The format as a constant in the common cases, so each loop has one path.
    match kind {
        FloatKind::F32 | FloatKind::F64 | FloatKind::BF16 | FloatKind::F16 => {
            out.apply_blocks(|xs, ys, o| float2_hw_block::<C>(kind, xs, ys, o))
        }
        // f16, tf32 and the f8/f6/f4 formats: one f64 operation rounded
        // once (`float::fast`); a NaN result takes the generic path.
        _ => match Narrow::new(kind.format()) {
            Some(n) => out.apply(move |x, y| {
                let r = n.round(hw64::<C>(n.value(x), n.value(y)));
                if r.is_nan() {
                    slow_of::<C>()(n.format(), x, y, RNE)
                } else {
                    n.bits(r)
                }
            }),
            None => out.apply(move |x, y| float_lane_code::<C>(kind, x, y)),
        },
    }
}

/// [`float_lane_code`] of f32, f64, bf16 or f16 on a block, by a vector
/// pass of `lanes` (the same rounding, written without a branch per lane);
/// a block in which the pass meets a lane it does not settle (a NaN) is
/// redone lane by lane.
#[inline]
fn float2_hw_block<const C: u8>(kind: FloatKind, xs: &[u64], ys: &[u64], o: &mut [u64]) {
    use super::lanes;
    type Pass = fn(&[u64], &[u64], &mut [u64]) -> bool;
    let pass: Pass = match (kind, C) {
        (FloatKind::F32, ADD_CODE) => lanes::f32_add,
        (FloatKind::F32, SUB_CODE) => lanes::f32_sub,
        (FloatKind::F32, MUL_CODE) => lanes::f32_mul,
        (FloatKind::F32, _) => lanes::f32_div,
        (FloatKind::F64, ADD_CODE) => lanes::f64_add,
        (FloatKind::F64, SUB_CODE) => lanes::f64_sub,
        (FloatKind::F64, MUL_CODE) => lanes::f64_mul,
        (FloatKind::F64, _) => lanes::f64_div,
        (FloatKind::F16, ADD_CODE) => lanes::f16_add,
        (FloatKind::F16, SUB_CODE) => lanes::f16_sub,
        (FloatKind::F16, MUL_CODE) => lanes::f16_mul,
        (FloatKind::F16, _) => lanes::f16_div,
        (_, ADD_CODE) => lanes::bf16_add,
        (_, SUB_CODE) => lanes::bf16_sub,
        (_, MUL_CODE) => lanes::bf16_mul,
        (_, _) => lanes::bf16_div,
    };
    if pass(xs, ys, o) {
        // f16's per-lane rule is the soft-float operation (which the
        // `Narrow` path of other narrow formats equals).
        for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
            *o = float_lane_code::<C>(kind, x, y);
        }
    }
}

/// The per-element rule of a float arithmetic op (`add`, `subtract`,
/// `multiply`, `divide`) on one pair of lanes of format `kind`: what
/// `float2_into` applies to every element, and what scalar code
/// (`scalar.rs`) applies to one.
#[inline(always)]
pub(crate) fn float_lane(kind: FloatKind, op: FloatOp, x: u64, y: u64) -> u64 {
    match op.code {
        ADD_CODE => float_lane_code::<ADD_CODE>(kind, x, y),
        SUB_CODE => float_lane_code::<SUB_CODE>(kind, x, y),
        MUL_CODE => float_lane_code::<MUL_CODE>(kind, x, y),
        _ => float_lane_code::<DIV_CODE>(kind, x, y),
    }
}

/// [`float_lane`] of the operation of code `C`.
#[inline(always)]
fn float_lane_code<const C: u8>(kind: FloatKind, x: u64, y: u64) -> u64 {
    match kind {
        FloatKind::F32 => {
            let r = hw32::<C>(f32::from_bits(x as u32), f32::from_bits(y as u32));
            if r.is_nan() {
                slow_of::<C>()(FloatKind::F32.format(), x, y, RNE)
            } else {
                r.to_bits() as u64
            }
        }
        FloatKind::F64 => {
            let r = hw64::<C>(f64::from_bits(x), f64::from_bits(y));
            if r.is_nan() {
                slow_of::<C>()(FloatKind::F64.format(), x, y, RNE)
            } else {
                r.to_bits()
            }
        }
        // bf16 operands are exact in f64 and one f64 operation rounded once
        // to bf16 is correctly rounded (the `ViaF64` argument of
        // `float::arith`); `bf16_nearest` is that rounding for normal results.
        FloatKind::BF16 => {
            let wide = |v: u64| f32::from_bits((v as u32 & 0xFFFF) << 16) as f64;
            bf16_nearest(hw64::<C>(wide(x), wide(y)))
                .unwrap_or_else(|| slow_of::<C>()(FloatKind::BF16.format(), x, y, RNE))
        }
        _ => slow_of::<C>()(kind.format(), x, y, RNE),
    }
}

/// Takes the operand of a one-operand op when the op holds its only
/// reference, so its lanes can be overwritten with the result.
pub(crate) fn take_sole(args: &mut Vec<Value>) -> Option<Tensor> {
    if args.len() != 1 {
        return None;
    }
    match args.pop() {
        Some(Value::Tensor(t)) => match Arc::try_unwrap(t) {
            Ok(t) => Some(t),
            Err(t) => {
                args.push(Value::Tensor(t));
                None
            }
        },
        Some(v) => {
            args.push(v);
            None
        }
        None => None,
    }
}

/// For a float op on two operands of one shape and element type: one
/// operand the op holds the only reference to (to be overwritten), the
/// other, and whether the first is the left operand.
fn take_pair(args: &mut Vec<Value>) -> Option<(Tensor, Arc<Tensor>, bool, FloatKind)> {
    let kind = match &args[..] {
        [Value::Tensor(a), Value::Tensor(b)]
            if a.elem == b.elem && same_shape(&a.shape, &b.shape) =>
        {
            match a.elem {
                ElementType::Float(k) => k,
                _ => return None,
            }
        }
        _ => return None,
    };
    let (Some(Value::Tensor(b)), Some(Value::Tensor(a))) = (args.pop(), args.pop()) else {
        return None;
    };
    match Arc::try_unwrap(a) {
        Ok(a) => Some((a, b, true, kind)),
        Err(a) => match Arc::try_unwrap(b) {
            Ok(b) => Some((b, a, false, kind)),
            Err(b) => {
                args.push(Value::Tensor(a));
                args.push(Value::Tensor(b));
                None
            }
        },
    }
}

/// A float arithmetic kernel: over an operand's lanes when it is no longer
/// needed, otherwise `body` (every domain, quantized operands included).
fn arith_kernel<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    mut args: Vec<Value>,
    body: fn(Domain, &Tensor, &Tensor) -> Result<Tensor, String>,
    fop: &FloatOp,
) -> KResult<Vec<Value>> {
    if let Some((dst, other, dst_is_left, kind)) = take_pair(&mut args) {
        return one(float2_into(kind, fop, Over(dst, &other, dst_is_left)));
    }
    binary(interp, op, args, body)
}

/// Round to nearest even of an `f64` whose result is a normal finite bf16
/// (exponent −126 … 127, below the largest finite value); `None` otherwise
/// (NaN, zero, subnormal results, overflow), for the general path.
#[inline]
fn bf16_nearest(r: f64) -> Option<u64> {
    let bits = r.to_bits();
    let mag = bits & !(1u64 << 63);
    let e = (mag >> 52) as i32 - 1023;
    if !(-126..=127).contains(&e) {
        return None;
    }
    const SHIFT: u32 = 52 - 7;
    let rounded = (mag + (1u64 << (SHIFT - 1)) - 1 + ((mag >> SHIFT) & 1)) >> SHIFT;
    // Rebias the exponent field from f64's 1023 to bf16's 127.
    let pattern = rounded - ((1023 - 127) << 7);
    if pattern > 0x7F7F {
        return None;
    }
    Some(pattern | ((bits >> 63) << 15))
}

/// An integer binary op that [`int_words`] runs on the stored words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum IntOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Max,
    Min,
    And,
    Or,
    Xor,
    Shl,
    ShrLogical,
    ShrArithmetic,
}

/// Each integer op's formula on words of the unsigned type `$u` (`$s` its
/// signed twin, `$bits` wide), given to `$go!` as a closure of two words:
/// the one table of [`int_words`] and of the fused chains' blocks
/// (`lanes::int_block`).
macro_rules! int_formulas {
    ($op:expr, $signed:expr, $u:ty, $s:ty, $bits:expr, $go:ident) => {
        match $op {
            IntOp::Add => $go!(|a, b| a.wrapping_add(b)),
            IntOp::Sub => $go!(|a, b| a.wrapping_sub(b)),
            IntOp::Mul => $go!(|a, b| a.wrapping_mul(b)),
            // By zero: all ones (-1, or the greatest unsigned value) and
            // the dividend; `MIN / -1` is `MIN` and `MIN % -1` is 0, as
            // `wrapping_div` and `wrapping_rem` give them (see
            // `int_div` and `int_rem`).
            IntOp::Div if $signed => $go!(|a, b| if b == 0 {
                <$u>::MAX
            } else {
                (a as $s).wrapping_div(b as $s) as $u
            }),
            IntOp::Div => $go!(|a, b| if b == 0 { <$u>::MAX } else { a / b }),
            IntOp::Rem if $signed => $go!(|a, b| if b == 0 {
                a
            } else {
                (a as $s).wrapping_rem(b as $s) as $u
            }),
            IntOp::Rem => $go!(|a, b| if b == 0 { a } else { a % b }),
            IntOp::Max if $signed => $go!(|a, b| (a as $s).max(b as $s) as $u),
            IntOp::Max => $go!(|a, b| a.max(b)),
            IntOp::Min if $signed => $go!(|a, b| (a as $s).min(b as $s) as $u),
            IntOp::Min => $go!(|a, b| a.min(b)),
            IntOp::And => $go!(|a, b| a & b),
            IntOp::Or => $go!(|a, b| a | b),
            IntOp::Xor => $go!(|a, b| a ^ b),
            IntOp::Shl => $go!(|a, b| if b < $bits { a << b } else { 0 }),
            IntOp::ShrLogical => $go!(|a, b| if b < $bits { a >> b } else { 0 }),
            IntOp::ShrArithmetic => $go!(|a, b| ((a as $s) >> b.min($bits - 1)) as $u),
        }
    };
}
pub(crate) use int_formulas;

/// `f` of each pair of words at the same position, into words of `U`.
fn zip_map<T: Copy + Sync, U: Send>(x: &[T], y: &[T], f: impl Fn(T, T) -> U + Sync) -> Vec<U> {
    let n = x.len().min(y.len());
    let mut v: Vec<U> = Vec::with_capacity(n);
    super::par::fill(&mut v.spare_capacity_mut()[..n], |off, piece| {
        for ((d, &a), &b) in piece.iter_mut().zip(&x[off..]).zip(&y[off..]) {
            d.write(f(a, b));
        }
    });
    // SAFETY: `par::fill` calls the closure once on each piece of a
    // partition of the first `n` elements, and the closure writes every
    // element of its piece (`x` and `y` hold at least `n` words).
    unsafe { v.set_len(n) };
    v
}

/// `op` on two tensors of an integer type as wide as the words both are
/// stored in (8, 16, 32 or 64 bits), by the machine's wrapping operation
/// on the words: the low bits of the exact result, which is what wrapping
/// to the type keeps; shifts by a count of at least the width (read as
/// unsigned) give 0, or copies of the sign bit (see the module doc).
/// `None` for other storage.
fn int_words(a: &Tensor, b: &Tensor, k: IntKind, op: IntOp) -> Option<Tensor> {
    macro_rules! on {
        ($x:expr, $y:expr, $w:ty, $u:ty, $s:ty, $bits:expr) => {{
            if k.bits != $bits {
                return None;
            }
            let (x, y): (&[$w], &[$w]) = ($x, $y);
            // Each op's closure is inlined into its own loop.
            macro_rules! go {
                (|$a:ident, $b:ident| $e:expr) => {
                    zip_map(x, y, |$a: $w, $b: $w| {
                        let ($a, $b) = ($a as $u, $b as $u);
                        ($e) as $w
                    })
                };
            }
            int_formulas!(op, k.signed, $u, $s, $bits, go)
        }};
    }
    let words = match (&a.data, &b.data) {
        (Words::U8(x), Words::U8(y)) => Words::U8(on!(x, y, u8, u8, i8, 8)),
        (Words::I8(x), Words::I8(y)) => Words::I8(on!(x, y, i8, u8, i8, 8)),
        (Words::U16(x), Words::U16(y)) => Words::U16(on!(x, y, u16, u16, i16, 16)),
        (Words::I16(x), Words::I16(y)) => Words::I16(on!(x, y, i16, u16, i16, 16)),
        (Words::U32(x), Words::U32(y)) => Words::U32(on!(x, y, u32, u32, i32, 32)),
        (Words::I32(x), Words::I32(y)) => Words::I32(on!(x, y, i32, u32, i32, 32)),
        (Words::U64(x), Words::U64(y)) => Words::U64(on!(x, y, u64, u64, i64, 64)),
        _ => return None,
    };
    Some(Tensor::from_words(a.elem.clone(), a.shape.clone(), words))
}

/// `op` on one pair of integer lanes of kind `k`: the exact result
/// wrapped to the type (see the module doc for shifts).
pub(crate) fn int_lane(k: IntKind, op: IntOp, x: u64, y: u64) -> u64 {
    let (a, b) = (k.value(x), k.value(y));
    match op {
        IntOp::Add => k.wrap(a + b),
        IntOp::Sub => k.wrap(a - b),
        IntOp::Mul => k.wrap(a.wrapping_mul(b)),
        IntOp::Div => k.wrap(int_div(k, a, b)),
        IntOp::Rem => k.wrap(int_rem(k, a, b)),
        IntOp::Max => k.wrap(a.max(b)),
        IntOp::Min => k.wrap(a.min(b)),
        IntOp::And => k.wrap((x & y) as i64 as i128),
        IntOp::Or => k.wrap((x | y) as i64 as i128),
        IntOp::Xor => k.wrap((x ^ y) as i64 as i128),
        IntOp::Shl => shift_left_lane(k, x, y),
        IntOp::ShrLogical => shift_right_logical_lane(k, x, y),
        IntOp::ShrArithmetic => shift_right_arithmetic_lane(k, x, y),
    }
}

/// `shift_left` of one pair of lanes (see the module doc for counts).
pub(crate) fn shift_left_lane(k: IntKind, x: u64, y: u64) -> u64 {
    match shift_count(k, y) {
        Some(s) => k.wrap((x << s) as i64 as i128),
        None => 0,
    }
}

/// `shift_right_logical` of one pair of lanes.
pub(crate) fn shift_right_logical_lane(k: IntKind, x: u64, y: u64) -> u64 {
    match shift_count(k, y) {
        Some(s) => k.wrap((low_bits(k, x) >> s) as i128),
        None => 0,
    }
}

/// `shift_right_arithmetic` of one pair of lanes: the lhs read as signed
/// of its width, whatever its signedness.
pub(crate) fn shift_right_arithmetic_lane(k: IntKind, x: u64, y: u64) -> u64 {
    let sk = IntKind {
        bits: k.bits,
        signed: true,
    };
    let v = sk.value(sk.wrap(x as i128)) as i64;
    let r = match shift_count(k, y) {
        Some(s) => v >> s,
        None => v >> 63,
    };
    k.wrap(r as i128)
}

/// The integer op a fused chain may run for `name` (`fuse.rs`): the ops
/// whose integer kernel is [`int_binary`].
pub(super) fn int_op_of(name: &str) -> Option<IntOp> {
    Some(match name {
        "stablehlo.add" => IntOp::Add,
        "stablehlo.subtract" => IntOp::Sub,
        "stablehlo.multiply" => IntOp::Mul,
        "stablehlo.divide" => IntOp::Div,
        "stablehlo.remainder" => IntOp::Rem,
        "stablehlo.maximum" => IntOp::Max,
        "stablehlo.minimum" => IntOp::Min,
        "stablehlo.and" => IntOp::And,
        "stablehlo.or" => IntOp::Or,
        "stablehlo.xor" => IntOp::Xor,
        "stablehlo.shift_left" => IntOp::Shl,
        "stablehlo.shift_right_logical" => IntOp::ShrLogical,
        "stablehlo.shift_right_arithmetic" => IntOp::ShrArithmetic,
        _ => return None,
    })
}

/// `op` on two integer tensors of kind `k`: on the words where
/// [`int_words`] takes them, else lane by lane.
fn int_binary(a: &Tensor, b: &Tensor, k: IntKind, op: IntOp) -> Tensor {
    int_words(a, b, k, op)
        .unwrap_or_else(|| map2(a, b, a.elem.clone(), |x, y| int_lane(k, op, x, y)))
}

/// Integer binary op on values, wrapped back to the type.
fn int2(a: &Tensor, b: &Tensor, k: IntKind, f: impl Fn(i128, i128) -> i128 + Sync) -> Tensor {
    map2(a, b, a.elem.clone(), |x, y| {
        k.wrap(f(k.value(x), k.value(y)))
    })
}

fn add_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => map2(a, b, a.elem.clone(), |x, y| x | y),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Add),
        Domain::Float(kind) => float2(kind, a, b, &ADD),
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_add(f, x, y))
        }
    })
}
fn add<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    arith_kernel(interp, op, args, add_body, &ADD)
}

fn subtract_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => return Err(unsupported("subtract", d)),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Sub),
        Domain::Float(kind) => float2(kind, a, b, &SUB),
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_sub(f, x, y))
        }
    })
}
fn subtract<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    arith_kernel(interp, op, args, subtract_body, &SUB)
}

fn multiply_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => map2(a, b, a.elem.clone(), |x, y| x & y),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Mul),
        Domain::Float(kind) => float2(kind, a, b, &MUL),
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_mul(f, x, y))
        }
    })
}
fn multiply<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    arith_kernel(interp, op, args, multiply_body, &MUL)
}

/// Integer division truncating toward zero (see the module doc for x/0).
pub fn int_div(k: IntKind, x: i128, y: i128) -> i128 {
    if y == 0 {
        return -1;
    }
    if k.signed && x == k.min() && y == -1 {
        return x;
    }
    x / y
}

/// Integer remainder with the dividend's sign (see the module doc for x%0).
pub fn int_rem(k: IntKind, x: i128, y: i128) -> i128 {
    if y == 0 {
        return x;
    }
    if k.signed && x == k.min() && y == -1 {
        return 0;
    }
    x % y
}

fn divide_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => return Err(unsupported("divide", d)),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Div),
        Domain::Float(kind) => float2(kind, a, b, &DIV),
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_div(f, x, y))
        }
    })
}
fn divide<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    arith_kernel(interp, op, args, divide_body, &DIV)
}

fn remainder_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Int(k) => int_binary(a, b, k, IntOp::Rem),
        Domain::Float(kind) => {
            let f = kind.format();
            map2(a, b, a.elem.clone(), |x, y| arith::remainder(f, x, y))
        }
        _ => return Err(unsupported("remainder", d)),
    })
}
binary_kernel!(remainder, remainder_body);

/// Lexicographic order of complex numbers by (real, imaginary), for
/// maximum/minimum (spec: "lexicographic comparison on (real, imaginary) pairs").
fn complex_pick(f: &Format, x: (u64, u64), y: (u64, u64), want_greater: bool) -> (u64, u64) {
    use std::cmp::Ordering::*;
    let ord = match arith::compare(f, x.0, y.0) {
        Some(Equal) => arith::compare(f, x.1, y.1),
        o => o,
    };
    match ord {
        None => {
            let nan = arith::invalid(f);
            (nan, nan)
        }
        Some(Less) if want_greater => y,
        Some(Greater) if !want_greater => y,
        _ => x,
    }
}

/// `arith::maximum` (`max`) or `arith::minimum` of two lanes of `kind`,
/// with the same bits: for f32, bf16, f16 and f64, operands that are not NaN
/// are ordered by integer keys of IEEE total order (`-mag - 1` for
/// negative patterns, `mag` otherwise: `arith::total_order_key`), a NaN
/// operand by `arith`; any other format by `arith`.
#[inline(always)]
pub fn pick_lane(kind: FloatKind, max: bool, x: u64, y: u64) -> u64 {
    let f = kind.format();
    let slow = || {
        if max {
            arith::maximum(f, x, y)
        } else {
            arith::minimum(f, x, y)
        }
    };
    let key32 = |v: u32| {
        let i = v as i32;
        (i ^ (((i >> 31) as u32) >> 1) as i32) as i64
    };
    let (kx, ky, mask) = match kind {
        FloatKind::F32 => {
            let (a, b) = (x as u32, y as u32);
            if f32::from_bits(a).is_nan() || f32::from_bits(b).is_nan() {
                return slow();
            }
            (key32(a), key32(b), 0xFFFF_FFFF)
        }
        FloatKind::BF16 => {
            let (a, b) = ((x as u32 & 0xFFFF) << 16, (y as u32 & 0xFFFF) << 16);
            if f32::from_bits(a).is_nan() || f32::from_bits(b).is_nan() {
                return slow();
            }
            (key32(a), key32(b), 0xFFFF)
        }
        FloatKind::F16 => {
            let (a, b) = ((x as u32 & 0xFFFF) << 16, (y as u32 & 0xFFFF) << 16);
            if a & 0x7FFF_FFFF > 0x7C00_0000 || b & 0x7FFF_FFFF > 0x7C00_0000 {
                return slow();
            }
            (key32(a), key32(b), 0xFFFF)
        }
        FloatKind::F64 => {
            if f64::from_bits(x).is_nan() || f64::from_bits(y).is_nan() {
                return slow();
            }
            let key64 = |v: u64| {
                let i = v as i64;
                i ^ (((i >> 63) as u64) >> 1) as i64
            };
            (key64(x), key64(y), u64::MAX)
        }
        _ => return slow(),
    };
    let first = if max { kx >= ky } else { kx <= ky };
    if first {
        x & mask
    } else {
        y & mask
    }
}

fn maximum_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => map2(a, b, a.elem.clone(), |x, y| x | y),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Max),
        Domain::Float(FloatKind::F32) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F32, true, x, y)
        }),
        Domain::Float(FloatKind::BF16) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::BF16, true, x, y)
        }),
        Domain::Float(FloatKind::F64) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F64, true, x, y)
        }),
        Domain::Float(FloatKind::F16) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F16, true, x, y)
        }),
        Domain::Float(kind) => {
            let f = kind.format();
            map2(a, b, a.elem.clone(), |x, y| arith::maximum(f, x, y))
        }
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_pick(f, x, y, true))
        }
    })
}
binary_kernel!(maximum, maximum_body);

fn minimum_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    Ok(match d {
        Domain::Bool => map2(a, b, a.elem.clone(), |x, y| x & y),
        Domain::Int(k) => int_binary(a, b, k, IntOp::Min),
        Domain::Float(FloatKind::F32) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F32, false, x, y)
        }),
        Domain::Float(FloatKind::BF16) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::BF16, false, x, y)
        }),
        Domain::Float(FloatKind::F64) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F64, false, x, y)
        }),
        Domain::Float(FloatKind::F16) => map2(a, b, a.elem.clone(), |x, y| {
            pick_lane(FloatKind::F16, false, x, y)
        }),
        Domain::Float(kind) => {
            let f = kind.format();
            map2(a, b, a.elem.clone(), |x, y| arith::minimum(f, x, y))
        }
        Domain::Complex(kind) => {
            let f = kind.format();
            map2c(a, b, a.elem.clone(), |x, y| complex_pick(f, x, y, false))
        }
    })
}
binary_kernel!(minimum, minimum_body);

/// Integer `power` by repeated squaring, wrapping (see the module doc).
pub fn int_pow(k: IntKind, base: i128, exp: i128) -> i128 {
    if exp < 0 {
        return match base {
            1 => 1,
            -1 => {
                if exp % 2 == 0 {
                    1
                } else {
                    -1
                }
            }
            _ => 0,
        };
    }
    let (mut result, mut b, mut e) = (1u64, k.wrap(base), exp as u128);
    while e > 0 {
        if e & 1 == 1 {
            result = result.wrapping_mul(b);
        }
        b = b.wrapping_mul(b);
        e >>= 1;
    }
    k.value(k.wrap(result as i64 as i128))
}

fn power_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(int2(a, b, k, |x, y| int_pow(k, x, y))),
        Domain::Float(_) | Domain::Complex(_) => super::transcendental::power(d, a, b),
        Domain::Bool => Err(unsupported("power", d)),
    }
}
binary_kernel!(power, power_body);

// ---------------------------------------------------------------------------
// Bitwise
// ---------------------------------------------------------------------------

fn bitwise(
    d: Domain,
    a: &Tensor,
    b: &Tensor,
    op: IntOp,
    f: fn(u64, u64) -> u64,
) -> Result<Tensor, String> {
    match d {
        Domain::Bool => Ok(match (&a.data, &b.data) {
            // The lane rule below on the stored bytes.
            (Words::U8(x), Words::U8(y)) => {
                let words = match op {
                    IntOp::And => zip_map(x, y, |p, q| p & q & 1),
                    IntOp::Or => zip_map(x, y, |p, q| (p | q) & 1),
                    _ => zip_map(x, y, |p, q| (p ^ q) & 1),
                };
                Tensor::from_words(a.elem.clone(), a.shape.clone(), Words::U8(words))
            }
            _ => map2(a, b, a.elem.clone(), |x, y| f(x, y) & 1),
        }),
        Domain::Int(k) => Ok(int_binary(a, b, k, op)),
        _ => Err(unsupported("a bitwise op", d)),
    }
}

fn and_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    bitwise(d, a, b, IntOp::And, |x, y| x & y)
}
binary_kernel!(and, and_body);

fn or_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    bitwise(d, a, b, IntOp::Or, |x, y| x | y)
}
binary_kernel!(or, or_body);

fn xor_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    bitwise(d, a, b, IntOp::Xor, |x, y| x ^ y)
}
binary_kernel!(xor, xor_body);

fn not_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Bool => Ok(map1(a, a.elem.clone(), |x| (!x) & 1)),
        Domain::Int(k) => Ok(map1(a, a.elem.clone(), |x| k.wrap(!x as i64 as i128))),
        _ => Err(unsupported("not", d)),
    }
}
unary_kernel!(not, not_body);

/// The low `bits` bits of a lane.
pub(crate) fn low_bits(k: IntKind, x: u64) -> u64 {
    if k.bits >= 64 {
        x
    } else {
        x & ((1u64 << k.bits) - 1)
    }
}

/// A shift count: the rhs read as unsigned; `None` when ≥ the width.
pub(crate) fn shift_count(k: IntKind, y: u64) -> Option<u32> {
    let y = low_bits(k, y);
    (y < k.bits as u64).then_some(y as u32)
}

fn shift_left_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(int_binary(a, b, k, IntOp::Shl)),
        _ => Err(unsupported("shift_left", d)),
    }
}
binary_kernel!(shift_left, shift_left_body);

fn shift_right_logical_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(int_binary(a, b, k, IntOp::ShrLogical)),
        _ => Err(unsupported("shift_right_logical", d)),
    }
}
binary_kernel!(shift_right_logical, shift_right_logical_body);

fn shift_right_arithmetic_body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(int_binary(a, b, k, IntOp::ShrArithmetic)),
        _ => Err(unsupported("shift_right_arithmetic", d)),
    }
}
binary_kernel!(shift_right_arithmetic, shift_right_arithmetic_body);

fn popcnt_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    let Domain::Int(k) = d else {
        return Err(unsupported("popcnt", d));
    };
    // The count is a value of the element type: in i2, popcnt(-1) = 2 wraps
    // to -2 (lanes stay canonical).
    Ok(map1(a, a.elem.clone(), |x| {
        k.wrap(low_bits(k, x).count_ones() as i128)
    }))
}
unary_kernel!(popcnt, popcnt_body);

fn count_leading_zeros_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    let Domain::Int(k) = d else {
        return Err(unsupported("count_leading_zeros", d));
    };
    // As for popcnt: clz(0) = 2 in i2 wraps to -2.
    Ok(map1(a, a.elem.clone(), |x| {
        k.wrap((low_bits(k, x).leading_zeros() - (64 - k.bits)) as i128)
    }))
}
unary_kernel!(count_leading_zeros, count_leading_zeros_body);

// ---------------------------------------------------------------------------
// Sign, rounding, classification
// ---------------------------------------------------------------------------

fn abs_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(map1(a, a.elem.clone(), |x| k.wrap(k.value(x).abs()))),
        Domain::Float(kind) => {
            let f = kind.format();
            Ok(map1(a, a.elem.clone(), |x| arith::abs(f, x)))
        }
        Domain::Complex(kind) => super::transcendental::complex_abs(kind, a),
        Domain::Bool => Err(unsupported("abs", d)),
    }
}
unary_kernel!(abs, abs_body);

fn negate_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(map1(a, a.elem.clone(), |x| k.wrap(-k.value(x)))),
        Domain::Float(kind) => {
            let f = kind.format();
            Ok(map1(a, a.elem.clone(), |x| arith::negate(f, x)))
        }
        Domain::Complex(kind) => {
            let f = kind.format();
            Ok(map1c(a, a.elem.clone(), |r, i| {
                (arith::negate(f, r), arith::negate(f, i))
            }))
        }
        Domain::Bool => Err(unsupported("negate", d)),
    }
}
unary_kernel!(negate, negate_body);

fn sign_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Int(k) => Ok(map1(a, a.elem.clone(), |x| k.wrap(k.value(x).signum()))),
        Domain::Float(kind) => {
            let f = kind.format();
            Ok(map1(a, a.elem.clone(), |x| arith::sign(f, x)))
        }
        Domain::Complex(kind) => super::transcendental::complex_sign(kind, a),
        Domain::Bool => Err(unsupported("sign", d)),
    }
}
unary_kernel!(sign, sign_body);

fn sqrt_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    match d {
        Domain::Float(kind) => Ok(unary_hw(kind, HwUnary::Sqrt, a)),
        Domain::Complex(_) => super::transcendental::complex_sqrt(d, a),
        _ => Err(unsupported("sqrt", d)),
    }
}
unary_kernel!(sqrt, sqrt_body);

fn float_map(d: Domain, a: &Tensor, what: &str, op: HwUnary) -> Result<Tensor, String> {
    match d {
        Domain::Float(kind) => Ok(unary_hw(kind, op, a)),
        _ => Err(unsupported(what, d)),
    }
}

fn floor_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    float_map(d, a, "floor", HwUnary::Floor)
}
unary_kernel!(floor, floor_body);

fn ceil_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    float_map(d, a, "ceil", HwUnary::Ceil)
}
unary_kernel!(ceil, ceil_body);

fn round_nearest_even_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    float_map(d, a, "round_nearest_even", HwUnary::RoundEven)
}
unary_kernel!(round_nearest_even, round_nearest_even_body);

fn round_nearest_afz_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    float_map(d, a, "round_nearest_afz", HwUnary::RoundAfz)
}
/// The unary float ops computed in hardware by [`unary_hw_block`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HwUnary {
    Sqrt,
    Floor,
    Ceil,
    RoundEven,
    RoundAfz,
}

impl HwUnary {
    /// The soft-float rule, whose bits the hardware path gives.
    pub fn soft(self, f: &Format, x: u64) -> u64 {
        match self {
            HwUnary::Sqrt => arith::sqrt(f, x, RNE),
            HwUnary::Floor => convert::floor(f, x),
            HwUnary::Ceil => convert::ceil(f, x),
            HwUnary::RoundEven => convert::round_nearest_even(f, x),
            HwUnary::RoundAfz => convert::round_nearest_afz(f, x),
        }
    }
}

/// `op` on lanes of f32, f64, bf16 or f16 (`false`, nothing written, for
/// the other kinds) with the bits of [`HwUnary::soft`]: in hardware
/// (`f64`; `f32` for the three narrower formats) for every lane whose
/// operand and result are not NaN, by the soft rule for the others (NaN
/// payloads are soft-float's).
///
/// * The roundings to an integral value are exact in hardware, keep the
///   sign of a zero result, and give a value of the operand's format: a
///   bf16 or f16 operand below 2⁸ or 2¹¹ in magnitude rounds to an
///   integer of at most 8 or 11 significant bits, and a larger one is
///   already integral.
/// * `sqrt` is correctly rounded in hardware; a bf16 or f16 square root
///   computed in `f32` and rounded once more to the format is correctly
///   rounded too (24 ≥ 2p + 2 for p = 8 and 11), and never subnormal (the
///   square root of a positive value of either format is at least 2⁻⁶⁷).
pub fn unary_hw_block(kind: FloatKind, op: HwUnary, xs: &[u64], out: &mut [u64]) -> bool {
    fn lane32(op: HwUnary, v: f32) -> f32 {
        match op {
            HwUnary::Sqrt => v.sqrt(),
            HwUnary::Floor => v.floor(),
            HwUnary::Ceil => v.ceil(),
            HwUnary::RoundEven => v.round_ties_even(),
            HwUnary::RoundAfz => v.round(),
        }
    }
    let f = kind.format();
    let each32 = |out: &mut [u64], wide: &dyn Fn(u64) -> f32, narrow: &dyn Fn(f32) -> u64| {
        for (o, &x) in out.iter_mut().zip(xs) {
            let r = lane32(op, wide(x));
            *o = if r.is_nan() { op.soft(f, x) } else { narrow(r) };
        }
    };
    match kind {
        FloatKind::F32 => each32(out, &|x| f32::from_bits(x as u32), &|r| {
            u64::from(r.to_bits())
        }),
        FloatKind::BF16 => each32(out, &|x| f32::from_bits((x as u32) << 16), &|r| {
            u64::from(super::gemm::round_bf16(r).to_bits() >> 16)
        }),
        FloatKind::F16 => each32(out, &super::gemm::f16_to_f32, &|r| {
            u64::from(super::gemm::f16_bits(super::gemm::round_f16(r)))
        }),
        FloatKind::F64 => {
            for (o, &x) in out.iter_mut().zip(xs) {
                let v = f64::from_bits(x);
                let r = match op {
                    HwUnary::Sqrt => v.sqrt(),
                    HwUnary::Floor => v.floor(),
                    HwUnary::Ceil => v.ceil(),
                    HwUnary::RoundEven => v.round_ties_even(),
                    HwUnary::RoundAfz => v.round(),
                };
                *o = if r.is_nan() {
                    op.soft(f, x)
                } else {
                    r.to_bits()
                };
            }
        }
        _ => return false,
    }
    true
}

/// `a` (float) mapped by `op` lane by lane: [`unary_hw_block`] where it
/// applies, else the soft rule.
fn unary_hw(kind: FloatKind, op: HwUnary, a: &Tensor) -> Tensor {
    let f = kind.format();
    let data = Words::build(Width::of(&a.elem), a.data.len(), |off, out| {
        let mut xs = [0u64; BLOCK];
        let xs = a.data.block(off, &mut xs[..out.len()]);
        if !unary_hw_block(kind, op, xs, out) {
            for (o, &x) in out.iter_mut().zip(xs.iter()) {
                *o = op.soft(f, x);
            }
        }
    });
    Tensor::from_words(a.elem.clone(), a.shape.clone(), data)
}

unary_kernel!(round_nearest_afz, round_nearest_afz_body);

fn is_finite(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let a = unary_arg(&args)?;
    let Domain::Float(kind) = domain(&a.elem)? else {
        return Err("is_finite takes floats".into());
    };
    let f = kind.format();
    one(map1(a, ElementType::I1, |x| arith::is_finite(f, x) as u64))
}

fn reduce_precision<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let e = op
        .attr("exponent_bits")
        .and_then(Attr::as_i64)
        .ok_or("missing `exponent_bits`")?;
    let m = op
        .attr("mantissa_bits")
        .and_then(Attr::as_i64)
        .ok_or("missing `mantissa_bits`")?;
    if !(1..=64).contains(&e) || !(0..=64).contains(&m) {
        return Err(format!("exponent_bits {e} / mantissa_bits {m} out of range").into());
    }
    let run = move |args: &[Value]| -> KResult<Tensor> {
        let a = unary_arg(args)?;
        let Domain::Float(kind) = domain(&a.elem)? else {
            return Err("reduce_precision takes floats".into());
        };
        let f = kind.format();
        Ok(map1(a, a.elem.clone(), |x| {
            convert::reduce_precision(f, x, e as i32, m as i32)
        }))
    };
    if super::quant::any_quantized(interp, op, &args) {
        return super::quant::dequantize_op_quantize(interp, op, args, run);
    }
    one(run(&args)?)
}

// ---------------------------------------------------------------------------
// compare, select, clamp
// ---------------------------------------------------------------------------

pub(crate) fn direction(op: &Op) -> KResult<Direction> {
    Ok(
        match op
            .attr("comparison_direction")
            .and_then(Attr::as_enum)
            .ok_or("missing `comparison_direction`")?
        {
            "EQ" => Direction::Eq,
            "NE" => Direction::Ne,
            "GE" => Direction::Ge,
            "GT" => Direction::Gt,
            "LE" => Direction::Le,
            _ => Direction::Lt,
        },
    )
}

/// `compare` (spec: compare). Integers compare as their type's signedness
/// unless `compare_type` says SIGNED/UNSIGNED; floats by IEEE (`FLOAT`) or
/// `TOTALORDER`; complex numbers lexicographically by (real, imaginary).
fn compare<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let dir = direction(op)?;
    let ctype = op.attr("compare_type").and_then(Attr::as_enum);
    if super::quant::any_quantized(interp, op, &args) {
        let deq = super::quant::dequantize_all(&args)?;
        return compare_plain(&deq, dir, Some("FLOAT"));
    }
    compare_plain(&args, dir, ctype)
}

/// How `compare` reads boolean and integer elements: as `compare_type`
/// says (SIGNED, UNSIGNED), otherwise as their own type does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IntCompare {
    /// The elements' own type, and the one they are compared as.
    own: IntKind,
    read: IntKind,
}

impl IntCompare {
    pub(crate) fn new(elem: &ElementType, ctype: Option<&str>) -> IntCompare {
        let own = int_kind(elem).unwrap_or(IntKind {
            bits: 64,
            signed: true,
        });
        let signed = match ctype {
            Some("SIGNED") => true,
            Some("UNSIGNED") => false,
            _ => own.signed,
        };
        let read = IntKind {
            bits: own.bits,
            signed,
        };
        IntCompare { own, read }
    }

    /// The integer type the lanes are compared as: the elements' own width,
    /// with the comparison's signedness. `holds` compares the low `bits`
    /// bits of each lane read as that type.
    pub(crate) fn read_kind(self) -> IntKind {
        self.read
    }

    /// Whether `x dir y` holds for two lanes.
    #[inline]
    pub(crate) fn holds(self, dir: Direction, x: u64, y: u64) -> bool {
        let read = |v: u64| self.read.value(self.read.wrap(self.own.value(v)));
        dir.holds(Some(read(x).cmp(&read(y))))
    }
}

/// `compare` of two tensors on their stored words, into i1 bytes: f32 in
/// IEEE order on the hardware (unordered when either is NaN, ±0 equal),
/// integers of 32 or 64 bits read with the comparison's signedness (as
/// [`IntCompare`] reads them). `None` for other types and storage.
fn compare_words(a: &Tensor, b: &Tensor, dir: Direction, ctype: Option<&str>) -> Option<Tensor> {
    // One loop per direction, the read of each word inlined.
    macro_rules! by_dir {
        ($x:expr, $y:expr, $read:expr) => {{
            let (x, y, read) = ($x, $y, $read);
            match dir {
                Direction::Eq => zip_map(x, y, |p, q| u8::from(read(p) == read(q))),
                Direction::Ne => zip_map(x, y, |p, q| u8::from(read(p) != read(q))),
                Direction::Lt => zip_map(x, y, |p, q| u8::from(read(p) < read(q))),
                Direction::Le => zip_map(x, y, |p, q| u8::from(read(p) <= read(q))),
                Direction::Gt => zip_map(x, y, |p, q| u8::from(read(p) > read(q))),
                Direction::Ge => zip_map(x, y, |p, q| u8::from(read(p) >= read(q))),
            }
        }};
    }
    let signed = || IntCompare::new(&a.elem, ctype).read.signed;
    let bytes = match (&a.elem, &a.data, &b.data) {
        (ElementType::Float(FloatKind::F32), Words::U32(x), Words::U32(y)) => {
            if ctype == Some("TOTALORDER") {
                return None;
            }
            by_dir!(x, y, |v: u32| f32::from_bits(v))
        }
        (ElementType::Int(_, 32), Words::I32(x), Words::I32(y)) if signed() => {
            by_dir!(x, y, |v: i32| v)
        }
        (ElementType::Int(_, 32), Words::I32(x), Words::I32(y)) => by_dir!(x, y, |v: i32| v as u32),
        (ElementType::Int(_, 32), Words::U32(x), Words::U32(y)) if signed() => {
            by_dir!(x, y, |v: u32| v as i32)
        }
        (ElementType::Int(_, 32), Words::U32(x), Words::U32(y)) => by_dir!(x, y, |v: u32| v),
        (ElementType::Int(_, 64), Words::U64(x), Words::U64(y)) if signed() => {
            by_dir!(x, y, |v: u64| v as i64)
        }
        (ElementType::Int(_, 64), Words::U64(x), Words::U64(y)) => by_dir!(x, y, |v: u64| v),
        _ => return None,
    };
    Some(Tensor::from_words(
        ElementType::I1,
        a.shape.clone(),
        Words::U8(bytes),
    ))
}

pub fn compare_plain(args: &[Value], dir: Direction, ctype: Option<&str>) -> KResult<Vec<Value>> {
    let (a, b) = binary_args_of(args, "(C2)")?;
    if let Some(t) = compare_words(a, b, dir, ctype) {
        return one(t);
    }
    let out = match domain(&a.elem)? {
        Domain::Bool | Domain::Int(_) => {
            let ic = IntCompare::new(&a.elem, ctype);
            map2(a, b, ElementType::I1, |x, y| ic.holds(dir, x, y) as u64)
        }
        Domain::Float(kind) => {
            let f = kind.format();
            let total = ctype == Some("TOTALORDER");
            match (kind, total) {
                // IEEE comparison in hardware: unordered when either is
                // NaN, ±0 equal, otherwise the order of the values, which
                // is `arith::compare`'s order of total-order keys.
                (FloatKind::F64, false) => map2(a, b, ElementType::I1, |x, y| {
                    dir.holds(f64::from_bits(x).partial_cmp(&f64::from_bits(y))) as u64
                }),
                (FloatKind::F32, false) => map2(a, b, ElementType::I1, |x, y| {
                    let (x, y) = (f32::from_bits(x as u32), f32::from_bits(y as u32));
                    dir.holds(x.partial_cmp(&y)) as u64
                }),
                _ => map2(a, b, ElementType::I1, |x, y| {
                    arith::compare_op(f, x, y, dir, total) as u64
                }),
            }
        }
        Domain::Complex(kind) => {
            let f = kind.format();
            let total = ctype == Some("TOTALORDER");
            let mut data = Vec::with_capacity(a.len());
            for (x, y) in a
                .lanes_vec()
                .chunks_exact(2)
                .zip(b.lanes_vec().chunks_exact(2))
            {
                let cmp = |p: u64, q: u64| {
                    if total {
                        Some(arith::compare_total(f, p, q))
                    } else {
                        arith::compare(f, p, q)
                    }
                };
                let ord = match cmp(x[0], y[0]) {
                    Some(std::cmp::Ordering::Equal) => cmp(x[1], y[1]),
                    o => o,
                };
                data.push(dir.holds(ord) as u64);
            }
            Tensor::new(ElementType::I1, a.shape.clone(), &data)
        }
    };
    one(out)
}

/// `select` (spec: select): `pred` is a scalar or has the operands' shape.
fn select<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    if super::quant::any_quantized(interp, op, &args) {
        let pred = args.first().cloned().ok_or("missing pred")?;
        let rest = super::quant::dequantize_all(&args[1..])?;
        let mut all = vec![pred];
        all.extend(rest);
        let r = select_plain(&all)?;
        return super::quant::quantize_results(interp, op, r);
    }
    one(select_plain(&args)?)
}

pub fn select_plain(args: &[Value]) -> KResult<Tensor> {
    let [p, t, f] = args else {
        return Err("select takes three operands".into());
    };
    let (p, t, f) = (p.as_tensor()?, t.as_tensor()?, f.as_tensor()?);
    if t.shape != f.shape || t.lanes() != f.lanes() {
        return Err("on_true and on_false differ in type".into());
    }
    let l = t.lanes();
    if p.len() == 1 {
        return Ok(if p.data.get(0) != 0 {
            t.clone()
        } else {
            f.clone()
        });
    }
    if p.shape != t.shape {
        return Err("pred must be a scalar or have the operands' shape".into());
    }
    if l == 1 {
        // Block by block: each lane is the on_true or on_false lane,
        // stored back at the same width.
        let data = Words::build(t.data.width(), p.len(), |off, out| {
            let n = out.len();
            let (mut pb, mut tb, mut fb) = ([0u64; BLOCK], [0u64; BLOCK], [0u64; BLOCK]);
            let ps = p.data.block(off, &mut pb[..n]);
            let ts = t.data.block(off, &mut tb[..n]);
            let fs = f.data.block(off, &mut fb[..n]);
            for (((o, &c), &x), &y) in out.iter_mut().zip(ps).zip(ts).zip(fs) {
                *o = if c != 0 { x } else { y };
            }
        });
        return Ok(Tensor::from_words(t.elem.clone(), t.shape.clone(), data));
    }
    let mut data = Words::with_capacity(t.data.width(), t.data.len());
    for i in 0..p.len() {
        let src = if p.data.get(i) != 0 { t } else { f };
        data.extend_from(&src.data, i * l..(i + 1) * l);
    }
    Ok(Tensor::from_words(t.elem.clone(), t.shape.clone(), data))
}

/// `clamp` (spec: clamp): `min(max(operand, min), max)`; `min` and `max` may be scalars.
fn clamp<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let run = |args: &[Value]| -> KResult<Tensor> {
        let [lo, x, hi] = args else {
            return Err("clamp takes three operands".into());
        };
        let (lo, x, hi) = (lo.as_tensor()?, x.as_tensor()?, hi.as_tensor()?);
        let widen = |t: &Tensor| -> KResult<Tensor> {
            if t.shape == x.shape {
                Ok(t.clone())
            } else if t.len() == 1 {
                Ok(Tensor::filled(
                    t.elem.clone(),
                    x.shape.clone(),
                    &t.elem_lanes(0),
                ))
            } else {
                Err("min and max must be scalars or have the operand's shape".into())
            }
        };
        let (lo, hi) = (widen(lo)?, widen(hi)?);
        let d = domain(&x.elem)?;
        let m = maximum_body(d, x, &lo)?;
        Ok(minimum_body(d, &m, &hi)?)
    };
    if super::quant::any_quantized(interp, op, &args) {
        return super::quant::dequantize_op_quantize(interp, op, args, run);
    }
    one(run(&args)?)
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

/// Converts one element (its lanes) between element types; see the module doc.
pub fn convert_elem(from: &ElementType, to: &ElementType, x: &[u64], out: &mut Vec<u64>) {
    let from_d = domain(from).ok();
    let to_d = domain(to).ok();
    // Source as: boolean, integer value, or a float (real part) in some format.
    // The imaginary part is `None` for a real source: +0 in the result's
    // format (not the source format's pattern 0, which in a format without
    // zero such as f8E8M0FNU is its smallest value).
    enum Src {
        Int(i128),
        Float(FloatKind, u64, Option<u64>),
    }
    let src = match from_d {
        Some(Domain::Bool) => Src::Int((x[0] & 1) as i128),
        Some(Domain::Int(k)) => Src::Int(k.value(x[0])),
        Some(Domain::Float(k)) => Src::Float(k, x[0], None),
        Some(Domain::Complex(k)) => Src::Float(k, x[0], Some(x[1])),
        None => Src::Int(0),
    };
    match to_d {
        Some(Domain::Bool) => out.push(match src {
            Src::Int(v) => (v != 0) as u64,
            Src::Float(k, re, im) => {
                let f = k.format();
                // The imaginary part is ignored (spec: convert).
                let _ = im;
                (!crate::float::is_zero(k, re) || f.is_nan(re)) as u64
            }
        }),
        Some(Domain::Int(k)) => out.push(match src {
            Src::Int(v) => k.wrap(v),
            Src::Float(fk, re, _) => k.wrap(convert::to_int(fk.format(), re, k.bits, k.signed)),
        }),
        Some(Domain::Float(k)) => out.push(match src {
            Src::Int(v) => convert::from_int(k.format(), v, RNE),
            Src::Float(fk, re, _) => convert::convert_kind(fk, k, re),
        }),
        Some(Domain::Complex(k)) => match src {
            Src::Int(v) => {
                out.push(convert::from_int(k.format(), v, RNE));
                out.push(0);
            }
            Src::Float(fk, re, im) => {
                out.push(convert::convert_kind(fk, k, re));
                out.push(im.map_or(0, |im| convert::convert_kind(fk, k, im)));
            }
        },
        None => out.push(0),
    }
}

/// `convert` (spec: convert).
fn convert_op<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    mut args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let to = super::result_elem(interp, op, 0)?;
    // Float to another float type over the operand's lanes when it is no
    // longer needed (to the same type the operand is the result, as in
    // `convert_tensor`).
    if let (Some(ElementType::Float(fk)), ElementType::Float(tk)) = (
        args.first()
            .and_then(|a| a.as_tensor().ok())
            .map(|t| &t.elem),
        &to,
    ) {
        let (fk, tk) = (*fk, *tk);
        if fk == tk && args.len() == 1 {
            return Ok(args);
        }
        if let Some(mut t) = take_sole(&mut args) {
            if Width::of(&t.elem) != Width::of(&to) {
                return one(convert_floats(&t, fk, tk));
            }
            let c = Converter::new(fk, tk, t.data.len());
            t.data.update(|_, piece| {
                let mut xs = [0u64; BLOCK];
                let xs = &mut xs[..piece.len()];
                xs.copy_from_slice(piece);
                c.block(xs, piece);
            });
            t.elem = to;
            return one(t);
        }
    }
    let a = unary_arg(&args)?;
    if matches!(a.elem, ElementType::Quant(_)) || matches!(to, ElementType::Quant(_)) {
        return Err("convert of quantized tensors is not defined; use uniform_(de)quantize".into());
    }
    one(convert_tensor(a, &to))
}

pub fn convert_tensor(a: &Tensor, to: &ElementType) -> Tensor {
    if &a.elem == to {
        return a.clone();
    }
    // Fast paths for the common float conversions.
    if let (ElementType::Float(fk), ElementType::Float(tk)) = (&a.elem, to) {
        return convert_floats(a, *fk, *tk);
    }
    if let Some(t) = convert_numbers(a, to) {
        return t;
    }
    if let Some(t) = convert_complex(a, to) {
        return t;
    }
    let mut data = Vec::with_capacity(a.len() * lanes(to));
    let l = a.lanes();
    for x in a.lanes_vec().chunks_exact(l.max(1)) {
        convert_elem(&a.elem, to, x, &mut data);
    }
    Tensor::new(to.clone(), a.shape.clone(), &data)
}

/// `a` converted lane by lane, in hardware, between the integer types
/// (wrapping), from f32, f64, bf16 and f16 to integers and from integers
/// to f32 and f64: the rules of [`convert_elem`], each with its bits.
/// `None` for the other pairs (booleans, complex, other float formats).
///
/// * Float → integer truncates toward zero, saturates and takes NaN to 0,
///   which is what Rust's `as` from `f64` does; every value of the four
///   formats is an `f64` (bf16 and f16 through their exact `f32`).
/// * Integer → f32/f64 rounds to nearest even, which Rust's `as` from
///   `i64` and `u64` does (0 gives +0).
fn convert_numbers(a: &Tensor, to: &ElementType) -> Option<Tensor> {
    let (Ok(from_d), Ok(to_d)) = (domain(&a.elem), domain(to)) else {
        return None;
    };
    let f32_value = |kind: FloatKind| -> Option<fn(u64) -> f64> {
        Some(match kind {
            FloatKind::F32 => |x| f64::from(f32::from_bits(x as u32)),
            FloatKind::F64 => f64::from_bits,
            FloatKind::BF16 => |x| f64::from(f32::from_bits((x as u32) << 16)),
            FloatKind::F16 => |x| f64::from(super::gemm::f16_to_f32(x)),
            _ => return None,
        })
    };
    let at_width = |k: IntKind| matches!(k.bits, 8 | 16 | 32 | 64);
    if let (Domain::Int(k), Domain::Int(t)) = (from_d, to_d) {
        if at_width(k) && at_width(t) && a.lanes() == 1 {
            // The words cast: the low bits of the value, as `wrap` keeps.
            let words = a.data.cast(Width::of(to));
            return Some(Tensor::from_words(to.clone(), a.shape.clone(), words));
        }
    }
    let lane: Box<dyn Fn(u64) -> u64 + Sync> = match (from_d, to_d) {
        (Domain::Int(k), Domain::Int(t)) => Box::new(move |x| t.wrap(k.value(x))),
        (Domain::Float(fk), Domain::Int(t)) => {
            let value = f32_value(fk)?;
            if t.signed {
                let (lo, hi) = (t.min() as i64, t.max() as i64);
                Box::new(move |x| t.wrap(i128::from((value(x) as i64).clamp(lo, hi))))
            } else {
                let hi = t.max() as u64;
                Box::new(move |x| t.wrap(i128::from((value(x) as u64).min(hi))))
            }
        }
        (Domain::Int(k), Domain::Float(FloatKind::F32)) if k.signed => {
            Box::new(move |x| u64::from((k.value(x) as i64 as f32).to_bits()))
        }
        (Domain::Int(k), Domain::Float(FloatKind::F32)) => {
            Box::new(move |x| u64::from((k.value(x) as u64 as f32).to_bits()))
        }
        (Domain::Int(k), Domain::Float(FloatKind::F64)) if k.signed => {
            Box::new(move |x| (k.value(x) as i64 as f64).to_bits())
        }
        (Domain::Int(k), Domain::Float(FloatKind::F64)) => {
            Box::new(move |x| (k.value(x) as u64 as f64).to_bits())
        }
        _ => return None,
    };
    if a.lanes() != 1 || lanes(to) != 1 {
        return None;
    }
    Some(map1(a, to.clone(), lane))
}

/// `a` converted from a float or complex type to a complex one, or from a
/// complex type to a float one, by one `convert::converter` (the bits of
/// `convert_kind`, as `convert_elem` converts each part): a real source's
/// imaginary part is +0 (pattern 0), a complex source's imaginary part is
/// dropped for a real result. `None` for the other pairs.
fn convert_complex(a: &Tensor, to: &ElementType) -> Option<Tensor> {
    let (fk, from_complex) = match a.elem {
        ElementType::Float(k) => (k, false),
        ElementType::Complex(k) => (k, true),
        _ => return None,
    };
    let (tk, to_complex) = match to {
        ElementType::Float(k) => (*k, false),
        ElementType::Complex(k) => (*k, true),
        _ => return None,
    };
    if !from_complex && !to_complex {
        return None;
    }
    let c = convert::converter(fk, tk);
    let src = a.lanes_vec();
    let l = a.lanes();
    let mut data = Vec::with_capacity(a.len() * lanes(to));
    for e in src.chunks_exact(l) {
        data.push(c(e[0]));
        if to_complex {
            data.push(if from_complex { c(e[1]) } else { 0 });
        }
    }
    Some(Tensor::new(to.clone(), a.shape.clone(), &data))
}

/// `t` (of float type `from`) converted to `to` by the blocks of a
/// [`Converter`] (vector passes and tables of `convert::converter`'s
/// results, the per-lane rule for the rest).
fn convert_floats(t: &Tensor, from: FloatKind, to: FloatKind) -> Tensor {
    let elem = ElementType::Float(to);
    let c = Converter::new(from, to, t.data.len());
    let data = Words::build(Width::of(&elem), t.data.len(), |off, out| {
        let mut xs = [0u64; BLOCK];
        let xs = t.data.block(off, &mut xs[..out.len()]);
        c.block(xs, out);
    });
    Tensor::from_words(elem, t.shape.clone(), data)
}

/// Bit width of an element for `bitcast_convert`.
fn bit_width(e: &ElementType) -> u32 {
    match e {
        ElementType::Int(_, w) => *w,
        ElementType::Index => 64,
        ElementType::Float(k) => k.bits(),
        ElementType::Complex(k) => 2 * k.bits(),
        ElementType::Quant(q) => q.storage_bits,
    }
}

/// `bitcast_convert` (spec: bitcast_convert): reinterprets bits; when the
/// widths differ, the last dimension of the wider side holds the narrower
/// elements, least significant first (little-endian, as the spec's examples).
fn bitcast_convert<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let a = unary_arg(&args)?;
    let to = super::result_elem(interp, op, 0)?;
    let (wi, wo) = (bit_width(&a.elem), bit_width(&to));
    if wi == 0 || wo == 0 || wi > 128 || wo > 128 {
        return Err("unsupported bit widths".into());
    }
    // Equal widths keep the operand's shape (C1), so a dynamic result type
    // needs nothing from the program.
    let shape = if wi == wo {
        a.shape.clone()
    } else {
        super::result_type(interp, op, 0)?.0
    };
    // Every element's bits, as a u128 each.
    let lane_w = if a.lanes() == 2 { wi / 2 } else { wi };
    let mask = |w: u32| {
        if w >= 128 {
            u128::MAX
        } else {
            (1u128 << w) - 1
        }
    };
    let mut bits: Vec<u128> = Vec::with_capacity(a.len());
    for x in a.lanes_vec().chunks_exact(a.lanes()) {
        let mut v = 0u128;
        for (j, &lane) in x.iter().enumerate() {
            v |= ((lane as u128) & mask(lane_w)) << (j as u32 * lane_w);
        }
        bits.push(v);
    }
    let out_bits: Vec<u128> = if wi == wo {
        bits
    } else if wi > wo {
        let ratio = (wi / wo) as usize;
        bits.iter()
            .flat_map(|&v| (0..ratio).map(move |j| (v >> (j as u32 * wo)) & mask(wo)))
            .collect()
    } else {
        let ratio = (wo / wi) as usize;
        if ratio == 0 || !bits.len().is_multiple_of(ratio) {
            return Err("the operand's last dimension does not match the width ratio".into());
        }
        bits.chunks_exact(ratio)
            .map(|c| {
                c.iter()
                    .enumerate()
                    .fold(0u128, |acc, (j, &v)| acc | (v << (j as u32 * wi)))
            })
            .collect()
    };
    let lo = lanes(&to);
    let part_w = if lo == 2 { wo / 2 } else { wo };
    let mut data = Vec::with_capacity(out_bits.len() * lo);
    let ik = int_kind(&to);
    for v in out_bits {
        for j in 0..lo {
            let lane = ((v >> (j as u32 * part_w)) & mask(part_w)) as u64;
            data.push(match ik {
                Some(k) => k.wrap(lane as i128),
                None => lane,
            });
        }
    }
    if data.len() != super::tensor::num_elements(&shape) * lo {
        return Err("the result shape does not hold the operand's bits".into());
    }
    one(Tensor::new(to, shape, &data))
}

fn part(d: Domain, a: &Tensor, which: usize) -> Result<Tensor, String> {
    match d {
        Domain::Complex(k) => Ok(Tensor::collect(
            ElementType::Float(k),
            a.shape.clone(),
            a.lanes_vec().chunks_exact(2).map(|c| c[which]),
        )),
        Domain::Float(k) => Ok(if which == 0 {
            a.clone()
        } else {
            let z = arith::zero(k.format(), false);
            map1(a, a.elem.clone(), |_| z)
        }),
        _ => Err(unsupported("real/imag", d)),
    }
}

fn real_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    part(d, a, 0)
}
unary_kernel!(real, real_body);

fn imag_body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    part(d, a, 1)
}
unary_kernel!(imag, imag_body);

fn complex(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (a, b) = binary_args_of(&args, "(C1)")?;
    let Domain::Float(k) = domain(&a.elem)? else {
        return Err("complex takes floats".into());
    };
    let mut data = Vec::with_capacity(2 * a.len());
    for (x, y) in a.data.iter().zip(b.data.iter()) {
        data.push(x);
        data.push(y);
    }
    one(Tensor::new(ElementType::Complex(k), a.shape.clone(), &data))
}

/// Whether an element type is an unsigned integer (for messages and tests).
pub fn is_unsigned(e: &ElementType) -> bool {
    matches!(e, ElementType::Int(Signedness::Unsigned, _))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The complex operations' hardware paths for complex<f32> and
    /// complex<f64> give the soft composition's bits (each operation of
    /// `arith`, rounded to nearest even), NaNs included: edge parts (±0,
    /// ±∞, NaNs, subnormals, the largest finite, 1) against each other and
    /// random parts of wide and of close exponents (cancellation).
    #[test]
    fn complex_arithmetic_in_hardware_matches_the_soft_operations() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for kind in [FloatKind::F32, FloatKind::F64] {
            let f = kind.format();
            let w = f.bits();
            let sign = 1u64 << (w - 1);
            let exp_ones = ((1u64 << f.exp_bits) - 1) << f.man_bits;
            let one = (f.bias as u64) << f.man_bits;
            let edges = [
                0,
                sign,
                exp_ones,
                exp_ones | sign,
                exp_ones | 1,
                exp_ones | (1 << (f.man_bits - 1)) | sign,
                1,
                exp_ones - 1,
                one,
                one | sign,
            ];
            let random = |next: &mut dyn FnMut() -> u64, close: bool| {
                let v = next();
                if close {
                    // Exponents near the bias: products and sums cancel.
                    let e = (f.bias as u64 + v % 8) << f.man_bits;
                    (v >> 8 & sign) | e | (v & ((1 << f.man_bits) - 1))
                } else if w == 32 {
                    v & 0xFFFF_FFFF
                } else {
                    v
                }
            };
            let mut parts: Vec<u64> = edges.to_vec();
            for i in 0..200 {
                parts.push(random(&mut next, i % 2 == 0));
            }
            let soft_mul = |x: (u64, u64), y: (u64, u64)| {
                let (a, b, c, d) = (x.0, x.1, y.0, y.1);
                let m = |p, q| arith::mul(f, p, q, RNE);
                (
                    arith::sub(f, m(a, c), m(b, d), RNE),
                    arith::add(f, m(a, d), m(b, c), RNE),
                )
            };
            let soft_div = |x: (u64, u64), y: (u64, u64)| {
                let (a, b, c, d) = (x.0, x.1, y.0, y.1);
                let m = |p, q| arith::mul(f, p, q, RNE);
                let den = arith::add(f, m(c, c), m(d, d), RNE);
                let re = arith::add(f, m(a, c), m(b, d), RNE);
                let im = arith::sub(f, m(b, c), m(a, d), RNE);
                (arith::div(f, re, den, RNE), arith::div(f, im, den, RNE))
            };
            let n = parts.len();
            for i in 0..4000 {
                let pick = |k: usize| parts[k % n];
                let (p, q) = (next() as usize, next() as usize);
                let x = (pick(i), pick(p));
                let y = (pick(q), pick(p / 7 + i));
                let add = (arith::add(f, x.0, y.0, RNE), arith::add(f, x.1, y.1, RNE));
                let sub = (arith::sub(f, x.0, y.0, RNE), arith::sub(f, x.1, y.1, RNE));
                assert_eq!(complex_add(f, x, y), add, "{kind:?} add {x:x?} {y:x?}");
                assert_eq!(complex_sub(f, x, y), sub, "{kind:?} sub {x:x?} {y:x?}");
                assert_eq!(
                    complex_mul(f, x, y),
                    soft_mul(x, y),
                    "{kind:?} mul {x:x?} {y:x?}"
                );
                assert_eq!(
                    complex_div(f, x, y),
                    soft_div(x, y),
                    "{kind:?} div {x:x?} {y:x?}"
                );
            }
        }
    }

    /// `compare` on the stored words (f32 in IEEE order, 32- and 64-bit
    /// integers as signed or unsigned) and boolean and/or/xor on bytes give
    /// the lane rules' results: every direction and compare type, on edge
    /// values (NaN, ±0, ±∞, the least and greatest integers) and random ones.
    #[test]
    fn compares_and_booleans_on_words_agree_with_the_lane_rules() {
        use crate::ir::types::Signedness;
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let f32_edges: Vec<u64> = [
            0u32,
            0x8000_0000,
            0x7F80_0000,
            0xFF80_0000,
            0x7FC0_0000,
            0xFFC0_0001,
            1,
            0x3F80_0000,
            0xBF80_0000,
        ]
        .iter()
        .map(|&v| v as u64)
        .collect();
        let dirs = [
            Direction::Eq,
            Direction::Ne,
            Direction::Lt,
            Direction::Le,
            Direction::Gt,
            Direction::Ge,
        ];
        let cases: Vec<(ElementType, Vec<u64>)> = vec![
            (ElementType::Float(FloatKind::F32), f32_edges),
            (
                ElementType::Int(Signedness::Signless, 32),
                vec![0, 1, u64::MAX, 0x7FFF_FFFF, 0xFFFF_FFFF_8000_0000],
            ),
            (
                ElementType::Int(Signedness::Unsigned, 32),
                vec![0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000],
            ),
            (
                ElementType::Int(Signedness::Signless, 64),
                vec![0, 1, u64::MAX, i64::MAX as u64, i64::MIN as u64],
            ),
            (
                ElementType::Int(Signedness::Unsigned, 64),
                vec![0, 1, u64::MAX, i64::MAX as u64, i64::MIN as u64],
            ),
        ];
        for (elem, edges) in cases {
            let canon = |v: u64| match &elem {
                ElementType::Int(_, _) => {
                    let k = int_kind(&elem).expect("int");
                    k.wrap(v as i64 as i128)
                }
                _ => v & 0xFFFF_FFFF,
            };
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for &x in &edges {
                for &y in &edges {
                    xs.push(canon(x));
                    ys.push(canon(y));
                }
            }
            for _ in 0..500 {
                xs.push(canon(next()));
                ys.push(canon(next()));
            }
            let a = Tensor::new(elem.clone(), vec![xs.len()], &xs);
            let b = Tensor::new(elem.clone(), vec![ys.len()], &ys);
            let ctypes: &[Option<&str>] = match &elem {
                ElementType::Float(_) => &[None, Some("FLOAT")],
                _ => &[None, Some("SIGNED"), Some("UNSIGNED")],
            };
            for &ctype in ctypes {
                for dir in dirs {
                    let fast = compare_words(&a, &b, dir, ctype).expect("stored words");
                    for i in 0..xs.len() {
                        let want = match &elem {
                            ElementType::Float(k) => {
                                arith::compare_op(k.format(), xs[i], ys[i], dir, false)
                            }
                            _ => IntCompare::new(&elem, ctype).holds(dir, xs[i], ys[i]),
                        };
                        assert_eq!(
                            fast.data.get(i),
                            u64::from(want),
                            "{elem:?} {ctype:?} {dir:?} {:#x} {:#x}",
                            xs[i],
                            ys[i]
                        );
                    }
                }
            }
        }
        let bits: Vec<u64> = (0..64).map(|_| next() & 1).collect();
        let other: Vec<u64> = (0..64).map(|_| next() & 1).collect();
        let a = Tensor::new(ElementType::I1, vec![64], &bits);
        let b = Tensor::new(ElementType::I1, vec![64], &other);
        for (op, f) in [
            (IntOp::And, (|x, y| x & y) as fn(u64, u64) -> u64),
            (IntOp::Or, |x, y| x | y),
            (IntOp::Xor, |x, y| x ^ y),
        ] {
            let got = bitwise(Domain::Bool, &a, &b, op, f).expect("booleans");
            for i in 0..64 {
                assert_eq!(got.data.get(i), f(bits[i], other[i]) & 1, "{op:?}");
            }
        }
    }

    /// Integer ops on the stored words give the per-lane rule's lanes, for
    /// every integer type stored at its own width, every op, on the edges
    /// (0, ±1, the least and greatest values, shift counts about the width,
    /// negative counts) and random lanes.
    #[test]
    fn int_ops_on_words_agree_with_the_lane_rule() {
        use crate::ir::types::Signedness;
        let ops = [
            IntOp::Add,
            IntOp::Sub,
            IntOp::Mul,
            IntOp::Div,
            IntOp::Rem,
            IntOp::Max,
            IntOp::Min,
            IntOp::And,
            IntOp::Or,
            IntOp::Xor,
            IntOp::Shl,
            IntOp::ShrLogical,
            IntOp::ShrArithmetic,
        ];
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for bits in [8u32, 16, 32, 64] {
            for signed in [false, true] {
                let sign = if signed {
                    Signedness::Signed
                } else {
                    Signedness::Unsigned
                };
                let elem = ElementType::Int(sign, bits);
                let k = IntKind { bits, signed };
                let mut edges: Vec<u64> = vec![0, 1, u64::MAX, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33];
                edges.extend([63, 64, 65, k.min() as u64, k.max() as u64, 1 << (bits - 1)]);
                let mut xs = Vec::new();
                let mut ys = Vec::new();
                for &x in &edges {
                    for &y in &edges {
                        xs.push(k.wrap(x as i64 as i128));
                        ys.push(k.wrap(y as i64 as i128));
                    }
                }
                for _ in 0..2000 {
                    xs.push(k.wrap(next() as i64 as i128));
                    ys.push(k.wrap(next() as i64 as i128));
                }
                let a = Tensor::new(elem.clone(), vec![xs.len()], &xs);
                let b = Tensor::new(elem.clone(), vec![ys.len()], &ys);
                for op in ops {
                    let fast = int_words(&a, &b, k, op).expect("stored at its width");
                    let want = map2(&a, &b, elem.clone(), |x, y| int_lane(k, op, x, y));
                    for i in 0..xs.len() {
                        assert_eq!(
                            fast.data.get(i),
                            want.data.get(i),
                            "{elem:?} {op:?} {:#x} {:#x}",
                            xs[i],
                            ys[i]
                        );
                    }
                }
            }
        }
    }

    /// The hardware paths of `float2` (the vector passes of `lanes` and the
    /// per-lane rules they fall back to) give the soft-float bits: every
    /// bf16 (f16) against 144 spread bf16 (f16) values (all classes: zeros,
    /// subnormals, normals, infinities, NaNs), and spread f32 and f64 pairs.
    #[test]
    fn hardware_paths_agree_with_soft_float() {
        let ops = [&ADD, &SUB, &MUL, &DIV];
        for (kind, xs, ys) in [
            (
                FloatKind::BF16,
                (0..1u64 << 16).collect::<Vec<_>>(),
                (0..1u64 << 16)
                    .step_by(509)
                    .chain([1, 0x8001, 0x7F7F, 0xFF7F, 0x0080, 0x3F80, 0xBF80, 0x0001])
                    .chain([0x0040, 0x007F, 0x3F81, 0x4000, 0x7F80, 0xFF80, 0x7FC1])
                    .collect::<Vec<_>>(),
            ),
            (
                FloatKind::F16,
                (0..1u64 << 16).collect::<Vec<_>>(),
                (0..1u64 << 16)
                    .step_by(509)
                    .chain([1, 0x8001, 0x7BFF, 0xFBFF, 0x0400, 0x3C00, 0xBC00, 0x03FF])
                    .chain([0x0200, 0x3C01, 0x4000, 0x7C00, 0xFC00, 0x7E01, 0x0001])
                    .collect::<Vec<_>>(),
            ),
            (
                FloatKind::F32,
                (0..1u64 << 32).step_by(65_537).collect(),
                (0..1u64 << 32).step_by(16_777_259).collect(),
            ),
            (
                FloatKind::F64,
                (0..1u64 << 16)
                    .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i << 52))
                    .chain([0, 1 << 63, 1, 0x7FF0 << 48, 0x7FF8 << 48, 0x7FF4 << 48 | 3])
                    .collect(),
                (0..u64::MAX)
                    .step_by(0x0100_0000_0000_0123)
                    .chain([0, 1 << 63, 1, 0x3FF0 << 48, 0x7FF0 << 48, 0xFFF9 << 48])
                    .collect(),
            ),
        ] {
            let f = kind.format();
            let elem = ElementType::Float(kind);
            for op in ops {
                let slow = op.slow;
                for &y in &ys {
                    let a = Tensor::new(elem.clone(), vec![xs.len()], &xs.clone());
                    let b = Tensor::new(elem.clone(), vec![xs.len()], &vec![y; xs.len()]);
                    let fast = float2(kind, &a, &b, op);
                    // Over either operand's lanes: the same bits.
                    let over_a = float2_into(kind, op, Over(a.clone(), &b, true));
                    let over_b = float2_into(kind, op, Over(b.clone(), &a, false));
                    assert_eq!(over_a.data, fast.data);
                    assert_eq!(over_b.data, fast.data);
                    for (i, &x) in xs.iter().enumerate() {
                        assert_eq!(
                            fast.data.get(i),
                            slow(f, x, y, RNE),
                            "{} {x:#x} {y:#x}",
                            kind.name()
                        );
                    }
                }
            }
        }
    }
}
