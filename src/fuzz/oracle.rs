//! The oracle: is a target's result for one op one the spec allows?
//!
//! Each op is judged on the operand values the target itself produced, so a
//! deviation is pinned on the op that made it. hlocheck's executor gives the
//! expected result; how the two are compared follows the spec's latitude:
//!
//! - **IEEE-754 operations and everything exact** (arithmetic, comparisons,
//!   data movement, integer and bitwise ops, max/min reductions): bit for
//!   bit; any NaN matches any NaN.
//! - **Math functions** (exp, log, sin, tanh, pow, the CHLO functions, ...):
//!   the correctly rounded result, with the target's ULP distance reported
//!   against a per-function budget (`Budgets`; default
//!   [`DEFAULT_ULP_BUDGET`] ulp for every real function, the CHLO special
//!   functions included: the executor rounds each of them correctly in
//!   every format, so the whole budget is the target's).
//! - **Complex math functions**: hlocheck's complex functions are not
//!   correctly rounded (normwise within 2 ulp, see `float::complex`), so
//!   each part of the target's result must lie within the op's budget + 2
//!   ulp of the larger part's magnitude from hlocheck's part. Complex
//!   `power` and `atan2` (exp(w·log z)-style formulas whose error grows with
//!   |w·log z|) are labelled, not judged.
//! - **fft**: every output element of a batch is a sum over the batch's
//!   slice with rounded twiddle factors; accepted within 2·γ(2n+8)·Σ|x|
//!   (Σ|x| of the batch, over n for the inverse transforms, twice for
//!   IRFFT's half spectrum).
//! - **Order-open ops** (add/multiply reductions, `reduce_window`,
//!   `dot_general`, `dot`, `convolution`, `dynamic_conv`, `chlo.ragged_dot`
//!   on floats): accepted when the result
//!   lies within the error bound of some evaluation order,
//!   γ(n+2)·Σ|terms| (+ n half-subnormals of absolute slack), where the
//!   reference result and Σ|terms| are computed in f64 by the executor and
//!   their own error is added to the bound.
//! - **Implementation-defined** (labelled, never a bug): inexact `convert`
//!   (the spec's TBD #180), float→int out of range, integer overflow and
//!   division by zero, shifts by the width or more, `rng`, overflow in formats
//!   without infinities, non-finite complex results, sort order among
//!   elements that compare equal or unordered (and in `chlo.top_k`: values
//!   equal as numbers, any index), repeated indices of `scatter`, the
//!   selection among ties and overlapping windows of `select_and_scatter`.
//! - **Implementation-defined precision** (labelled; shape and type still
//!   judged): `batch_norm_inference`, `batch_norm_training`,
//!   `batch_norm_grad` (the spec fixes no formula: mean, variance and
//!   rsqrt in any order), `triangular_solve` and `cholesky` (no algorithm
//!   in the spec; cholesky of a matrix that is not Hermitian
//!   positive-definite is implementation-defined outright).
//! - **reduce_precision below the reduced format's smallest normal**: the
//!   spec says both "converts to a type with exponent_bits and
//!   mantissa_bits and back" (whose subnormals would keep such a value) and
//!   "underflows to zero when the exponent does not fit"; a difference where
//!   one side is zero is labelled (XLA and the reference interpreter flush;
//!   hlocheck keeps subnormals of the format unless exponent_bits is
//!   narrower than the format's).
//! - **Flushing subnormals**: a deviation that disappears when subnormal
//!   operands and results are flushed to zero is reported as the target's
//!   systematic habit (`flushes-subnormals`), one finding per target.

use super::program::{self, GenOp, GenProgram};
use super::values::is_subnormal;
use crate::float::{self, FloatKind};
use crate::interp::tensor::{int_kind, Tensor};
use crate::ir::types::ElementType;
use std::collections::BTreeMap;

/// Default ULP budget of every real math function (the elementary ones and
/// CHLO's special functions alike). The expected value is correctly rounded
/// (CORE-MATH for the elementary functions in f32/f64, exact rounding of a
/// wider evaluation in the narrow formats, Ziv's strategy for erf_inv,
/// digamma, polygamma, zeta, bessel_i1e and logistic: `float::ziv`), so
/// hlocheck's own error is 0 and the budget is entirely the target's. The
/// spec states no accuracy (its "Accuracy" section); 4 ulp is the budget
/// that the accurate math libraries keep for every function they document
/// (most are within 1 or 2), so a result outside it is a loss of accuracy
/// worth reading, not rounding noise. `--ulp` sets it per function.
pub const DEFAULT_ULP_BUDGET: u64 = 4;

/// Per-function ULP budgets.
#[derive(Clone, Debug, Default)]
pub struct Budgets {
    /// By op name, with or without the dialect (`exponential`, `chlo.erf`).
    pub per_op: BTreeMap<String, u64>,
}

impl Budgets {
    pub fn of(&self, op: &str) -> u64 {
        let short = op.rsplit('.').next().unwrap_or(op);
        if let Some(b) = self.per_op.get(op).or_else(|| self.per_op.get(short)) {
            return *b;
        }
        if let Some(b) = self.per_op.get("default") {
            return *b;
        }
        DEFAULT_ULP_BUDGET
    }

    /// Parses `exp=2,tanh=8,default=4`.
    pub fn parse(s: &str) -> Result<Budgets, String> {
        let mut b = Budgets::default();
        for part in s.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not OP=ULPS"))?;
            let v: u64 = v
                .parse()
                .map_err(|_| format!("'{v}' is not a number of ulps"))?;
            let k = match k {
                "exp" => "exponential",
                "expm1" => "exponential_minus_one",
                "log1p" => "log_plus_one",
                "sin" => "sine",
                "cos" => "cosine",
                k => k,
            };
            b.per_op.insert(k.to_string(), v);
        }
        Ok(b)
    }
}

const MATH: &[&str] = &[
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "sine",
    "cosine",
    "tan",
    "tanh",
    "rsqrt",
    "cbrt",
    "power",
    "atan2",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "cosh",
    "sinh",
    "erf",
    "erfc",
    "broadcast_atan2",
    "broadcast_power",
    "_asin_acos_kernel",
];

const SPECIAL: &[&str] = &[
    "lgamma",
    "digamma",
    "polygamma",
    "zeta",
    "erf_inv",
    "bessel_i1e",
    "broadcast_polygamma",
    "broadcast_zeta",
];

