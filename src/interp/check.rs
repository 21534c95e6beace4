//! Check ops: the `check` dialect of the StableHLO reference interpreter's
//! tests, and the `custom_call @check.*` targets of JAX-generated test data.
//!
//! Their meaning (the conformance suites' definition):
//!
//! | check | passes when |
//! |---|---|
//! | `expect_eq`, `expect_eq_const` | every element is equal: integers exactly; floats by value (NaN never equals NaN, +0 equals −0); complex numbers part by part |
//! | `expect_almost_eq[_const]` | every element is within an absolute tolerance (0.001 for `custom_call`, 1e-4 or `tolerance` for the `check` dialect); NaN only matches NaN, an infinity only the same infinity |
//! | `expect_close` | every element is at most N ULP away (N = 3 for `custom_call`, else `max_ulp_difference`), ULP distance as [`ulp_distance`] defines it |
//! | `custom_call @check.eq` → `tensor<i1>` | integers exactly, floats within 1e-4; the result is the verdict |
//! | `expect_serialized_eq` | the operand is bit-identical to the value `interpreter.probe` recorded under the same id and iteration (kept in memory) |

use super::tensor::{float_kind, int_kind, Tensor};
use super::{CheckOutcome, Interp, KResult, Kernel, Value};
use crate::float::{self, FloatKind};
use crate::ir::attr::Attr;
use crate::ir::{ElementType, Op};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("check.expect_eq", expect_eq),
    ("check.expect_eq_const", expect_eq_const),
    ("check.expect_almost_eq", expect_almost_eq),
    ("check.expect_almost_eq_const", expect_almost_eq_const),
    ("check.expect_close", expect_close),
    ("check.expect_serialized_eq", expect_serialized_eq),
    ("interpreter.probe", probe),
    ("interpreter.print", print),
];

/// How two tensors are compared.
#[derive(Clone, Copy, Debug)]
pub enum Compare {
    Exact,
    Absolute(f64),
    Ulp(u64),
}

/// ULP distance of two values of a float format: 0 for equal bits; for two
/// finite values, the distance of their magnitudes' bit patterns (summed when
/// the signs differ); 0 for two NaNs; otherwise (one non-finite) infinite.
pub fn ulp_distance(kind: FloatKind, a: u64, b: u64) -> u64 {
    if a == b {
        return 0;
    }
    let (an, bn) = (float::is_nan(kind, a), float::is_nan(kind, b));
    if an && bn {
        return 0;
    }
    if !float::is_finite(kind, a) || !float::is_finite(kind, b) {
        return u64::MAX;
    }
    let f = kind.format();
    let sign_bit = if f.signed { 1u64 << (f.bits() - 1) } else { 0 };
    let (ma, mb) = (a & !sign_bit, b & !sign_bit);
    if (a & sign_bit) != (b & sign_bit) {
        ma.saturating_add(mb)
    } else {
        ma.abs_diff(mb)
    }
}

fn float_elems_match(kind: FloatKind, a: u64, b: u64, how: Compare) -> bool {
    match how {
        Compare::Exact => {
            if float::is_nan(kind, a) || float::is_nan(kind, b) {
                return false;
            }
            float::to_f64(kind, a) == float::to_f64(kind, b)
        }
        Compare::Absolute(tol) => {
            let (an, bn) = (float::is_nan(kind, a), float::is_nan(kind, b));
            if an || bn {
                return an && bn;
            }
            let (x, y) = (float::to_f64(kind, a), float::to_f64(kind, b));
            if x.is_infinite() || y.is_infinite() {
                return x == y;
            }
            (x - y).abs() <= tol
        }
        Compare::Ulp(n) => ulp_distance(kind, a, b) <= n,
    }
}

/// The text of one element, for messages.
fn show(t: &Tensor, i: usize) -> String {
    let lanes = t.elem_lanes(i);
    match &t.elem {
        ElementType::Float(k) => {
            float::format_decimal(*k, lanes[0]).unwrap_or_else(|| format!("0x{:X}", lanes[0]))
        }
        ElementType::Complex(k) => format!(
            "({}, {})",
            float::format_decimal(*k, lanes[0]).unwrap_or_default(),
            float::format_decimal(*k, lanes[1]).unwrap_or_default()
        ),
        _ => t.int_at(i).map(|v| v.to_string()).unwrap_or_default(),
    }
}

/// Compares two tensors element by element; `Err` describes the first mismatch.
pub fn compare(actual: &Tensor, expected: &Tensor, how: Compare) -> Result<(), String> {
    if actual.shape != expected.shape {
        return Err(format!(
            "shapes differ: {:?} vs expected {:?}",
            actual.shape, expected.shape
        ));
    }
    let mismatches = (0..actual.len())
        .filter(|&i| !elements_match(actual, expected, i, how))
        .collect::<Vec<_>>();
    match mismatches.first() {
        None => Ok(()),
        Some(&i) => Err(format!(
            "{} of {} elements differ; first at linear index {i}: got {}, expected {}",
            mismatches.len(),
            actual.len(),
            show(actual, i),
            show(expected, i)
        )),
    }
}

fn elements_match(actual: &Tensor, expected: &Tensor, i: usize, how: Compare) -> bool {
    match (&actual.elem, float_kind(&actual.elem)) {
        (ElementType::Float(_), Some(k)) => {
            float_elems_match(k, actual.data.get(i), expected_float(expected, k, i), how)
        }
        (ElementType::Complex(_), Some(k)) => {
            let (a, e) = (actual.elem_lanes(i), expected.elem_lanes(i));
            e.len() == 2
                && float_elems_match(k, a[0], e[0], how)
                && float_elems_match(k, a[1], e[1], how)
        }
        _ => actual.int_at(i).is_some() && actual.int_at(i) == expected.int_at(i),
    }
}

