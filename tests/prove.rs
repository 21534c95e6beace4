//! `hlocheck equiv` and `prove`: the SMT encoding held to the executor bit
//! for bit, and the four methods' verdicts on small programs.

use hlocheck::float::FloatKind;
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::types::Signedness;
use hlocheck::ir::{ElementType, Program};
use hlocheck::prove::exec::Rng;
use hlocheck::prove::ulp::float_equal;
use hlocheck::prove::{self, smt, Method, Options, Outcome, Side};

fn parse(text: &str) -> Program {
    parse_program("test.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"))
}

/// Float formats the SMT method encodes (all but f8E8M0FNU; tf32 has no
/// MLIR spelling as a tensor element here).
fn formats() -> Vec<FloatKind> {
    FloatKind::ALL
        .iter()
        .copied()
        .filter(|k| *k != FloatKind::F8E8M0FNU && *k != FloatKind::TF32)
        .collect()
}

/// `n` lanes of `k`: every pattern when there are at most `n`, else the
/// special values and random bit patterns.
fn lanes(k: FloatKind, n: usize, rng: &mut Rng) -> Vec<u64> {
    let f = k.format();
    let all = f.all_mask();
    if (all as u128 + 1) <= n as u128 {
        return (0..=all).collect();
    }
    let specials = [
        0,
        1,
        f.min_normal(),
        f.max_finite(),
        f.max_finite() - 1,
        f.inf(false).unwrap_or(0),
        f.canonical_nan().unwrap_or(0),
        hlocheck::float::convert::from_int(f, 1, hlocheck::float::Rounding::NearestEven),
    ];
    let mut v: Vec<u64> = specials
        .iter()
        .flat_map(|&x| [x & all, (x | f.sign_mask()) & all])
        .collect();
    while v.len() < n {
        v.push(rng.next_u64() & all);
    }
    v
}

/// Runs a function of `main` on the executor.
fn execute(p: &Program, args: &[Tensor]) -> Vec<Tensor> {
    let mut it = Interp::new(p, Limits::default());
    let args: Vec<Value> = args.iter().cloned().map(Value::tensor).collect();
    it.call("main", args)
        .unwrap_or_else(|e| panic!("executor: {e}"))
        .into_iter()
        .map(|v| v.into_tensor().expect("tensor"))
        .collect()
}

/// Holds the encoding of `main` to the executor on `args`; `nan_any`: NaN
/// results compare as equal whatever their bits (float conversions).
/// Returns false if the function is not encoded.
fn agree(text: &str, args: &[Tensor], nan_any: bool) -> bool {
    let p = parse(text);
    let side = Side::new(&p, "main").expect("side");
    let smt = match smt::eval_ground(&side, args) {
        Ok(Some(r)) => r,
        Ok(None) => panic!("not folded to constants:\n{text}"),
        Err(_) => return false,
    };
    let exec = execute(&p, args);
    for (r, (s, t)) in smt.iter().zip(&exec).enumerate() {
        for (i, (&x, y)) in s.iter().zip(t.data.iter()).enumerate() {
            let same = match (&t.elem, nan_any) {
                (ElementType::Float(k), true) => float_equal(*k, x, y),
                _ => x == y,
            };
            assert!(
                same,
                "SMT encoding and executor disagree on result {r} element {i}: SMT {x:#x}, executor {y:#x}\ninputs: {:?}\n{text}",
                args.iter().map(|a| format!("{:#x}", a.data.get(i.min(a.data.len() - 1)))).collect::<Vec<_>>()
            );
        }
    }
    true
}

fn tensor(k: FloatKind, data: Vec<u64>) -> Tensor {
    Tensor::new(ElementType::Float(k), vec![data.len()], &data)
}

const N: usize = 256;

#[test]
fn smt_encoding_agrees_with_executor_unary() {
    let mut rng = Rng(1);
    for k in formats() {
        let t = format!("tensor<{N}x{}>", k.name());
        let xs = lanes(k, N, &mut rng);
        let n = xs.len();
        let t = t.replace(&format!("{N}x"), &format!("{n}x"));
        let arg = tensor(k, xs);
        let mut encoded = 0;
        for op in [
            "negate",
            "abs",
            "sqrt",
            "sign",
            "floor",
            "ceil",
            "round_nearest_even",
            "round_nearest_afz",
        ] {
            let text = format!(
                "func.func @main(%x: {t}) -> {t} {{\n  %r = stablehlo.{op} %x : {t}\n  return %r : {t}\n}}"
            );
            encoded += agree(&text, std::slice::from_ref(&arg), false) as u32;
        }
        assert_eq!(encoded, 8, "{}", k.name());
        let b = t.replace(k.name(), "i1");
        let text = format!(
            "func.func @main(%x: {t}) -> {b} {{\n  %r = stablehlo.is_finite %x : ({t}) -> {b}\n  return %r : {b}\n}}"
        );
        assert!(agree(&text, std::slice::from_ref(&arg), false));
        // Conversions to every other format (NaN payloads and signs bit
        // for bit) and to integers, and back.
        for to in formats() {
            let u = t.replace(k.name(), to.name());
            let text = format!(
                "func.func @main(%x: {t}) -> {u} {{\n  %r = stablehlo.convert %x : ({t}) -> {u}\n  return %r : {u}\n}}"
            );
            assert!(
                agree(&text, std::slice::from_ref(&arg), false),
                "{} -> {}",
                k.name(),
                to.name()
            );
        }
        for int in ["i32", "ui8", "i8", "i1", "i64"] {
            let u = t.replace(k.name(), int);
            let text = format!(
                "func.func @main(%x: {t}) -> {u} {{\n  %r = stablehlo.convert %x : ({t}) -> {u}\n  return %r : {u}\n}}"
            );
            assert!(
                agree(&text, std::slice::from_ref(&arg), false),
                "{} -> {int}",
                k.name()
            );
        }
        let bits = k.bits();
        if [8, 16, 32, 64].contains(&bits) {
            let u = t.replace(k.name(), &format!("i{bits}"));
            let text = format!(
                "func.func @main(%x: {t}) -> {u} {{\n  %r = stablehlo.bitcast_convert %x : ({t}) -> {u}\n  return %r : {u}\n}}"
            );
            assert!(agree(&text, std::slice::from_ref(&arg), false));
        }
    }
}