/// The identity of a reducer on an element type, as lanes of one element
/// (−0 for float add, so that every sign of zero survives).
pub fn identity(reducer: &str, e: &ElementType) -> Option<Vec<u64>> {
    let short = reducer.rsplit('.').next().unwrap_or(reducer);
    match e {
        ElementType::Float(k) | ElementType::Complex(k) => {
            let f = k.format();
            let complex = matches!(e, ElementType::Complex(_));
            let one = float::from_f64(*k, 1.0);
            let zero = float::arith::zero(f, false);
            let v = match short {
                "add" => float::arith::zero(f, true),
                "multiply" => one,
                "maximum" if f.has_inf => float::arith::infinity(f, true),
                "minimum" if f.has_inf => float::arith::infinity(f, false),
                _ => return None,
            };
            Some(if complex {
                vec![v, if short == "add" { v } else { zero }]
            } else {
                vec![v]
            })
        }
        _ => {
            let k = int_kind(e)?;
            let v: i128 = match (short, k.bits) {
                ("and", 1) => 1,
                ("or" | "xor", _) | ("add", _) => 0,
                ("and", _) => -1,
                ("multiply", _) => 1,
                ("maximum", _) => k.min(),
                ("minimum", _) => k.max(),
                _ => return None,
            };
            Some(vec![k.wrap(v)])
        }
    }
}

/// Whether a reduction's init value is its reducer's identity in every
/// element (else the spec leaves how often it is used to the implementation).
fn init_is_identity(op: &GenOp, operands: &[Tensor]) -> bool {
    let Some(r) = reducer(&op.tail) else {
        return false;
    };
    let Some(init) = operands.get(1).or(operands.first()) else {
        return false;
    };
    let Some(id) = identity(r, &init.elem) else {
        return false;
    };
    let l = init.lanes();
    init.lanes_vec().chunks(l.max(1)).all(|c| c == &id[..])
}

/// How an op's results are judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    Exact,
    Math,
    OrderOpen,
    ImplDefined(&'static str),
}

/// The reducer op named in a region tail (`stablehlo.add`, ...).
fn reducer(tail: &str) -> Option<&'static str> {
    [
        "stablehlo.add",
        "stablehlo.multiply",
        "stablehlo.maximum",
        "stablehlo.minimum",
        "stablehlo.and",
        "stablehlo.or",
        "stablehlo.xor",
    ]
    .into_iter()
    .find(|r| tail.contains(&format!("\"{r}\"")))
}

pub fn op_class(op: &GenOp) -> OpClass {
    let short = op.name.rsplit('.').next().unwrap_or(&op.name);
    let float_result = matches!(
        op.result.elem,
        ElementType::Float(_) | ElementType::Complex(_)
    );
    match short {
        "rng" | "rng_bit_generator" => {
            OpClass::ImplDefined("random numbers (spec: implementation-defined); only the shape and type are judged")
        }
        "batch_norm_inference" | "batch_norm_training" | "batch_norm_grad" if float_result => {
            OpClass::ImplDefined("batch normalization: the spec fixes no evaluation order or formula (mean, variance, rsqrt); its precision is the implementation's; only the shape and type are judged")
        }
        "triangular_solve" | "cholesky" if float_result => OpClass::ImplDefined(
            "a linear-algebra decomposition or solve: the spec fixes no algorithm, so its rounding is the implementation's (cholesky of a matrix that is not Hermitian positive-definite is implementation-defined outright); only the shape and type are judged",
        ),
        _ if MATH.contains(&short) || SPECIAL.contains(&short) => {
            if float_result || matches!(op.result.elem, ElementType::Quant(_)) {
                OpClass::Math
            } else {
                OpClass::Exact
            }
        }
        "dot_general" | "dot" | "convolution" | "dynamic_conv" | "ragged_dot" | "fft"
            if float_result =>
        {
            OpClass::OrderOpen
        }
        "reduce" | "reduce_window" if float_result => match reducer(&op.tail) {
            Some("stablehlo.add" | "stablehlo.multiply") => OpClass::OrderOpen,
            _ => OpClass::Exact,
        },
        _ => OpClass::Exact,
    }
}

/// A deviation from the spec found in one op's result.
#[derive(Clone, Debug)]
pub struct Deviation {
    /// `wrong-bits`, `nan-mismatch`, `ulp-budget`, `outside-order-bound`,
    /// `wrong-shape`, `flushes-subnormals`.
    pub kind: String,
    /// Linear index of the first deviating element.
    pub index: usize,
    pub expected: String,
    pub actual: String,
    pub detail: String,
}

/// The oracle's verdict on one op.
#[derive(Clone, Debug)]
pub enum Verdict {
    Match,
    /// A difference the spec allows, with the reason.
    ImplDefined(String),
    Deviation(Deviation),
}

/// One element's text (`1.5e+00`, `-7`, `(1.0, 2.0)`).
pub fn elem_text(t: &Tensor, i: usize) -> String {
    let l = t.lanes();
    if (i + 1) * l > t.data.len() {
        return "?".into();
    }
    let lanes = t.elem_lanes(i);
    match &t.elem {
        ElementType::Float(k) => {
            let mut s = String::new();
            crate::ir::print::write_float(&mut s, *k, lanes[0]);
            s
        }
        ElementType::Complex(k) => {
            let (mut a, mut b) = (String::new(), String::new());
            crate::ir::print::write_float(&mut a, *k, lanes[0]);
            crate::ir::print::write_float(&mut b, *k, lanes[1]);
            format!("({a}, {b})")
        }
        e => match int_kind(e) {
            Some(k) => k.value(lanes[0]).to_string(),
            None => format!("{:#x}", lanes[0]),
        },
    }
}

fn ulp_distance(k: FloatKind, a: u64, b: u64) -> u64 {
    let f = k.format();
    float::arith::total_order_key(f, a).abs_diff(float::arith::total_order_key(f, b))
}

