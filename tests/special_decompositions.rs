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
        "{op} {fmt}: {} (bound {b} ulp)",
        v.summary
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
    let mut report = Vec::new();
    for op in UNARY {
        let u = check(op, "f32", false, 100_000);
        report.push(format!("{op} f32: {u} ulp on 100,000 samples"));
        // f64: random bit patterns and random values in [-40, 40].
        let mut seed = 0xf64;
        let xs: Vec<u64> = (0..20_000)
            .map(|i| {
                let r = splitmix(&mut seed);
                if i % 2 == 0 {
                    r
                } else {
                    ((r >> 11) as f64 / (1u64 << 53) as f64 * 80.0 - 40.0).to_bits()
                }
            })
            .collect();
        let u = check_inputs(op, "f64", &[xs]);
        report.push(format!("{op} f64: {u} ulp on 20,000 samples"));
    }
    eprintln!("{}", report.join("\n"));
}

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Runs `op` and its legalization on the given inputs (one column of bit
/// patterns per operand); fails above the rule's bound; returns the largest
/// distance.
fn check_inputs(op: &str, fmt: &str, cols: &[Vec<u64>]) -> Ulp {
    let kind = FloatKind::from_name(fmt).expect("float format");
    let n = cols[0].len();
    let ty = format!("tensor<{n}x{fmt}>");
    let params: Vec<String> = (0..cols.len()).map(|i| format!("%a{i}: {ty}")).collect();
    let names: Vec<String> = (0..cols.len()).map(|i| format!("%a{i}")).collect();
    let tys = vec![ty.clone(); cols.len()].join(", ");
    let text = format!(
        "func.func @main({}) -> {ty} {{\n  %r = chlo.{op} {} : {tys} -> {ty}\n  return %r : {ty}\n}}\n",
        params.join(", "),
        names.join(", ")
    );
    let a = parse_program("lhs", &text).expect("test program parses");
    let l = legalize(&a);
    assert!(l.left.is_empty(), "{op} {fmt}: not legalized: {:?}", l.left);
    let args: Vec<Value> = cols
        .iter()
        .map(|c| Value::tensor(Tensor::new(ElementType::Float(kind), vec![n], &c.clone())))
        .collect();
    let run = |p: &Program| -> Vec<u64> {
        let mut it = Interp::new(p, Limits::default());
        let r = it.call("main", args.clone()).expect("runs");
        r[0].as_tensor().expect("tensor").lanes_vec()
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
    let at: Vec<f64> = cols.iter().map(|c| to_f64(kind, c[i])).collect();
    assert!(
        d <= b,
        "{op} {fmt}: {d} ulp > {b} at {at:?}: {:#x} (executor) vs {:#x}",
        ra[i],
        rb[i]
    );
    d
}

fn columns(pairs: &[(u64, u64)]) -> Vec<Vec<u64>> {
    vec![
        pairs.iter().map(|p| p.0).collect(),
        pairs.iter().map(|p| p.1).collect(),
    ]
}

#[test]
fn binary_rules_hold_on_every_narrow_pair_and_sampled_wider_pairs() {
    let mut report = Vec::new();
    for op in BINARY {
        for fmt in narrow_formats() {
            let kind = FloatKind::from_name(fmt).expect("format");
            let w = kind.format().bits();
            let pairs: Vec<(u64, u64)> = (0..1u64 << w)
                .flat_map(|x| (0..1u64 << w).map(move |q| (x, q)))
                .collect();
            let u = check_inputs(op, fmt, &columns(&pairs));
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
                pairs.push((x, q));
            }
            // edges: cancellation at q < 0, huge q, results beyond the range
            for (x, q) in [
                (21.0, -5.5),
                (3.0, -0.5),
                (3.0, -12_345.678),
                (7.0, -1e-5),
                (4.0, -100_000.3),
                (2.0, 1.7e38),
                (16.0, 2.95e20),
                (1.5, 1e30),
                (3000.0, 0.5),
                (3001.0, -0.25),
                (6.5e10, 6.2e10),
                (3.0e38, 0.0),
                // polygamma with n! beyond f64 at x < 0 (issues 10, 11):
                // the scaled sums overflow, the executor's +-inf
                (397.0, -1.7e-5),
                (1103.0, -2.99e-5),
                (1102.0, -2.99e-5),
                (300.0, -0.75),
                (301.0, -2.25),
                (3.38e38, -9.0e-41),
            ] {
                pairs.push((from_f64(kind, x), from_f64(kind, q)));
            }
            let u = check_inputs(op, fmt, &columns(&pairs));
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