#[test]
fn smt_encoding_agrees_with_executor_int_to_float() {
    let mut rng = Rng(2);
    for k in formats() {
        for (int, bits, signed) in [("i32", 32u32, true), ("ui16", 16, false), ("i8", 8, true)] {
            let kind = hlocheck::interp::tensor::IntKind { bits, signed };
            let mut data: Vec<u64> = [0i128, 1, -1, 2, 3, 7, 100, 255, 65504, 1 << 20]
                .iter()
                .map(|&v| kind.wrap(v))
                .collect();
            while data.len() < 100 {
                let r = rng.next_u64();
                data.push(kind.wrap((r >> (r % 60)) as i128));
            }
            let n = data.len();
            let (t, u) = (
                format!("tensor<{n}x{int}>"),
                format!("tensor<{n}x{}>", k.name()),
            );
            let arg = Tensor::new(
                parse(&format!(
                    "func.func @main(%x: {t}) -> {t} {{\n  return %x : {t}\n}}"
                ))
                .value_types[0]
                    .as_tensor()
                    .expect("tensor")
                    .elem
                    .clone(),
                vec![n],
                &data,
            );
            let text = format!(
                "func.func @main(%x: {t}) -> {u} {{\n  %r = stablehlo.convert %x : ({t}) -> {u}\n  return %r : {u}\n}}"
            );
            assert!(agree(&text, &[arg], false), "{int} -> {}", k.name());
        }
    }
}

#[test]
fn smt_encoding_agrees_with_executor_binary() {
    let mut rng = Rng(3);
    for k in formats() {
        let n = 400;
        // Pairs: special × special, then random.
        let specials = lanes(k, 0, &mut rng);
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        for &a in &specials {
            for &b in &specials {
                xs.push(a);
                ys.push(b);
            }
        }
        let all = k.format().all_mask();
        while xs.len() < n.max(xs.len()) {
            xs.push(rng.next_u64() & all);
            ys.push(rng.next_u64() & all);
        }
        // Near-equal operands (cancellation) and tiny results.
        for _ in 0..100 {
            let a = rng.next_u64() & all;
            xs.push(a);
            ys.push((a ^ (rng.next_u64() & 3)) ^ (k.format().sign_mask() * (rng.next_u64() & 1)));
        }
        let m = xs.len();
        let t = format!("tensor<{m}x{}>", k.name());
        let (x, y) = (tensor(k, xs), tensor(k, ys));
        let args = [x.clone(), y.clone()];
        for op in [
            "add", "subtract", "multiply", "divide", "maximum", "minimum",
        ] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = stablehlo.{op} %x, %y : {t}\n  return %r : {t}\n}}"
            );
            assert!(agree(&text, &args, false), "{op} {}", k.name());
        }
        let b = format!("tensor<{m}xi1>");
        for dir in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
            for ty in ["FLOAT", "TOTALORDER"] {
                let text = format!(
                    "func.func @main(%x: {t}, %y: {t}) -> {b} {{\n  %r = stablehlo.compare {dir}, %x, %y, {ty} : ({t}, {t}) -> {b}\n  return %r : {b}\n}}"
                );
                assert!(
                    agree(&text, &args, false),
                    "compare {dir} {ty} {}",
                    k.name()
                );
            }
        }
        let text = format!(
            "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %p = stablehlo.compare LT, %x, %y, FLOAT : ({t}, {t}) -> {b}\n  %r = stablehlo.select %p, %y, %x : {b}, {t}\n  %c = stablehlo.clamp %x, %y, %r : {t}\n  return %c : {t}\n}}"
        );
        assert!(agree(&text, &args, false), "select/clamp {}", k.name());
    }
}

#[test]
fn smt_encoding_agrees_with_executor_integers() {
    let mut rng = Rng(4);
    for (int, bits, signed) in [
        ("i8", 8u32, true),
        ("ui8", 8, false),
        ("i32", 32, true),
        ("ui32", 32, false),
        ("i64", 64, true),
    ] {
        let kind = hlocheck::interp::tensor::IntKind { bits, signed };
        let mut xs = Vec::new();
        let mut ys = Vec::new();
        let edges = [
            0i128,
            1,
            -1,
            2,
            kind.min(),
            kind.max(),
            bits as i128,
            bits as i128 + 1,
        ];
        for &a in &edges {
            for &b in &edges {
                xs.push(kind.wrap(a));
                ys.push(kind.wrap(b));
            }
        }
        while xs.len() < 300 {
            let r = rng.next_u64();
            xs.push(kind.wrap((r >> (r % 64)) as i128));
            ys.push(kind.wrap((rng.next_u64() % 70) as i128 - 3));
        }
        let n = xs.len();
        let t = format!("tensor<{n}x{int}>");
        let elem = parse(&format!(
            "func.func @main(%x: {t}) -> {t} {{\n  return %x : {t}\n}}"
        ))
        .value_types[0]
            .as_tensor()
            .expect("tensor")
            .elem
            .clone();
        let mk = |data: Vec<u64>| Tensor::new(elem.clone(), vec![n], &data);
        let args = [mk(xs), mk(ys)];
        for op in [
            "add",
            "subtract",
            "multiply",
            "divide",
            "remainder",
            "maximum",
            "minimum",
            "and",
            "or",
            "xor",
            "shift_left",
            "shift_right_logical",
            "shift_right_arithmetic",
        ] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = stablehlo.{op} %x, %y : {t}\n  return %r : {t}\n}}"
            );
            assert!(agree(&text, &args, false), "{op} {int}");
        }
        for op in ["not", "popcnt", "count_leading_zeros", "negate", "abs"] {
            let text = format!(
                "func.func @main(%x: {t}) -> {t} {{\n  %r = stablehlo.{op} %x : {t}\n  return %r : {t}\n}}"
            );
            assert!(agree(&text, &args[..1], false), "{op} {int}");
        }
        let b = format!("tensor<{n}xi1>");
        for dir in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {b} {{\n  %r = stablehlo.compare {dir}, %x, %y : ({t}, {t}) -> {b}\n  return %r : {b}\n}}"
            );
            assert!(agree(&text, &args, false), "compare {dir} {int}");
        }
    }
}

/// Special × special pairs, random pairs and near-equal pairs of `k`.
fn float_pairs(k: FloatKind, rng: &mut Rng) -> (Vec<u64>, Vec<u64>) {
    let specials = lanes(k, 0, rng);
    let all = k.format().all_mask();
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for &a in &specials {
        for &b in &specials {
            xs.push(a);
            ys.push(b);
        }
    }
    for _ in 0..150 {
        xs.push(rng.next_u64() & all);
        ys.push(rng.next_u64() & all);
    }
    for _ in 0..100 {
        let a = rng.next_u64() & all;
        xs.push(a);
        ys.push((a ^ (rng.next_u64() & 3)) ^ (k.format().sign_mask() * (rng.next_u64() & 1)));
    }
    (xs, ys)
}

