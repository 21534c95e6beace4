//! The fuzzer: generated programs verify, planted defects are found and
//! shrunk, a campaign against hlocheck itself finds nothing, and the
//! regression corpus of confirmed findings still gives hlocheck's results.

use hlocheck::fuzz::campaign::{self, Options};
use hlocheck::fuzz::gen::{generate_with, parse_elem, weighted_ops, GenOptions};
use hlocheck::fuzz::oracle::Budgets;
use hlocheck::fuzz::program::{self, verify_errors};
use hlocheck::fuzz::target::{Target, TargetSpec};
use hlocheck::interp::literal::from_npy;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[test]
fn generated_programs_all_verify() {
    let opts = GenOptions {
        dynamic: true,
        ..GenOptions::default()
    };
    let ops = weighted_ops(&opts);
    let (mut discarded, mut candidates, mut n_ops) = (0, 0, 0);
    let mut drawn = BTreeSet::new();
    let n = 2000;
    for seed in 0..n {
        let g = generate_with(&opts, &ops, seed);
        let errors = verify_errors(&g.program);
        assert!(
            errors.is_empty(),
            "seed {seed}: {errors:?}\n{}",
            g.program.text()
        );
        assert_eq!(g.inputs.len(), g.program.args.len());
        discarded += g.discarded;
        candidates += g.candidates;
        n_ops += g.program.ops.len();
        for o in &g.program.ops {
            drawn.insert(o.name.clone());
        }
    }
    eprintln!(
        "{n} programs, {n_ops} ops, {discarded} of {candidates} candidate ops discarded, {} of {} drawable ops drawn",
        drawn.len(),
        ops.len()
    );
    let missing: Vec<_> = ops.iter().filter(|(o, _)| !drawn.contains(o)).collect();
    assert!(missing.is_empty(), "never drawn: {missing:?}");
}

#[test]
fn every_spec_op_is_drawable_or_listed_with_a_reason() {
    let drawable: BTreeSet<String> = hlocheck::fuzz::gen::drawable_ops().into_iter().collect();
    let listed: BTreeSet<&str> = hlocheck::fuzz::gen::NOT_DRAWN
        .iter()
        .map(|(o, _)| *o)
        .collect();
    for op in hlocheck::fuzz::gen::spec_ops() {
        assert!(
            drawable.contains(&op) != listed.contains(op.as_str()),
            "{op}: drawable {}, listed as not drawn {}",
            drawable.contains(&op),
            listed.contains(op.as_str())
        );
    }
}

