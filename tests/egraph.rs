//! The e-graph: IR → e-graph → IR round trips keep the meaning (same bits
//! from the executor), and equality by rewriting proves what the exact
//! rules prove and nothing else.

use hlocheck::egraph::lang::{add_function, extract, FewestOps, HGraph, TypeAnalysis};
use hlocheck::egraph::{rewrite_equal, Limits};
use hlocheck::interp::literal::random_tensor;
use hlocheck::interp::{Interp, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::Program;

fn run(p: &Program, seed: u64) -> Vec<Vec<u64>> {
    let mut it = Interp::new(p, Default::default());
    let f = it.function("main").expect("main");
    let args: Vec<Value> = f.regions[0].blocks[0]
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let mut s = seed + i as u64;
            Value::tensor(random_tensor(p.ty(*a), &mut s, 1 << 20).unwrap())
        })
        .collect();
    it.call("main", args)
        .unwrap()
        .iter()
        .map(|v| v.as_tensor().unwrap().lanes_vec())
        .collect()
}

fn round_trip(text: &str) {
    let p = parse_program("t", text).unwrap();
    let mut g = HGraph::new(TypeAnalysis::default());
    let root = add_function(&mut g, &p, "main").unwrap();
    g.rebuild();
    let q = extract(&g, root, &p, "main", FewestOps).unwrap();
    let report = hlocheck::verify::verify_program(&q, &Default::default());
    assert!(
        !report.has_errors(),
        "{}",
        hlocheck::ir::print::print_program(&q)
    );
    for seed in 0..4 {
        assert_eq!(
            run(&p, seed),
            run(&q, seed),
            "{}",
            hlocheck::ir::print::print_program(&q)
        );
    }
}

#[test]
fn round_trips_keep_the_meaning() {
    round_trip(
        "func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = stablehlo.add %x, %y : tensor<4xf32>
  %b = stablehlo.multiply %a, %a : tensor<4xf32>
  %c = stablehlo.add %x, %y : tensor<4xf32>
  %d = stablehlo.subtract %b, %c : tensor<4xf32>
  return %d : tensor<4xf32>
}",
    );
    // Regions (sort, reduce) and multi-result ops.
    round_trip(
        "func.func @main(%x: tensor<3x5xi32>) -> (tensor<3x5xi32>, tensor<3x5xi32>, tensor<3xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<3x5xi32>
  %s:2 = \"stablehlo.sort\"(%x, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %g = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %g : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi32>, tensor<3x5xi32>) -> (tensor<3x5xi32>, tensor<3x5xi32>)
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x5xi32>, tensor<i32>) -> tensor<3xi32>
  return %s#0, %s#1, %r : tensor<3x5xi32>, tensor<3x5xi32>, tensor<3xi32>
}",
    );
}

fn prog(body: &str, ty: &str, n: usize) -> Program {
    let args: Vec<String> = (0..n).map(|i| format!("%a{i}: {ty}")).collect();
    parse_program(
        "t",
        &format!(
            "func.func @main({}) -> {ty} {{\n{body}\n}}",
            args.join(", ")
        ),
    )
    .unwrap()
}

