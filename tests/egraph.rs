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

/// A `while` whose body computes `%x`, `%y` (f32) and `%u` (3 x f32) from
/// the carried `%i`, `%j`, `%v` (block arguments ^1.1, ^1.2, ^1.3), the
/// function's arguments `%a0`, `%a1`, `%a2` (of the same types) and a
/// `reduce` nested in the body (block arguments ^2.0, ^2.1).
fn looped(x: &str, reducer: &str, u: &str) -> Program {
    let text = format!(
        "func.func @main(%a0: tensor<f32>, %a1: tensor<f32>, %a2: tensor<3xf32>) -> (tensor<f32>, tensor<f32>, tensor<3xf32>) {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %o:4 = stablehlo.while(%n = %zero, %i = %a0, %j = %a1, %v = %a2) : tensor<i32>, tensor<f32>, tensor<f32>, tensor<3xf32>
  cond {{
    %three = stablehlo.constant dense<3> : tensor<i32>
    %more = stablehlo.compare LT, %n, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %more : tensor<i1>
  }} do {{
    %one = stablehlo.constant dense<1> : tensor<i32>
    %m = stablehlo.add %n, %one : tensor<i32>
    {x}
    %y = \"stablehlo.reduce\"(%v, %j) ({{
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      {reducer}
      %t = stablehlo.add %p, %s : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }}) {{dimensions = array<i64: 0>}} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    {u}
    stablehlo.return %m, %x, %y, %u : tensor<i32>, tensor<f32>, tensor<f32>, tensor<3xf32>
  }}
  return %o#1, %o#2, %o#3 : tensor<f32>, tensor<f32>, tensor<3xf32>
}}
"
    );
    parse_program("looped", &text).unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// `%w` = −`%v`, and a descending totalOrder sort of `w` (`%w` or another
/// value) with its indices, named `%u` (top_k's right-hand side written by
/// hand; `cmp` is the comparison).
fn sorted(w: &str, cmp: &str) -> String {
    format!(
        "%w = stablehlo.negate %v : tensor<3xf32>
    %io = stablehlo.iota dim = 0 : tensor<3xi32>
    %srt:2 = \"stablehlo.sort\"({w}, %io) ({{
    ^bb0(%e: tensor<f32>, %f: tensor<f32>, %g: tensor<i32>, %h: tensor<i32>):
      %c = stablehlo.compare GT, {cmp}, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }}) {{dimension = 0 : i64, is_stable = true}} : (tensor<3xf32>, tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>)
    %u = stablehlo.slice %srt#0 [0:3] : (tensor<3xf32>) -> tensor<3xf32>"
    )
}

/// Rules applied inside regions capture no block argument: CHLO ops in a
/// `while` body, in a `reduce` nested in it, and a `top_k` (whose
/// right-hand side builds a region of its own, one level deeper) meet
/// their hand-written StableHLO forms, and not forms that read another
/// block argument of the same type and index at another level, a sibling
/// block argument, or the function's argument the loop starts from.
#[test]
fn rules_in_regions_capture_no_block_argument() {
    let chlo = looped(
        "%x = chlo.square %i : tensor<f32> -> tensor<f32>",
        "%s = chlo.square %q : tensor<f32> -> tensor<f32>",
        "%w = stablehlo.negate %v : tensor<3xf32>\n    %u, %ui = chlo.top_k(%w, k = 3) : tensor<3xf32> -> (tensor<3xf32>, tensor<3xi32>)",
    );
    let good_x = "%x = stablehlo.multiply %i, %i : tensor<f32>";
    let good_s = "%s = stablehlo.multiply %q, %q : tensor<f32>";
    let good_u = sorted("%w", "%e, %f");
    let hand = looped(good_x, good_s, &good_u);
    let proof = rewrite_equal(&chlo, "main", &hand, "main", Limits::default()).expect("proved");
    let text = proof.to_string();
    assert!(
        text.contains("by square") && text.contains("by top_k"),
        "{text}"
    );
    assert!(rewrite_equal(&hand, "main", &chlo, "main", Limits::default()).is_some());
    let wrong: Vec<Program> = vec![
        // A sibling block argument of the body.
        looped(
            "%x = stablehlo.multiply %j, %j : tensor<f32>",
            good_s,
            &good_u,
        ),
        // The function's argument the carried value starts from.
        looped(
            "%x = stablehlo.multiply %a0, %a0 : tensor<f32>",
            good_s,
            &good_u,
        ),
        // The body's ^1.1 (%i) where the reducer reads its ^2.1 (%q).
        looped(
            good_x,
            "%s = stablehlo.multiply %i, %i : tensor<f32>",
            &good_u,
        ),
        // The reducer's other block argument.
        looped(
            good_x,
            "%s = stablehlo.multiply %p, %p : tensor<f32>",
            &good_u,
        ),
        // One square of each.
        looped(
            good_x,
            "%s = stablehlo.multiply %p, %q : tensor<f32>",
            &good_u,
        ),
        // The sort's comparator with its operands swapped.
        looped(good_x, good_s, &sorted("%w", "%f, %e")),
        // The function's argument sorted instead of the carried value.
        looped(good_x, good_s, &sorted("%a2", "%e, %f")),
    ];
    for (k, w) in wrong.iter().enumerate() {
        assert!(
            rewrite_equal(&chlo, "main", w, "main", Limits::default()).is_none(),
            "wrong variant {k} proved"
        );
    }
    // Each wrong variant computes something else: the executor tells
    // them apart from the CHLO program on some input.
    let differs = |w: &Program| (0..8).any(|seed| run(&chlo, seed) != run(w, seed));
    for (k, w) in wrong.iter().enumerate() {
        assert!(differs(w), "wrong variant {k} is not wrong");
    }
    assert!((0..8).all(|seed| run(&chlo, seed) == run(&hand, seed)));
}