/// Judges op `i` of `prog`: `operands` are the values of
/// `prog.single_op_inputs(i)` as the target computed them, `actual` the
/// target's result. `Err` when hlocheck itself cannot run the op.
pub fn check_op(
    prog: &GenProgram,
    i: usize,
    operands: &[Tensor],
    actual: &Tensor,
    budgets: &Budgets,
) -> Result<Verdict, String> {
    let one = prog.single_op(i);
    let expected = first(program::run(&one, operands)?)?;
    let op = &prog.ops[i];
    let v = compare(op, &one, operands, &expected, actual, budgets)?;
    if let Verdict::Deviation(d) = &v {
        if d.kind != "wrong-shape" {
            if let Some(ftz) = flushed_matches(&one, operands, actual, budgets)? {
                return Ok(Verdict::Deviation(Deviation {
                    kind: "flushes-subnormals".into(),
                    detail: format!(
                        "the result matches hlocheck's once subnormal operands and results are flushed to zero ({ftz}); without flushing: {}",
                        d.detail
                    ),
                    ..d.clone()
                }));
            }
        }
    }
    Ok(v)
}

fn first(v: Vec<Tensor>) -> Result<Tensor, String> {
    v.into_iter().next().ok_or_else(|| "no result".into())
}

fn flush(t: &Tensor) -> (Tensor, usize) {
    let mut t = t.clone();
    let mut n = 0;
    if let ElementType::Float(k) | ElementType::Complex(k) = t.elem {
        let f = k.format();
        for i in 0..t.data.len() {
            let x = t.data.get(i);
            if is_subnormal(k, x) {
                t.data.set(i, float::arith::zero(f, f.is_negative(x)));
                n += 1;
            }
        }
    }
    (t, n)
}

/// Whether the target's result matches once subnormals are flushed.
fn flushed_matches(
    one: &GenProgram,
    operands: &[Tensor],
    actual: &Tensor,
    budgets: &Budgets,
) -> Result<Option<String>, String> {
    let mut flushed_in = 0;
    let ops: Vec<Tensor> = operands
        .iter()
        .map(|t| {
            let (f, n) = flush(t);
            flushed_in += n;
            f
        })
        .collect();
    let Ok(r) = program::run(one, &ops) else {
        return Ok(None);
    };
    let unflushed = first(r)?;
    let (expected, flushed_out) = flush(&unflushed);
    let op = &one.ops[one.ops.len() - 1];
    let accepted = |v: Verdict| matches!(v, Verdict::Match | Verdict::ImplDefined(_));
    // Operands flushed only (a target that treats subnormal inputs as zero
    // but whose op, e.g. a bit-level next_after, still makes subnormals).
    if flushed_in > 0 && accepted(compare(op, one, &ops, &unflushed, actual, budgets)?) {
        return Ok(Some(format!(
            "{flushed_in} subnormal operand elements read as zero"
        )));
    }
    // Operands and results flushed: a target that does so never returns a
    // subnormal; one that does is judged on its own results, not excused.
    let (_, subnormal_actual) = flush(actual);
    if subnormal_actual > 0 || flushed_in + flushed_out == 0 {
        return Ok(None);
    }
    Ok(
        accepted(compare(op, one, &ops, &expected, actual, budgets)?).then(|| {
            format!(
                "{flushed_in} subnormal operand elements, {flushed_out} subnormal result elements"
            )
        }),
    )
}

fn deviation(kind: &str, i: usize, expected: &Tensor, actual: &Tensor, detail: String) -> Verdict {
    Verdict::Deviation(Deviation {
        kind: kind.into(),
        index: i,
        expected: elem_text(expected, i),
        actual: elem_text(actual, i),
        detail,
    })
}

