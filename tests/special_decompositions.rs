//! The approximate rules of `spec/rules/special.rules` (CHLO's special
//! functions in StableHLO ops) checked against the executor's CHLO ops:
//! every input of every format of 8 bits or fewer and of f16 and bf16 for
//! the one-operand functions, every pair of 8-bit-or-narrower values for
//! zeta and polygamma, sampled pairs in f16 and bf16, and sampled f32 and f64
//! inputs (edge values first). Each rule's stated bound for the format must
//! hold. A rule with one coefficient perturbed is shown to fail the check.

use hlocheck::egraph::instances::FLOATS;
use hlocheck::egraph::legalize::{apply_rule, legalize};
use hlocheck::egraph::rules::{self, parse_rules, Kind, Rule};
use hlocheck::float::decimal::{from_f64, to_f64};
use hlocheck::float::FloatKind;
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::ElementType;
use hlocheck::ir::Program;
use hlocheck::prove::ulp::float_ulp;
use hlocheck::prove::{self, Options, Ulp, Verdict};

const UNARY: &[&str] = &["erf", "erfc", "erf_inv", "lgamma", "digamma", "bessel_i1e"];
const BINARY: &[&str] = &["zeta", "polygamma"];

fn program(op: &str, fmt: &str, binary: bool) -> Program {
    let text = if binary {
        format!(
            "func.func @main(%a: tensor<{fmt}>, %b: tensor<{fmt}>) -> tensor<{fmt}> {{\n  %r = chlo.{op} %a, %b : tensor<{fmt}>, tensor<{fmt}> -> tensor<{fmt}>\n  return %r : tensor<{fmt}>\n}}\n"
        )
    } else {
        format!(
            "func.func @main(%a: tensor<{fmt}>) -> tensor<{fmt}> {{\n  %r = chlo.{op} %a : tensor<{fmt}> -> tensor<{fmt}>\n  return %r : tensor<{fmt}>\n}}\n"
        )
    };
    parse_program("lhs", &text).expect("test program parses")
}

/// The stated bound of the rule that rewrites `op` in `fmt`.
fn bound(op: &str, fmt: &str) -> u128 {
    let name = if fmt == "f64" {
        format!("{op}_f64")
    } else {
        format!("{op}_via_f64")
    };
    let rule = rules::all()
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no rule {name}"));
    match &rule.kind {
        Kind::Approx(b) => b
            .iter()
            .find(|(f, _)| f == fmt)
            .map(|(_, n)| *n as u128)
            .unwrap_or_else(|| panic!("rule {name} states no bound for {fmt}")),
        Kind::Exact => 0,
    }
}

fn compare(a: &Program, b: &Program, samples: u64) -> Verdict {
    let opts = Options {
        smt: false,
        samples,
        max_exhaustive: 1 << 16,
        seed: 11,
        ..Default::default()
    };
    prove::decide(a, "main", b, "main", &opts)
}

/// Legalizes `op` in `fmt` and compares it with the CHLO op; returns the
/// largest ULP distance, failing when it exceeds the rule's bound.
fn check(op: &str, fmt: &str, binary: bool, samples: u64) -> Ulp {
    let a = program(op, fmt, binary);
    let l = legalize(&a);
    assert!(l.left.is_empty(), "{op} {fmt}: not legalized: {:?}", l.left);
    assert!(!l.exact, "{op} {fmt}: approximate rules were used");
    let v = compare(&a, &l.program, samples);
    let b = bound(op, fmt);
    assert!(
        v.max_ulp() <= Ulp(b),
        "{op} {fmt}: {} (bound {b} ulp): {:?}",
        v.summary,
        v.results
    );
    v.max_ulp()
}

fn narrow_formats() -> Vec<&'static str> {
    FLOATS
        .iter()
        .copied()
        .filter(|f| !matches!(*f, "f32" | "f64" | "f16" | "bf16"))
        .collect()
}

#[test]
fn unary_rules_hold_on_every_narrow_and_16_bit_input() {
    let mut report = Vec::new();
    for op in UNARY {
        for fmt in narrow_formats().into_iter().chain(["f16", "bf16"]) {
            let u = check(op, fmt, false, 0);
            report.push(format!("{op} {fmt}: {u} ulp"));
        }
    }
    eprintln!("{}", report.join("\n"));
}

