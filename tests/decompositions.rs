//! The `approx` rules of spec/rules/elementary.rules measured against the
//! executor's CHLO ops (correctly rounded in every format): a function
//! applying the CHLO op and its legalization run on the same inputs, and
//! the ulp distance of each result lane (`prove::ulp`: −0 and +0 are one
//! point, a NaN against a number is the largest distance) must be within
//! the bound the rule states. Besides the distance, a zero of the wrong
//! sign counts as a failure.
//!
//! Inputs: every value of every format of 16 bits or fewer; for f32 and f64
//! special values, neighbours of every threshold the rules branch on, and
//! samples (random bit patterns, uniform and log-uniform over each
//! function's interesting interval, with both signs). The sample count is
//! `HLOCHECK_DECOMP_SAMPLES` (default 65,536 for f32, a quarter of that
//! for f64); set it to 10,000,000 to reproduce the measurements in the
//! generator's documentation. The test prints the largest distance per
//! function and format.
//!
//! A planted defect (the overflow branch's constant of f32 sinh moved by a
//! few ulp) is shown to break the bound.

use hlocheck::egraph::legalize::{apply_rule, legalize};
use hlocheck::egraph::rules::{self, parse_rules, Rule};
use hlocheck::float::FloatKind;
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::{ElementType, Program};
use hlocheck::prove::ulp::float_ulp;

/// (CHLO op, interval of |x| where the function is finite and interesting,
/// f32 bound, f64 bound) — the bounds the rules state.
const FUNCS: &[(&str, f64, f64, u128, u128)] = &[
    ("sinh", 0.0, 90.0, 2, 2),
    ("cosh", 0.0, 90.0, 2, 2),
    ("asinh", 0.0, 20000.0, 2, 2),
    ("acosh", 1.0, 20000.0, 2, 2),
    ("atanh", 0.0, 1.0, 2, 2),
    ("asin", 0.0, 1.0, 2, 2),
    ("acos", 0.0, 1.0, 2, 2),
];

/// The bound of every format narrower than f32.
const NARROW_BOUND: u128 = 1;

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn program(op: &str, kind: FloatKind, complex: bool, n: usize) -> Program {
    let t = if complex {
        format!("tensor<{n}xcomplex<{}>>", kind.name())
    } else {
        format!("tensor<{n}x{}>", kind.name())
    };
    // The generic form: `_asin_acos_kernel` has no pretty form.
    let text = format!(
        "func.func @main(%x: {t}) -> {t} {{\n  %r = \"chlo.{op}\"(%x) : ({t}) -> {t}\n  return %r : {t}\n}}\n"
    );
    parse_program("decomposition", &text).expect("the program parses")
}

fn run(p: &Program, kind: FloatKind, complex: bool, data: &[u64]) -> Vec<u64> {
    let mut it = Interp::new(p, Limits::default());
    let (elem, n) = if complex {
        (ElementType::Complex(kind), data.len() / 2)
    } else {
        (ElementType::Float(kind), data.len())
    };
    let arg = Value::tensor(Tensor::new(elem, vec![n], data));
    let r = it.call("main", vec![arg]).expect("the program runs");
    r[0].as_tensor().expect("a tensor").lanes_vec()
}

/// Worst case found: (max ulp, input, reference, decomposition), and how
/// many lanes differ, and how many zeros have the wrong sign.
#[derive(Default, Debug)]
struct Stats {
    max: u128,
    worst: Option<(u64, u64, u64)>,
    differ: u64,
    zero_sign: u64,
    count: u64,
}

fn compare(kind: FloatKind, inputs: &[u64], a: &[u64], b: &[u64], st: &mut Stats) {
    let f = kind.format();
    for ((&x, &p), &q) in inputs.iter().zip(a).zip(b) {
        st.count += 1;
        if p == q {
            continue;
        }
        let d = float_ulp(kind, p, q).0;
        if f.is_nan(p) && f.is_nan(q) {
            continue;
        }
        st.differ += 1;
        if d == 0 {
            st.zero_sign += 1;
        }
        if st.worst.is_none() || d > st.max {
            st.max = d;
            st.worst = Some((x, p, q));
        }
    }
}

/// Runs the CHLO op and `lowered` on `inputs`, in batches.
fn measure(
    op: &str,
    kind: FloatKind,
    lowered: &dyn Fn(&Program) -> Program,
    inputs: &[u64],
) -> Stats {
    measure_c(op, kind, false, lowered, inputs)
}