/// Compares an expected and an actual result of one op.
fn compare(
    op: &GenOp,
    one: &GenProgram,
    operands: &[Tensor],
    expected: &Tensor,
    actual: &Tensor,
    budgets: &Budgets,
) -> Result<Verdict, String> {
    if expected.shape != actual.shape || expected.data.len() != actual.data.len() {
        return Ok(Verdict::Deviation(Deviation {
            kind: "wrong-shape".into(),
            index: 0,
            expected: format!("{:?}", expected.shape),
            actual: format!("{:?}", actual.shape),
            detail: format!(
                "the result has shape {:?}, the type says {:?}",
                actual.shape, expected.shape
            ),
        }));
    }
    let mut class = op_class(op);
    let short_name = op.name.rsplit('.').next().unwrap_or(&op.name);
    if matches!(short_name, "abs" | "sqrt" | "sign")
        && operands
            .first()
            .is_some_and(|o| matches!(o.elem, ElementType::Complex(_)))
    {
        // |z|, √z and sign(z) = z / |z| of complex numbers are functions,
        // not IEEE operations.
        class = OpClass::Math;
    }
    // Formats lacking NaN, infinities or zero: where the f64 value of the op
    // has no encoding, the result is the implementation's choice.
    let narrow = match &expected.elem {
        ElementType::Float(k) => {
            let f = k.format();
            !f.has_inf || f.nan == float::NanEncoding::None || !f.has_zero
        }
        _ => false,
    };
    let wide = if narrow && expected != actual {
        f64_result(one, operands)
    } else {
        None
    };
    if let OpClass::ImplDefined(why) = class {
        return Ok(if expected == actual {
            Verdict::Match
        } else {
            Verdict::ImplDefined(why.into())
        });
    }
    let short = op.name.rsplit('.').next().unwrap_or(&op.name);
    if matches!(short, "reduce" | "reduce_window")
        && operands.len() == 2
        && !init_is_identity(op, operands)
        && expected != actual
    {
        return Ok(Verdict::ImplDefined(
            "the init value is not the reducer's identity; how often it is used is implementation-defined (spec: reduce semantics)".into(),
        ));
    }
    if short == "fft" && op.tail.contains("IRFFT") && expected != actual {
        if let Some(why) = irfft_outside_image(op, operands) {
            return Ok(Verdict::ImplDefined(why));
        }
    }
    if class == OpClass::OrderOpen && expected != actual {
        if let ElementType::Float(k) | ElementType::Complex(k) = &expected.elem {
            if !k.format().has_zero {
                return Ok(Verdict::ImplDefined(format!(
                    "a sum (reduction, dot, convolution) in {k:?}, which has no zero: the spec's zero start and zero padding cannot be encoded, so the result is the implementation's"
                )));
            }
        }
    }
    let l = expected.lanes();
    let n = expected.data.len() / l.max(1);
    let bound = if class == OpClass::OrderOpen {
        Some(order_bound(op, one, operands, expected)?)
    } else {
        None
    };
    let mut impl_defined: Option<String> = None;
    for i in 0..n {
        let e = &*expected.elem_lanes(i);
        let a = &*actual.elem_lanes(i);
        let same = match &expected.elem {
            ElementType::Float(k) | ElementType::Complex(k) => e
                .iter()
                .zip(a)
                .all(|(&x, &y)| x == y || (k.format().is_nan(x) && k.format().is_nan(y))),
            _ => e == a,
        };
        if same {
            continue;
        }
        if let (Some(w), ElementType::Float(k)) = (&wide, &expected.elem) {
            let x = f64::from_bits(w.data.try_get(i).unwrap_or(0));
            let f = k.format();
            let unencodable = x.is_nan()
                || (x.is_infinite() && !f.has_inf)
                || (!f.has_zero && x.abs() < float::to_f64(*k, f.min_positive()))
                || (!f.signed && x < 0.0)
                || x.abs() > float::to_f64(*k, f.max_finite());
            if unencodable {
                impl_defined.get_or_insert(format!("a value {k:?} cannot encode (NaN, infinity, zero or out of range): the implementation's choice"));
                continue;
            }
        }
        if let ElementType::Complex(k) = &expected.elem {
            let f = k.format();
            if class == OpClass::Math
                && e.iter()
                    .zip(a)
                    .all(|(&x, &y)| (x & f.mag_mask()) == (y & f.mag_mask()))
            {
                impl_defined.get_or_insert("a complex function on a branch cut: parts differ only in sign (the sign of zero decides the side)".into());
                continue;
            }
            let nonfinite = |t: &Tensor| t.elem_lanes(i).iter().any(|&x| !f.is_finite(x));
            if nonfinite(expected) || nonfinite(actual) {
                impl_defined.get_or_insert("a non-finite complex result (spec: exceptions of complex arithmetic are implementation-defined)".into());
                continue;
            }
        }
        if matches!(expected.elem, ElementType::Complex(_))
            && matches!(
                short,
                "multiply" | "divide" | "broadcast_multiply" | "broadcast_divide"
            )
        {
            impl_defined.get_or_insert(
                "complex multiplication or division: the spec fixes no formula or rounding for it"
                    .into(),
            );
            continue;
        }
        if short == "iota" || short == "dynamic_iota" {
            if let ElementType::Float(k) = &expected.elem {
                let f = k.format();
                if !f.is_finite(e[0]) || (e[0] & f.mag_mask()) == f.max_finite() {
                    impl_defined.get_or_insert("an index the element type cannot represent (spec: inexact conversion, TBD)".into());
                    continue;
                }
            }
        }
        if class == OpClass::Math && SPECIAL.contains(&short) {
            if let ElementType::Float(k) = &expected.elem {
                let f = k.format();
                if !f.is_finite(e[0]) || !f.is_finite(a[0]) {
                    impl_defined.get_or_insert("a special function's value at a pole or outside its domain (NaN or infinity)".into());
                    continue;
                }
            }
        }
        if let Some(why) = element_impl_defined(op, operands, expected, actual, i) {
            impl_defined.get_or_insert(why);
            continue;
        }
        match (&expected.elem, class) {
            (ElementType::Float(k), OpClass::Math) => {
                let f = k.format();
                let (x, y) = (e[0], a[0]);
                if f.is_nan(x) != f.is_nan(y) {
                    return Ok(deviation(
                        "nan-mismatch",
                        i,
                        expected,
                        actual,
                        format!(
                            "{} where the correctly rounded result is {}",
                            elem_text(actual, i),
                            elem_text(expected, i)
                        ),
                    ));
                }
                let d = ulp_distance(*k, x, y);
                let budget = budgets.of(&op.name);
                if d > budget {
                    return Ok(deviation(
                        "ulp-budget",
                        i,
                        expected,
                        actual,
                        format!("{d} ulp from the correctly rounded result (budget {budget} ulp)"),
                    ));
                }
            }
            (ElementType::Complex(k), OpClass::Math) => {
                // Complex functions: non-finite parts are implementation-defined
                // (spec: exceptions of complex arithmetic); otherwise each part
                // within the budget relative to the larger part.
                let f = k.format();
                if e.iter().chain(a).any(|&x| !f.is_finite(x)) {
                    impl_defined.get_or_insert("a non-finite complex result (spec: exceptions of complex arithmetic are implementation-defined)".into());
                    continue;
                }
                // hlocheck's complex functions are not correctly rounded
                // (normwise error at most 2 ulp of the larger part, see
                // float::complex): each part of the target's result must lie
                // within budget + 2 ulp of the larger part's magnitude.
                if matches!(
                    short,
                    "power" | "broadcast_power" | "atan2" | "broadcast_atan2"
                ) {
                    impl_defined.get_or_insert(
                        "complex power or atan2: exp(w·log z)-style formulas whose error grows with |w·log z|; not judged".into(),
                    );
                    continue;
                }
                let mag = |v: &[u64]| {
                    v.iter()
                        .map(|&x| float::to_f64(*k, x).abs())
                        .fold(0.0f64, f64::max)
                };
                let big = mag(e).max(mag(a));
                let ulp = if big > 0.0 {
                    let p = f.precision() as i32;
                    let min_exp = f.min_normal_exp();
                    2f64.powi((big.log2().floor() as i32).max(min_exp) - (p - 1))
                } else {
                    float::to_f64(*k, f.min_positive())
                };
                let budget = budgets.of(&op.name) as f64 + 2.0;
                for (&x, &y) in e.iter().zip(a) {
                    let d = (float::to_f64(*k, x) - float::to_f64(*k, y)).abs();
                    if d > budget * ulp {
                        return Ok(deviation(
                            "ulp-budget",
                            i,
                            expected,
                            actual,
                            format!(
                                "a part is {:.1} ulp (of the larger part) from hlocheck's (budget {} + 2 ulp for hlocheck's own error)",
                                d / ulp,
                                budget - 2.0
                            ),
                        ));
                    }
                }
            }
            (ElementType::Quant(_), OpClass::Math) => {
                let k = int_kind(&expected.elem).unwrap_or(crate::interp::tensor::IntKind {
                    bits: 8,
                    signed: true,
                });
                if (k.value(e[0]) - k.value(a[0])).abs() > 1 {
                    if quant_nan(op, operands, expected, i) {
                        impl_defined.get_or_insert("quantizing a NaN (the function of the dequantized operands is NaN there): the spec does not say which value it becomes".into());
                        continue;
                    }
                    return Ok(deviation(
                        "wrong-bits",
                        i,
                        expected,
                        actual,
                        "more than one quantization step from hlocheck's result".into(),
                    ));
                }
            }
            (ElementType::Float(k) | ElementType::Complex(k), OpClass::OrderOpen) => {
                let Some((b, s_over)) = bound.as_ref().map(|b| b[i]) else {
                    continue;
                };
                if s_over {
                    impl_defined.get_or_insert(
                        "terms large enough to overflow in some evaluation order".into(),
                    );
                    continue;
                }
                let f = k.format();
                for (&x, &y) in e.iter().zip(a) {
                    if f.is_nan(x) && f.is_nan(y) {
                        continue;
                    }
                    if !f.is_finite(x) || !f.is_finite(y) {
                        if f.is_nan(x) != f.is_nan(y) || x != y {
                            return Ok(deviation(
                                "outside-order-bound",
                                i,
                                expected,
                                actual,
                                format!(
                                    "{} where every evaluation order gives {}",
                                    elem_text(actual, i),
                                    elem_text(expected, i)
                                ),
                            ));
                        }
                        continue;
                    }
                    let err = (float::to_f64(*k, x) - float::to_f64(*k, y)).abs();
                    if err > b {
                        return Ok(deviation(
                            "outside-order-bound",
                            i,
                            expected,
                            actual,
                            format!(
                                "error {err:e} exceeds the bound {b:e} of every evaluation order"
                            ),
                        ));
                    }
                }
            }
            _ => {
                let kind = match &expected.elem {
                    ElementType::Float(k) if k.format().is_nan(e[0]) || k.format().is_nan(a[0]) => {
                        "nan-mismatch"
                    }
                    _ => "wrong-bits",
                };
                return Ok(deviation(
                    kind,
                    i,
                    expected,
                    actual,
                    format!(
                        "{} where the spec gives {}",
                        elem_text(actual, i),
                        elem_text(expected, i)
                    ),
                ));
            }
        }
    }
    Ok(match impl_defined {
        Some(why) => Verdict::ImplDefined(why),
        None => Verdict::Match,
    })
}