/// The expected element in the actual value's format (they normally agree).
fn expected_float(expected: &Tensor, k: FloatKind, i: usize) -> u64 {
    match &expected.elem {
        ElementType::Float(ek) if *ek != k => {
            float::convert::convert_kind(*ek, k, expected.data.get(i))
        }
        _ => expected.data.get(i),
    }
}

fn record(interp: &mut Interp<'_>, op: &Op, result: Result<(), String>) -> bool {
    let passed = result.is_ok();
    interp.checks.push(CheckOutcome {
        pos: op.pos,
        check: op.name.clone(),
        passed,
        detail: result.err().unwrap_or_default(),
    });
    passed
}

fn two(args: &[Value]) -> KResult<(&Tensor, &Tensor)> {
    match args {
        [a, b] => Ok((a.as_tensor()?, b.as_tensor()?)),
        _ => Err("a check takes two operands".into()),
    }
}

fn const_operand(op: &Op, interp: &Interp<'_>) -> KResult<Tensor> {
    let a = op.attr("value").ok_or("missing `value`")?;
    Ok(super::literal::tensor_from_attr(
        a,
        interp.limits.max_elements,
    )?)
}

fn tolerance(op: &Op, default: f64) -> f64 {
    match op.attr("tolerance") {
        Some(Attr::Float(bits, k)) => float::to_f64(*k, *bits),
        _ => default,
    }
}

fn expect_eq(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (a, b) = two(&args)?;
    let r = compare(a, b, Compare::Exact);
    record(interp, op, r);
    Ok(vec![])
}

fn expect_eq_const(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let e = const_operand(op, interp)?;
    let a = args.first().ok_or("missing operand")?.as_tensor()?;
    let r = compare(a, &e, Compare::Exact);
    record(interp, op, r);
    Ok(vec![])
}

fn expect_almost_eq(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (a, b) = two(&args)?;
    let r = compare(a, b, Compare::Absolute(tolerance(op, 1e-4)));
    record(interp, op, r);
    Ok(vec![])
}

fn expect_almost_eq_const(
    interp: &mut Interp<'_>,
    op: &Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let e = const_operand(op, interp)?;
    let a = args.first().ok_or("missing operand")?.as_tensor()?;
    let r = compare(a, &e, Compare::Absolute(tolerance(op, 1e-4)));
    record(interp, op, r);
    Ok(vec![])
}

fn expect_close(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let (a, b) = two(&args)?;
    let n = op
        .attr("max_ulp_difference")
        .and_then(Attr::as_i64)
        .unwrap_or(3)
        .max(0) as u64;
    let r = compare(a, b, Compare::Ulp(n));
    record(interp, op, r);
    Ok(vec![])
}

fn probe_id(op: &Op) -> KResult<String> {
    match op.attr("probe_id") {
        Some(Attr::Str(s)) => Ok(String::from_utf8_lossy(s).into_owned()),
        _ => Err("missing `probe_id`".into()),
    }
}

/// `check.expect_serialized_eq`: the operand equals (bit for bit) the value
/// `interpreter.probe` recorded under `probe_id` at iteration `iter` (0 when
/// not given). Probes are kept in memory, not written to files.
fn expect_serialized_eq(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let id = probe_id(op)?;
    let iter = op.attr("iteration").and_then(Attr::as_i64).unwrap_or(0);
    let a = args.first().ok_or("missing operand")?;
    let recorded = usize::try_from(iter)
        .ok()
        .and_then(|i| interp.probes.get(&id).and_then(|v| v.get(i)).cloned());
    let r = match recorded {
        None => Err(format!(
            "no value was probed as \"{id}\" at iteration {iter}"
        )),
        Some(v) if v == *a => Ok(()),
        Some(_) => Err(format!("the value differs from the one probed as \"{id}\"")),
    };
    record(interp, op, r);
    Ok(vec![])
}

/// `interpreter.probe`: records its operand under `probe_id` and passes it through.
fn probe(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let id = probe_id(op)?;
    let v = args.first().cloned().ok_or("missing operand")?;
    interp.probes.entry(id).or_default().push(v);
    Ok(args)
}

/// `interpreter.print`: prints its operand to standard error.
fn print(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    for a in &args {
        eprintln!("{}", super::literal::format_value(a));
    }
    Ok(vec![])
}

/// `custom_call @check.*` targets: runs the check if `target` names one.
/// Returns `None` when the target is not a check.
pub fn custom_call_check(
    interp: &mut Interp<'_>,
    op: &Op,
    target: &str,
    args: &[Value],
) -> Option<KResult<Vec<Value>>> {
    let how = match target {
        "check.expect_eq" => Compare::Exact,
        "check.expect_almost_eq" => Compare::Absolute(1e-3),
        "check.expect_close" => Compare::Ulp(3),
        "check.eq" => Compare::Absolute(1e-4),
        _ => return None,
    };
    Some((|| {
        let (a, b) = two(args)?;
        let how = match how {
            Compare::Absolute(_) if target == "check.eq" && int_kind(&a.elem).is_some() => {
                Compare::Exact
            }
            h => h,
        };
        let passed = record(interp, op, compare(a, b, how));
        if target == "check.eq" {
            Ok(vec![Value::tensor(Tensor::scalar(
                ElementType::I1,
                &[passed as u64],
            ))])
        } else {
            Ok(vec![])
        }
    })())
}