#[test]
fn ops_with_several_results_and_captures_read_back() {
    // A while (two results, one capture), if (captures) and top_k (second result).
    let opts = GenOptions::default();
    let mut seen = BTreeSet::new();
    for name in [
        "stablehlo.while",
        "stablehlo.if",
        "chlo.top_k",
        "stablehlo.dynamic_pad",
    ] {
        let mut o = opts.clone();
        o.weights = [(name.to_string(), 1000.0)].into_iter().collect();
        let ops = weighted_ops(&o);
        for seed in 0..20 {
            let g = generate_with(&o, &ops, seed);
            if !g.program.ops.iter().any(|x| x.name == name) {
                continue;
            }
            seen.insert(name);
            let text = g.program.text();
            let back = program::GenProgram::from_mlir(&text).unwrap();
            assert_eq!(back.ops.len(), g.program.ops.len(), "{name} seed {seed}");
            for (x, y) in back.ops.iter().zip(&g.program.ops) {
                // Captures come back once each, in the order the regions name them.
                let sorted = |o: &program::GenOp| {
                    let mut v = o.operands.clone();
                    v.sort();
                    v.dedup();
                    v
                };
                assert_eq!(
                    (&x.name, x.own_operands(), sorted(x), &x.result, x.pick),
                    (&y.name, y.own_operands(), sorted(y), &y.result, y.pick),
                    "{name} seed {seed}\n{text}"
                );
            }
            let a = program::run(&g.program, &g.inputs);
            let b = program::run(&back, &g.inputs);
            assert_eq!(a.is_ok(), b.is_ok());
            if let (Ok(a), Ok(b)) = (a, b) {
                assert_eq!(a, b);
            }
            // Each op alone (constant shape operands kept) runs as well.
            for i in 0..g.program.ops.len() {
                let one = g.program.single_op(i);
                assert!(verify_errors(&one).is_empty(), "{}", one.text());
            }
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

#[test]
fn same_seed_same_program() {
    let opts = GenOptions::default();
    let ops = weighted_ops(&opts);
    for seed in [1, 99, 12345] {
        let a = generate_with(&opts, &ops, seed);
        let b = generate_with(&opts, &ops, seed);
        assert_eq!(a.program, b.program);
        assert_eq!(a.inputs, b.inputs);
    }
    let a = generate_with(&opts, &ops, 1);
    let b = generate_with(&opts, &ops, 2);
    assert_ne!(a.program, b.program);
}

#[test]
fn programs_read_back_from_their_text() {
    let opts = GenOptions::default();
    let ops = weighted_ops(&opts);
    for seed in 0..200 {
        let g = generate_with(&opts, &ops, seed);
        let back = program::GenProgram::from_mlir(&g.program.text()).unwrap();
        assert_eq!(back.ops.len(), g.program.ops.len(), "seed {seed}");
        assert_eq!(back.results, g.program.results, "seed {seed}");
        // Same results when run.
        let a = program::run(&g.program, &g.inputs);
        let b = program::run(&back, &g.inputs);
        assert_eq!(a, b, "seed {seed}");
    }
}

fn hlocheck_target(plants: &[&str]) -> TargetSpec {
    let mut argv = vec![
        env!("CARGO_BIN_EXE_hlocheck").to_string(),
        "serve-target".to_string(),
    ];
    if !plants.is_empty() {
        argv.push("--plant".into());
        argv.push(plants.join(","));
    }
    TargetSpec {
        name: "hlocheck".into(),
        argv,
        timeout: Duration::from_secs(60),
    }
}

fn out_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hlocheck-fuzz-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn options(out: &Path, programs: u64, types: &str) -> Options {
    let mut gen = GenOptions::default();
    if !types.is_empty() {
        gen.elem_types = types.split(',').filter_map(parse_elem).collect();
    }
    Options {
        gen,
        seed: 3,
        programs: Some(programs),
        time: None,
        jobs: 1,
        out: out.to_path_buf(),
        shard: (0, 1),
        budgets: Budgets::default(),
        progress: false,
        shrink_runs: 60,
        fused: false,
    }
}

#[test]
fn campaign_against_hlocheck_itself_finds_nothing() {
    let out = out_dir("self");
    let r = campaign::run(&options(&out, 300, ""), hlocheck_target(&[])).unwrap();
    assert_eq!(r.programs, 300);
    assert!(r.ops_checked > 300);
    assert!(r.findings.is_empty(), "{}", campaign::report_markdown(&r));
    assert!(out.join("report.json").exists() && out.join("report.md").exists());
    let _ = std::fs::remove_dir_all(&out);
}

/// Each planted defect is found, filed under the right op and kind, and
/// shrunk to one op.
#[test]
fn planted_defects_are_found_and_shrunk() {
    // (plant, the op it concerns, how it is filed, the op drawn more often).
    let cases = [
        (
            "add-f16-rtz",
            "stablehlo.add",
            "wrong-bits",
            "stablehlo.add",
        ),
        (
            "max-zero-sign",
            "stablehlo.maximum",
            "wrong-bits",
            "stablehlo.maximum",
        ),
        (
            "convert-ftz",
            "*",
            "flushes-subnormals",
            "stablehlo.convert",
        ),
        (
            "exp-ulp",
            "stablehlo.exponential",
            "ulp-budget",
            "stablehlo.exponential",
        ),
        (
            "crash-cosine",
            "stablehlo.cosine",
            "crash",
            "stablehlo.cosine",
        ),
        (
            "reject-remainder",
            "stablehlo.remainder",
            "rejected",
            "stablehlo.remainder",
        ),
    ];
    for (plant, op, kind, favour) in cases {
        let out = out_dir(plant);
        let mut o = options(&out, 400, "f16,bf16,f32");
        o.gen.weights.insert(favour.to_string(), 30.0);
        let r = campaign::run(&o, hlocheck_target(&[plant])).unwrap();
        let hits: Vec<_> = r
            .findings
            .values()
            .filter(|f| f.op == op && f.kind == kind)
            .collect();
        assert!(
            !hits.is_empty(),
            "{plant}: not found\n{}",
            campaign::report_markdown(&r)
        );
        // Nothing else is reported.
        assert_eq!(
            hits.len(),
            r.findings.len(),
            "{plant}: {}",
            campaign::report_markdown(&r)
        );
        for f in hits {
            assert!(f.repro_ops <= 2, "{plant}: repro of {} ops", f.repro_ops);
            let dir = out.join(&f.dir);
            assert!(dir.join("repro.mlir").exists() && dir.join("README.md").exists());
            if kind != "crash" && kind != "rejected" {
                assert!(dir.join("expected0.npy").exists() && dir.join("actual0.npy").exists());
            }
        }
        let _ = std::fs::remove_dir_all(&out);
    }
}

/// A defect that shows only when an op's result is not returned (the
/// `fma-fused` plant contracts multiply + add into one fused multiply-add
/// when the product is not a result): invisible with every op exposed,
/// found by `--fused`, shrunk to the two ops, and replayed.
#[test]
fn fused_only_defect_is_found_only_with_fused_runs() {
    let run = |fused: bool, name: &str| {
        let out = out_dir(name);
        let mut o = options(&out, 300, "f32");
        o.seed = 5;
        o.gen.max_ops = 6;
        o.fused = fused;
        o.gen.weights.insert("stablehlo.add".into(), 50.0);
        o.gen.weights.insert("stablehlo.multiply".into(), 50.0);
        let r = campaign::run(&o, hlocheck_target(&["fma-fused"])).unwrap();
        (r, out)
    };
    let (r, out) = run(false, "fused-off");
    assert!(r.findings.is_empty(), "{}", campaign::report_markdown(&r));
    assert_eq!(r.fused_programs, 0);
    let _ = std::fs::remove_dir_all(&out);
    let (r, out) = run(true, "fused-on");
    assert!(r.fused_programs > 0 && r.fused_judged > 0);
    assert_eq!(r.findings.len(), 1, "{}", campaign::report_markdown(&r));
    let f = r.findings.values().next().unwrap();
    assert_eq!(
        (f.op.as_str(), f.kind.as_str()),
        ("stablehlo.add", "fused-wrong-bits")
    );
    assert_eq!(f.repro_ops, 2, "{}", campaign::report_markdown(&r));
    let dir = out.join(&f.dir);
    let text = std::fs::read_to_string(dir.join("repro.mlir")).unwrap();
    assert!(text.contains("stablehlo.multiply") && text.contains("stablehlo.add"));
    // The replay runs the finding fused: it reproduces on the planted
    // target and not on the executor.
    let budgets = Budgets::default();
    let mut t = Target::start(hlocheck_target(&["fma-fused"]), &out.join("replay1")).unwrap();
    assert!(campaign::replay(&mut t, &dir, &budgets).unwrap().is_some());
    let mut t = Target::start(hlocheck_target(&[]), &out.join("replay2")).unwrap();
    assert!(campaign::replay(&mut t, &dir, &budgets).unwrap().is_none());
    drop(t);
    let _ = std::fs::remove_dir_all(&out);
}

/// A campaign against the executor itself with fused runs finds nothing.
#[test]
fn fused_campaign_against_hlocheck_itself_finds_nothing() {
    let out = out_dir("self-fused");
    let mut o = options(&out, 200, "");
    o.fused = true;
    let r = campaign::run(&o, hlocheck_target(&[])).unwrap();
    assert!(r.fused_programs > 0);
    assert!(r.findings.is_empty(), "{}", campaign::report_markdown(&r));
    let _ = std::fs::remove_dir_all(&out);
}

#[test]
fn shards_partition_the_programs_and_reports_merge() {
    let out0 = out_dir("shard0");
    let out1 = out_dir("shard1");
    let mut o = options(&out0, 40, "f16,f32");
    o.shard = (0, 2);
    let r0 = campaign::run(&o, hlocheck_target(&["add-f16-rtz"])).unwrap();
    let mut o = options(&out1, 40, "f16,f32");
    o.shard = (1, 2);
    let r1 = campaign::run(&o, hlocheck_target(&["add-f16-rtz"])).unwrap();
    let m = campaign::merge(vec![
        (
            "a".into(),
            campaign::report_from_json(&campaign::report_json(&r0)),
        ),
        (
            "b".into(),
            campaign::report_from_json(&campaign::report_json(&r1)),
        ),
    ]);
    assert_eq!(m.programs, 80);
    assert_eq!(m.ops_checked, r0.ops_checked + r1.ops_checked);
    let keys: BTreeSet<_> = r0.findings.keys().chain(r1.findings.keys()).collect();
    assert_eq!(m.findings.len(), keys.len());
    let _ = std::fs::remove_dir_all(&out0);
    let _ = std::fs::remove_dir_all(&out1);
}

/// Every confirmed finding kept in `tests/fuzz_corpus` still gives
/// hlocheck's recorded result, bit for bit.
#[test]
fn regression_corpus_gives_the_recorded_results() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_corpus");
    let mut n = 0;
    for e in std::fs::read_dir(&root).unwrap() {
        let dir = e.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        let (prog, inputs, _) = campaign::read_case(&dir).unwrap();
        let got = program::run(&prog, &inputs).unwrap();
        for (i, t) in got.iter().enumerate() {
            let bytes = std::fs::read(dir.join(format!("expected{i}.npy"))).unwrap();
            let want = from_npy(&bytes, &t.elem, 1 << 20).unwrap();
            assert_eq!(&want, t, "{}: result {i}", dir.display());
        }
        n += 1;
    }
    assert!(n > 0, "no corpus cases under {}", root.display());
}

fn one_op(name: &str, ty: &str, tail: &str) -> program::GenProgram {
    let t = program::parse_tensor_type(ty).unwrap();
    program::GenProgram {
        args: vec![t.clone()],
        ops: vec![program::GenOp::new(name, vec![0], tail.into(), t)],
        results: vec![1],
    }
}

#[test]
fn reduce_precision_below_the_reduced_smallest_normal_is_implementation_defined() {
    use hlocheck::fuzz::oracle::{check_op, Verdict};
    use hlocheck::interp::tensor::Tensor;
    // 2^-7 is a normal number of f8E4M3FNUZ (bias 8) but below the smallest
    // normal of a 4-bit-exponent IEEE format (2^-6): hlocheck keeps it, XLA
    // flushes it to zero.
    let p = one_op(
        "stablehlo.reduce_precision",
        "tensor<f8E4M3FNUZ>",
        " {exponent_bits = 4 : i32, mantissa_bits = 3 : i32}",
    );
    let x = Tensor::new(p.args[0].elem.clone(), vec![], &[0x08]);
    let zero = Tensor::new(x.elem.clone(), vec![], &[0]);
    let v = check_op(&p, 0, std::slice::from_ref(&x), &zero, &Budgets::default()).unwrap();
    assert!(matches!(v, Verdict::ImplDefined(_)), "{v:?}");
    // Any other difference is still a deviation.
    let wrong = Tensor::new(x.elem.clone(), vec![], &[0x10]);
    let v = check_op(&p, 0, &[x], &wrong, &Budgets::default()).unwrap();
    assert!(matches!(v, Verdict::Deviation(_)), "{v:?}");
}

#[test]
fn complex_functions_are_judged_per_part() {
    use hlocheck::fuzz::oracle::{check_op, Verdict};
    use hlocheck::interp::tensor::Tensor;
    let p = one_op("stablehlo.exponential", "tensor<complex<f32>>", "");
    let z = Tensor::new(
        p.args[0].elem.clone(),
        vec![],
        &[0.5f32.to_bits() as u64, 0.25f32.to_bits() as u64],
    );
    let want = program::run(&p, std::slice::from_ref(&z))
        .unwrap()
        .remove(0);
    let mut near = want.clone();
    near.data.set(0, near.data.get(0) + 1);
    let v = check_op(&p, 0, std::slice::from_ref(&z), &near, &Budgets::default()).unwrap();
    assert!(matches!(v, Verdict::Match), "{v:?}");
    let mut far = want.clone();
    far.data.set(1, far.data.get(1) + 1000);
    let v = check_op(&p, 0, &[z], &far, &Budgets::default()).unwrap();
    match v {
        Verdict::Deviation(d) => assert_eq!(d.kind, "ulp-budget"),
        v => panic!("{v:?}"),
    }
}

/// Audit fixes: a real f8E8M0FNU value converts to complex with a +0
/// imaginary part (the format's pattern 0 is 2^-127, not zero), TOTALORDER
/// equality on a NaN is left open by the spec, and CHLO's special
/// functions have the same default budget as the other math functions.
#[test]
fn audit_rules_convert_to_complex_totalorder_nan_and_special_budget() {
    use hlocheck::fuzz::oracle::{check_op, Verdict, DEFAULT_ULP_BUDGET};
    use hlocheck::interp::tensor::Tensor;
    let t = |s: &str| program::parse_tensor_type(s).unwrap();
    let conv = program::GenProgram {
        args: vec![t("tensor<f8E8M0FNU>")],
        ops: vec![program::GenOp::new(
            "stablehlo.convert",
            vec![0],
            String::new(),
            t("tensor<complex<f64>>"),
        )],
        results: vec![1],
    };
    let one = Tensor::new(conv.args[0].elem.clone(), vec![], &[127]);
    let r = program::run(&conv, std::slice::from_ref(&one))
        .unwrap()
        .remove(0);
    assert_eq!(r.lanes_vec(), vec![1f64.to_bits(), 0]);

    let cmp = program::GenProgram {
        args: vec![t("tensor<f64>")],
        ops: vec![program::GenOp::new(
            "stablehlo.compare",
            vec![0, 0],
            " {compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction NE>}".into(),
            t("tensor<i1>"),
        )],
        results: vec![1],
    };
    let nan = Tensor::new(cmp.args[0].elem.clone(), vec![], &[f64::NAN.to_bits()]);
    let want = program::run(&cmp, std::slice::from_ref(&nan))
        .unwrap()
        .remove(0);
    let mut other = want.clone();
    other.data.set(0, other.data.get(0) ^ 1);
    let v = check_op(
        &cmp,
        0,
        std::slice::from_ref(&nan),
        &other,
        &Budgets::default(),
    )
    .unwrap();
    assert!(matches!(v, Verdict::ImplDefined(_)), "{v:?}");
    // On ordinary values the direction is exact.
    let two = Tensor::new(nan.elem.clone(), vec![], &[2f64.to_bits()]);
    let want = program::run(&cmp, std::slice::from_ref(&two))
        .unwrap()
        .remove(0);
    let mut other = want.clone();
    other.data.set(0, other.data.get(0) ^ 1);
    let v = check_op(&cmp, 0, &[two], &other, &Budgets::default()).unwrap();
    assert!(matches!(v, Verdict::Deviation(_)), "{v:?}");

    let b = Budgets::default();
    for f in [
        "chlo.lgamma",
        "chlo.digamma",
        "chlo.zeta",
        "stablehlo.exponential",
    ] {
        assert_eq!(b.of(f), DEFAULT_ULP_BUDGET, "{f}");
    }
    assert_eq!(Budgets::parse("lgamma=9").unwrap().of("chlo.lgamma"), 9);
}