#[test]
fn unary_rules_hold_on_sampled_f32_and_f64() {
    for op in UNARY {
        check(op, "f32", false, 100_000);
        check(op, "f64", false, 20_000);
    }
}

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs `op` (zeta or polygamma) and its legalization on the given pairs of
/// bit patterns; fails above the rule's bound; returns the largest distance.
fn check_pairs(op: &str, fmt: &str, pairs: &[(u64, u64)]) -> Ulp {
    let kind = FloatKind::from_name(fmt).expect("float format");
    let n = pairs.len();
    let text = format!(
        "func.func @main(%a: tensor<{n}x{fmt}>, %b: tensor<{n}x{fmt}>) -> tensor<{n}x{fmt}> {{\n  %r = chlo.{op} %a, %b : tensor<{n}x{fmt}>, tensor<{n}x{fmt}> -> tensor<{n}x{fmt}>\n  return %r : tensor<{n}x{fmt}>\n}}\n"
    );
    let a = parse_program("lhs", &text).expect("test program parses");
    let l = legalize(&a);
    assert!(l.left.is_empty(), "{op} {fmt}: not legalized: {:?}", l.left);
    let t = |f: &dyn Fn(&(u64, u64)) -> u64| {
        Value::tensor(Tensor {
            elem: ElementType::Float(kind),
            shape: vec![n],
            data: pairs.iter().map(f).collect(),
        })
    };
    let args = vec![t(&|p| p.0), t(&|p| p.1)];
    let run = |p: &Program| -> Vec<u64> {
        let mut it = Interp::new(p, Limits::default());
        let r = it.call("main", args.clone()).expect("runs");
        r[0].as_tensor().expect("tensor").data.clone()
    };
    let (ra, rb) = (run(&a), run(&l.program));
    let b = Ulp(bound(op, fmt));
    let mut worst = (Ulp(0), 0usize);
    for i in 0..n {
        let d = float_ulp(kind, ra[i], rb[i]);
        if d > worst.0 {
            worst = (d, i);
        }
    }
    let (d, i) = worst;
    assert!(
        d <= b,
        "{op} {fmt}: {d} ulp > {b} at ({}, {}): {:#x} vs {:#x}",
        to_f64(kind, pairs[i].0),
        to_f64(kind, pairs[i].1),
        ra[i],
        rb[i]
    );
    d
}

/// zeta's x and polygamma's n: at most 64 (the executor sums about
/// max(x, 12) - q terms directly, so larger ones are slow to check), or
/// not finite.
fn small_first(kind: FloatKind, bits: u64) -> bool {
    let v = to_f64(kind, bits);
    !v.is_finite() || v <= 64.0
}

#[test]
fn binary_rules_hold_on_every_narrow_pair_and_sampled_wider_pairs() {
    let mut report = Vec::new();
    for op in BINARY {
        for fmt in narrow_formats() {
            let kind = FloatKind::from_name(fmt).expect("format");
            let w = kind.format().bits();
            let pairs: Vec<(u64, u64)> = (0..1u64 << w)
                .filter(|&x| small_first(kind, x))
                .flat_map(|x| (0..1u64 << w).map(move |q| (x, q)))
                .collect();
            let u = check_pairs(op, fmt, &pairs);
            report.push(format!("{op} {fmt}: {u} ulp on {} pairs", pairs.len()));
        }
        for (fmt, count) in [
            ("f16", 20_000),
            ("bf16", 20_000),
            ("f32", 20_000),
            ("f64", 4_000),
        ] {
            let kind = FloatKind::from_name(fmt).expect("format");
            let w = kind.format().bits();
            let mask = if w == 64 { u64::MAX } else { (1u64 << w) - 1 };
            let mut seed = 0x5eed ^ w as u64;
            let mut pairs = Vec::new();
            while pairs.len() < count {
                let r = splitmix(&mut seed);
                // the first operand: a small integer half the time
                let x = if r & 1 == 0 {
                    from_f64(kind, ((r >> 8) % 41) as f64)
                } else {
                    splitmix(&mut seed) & mask
                };
                let q = splitmix(&mut seed) & mask;
                let qv = to_f64(kind, q);
                if small_first(kind, x) && !(qv.abs() > 1e5 && qv.is_finite() && qv < 0.0) {
                    pairs.push((x, q));
                }
            }
            let u = check_pairs(op, fmt, &pairs);
            report.push(format!("{op} {fmt}: {u} ulp on {count} sampled pairs"));
        }
    }
    eprintln!("{}", report.join("\n"));
}

/// `erf`'s rules from the rule file, with the constant `old` of the f64 rule
/// replaced by `new`.
fn planted_erf(old: &str, new: &str) -> Vec<Rule> {
    let text = include_str!("../spec/rules/special.rules");
    assert!(text.contains(old), "the planted coefficient is in the file");
    let text = text.replacen(old, new, 1);
    parse_rules("planted.rules", &text)
        .expect("planted rules parse")
        .into_iter()
        .filter(|r| r.name == "erf_via_f64" || r.name == "erf_f64")
        .collect()
}

#[test]
fn a_perturbed_coefficient_is_caught() {
    // The constant term of erf's polynomial near 0 (2/sqrt(pi)), changed in
    // its 7th significant digit.
    let text = include_str!("../spec/rules/special.rules");
    let start = text.find("rule erf_f64").expect("erf_f64 rule");
    let body = &text[start..];
    let c0 = "1.12837916709551";
    assert!(
        body.contains(c0),
        "erf's leading coefficient is in its rule"
    );
    let line = body
        .lines()
        .find(|l| l.contains(c0))
        .expect("coefficient line");
    let lit = line
        .split("splat(T, ")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .expect("literal");
    let bad = format!("{:.17e}", lit.parse::<f64>().expect("float") * (1.0 + 1e-6));
    let planted = planted_erf(lit, &bad);
    assert_eq!(planted.len(), 2);
    let a = program("erf", "f32", false);
    let mut b = a.clone();
    for r in &planted {
        if let Some(p) = apply_rule(&b, r) {
            b = p;
        }
    }
    let v = compare(&a, &b, 20_000);
    assert!(
        v.max_ulp() > Ulp(bound("erf", "f32")),
        "the planted defect was not caught: {}",
        v.summary
    );
    // and the unperturbed rules pass the same check
    check("erf", "f32", false, 20_000);
}
