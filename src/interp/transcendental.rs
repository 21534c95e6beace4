//! Transcendental elementwise ops: StableHLO's `exponential` … `power` and
//! CHLO's math functions, each element computed by `float::elementary`
//! (correctly rounded where a method is known; see that module's table).
//! Quantized operands go through dequantize_op_quantize.

use super::elementwise::{binary, map1c, map2, map2c, take_sole, unary, Domain};
use super::tensor::{Tensor, BLOCK};
use super::{Interp, KResult, Kernel, Value};
use crate::float::elementary::{self, Binary, Unary};
use crate::float::{arith, FloatKind, Rounding};
use crate::ir::{ElementType, Op};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.exponential", exponential),
    ("stablehlo.exponential_minus_one", exponential_minus_one),
    ("stablehlo.log", log),
    ("stablehlo.log_plus_one", log_plus_one),
    ("stablehlo.logistic", logistic),
    ("stablehlo.sine", sine),
    ("stablehlo.cosine", cosine),
    ("stablehlo.tan", tan),
    ("stablehlo.tanh", tanh),
    ("stablehlo.cbrt", cbrt),
    ("stablehlo.rsqrt", rsqrt),
    ("stablehlo.atan2", atan2),
    ("chlo.acos", acos),
    ("chlo.acosh", acosh),
    ("chlo.asin", asin),
    ("chlo.asinh", asinh),
    ("chlo.atan", atan),
    ("chlo.atanh", atanh),
    ("chlo.cosh", cosh),
    ("chlo.sinh", sinh),
    ("chlo.tan", tan),
    ("chlo.erf", erf),
    ("chlo.erfc", erfc),
    ("chlo.erf_inv", erf_inv),
    ("chlo.lgamma", lgamma),
    ("chlo.digamma", digamma),
    ("chlo.bessel_i1e", bessel_i1e),
    ("chlo.next_after", next_after),
    ("chlo.polygamma", polygamma),
    ("chlo.zeta", zeta),
    ("chlo._asin_acos_kernel", asin_acos_kernel),
];

/// `f` over a block of lanes of `kind`: a vector pass where one exists
/// (`lanes`: f32 `exponential`, `log_plus_one`, `sine`, `cosine`, `tanh`
/// and `logistic`), its unsettled lanes and every other case by
/// `elementary::unary_slice`. The bits are the same either way.
pub(crate) fn unary_block(kind: FloatKind, f: Unary, xs: &[u64], out: &mut [u64]) {
    let pass = match (kind, f) {
        (FloatKind::F32, Unary::Exp) => super::lanes::exp_f32,
        (FloatKind::F32, Unary::Log1p) => super::lanes::log1p_f32,
        (FloatKind::F32, Unary::Sin) => super::lanes::sin_f32,
        (FloatKind::F32, Unary::Cos) => super::lanes::cos_f32,
        (FloatKind::F32, Unary::Tanh) => super::lanes::tanh_f32,
        (FloatKind::F32, Unary::Logistic) => super::lanes::logistic_f32,
        _ => return elementary::unary_slice(kind, f, xs, out),
    };
    if pass(xs, out) {
        for (o, &x) in out.iter_mut().zip(xs) {
            if *o == super::lanes::UNSETTLED {
                elementary::unary_slice(kind, f, &[x], std::slice::from_mut(o));
            }
        }
    }
}

/// `f` applied to every element of a float or complex tensor.
pub fn unary_math(d: Domain, a: &Tensor, f: Unary) -> Result<Tensor, String> {
    match d {
        Domain::Float(kind) => Ok(Tensor::build(
            a.elem.clone(),
            a.shape.clone(),
            |off, out| {
                let mut input = [0u64; BLOCK];
                let input = a.data.block(off, &mut input[..out.len()]);
                unary_block(kind, f, input, out)
            },
        )),
        Domain::Complex(kind) => {
            let undefined = std::cell::Cell::new(false);
            let t = map1c(a, a.elem.clone(), |re, im| {
                elementary::complex_unary(kind, f, re, im).unwrap_or_else(|| {
                    undefined.set(true);
                    (0, 0)
                })
            });
            if undefined.get() {
                return Err(format!(
                    "the function is not defined on complex<{}> elements",
                    kind.name()
                ));
            }
            Ok(t)
        }
        _ => Err("the function takes floating-point or complex elements".into()),
    }
}