/// Whether the spec determines op `one`'s result on these operand values
/// exactly, so that every implementation must give `expected` bit for bit
/// whatever it fuses: an exactly specified op (not a math function, not an
/// order-open or implementation-defined op) with no latitude at any
/// element (no inexact conversion, no overflow, no ties, no NaN whose
/// payload or sign would be the implementation's, no value the format
/// cannot encode, ...). Used to decide which results of a fused run can be
/// judged.
pub fn exactly_determined(
    op: &GenOp,
    one: &GenProgram,
    operands: &[Tensor],
    expected: &Tensor,
) -> bool {
    if op_class(op) != OpClass::Exact {
        return false;
    }
    let short = op.name.rsplit('.').next().unwrap_or(&op.name);
    let complex = |t: &Tensor| matches!(t.elem, ElementType::Complex(_));
    if complex(expected) || operands.iter().any(complex) {
        // Complex abs/sqrt/sign are functions, complex multiply and divide
        // have no fixed formula: keep complex values out altogether.
        return false;
    }
    if matches!(short, "reduce" | "reduce_window")
        && operands.len() == 2
        && !init_is_identity(op, operands)
    {
        return false;
    }
    if let ElementType::Float(k) = &expected.elem {
        let f = k.format();
        if (0..expected.data.len()).any(|i| f.is_nan(float_bits(expected, i))) {
            return false;
        }
        let narrow = !f.has_inf || f.nan == float::NanEncoding::None || !f.has_zero;
        if narrow || short == "iota" || short == "dynamic_iota" {
            // Where the op's f64 value has no encoding the result is the
            // implementation's choice; an iota index may not be representable.
            let Some(w) = f64_result(one, operands) else {
                return false;
            };
            let max = float::to_f64(*k, f.max_finite());
            let min_pos = float::to_f64(*k, f.min_positive());
            for i in 0..expected.data.len() {
                let x = f64::from_bits(float_bits(&w, i));
                if !x.is_finite()
                    || x.abs() >= max
                    || (!f.has_zero && x.abs() < min_pos)
                    || (!f.signed && x < 0.0)
                    || (short.ends_with("iota") && float::to_f64(*k, float_bits(expected, i)) != x)
                {
                    return false;
                }
            }
        }
    }
    (0..expected.data.len() / expected.lanes().max(1))
        .all(|i| element_impl_defined(op, operands, expected, expected, i).is_none())
}

/// Element `i`'s bits (0 past the end).
fn float_bits(t: &Tensor, i: usize) -> u64 {
    t.data.try_get(i).unwrap_or(0)
}

/// IRFFT is defined only as the inverse of RFFT: a spectrum that is not
/// the RFFT of any real signal has no defined result. With one transformed
/// dimension of length n, that is a non-zero imaginary part in bin 0 (or in
/// bin n/2 for even n); with several, the conditions couple dimensions and
/// every difference is labelled.
fn irfft_outside_image(op: &GenOp, operands: &[Tensor]) -> Option<String> {
    let x = operands.first()?;
    let ElementType::Complex(k) = &x.elem else {
        return None;
    };
    let fl: Vec<usize> = op
        .tail
        .split("fft_length = array<i64: ")
        .nth(1)
        .and_then(|t| t.split('>').next())
        .map(|t| t.split(',').filter_map(|v| v.trim().parse().ok()).collect())
        .unwrap_or_default();
    let why = "IRFFT of a spectrum that is not the RFFT of a real signal (spec: IRFFT is RFFT's inverse, undefined elsewhere)";
    if fl.len() != 1 {
        return Some(why.into());
    }
    let n = fl[0];
    let m = *x.shape.last()?;
    let f = k.format();
    let imag = |j: usize| x.data.try_get(2 * j + 1).unwrap_or(0);
    let bad = (0..x.data.len() / 2).any(|j| {
        let bin = j % m.max(1);
        (bin == 0 || (n.is_multiple_of(2) && bin == n / 2)) && !f.is_zero(imag(j))
    });
    bad.then(|| why.into())
}

