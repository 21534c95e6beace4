//! Decompositions in the form jaxlib's `chlo-legalize-to-stablehlo` pass
//! prints them (a `module` around the function, `%arg0`/`%cst_N` names,
//! constants in MLIR's exponent notation, pretty `compare` and `select`),
//! compared with the CHLO op by `equiv`: the error that
//! `tests/bench/official_chlo.py` measures against mpmath is found, a
//! planted defect is refuted with a counterexample the executor confirms,
//! and a lowering that is wrong for a narrow format is caught. The programs
//! are written here from the textbook formulas, not taken from the pass.

use hlocheck::float::FloatKind;
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::{ElementType, Program};
use hlocheck::prove::ulp::Ulp;
use hlocheck::prove::{self, Method, Options, Outcome};
use hlocheck::verify::{verify_program, Options as VerifyOptions};

fn parse(text: &str) -> Program {
    parse_program("official.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"))
}

fn chlo(op: &str, t: &str, rt: &str) -> String {
    format!(
        "func.func @main(%x: tensor<{t}>) -> tensor<{rt}> {{\n  %0 = chlo.{op} %x : tensor<{t}> -> tensor<{rt}>\n  return %0 : tensor<{rt}>\n}}\n"
    )
}

/// acosh(x) as log(2) + log(x) for x ≥ max/2, else
/// log1p(sqrt(x − 1)·(sqrt(x + 1) + sqrt(x − 1))), in `t`; `one` is the
/// constant 1 as written (a planted defect changes it).
fn acosh_lowering(t: &str, max: &str, one: &str) -> String {
    let t = format!("tensor<{t}>");
    format!(
        r#"module {{
  func.func @main(%arg0: {t}) -> {t} {{
    %cst = stablehlo.constant dense<{max}> : {t}
    %cst_0 = stablehlo.constant dense<2.000000e+00> : {t}
    %0 = stablehlo.divide %cst, %cst_0 : {t}
    %1 = stablehlo.compare GE, %arg0, %0 : ({t}, {t}) -> tensor<i1>
    %2 = stablehlo.log %cst_0 : {t}
    %3 = stablehlo.log %arg0 : {t}
    %4 = stablehlo.add %2, %3 : {t}
    %cst_1 = stablehlo.constant dense<{one}> : {t}
    %5 = stablehlo.subtract %arg0, %cst_1 : {t}
    %6 = stablehlo.sqrt %5 : {t}
    %7 = stablehlo.add %arg0, %cst_1 : {t}
    %8 = stablehlo.sqrt %7 : {t}
    %9 = stablehlo.add %8, %6 : {t}
    %10 = stablehlo.multiply %6, %9 : {t}
    %11 = stablehlo.log_plus_one %10 : {t}
    %12 = stablehlo.select %1, %4, %11 : tensor<i1>, {t}
    return %12 : {t}
  }}
}}
"#
    )
}

/// The function's results at the inputs of a counterexample
/// (`%argN = text (0x…)`), scalars of `kind`.
fn run_at(p: &Program, inputs: &[String], kind: FloatKind) -> Vec<u64> {
    let args: Vec<Value> = inputs
        .iter()
        .map(|s| {
            let hex = s
                .rsplit("(0x")
                .next()
                .and_then(|h| h.strip_suffix(')'))
                .unwrap_or_else(|| panic!("no pattern in {s}"));
            let bits = u64::from_str_radix(hex, 16).unwrap_or_else(|e| panic!("{s}: {e}"));
            Value::tensor(Tensor::collect(
                ElementType::Float(kind),
                vec![],
                std::iter::once(bits),
            ))
        })
        .collect();
    let mut it = Interp::new(p, Limits::default());
    let out = it.call("main", args).unwrap_or_else(|e| panic!("{e}"));
    out.iter()
        .map(|v| v.as_tensor().expect("tensor").lane(0))
        .collect()
}

fn no_smt() -> Options<'static> {
    Options {
        smt: false,
        ..Options::default()
    }
}