#[test]
fn smt_encoding_agrees_with_executor_chlo_floats() {
    let mut rng = Rng(6);
    for k in formats() {
        let (xs, ys) = float_pairs(k, &mut rng);
        let m = xs.len();
        let t = format!("tensor<{m}x{}>", k.name());
        let b = format!("tensor<{m}xi1>");
        let args = [tensor(k, xs), tensor(k, ys)];
        let binary = |op: &str, attrs: &str, res: &str| {
            format!(
                "func.func @main(%x: {t}, %y: {t}) -> {res} {{\n  %r = \"chlo.{op}\"(%x, %y) {attrs} : ({t}, {t}) -> {res}\n  return %r : {res}\n}}"
            )
        };
        for op in [
            "next_after",
            "broadcast_next_after",
            "broadcast_add",
            "broadcast_subtract",
            "broadcast_multiply",
            "broadcast_divide",
            "broadcast_maximum",
            "broadcast_minimum",
        ] {
            assert!(
                agree(&binary(op, "", &t), &args, false),
                "{op} {}",
                k.name()
            );
        }
        for dir in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
            for ty in [
                "",
                ", compare_type = #stablehlo<comparison_type FLOAT>",
                ", compare_type = #stablehlo<comparison_type TOTALORDER>",
            ] {
                let attrs = format!(
                    "{{comparison_direction = #stablehlo<comparison_direction {dir}>{ty}}}"
                );
                assert!(
                    agree(&binary("broadcast_compare", &attrs, &b), &args, false),
                    "broadcast_compare {dir} {ty} {}",
                    k.name()
                );
            }
        }
        for (op, res) in [
            ("is_inf", &b),
            ("is_pos_inf", &b),
            ("is_neg_inf", &b),
            ("conj", &t),
            ("square", &t),
        ] {
            let text = format!(
                "func.func @main(%x: {t}) -> {res} {{\n  %r = \"chlo.{op}\"(%x) : ({t}) -> {res}\n  return %r : {res}\n}}"
            );
            assert!(agree(&text, &args[..1], false), "{op} {}", k.name());
        }
        for value in ["1.5 : f32", "-0.0 : f64", "3 : i32", "1.0e30 : f32"] {
            let text = format!(
                "func.func @main(%x: {t}) -> {t} {{\n  %r = \"chlo.constant_like\"(%x) {{value = {value}}} : ({t}) -> {t}\n  return %r : {t}\n}}"
            );
            assert!(
                agree(&text, &args[..1], false),
                "constant_like {value} {}",
                k.name()
            );
        }
        let text = format!(
            "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %p = \"chlo.is_inf\"(%x) : ({t}) -> {b}\n  %r = \"chlo.broadcast_select\"(%p, %x, %y) : ({b}, {t}, {t}) -> {t}\n  return %r : {t}\n}}"
        );
        assert!(agree(&text, &args, false), "broadcast_select {}", k.name());
    }
}

#[test]
fn smt_encoding_agrees_with_executor_chlo_broadcasting() {
    let k = FloatKind::F16;
    let mut rng = Rng(7);
    let mut lanes_of = |shape: Vec<usize>| {
        let lanes: Vec<u64> = (0..shape.iter().product::<usize>())
            .map(|_| rng.next_u64() & 0xffff)
            .collect();
        Tensor::new(ElementType::Float(k), shape, &lanes)
    };
    // numpy alignment: 2x1 with 3 -> 2x3.
    let text = "func.func @main(%x: tensor<2x1xf16>, %y: tensor<3xf16>) -> tensor<2x3xf16> {
  %r = \"chlo.broadcast_add\"(%x, %y) : (tensor<2x1xf16>, tensor<3xf16>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}";
    for _ in 0..10 {
        let args = [lanes_of(vec![2, 1]), lanes_of(vec![3])];
        assert!(agree(text, &args, false));
    }
    // broadcast_dimensions: the rank-1 operand along dimension 0.
    let text = "func.func @main(%x: tensor<2x3xf16>, %y: tensor<2xf16>) -> tensor<2x3xi1> {
  %r = \"chlo.broadcast_compare\"(%x, %y) {broadcast_dimensions = array<i64: 0>, comparison_direction = #stablehlo<comparison_direction GT>} : (tensor<2x3xf16>, tensor<2xf16>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}";
    for _ in 0..10 {
        let args = [lanes_of(vec![2, 3]), lanes_of(vec![2])];
        assert!(agree(text, &args, false));
    }
    // Three operands, numpy alignment.
    let text = "func.func @main(%p: tensor<3xi1>, %x: tensor<2x1xf16>, %y: tensor<2x3xf16>) -> tensor<2x3xf16> {
  %r = \"chlo.broadcast_select\"(%p, %x, %y) : (tensor<3xi1>, tensor<2x1xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  return %r : tensor<2x3xf16>
}";
    for i in 0..8u64 {
        let bits: Vec<u64> = (0..3).map(|j| (i >> j) & 1).collect();
        let p = Tensor::new(ElementType::I1, vec![3], &bits);
        let args = [p, lanes_of(vec![2, 1]), lanes_of(vec![2, 3])];
        assert!(agree(text, &args, false));
    }
}