/// Whether element `i`'s difference is one the spec leaves to the
/// implementation.
fn element_impl_defined(
    op: &GenOp,
    operands: &[Tensor],
    expected: &Tensor,
    actual: &Tensor,
    i: usize,
) -> Option<String> {
    let short = op.name.rsplit('.').next().unwrap_or(&op.name);
    // Overflow in a format without infinities.
    if let ElementType::Float(k) = &expected.elem {
        let f = k.format();
        let big = |x: u64| f.is_nan(x) || (x & f.mag_mask()) == f.max_finite();
        if !f.has_inf && big(expected.data.get(i)) && big(actual.data.get(i)) {
            return Some(format!(
                "overflow in {k:?}, which has no infinity (spec: implementation-defined)"
            ));
        }
    }
    let same_shape = operands.iter().all(|o| o.shape == expected.shape);
    match short {
        "convert" => {
            let src = operands.first()?;
            let (n, l) = (src.data.len() / src.lanes().max(1), src.lanes());
            if n != expected.data.len() / expected.lanes().max(1) {
                return None;
            }
            // Exact conversions are defined; the rest is TBD in the spec (#180).
            let back = roundtrip_exact(src, expected, i, l);
            if !back {
                return Some(
                    "an inexact conversion (spec: TBD #180, implementation-defined)".into(),
                );
            }
            None
        }
        "add"
        | "subtract"
        | "multiply"
        | "negate"
        | "abs"
        | "divide"
        | "remainder"
        | "power"
        | "shift_left"
        | "shift_right_arithmetic"
        | "shift_right_logical"
        | "broadcast_add"
        | "broadcast_subtract"
        | "broadcast_multiply"
        | "broadcast_divide"
        | "broadcast_remainder"
        | "broadcast_power"
        | "broadcast_shift_left"
        | "broadcast_shift_right_arithmetic"
        | "broadcast_shift_right_logical"
        | "map"
            if same_shape =>
        {
            let k = int_kind(&expected.elem)?;
            if matches!(expected.elem, ElementType::Quant(_)) {
                return None;
            }
            let a = operands.first().map(|t| k.value(t.data.get(i)))?;
            let b = operands.get(1).map(|t| k.value(t.data.get(i)));
            let exact: Option<i128> = match (short.trim_start_matches("broadcast_"), b) {
                ("add", Some(b)) => Some(a + b),
                ("subtract", Some(b)) => Some(a - b),
                ("multiply", Some(b)) => a.checked_mul(b),
                ("negate", _) => Some(-a),
                ("abs", _) => Some(a.abs()),
                ("divide" | "remainder", Some(0)) => None,
                ("divide", Some(b)) => Some(a / b),
                ("remainder", Some(_)) => Some(0),
                ("power", Some(b)) if b < 0 => None,
                ("power", Some(_)) => None,
                ("shift_left" | "shift_right_arithmetic" | "shift_right_logical", Some(b)) => {
                    if b < 0 || b >= k.bits as i128 {
                        None
                    } else {
                        Some(0)
                    }
                }
                _ => Some(0),
            };
            match exact {
                Some(v) if v >= k.min() && v <= k.max() => None,
                _ => Some("integer overflow, division by zero or a shift out of range (spec: implementation-defined)".into()),
            }
        }
        "dot_general" | "dot" | "convolution" | "reduce" | "reduce_window" => {
            // Integer results: wrap-around is overflow, which is implementation-defined.
            int_kind(&expected.elem).map(|_| {
                "integer overflow in an accumulation (spec: implementation-defined)".into()
            })
        }
        "sort" => Some("the order of elements that compare equal or unordered (NaN, ±0)".into()),
        "compare" | "broadcast_compare" if op.tail.contains("TOTALORDER") => {
            // The one NaN of an FNUZ format is the negative-zero pattern:
            // whether it orders as −NaN (below −∞) or +NaN is not said.
            let o = operands.first()?;
            let ElementType::Float(k) = &o.elem else {
                return None;
            };
            let f = k.format();
            let nan_at = |t: &Tensor| t.data.try_get(i).is_some_and(|x| f.is_nan(x));
            if f.nan == float::NanEncoding::NegativeZero && operands.iter().any(nan_at) {
                return Some("TOTALORDER with the NaN of an FNUZ format (the negative-zero pattern): its sign, and so its place in the total order, is not defined".into());
            }
            // "The combination of totalOrder and compareQuietEqual" (spec:
            // compare) does not say which decides equality where the two
            // disagree: a NaN (totalOrder: equal to itself; compareQuietEqual:
            // unequal to everything) or two zeros (−0 < +0, or −0 = +0).
            // Broadcast operands are read element by element only when
            // every operand has the result's shape.
            let zero_at = |t: &Tensor, j: usize| t.data.try_get(j).is_some_and(|x| f.is_zero(x));
            let nan_or_zeros = if same_shape {
                operands.iter().any(nan_at) || operands.iter().all(|t| zero_at(t, i))
            } else {
                operands
                    .iter()
                    .any(|t| t.data.iter().any(|x| f.is_nan(x) || f.is_zero(x)))
            };
            nan_or_zeros.then(|| {
                "TOTALORDER on a NaN or on two zeros: the spec's \"combination of totalOrder and compareQuietEqual\" leaves open which decides equality there".into()
            })
        }
        "top_k" => {
            // Values: only ties among equal (or unordered) values may differ.
            if let ElementType::Float(k) = &expected.elem {
                let f = k.format();
                let (x, y) = (expected.data.get(i), actual.data.get(i));
                if f.is_nan(x) || f.is_nan(y) || float::to_f64(*k, x) == float::to_f64(*k, y) {
                    return Some("top_k: the order of elements that compare equal or unordered (NaN, ±0)".into());
                }
                return None;
            }
            if op.pick == 1 {
                return Some("top_k: the index chosen among equal elements (the spec does not say which)".into());
            }
            None
        }
        "scatter" => {
            // Several updates of one element: their order is implementation-defined.
            let idx = operands.get(1)?;
            let mut seen = std::collections::BTreeSet::new();
            let dup = idx.data.iter().any(|x| !seen.insert(x));
            dup.then(|| "scatter: several updates of one element, applied in an implementation-defined order".into())
        }
        "uniform_quantize" => {
            // Quantizing a NaN: the spec's round-and-clamp to the storage
            // type has no value for it (as converting NaN to an integer).
            let o = operands.first()?;
            let ElementType::Float(k) = &o.elem else {
                return None;
            };
            o.data.try_get(i).is_some_and(|x| k.format().is_nan(x)).then(|| {
                "uniform_quantize of a NaN: converting NaN to the storage integer is implementation-defined".into()
            })
        }
        "select_and_scatter" => Some("select_and_scatter: which element of a window is selected among ties and the order of scattering into overlapping windows are implementation-defined".into()),
        "reduce_precision" => reduce_precision_underflow(op, operands, expected, actual, i),
        _ => None,
    }
}