/// `f` applied to every pair of elements of two float or complex tensors.
pub fn binary_math(d: Domain, a: &Tensor, b: &Tensor, f: Binary) -> Result<Tensor, String> {
    match d {
        Domain::Float(kind) => Ok(map2(a, b, a.elem.clone(), |x, y| {
            elementary::binary(kind, f, x, y)
        })),
        Domain::Complex(kind) => {
            let undefined = std::cell::Cell::new(false);
            let t = map2c(a, b, a.elem.clone(), |x, y| {
                elementary::complex_binary(kind, f, x.0, x.1, y.0, y.1).unwrap_or_else(|| {
                    undefined.set(true);
                    (0, 0)
                })
            });
            if undefined.get() {
                return Err(format!(
                    "the function is not defined on complex<{}> elements",
                    kind.name()
                ));
            }
            Ok(t)
        }
        _ => Err("the function takes floating-point or complex elements".into()),
    }
}

/// `f` over the lanes of a float tensor the op no longer needs; `None`
/// (the operand left in `args`) otherwise.
fn unary_math_over(args: &mut Vec<Value>, f: Unary) -> Option<Tensor> {
    let kind = match args.first()?.as_tensor().ok()?.elem {
        ElementType::Float(k) => k,
        _ => return None,
    };
    let mut t = take_sole(args)?;
    t.data.update(|_, run| {
        // `unary_slice` reads and writes separate slices: a copy of the
        // block is the input.
        let mut input = [0u64; BLOCK];
        let input = &mut input[..run.len()];
        input.copy_from_slice(run);
        unary_block(kind, f, input, run);
    });
    Some(t)
}

macro_rules! unary_math_kernel {
    ($name:ident, $f:expr) => {
        fn $name<'p>(
            interp: &mut Interp<'p>,
            op: &'p Op,
            mut args: Vec<Value>,
        ) -> KResult<Vec<Value>> {
            fn body(d: Domain, a: &Tensor) -> Result<Tensor, String> {
                unary_math(d, a, $f)
            }
            if let Some(t) = unary_math_over(&mut args, $f) {
                return Ok(vec![Value::tensor(t)]);
            }
            unary(interp, op, args, body)
        }
    };
}

macro_rules! binary_math_kernel {
    ($name:ident, $f:expr) => {
        fn $name<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
            fn body(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
                binary_math(d, a, b, $f)
            }
            binary(interp, op, args, body)
        }
    };
}

unary_math_kernel!(exponential, Unary::Exp);
unary_math_kernel!(exponential_minus_one, Unary::Expm1);
unary_math_kernel!(log, Unary::Log);
unary_math_kernel!(log_plus_one, Unary::Log1p);
unary_math_kernel!(logistic, Unary::Logistic);
unary_math_kernel!(sine, Unary::Sin);
unary_math_kernel!(cosine, Unary::Cos);
unary_math_kernel!(tan, Unary::Tan);
unary_math_kernel!(tanh, Unary::Tanh);
unary_math_kernel!(cbrt, Unary::Cbrt);
unary_math_kernel!(rsqrt, Unary::Rsqrt);
unary_math_kernel!(acos, Unary::Acos);
unary_math_kernel!(acosh, Unary::Acosh);
unary_math_kernel!(asin, Unary::Asin);
unary_math_kernel!(asinh, Unary::Asinh);
unary_math_kernel!(atan, Unary::Atan);
unary_math_kernel!(atanh, Unary::Atanh);
unary_math_kernel!(cosh, Unary::Cosh);
unary_math_kernel!(sinh, Unary::Sinh);
unary_math_kernel!(erf, Unary::Erf);
unary_math_kernel!(erfc, Unary::Erfc);
unary_math_kernel!(erf_inv, Unary::ErfInv);
unary_math_kernel!(lgamma, Unary::Lgamma);
unary_math_kernel!(digamma, Unary::Digamma);
unary_math_kernel!(bessel_i1e, Unary::BesselI1e);
binary_math_kernel!(atan2, Binary::Atan2);
binary_math_kernel!(next_after, Binary::NextAfter);
binary_math_kernel!(polygamma, Binary::Polygamma);
binary_math_kernel!(zeta, Binary::Zeta);

