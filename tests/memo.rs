//! Results reused inside loops (`interp/memo.rs`): every program gives the
//! same results, and the same errors, with reuse on and off; invariant ops
//! are reused, ops whose operands change or that draw random numbers are
//! not.

use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;

/// Runs `@main` with reuse off and on: the results (or error texts) must
/// be equal. Returns them and the count of reused op runs.
fn both_ways(src: &str, limits: Limits) -> (Result<Vec<Value>, String>, u64) {
    let prog = parse_program("t.mlir", src).unwrap_or_else(|d| panic!("{d}"));
    let mut outs = Vec::new();
    let mut reused = 0;
    for memo in [false, true] {
        let mut interp = Interp::new(&prog, limits);
        interp.loop_memo = memo;
        outs.push(interp.call("main", vec![]));
        if memo {
            reused = interp.reused;
        } else {
            assert_eq!(interp.reused, 0);
        }
    }
    assert_eq!(outs[0], outs[1], "reuse changed the results of\n{src}");
    (outs.pop().unwrap(), reused)
}

/// A decoding-style loop: a weight passed through unchanged and
/// transposed, an `iota` and a broadcast constant (all invariant), a
/// buffer written in place each step, and a value that is invariant for
/// the first steps and then changes (kept results dropped and made again).
const DECODE: &str = "
func.func @main() -> (tensor<8xf32>, tensor<6x8xf32>) {
  %w0 = stablehlo.iota dim = 0 : tensor<8x8xf32>
  %w1 = stablehlo.iota dim = 1 : tensor<8x8xf32>
  %w = stablehlo.subtract %w0, %w1 : tensor<8x8xf32>
  %x0 = stablehlo.constant dense<0.5> : tensor<8xf32>
  %buf0 = stablehlo.constant dense<0.0> : tensor<6x8xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:5 = stablehlo.while(%i = %c0, %wt = %w, %x = %x0, %buf = %buf0, %s = %x0) : tensor<i32>, tensor<8x8xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<8xf32>
    cond {
      %n = stablehlo.constant dense<6> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      %t = stablehlo.transpose %wt, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
      %y = stablehlo.dot_general %t, %x, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8xf32>
      %io = stablehlo.iota dim = 0 : tensor<8xf32>
      %k = stablehlo.constant dense<0.125> : tensor<f32>
      %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<f32>) -> tensor<8xf32>
      %sc = stablehlo.multiply %io, %kb : tensor<8xf32>
      %y1 = stablehlo.add %y, %sc : tensor<8xf32>
      %y2 = stablehlo.tanh %y1 : tensor<8xf32>
      %row = stablehlo.reshape %y2 : (tensor<8xf32>) -> tensor<1x8xf32>
      %z = stablehlo.constant dense<0> : tensor<i32>
      %buf1 = stablehlo.dynamic_update_slice %buf, %row, %i, %z : (tensor<6x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<6x8xf32>
      %three = stablehlo.constant dense<3> : tensor<i32>
      %late = stablehlo.compare GE, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %s1 = stablehlo.select %late, %y2, %s : tensor<i1>, tensor<8xf32>
      %e = stablehlo.exponential %s1 : tensor<8xf32>
      %s2 = stablehlo.add %e, %x0 : tensor<8xf32>
      stablehlo.return %i1, %wt, %y2, %buf1, %s2 : tensor<i32>, tensor<8x8xf32>, tensor<8xf32>, tensor<6x8xf32>, tensor<8xf32>
    }
  func.return %r#4, %r#3 : tensor<8xf32>, tensor<6x8xf32>
}";

#[test]
fn invariant_ops_in_loops_are_reused_with_the_same_results() {
    let (out, reused) = both_ways(DECODE, Limits::default());
    out.unwrap();
    // From the third step on: the transpose, the iota, the broadcast and
    // their product, and the constants' consumers.
    assert!(reused >= 4 * 3, "only {reused} op runs reused");
}

#[test]
fn a_value_changed_in_place_is_read_again() {
    // `%w` is rewritten in place by its last use each step (its storage
    // taken over): the transpose that read it must run again every step.
    let src = "
func.func @main() -> tensor<4x4xf32> {
  %w0 = stablehlo.iota dim = 1 : tensor<4x4xf32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<4x4xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %w = %w0, %acc = %acc0) : tensor<i32>, tensor<4x4xf32>, tensor<4x4xf32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      %t = stablehlo.transpose %w, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
      %acc1 = stablehlo.add %acc, %t : tensor<4x4xf32>
      %h = stablehlo.constant dense<1.5> : tensor<4x4xf32>
      %w1 = stablehlo.multiply %w, %h : tensor<4x4xf32>
      stablehlo.return %i1, %w1, %acc1 : tensor<i32>, tensor<4x4xf32>, tensor<4x4xf32>
    }
  func.return %r#2 : tensor<4x4xf32>
}";
    let (out, _) = both_ways(src, Limits::default());
    let out = out.unwrap();
    // Each element is w0 · (1 + 1.5 + 1.5² + 1.5³ + 1.5⁴) = w0 · 13.1875.
    let t = out[0].as_tensor().unwrap();
    let got: Vec<f32> = t.data.iter().map(|b| f32::from_bits(b as u32)).collect();
    for (k, g) in got.iter().enumerate() {
        assert_eq!(*g, (k / 4) as f32 * 13.1875, "element {k}: {got:?}");
    }
}

#[test]
fn random_draws_in_loops_are_not_reused() {
    let src = "
func.func @main() -> tensor<4xf32> {
  %acc0 = stablehlo.constant dense<0.0> : tensor<4xf32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %acc0) : tensor<i32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<4> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      %lo = stablehlo.constant dense<0.0> : tensor<f32>
      %hi = stablehlo.constant dense<1.0> : tensor<f32>
      %shape = stablehlo.constant dense<4> : tensor<1xi64>
      %u = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
      %acc1 = stablehlo.add %acc, %u : tensor<4xf32>
      stablehlo.return %i1, %acc1 : tensor<i32>, tensor<4xf32>
    }
  func.return %r#1 : tensor<4xf32>
}";
    let run = |steps: &str| {
        let text = src.replace("dense<4> : tensor<i32>", steps);
        let prog = parse_program("t.mlir", &text).unwrap();
        let out = Interp::new(&prog, Limits::default()).call("main", vec![]);
        out.unwrap()[0].as_tensor().unwrap().data.to_vec()
    };
    // Four draws summed are not four times the first draw.
    let (four, one) = (run("dense<4> : tensor<i32>"), run("dense<1> : tensor<i32>"));
    let f = |x: u64| f32::from_bits(x as u32);
    assert!(
        four.iter().zip(&one).any(|(&x, &y)| f(x) != 4.0 * f(y)),
        "the draws repeat"
    );
    both_ways(src, Limits::default()).0.unwrap();
}

#[test]
fn the_work_limit_stops_at_the_same_op_with_reuse() {
    // Work counted without reuse, then limits that stop the run at many
    // places inside the loop: the same error text both ways.
    let prog = parse_program("t.mlir", DECODE).unwrap();
    let mut interp = Interp::new(&prog, Limits::default());
    interp.loop_memo = false;
    interp.call("main", vec![]).unwrap();
    let total = interp.work();
    let mut stopped = 0;
    for k in 1..40u64 {
        let limits = Limits {
            max_work: total * k / 40,
            ..Limits::default()
        };
        let (out, _) = both_ways(DECODE, limits);
        stopped += usize::from(out.is_err_and(|e| e.contains("work limit")));
    }
    assert!(stopped >= 30, "only {stopped} runs stopped");
}