#[test]
fn smt_encoding_agrees_with_executor_chlo_integers() {
    let mut rng = Rng(8);
    for (int, bits, signed) in [
        ("i8", 8u32, true),
        ("ui8", 8, false),
        ("i16", 16, true),
        ("i32", 32, true),
        ("ui32", 32, false),
        ("i64", 64, true),
        ("ui64", 64, false),
    ] {
        let kind = hlocheck::interp::tensor::IntKind { bits, signed };
        let edges = [
            0i128,
            1,
            -1,
            2,
            kind.min(),
            kind.max(),
            kind.min() + 1,
            kind.max() - 1,
            bits as i128,
        ];
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &a in &edges {
            for &b in &edges {
                xs.push(kind.wrap(a));
                ys.push(kind.wrap(b));
            }
        }
        while xs.len() < 300 {
            xs.push(kind.wrap(rng.next_u64() as i128));
            ys.push(kind.wrap(rng.next_u64() as i128));
        }
        let n = xs.len();
        let t = format!("tensor<{n}x{int}>");
        let elem = parse(&format!(
            "func.func @main(%x: {t}) -> {t} {{\n  return %x : {t}\n}}"
        ))
        .value_types[0]
            .as_tensor()
            .expect("tensor")
            .elem
            .clone();
        let mk = |data: Vec<u64>| Tensor::new(elem.clone(), vec![n], &data);
        let args = [mk(xs), mk(ys)];
        for op in [
            "mulhi",
            "broadcast_add",
            "broadcast_multiply",
            "broadcast_divide",
            "broadcast_remainder",
            "broadcast_and",
            "broadcast_shift_left",
            "broadcast_shift_right_arithmetic",
            "broadcast_shift_right_logical",
        ] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = \"chlo.{op}\"(%x, %y) : ({t}, {t}) -> {t}\n  return %r : {t}\n}}"
            );
            assert!(agree(&text, &args, false), "{op} {int}");
        }
        let text = format!(
            "func.func @main(%x: {t}) -> {t} {{\n  %r = \"chlo.square\"(%x) : ({t}) -> {t}\n  return %r : {t}\n}}"
        );
        assert!(agree(&text, &args[..1], false), "square {int}");
        let b = format!("tensor<{n}xi1>");
        for ty in ["SIGNED", "UNSIGNED"] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {b} {{\n  %r = \"chlo.broadcast_compare\"(%x, %y) {{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type {ty}>}} : ({t}, {t}) -> {b}\n  return %r : {b}\n}}"
            );
            assert!(agree(&text, &args, false), "broadcast_compare {ty} {int}");
        }
    }
}

#[test]
fn smt_encoding_agrees_with_executor_movement() {
    let text = "func.func @main(%x: tensor<2x3xf16>, %y: tensor<3xf16>) -> tensor<4x3xf16> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf16>) -> tensor<3x2xf16>
  %r = stablehlo.reshape %t : (tensor<3x2xf16>) -> tensor<2x3xf16>
  %b = stablehlo.broadcast_in_dim %y, dims = [1] : (tensor<3xf16>) -> tensor<2x3xf16>
  %c = stablehlo.concatenate %r, %b, dim = 0 : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<4x3xf16>
  %s = stablehlo.slice %c [0:4, 0:3] : (tensor<4x3xf16>) -> tensor<4x3xf16>
  %i = stablehlo.iota dim = 0 : tensor<4x3xf16>
  %v = stablehlo.reverse %s, dims = [1] : tensor<4x3xf16>
  %a = stablehlo.add %v, %i : tensor<4x3xf16>
  return %a : tensor<4x3xf16>
}";
    let mut rng = Rng(5);
    for _ in 0..20 {
        let x = Tensor::collect(
            ElementType::Float(FloatKind::F16),
            vec![2, 3],
            (0..6).map(|_| rng.next_u64() & 0xffff),
        );
        let y = Tensor::collect(
            ElementType::Float(FloatKind::F16),
            vec![3],
            (0..3).map(|_| rng.next_u64() & 0xffff),
        );
        assert!(agree(text, &[x, y], false));
    }
}

fn decide(a: &str, b: &str, opts: &Options) -> prove::Verdict {
    let (pa, pb) = (parse(a), parse(b));
    prove::decide(&pa, "main", &pb, "main", opts)
}

#[test]
fn smt_proves_x_times_2_is_x_plus_x() {
    for k in formats() {
        // Four elements, one for f64 (whose products are slow to bit-blast).
        let t = if k == FloatKind::F64 {
            "tensor<f64>".to_string()
        } else {
            format!("tensor<4x{}>", k.name())
        };
        let a = format!("func.func @main(%x: {t}) -> {t} {{\n  %c = stablehlo.constant dense<2.0> : {t}\n  %r = stablehlo.multiply %x, %c : {t}\n  return %r : {t}\n}}");
        let b = format!("func.func @main(%x: {t}) -> {t} {{\n  %r = stablehlo.add %x, %x : {t}\n  return %r : {t}\n}}");
        // A generous time limit: the proof takes well under a second on a
        // quiet machine, and the test must not depend on the machine's load.
        // Exhaustive execution is off: it would decide the narrow formats
        // first.
        let opts = Options {
            timeout_ms: 300_000,
            max_exhaustive: 0,
            ..Options::default()
        };
        let v = decide(&a, &b, &opts);
        assert_eq!(
            v.outcome,
            Outcome::Equivalent,
            "{}: {}",
            k.name(),
            v.summary
        );
        assert_eq!(
            v.method,
            Some(Method::Smt),
            "{}: {} {:?}",
            k.name(),
            v.summary,
            v.notes
        );
    }
}

#[test]
fn smt_refutes_reassociation_with_confirmed_counterexample() {
    for k in [
        FloatKind::F32,
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F8E4M3FN,
    ] {
        let t = format!("tensor<{}>", k.name());
        let a = format!("func.func @main(%a: {t}, %b: {t}, %c: {t}) -> {t} {{\n  %0 = stablehlo.add %a, %b : {t}\n  %1 = stablehlo.add %0, %c : {t}\n  return %1 : {t}\n}}");
        let b = format!("func.func @main(%a: {t}, %b: {t}, %c: {t}) -> {t} {{\n  %0 = stablehlo.add %b, %c : {t}\n  %1 = stablehlo.add %a, %0 : {t}\n  return %1 : {t}\n}}");
        // Bounded by Z3's resource limit (50 times a certificate's per-query
        // budget: finding this counterexample in f32 takes more), so the
        // outcome does not depend on the machine's load; the wall-clock
        // limit is only a safety net.
        let opts = Options {
            timeout_ms: 900_000,
            rlimit: 50 * hlocheck::prove::certificate::SMT_RLIMIT,
            max_exhaustive: 0,
            ..Options::default()
        };
        let v = decide(&a, &b, &opts);
        assert_eq!(v.outcome, Outcome::Differ, "{}: {}", k.name(), v.summary);
        assert_eq!(v.method, Some(Method::Smt), "{:?}", v.notes);
        let c = v.counterexample.expect("counterexample");
        assert_eq!(c.inputs.len(), 3);
        assert_ne!(c.a, c.b);
    }
}

#[test]
fn wrong_rewrite_fixture_is_refuted() {
    // `x - x → 0` is wrong for ±∞ and NaN.
    let lhs = include_str!("programs/equiv/sub_self_lhs.mlir");
    let rhs = include_str!("programs/equiv/sub_self_rhs.mlir");
    let (pl, pr) = (parse(lhs), parse(rhs));
    let (sl, sr) = (
        Side::new(&pl, "main").unwrap(),
        Side::new(&pr, "main").unwrap(),
    );
    let smt::SmtResult::Decided(v) = smt::decide(&sl, &sr, &Options::default()) else {
        panic!("SMT stepped aside");
    };
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.method, Some(Method::Smt));
    let c = v.counterexample.expect("counterexample");
    assert!(
        c.inputs[0].contains("inf") || c.inputs[0].contains("nan"),
        "{:?}",
        c.inputs
    );
    // The same fixture by exhaustive execution (f16 scalar) finds every
    // input where it is wrong: ±∞ and the 2 × 1023 NaNs.
    let opts = Options {
        smt: false,
        ..Options::default()
    };
    let v = decide(lhs, rhs, &opts);
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert_eq!(v.results[0].differing, 2 + 2 * 1023);
}

