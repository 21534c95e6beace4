//! `legalize` on every conformance program with CHLO ops (testdata/ and
//! interpret/): a file whose every CHLO op has a rule gives a program with
//! no CHLO op, that verifies, whose checks give the same verdicts as the
//! input's, and whose results are the input's bits. Files with ops that
//! have no exact rule name each such op with its position. Also the
//! speed of legalizing 10,000 ops.

mod common;

use hlocheck::cli::run::{test_file, Verdict};
use hlocheck::egraph::legalize;
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::print::print_program;

fn has_chlo(ops: &[hlocheck::ir::Op]) -> bool {
    ops.iter().any(|o| {
        o.name.starts_with("chlo.")
            || o.regions
                .iter()
                .any(|r| r.blocks.iter().any(|b| has_chlo(&b.ops)))
    })
}

#[test]
fn conformance_programs_with_chlo_legalize() {
    let Some(dir) = common::conformance_dir() else {
        eprintln!("no conformance suite; skipped");
        return;
    };
    let tmp = std::env::temp_dir().join(format!("hlocheck-legalize-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let (mut total, mut full, mut partial, mut same_verdicts) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for sub in ["testdata", "interpret"] {
        for f in common::mlir_files(&dir.join(sub)) {
            let text = common::read_text(&f);
            if !text.contains("chlo.") {
                continue;
            }
            // Every `// -----` case legalized on its own.
            let cases: Vec<_> = hlocheck::ir::parse::parse_file("x", &text)
                .into_iter()
                .filter_map(Result::ok)
                .collect();
            if !cases.iter().any(|p| has_chlo(&p.ops)) {
                continue;
            }
            total += 1;
            let ls: Vec<_> = cases.iter().map(legalize).collect();
            if ls.iter().any(|l| !l.left.is_empty()) {
                partial += 1;
                for u in ls.iter().flat_map(|l| l.left.iter()) {
                    assert!(
                        u.pos.line > 0,
                        "{}: {} has no position",
                        f.display(),
                        u.name
                    );
                }
                continue;
            }
            full += 1;
            let name = f.display().to_string();
            let mut out = String::new();
            for (i, l) in ls.iter().enumerate() {
                if has_chlo(&l.program.ops) {
                    failures.push(format!("{name}: CHLO ops left"));
                }
                let text = print_program(&l.program);
                let q = match parse_program("out", &text) {
                    Ok(q) => q,
                    Err(d) => {
                        failures.push(format!("{name}: output does not parse: {d}"));
                        continue;
                    }
                };
                let report = hlocheck::verify::verify_program(&q, &Default::default());
                if let Some(e) = report.errors().next() {
                    failures.push(format!(
                        "{name}: output does not verify: {} {}",
                        e.label, e.message
                    ));
                }
                if i > 0 {
                    out.push_str("\n// -----\n\n");
                }
                out.push_str(&text);
            }
            // The checks: same verdicts as the input (run on the input even
            // where its RUN line is disabled, as the output has none).
            let stripped: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("// RUN"))
                .map(|l| format!("{l}\n"))
                .collect();
            let a_path = tmp.join(format!("in-{full}.mlir"));
            let b_path = tmp.join(format!("out-{full}.mlir"));
            std::fs::write(&a_path, &stripped).unwrap();
            std::fs::write(&b_path, &out).unwrap();
            let a: Vec<Verdict> = test_file(&a_path, Default::default())
                .iter()
                .map(|c| c.verdict)
                .collect();
            let b: Vec<Verdict> = test_file(&b_path, Default::default())
                .iter()
                .map(|c| c.verdict)
                .collect();
            if a == b {
                same_verdicts += 1;
            } else {
                failures.push(format!("{name}: verdicts {a:?} became {b:?}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!("{total} programs with CHLO ops: {full} fully legalized ({same_verdicts} with the same check verdicts), {partial} with ops that have no exact rule");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(full >= 27, "only {full} programs fully legalized");
}

#[test]
fn ten_thousand_ops_legalize_in_under_a_second() {
    let mut body = String::from("func.func @main(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {\n  %v0 = stablehlo.add %x, %x : tensor<4x8xf32>\n");
    for i in 1..=10_000 {
        let op = match i % 4 {
            0 => "chlo.broadcast_add",
            1 => "chlo.broadcast_multiply",
            2 => "chlo.broadcast_maximum",
            _ => "chlo.broadcast_subtract",
        };
        body.push_str(&format!(
            "  %v{i} = {op} %v{}, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>\n",
            i - 1
        ));
    }
    body.push_str("  return %v10000 : tensor<4x8xf32>\n}\n");
    let p = parse_program("big", &body).unwrap();
    let t0 = std::time::Instant::now();
    let l = legalize(&p);
    let out = print_program(&l.program);
    let dt = t0.elapsed();
    eprintln!("10,000 CHLO ops legalized and printed in {dt:?}");
    assert!(l.left.is_empty());
    assert!(!out.contains("chlo."));
    assert!(dt.as_secs_f64() < 1.0, "took {dt:?}");
}

/// A CHLO broadcasting op with dynamic sizes: legalized, it has no CHLO op,
/// verifies, and on concrete operands of every listed shape gives the
/// executor's bits for the CHLO op (or fails where the CHLO op fails).
fn dynamic_case(text: &str, shapes: &[&[&[u64]]]) {
    dynamic_case_with(text, shapes, "dynamic_broadcast_in_dim")
}

/// [`dynamic_case`] of a program whose legalized form must hold `marker`.
fn dynamic_case_with(text: &str, shapes: &[&[&[u64]]], marker: &str) {
    use hlocheck::interp::literal::random_tensor;
    use hlocheck::interp::{Interp, Limits, Value};
    use hlocheck::ir::{TensorType, Type};
    let p = parse_program("dyn", text).unwrap();
    let l = legalize(&p);
    assert!(l.left.is_empty(), "{text}: {:?}", l.left);
    assert!(l.exact);
    let out = print_program(&l.program);
    assert!(!out.contains("chlo."), "{out}");
    assert!(out.contains(marker), "{out}");
    let q = parse_program("out", &out).unwrap();
    let report = hlocheck::verify::verify_program(&q, &Default::default());
    if let Some(e) = report.errors().next() {
        panic!("{out}\ndoes not verify: {} {}", e.label, e.message);
    }
    let f = &p.ops[0];
    let arg_types: Vec<Type> = f.regions[0].blocks[0]
        .args
        .iter()
        .map(|a| p.ty(*a).clone())
        .collect();
    let mut seed = 11u64;
    for case in shapes {
        let args: Vec<Value> = arg_types
            .iter()
            .zip(case.iter())
            .map(|(t, s)| {
                let tt = t.as_tensor().unwrap();
                let ty = Type::Tensor(TensorType::ranked(
                    s.iter().map(|&d| Some(d)).collect(),
                    tt.elem.clone(),
                ));
                Value::tensor(random_tensor(&ty, &mut seed, 1 << 20).unwrap())
            })
            .collect();
        let a = Interp::new(&p, Limits::default()).call("main", args.clone());
        let b = Interp::new(&q, Limits::default()).call("main", args);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                let bits = |v: &[Value]| {
                    v.iter()
                        .map(|x| {
                            let t = x.as_tensor().unwrap();
                            (t.shape.clone(), t.data.clone())
                        })
                        .collect::<Vec<_>>()
                };
                assert_eq!(bits(&a), bits(&b), "{text} on shapes {case:?}");
            }
            (Err(_), Err(_)) => {}
            (a, b) => panic!("{text} on shapes {case:?}: {a:?} vs {b:?}"),
        }
    }
}

#[test]
fn broadcasting_ops_with_dynamic_sizes_legalize_exactly() {
    dynamic_case(
        "func.func @main(%x: tensor<?x3xf32>, %y: tensor<?xf32>) -> tensor<?x3xf32> {\n  %r = chlo.broadcast_add %x, %y : (tensor<?x3xf32>, tensor<?xf32>) -> tensor<?x3xf32>\n  return %r : tensor<?x3xf32>\n}\n",
        &[
            &[&[2, 3], &[3]],
            &[&[2, 3], &[1]],
            &[&[1, 3], &[3]],
            &[&[0, 3], &[1]],
            &[&[0, 3], &[3]],
            &[&[2, 3], &[2]],
        ],
    );
    // Sizes 1 against 0 give 0 (not max(1, 0)); 1 against 1 stays 1.
    dynamic_case(
        "func.func @main(%x: tensor<?x?xi32>, %y: tensor<?x?xi32>) -> tensor<?x?xi32> {\n  %r = chlo.broadcast_multiply %x, %y : (tensor<?x?xi32>, tensor<?x?xi32>) -> tensor<?x?xi32>\n  return %r : tensor<?x?xi32>\n}\n",
        &[
            &[&[2, 3], &[1, 3]],
            &[&[1, 1], &[4, 5]],
            &[&[2, 1], &[1, 5]],
            &[&[0, 1], &[1, 7]],
            &[&[1, 0], &[3, 1]],
            &[&[1, 1], &[1, 1]],
            &[&[2, 3], &[3, 2]],
        ],
    );
    dynamic_case(
        "func.func @main(%x: tensor<?x?xf16>, %y: tensor<?xf16>) -> tensor<?x?xi1> {\n  %r = chlo.broadcast_compare %x, %y {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<?x?xf16>, tensor<?xf16>) -> tensor<?x?xi1>\n  return %r : tensor<?x?xi1>\n}\n",
        &[&[&[2, 3], &[2]], &[&[2, 3], &[1]], &[&[1, 4], &[5]], &[&[2, 3], &[3]]],
    );
    dynamic_case(
        "func.func @main(%p: tensor<?xi1>, %x: tensor<?x?xbf16>, %y: tensor<bf16>) -> tensor<?x?xbf16> {\n  %r = chlo.broadcast_select %p, %x, %y : (tensor<?xi1>, tensor<?x?xbf16>, tensor<bf16>) -> tensor<?x?xbf16>\n  return %r : tensor<?x?xbf16>\n}\n",
        &[
            &[&[3], &[2, 3], &[]],
            &[&[1], &[2, 3], &[]],
            &[&[4], &[2, 1], &[]],
            &[&[0], &[2, 1], &[]],
        ],
    );
    dynamic_case(
        "func.func @main(%x: tensor<?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {\n  %r = chlo.broadcast_next_after %x, %y : (tensor<?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>\n  return %r : tensor<?x?xf32>\n}\n",
        &[&[&[3], &[2, 3]], &[&[1], &[2, 3]], &[&[3], &[2, 1]]],
    );
    dynamic_case(
        "func.func @main(%x: tensor<?xf64>, %y: tensor<2x?xf64>) -> tensor<2x?xcomplex<f64>> {\n  %r = chlo.broadcast_complex %x, %y : (tensor<?xf64>, tensor<2x?xf64>) -> tensor<2x?xcomplex<f64>>\n  return %r : tensor<2x?xcomplex<f64>>\n}\n",
        &[&[&[3], &[2, 3]], &[&[1], &[2, 4]], &[&[4], &[2, 1]]],
    );
    dynamic_case(
        "func.func @main(%x: tensor<?xi8>, %y: tensor<4x?xi8>) -> tensor<4x?xi8> {\n  %r = chlo.broadcast_shift_left %x, %y : (tensor<?xi8>, tensor<4x?xi8>) -> tensor<4x?xi8>\n  return %r : tensor<4x?xi8>\n}\n",
        &[&[&[3], &[4, 3]], &[&[1], &[4, 2]], &[&[5], &[4, 1]]],
    );
}

/// `chlo.scan` with dynamic sizes: the loop reads its length and slice
/// sizes at run time; on every listed shape (empty scans and empty slices
/// too) it gives the executor's bits for the scan.
#[test]
fn scan_with_dynamic_sizes_legalizes_exactly() {
    // A cumulative sum over a dynamic length.
    dynamic_case_with(
        "func.func @main(%x: tensor<?xf32>, %i: tensor<f32>) -> (tensor<?xf32>, tensor<f32>) {\n  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {\n  ^bb0(%a: tensor<f32>, %c: tensor<f32>):\n    %1 = stablehlo.add %a, %c : tensor<f32>\n    stablehlo.return %1, %1 : tensor<f32>, tensor<f32>\n  } : (tensor<?xf32>, tensor<f32>) -> (tensor<?xf32>, tensor<f32>)\n  return %0#0, %0#1 : tensor<?xf32>, tensor<f32>\n}\n",
        &[&[&[5], &[]], &[&[1], &[]], &[&[0], &[]]],
        "get_dimension_size",
    );
    // Reversed, along dimension 1, with every size dynamic: slices of a
    // dynamic size (real_dynamic_slice, dynamic_reshape).
    dynamic_case_with(
        "func.func @main(%x: tensor<?x?xi32>, %i: tensor<?xi32>) -> (tensor<?x?xi32>, tensor<?xi32>) {\n  %0:2 = chlo.scan(%x) inits(%i) dimension=1 attributes {is_reverse = true} {\n  ^bb0(%a: tensor<?xi32>, %c: tensor<?xi32>):\n    %1 = stablehlo.multiply %a, %c : tensor<?xi32>\n    %2 = stablehlo.add %1, %a : tensor<?xi32>\n    stablehlo.return %2, %2 : tensor<?xi32>, tensor<?xi32>\n  } : (tensor<?x?xi32>, tensor<?xi32>) -> (tensor<?x?xi32>, tensor<?xi32>)\n  return %0#0, %0#1 : tensor<?x?xi32>, tensor<?xi32>\n}\n",
        &[
            &[&[2, 3], &[2]],
            &[&[3, 1], &[3]],
            &[&[0, 4], &[0]],
            &[&[3, 0], &[3]],
            &[&[2, 3], &[3]],
        ],
        "real_dynamic_slice",
    );
    // Two inputs of mixed static and dynamic sizes, two carries, reversed.
    dynamic_case_with(
        "func.func @main(%x: tensor<?x2xbf16>, %y: tensor<?x2xbf16>, %i: tensor<2xbf16>, %j: tensor<2xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<2xbf16>) {\n  %0:4 = chlo.scan(%x, %y) inits(%i, %j) dimension=0 attributes {is_reverse = true} {\n  ^bb0(%a: tensor<2xbf16>, %b: tensor<2xbf16>, %c: tensor<2xbf16>, %d: tensor<2xbf16>):\n    %1 = stablehlo.multiply %a, %c : tensor<2xbf16>\n    %2 = stablehlo.add %b, %d : tensor<2xbf16>\n    %3 = stablehlo.subtract %1, %2 : tensor<2xbf16>\n    stablehlo.return %3, %1, %3, %2 : tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>\n  } : (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> (tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<2xbf16>, tensor<2xbf16>)\n  return %0#0, %0#1, %0#3 : tensor<?x2xbf16>, tensor<?x2xbf16>, tensor<2xbf16>\n}\n",
        &[
            &[&[4, 2], &[4, 2], &[2], &[2]],
            &[&[0, 2], &[0, 2], &[2], &[2]],
        ],
        "dynamic_broadcast_in_dim",
    );
}

/// `chlo.ragged_dot` legalized gives the executor's bits: random lhs and
/// rhs, the listed group sizes (short, overlong and negative groups too).
#[test]
fn ragged_dot_legalizes_exactly() {
    use hlocheck::interp::literal::{parse_literal, random_tensor};
    use hlocheck::interp::{Interp, Limits, Value};
    let mode1 = |e: &str| {
        format!("func.func @main(%l: tensor<6x3x{e}>, %r: tensor<3x3x4x{e}>, %g: tensor<3xi32>) -> tensor<6x4x{e}> {{\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}} : (tensor<6x3x{e}>, tensor<3x3x4x{e}>, tensor<3xi32>) -> tensor<6x4x{e}>\n  return %o : tensor<6x4x{e}>\n}}\n")
    };
    let mode3 = "func.func @main(%l: tensor<2x5x3xf32>, %r: tensor<2x3x4xf32>, %g: tensor<2xi64>) -> tensor<2x5x4xf32> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<2x5x3xf32>, tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<2x5x4xf32>\n  return %o : tensor<2x5x4xf32>\n}\n".to_string();
    // Mode 2: the ragged dimension is contracted; one result per group.
    let mode2 = |e: &str| {
        format!("func.func @main(%l: tensor<4x7x{e}>, %r: tensor<7x5x{e}>, %g: tensor<3xi32>) -> tensor<3x4x5x{e}> {{\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>}} : (tensor<4x7x{e}>, tensor<7x5x{e}>, tensor<3xi32>) -> tensor<3x4x5x{e}>\n  return %o : tensor<3x4x5x{e}>\n}}\n")
    };
    let mode2_batch = "func.func @main(%l: tensor<2x3x6xf64>, %r: tensor<2x4x6xf64>, %g: tensor<4xi64>) -> tensor<4x2x3x4xf64> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>} : (tensor<2x3x6xf64>, tensor<2x4x6xf64>, tensor<4xi64>) -> tensor<4x2x3x4xf64>\n  return %o : tensor<4x2x3x4xf64>\n}\n".to_string();
    let mode2_one = "func.func @main(%l: tensor<3x5xcomplex<f32>>, %r: tensor<5x2xcomplex<f32>>, %g: tensor<1xui8>) -> tensor<1x3x2xcomplex<f32>> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<3x5xcomplex<f32>>, tensor<5x2xcomplex<f32>>, tensor<1xui8>) -> tensor<1x3x2xcomplex<f32>>\n  return %o : tensor<1x3x2xcomplex<f32>>\n}\n".to_string();
    let cases = [
        (
            mode2("f32"),
            vec![
                "[2, 2, 3]",
                "[0, 7, 0]",
                "[1, 0, 9]",
                "[-1, 3, 9]",
                "[7, 7, 7]",
                "[0, 0, 0]",
            ],
        ),
        (mode2("f16"), vec!["[3, 1, 3]", "[0, 2, 1]"]),
        (mode2("f8E4M3FN"), vec!["[3, 1, 3]"]),
        (mode2("i8"), vec!["[4, -5, 3]", "[2, 2, 2]"]),
        (
            mode2_batch,
            vec!["[1, 2, 0, 3]", "[0, 0, 6, 6]", "[6, 0, 0, 0]"],
        ),
        (mode2_one, vec!["[3]", "[5]", "[200]", "[0]"]),
        (
            mode1("f32"),
            vec!["[2, 2, 2]", "[1, 0, 2]", "[4, 4, 4]", "[-1, 3, 9]"],
        ),
        (mode1("bf16"), vec!["[2, 3, 1]", "[0, 0, 6]"]),
        (mode1("i32"), vec!["[3, -2, 5]"]),
        (mode3, vec!["[1, 1]"]),
    ];
    for (text, sizes) in &cases {
        let p = parse_program("rd", text).unwrap();
        let l = legalize(&p);
        assert!(l.left.is_empty(), "{:?}", l.left);
        let out = print_program(&l.program);
        assert!(!out.contains("chlo."), "{out}");
        let q = parse_program("out", &out).unwrap();
        let report = hlocheck::verify::verify_program(&q, &Default::default());
        if let Some(e) = report.errors().next() {
            panic!("{out}\ndoes not verify: {} {}", e.label, e.message);
        }
        let args: Vec<_> = p.ops[0].regions[0].blocks[0]
            .args
            .iter()
            .map(|a| p.ty(*a).clone())
            .collect();
        for (k, s) in sizes.iter().enumerate() {
            let mut seed = 5 + k as u64;
            let g_ty = &args[2];
            let g = parse_literal(&format!("dense<{s}> : {g_ty}"), 1 << 20).unwrap();
            let mut lhs = random_tensor(&args[0], &mut seed, 1 << 20).unwrap();
            let mut rhs = random_tensor(&args[1], &mut seed, 1 << 20).unwrap();
            // f32 lanes: ∞, NaN and −0 at fixed places (inside and outside
            // the groups), which the zeros put outside a group must not meet.
            if text.contains("x7xf32>") {
                lhs.data.set(1, f32::INFINITY.to_bits() as u64);
                lhs.data.set(9, 0x7FC0_1234);
                lhs.data.set(20, (-0.0f32).to_bits() as u64);
                rhs.data.set(33, f32::NEG_INFINITY.to_bits() as u64);
                rhs.data.set(3, (-0.0f32).to_bits() as u64);
            }
            let vals = vec![Value::tensor(lhs), Value::tensor(rhs), Value::tensor(g)];
            let a = Interp::new(&p, Limits::default())
                .call("main", vals.clone())
                .unwrap();
            let b = Interp::new(&q, Limits::default())
                .call("main", vals)
                .unwrap();
            let bits = |v: &[Value]| v[0].as_tensor().unwrap().data.clone();
            assert_eq!(bits(&a), bits(&b), "{text} with sizes {s}");
        }
    }
}

/// The text of a program of tests/programs/legalize/.
macro_rules! program {
    ($name:literal) => {
        include_str!(concat!("programs/legalize/", $name))
    };
}

/// A program of tests/programs/legalize/ legalized: no CHLO op is left,
/// the output verifies, and on every listed set of argument shapes, every
/// listed `group_sizes` literal (the last argument, when any is listed) and
/// seeds 1..=3, running the output gives the bits of running `reference`
/// (the input itself, or a static twin where the input's result is
/// dynamic and the executor cannot run it). f32 operands get NaN (with a
/// payload), −0 and ±∞ at places that move with the seed. Both failing
/// (a run-time shape the op rejects) counts as agreeing.
fn program_case(
    text: &str,
    reference: Option<&str>,
    marker: &str,
    shapes: &[&[&[u64]]],
    sizes: &[&str],
) {
    use hlocheck::float::FloatKind;
    use hlocheck::interp::literal::{parse_literal, random_tensor};
    use hlocheck::interp::{Interp, Limits, Value};
    use hlocheck::ir::{ElementType, TensorType, Type};
    let p = parse_program("in", text).unwrap();
    let l = legalize(&p);
    assert!(l.left.is_empty(), "{text}: {:?}", l.left);
    assert!(l.exact);
    let out = print_program(&l.program);
    assert!(!has_chlo(&l.program.ops), "{out}");
    // No CHLO attribute is left on a StableHLO op either.
    assert!(!out.contains("#chlo"), "{out}");
    assert!(out.contains(marker), "{out}");
    let q = parse_program("out", &out).unwrap();
    let report = hlocheck::verify::verify_program(&q, &Default::default());
    if let Some(e) = report.errors().next() {
        panic!("{out}\ndoes not verify: {} {}", e.label, e.message);
    }
    let r = reference.map(|t| parse_program("ref", t).unwrap());
    let reference = r.as_ref().unwrap_or(&p);
    let arg_types: Vec<Type> = p.ops[0].regions[0].blocks[0]
        .args
        .iter()
        .map(|a| p.ty(*a).clone())
        .collect();
    let no_sizes = [""];
    let sizes = if sizes.is_empty() {
        &no_sizes[..]
    } else {
        sizes
    };
    let mut compared = 0;
    for case in shapes {
        for s in sizes {
            for seed0 in 1..=3u64 {
                let mut seed = seed0;
                let mut args = Vec::new();
                for (k, (t, shape)) in arg_types.iter().zip(case.iter()).enumerate() {
                    let tt = t.as_tensor().unwrap();
                    let ty = Type::Tensor(TensorType::ranked(
                        shape.iter().map(|&d| Some(d)).collect(),
                        tt.elem.clone(),
                    ));
                    if !s.is_empty() && k + 1 == arg_types.len() {
                        args.push(Value::tensor(
                            parse_literal(&format!("dense<{s}> : {ty}"), 1 << 20).unwrap(),
                        ));
                        continue;
                    }
                    let mut x = random_tensor(&ty, &mut seed, 1 << 20).unwrap();
                    let n = x.data.len();
                    if tt.elem == ElementType::Float(FloatKind::F32) && n > 0 {
                        let special = [0x7FC0_1234u64, 0x8000_0000, 0x7F80_0000, 0xFF80_0000];
                        for (j, v) in special.iter().enumerate() {
                            x.data.set((seed0 as usize * 7 + j * 5 + k) % n, *v);
                        }
                    }
                    // f8E8M0FNU: powers of two near 1 (random patterns
                    // mostly overflow to NaN in a product), one NaN.
                    if tt.elem == ElementType::Float(FloatKind::F8E8M0FNU) && n > 0 {
                        for i in 0..n {
                            x.data.set(i, 124 + x.data.get(i) % 7);
                        }
                        x.data.set((seed0 as usize * 3 + k) % n, 0xFF);
                    }
                    args.push(Value::tensor(x));
                }
                let a = Interp::new(reference, Limits::default()).call("main", args.clone());
                let b = Interp::new(&q, Limits::default()).call("main", args);
                match (a, b) {
                    (Ok(a), Ok(b)) => {
                        let bits = |v: &[Value]| {
                            v.iter()
                                .map(|x| {
                                    let t = x.as_tensor().unwrap();
                                    (t.shape.clone(), t.elem.clone(), t.data.clone())
                                })
                                .collect::<Vec<_>>()
                        };
                        assert_eq!(
                            bits(&a),
                            bits(&b),
                            "{text} on shapes {case:?}, sizes {s}, seed {seed0}"
                        );
                        compared += 1;
                    }
                    (Err(_), Err(_)) => {}
                    (a, b) => panic!("{text} on shapes {case:?}, sizes {s}: {a:?} vs {b:?}"),
                }
            }
        }
    }
    // Most cases run: a case that fails on both sides proves nothing.
    assert!(
        compared * 2 > shapes.len() * sizes.len() * 3,
        "{text}: {compared} runs compared"
    );
}

/// `chlo.ragged_dot` with dynamic sizes, in every mode: the sizes read at
/// run time, the same bits as the executor's op (or, for a dynamic result,
/// as its static twin), over short, empty, overlong and negative groups.
#[test]
fn ragged_dot_with_dynamic_sizes_legalizes_exactly() {
    program_case(
        program!("ragged_dot_mode1_dynamic.mlir"),
        None,
        "real_dynamic_slice",
        &[&[&[6, 3], &[3, 3, 4], &[3]], &[&[6, 0], &[3, 0, 4], &[3]]],
        &[
            "[2, 2, 2]",
            "[1, 0, 2]",
            "[4, 4, 4]",
            "[-1, 3, 9]",
            "[0, 0, 0]",
            "[7, -2, 1]",
        ],
    );
    program_case(
        program!("ragged_dot_mode1_dynamic_result.mlir"),
        Some(program!("ragged_dot_mode1_dynamic_result_static.mlir")),
        "dynamic_iota",
        &[&[&[5, 3], &[2, 3, 4], &[2]]],
        &[
            "[2, 2]",
            "[9223372036854775808, 1]",
            "[18446744073709551615, 18446744073709551615]",
            "[0, 3]",
            "[3, 9]",
            "[1, 18446744073709551615]",
        ],
    );
    program_case(
        program!("ragged_dot_mode2_dynamic.mlir"),
        None,
        "real_dynamic_slice",
        &[
            &[&[4, 7], &[7, 5], &[3]],
            &[&[4, 0], &[0, 5], &[3]],
            &[&[4, 3], &[3, 5], &[3]],
        ],
        &[
            "[2, 2, 3]",
            "[0, 7, 0]",
            "[-1, 3, 9]",
            "[7, 7, 7]",
            "[0, 0, 0]",
            "[9223372036854775807, 9223372036854775807, 1]",
        ],
    );
    program_case(
        program!("ragged_dot_mode2_dynamic_result.mlir"),
        Some(program!("ragged_dot_mode2_dynamic_result_static.mlir")),
        "dynamic_reshape",
        &[&[&[3, 6], &[6, 2], &[2]]],
        &["[2, 3]", "[-5, 127]", "[6, 6]", "[0, 0]", "[-128, 4]"],
    );
    program_case(
        program!("ragged_dot_mode3_dynamic.mlir"),
        None,
        "dot_general",
        &[
            &[&[2, 5, 3], &[2, 3, 4], &[2]],
            &[&[2, 5, 0], &[2, 0, 4], &[2]],
        ],
        &["[1, 1]", "[-3, 9]"],
    );
}

/// `chlo.ragged_dot` in f8E8M0FNU (no zero: mode 2 contracts each group's
/// slices, mode 1 fills rows past the groups with NaN) and with 64-bit
/// group sizes whose values or sums pass 2^63.
#[test]
fn ragged_dot_without_zero_and_with_64_bit_sizes_legalizes_exactly() {
    program_case(
        program!("ragged_dot_mode1_e8m0.mlir"),
        None,
        "stablehlo.select",
        &[&[&[6u64, 2][..], &[3, 2, 3], &[3]][..]],
        &["[1, 2, 1]", "[0, 0, 0]", "[6, 1, 1]", "[2, 1, 0]"],
    );
    let m2 = &[&[&[4u64, 7][..], &[7, 5], &[3]][..]];
    program_case(
        program!("ragged_dot_mode2_e8m0.mlir"),
        None,
        "real_dynamic_slice",
        m2,
        &[
            "[2, 2, 3]",
            "[0, 7, 0]",
            "[-1, 3, 9]",
            "[7, 7, 7]",
            "[0, 0, 0]",
        ],
    );
    program_case(
        program!("ragged_dot_mode2_u64.mlir"),
        None,
        "ui64",
        m2,
        &[
            "[2, 2, 3]",
            "[9223372036854775808, 1, 1]",
            "[18446744073709551615, 18446744073709551615, 0]",
            "[3, 18446744073709551615, 5]",
            "[0, 0, 0]",
        ],
    );
    let m1 = &[&[&[6u64, 2][..], &[3, 2, 3], &[3]][..]];
    program_case(
        program!("ragged_dot_mode1_u64.mlir"),
        None,
        "ui64",
        m1,
        &[
            "[9223372036854775809, 1, 1]",
            "[2, 18446744073709551615, 1]",
            "[0, 9223372036854775808, 9223372036854775808]",
            "[1, 2, 3]",
            "[0, 0, 0]",
        ],
    );
    program_case(
        program!("ragged_dot_mode1_i64.mlir"),
        None,
        "i64",
        m1,
        &[
            "[9223372036854775807, 9223372036854775807, 3]",
            "[2, 9223372036854775807, 3]",
            "[-9223372036854775808, 4, 9223372036854775807]",
            "[3, -1, 2]",
        ],
    );
}

/// A quantized `chlo.scan` (per-tensor quantized types) gives the
/// executor's bits, static and dynamic lengths; so does a quantized
/// `ragged_dot` (dequantized, the float op lowered, quantized).
#[test]
fn quantized_scan_and_ragged_dot_legalize_exactly() {
    program_case(
        program!("scan_quantized.mlir"),
        None,
        "stablehlo.while",
        &[&[&[5, 2], &[5, 2], &[2]]],
        &[],
    );
    program_case(
        program!("scan_quantized_dynamic.mlir"),
        None,
        "dynamic_broadcast_in_dim",
        &[&[&[5], &[]], &[&[1], &[]], &[&[0], &[]]],
        &[],
    );
    let text = "func.func @main(%l: tensor<4x7x!quant.uniform<i8:f32, 0.5:2>>, %r: tensor<7x5x!quant.uniform<i8:f32, 0.25>>, %g: tensor<3xi32>) -> tensor<3x4x5x!quant.uniform<i32:f32, 0.125>> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<4x7x!quant.uniform<i8:f32, 0.5:2>>, tensor<7x5x!quant.uniform<i8:f32, 0.25>>, tensor<3xi32>) -> tensor<3x4x5x!quant.uniform<i32:f32, 0.125>>\n  return %o : tensor<3x4x5x!quant.uniform<i32:f32, 0.125>>\n}\n";
    // Mode 2, quantized operands and result; and mode 1 with a float
    // result of quantized operands (hybrid).
    program_case(
        text,
        None,
        "stablehlo.uniform_quantize",
        &[&[&[4, 7], &[7, 5], &[3]]],
        &["[2, 3, 2]", "[0, 9, -1]", "[7, 0, 0]"],
    );
    let hybrid = "func.func @main(%l: tensor<6x3x!quant.uniform<i8:f32, 0.5:1>>, %r: tensor<3x3x4x!quant.uniform<i8:f32, 0.25>>, %g: tensor<3xi64>) -> tensor<6x4xf32> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x3x!quant.uniform<i8:f32, 0.5:1>>, tensor<3x3x4x!quant.uniform<i8:f32, 0.25>>, tensor<3xi64>) -> tensor<6x4xf32>\n  return %o : tensor<6x4xf32>\n}\n";
    program_case(
        hybrid,
        None,
        "stablehlo.uniform_dequantize",
        &[&[&[6, 3], &[3, 3, 4], &[3]]],
        &["[2, 2, 2]", "[1, 0, 9]", "[-1, 4, 1]"],
    );
}

/// CHLO ops inside regions (a reduce body, a map body, a sort comparator,
/// a while's cond and body with a reduce nested in it, and a top_k whose
/// lowering builds a sort region inside the loop body) over the regions'
/// block arguments and the function's values: every one is lowered, and
/// the program gives the executor's bits (NaN, −0, ±∞ among the inputs).
#[test]
fn chlo_ops_in_regions_legalize_exactly() {
    program_case(
        program!("regions.mlir"),
        None,
        "stablehlo.while",
        &[&[&[4, 3], &[4, 3], &[3], &[]]],
        &[],
    );
}

/// Mode 1 with `group_sizes` of rank > 1 (a row of sizes per batch index,
/// i32 and ui64, static and dynamic row counts): the executor's bits over
/// short, empty, overlong, negative and huge groups, a different row per
/// batch index. A row layout the executor does not index by batch (a free
/// dimension before the ragged one) is left unlowered, with its reason.
#[test]
fn ragged_dot_with_batched_group_sizes_legalizes_exactly() {
    program_case(
        program!("ragged_dot_mode1_batched_sizes.mlir"),
        None,
        "stablehlo.broadcast_in_dim",
        &[&[&[2, 6, 3], &[2, 3, 3, 4], &[2, 3]]],
        &[
            "[[2, 2, 2], [1, 4, 1]]",
            "[[0, 6, 0], [6, 0, 0]]",
            "[[-1, 3, 9], [3, -2, 2]]",
            "[[0, 0, 0], [7, 7, 7]]",
        ],
    );
    program_case(
        program!("ragged_dot_mode1_batched_sizes_dynamic.mlir"),
        None,
        "real_dynamic_slice",
        &[&[&[2, 2, 5, 3], &[2, 2, 3, 3, 4], &[2, 2, 3]]],
        &[
            "[[[1, 2, 2], [0, 5, 0]], [[2, 0, 9], [18446744073709551615, 1, 1]]]",
            "[[[0, 0, 0], [5, 0, 0]], [[1, 1, 1], [0, 0, 5]]]",
            "[[[9223372036854775808, 0, 0], [2, 2, 2]], [[1, 3, 1], [4, 4, 4]]]",
        ],
    );
    // A free lhs dimension before the ragged one: CHLO's row is that
    // dimension's index, which the executor does not read; not lowered.
    let text = "func.func @main(%l: tensor<2x6x3xf32>, %r: tensor<3x3x4xf32>, %g: tensor<2x3xi32>) -> tensor<2x6x4xf32> {\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<2x6x3xf32>, tensor<3x3x4xf32>, tensor<2x3xi32>) -> tensor<2x6x4xf32>\n  return %o : tensor<2x6x4xf32>\n}\n";
    let l = legalize(&parse_program("free", text).unwrap());
    assert_eq!(l.left.len(), 1, "{}", print_program(&l.program));
    assert!(l.left[0].reason.contains("rank > 1"), "{:?}", l.left);
}

/// `chlo.ragged_dot` with a quantized operand beside an operand of another
/// float type (CHLO's (CH8) allows different element types only then):
/// each operand dequantized, converted to the result's float type and the
/// float op lowered give the executor's bits (it converts each operand to
/// the type it accumulates in).
#[test]
fn ragged_dot_of_mixed_float_types_legalizes_exactly() {
    let dims1 = "#chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>";
    let dims2 = "#chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>";
    let case = |l: &str, r: &str, o: &str, dims: &str| {
        format!("func.func @main(%l: {l}, %r: {r}, %g: tensor<3xi32>) -> {o} {{\n  %o = \"chlo.ragged_dot\"(%l, %r, %g) {{ragged_dot_dimension_numbers = {dims}}} : ({l}, {r}, tensor<3xi32>) -> {o}\n  return %o : {o}\n}}\n")
    };
    // Mode 1: a bf16-expressed quantized lhs, an f32 rhs, an f32 result.
    program_case(
        &case(
            "tensor<6x3x!quant.uniform<i8:bf16, 0.5:1>>",
            "tensor<3x3x4xf32>",
            "tensor<6x4xf32>",
            dims1,
        ),
        None,
        "stablehlo.convert",
        &[&[&[6, 3], &[3, 3, 4], &[3]]],
        &["[2, 2, 2]", "[1, 0, 9]", "[-1, 4, 1]"],
    );
    // Mode 1: an f16 lhs, an f32-expressed quantized rhs, a bf16 result.
    program_case(
        &case(
            "tensor<6x3xf16>",
            "tensor<3x3x4x!quant.uniform<i8:f32, 0.25:-3>>",
            "tensor<6x4xbf16>",
            dims1,
        ),
        None,
        "stablehlo.convert",
        &[&[&[6, 3], &[3, 3, 4], &[3]]],
        &["[2, 2, 2]", "[0, 6, 0]", "[3, -2, 9]"],
    );
    // Mode 2: quantized operands expressing f32 and bf16, a quantized
    // result expressing f32; and an f32 lhs with it.
    program_case(
        &case(
            "tensor<4x7x!quant.uniform<i8:f32, 0.5:2>>",
            "tensor<7x5x!quant.uniform<i8:bf16, 0.25>>",
            "tensor<3x4x5x!quant.uniform<i32:f32, 0.125>>",
            dims2,
        ),
        None,
        "stablehlo.uniform_quantize",
        &[&[&[4, 7], &[7, 5], &[3]]],
        &["[2, 3, 2]", "[0, 9, -1]", "[7, 0, 0]"],
    );
    program_case(
        &case(
            "tensor<4x7xf32>",
            "tensor<7x5x!quant.uniform<i8:bf16, 0.25>>",
            "tensor<3x4x5xf32>",
            dims2,
        ),
        None,
        "stablehlo.convert",
        &[&[&[4, 7], &[7, 5], &[3]]],
        &["[2, 3, 2]", "[0, 9, -1]", "[7, 0, 0]"],
    );
}

/// A per-axis quantized `chlo.scan` is left unlowered, with its reason
/// (StableHLO's slicing ops take no per-axis quantized tensors).
#[test]
fn per_axis_quantized_scan_is_left_with_its_reason() {
    let l = legalize(&parse_program("per_axis", program!("scan_quantized_per_axis.mlir")).unwrap());
    assert_eq!(l.left.len(), 1, "{}", print_program(&l.program));
    assert!(l.left[0].reason.contains("per-axis"), "{:?}", l.left);
}