/// Same, for real (`complex = false`) or complex arguments (`inputs` then
/// holds the parts, real and imaginary alternating; each part is compared
/// on its own).
fn measure_c(
    op: &str,
    kind: FloatKind,
    complex: bool,
    lowered: &dyn Fn(&Program) -> Program,
    inputs: &[u64],
) -> Stats {
    const BATCH: usize = 1 << 16;
    let mut st = Stats::default();
    for chunk in inputs.chunks(BATCH) {
        let n = if complex {
            chunk.len() / 2
        } else {
            chunk.len()
        };
        let p = program(op, kind, complex, n);
        let q = lowered(&p);
        let a = run(&p, kind, complex, chunk);
        let b = run(&q, kind, complex, chunk);
        compare(kind, chunk, &a, &b, &mut st);
    }
    st
}

fn legalized(p: &Program) -> Program {
    let l = legalize(p);
    assert!(l.left.is_empty(), "CHLO ops left: {:?}", l.left);
    let text = hlocheck::ir::print::print_program(&l.program);
    assert!(!text.contains("chlo."), "CHLO ops left in\n{text}");
    l.program
}

fn samples() -> Option<usize> {
    std::env::var("HLOCHECK_DECOMP_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
}

/// Inputs of f32 (`wide = false`) or f64: specials, threshold neighbours,
/// `n` samples.
fn wide_inputs(kind: FloatKind, lo: f64, hi: f64, n: usize, seed: u64) -> Vec<u64> {
    let is64 = kind == FloatKind::F64;
    let bits = |v: f64| -> u64 {
        if is64 {
            v.to_bits()
        } else {
            (v as f32).to_bits() as u64
        }
    };
    let sign = if is64 { 1u64 << 63 } else { 1 << 31 };
    let mut out = Vec::new();
    // Specials and thresholds: ±0, subnormals, ±1, ±∞, NaN, max, and the
    // branch points of the rules (2^-26, 2^-12, 1, 2, 88, 89.4159…, 709,
    // 710.47…, 2^12, 2^28, 2^100, the overflow of e^x) with 64 neighbours
    // on each side.
    let points = [
        0.0,
        f64::MIN_POSITIVE,
        1.0,
        0.5,
        2.0,
        88.0,
        88.72283935546875,
        89.41598629223294,
        709.0,
        709.782712893384,
        710.4758600739439,
        4096.0,
        268435456.0,
        1.2676506002282294e30,
        2f64.powi(-12),
        2f64.powi(-26),
        f64::MAX,
        f32::MAX as f64,
        f32::MIN_POSITIVE as f64,
    ];
    for &p in &points {
        let c = bits(p);
        for k in 0..64u64 {
            for v in [c.wrapping_add(k), c.wrapping_sub(k)] {
                out.push(v);
                out.push(v ^ sign);
            }
        }
    }
    for v in [f64::INFINITY, f64::NAN] {
        out.push(bits(v));
        out.push(bits(v) ^ sign);
    }
    let mut s = seed;
    let (blo, bhi) = (bits(lo.max(f64::MIN_POSITIVE)), bits(hi));
    for i in 0..n {
        let r = splitmix(&mut s);
        let neg = if r >> 63 == 1 { sign } else { 0 };
        let v = match i % 3 {
            // any bit pattern
            0 => {
                if is64 {
                    r
                } else {
                    r & 0xFFFF_FFFF
                }
            }
            // log-uniform over [lo, hi]: uniform over the bit patterns
            1 => (blo + (r >> 1) % (bhi - blo + 1)) | neg,
            // uniform over [lo, hi]
            _ => {
                let u = (r >> 11) as f64 / (1u64 << 53) as f64;
                bits(lo + (hi - lo) * u) | neg
            }
        };
        out.push(v);
    }
    out
}

fn report(op: &str, kind: FloatKind, st: &Stats) -> String {
    let w = st
        .worst
        .map(|(x, p, q)| format!(" worst x = {x:#x}: CHLO {p:#x} vs rule {q:#x}"))
        .unwrap_or_default();
    format!(
        "{op} {}: max {} ulp over {} inputs, {} differ, {} zeros of the wrong sign{w}",
        kind.name(),
        st.max,
        st.count,
        st.differ,
        st.zero_sign
    )
}

#[test]
fn elementary_rules_meet_their_bounds_on_every_narrow_format() {
    let mut fails = Vec::new();
    for &(op, ..) in FUNCS {
        for &kind in FloatKind::ALL {
            if matches!(kind, FloatKind::F32 | FloatKind::F64) {
                continue;
            }
            let inputs: Vec<u64> = (0..1u64 << kind.bits()).collect();
            let st = measure(op, kind, &legalized, &inputs);
            let line = report(op, kind, &st);
            println!("{line}");
            if st.max > NARROW_BOUND || st.zero_sign > 0 {
                fails.push(line);
            }
        }
    }
    assert!(fails.is_empty(), "{fails:#?}");
}

#[test]
fn elementary_rules_meet_their_bounds_on_f32_and_f64() {
    let mut fails = Vec::new();
    for (i, &(op, lo, hi, b32, b64)) in FUNCS.iter().enumerate() {
        for (kind, bound, n) in [
            (FloatKind::F32, b32, samples().unwrap_or(1 << 16)),
            (
                FloatKind::F64,
                b64,
                samples().map(|s| s / 4).unwrap_or(1 << 14),
            ),
        ] {
            let inputs = wide_inputs(kind, lo, hi, n, 0x5EED + i as u64);
            let st = measure(op, kind, &legalized, &inputs);
            let line = report(op, kind, &st);
            println!("{line}");
            if st.max > bound || st.zero_sign > 0 {
                fails.push(line);
            }
        }
    }
    assert!(fails.is_empty(), "{fails:#?}");
}

/// The f32 sinh rule with its overflow-branch constant K moved by `d` ulp.
fn sinh_f32_with_k_moved(d: u32) -> Rule {
    let text = rules::FILES
        .iter()
        .find(|(n, _)| n.ends_with("elementary.rules"))
        .expect("elementary.rules is embedded")
        .1;
    let start = text.find("rule sinh_f32 ").expect("the rule exists");
    let end = start + text[start..].find("\nend\n").expect("its end") + 5;
    let mut rule = text[start..end].to_string();
    // K is the constant multiplied by e^(|x| − c): the second f32 constant
    // after the `abs`.
    let abs = rule.find("stablehlo.abs").expect("abs");
    let mut at = abs;
    for _ in 0..2 {
        at += rule[at..].find(" : f32)").expect("a constant") + 1;
    }
    let hex_start = rule[..at].rfind("0x").expect("hex");
    let k = u32::from_str_radix(&rule[hex_start + 2..at - 1], 16).expect("hex digits");
    rule.replace_range(hex_start..at - 1, &format!("0x{:08X}", k + d));
    let mut r = parse_rules("planted", &rule).expect("the planted rule parses");
    r.remove(0)
}

#[test]
fn a_perturbed_constant_breaks_the_bound() {
    let inputs = wide_inputs(FloatKind::F32, 88.0, 89.5, 1 << 14, 7);
    let with = |d: u32| {
        let rule = sinh_f32_with_k_moved(d);
        let lower = move |p: &Program| apply_rule(p, &rule).expect("the rule applies");
        measure("sinh", FloatKind::F32, &lower, &inputs)
    };
    // Unperturbed (d = 0) the planted copy is the rule itself and meets 2 ulp.
    let good = with(0);
    assert!(good.max <= 2, "{}", report("sinh", FloatKind::F32, &good));
    let bad = with(4);
    assert!(bad.max > 2, "{}", report("sinh", FloatKind::F32, &bad));
}

/// Complex arguments: parts drawn from the real inputs of the same format
/// (specials, thresholds, samples), paired at random, plus every pair of
/// special parts.
fn complex_inputs(kind: FloatKind, n: usize, seed: u64) -> Vec<u64> {
    let parts = wide_inputs(kind, 0.0, 100.0, n, seed);
    let mut s = seed ^ 0xC0;
    let mut out = Vec::new();
    for _ in 0..n {
        let i = splitmix(&mut s) as usize % parts.len();
        let j = splitmix(&mut s) as usize % parts.len();
        out.push(parts[i]);
        out.push(parts[j]);
    }
    let special: Vec<u64> = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -2.0,
        1e-30,
        -1e-300,
        100.0,
        -800.0,
        1e30,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
    ]
    .iter()
    .map(|&v| {
        if kind == FloatKind::F64 {
            v.to_bits()
        } else {
            (v as f32).to_bits() as u64
        }
    })
    .collect();
    for &a in &special {
        for &b in &special {
            out.push(a);
            out.push(b);
        }
    }
    out
}