/// `x` against `x` with 1 ulp added where 1.5 < x < 2.
fn planted(ty: &str, ity: &str) -> (String, String) {
    let t = format!("tensor<{ty}>");
    let i = format!("tensor<{ity}>");
    let a = format!("func.func @main(%x: {t}) -> {t} {{\n  %c = stablehlo.constant dense<1.0> : {t}\n  %r = stablehlo.multiply %x, %c : {t}\n  return %r : {t}\n}}");
    let b = format!(
        "func.func @main(%x: {t}) -> {t} {{
  %lo = stablehlo.constant dense<1.5> : {t}
  %hi = stablehlo.constant dense<2.0> : {t}
  %one = stablehlo.constant dense<1> : {i}
  %p = stablehlo.compare GT, %x, %lo, FLOAT : ({t}, {t}) -> tensor<i1>
  %q = stablehlo.compare LT, %x, %hi, FLOAT : ({t}, {t}) -> tensor<i1>
  %pq = stablehlo.and %p, %q : tensor<i1>
  %bits = stablehlo.bitcast_convert %x : ({t}) -> {i}
  %up = stablehlo.add %bits, %one : {i}
  %y = stablehlo.bitcast_convert %up : ({i}) -> {t}
  %r = stablehlo.select %pq, %y, %x : tensor<i1>, {t}
  return %r : {t}
}}"
    );
    (a, b)
}

#[test]
fn exhaustive_finds_planted_one_ulp_difference() {
    let (a, b) = planted("f16", "i16");
    let opts = Options {
        smt: false,
        ..Options::default()
    };
    let v = decide(&a, &b, &opts);
    assert_eq!(v.outcome, Outcome::Differ);
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert_eq!(v.inputs_covered, 65536);
    assert_eq!(v.results[0].max_ulp, prove::Ulp(1));
    // 1.5 < x < 2 in f16: 511 values.
    assert_eq!(v.results[0].differing, 511);
    assert!(v.counterexample.is_some());
    // With default options, exhaustive execution (complete and cheap here)
    // decides before SMT is tried.
    let v = decide(&a, &b, &Options::default());
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert!(
        !v.notes.iter().any(|n| n.starts_with("SMT")),
        "{:?}",
        v.notes
    );
    // SMT finds it too.
    let (pa, pb) = (parse(&a), parse(&b));
    let (sa, sb) = (
        Side::new(&pa, "main").unwrap(),
        Side::new(&pb, "main").unwrap(),
    );
    let smt::SmtResult::Decided(v) = smt::decide(&sa, &sb, &Options::default()) else {
        panic!("SMT stepped aside");
    };
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    // Without exhaustive execution, SMT refutes it first, and the accuracy
    // table is then made by sampling.
    let opts = Options {
        max_exhaustive: 0,
        ..Options::default()
    };
    let v = decide(&a, &b, &opts);
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert!(
        v.method == Some(Method::Smt)
            || v.notes.iter().any(|n| n.starts_with("SMT: not equivalent")),
        "{:?} {:?}",
        v.method,
        v.notes
    );
}

#[test]
fn sampling_finds_planted_one_ulp_difference() {
    let (a, b) = planted("f32", "i32");
    let opts = Options {
        smt: false,
        samples: 200_000,
        seed: 7,
        ..Options::default()
    };
    let v = decide(&a, &b, &opts);
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.method, Some(Method::Sampling));
    assert_eq!(v.results[0].max_ulp, prove::Ulp(1));
    assert!(v.results[0].differing > 0);
    // Deterministic given the seed.
    let w = decide(&a, &b, &opts);
    assert_eq!(v, w);
}

#[test]
fn different_signatures_are_bad_input() {
    let a = "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}";
    let b = "func.func @main(%x: tensor<f16>) -> tensor<f16> {\n  return %x : tensor<f16>\n}";
    let v = decide(a, b, &Options::default());
    assert_eq!(v.outcome, Outcome::BadInput);
    assert!(v.summary.contains("signatures differ"), "{}", v.summary);
}

#[test]
fn rewriter_is_tried_first() {
    struct Always;
    impl prove::Rewriter for Always {
        fn rewrite_equal(&self, _: &Program, _: &str, _: &Program, _: &str) -> Option<String> {
            Some("rule chain".into())
        }
    }
    let a = "func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  return %x : tensor<f32>\n}";
    let opts = Options {
        rewriter: Some(&Always),
        ..Options::default()
    };
    let v = decide(a, a, &opts);
    assert_eq!(v.method, Some(Method::Rewriting));
    assert_eq!(v.summary, "equivalent (proven by rewriting)");
}

#[test]
fn erf_decomposition_example_of_the_readme() {
    let a = include_str!("programs/equiv/erf_f16.mlir");
    let b = include_str!("programs/equiv/erf_poly_f16.mlir");
    let v = decide(a, b, &Options::default());
    assert_eq!(v.method, Some(Method::Exhaustive));
    assert_eq!(v.outcome, Outcome::Differ);
    assert!(v.unary_elementwise);
    assert_eq!(v.results[0].max_ulp, prove::Ulp(1));
    assert_eq!(v.results[0].differing, 4);
    assert_eq!(v.results[0].nan_mismatches, 0);
}

/// Complex numbers of part format `k`: every pair of the special values,
/// then random parts.
fn complex_pairs(k: FloatKind, rng: &mut Rng) -> Vec<u64> {
    let specials = lanes(k, 0, rng);
    let all = k.format().all_mask();
    let mut v = Vec::new();
    for &a in &specials {
        for &b in &specials {
            v.push(a);
            v.push(b);
        }
    }
    for _ in 0..64 {
        v.push(rng.next_u64() & all);
        v.push(rng.next_u64() & all);
    }
    v
}

