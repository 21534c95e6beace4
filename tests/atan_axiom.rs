//! The axiom atan2(y, 1) = atan(y) the SMT method may assume of the f64
//! functions (`prove::smt::axioms`), checked against the executor: bit for
//! bit (NaN payloads included) on every f16 and bf16 input, and on f64 edge
//! values and 4,000,000 f64 inputs spread over every sign and exponent
//! (every f32 input is covered by the f32 sweep of the `atan`
//! certificate). Then the axiom at work: chlo.atan(x) against
//! stablehlo.atan2(x, 1) on f64 is proven with it, named; against
//! atan2(x, 2) it is not (the axiom does not apply, and the query is not
//! proven).

use hlocheck::float::elementary::{binary, unary, Binary, Unary};
use hlocheck::float::FloatKind;
use hlocheck::ir::parse::parse_program;
use hlocheck::prove::certificate::SMT_RLIMIT;
use hlocheck::prove::smt::{decide, SmtResult, ATAN2_AXIOM};
use hlocheck::prove::{Options, Outcome, Side};

/// The first input of `kind` (bit patterns) where atan2(y, 1) and atan(y)
/// differ.
fn first_difference(kind: FloatKind, one: u64, ys: impl Iterator<Item = u64>) -> Option<String> {
    for y in ys {
        let a = unary(kind, Unary::Atan, y);
        let b = binary(kind, Binary::Atan2, y, one);
        if a != b {
            return Some(format!(
                "{}: y = {y:#x}: atan {a:#x}, atan2(y, 1) {b:#x}",
                kind.name()
            ));
        }
    }
    None
}

#[test]
fn atan2_of_y_and_one_is_atan_on_every_f16_and_bf16_input() {
    for (kind, one) in [(FloatKind::F16, 0x3C00), (FloatKind::BF16, 0x3F80)] {
        assert_eq!(first_difference(kind, one, 0..1 << 16), None);
    }
}

/// SplitMix64.
fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[test]
fn atan2_of_y_and_one_is_atan_on_f64_edges_and_samples() {
    let one = 1f64.to_bits();
    let mut edges = Vec::new();
    for sign in [0u64, 1 << 63] {
        for m in [
            0,                     // zero
            1,                     // smallest subnormal
            0x000F_FFFF_FFFF_FFFF, // largest subnormal
            0x0010_0000_0000_0000, // smallest normal
            0x3FF0_0000_0000_0000, // 1
            0x3FEF_FFFF_FFFF_FFFF, // below 1
            0x3FF0_0000_0000_0001, // above 1
            0x7FEF_FFFF_FFFF_FFFF, // largest finite
            0x7FF0_0000_0000_0000, // infinity
            0x7FF8_0000_0000_0000, // quiet NaN
            0x7FF0_0000_0000_0001, // signaling NaN
            0x7FFC_0000_DEAD_BEEF, // NaN with a payload
        ] {
            edges.push(sign | m);
        }
    }
    assert_eq!(
        first_difference(FloatKind::F64, one, edges.into_iter()),
        None
    );
    // Sample j: sign and exponent field j mod 4096 (every one alike),
    // the mantissa random.
    let samples = (0..4_000_000u64).map(|j| {
        let top = (j % 4096) << 52;
        top | (splitmix(j) & 0x000F_FFFF_FFFF_FFFF)
    });
    assert_eq!(first_difference(FloatKind::F64, one, samples), None);
}

/// `decide` on chlo.atan(x) against stablehlo.atan2(x, c) in f64.
fn atan_against_atan2(c: &str) -> SmtResult {
    let text = |body: &str| {
        parse_program(
            "t",
            &format!("func.func @main(%x: tensor<2xf64>) -> tensor<2xf64> {{\n{body}\n}}"),
        )
        .expect("parses")
    };
    let a = text(
        "  %r = chlo.atan %x : tensor<2xf64> -> tensor<2xf64>\n  func.return %r : tensor<2xf64>",
    );
    let b = text(&format!(
        "  %c = stablehlo.constant dense<{c}> : tensor<2xf64>\n  %r = stablehlo.atan2 %x, %c : tensor<2xf64>\n  func.return %r : tensor<2xf64>"
    ));
    let (sa, sb) = (
        Side::new(&a, "main").expect("side"),
        Side::new(&b, "main").expect("side"),
    );
    let opts = Options {
        timeout_ms: 300_000,
        rlimit: SMT_RLIMIT,
        ..Options::default()
    };
    z3::with_z3_config(&z3::Config::new(), || decide(&sa, &sb, &opts))
}

#[test]
fn atan_is_atan2_of_x_and_one_in_f64_by_the_axiom() {
    match atan_against_atan2("1.0") {
        SmtResult::Decided(v) => {
            assert_eq!(v.outcome, Outcome::Equivalent, "{}", v.summary);
            assert_eq!(v.axioms, vec![ATAN2_AXIOM.to_string()], "{}", v.summary);
            assert!(v.summary.contains(ATAN2_AXIOM), "{}", v.summary);
        }
        SmtResult::StepAside(r) => panic!("stepped aside: {r}"),
    }
}

#[test]
fn atan_against_atan2_of_x_and_two_is_not_proven() {
    match atan_against_atan2("2.0") {
        SmtResult::Decided(v) => assert_ne!(v.outcome, Outcome::Equivalent, "{}", v.summary),
        SmtResult::StepAside(_) => {}
    }
}