#[test]
fn complex_elementary_rules_meet_their_bounds() {
    // (op, bound per part in ulps of that part: complex<f32>, complex<f64>)
    let funcs: &[(&str, u128, u128)] = &[
        ("sinh", 2, 2),
        ("cosh", 2, 2),
        ("atanh", 0, 0),
        ("atan", 0, 0),
        ("asin", 1, 4),
        ("acos", 1, 4),
        ("asinh", 1, 4),
        ("acosh", 1, 4),
        ("_asin_acos_kernel", 1, 4),
    ];
    let mut fails = Vec::new();
    for (i, &(op, b32, b64)) in funcs.iter().enumerate() {
        for (kind, bound) in [(FloatKind::F32, b32), (FloatKind::F64, b64)] {
            let n = samples().map(|s| s / 8).unwrap_or(1 << 13);
            let inputs = complex_inputs(kind, n, 0xC0DE + i as u64);
            let st = measure_c(op, kind, true, &legalized, &inputs);
            let line = report(op, kind, &st).replacen(
                kind.name(),
                &format!("complex<{}>", kind.name()),
                1,
            );
            println!("{line}");
            if st.max > bound || st.zero_sign > 0 {
                fails.push(line);
            }
        }
    }
    assert!(fails.is_empty(), "{fails:#?}");
}