#[test]
fn smt_encoding_agrees_with_executor_complex() {
    let mut rng = Rng(11);
    for k in [FloatKind::F32, FloatKind::F64] {
        let (xs, mut ys) = (complex_pairs(k, &mut rng), complex_pairs(k, &mut rng));
        // y: the same pairs in another order, so every special meets others.
        ys.rotate_left(2 * 7);
        let n = xs.len() / 2;
        let ce = ElementType::Complex(k);
        let x = Tensor::new(ce.clone(), vec![n], &xs);
        let y = Tensor::new(ce.clone(), vec![n], &ys);
        let p = k.name();
        let c = format!("tensor<{n}xcomplex<{p}>>");
        let r = format!("tensor<{n}x{p}>");
        let b = format!("tensor<{n}xi1>");
        let args = [x.clone(), y.clone()];
        for op in [
            "add", "subtract", "multiply", "divide", "maximum", "minimum",
        ] {
            let text = format!(
                "func.func @main(%x: {c}, %y: {c}) -> {c} {{\n  %r = stablehlo.{op} %x, %y : {c}\n  return %r : {c}\n}}"
            );
            assert!(agree(&text, &args, false), "{op} {c}");
        }
        for dir in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
            for ty in ["FLOAT", "TOTALORDER"] {
                let text = format!(
                    "func.func @main(%x: {c}, %y: {c}) -> {b} {{\n  %r = stablehlo.compare {dir}, %x, %y, {ty} : ({c}, {c}) -> {b}\n  return %r : {b}\n}}"
                );
                assert!(agree(&text, &args, false), "compare {dir} {ty} {c}");
            }
        }
        let text = format!(
            "func.func @main(%x: {c}, %y: {c}) -> ({c}, {c}, {c}, {r}, {r}) {{
  %p = stablehlo.compare LT, %x, %y, TOTALORDER : ({c}, {c}) -> {b}
  %s = stablehlo.select %p, %x, %y : {b}, {c}
  %n = stablehlo.negate %x : {c}
  %re = stablehlo.real %y : ({c}) -> {r}
  %im = stablehlo.imag %x : ({c}) -> {r}
  %z = stablehlo.complex %im, %re : {c}
  %q = \"chlo.conj\"(%x) : ({c}) -> {c}
  %w = \"chlo.square\"(%y) : ({c}) -> {c}
  %s2 = stablehlo.add %s, %z : {c}
  %rr = stablehlo.real %re : ({r}) -> {r}
  %ri = stablehlo.imag %re : ({r}) -> {r}
  return %s2, %q, %w, %rr, %ri : {c}, {c}, {c}, {r}, {r}
}}"
        );
        assert!(agree(&text, &args, false), "complex parts {c}");
        // Conversions: between the part formats, from and to reals and
        // integers.
        let other = if k == FloatKind::F32 { "f64" } else { "f32" };
        let oc = format!("tensor<{n}xcomplex<{other}>>");
        let text = format!(
            "func.func @main(%x: {c}) -> ({oc}, {r}, {c}, tensor<{n}xi32>, {b}, {c}) {{
  %a = stablehlo.convert %x : ({c}) -> {oc}
  %re = stablehlo.convert %x : ({c}) -> {r}
  %back = stablehlo.convert %re : ({r}) -> {c}
  %i = stablehlo.convert %x : ({c}) -> tensor<{n}xi32>
  %t = stablehlo.convert %x : ({c}) -> {b}
  %fi = stablehlo.convert %i : (tensor<{n}xi32>) -> {c}
  return %a, %re, %back, %i, %t, %fi : {oc}, {r}, {c}, tensor<{n}xi32>, {b}, {c}
}}"
        );
        assert!(
            agree(&text, std::slice::from_ref(&x), false),
            "complex conversions {c}"
        );
    }
    // An op the encoding does not cover on complex numbers is refused.
    let text = "func.func @main(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %r = stablehlo.sqrt %x : tensor<2xcomplex<f32>>
  return %r : tensor<2xcomplex<f32>>
}";
    let x = Tensor::new(
        ElementType::Complex(FloatKind::F32),
        vec![2],
        &[0x3f80_0000, 0, 0x4000_0000, 0x3f80_0000],
    );
    assert!(
        !agree(text, &[x], false),
        "complex sqrt must not be encoded"
    );
}

#[test]
fn smt_encoding_agrees_with_executor_sort_and_top_k() {
    let mut rng = Rng(13);
    for (k, e) in [
        (Some(FloatKind::F32), "f32"),
        (Some(FloatKind::F16), "f16"),
        (Some(FloatKind::F8E4M3FNUZ), "f8E4M3FNUZ"),
        (Some(FloatKind::F8E8M0FNU), "f8E8M0FNU"),
        (None, "i8"),
        (None, "ui8"),
    ] {
        let t = format!("tensor<3x4x{e}>");
        let ti = "tensor<3x4xi32>";
        let elem = match (k, e) {
            (Some(k), _) => ElementType::Float(k),
            (None, "i8") => ElementType::Int(Signedness::Signless, 8),
            _ => ElementType::Int(Signedness::Unsigned, 8),
        };
        for trial in 0..30 {
            // Few distinct values, so ties, ±0 and NaN meet in one row.
            let pool: Vec<u64> = match k {
                Some(k) => {
                    let mut v = lanes(k, 0, &mut rng);
                    v.truncate(6 + trial % 10);
                    v.push(rng.next_u64() & k.format().all_mask());
                    v
                }
                None => vec![0, 1, 0x7f, 0x80, 0xff, rng.next_u64() & 0xff],
            };
            let data: Vec<u64> = (0..12)
                .map(|_| pool[(rng.next_u64() % pool.len() as u64) as usize])
                .map(|x| match &elem {
                    // Signed lanes are stored sign-extended.
                    ElementType::Int(Signedness::Signless, 8) => x as u8 as i8 as i64 as u64,
                    _ => x,
                })
                .collect();
            let x = Tensor::new(elem.clone(), vec![3, 4], &data);
            let cmps: &[&str] = if k.is_some() {
                &[
                    "LT, %a, %b, TOTALORDER",
                    "GT, %a, %b, FLOAT",
                    "GE, %a, %b, TOTALORDER",
                ]
            } else {
                &["LT, %a, %b", "GT, %a, %b, UNSIGNED", "LE, %a, %b"]
            };
            for cmp in cmps {
                let text = format!(
                    "func.func @main(%x: {t}) -> ({t}, {ti}) {{
  %i = stablehlo.iota dim = 1 : {ti}
  %r:2 = \"stablehlo.sort\"(%x, %i) ({{
  ^bb0(%a: tensor<{e}>, %b: tensor<{e}>, %c: tensor<i32>, %d: tensor<i32>):
    %p = stablehlo.compare {cmp} : (tensor<{e}>, tensor<{e}>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }}) {{dimension = 1 : i64, is_stable = true}} : ({t}, {ti}) -> ({t}, {ti})
  return %r#0, %r#1 : {t}, {ti}
}}"
                );
                assert!(
                    agree(&text, std::slice::from_ref(&x), false),
                    "sort {cmp} {e}\n{text}"
                );
            }
            let tv = format!("tensor<3x3x{e}>");
            let text = format!(
                "func.func @main(%x: {t}) -> ({tv}, tensor<3x3xi32>) {{
  %r:2 = \"chlo.top_k\"(%x) {{k = 3 : i64}} : ({t}) -> ({tv}, tensor<3x3xi32>)
  return %r#0, %r#1 : {tv}, tensor<3x3xi32>
}}"
            );
            assert!(
                agree(&text, std::slice::from_ref(&x), false),
                "top_k {e}\n{text}"
            );
        }
    }
}