#[test]
fn official_style_acosh_parses_verifies_and_has_its_measured_error() {
    let b = parse(&acosh_lowering("f16", "6.550400e+04", "1.000000e+00"));
    let r = verify_program(&b, &VerifyOptions::default());
    assert!(!r.has_errors(), "{:?}", r.findings);
    let a = parse(&chlo("acosh", "f16", "f16"));
    let v = prove::decide(&a, "main", &b, "main", &no_smt());
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert_eq!(v.inputs_covered, 65536);
    // official_chlo.py: mpmath finds B at most 1.78 steps from the exact
    // value, so at most 2 from the correctly rounded one; NaN outside the
    // domain on both sides.
    let s = &v.results[0];
    assert_eq!(s.max_ulp, Ulp(2), "{}", v.summary);
    assert_eq!((s.nan_mismatches, s.inf_mismatches), (0, 0));
    assert_eq!(s.differing, 2111);
}

#[test]
fn planted_defect_in_acosh_is_refuted_with_a_confirmed_counterexample() {
    let a = parse(&chlo("acosh", "f16", "f16"));
    let b = parse(&acosh_lowering("f16", "6.550400e+04", "1.000000e+00"));
    let bad = parse(&acosh_lowering("f16", "6.550400e+04", "1.003910e+00"));
    let v = prove::decide(&a, "main", &bad, "main", &no_smt());
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    let c = v.counterexample.clone().expect("a counterexample");
    let (ra, rb) = (
        run_at(&a, &c.inputs, FloatKind::F16),
        run_at(&bad, &c.inputs, FloatKind::F16),
    );
    assert_ne!(ra, rb, "the executor does not confirm {:?}", c.inputs);
    // The defect is the cause: far beyond the unplanted lowering's 2 ulp,
    // and x = 1 (acosh 1 = 0) now gives NaN (sqrt of a negative number).
    assert!(v.max_ulp() > Ulp(2), "{}", v.summary);
    let one = vec!["%arg0 = 1.0 (0x3c00)".to_string()];
    assert_eq!(run_at(&a, &one, FloatKind::F16), vec![0]);
    assert_eq!(run_at(&b, &one, FloatKind::F16), vec![0]);
    let at_one = run_at(&bad, &one, FloatKind::F16)[0];
    assert!(
        (at_one & 0x7c00) == 0x7c00 && (at_one & 0x3ff) != 0,
        "{at_one:#x}"
    );
}

#[test]
fn is_inf_with_zero_for_infinity_is_wrong_on_f4e2m1fn() {
    // A format without infinity: a lowering that compares |x| with
    // "infinity" converted to the format (which gives 0) says +-0 are
    // infinite. equiv finds exactly the two zeros.
    let b = parse(
        "module {
  func.func @main(%arg0: tensor<f4E2M1FN>) -> tensor<i1> {
    %0 = stablehlo.abs %arg0 : tensor<f4E2M1FN>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f4E2M1FN>
    %1 = stablehlo.compare EQ, %0, %cst : (tensor<f4E2M1FN>, tensor<f4E2M1FN>) -> tensor<i1>
    return %1 : tensor<i1>
  }
}
",
    );
    let a = parse(&chlo("is_inf", "f4E2M1FN", "i1"));
    let v = prove::decide(&a, "main", &b, "main", &Options::default());
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.results[0].differing, 2);
    let c = v.counterexample.clone().expect("a counterexample");
    assert!(c.inputs[0].contains("(0x0)") || c.inputs[0].contains("(0x8)"));
    assert_eq!(run_at(&a, &c.inputs, FloatKind::F4E2M1FN), vec![0]);
    assert_eq!(run_at(&b, &c.inputs, FloatKind::F4E2M1FN), vec![1]);
}

#[test]
fn is_inf_with_a_hex_infinity_is_equal_on_f16() {
    // The pass writes special constants as hex patterns (`dense<0x7C00>`).
    let b = parse(
        "module {
  func.func @main(%arg0: tensor<f16>) -> tensor<i1> {
    %0 = stablehlo.abs %arg0 : tensor<f16>
    %cst = stablehlo.constant dense<0x7C00> : tensor<f16>
    %1 = stablehlo.compare EQ, %0, %cst : (tensor<f16>, tensor<f16>) -> tensor<i1>
    return %1 : tensor<i1>
  }
}
",
    );
    let a = parse(&chlo("is_inf", "f16", "i1"));
    let v = prove::decide(&a, "main", &b, "main", &no_smt());
    assert_eq!(v.outcome, Outcome::Equivalent, "{}", v.summary);
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert_eq!(v.inputs_covered, 65536);
}
