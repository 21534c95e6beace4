//! Every `exact` rule of spec/rules/ checked by execution on every element
//! type it applies to: the rule's left-hand side and right-hand side (its
//! instances) run by the executor on the same inputs must give the same
//! bits. Inputs are exhaustive where they are few (every value of an 8-bit
//! or narrower type, every pair of them, every value of a 16-bit type for
//! one-operand ops) and otherwise special values plus random bit patterns.
//! A deliberately wrong rule is shown to differ.

use hlocheck::egraph::instances::instances_with;
use hlocheck::egraph::rules::{self, parse_rules, Kind};
use hlocheck::interp::tensor::{int_kind, Tensor};
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::{ElementType, Program, Type};

fn splitmix(s: &mut u64) -> u64 {
    *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Width in bits of one lane of `e`.
fn width(e: &ElementType) -> u32 {
    match e {
        ElementType::Float(k) | ElementType::Complex(k) => k.format().bits(),
        _ => int_kind(e).map(|k| k.bits).unwrap_or(64),
    }
}

/// The canonical lane of bit pattern `p` in element type `e`.
fn lane(e: &ElementType, p: u64) -> u64 {
    let w = width(e);
    let m = if w >= 64 { u64::MAX } else { (1u64 << w) - 1 };
    match int_kind(e) {
        Some(k) => {
            let v = p & m;
            let v = if k.signed && w < 64 && v >> (w - 1) & 1 == 1 {
                v as i128 - (1i128 << w)
            } else {
                v as i128
            };
            k.wrap(v)
        }
        None => p & m,
    }
}

/// Special bit patterns of a float format (±0, ±1 ulp, ±∞, NaNs, ±max,
/// ±1); for other types the extremes.
fn specials(e: Option<&ElementType>) -> Vec<u64> {
    let k = match e {
        Some(ElementType::Float(k)) | Some(ElementType::Complex(k)) => *k,
        _ => return vec![0, 1, u64::MAX, 1 << 63, (1 << 63) - 1],
    };
    let f = k.format();
    let (eb, mb) = (f.exp_bits, f.man_bits);
    let sign = if f.signed { 1u64 << (eb + mb) } else { 0 };
    let top = ((1u64 << eb) - 1) << mb;
    let one = (f.bias as u64) << mb;
    let mut v = vec![
        0,
        1,
        top,
        top | 1,
        top | (1 << mb.max(1) >> 1),
        top - 1,
        one,
        one + 1,
        (1 << mb) - 1,
        1 << mb,
    ];
    let neg: Vec<u64> = v.iter().map(|x| x | sign).collect();
    v.extend(neg);
    v
}

/// An argument of type `ty` for batch `b`: pattern `f(i)` at element `i`.
fn arg(ty: &Type, f: &dyn Fn(usize) -> u64) -> Value {
    let tt = ty.as_tensor().expect("tensor argument");
    let shape: Vec<usize> = tt
        .dims
        .as_ref()
        .expect("ranked")
        .iter()
        .map(|d| d.expect("static") as usize)
        .collect();
    let n: usize = shape.iter().product();
    let lanes = matches!(tt.elem, ElementType::Complex(_)) as usize + 1;
    let data: Vec<u64> = (0..n * lanes)
        .map(|i| {
            let p = f(i);
            match &tt.elem {
                ElementType::Complex(k) => lane(&ElementType::Float(*k), p),
                e => lane(e, p),
            }
        })
        .collect();
    Value::tensor(Tensor::new(tt.elem.clone(), shape, &data))
}

fn arg_types(p: &Program) -> Vec<Type> {
    let f = &p.ops[0];
    f.regions[0].blocks[0]
        .args
        .iter()
        .map(|a| p.ty(*a).clone())
        .collect()
}

/// Shapes and lanes of every result.
type Outputs = Vec<(Vec<usize>, Vec<u64>)>;
/// A bit pattern per element index.
type Pattern = Box<dyn Fn(usize) -> u64>;

fn run(p: &Program, args: &[Value]) -> Result<Outputs, String> {
    let mut it = Interp::new(p, Limits::default());
    let r = it.call("main", args.to_vec())?;
    r.iter()
        .map(|v| {
            let t = v.as_tensor()?;
            Ok((t.shape.clone(), t.lanes_vec()))
        })
        .collect()
}

/// Runs both sides on the input batches; the first input where they differ.
fn compare(lhs: &Program, rhs: &Program, seed: u64) -> (usize, Option<String>) {
    let types = arg_types(lhs);
    let elem = types
        .first()
        .and_then(|t| t.as_tensor())
        .map(|t| t.elem.clone());
    let w = elem.as_ref().map(width).unwrap_or(64);
    let n = types
        .first()
        .and_then(|t| t.as_tensor())
        .and_then(|t| t.num_elements())
        .unwrap_or(1) as usize;
    let same_shape = types.iter().all(|t| Some(t) == types.first());
    let complex = matches!(elem, Some(ElementType::Complex(_)));
    let specials = std::sync::Arc::new(specials(elem.as_ref()));
    // One batch of n elements per argument: every pair of values (types of
    // 8 bits or fewer, two operands, n = 65536), every value (one operand,
    // 16 bits or fewer), else special values and random bit patterns.
    let mut batches: Vec<Vec<Pattern>> = Vec::new();
    let exhaustive_pairs = same_shape && types.len() == 2 && w <= 8 && n >= 65536 && !complex;
    let exhaustive_one = same_shape && types.len() == 1 && w <= 16 && n >= (1 << w) && !complex;
    if exhaustive_pairs {
        batches.push(vec![
            Box::new(|i| (i >> 8) as u64),
            Box::new(|i| (i & 255) as u64),
        ]);
    } else if exhaustive_one {
        batches.push(vec![Box::new(|i| i as u64)]);
    } else {
        let mut s = seed;
        let mut per = Vec::new();
        for a in 0..types.len() {
            let base = splitmix(&mut s);
            let specials = specials.clone();
            per.push(Box::new(move |i: usize| {
                let mut x = base ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ a as u64;
                let r = splitmix(&mut x);
                // Half the elements special: signs, extremes, ±0, ±∞, NaN,
                // ±1 and its neighbours, small integers.
                match (r >> 61) & 3 {
                    0 | 1 => specials[(r as usize >> 8) % specials.len()],
                    2 => r & 0xFF,
                    _ => r,
                }
            }) as Pattern);
        }
        batches.push(per);
    }
    let mut count = 0usize;
    for per in &batches {
        let args: Vec<Value> = types
            .iter()
            .zip(per)
            .map(|(t, f)| arg(t, f.as_ref()))
            .collect();
        count += n;
        let (a, b) = (run(lhs, &args), run(rhs, &args));
        if a.is_err() && count == n {
            // The executor does not take this element type for the op (the
            // CHLO spec leaves it to the element op): not an instance.
            return (0, None);
        }
        if a != b {
            let shown: Vec<String> = args
                .iter()
                .map(|v| {
                    let d = &v.as_tensor().unwrap().lanes_vec();
                    format!("{:x?}", &d[..d.len().min(8)])
                })
                .collect();
            return (
                count,
                Some(format!(
                    "inputs {shown:?}: lhs {:x?} vs rhs {:x?}",
                    a.map(|r| r
                        .into_iter()
                        .map(|x| x.1.into_iter().take(8).collect::<Vec<_>>())
                        .collect::<Vec<_>>()),
                    b.map(|r| r
                        .into_iter()
                        .map(|x| x.1.into_iter().take(8).collect::<Vec<_>>())
                        .collect::<Vec<_>>())
                )),
            );
        }
    }
    (count, None)
}

#[test]
fn every_exact_rule_gives_the_same_bits_on_every_element_type() {
    let mut failures = Vec::new();
    let mut total = 0usize;
    let mut checked = 0usize;
    let mut report = Vec::new();
    for rule in rules::all() {
        if rule.kind != Kind::Exact {
            continue;
        }
        // RULES_ONLY=name-prefix narrows a run to some rules while working.
        if let Ok(only) = std::env::var("RULES_ONLY") {
            if !rule.name.starts_with(&only) {
                continue;
            }
        }
        // Exhaustive sizes for narrow types, 4096 random elements otherwise.
        // The CHLO special functions are slow on large arguments: few inputs.
        let special = rule
            .rhs
            .iter()
            .any(|o| matches!(o.name.as_str(), "chlo.zeta" | "chlo.polygamma"));
        let wide = instances_with(rule, if special { 8 } else { 4096 });
        let narrow = instances_with(rule, if special { 8 } else { 65536 });
        let is_narrow = |d: &str| {
            let e = d
                .split(" on ")
                .nth(1)
                .unwrap_or("")
                .split(':')
                .next()
                .unwrap_or("");
            e.starts_with("f4")
                || (e.starts_with("f6") && e != "f64")
                || e.starts_with("f8")
                || matches!(e, "bf16" | "f16" | "i1" | "i8" | "ui8" | "i16" | "ui16")
        };
        let insts: Vec<_> = wide
            .into_iter()
            .filter(|i| !is_narrow(&i.2))
            .chain(narrow.into_iter().filter(|i| is_narrow(&i.2)))
            .collect();
        assert!(
            !insts.is_empty(),
            "rule {} has no instance on any element type",
            rule.name
        );
        report.push(format!("{}: {} instances", rule.name, insts.len()));
        for (lhs, rhs, what) in &insts {
            let t0 = std::time::Instant::now();
            let (n, diff) = compare(lhs, rhs, 7);
            if n > 0 {
                checked += 1;
                let report = hlocheck::verify::verify_program(rhs, &Default::default());
                let first = report
                    .errors()
                    .next()
                    .map(|e| format!("{} {}", e.label, e.message));
                if let Some(e) = first {
                    failures.push(format!("{what}: the right-hand side does not verify: {e}"));
                }
            }
            if std::env::var("RULES_TIMING").is_ok() {
                eprintln!("{what}: {:?}", t0.elapsed());
            }
            total += n;
            if let Some(d) = diff {
                failures.push(format!("{what}: {d}"));
            }
        }
    }
    eprintln!(
        "{}\n{checked} instances checked on {total} inputs",
        report.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_float_format_has_instances_of_the_elementwise_rules() {
    let r = rules::all()
        .iter()
        .find(|r| r.name == "broadcast_add_same_shape")
        .unwrap();
    let insts = instances_with(r, 4);
    for f in hlocheck::egraph::instances::FLOATS {
        assert!(
            insts.iter().any(|i| i.2.contains(&format!("on {f}:"))),
            "no instance on {f}"
        );
    }
}

#[test]
fn a_wrong_rule_is_refuted_by_execution() {
    // is_pos_inf by |x| = +inf: wrong for −inf.
    let text = "rule wrong_is_pos_inf exact\n from %r = chlo.is_pos_inf(%x) : T\n where has_inf(%x) and static(T)\n to %a = stablehlo.abs(%x) : type(%x)\n %i = stablehlo.constant() {value = splat(type(%x), inf(%x))} : type(%x)\n %r = stablehlo.compare(%a, %i) {comparison_direction = #stablehlo<comparison_direction EQ>} : T\nend\n";
    let rule = &parse_rules("fixture.rules", text).unwrap()[0];
    let insts = instances_with(rule, 4096);
    assert!(!insts.is_empty());
    for (lhs, rhs, what) in &insts {
        let (_, diff) = compare(lhs, rhs, 7);
        assert!(diff.is_some(), "{what}: the wrong rule was not refuted");
    }
    // Commuting a float add is not bit-exact: the executor keeps the first
    // NaN operand's payload.
    let text = "rule wrong_add_commutes exact\n from %r = stablehlo.add(%x, %y) : T\n where float(T)\n to %r = stablehlo.add(%y, %x) : T\nend\n";
    let rule = &parse_rules("fixture.rules", text).unwrap()[0];
    let refuted = instances_with(rule, 4096)
        .iter()
        .filter(|(l, r, _)| compare(l, r, 7).1.is_some())
        .count();
    assert!(refuted > 0, "float add commutation was not refuted");
}