#[test]
fn rewriting_proves_legalizations_and_exact_identities() {
    let t = "tensor<4xf32>";
    let a = prog(
        &format!("  %r = chlo.square %a0 : {t} -> {t}\n  return %r : {t}"),
        t,
        1,
    );
    let b = prog(
        &format!("  %r = stablehlo.multiply %a0, %a0 : {t}\n  return %r : {t}"),
        t,
        1,
    );
    let proof = rewrite_equal(&a, "main", &b, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(text.contains("by square"), "{text}");

    let t = "tensor<4xi32>";
    let a = prog(
        &format!("  %n = stablehlo.negate %a0 : {t}\n  %m = stablehlo.negate %n : {t}\n  %r = stablehlo.add %m, %a1 : {t}\n  return %r : {t}"),
        t,
        2,
    );
    let b = prog(
        &format!("  %r = stablehlo.add %a1, %a0 : {t}\n  return %r : {t}"),
        t,
        2,
    );
    let proof = rewrite_equal(&a, "main", &b, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(
        text.contains("negate_negate") && text.contains("add_commutes_int"),
        "{text}"
    );
}

#[test]
fn rewriting_does_not_prove_what_is_not_bit_exact() {
    // Float addition does not commute bit for bit (NaN payloads).
    let t = "tensor<4xf32>";
    let a = prog(
        &format!("  %r = stablehlo.add %a0, %a1 : {t}\n  return %r : {t}"),
        t,
        2,
    );
    let b = prog(
        &format!("  %r = stablehlo.add %a1, %a0 : {t}\n  return %r : {t}"),
        t,
        2,
    );
    assert!(rewrite_equal(&a, "main", &b, "main", Limits::default()).is_none());
    // negate(negate(x)) is not x in f8E8M0FNU.
    let t = "tensor<4xf8E8M0FNU>";
    let a = prog(&format!("  %n = stablehlo.negate %a0 : {t}\n  %r = stablehlo.negate %n : {t}\n  return %r : {t}"), t, 1);
    let b = prog(&format!("  return %a0 : {t}"), t, 1);
    assert!(rewrite_equal(&a, "main", &b, "main", Limits::default()).is_none());
}

#[test]
fn rewriting_inlines_calls_and_uses_multi_result_rules() {
    // A call to a function in the module is inlined.
    let t = "tensor<4xf32>";
    let a = parse_program(
        "t",
        &format!("func.func private @sq(%x: {t}) -> {t} {{\n  %r = chlo.square %x : {t} -> {t}\n  return %r : {t}\n}}\nfunc.func @main(%a0: {t}) -> {t} {{\n  %r = func.call @sq(%a0) : ({t}) -> {t}\n  return %r : {t}\n}}\n"),
    )
    .unwrap();
    let b = prog(
        &format!("  %r = stablehlo.multiply %a0, %a0 : {t}\n  return %r : {t}"),
        t,
        1,
    );
    let proof = rewrite_equal(&a, "main", &b, "main", Limits::default()).expect("proved");
    assert!(proof.to_string().contains("by square"), "{proof}");
    // A recursive call is not inlined: no proof.
    let r = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}) -> {t} {{\n  %r = func.call @main(%a0) : ({t}) -> {t}\n  return %r : {t}\n}}\n"),
    )
    .unwrap();
    assert!(rewrite_equal(&r, "main", &b, "main", Limits::default()).is_none());
    // A multi-result rule (a fixture: optimization_barrier passes its
    // operands through) joins every result, not only the first.
    let rules = hlocheck::egraph::rules::parse_rules(
        "fixture.rules",
        "rule barrier exact\n from %a, %b = stablehlo.optimization_barrier(%x, %y) : (T, U)\n to %a = %x\n %b = %y\nend\n",
    )
    .unwrap();
    let refs: Vec<_> = rules.iter().collect();
    let a = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}, %a1: tensor<2xi32>) -> ({t}, tensor<2xi32>) {{\n  %r:2 = stablehlo.optimization_barrier %a0, %a1 : {t}, tensor<2xi32>\n  return %r#0, %r#1 : {t}, tensor<2xi32>\n}}\n"),
    )
    .unwrap();
    let b = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}, %a1: tensor<2xi32>) -> ({t}, tensor<2xi32>) {{\n  return %a0, %a1 : {t}, tensor<2xi32>\n}}\n"),
    )
    .unwrap();
    let proof = hlocheck::egraph::equal::rewrite_equal_with(
        &a,
        "main",
        &b,
        "main",
        &refs,
        Limits::default(),
    )
    .expect("both results proved");
    assert!(proof.to_string().contains("by barrier"), "{proof}");
    // Swapped (result 1 first) it is proved too; a changed result is not.
    let c = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}, %a1: tensor<2xi32>) -> (tensor<2xi32>, {t}) {{\n  %r:2 = stablehlo.optimization_barrier %a0, %a1 : {t}, tensor<2xi32>\n  return %r#1, %r#0 : tensor<2xi32>, {t}\n}}\n"),
    )
    .unwrap();
    let d = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}, %a1: tensor<2xi32>) -> (tensor<2xi32>, {t}) {{\n  return %a1, %a0 : tensor<2xi32>, {t}\n}}\n"),
    )
    .unwrap();
    assert!(hlocheck::egraph::equal::rewrite_equal_with(
        &c,
        "main",
        &d,
        "main",
        &refs,
        Limits::default()
    )
    .is_some());
    let e = parse_program(
        "t",
        &format!("func.func @main(%a0: {t}, %a1: tensor<2xi32>) -> ({t}, tensor<2xi32>) {{\n  %n = stablehlo.negate %a1 : tensor<2xi32>\n  return %a0, %n : {t}, tensor<2xi32>\n}}\n"),
    )
    .unwrap();
    assert!(hlocheck::egraph::equal::rewrite_equal_with(
        &a,
        "main",
        &e,
        "main",
        &refs,
        Limits::default()
    )
    .is_none());
}