/// Whether a quantized element-wise op's float value (the op on the
/// dequantized operands, in f32) is NaN at element `i`.
fn quant_nan(op: &GenOp, operands: &[Tensor], expected: &Tensor, i: usize) -> bool {
    if operands.is_empty()
        || operands
            .iter()
            .any(|t| !matches!(t.elem, ElementType::Quant(_)) || t.shape != expected.shape)
    {
        return false;
    }
    let dims: Vec<Option<u64>> = expected.shape.iter().map(|&d| Some(d as u64)).collect();
    let f32t =
        crate::ir::types::TensorType::ranked(dims.clone(), ElementType::Float(FloatKind::F32));
    let n = operands.len();
    let mut p = GenProgram {
        args: operands
            .iter()
            .map(|t| crate::ir::types::TensorType::ranked(dims.clone(), t.elem.clone()))
            .collect(),
        ..GenProgram::default()
    };
    for k in 0..n {
        p.ops.push(GenOp::new(
            "stablehlo.uniform_dequantize",
            vec![k],
            String::new(),
            f32t.clone(),
        ));
    }
    p.ops.push(GenOp::new(
        &op.name,
        (n..2 * n).collect(),
        op.tail.clone(),
        f32t,
    ));
    p.results = vec![p.num_values() - 1];
    let Ok(r) = program::run(&p, operands) else {
        return false;
    };
    r.first()
        .and_then(|t| t.data.try_get(i))
        .is_some_and(|x| f32::from_bits(x as u32).is_nan())
}

/// reduce_precision of a value below the reduced format's smallest normal
/// number. The spec says both "converts to a floating-point type that uses
/// exponent_bits and mantissa_bits and back" (whose subnormals keep such a
/// value, rounded) and, in its formal steps, "underflows to zero if the
/// exponent does not fit the range of exponent_bits": it leaves the values
/// between zero and the smallest normal open.
fn reduce_precision_underflow(
    op: &GenOp,
    operands: &[Tensor],
    expected: &Tensor,
    actual: &Tensor,
    i: usize,
) -> Option<String> {
    let ElementType::Float(k) = &expected.elem else {
        return None;
    };
    let eb: i64 = op
        .tail
        .split("exponent_bits = ")
        .nth(1)?
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()?;
    let f = k.format();
    let x = float::to_f64(*k, operands.first()?.data.try_get(i)?);
    let reduced_bias = (1i64 << (eb - 1).clamp(0, 62)) - 1;
    let min_normal = 2f64.powi((1 - reduced_bias).clamp(-2000, 2000) as i32);
    let zero = |b: u64| f.has_zero && !f.is_nan(b) && (b & f.mag_mask()) == 0;
    // One side zero, the other hlocheck's value or zero (never a NaN: in an
    // FNUZ format the −0 pattern is the NaN).
    let (e, a) = (expected.data.get(i), actual.data.get(i));
    if x.is_finite() && x.abs() < min_normal && (zero(a) || (zero(e) && !f.is_nan(a))) {
        return Some("reduce_precision of a value below the reduced format's smallest normal: the spec's conversion keeps it as a subnormal, its formal steps flush it to zero (left open; XLA and the reference interpreter flush)".into());
    }
    None
}

/// Whether element `i` of a conversion is exact (converting the result
/// back gives the source value).
fn roundtrip_exact(src: &Tensor, res: &Tensor, i: usize, l: usize) -> bool {
    let val = |t: &Tensor, j: usize| -> Option<f64> {
        match &t.elem {
            ElementType::Float(k) | ElementType::Complex(k) => {
                Some(float::to_f64(*k, t.data.get(j)))
            }
            e => int_kind(e).map(|k| k.value(t.data.get(j)) as f64),
        }
    };
    let rl = res.lanes();
    let (Some(a), Some(b)) = (val(src, i * l), val(res, i * rl)) else {
        return false;
    };
    let wide_int = |t: &Tensor| matches!(t.elem, ElementType::Int(_, w) if w > 52);
    if wide_int(src) || wide_int(res) {
        // f64 cannot tell; decide with the integers where both are integers.
        if let (Some(ka), Some(kb)) = (int_kind(&src.elem), int_kind(&res.elem)) {
            let x = ka.value(src.data.get(i));
            return x >= kb.min() && x <= kb.max();
        }
        return false;
    }
    if a.is_nan() {
        return matches!(res.elem, ElementType::Float(_) | ElementType::Complex(_));
    }
    match &res.elem {
        ElementType::Float(k) | ElementType::Complex(k) => {
            float::to_f64(*k, float::from_f64(*k, a)) == a
        }
        e => {
            let Some(k) = int_kind(e) else { return false };
            if k.bits == 1 {
                return true;
            }
            a.fract() == 0.0 && a >= k.min() as f64 && a <= k.max() as f64 && a == b
        }
    }
}