#[test]
fn smt_encoding_agrees_with_executor_compare_f8e8m0fnu() {
    // Every pattern against 16 others (the edges and random ones).
    let mut rng = Rng(17);
    let k = FloatKind::F8E8M0FNU;
    let mut others: Vec<u64> = vec![0, 1, 0x7e, 0x7f, 0x80, 0xfe, 0xff];
    while others.len() < 16 {
        others.push(rng.next_u64() & 0xff);
    }
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    for a in 0..256u64 {
        for &b in &others {
            xs.push(a);
            ys.push(b);
        }
    }
    let m = xs.len();
    let t = format!("tensor<{m}xf8E8M0FNU>");
    let b = format!("tensor<{m}xi1>");
    let args = [tensor(k, xs), tensor(k, ys)];
    for dir in ["EQ", "NE", "LT", "LE", "GT", "GE"] {
        for ty in ["FLOAT", "TOTALORDER"] {
            let text = format!(
                "func.func @main(%x: {t}, %y: {t}) -> {b} {{\n  %r = stablehlo.compare {dir}, %x, %y, {ty} : ({t}, {t}) -> {b}\n  return %r : {b}\n}}"
            );
            assert!(agree(&text, &args, false), "compare {dir} {ty} f8E8M0FNU");
        }
    }
}

/// The functions the encoding leaves uninterpreted fold, on constants, to
/// the executor's own function: this holds each op's name to the function
/// the executor applies (`chlo.tan` and `stablehlo.tan`, the broadcasting
/// forms to their element ops, float `remainder`, integer `power`), bit
/// for bit, NaN payloads included.
#[test]
fn uninterpreted_functions_fold_to_the_executors_bits() {
    let mut rng = Rng(11);
    let mut kinds = formats();
    kinds.push(FloatKind::F8E8M0FNU);
    for k in kinds {
        let (xs, ys) = float_pairs(k, &mut rng);
        let m = xs.len();
        let t = format!("tensor<{m}x{}>", k.name());
        let args = [tensor(k, xs.clone()), tensor(k, ys.clone())];
        let binary = |op: &str, t: &str| {
            format!(
                "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = \"{op}\"(%x, %y) : ({t}, {t}) -> {t}\n  return %r : {t}\n}}"
            )
        };
        for op in [
            "stablehlo.power",
            "stablehlo.atan2",
            "stablehlo.remainder",
            "chlo.broadcast_power",
            "chlo.broadcast_atan2",
            "chlo.broadcast_remainder",
        ] {
            assert!(agree(&binary(op, &t), &args, false), "{op} {}", k.name());
        }
        // The CHLO special functions on a few pairs (their edge values
        // are slow in the executor).
        let few = 12.min(m);
        let tf = format!("tensor<{few}x{}>", k.name());
        let fargs = [tensor(k, xs[..few].to_vec()), tensor(k, ys[..few].to_vec())];
        for op in ["chlo.broadcast_zeta", "chlo.zeta"] {
            assert!(agree(&binary(op, &tf), &fargs, false), "{op} {}", k.name());
        }
        for op in [
            "stablehlo.exponential",
            "stablehlo.log",
            "stablehlo.tan",
            "stablehlo.logistic",
            "chlo.tan",
            "chlo.erf",
            "chlo.lgamma",
        ] {
            let text = format!(
                "func.func @main(%x: {t}) -> {t} {{\n  %r = \"{op}\"(%x) : ({t}) -> {t}\n  return %r : {t}\n}}"
            );
            assert!(agree(&text, &args[..1], false), "{op} {}", k.name());
        }
    }
    // Integer power: every pair of edge values and random ones.
    for ty in ["i8", "ui8", "i32", "ui64"] {
        let e = match ty {
            "i8" => ElementType::Int(Signedness::Signless, 8),
            "ui8" => ElementType::Int(Signedness::Unsigned, 8),
            "i32" => ElementType::Int(Signedness::Signless, 32),
            _ => ElementType::Int(Signedness::Unsigned, 64),
        };
        let k = hlocheck::interp::tensor::int_kind(&e).expect("integer");
        let vals: Vec<u64> = [0i128, 1, -1, 2, -2, 3, 7, 63, 64, 127, -128]
            .iter()
            .map(|&v| k.wrap(v))
            .chain((0..20).map(|_| k.wrap(rng.next_u64() as i128)))
            .collect();
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &a in &vals {
            for &b in &vals {
                xs.push(a);
                ys.push(b);
            }
        }
        let n = xs.len();
        let t = format!("tensor<{n}x{ty}>");
        let args = [
            Tensor::new(e.clone(), vec![n], &xs),
            Tensor::new(e.clone(), vec![n], &ys),
        ];
        let text = format!(
            "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = stablehlo.power %x, %y : {t}\n  return %r : {t}\n}}"
        );
        assert!(agree(&text, &args, false), "power {ty}");
    }
}