/// A rule whose right-hand side is a multi-result op with a region
/// (`top_k` → `sort` + `slice`) meets a program's own `sort` when the two
/// are the same (the comparator compared structurally: block arguments
/// and values named differently), and not when the comparator differs.
#[test]
fn top_k_meets_a_hand_written_sort_with_the_same_comparator_only() {
    let read = |name: &str| {
        let path = format!(
            "{}/tests/programs/equiv/{name}.mlir",
            env!("CARGO_MANIFEST_DIR")
        );
        parse_program(name, &std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let top_k = read("top_k");
    let sort = read("top_k_sort");
    let proof = rewrite_equal(&top_k, "main", &sort, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(text.contains("by top_k"), "{text}");
    // Either way round.
    assert!(rewrite_equal(&sort, "main", &top_k, "main", Limits::default()).is_some());
    let ascending = read("top_k_sort_ascending");
    assert!(rewrite_equal(&top_k, "main", &ascending, "main", Limits::default()).is_none());
}

/// A chain of `n` f16 ops in which each value is used by up to two later
/// ops (as a tree the term is exponentially large); `commute` swaps the
/// operands of every integer add (an exact rule), `tail` is appended.
fn chain(n: usize, int: bool, commute: bool) -> String {
    let t = if int { "tensor<i16>" } else { "tensor<f16>" };
    let ops = ["add", "multiply", "maximum", "subtract"];
    let mut s =
        format!("func.func @main(%x: {t}) -> {t} {{\n  %v0 = stablehlo.multiply %x, %x : {t}\n");
    let mut seed = 7u64;
    for i in 1..n {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let op = ops[(seed >> 33) as usize % ops.len()];
        let (a, b) = (
            format!("%v{}", i - 1),
            format!("%v{}", (seed >> 40) as usize % i),
        );
        let (a, b) = if commute && op == "add" {
            (b, a)
        } else {
            (a, b)
        };
        s += &format!("  %v{i} = stablehlo.{op} {a}, {b} : {t}\n");
    }
    s += &format!("  return %v{} : {t}\n}}\n", n - 1);
    s
}

#[test]
fn proofs_of_deep_dags_stay_small() {
    // Identical 200-op programs: the same term, no rule needed.
    let a = parse_program("a", &chain(200, false, false)).unwrap();
    let proof = rewrite_equal(&a, "main", &a, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(proof.steps.is_empty(), "{text}");
    assert!(text.len() < 2_000, "{} bytes", text.len());
    // Integer adds commuted throughout: every step is shown once, at the
    // subterm it rewrites.
    let a = parse_program("a", &chain(200, true, false)).unwrap();
    let b = parse_program("b", &chain(200, true, true)).unwrap();
    let proof = rewrite_equal(&a, "main", &b, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(text.contains("add_commutes_int"), "{text}");
    assert!(proof.steps.len() <= 200, "{} steps", proof.steps.len());
    assert!(text.len() < 200_000, "{} bytes", text.len());
}