/// Per element: the largest distance from hlocheck's result that some
/// evaluation order may give, and whether the terms may overflow.
fn order_bound(
    op: &GenOp,
    one: &GenProgram,
    operands: &[Tensor],
    expected: &Tensor,
) -> Result<Vec<(f64, bool)>, String> {
    let (ElementType::Float(k) | ElementType::Complex(k)) = expected.elem else {
        return Ok(vec![(0.0, false); expected.data.len()]);
    };
    let f = k.format();
    let elem_name = expected.elem.to_string();
    // The op on |operands| in f64 (complex: |re| + |im|): Σ|terms| per element.
    let to_abs = |t: &Tensor| -> Tensor {
        let l = t.lanes();
        let n = t.data.len() / l.max(1);
        let mut data = Vec::with_capacity(n);
        for j in 0..n {
            let v: f64 = t
                .elem_lanes(j)
                .iter()
                .map(|&x| match &t.elem {
                    ElementType::Float(k) | ElementType::Complex(k) => float::to_f64(*k, x).abs(),
                    _ => 0.0,
                })
                .sum();
            data.push(v.to_bits());
        }
        Tensor::new(ElementType::Float(FloatKind::F64), t.shape.clone(), &data)
    };
    let u = 2f64.powi(-(f.precision() as i32));
    let g = |n: f64, u: f64| n * u / (1.0 - n * u).max(0.5);
    let tiny = float::to_f64(k, 1u64 << f.man_bits).max(float::to_f64(k, f.min_positive()));
    let max = float::to_f64(k, f.max_finite());
    if op.name == "stablehlo.fft" {
        // Every output element of a batch is Σ x_j·w^(jk) (scaled by 1/n for
        // the inverse transforms) over that batch's slice: any algorithm with
        // twiddle factors rounded to the format errs by at most
        // γ(2n + 8)·Σ|x_j| per part, taken twice (hlocheck's own result).
        let Some(x) = operands.first() else {
            return Ok(vec![(0.0, false); expected.data.len()]);
        };
        let fl: Vec<usize> = op
            .tail
            .split("fft_length = array<i64: ")
            .nth(1)
            .and_then(|t| t.split('>').next())
            .map(|t| t.split(',').filter_map(|v| v.trim().parse().ok()).collect())
            .unwrap_or_default();
        let n: usize = fl.iter().product::<usize>().max(1);
        let tail_elems = |t: &Tensor| -> usize {
            t.shape[t.shape.len().saturating_sub(fl.len())..]
                .iter()
                .product::<usize>()
                .max(1)
        };
        let (xs, os) = (tail_elems(x), tail_elems(expected));
        let inverse = op.tail.contains("IFFT") || op.tail.contains("IRFFT");
        let hermitian = op.tail.contains("IRFFT");
        let xl = x.lanes();
        let el = expected.lanes().max(1);
        let mut out = Vec::with_capacity(expected.data.len() / el);
        let lanes = x.data.to_vec();
        for j in 0..expected.data.len() / el {
            let b = j / os;
            let mut s = 0.0;
            for v in lanes.get(b * xs * xl..(b + 1) * xs * xl).unwrap_or(&[]) {
                s += match &x.elem {
                    ElementType::Float(k) | ElementType::Complex(k) => float::to_f64(*k, *v).abs(),
                    _ => 0.0,
                };
            }
            if hermitian {
                s *= 2.0;
            }
            if inverse {
                s /= n as f64;
            }
            let nr = 2.0 * n as f64 + 8.0;
            let bound = 2.0 * g(nr, u) * s * (1.0 + 1e-12) + nr * tiny;
            out.push((bound, !s.is_finite() || s * (1.0 + g(nr, u)) >= max));
        }
        return Ok(out);
    }
    let mut absp = one.clone();
    for a in absp.args.iter_mut() {
        a.elem = ElementType::Float(FloatKind::F64);
    }
    let Some(o) = absp.ops.last_mut() else {
        return Ok(vec![(0.0, false); expected.data.len()]);
    };
    o.result.elem = ElementType::Float(FloatKind::F64);
    o.tail = o
        .tail
        .replace(&format!("tensor<{elem_name}>"), "tensor<f64>");
    let abs_ops: Vec<Tensor> = operands.iter().map(to_abs).collect();
    let sums = first(program::run(&absp, &abs_ops)?)?;
    let terms = terms_per_element(op, one, operands, expected) as f64;
    let complex = matches!(expected.elem, ElementType::Complex(_));
    let n_round = if complex {
        2.0 * terms + 4.0
    } else {
        terms + 2.0
    };
    // Absolute slack: half the smallest normal per term (a product that
    // underflows may be flushed by a target that flushes subnormals; that
    // habit is reported from the element-wise ops).
    Ok(sums
        .data
        .iter()
        .map(|s| {
            let s = f64::from_bits(s);
            // Twice: hlocheck's sequential result is itself within the bound
            // of the exact value, as is any order's.
            let b = 2.0 * g(n_round, u) * s * (1.0 + 1e-12) + terms * tiny;
            let over = !s.is_finite() || s * (1.0 + g(n_round, u)) >= max;
            (b, over)
        })
        .collect())
}

/// The op evaluated in f64 on the operands converted to f64 (for judging
/// formats that cannot encode every value).
fn f64_result(one: &GenProgram, operands: &[Tensor]) -> Option<Tensor> {
    let conv = |t: &Tensor| -> Option<Tensor> {
        let ElementType::Float(k) = &t.elem else {
            return None;
        };
        Some(Tensor::collect(
            ElementType::Float(FloatKind::F64),
            t.shape.clone(),
            t.data.iter().map(|x| float::to_f64(*k, x).to_bits()),
        ))
    };
    let ins: Vec<Tensor> = operands
        .iter()
        .map(|t| conv(t).unwrap_or_else(|| t.clone()))
        .collect();
    let mut p = one.clone();
    for (a, t) in p.args.iter_mut().zip(operands) {
        if let ElementType::Float(k) = &t.elem {
            let name = ElementType::Float(*k).to_string();
            a.elem = ElementType::Float(FloatKind::F64);
            let o = p.ops.last_mut()?;
            o.tail = o.tail.replace(&format!("tensor<{name}>"), "tensor<f64>");
        }
    }
    let o = p.ops.last_mut()?;
    if let ElementType::Float(_) = o.result.elem {
        o.result.elem = ElementType::Float(FloatKind::F64);
    }
    first(program::run(&p, &ins).ok()?).ok()
}

/// Terms summed into one result element (for the bound).
fn terms_per_element(
    op: &GenOp,
    one: &GenProgram,
    operands: &[Tensor],
    expected: &Tensor,
) -> usize {
    let count = |t: &Tensor| t.shape.iter().product::<usize>();
    let out = count(expected).max(1);
    let short = op.name.rsplit('.').next().unwrap_or(&op.name);
    let _ = one;
    match short {
        "reduce" | "reduce_window" => operands.first().map_or(1, count) + 1,
        "dot" => operands
            .first()
            .and_then(|t| t.shape.last().copied())
            .unwrap_or(1),
        "dot_general" => {
            let lhs = operands.first().map_or(1, count);
            let rhs = operands.get(1).map_or(1, count);
            // lhs·rhs / out = batch·K²·... ≥ K; sqrt is an upper bound on K when batch ≥ 1.
            let k2 = (lhs.max(1) * rhs.max(1)) / out;
            ((k2 as f64).sqrt().ceil() as usize).max(1) * 2
        }
        _ => operands.iter().map(count).sum::<usize>().max(1),
    }
}