/// The per-element function of a math op of one argument, by op name: the
/// function its kernel above applies to real floats (`scalar.rs` compiles
/// these ops by it; its tests hold the two to the same bits).
pub fn unary_function(name: &str) -> Option<Unary> {
    Some(match name {
        "stablehlo.exponential" => Unary::Exp,
        "stablehlo.exponential_minus_one" => Unary::Expm1,
        "stablehlo.log" => Unary::Log,
        "stablehlo.log_plus_one" => Unary::Log1p,
        "stablehlo.logistic" => Unary::Logistic,
        "stablehlo.sine" => Unary::Sin,
        "stablehlo.cosine" => Unary::Cos,
        "stablehlo.tan" | "chlo.tan" => Unary::Tan,
        "stablehlo.tanh" => Unary::Tanh,
        "stablehlo.cbrt" => Unary::Cbrt,
        "stablehlo.rsqrt" => Unary::Rsqrt,
        "chlo.acos" => Unary::Acos,
        "chlo.acosh" => Unary::Acosh,
        "chlo.asin" => Unary::Asin,
        "chlo.asinh" => Unary::Asinh,
        "chlo.atan" => Unary::Atan,
        "chlo.atanh" => Unary::Atanh,
        "chlo.cosh" => Unary::Cosh,
        "chlo.sinh" => Unary::Sinh,
        "chlo.erf" => Unary::Erf,
        "chlo.erfc" => Unary::Erfc,
        "chlo.erf_inv" => Unary::ErfInv,
        "chlo.lgamma" => Unary::Lgamma,
        "chlo.digamma" => Unary::Digamma,
        "chlo.bessel_i1e" => Unary::BesselI1e,
        _ => return None,
    })
}

/// The per-element function of a math op of two arguments, by op name (as
/// [`unary_function`]; `power` is in `elementwise.rs`).
pub fn binary_function(name: &str) -> Option<Binary> {
    Some(match name {
        "stablehlo.atan2" => Binary::Atan2,
        "chlo.next_after" => Binary::NextAfter,
        "chlo.polygamma" => Binary::Polygamma,
        "chlo.zeta" => Binary::Zeta,
        _ => return None,
    })
}

/// Float and complex `power` (spec: power): IEEE pow, complex exponentiation.
pub fn power(d: Domain, a: &Tensor, b: &Tensor) -> Result<Tensor, String> {
    binary_math(d, a, b, Binary::Pow)
}

/// `abs` of complex numbers: |z| as a real tensor (correctly rounded hypot).
pub fn complex_abs(kind: FloatKind, a: &Tensor) -> Result<Tensor, String> {
    Ok(Tensor::collect(
        ElementType::Float(kind),
        a.shape.clone(),
        a.lanes_vec()
            .chunks_exact(2)
            .map(|c| elementary::complex_abs(kind, c[0], c[1])),
    ))
}

/// `sign` of complex numbers (spec: sign): (NaN, NaN) if a part is NaN,
/// 0 for 0, else z / |z| (each part divided, rounded once).
pub fn complex_sign(kind: FloatKind, a: &Tensor) -> Result<Tensor, String> {
    let f = kind.format();
    let nan = arith::invalid(f);
    Ok(map1c(a, a.elem.clone(), |re, im| {
        if f.is_nan(re) || f.is_nan(im) {
            return (nan, nan);
        }
        if crate::float::is_zero(kind, re) && crate::float::is_zero(kind, im) {
            return (arith::zero(f, false), arith::zero(f, false));
        }
        let m = elementary::complex_abs(kind, re, im);
        (
            arith::div(f, re, m, Rounding::NearestEven),
            arith::div(f, im, m, Rounding::NearestEven),
        )
    }))
}

/// `sqrt` of complex numbers (principal branch).
pub fn complex_sqrt(d: Domain, a: &Tensor) -> Result<Tensor, String> {
    unary_math(d, a, Unary::Sqrt)
}

/// `chlo._asin_acos_kernel` (CHLO: the intermediate value of the asin/acos
/// decompositions): for z = x + iy, w = sqrt(A² − x²) + i·acosh(A) with
/// A = (|z + 1| + |z − 1|)/2, the value for which asin(z) = atan2(x, w.re) +
/// i·sign(y)·w.im and acos(z) = atan2(w.re, x) − i·sign(y)·w.im, as the CHLO
/// reference states. Each element by [`elementary::asin_acos_kernel`]:
/// cancellation-free forms in double-double arithmetic, rounded once to
/// the part type; the real part within 0.5 ulp and the imaginary part
/// within 1 ulp in complex<f64>, both within 0.5 ulp in complex<f32>
/// (measured; special values and the bounds are documented there).
fn asin_acos_kernel(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let a = super::elementwise::unary_arg(&args)?;
    let ElementType::Complex(kind) = a.elem else {
        return Err("_asin_acos_kernel takes complex elements".into());
    };
    let other_kind = std::cell::Cell::new(false);
    let t = map1c(a, a.elem.clone(), |re, im| {
        elementary::asin_acos_kernel(kind, re, im).unwrap_or_else(|| {
            other_kind.set(true);
            (0, 0)
        })
    });
    if other_kind.get() {
        return Err("_asin_acos_kernel takes complex<f32> or complex<f64>".into());
    }
    Ok(vec![Value::tensor(t)])
}