#[test]
fn every_elementary_rule_is_well_typed_on_every_format_it_admits() {
    use hlocheck::egraph::instances::instances_with;
    let mut total = 0;
    for rule in rules::all()
        .iter()
        .filter(|r| r.file.ends_with("elementary.rules"))
    {
        let insts = instances_with(rule, 4);
        assert!(!insts.is_empty(), "{}: no instance", rule.name);
        for (_, rhs, what) in &insts {
            let report = hlocheck::verify::verify_program(rhs, &Default::default());
            if let Some(e) = report.errors().next() {
                panic!(
                    "{what}: the right-hand side does not verify: {} {}",
                    e.label, e.message
                );
            }
            total += 1;
        }
        // The narrow rules: every format but f32 and f64.
        if rule.name.ends_with("_narrow") {
            assert_eq!(
                insts.len(),
                hlocheck::egraph::instances::FLOATS.len() - 2,
                "{}",
                rule.name
            );
        }
    }
    // Seven real functions on every format, nine complex ones on
    // complex<f32> and complex<f64>.
    let formats = hlocheck::egraph::instances::FLOATS.len();
    assert_eq!(total, 7 * formats + 9 * 2, "instances");
}

/// `asin_complex` with the constant ln 4 of its |z| > 2^500 branch moved
/// by `d` ulp of f64.
fn asin_complex_with_ln4_moved(d: u64) -> Rule {
    let text = rules::FILES
        .iter()
        .find(|(n, _)| n.ends_with("elementary.rules"))
        .expect("elementary.rules is embedded")
        .1;
    let start = text.find("rule asin_complex ").expect("the rule exists");
    let end = start + text[start..].find("\nend\n").expect("its end") + 5;
    let mut rule = text[start..end].to_string();
    // ln 4 = 1.386... is 0x3FF62E42FEFA39EF rounded to nearest.
    let ln4 = "0x3FF62E42FEFA39EF";
    let at = rule.find(ln4).expect("the ln 4 constant");
    rule.replace_range(
        at..at + ln4.len(),
        &format!("0x{:016X}", 0x3FF6_2E42_FEFA_39EF + d),
    );
    let mut r = parse_rules("planted", &rule).expect("the planted rule parses");
    r.remove(0)
}

#[test]
fn a_perturbed_constant_breaks_the_complex_bound() {
    // Parts near 2^600 (the |z| > 2^500 branch) and both signs.
    let mut inputs = Vec::new();
    let mut s = 11u64;
    for _ in 0..4096 {
        let e = 1023 + 500 + (splitmix(&mut s) % 500);
        let re = (splitmix(&mut s) >> 12) | (e << 52) | (splitmix(&mut s) & (1 << 63));
        let im = ((splitmix(&mut s) >> 1) & !(0x7FF << 52)) | ((e - (splitmix(&mut s) % 40)) << 52);
        inputs.push(re);
        inputs.push(im);
    }
    let with = |d: u64| {
        let rule = asin_complex_with_ln4_moved(d);
        let lower = move |p: &Program| apply_rule(p, &rule).expect("the rule applies");
        measure_c("asin", FloatKind::F64, true, &lower, &inputs)
    };
    let good = with(0);
    assert!(good.max <= 4, "{}", report("asin", FloatKind::F64, &good));
    let bad = with(1 << 12);
    assert!(bad.max > 4, "{}", report("asin", FloatKind::F64, &bad));
}