/// Float `remainder` (C's `fmod`) encoded exactly (`fp.rem` and one
/// correction) agrees with the executor bit for bit, NaN payloads
/// included: every pair of every encoded format of at most 8 bits, and
/// for bf16, f16, f32 and f64 the special × special pairs, random
/// patterns, operands of nearby and of distant exponents, exact multiples
/// and odd half-multiples (where the rounded and the truncated quotients
/// differ by one), with every sign. (The bit-blasted encoding is held to
/// the executor on the narrow pairs by the unit test of `prove::smt`.)
#[test]
fn smt_encoding_of_float_remainder_is_exact() {
    let run = |k: FloatKind, xs: &[u64], ys: &[u64], ops: &[&str]| -> usize {
        for (cx, cy) in xs.chunks(8192).zip(ys.chunks(8192)) {
            let m = cx.len();
            let t = format!("tensor<{m}x{}>", k.name());
            let args = [tensor(k, cx.to_vec()), tensor(k, cy.to_vec())];
            for op in ops {
                let text = format!(
                    "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = \"{op}\"(%x, %y) : ({t}, {t}) -> {t}\n  return %r : {t}\n}}"
                );
                assert!(agree(&text, &args, false), "{op} {}", k.name());
            }
        }
        xs.len()
    };
    let mut checked = 0;
    for k in formats() {
        let f = k.format();
        if f.bits() > 8 {
            continue;
        }
        let n = 1u64 << f.bits();
        let (xs, ys): (Vec<u64>, Vec<u64>) = (0..n * n).map(|i| (i / n, i % n)).unzip();
        checked += run(k, &xs, &ys, &["stablehlo.remainder"]);
    }
    assert_eq!(checked, 7 * 65536 + 2 * 4096 + 256, "narrow formats");
    let mut rng = Rng(12);
    for k in [
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::F32,
        FloatKind::F64,
    ] {
        let f = k.format();
        let all = f.all_mask();
        let sign = f.sign_mask();
        let m = f.man_bits;
        let (mut xs, mut ys) = float_pairs(k, &mut rng);
        let mut push = |x: u64, y: u64, rng: &mut Rng| {
            let sx = sign * (rng.next_u64() & 1);
            let sy = sign * (rng.next_u64() & 1);
            xs.push((x | sx) & all);
            ys.push((y | sy) & all);
        };
        let emax = f.exp_field_max();
        for _ in 0..8_000 {
            // Random finite patterns, then exponents close together.
            let y = rng.next_u64() & f.mag_mask();
            let x = rng.next_u64() & f.mag_mask();
            push(x, y, &mut rng);
            let ey = (y >> m) & emax;
            let d = rng.next_u64() % 8;
            let ex = (ey + d).min(emax - 1);
            let x2 = (ex << m) | (rng.next_u64() & ((1 << m) - 1));
            push(x2, y, &mut rng);
            // Distant exponents, subnormal divisors.
            let y3 = rng.next_u64() & ((1 << m) - 1);
            push(x, y3, &mut rng);
        }
        // Exact multiples and odd half-multiples, computed exactly in f64
        // (small significands) and converted exactly.
        for _ in 0..8_000 {
            let j = (rng.next_u64() % 64) as f64;
            let ym = (rng.next_u64() % 16 + 1) as f64;
            let e = (rng.next_u64() % 20) as i32 - 10;
            let y = ym * 2f64.powi(e);
            for x in [j * y, (j + 0.5) * y] {
                let to = |v: f64| {
                    hlocheck::float::convert::convert(
                        FloatKind::F64.format(),
                        f,
                        v.to_bits(),
                        hlocheck::float::Rounding::NearestEven,
                    )
                };
                push(to(x), to(y), &mut rng);
            }
        }
        checked += run(
            k,
            &xs,
            &ys,
            &["stablehlo.remainder", "chlo.broadcast_remainder"],
        );
    }
    eprintln!("remainder: {checked} pairs agree");
}

/// f8E8M0FNU's + − × ÷, maximum, minimum and remainder (exponent
/// arithmetic on the patterns) agree with the executor on every pair, as
/// the StableHLO ops and as their CHLO broadcasting forms, and
/// `chlo.square` on every value.
#[test]
fn smt_encoding_of_f8e8m0fnu_arithmetic_is_exact() {
    let k = FloatKind::F8E8M0FNU;
    let (xs, ys): (Vec<u64>, Vec<u64>) = (0..65536u64).map(|i| (i >> 8, i & 0xFF)).unzip();
    let mut checked = 0;
    for (cx, cy) in xs.chunks(8192).zip(ys.chunks(8192)) {
        let m = cx.len();
        let t = format!("tensor<{m}xf8E8M0FNU>");
        let args = [tensor(k, cx.to_vec()), tensor(k, cy.to_vec())];
        for op in [
            "add",
            "subtract",
            "multiply",
            "divide",
            "maximum",
            "minimum",
            "remainder",
        ] {
            for full in [format!("stablehlo.{op}"), format!("chlo.broadcast_{op}")] {
                let text = format!(
                    "func.func @main(%x: {t}, %y: {t}) -> {t} {{\n  %r = \"{full}\"(%x, %y) : ({t}, {t}) -> {t}\n  return %r : {t}\n}}"
                );
                assert!(agree(&text, &args, false), "{full}");
            }
        }
        checked += m;
    }
    assert_eq!(checked, 65536);
    let all: Vec<u64> = (0..256).collect();
    let text = "func.func @main(%x: tensor<256xf8E8M0FNU>) -> tensor<256xf8E8M0FNU> {\n  %r = \"chlo.square\"(%x) : (tensor<256xf8E8M0FNU>) -> tensor<256xf8E8M0FNU>\n  return %r : tensor<256xf8E8M0FNU>\n}";
    assert!(agree(text, &[tensor(k, all)], false), "chlo.square");
}

/// Two 200-op f16 functions of one argument that are not the same term:
/// exhaustive execution (65,536 inputs, run as one batch) decides before
/// SMT is tried, whatever Z3's time limit.
#[test]
fn long_unary_f16_chains_are_decided_exhaustively_before_smt() {
    let t = "tensor<f16>";
    let body = |last: &str| {
        let mut s = format!(
            "func.func @main(%x: {t}) -> {t} {{\n  %v0 = stablehlo.multiply %x, %x : {t}\n"
        );
        for i in 1..199 {
            let op = ["add", "multiply", "maximum", "subtract"][i % 4];
            s += &format!("  %v{i} = stablehlo.{op} %v{}, %x : {t}\n", i - 1);
        }
        s += &format!("  %v199 = stablehlo.{last} %v198, %x : {t}\n  return %v199 : {t}\n}}\n");
        s
    };
    let opts = Options {
        timeout_ms: 3_600_000,
        ..Options::default()
    };
    let v = decide(&body("add"), &body("subtract"), &opts);
    assert_eq!(v.method, Some(Method::Exhaustive), "{}", v.summary);
    assert_eq!(v.outcome, Outcome::Differ, "{}", v.summary);
    assert_eq!(v.inputs_covered, 65536);
    let v = decide(
        &body("add"),
        &body("add"),
        &Options {
            rewriter: None,
            ..opts
        },
    );
    assert_eq!(v.method, Some(Method::Exhaustive), "{}", v.summary);
    assert_eq!(v.outcome, Outcome::Equivalent, "{}", v.summary);
}
