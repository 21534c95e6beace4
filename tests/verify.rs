//! The verifier: per-constraint pairs (a program that satisfies a
//! constraint and one that violates only it), dynamic shapes, the
//! conformance suites, and limits.

mod common;

use hlocheck::ir::parse::{parse_file, parse_program};
use hlocheck::ir::split_cases;
use hlocheck::verify::expected::check_expected_errors;
use hlocheck::verify::{verify_program, Kind, Options, Report};
use std::collections::BTreeSet;
use std::path::Path;

fn verify(text: &str) -> Report {
    verify_with(text, &Options::default())
}

fn verify_with(text: &str, opts: &Options) -> Report {
    let prog = parse_program("test.mlir", text).unwrap_or_else(|d| panic!("parse: {d}\n{text}"));
    verify_program(&prog, opts)
}

/// The error labels of a report, as `op (label)`.
fn error_labels(r: &Report) -> BTreeSet<String> {
    r.errors()
        .map(|f| format!("{} ({})", f.op, f.label))
        .collect()
}

/// Each case: the expected errors (empty: the program is well-formed) and a
/// program. Cases come in pairs: one that satisfies a constraint and one
/// that violates only that constraint.
const CASES: &[(&[&str], &str)] = &[
    // concatenate
    (&[], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32> }"),
    (&["stablehlo.concatenate (C6)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<7x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32> }"),
    (&["stablehlo.concatenate (C2)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32> }"),
    (&["stablehlo.concatenate (C1)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf16>) -> tensor<6x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf16>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32> }"),
    (&["stablehlo.concatenate (C2)", "stablehlo.concatenate (C4)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 2 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32> }"),
    // func.return against the signature
    (&["func.return (return)"], "func.func @f(%a: tensor<5xf32>) -> tensor<7xf32> {
  return %a : tensor<5xf32> }"),
    (&["func.return (return)"], "func.func @f(%a: tensor<5xf32>) -> (tensor<5xf32>, tensor<5xf32>) {
  return %a : tensor<5xf32> }"),
    (&["func.return (return)"], "func.func @main(%a: tensor<5xf32>) -> tensor<7xf32> {
  %0 = stablehlo.composite \"my.op\" %a {decomposition = @dec} : (tensor<5xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32> }
func.func private @dec(%a: tensor<5xf32>) -> tensor<7xf32> {
  return %a : tensor<5xf32> }"),
    // a composite's `?` result takes its decomposition's size
    (&["stablehlo.add (C1)"], "func.func @main(%a: tensor<5xf32>) -> tensor<?xf32> {
  %0 = stablehlo.composite \"my.op\" %a {decomposition = @dec} : (tensor<5xf32>) -> tensor<?xf32>
  %c = stablehlo.constant dense<1.0> : tensor<7xf32>
  %1 = stablehlo.add %0, %c : (tensor<?xf32>, tensor<7xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32> }
func.func private @dec(%a: tensor<5xf32>) -> tensor<5xf32> {
  return %a : tensor<5xf32> }"),
    // elementwise
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.add (C1)"], "func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.and (I1)", "stablehlo.and (I2)", "stablehlo.and (result)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.and %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2xi1>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.select %a, %b, %b : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.select (C1)"], "func.func @f(%a: tensor<3xi1>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.select %a, %b, %b : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xi1> {
  %0 = stablehlo.compare LT, %a, %a, FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1> }"),
    (&["stablehlo.compare (C3)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xi1> {
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32> }"),
    (&["stablehlo.convert (C1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<3xi32> {
  %0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32> }"),
    // shapes
    (&[], "func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32> }"),
    (&["stablehlo.reshape (C2)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<7xf32> {
  %0 = stablehlo.reshape %a : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32> }"),
    (&[], "func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32> }"),
    (&["stablehlo.transpose (C3)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&["stablehlo.transpose (C2)", "stablehlo.transpose (C3)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32> }"),
    (&[], "func.func @f(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&["stablehlo.broadcast_in_dim (C5)"], "func.func @f(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32> }"),
    (&["stablehlo.broadcast_in_dim (C4)"], "func.func @f(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 1] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32> }"),
    (&[], "func.func @f(%a: tensor<8xf32>) -> tensor<3xf32> {
  %0 = stablehlo.slice %a [1:7:2] : (tensor<8xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32> }"),
    (&["stablehlo.slice (C5)"], "func.func @f(%a: tensor<8xf32>) -> tensor<4xf32> {
  %0 = stablehlo.slice %a [1:7:2] : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.slice (C3)", "stablehlo.slice (C5)"], "func.func @f(%a: tensor<8xf32>) -> tensor<0xf32> {
  %0 = stablehlo.slice %a [1:9:2] : (tensor<8xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>, %p: tensor<f32>) -> tensor<7xf32> {
  %0 = stablehlo.pad %a, %p, low = [1], high = [3], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<7xf32> }"),
    (&["stablehlo.pad (C3)", "stablehlo.pad (C4)"], "func.func @f(%a: tensor<2xf32>, %p: tensor<f32>) -> tensor<7xf32> {
  %0 = stablehlo.pad %a, %p, low = [1], high = [3], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<7xf32> }"),
    (&[], "func.func @f() -> tensor<4xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<4xi32>
  return %0 : tensor<4xi32> }"),
    (&["stablehlo.iota (C1)"], "func.func @f() -> tensor<4xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<4xi32>
  return %0 : tensor<4xi32> }"),
    (&[], "func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reverse %a, dims = [1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&["stablehlo.reverse (C2)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.reverse %a, dims = [1, 1] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    // linear algebra
    (&[], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32> }"),
    (&["stablehlo.dot_general (C10)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32> }"),
    (&["stablehlo.dot_general (C12)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32> }"),
    // reductions
    (&[], "func.func @f(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32> }"),
    (&["stablehlo.reduce (C7)"], "func.func @f(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.reduce (C4)", "stablehlo.reduce (C7)"], "func.func @f(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<3xf32> {
  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32> }"),
    // dynamic ops
    (&[], "func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32> }"),
    (&["stablehlo.dynamic_reshape (C2)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<4x2xf32> {
  %s = stablehlo.constant dense<[4, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32> }"),
    (&["stablehlo.dynamic_reshape (shape)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    // A shape computed from an iota's elements (each its index along the
    // dimension): [4, 2] elements from six.
    (&["stablehlo.dynamic_reshape (C2)"], "func.func @f(%a: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %i = stablehlo.iota dim = 1 : tensor<1x2xi64>
  %r = stablehlo.reshape %i : (tensor<1x2xi64>) -> tensor<2xi64>
  %c = stablehlo.constant dense<[4, 1]> : tensor<2xi64>
  %s = stablehlo.add %r, %c : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32> }"),
    (&[], "func.func @f(%a: tensor<3xf32>) -> tensor<1xi32> {
  %0 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<3xf32>) -> tensor<i32>
  %1 = stablehlo.reshape %0 : (tensor<i32>) -> tensor<1xi32>
  return %1 : tensor<1xi32> }"),
    (&["stablehlo.get_dimension_size (C1)"], "func.func @f(%a: tensor<3xf32>) -> tensor<i32> {
  %0 = stablehlo.get_dimension_size %a, dim = 1 : (tensor<3xf32>) -> tensor<i32>
  return %0 : tensor<i32> }"),
    (&[], "func.func @f(%a: tensor<8xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<8xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.dynamic_slice (C4)"], "func.func @f(%a: tensor<8xf32>, %i: tensor<i32>) -> tensor<9xf32> {
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [9] : (tensor<8xf32>, tensor<i32>) -> tensor<9xf32>
  return %0 : tensor<9xf32> }"),
    // quantization and types
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>> }"),
    (&["func.func (quantized type C7)", "stablehlo.uniform_quantize (quantized type C7)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:300>> {
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:300>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:300>> }"),
    // CHLO
    (&[], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&["chlo.broadcast_add (CH2)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    // more ops: each violating case breaks the named constraints only
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %a : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.abs (C1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<3xf32> {
  %0 = stablehlo.abs %a : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32> }"),
    (&["stablehlo.exponential (C1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf64> {
  %0 = stablehlo.exponential %a : (tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64> }"),
    (&[], "func.func @f(%a: tensor<2xf32>, %m: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.clamp %m, %a, %m : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.clamp (C1)", "stablehlo.clamp (C2)"], "func.func @f(%a: tensor<2xf32>, %m: tensor<3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.clamp %m, %a, %m : (tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f() -> tensor<2x3xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %0 : tensor<2x3xi32> }"),
    (&[], "func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x4xf32> {
  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32> }"),
    (&["stablehlo.gather (C22)"], "func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32> }"),
    (&["stablehlo.gather (C21)"], "func.func @f(%a: tensor<3x4xf32>, %i: tensor<2x1xi32>) -> tensor<2x5xf32> {
  %0 = \"stablehlo.gather\"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>} : (tensor<3x4xf32>, tensor<2x1xi32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32> }"),
    (&[], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.sort\"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.sort (C4)"], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.sort\"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.sort (C5)"], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.sort\"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    stablehlo.return %x : tensor<f32>
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&[], "func.func @f(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%x = %a) : tensor<i32>
    cond {
      %c = stablehlo.compare LT, %x, %x, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %x : tensor<i32>
    }
  return %0 : tensor<i32> }"),
    (&["stablehlo.while (C1)"], "func.func @f(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.while(%x = %a) : tensor<i32>
    cond {
      stablehlo.return %x : tensor<i32>
    } do {
      stablehlo.return %x : tensor<i32>
    }
  return %0 : tensor<i32> }"),
    (&[], "func.func @f(%p: tensor<i1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = \"stablehlo.if\"(%p) ({
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.if (C2)"], "func.func @f(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = \"stablehlo.if\"(%p) ({
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %b : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32> }"),
    (&["stablehlo.bitcast_convert (C1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xi16> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi16>
  return %0 : tensor<2xi16> }"),
    (&[], "func.func @f(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.real (C2)"], "func.func @f(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  %0 = stablehlo.real %a : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
  %0 = stablehlo.complex %a, %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>> }"),
    (&["stablehlo.reduce_precision (C2)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce_precision %a, format = e0m2 : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce_precision %a, format = e5m2 : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<8xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<8xf32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
  return %0 : tensor<8xf32> }"),
    (&["stablehlo.dynamic_update_slice (C6)"], "func.func @f(%a: tensor<8xf32>, %u: tensor<9xf32>, %i: tensor<i32>) -> tensor<8xf32> {
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<8xf32>, tensor<9xf32>, tensor<i32>) -> tensor<8xf32>
  return %0 : tensor<8xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.get_tuple_element (C1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %t = stablehlo.tuple %a, %a : tuple<tensor<2xf32>, tensor<2xf32>>
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<2xf32>, tensor<2xf32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = stablehlo.shift_left %a, %a : tensor<2xi32>
  return %0 : tensor<2xi32> }"),
    (&["stablehlo.shift_left (I1)", "stablehlo.shift_left (I2)", "stablehlo.shift_left (result)"], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.shift_left %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.popcnt (C1)"], "func.func @f(%a: tensor<2xi32>) -> tensor<3xi32> {
  %0 = stablehlo.popcnt %a : (tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32> }"),
    (&[], "func.func @f(%a: tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>> {
  %0 = stablehlo.fft %a, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>> }"),
    (&[], "func.func @f(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x3xf32>
  return %0 : tensor<3x3xf32> }"),
    (&["stablehlo.cholesky (C3)"], "func.func @f(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.cholesky %a, lower = true : tensor<3x4xf32>
  return %0 : tensor<3x4xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.optimization_barrier %a : tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.batch_norm_inference (C3)", "stablehlo.batch_norm_inference (C4)", "stablehlo.batch_norm_inference (C5)", "stablehlo.batch_norm_inference (C6)"], "func.func @f(%a: tensor<2x3xf32>, %s: tensor<4xf32>) -> tensor<2x3xf32> {
  %0 = \"stablehlo.batch_norm_inference\"(%a, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&[], "func.func @f(%a: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = \"stablehlo.batch_norm_inference\"(%a, %s, %s, %s, %s) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&[], "func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.uniform_dequantize (C2)"], "func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf16> {
  %0 = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf16>
  return %0 : tensor<2xf16> }"),
    (&[], "func.func @f(%a: tensor<8xf32>) -> (tensor<3xf32>, tensor<3xi32>) {
  %0, %1 = chlo.top_k(%a, k = 3) : tensor<8xf32> -> (tensor<3xf32>, tensor<3xi32>)
  return %0, %1 : tensor<3xf32>, tensor<3xi32> }"),
    (&["chlo.top_k (CH3)"], "func.func @f(%a: tensor<8xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0, %1 = chlo.top_k(%a, k = 3) : tensor<8xf32> -> (tensor<4xf32>, tensor<4xi32>)
  return %0, %1 : tensor<4xf32>, tensor<4xi32> }"),
    (&["stablehlo.set_dimension_size (D2)"], "func.func @f(%a: tensor<4xf32>, %s: tensor<i32>) -> tensor<?xf32> {
  %0 = \"stablehlo.set_dimension_size\"(%a, %s) {dimension = 1 : i64} : (tensor<4xf32>, tensor<i32>) -> tensor<?xf32>
  return %0 : tensor<?xf32> }"),
    (&[], "func.func @f(%a: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  %0 = \"stablehlo.reduce_window\"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&["stablehlo.reduce_window (C15)"], "func.func @f(%a: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  %0 = \"stablehlo.reduce_window\"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32> }"),
    (&["stablehlo.reduce_window (C15)", "stablehlo.reduce_window (C5)"], "func.func @f(%a: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  %0 = \"stablehlo.reduce_window\"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 0>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&[], "func.func @f(%a: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32> }"),
    (&["stablehlo.convolution (C25)"], "func.func @f(%a: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x4xf32>) -> tensor<1x7x6x4xf32> {
  %0 = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x7x6x4xf32>
  return %0 : tensor<1x7x6x4xf32> }"),
    (&["stablehlo.convolution (C14)"], "func.func @f(%a: tensor<1x8x8x3xf32>, %k: tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32> {
  %0 = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x2x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32> }"),
    (&[], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.all_reduce\"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.all_reduce (C1)"], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.all_reduce\"(%a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&[], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.collective_permute\"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.collective_permute (C2)"], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.collective_permute\"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&[], "func.func @f(%a: tensor<4x4xf32>) -> tensor<8x2xf32> {
  %0 = \"stablehlo.all_to_all\"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32> }"),
    (&["stablehlo.all_to_all (C2)", "stablehlo.all_to_all (C9)"], "func.func @f(%a: tensor<4x4xf32>) -> tensor<8x2xf32> {
  %0 = \"stablehlo.all_to_all\"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4x4xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32> }"),
    (&[], "func.func @f(%a: tensor<3x3xf32>, %b: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %0 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32> }"),
    (&["stablehlo.triangular_solve (C3)"], "func.func @f(%a: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32> }"),
    (&[], "func.func @f(%s: tensor<1xi64>) -> tensor<?xi32> {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  return %0 : tensor<?xi32> }"),
    (&["stablehlo.dynamic_iota (C2)"], "func.func @f(%s: tensor<1xi64>) -> tensor<?x?xi32> {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<?x?xi32>
  return %0 : tensor<?x?xi32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>, %p: tensor<f32>) -> tensor<?xf32> {
  %l = stablehlo.constant dense<1> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %a, %p, %l, %l, %l : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %0 : tensor<?xf32> }"),
    (&["stablehlo.dynamic_pad (C4)"], "func.func @f(%a: tensor<2xf32>, %p: tensor<f32>) -> tensor<6xf32> {
  %l = stablehlo.constant dense<1> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %a, %p, %l, %l, %l : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<6xf32>
  return %0 : tensor<6xf32> }"),
    (&[], "func.func @f(%a: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32> }"),
    (&["stablehlo.dynamic_broadcast_in_dim (C3)"], "func.func @f(%a: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x3xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [2] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32> }"),
    (&[], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.map\"(%a, %a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&["stablehlo.map (C3)"], "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"stablehlo.map\"(%a, %a) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32> }"),
    (&[], "func.func @f(%i: tensor<i32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = \"stablehlo.case\"(%i) ({
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&["stablehlo.case (C3)"], "func.func @f(%i: tensor<i32>, %a: tensor<2xf32>, %b: tensor<2xf16>) -> tensor<2xf32> {
  %0 = \"stablehlo.case\"(%i) ({
    stablehlo.return %a : tensor<2xf32>
  }, {
    stablehlo.return %b : tensor<2xf16>
  }) : (tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<f32>, %s: tensor<2xi64>) -> tensor<3x4xf32> {
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32> }"),
    (&["stablehlo.rng (C1)"], "func.func @f(%a: tensor<f32>, %b: tensor<f16>, %s: tensor<2xi64>) -> tensor<3x4xf32> {
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f16>, tensor<2xi64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32> }"),
    (&["chlo.erf (CH1)"], "func.func @f(%a: tensor<2xf32>) -> tensor<3xf32> {
  %0 = chlo.erf %a : tensor<2xf32> -> tensor<3xf32>
  return %0 : tensor<3xf32> }"),
    (&[], "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = chlo.erf %a : tensor<2xf32> -> tensor<2xf32>
  return %0 : tensor<2xf32> }"),
    (&[], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xi1> {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1> }"),
    (&["chlo.broadcast_compare (CH4)"], "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x4xi1> {
  %0 = chlo.broadcast_compare %a, %b {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1> }"),
    // the dialect's own ops (spec/dialect.hlospec)
    (&[], "func.func @f(%a: tensor<3xi32>) -> tensor<2x3xi32> {
  %0 = \"stablehlo.broadcast\"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32> }"),
    (&["stablehlo.broadcast (D2)"], "func.func @f(%a: tensor<3xi32>) -> tensor<1x2x3xi32> {
  %0 = \"stablehlo.broadcast\"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<1x2x3xi32>
  return %0 : tensor<1x2x3xi32> }"),
    // unknown ops of the dialects are errors; other dialects are opaque
    (&["stablehlo.frobnicate (op)"], "func.func @f(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = \"stablehlo.frobnicate\"(%a) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32> }"),
    (&[], "func.func @f(%a: tensor<3xi32>) -> tensor<3xi32> {
  %0 = \"foo.frobnicate\"(%a) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32> }"),
];

#[test]
fn each_constraint_pair_gives_the_expected_verdict() {
    let mut problems = Vec::new();
    for (expected, text) in CASES {
        let r = verify(text);
        let got = error_labels(&r);
        let want: BTreeSet<String> = expected.iter().map(|s| s.to_string()).collect();
        if got != want {
            problems.push(format!(
                "expected {want:?}, got {got:?}:\n{text}\n{}",
                r.errors()
                    .map(|f| f.headline())
                    .collect::<Vec<_>>()
                    .join("\n")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
    // Pairs: as many well-formed programs as violating ones, roughly.
    let ok = CASES.iter().filter(|(e, _)| e.is_empty()).count();
    assert!(
        ok >= 20 && CASES.len() - ok >= 25,
        "{ok} of {}",
        CASES.len()
    );
}

#[test]
fn an_error_names_the_values_that_disagree() {
    let r = verify(CASES[1].1);
    let f = r.errors().next().expect("an error");
    assert_eq!(f.label, "C6");
    assert!(
        f.message.contains("[7, 3]") && f.message.contains("[6, 3]"),
        "{}",
        f.message
    );
    assert_eq!((f.pos.line, f.pos.col), (2, 3));
}

#[test]
fn dynamic_sizes_give_preconditions_with_counterexamples() {
    let r = verify(
        "func.func @main(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<?x3xf32>
  return %0 : tensor<?x3xf32> }",
    );
    assert!(!r.has_errors());
    let pre: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .collect();
    assert_eq!(pre.len(), 1, "{pre:?}");
    assert_eq!(pre[0].message, "arg0.dim0 = arg1.dim0");
    let cex = pre[0].counterexample.as_deref().unwrap_or("");
    assert!(
        cex.contains("arg0.dim0") && cex.contains("arg1.dim0"),
        "{cex}"
    );
}

#[test]
fn an_assumption_discharges_a_precondition() {
    let text = "func.func @main(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<?x3xf32>
  return %0 : tensor<?x3xf32> }";
    let opts = Options {
        assumptions: vec!["arg0.dim0 = arg1.dim0".into()],
        ..Options::default()
    };
    let r = verify_with(text, &opts);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn bounded_dimensions_are_within_their_bounds() {
    // A bounded size of at most 4 can never equal 5.
    let r = verify(
        "func.func @main(%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<5xf32>) -> tensor<5xf32> {
  %0 = stablehlo.add %a, %b : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<5xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32> }",
    );
    assert_eq!(error_labels(&r), ["stablehlo.add (C1)".to_string()].into());
}

#[test]
fn a_bounded_result_size_is_checked_against_its_bound_never_assumed() {
    let pre = |r: &Report| -> Vec<(String, String)> {
        r.findings
            .iter()
            .filter(|f| f.kind == Kind::Precondition)
            .map(|f| (f.label.clone(), f.message.clone()))
            .collect()
    };
    // 4 + 4 rows may exceed the result's bound of 6: a condition, not an
    // assumption (running with two 4-row arguments fails on the bound).
    let r = verify(
        "func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<6>> {
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<6>>
  return %0 : tensor<?xf32, #stablehlo.bounds<6>> }",
    );
    assert!(!r.has_errors(), "{:?}", r.findings);
    let p = pre(&r);
    assert!(
        p.len() == 1
            && p[0].0 == "bounds"
            && p[0].1.contains("arg0.dim0")
            && p[0].1.contains("arg1.dim0")
            && p[0].1.ends_with("<= 6"),
        "{p:?}"
    );
    // With a bound of 8 the sum always fits.
    let r = verify(
        "func.func @main(%x: tensor<?xf32, #stablehlo.bounds<4>>, %y: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<8>> {
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<8>>
  return %0 : tensor<?xf32, #stablehlo.bounds<8>> }",
    );
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // A size that is always past the bound is an error.
    let r = verify(
        "func.func @main(%x: tensor<5xf32>, %y: tensor<?xf32>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  %0 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<5xf32>, tensor<?xf32>) -> tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>> }",
    );
    assert_eq!(
        error_labels(&r),
        ["stablehlo.concatenate (bounds)".to_string()].into()
    );
    // A size read from a shape operand is bounded too.
    let r = verify(
        "func.func @main(%n: tensor<1xi64>) -> tensor<?xf32, #stablehlo.bounds<4>> {
  %0 = stablehlo.dynamic_iota %n, dim = 0 : (tensor<1xi64>) -> tensor<?xf32, #stablehlo.bounds<4>>
  return %0 : tensor<?xf32, #stablehlo.bounds<4>> }",
    );
    assert!(!r.has_errors(), "{:?}", r.findings);
    assert!(
        pre(&r)
            .iter()
            .any(|(l, m)| l == "bounds" && m == "arg0[0] <= 4"),
        "{:?}",
        r.findings
    );
}

#[test]
fn result_sizes_are_inferred_and_checked_downstream() {
    // The concatenation has 2 + ? rows; adding it to a 3-row tensor holds
    // only if the dynamic size is 1.
    let r = verify(
        "func.func @main(%a: tensor<2xf32>, %b: tensor<?xf32>, %c: tensor<3xf32>) -> tensor<?xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = stablehlo.add %0, %c : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %1 : tensor<?xf32> }",
    );
    assert!(!r.has_errors());
    let pre: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(pre, ["arg1.dim0 = 1"]);
}

#[test]
fn a_shape_from_an_iota_is_decided() {
    // [0, 1] + [3, 1] = [3, 2]: six elements, decided with no condition.
    let r = verify(
        "func.func @f(%a: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %i = stablehlo.iota dim = 0 : tensor<2xi64>
  %c = stablehlo.constant dense<[3, 1]> : tensor<2xi64>
  %s = stablehlo.add %i, %c : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32> }",
    );
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

fn program_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/programs")
        .join(name);
    common::read_text(&path)
}

#[test]
fn jax_shape_assertion_makes_a_polymorphic_reshape_well_shaped() {
    let r = verify(&program_file("shape_poly_ok.mlir"));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert!(r.ops_checked >= 8);
}

#[test]
fn an_inconsistent_dynamic_reshape_is_refuted_for_every_input() {
    let r = verify(&program_file("shape_poly_bad_reshape.mlir"));
    assert_eq!(
        error_labels(&r),
        ["stablehlo.dynamic_reshape (C2)".to_string()].into()
    );
}

#[test]
fn without_the_assertion_the_reshape_has_a_precondition() {
    let r = verify(&program_file("shape_poly_precondition.mlir"));
    assert!(!r.has_errors());
    let pre: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(pre, ["arg1.dim0 = arg0"]);
}

#[test]
fn only_a_narrowing_convert_asks_that_a_shape_value_fits() {
    // get_dimension_size's result is the size itself; converting it to the
    // same type (or a wider one) keeps every value, converting it to i16
    // needs the size to fit.
    let program = |to: &str| {
        format!(
            "func.func @main(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {{
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
  %e = stablehlo.convert %d : (tensor<i32>) -> tensor<{to}>
  %f = stablehlo.reshape %e : (tensor<{to}>) -> tensor<1x{to}>
  %c8 = stablehlo.constant dense<8> : tensor<1x{to}>
  %s = stablehlo.concatenate %f, %c8, dim = 0 : (tensor<1x{to}>, tensor<1x{to}>) -> tensor<2x{to}>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<?x8xf32>, tensor<2x{to}>) -> tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}}"
        )
    };
    for to in ["i32", "i64"] {
        let r = verify(&program(to));
        assert!(r.findings.is_empty(), "{to}: {:?}", r.findings);
    }
    let r = verify(&program("i16"));
    // An overflow condition, reported apart from the shape preconditions.
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    let pre: Vec<(&str, &str, &str)> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Overflow)
        .map(|f| (f.op.as_str(), f.label.as_str(), f.message.as_str()))
        .collect();
    // Required where the value is taken as a shape.
    assert_eq!(
        pre,
        [(
            "stablehlo.dynamic_reshape",
            "shape value",
            // (`arg0.dim0 >= -32768` holds for every size, so it is not shown)
            "arg0.dim0 <= 32767"
        )],
        "{:?}",
        r.findings
    );
}

#[test]
fn a_narrowed_value_that_only_flows_into_data_needs_no_condition() {
    // A loop counter converted to ui32 and added to data (as JAX's PRNG
    // loops do): the convert wraps as the spec says, and no shape depends
    // on it.
    let ty = "3";
    let text = format!(
        "func.func @main(%a: tensor<{ty}xui32>, %n: tensor<i64>) -> tensor<{ty}xui32> {{
  %r:2 = stablehlo.while(%i = %n, %x = %a) : tensor<i64>, tensor<{ty}xui32>
   cond {{
    %k = stablehlo.constant dense<5> : tensor<i64>
    %c = stablehlo.compare LT, %i, %k, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %one : tensor<i64>
    %u = stablehlo.convert %j : (tensor<i64>) -> tensor<ui32>
    %b = stablehlo.broadcast_in_dim %u, dims = [] : (tensor<ui32>) -> tensor<{ty}xui32>
    %y = stablehlo.add %x, %b : tensor<{ty}xui32>
    stablehlo.return %j, %y : tensor<i64>, tensor<{ty}xui32>
  }}
  return %r#1 : tensor<{ty}xui32>
}}"
    );
    let r = verify(&text);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // The same value taken as a size needs it to fit.
    let text = "func.func @main(%n: tensor<i64>) -> tensor<?xf32> {
  %u = stablehlo.convert %n : (tensor<i64>) -> tensor<ui32>
  %s = stablehlo.reshape %u : (tensor<ui32>) -> tensor<1xui32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xui32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}";
    let r = verify(text);
    let pre: Vec<(&Kind, &str, &str, &str)> = r
        .findings
        .iter()
        .map(|f| (&f.kind, f.op.as_str(), f.label.as_str(), f.message.as_str()))
        .collect();
    assert_eq!(
        pre,
        [(
            &Kind::Overflow,
            "stablehlo.dynamic_iota",
            "shape value",
            "arg0 >= 0 and arg0 <= 4294967295"
        )],
        "{:?}",
        r.findings
    );
}

#[test]
fn a_jax_export_is_checked_through_its_calls_without_preconditions() {
    // The wrapped function's ops need b = x.dim0, t = x.dim1 and the bias
    // to have t rows: all implied by @main's assertions, seen at the call.
    let r = verify(&program_file("jax_export_calls_ok.mlir"));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert!(r.ops_checked >= 25, "{} ops checked", r.ops_checked);
}

#[test]
fn a_precondition_inside_a_callee_is_stated_in_the_entry_functions_arguments() {
    let r = verify(&program_file("jax_export_calls_precondition.mlir"));
    assert!(!r.has_errors(), "{:?}", r.findings);
    let pre: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .collect();
    assert_eq!(pre.len(), 1, "{:?}", r.findings);
    let f = pre[0];
    assert_eq!(f.op, "stablehlo.dynamic_broadcast_in_dim");
    assert_eq!(f.label, "C5");
    assert_eq!(f.message, "arg1.dim0 = 1 or arg1.dim0 = arg0.dim1");
    // At the broadcast in the wrapped function, reached from @main's call.
    assert_eq!(f.pos.line, 25);
    let sites: Vec<u32> = f.called_from.iter().map(|p| p.line).collect();
    assert_eq!(sites, [16]);
    // Nothing is reported about the private functions on their own.
    assert!(
        r.findings.iter().all(|f| !f.message.contains('@')),
        "{:?}",
        r.findings
    );
}

#[test]
fn call_results_take_the_sizes_the_callee_returns() {
    // Without following the call, the result's `?` would be a fresh unknown
    // and the add would hold only if it equals arg0.dim0.
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @twice(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = stablehlo.add %0, %a : tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func private @twice(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}";
    let r = verify(text);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // A callee that concatenates returns twice the size: adding it to the
    // argument then fails unless the size is 0.
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @double(%a) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = stablehlo.add %0, %a : tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func private @double(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}";
    let r = verify(text);
    let pre: Vec<(&str, u32)> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| (f.message.as_str(), f.pos.line))
        .collect();
    assert_eq!(pre, [("arg0.dim0 = 0", 3)], "{:?}", r.findings);
}

#[test]
fn a_scalar_argument_carries_the_callers_shape_value() {
    // %n is 2 * a.dim0, passed as a tensor<i64>; the callee reshapes to
    // [n, 4] an operand of a.dim0 * 8 elements, which always fits.
    let text = "func.func @main(%a: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
  %d64 = stablehlo.convert %d : (tensor<i32>) -> tensor<i64>
  %c2 = stablehlo.constant dense<2> : tensor<i64>
  %n = stablehlo.multiply %d64, %c2 : tensor<i64>
  %0 = call @f(%n, %a) : (tensor<i64>, tensor<?x8xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func private @f(%n: tensor<i64>, %x: tensor<?x8xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
  %c4 = stablehlo.constant dense<4> : tensor<1xi64>
  %1 = stablehlo.concatenate %0, %c4, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %2 = stablehlo.dynamic_reshape %x, %1 : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}";
    let r = verify(text);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // With 3 instead of 2 the reshape to [3 * a.dim0, 4] fits only an empty
    // operand: a precondition on @main's argument, at the callee's reshape.
    let r = verify(&text.replace("dense<2> : tensor<i64>", "dense<3> : tensor<i64>"));
    let found: Vec<(&Kind, String, &str, u32, Vec<u32>)> = r
        .findings
        .iter()
        .map(|f| {
            (
                &f.kind,
                format!("{} ({})", f.op, f.label),
                f.message.as_str(),
                f.pos.line,
                f.called_from.iter().map(|p| p.line).collect(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [(
            &Kind::Precondition,
            "stablehlo.dynamic_reshape (C2)".to_string(),
            "arg0.dim0 = 0",
            13,
            vec![6]
        )],
        "{:?}",
        r.findings
    );
}

#[test]
fn public_and_uncalled_functions_are_still_checked_on_their_own() {
    // @pub is public: checked on its own (fresh unknowns, a precondition in
    // its own terms) and at the call (where it holds). @lonely is private
    // but never called: checked on its own.
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @pub(%a, %a) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @pub(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @lonely(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.subtract %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}";
    let r = verify(text);
    let pre: Vec<(&str, u32, usize)> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| (f.message.as_str(), f.pos.line, f.called_from.len()))
        .collect();
    assert_eq!(
        pre,
        [
            ("@pub.arg0.dim0 = @pub.arg1.dim0", 6, 0),
            ("@lonely.arg0.dim0 = @lonely.arg1.dim0", 10, 0)
        ],
        "{:?}",
        r.findings
    );
}

#[test]
fn a_call_that_does_not_match_its_callee_is_an_error() {
    let text = "func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = call @f(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
func.func private @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  return %x : tensor<3xf32>
}";
    let r = verify(text);
    let errors: Vec<(String, u32)> = r.errors().map(|f| (f.headline(), f.pos.line)).collect();
    assert_eq!(
        errors,
        [(
            "func.call (callee): operand 0 has type tensor<2xf32>, but @f takes tensor<3xf32>"
                .to_string(),
            2
        )]
    );
    let r = verify(&text.replace("call @f(", "call @g("));
    let errors: Vec<String> = r.errors().map(|f| f.headline()).collect();
    assert_eq!(
        errors,
        ["func.call (callee): there is no function named @g"]
    );
}

#[test]
fn recursion_is_undecided_and_never_loops() {
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @f(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @f(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @g(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func private @g(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @f(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}";
    let r = verify(text);
    let found: Vec<(&Kind, &str, u32)> = r
        .findings
        .iter()
        .map(|f| (&f.kind, f.label.as_str(), f.pos.line))
        .collect();
    assert_eq!(found, [(&Kind::Unknown, "call", 10)], "{:?}", r.findings);
    assert!(r.findings[0].message.contains("recursive"));
}

/// `n` private functions, each calling the next: `@f0` calls `@f1` twice
/// (and so on), on values of shape `shape`.
fn call_tree(n: usize, shape: &str) -> String {
    let ty = format!("tensor<{shape}xf32>");
    let mut s = format!(
        "func.func @main(%a: {ty}) -> {ty} {{
  %0 = call @f0(%a) : ({ty}) -> {ty}
  return %0 : {ty}
}}\n"
    );
    for i in 0..n {
        if i + 1 < n {
            s.push_str(&format!(
                "func.func private @f{i}(%x: {ty}) -> {ty} {{
  %0 = call @f{j}(%x) : ({ty}) -> {ty}
  %1 = call @f{j}(%0) : ({ty}) -> {ty}
  %2 = stablehlo.add %0, %1 : {ty}
  return %2 : {ty}
}}\n",
                j = i + 1
            ));
        } else {
            s.push_str(&format!(
                "func.func private @f{i}(%x: {ty}) -> {ty} {{
  %0 = stablehlo.multiply %x, %x : {ty}
  return %0 : {ty}
}}\n"
            ));
        }
    }
    s
}

#[test]
fn a_callee_called_again_with_the_same_shapes_is_not_walked_again() {
    // 2^29 calls if every call were walked.
    for shape in ["4x?", "4x8"] {
        let text = call_tree(30, shape);
        let r = verify(&text);
        assert!(r.findings.is_empty(), "{shape}: {:?}", r.findings);
        // Each function's ops are checked once: 30 bodies.
        assert!(
            r.ops_checked < 200,
            "{shape}: {} ops checked",
            r.ops_checked
        );
    }
}

#[test]
fn calls_nested_too_deep_are_undecided() {
    // A chain of 40 functions, each calling the next once.
    let ty = "tensor<?xf32>";
    let mut text = format!(
        "func.func @main(%a: {ty}) -> {ty} {{
  %0 = call @f0(%a) : ({ty}) -> {ty}
  return %0 : {ty}
}}\n"
    );
    for i in 0..40 {
        text.push_str(&format!(
            "func.func private @f{i}(%x: {ty}) -> {ty} {{
  %0 = call @f{j}(%x) : ({ty}) -> {ty}
  return %0 : {ty}
}}\n",
            j = i + 1
        ));
    }
    text.push_str(&format!(
        "func.func private @f40(%x: {ty}) -> {ty} {{
  return %x : {ty}
}}\n"
    ));
    let r = verify(&text);
    let unknown: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Unknown)
        .map(|f| f.message.as_str())
        .collect();
    assert!(!unknown.is_empty(), "{:?}", r.findings);
    assert!(
        unknown.iter().all(|m| m.contains("nested more than")),
        "{unknown:?}"
    );
    assert!(!r.has_errors());
}

#[test]
fn a_composite_is_checked_through_its_decomposition() {
    let text = r#"func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.composite"(%a) {name = "my.double", decomposition = @dec, version = 1 : i32} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = stablehlo.add %0, %a : tensor<?xf32>
  return %1 : tensor<?xf32>
}
func.func private @dec(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %x, %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}"#;
    let r = verify(text);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

/// A chain of `n` ops on dynamically shaped tensors: elementwise ops, and
/// every few ops a round trip of the shape through get_dimension_size,
/// concatenate and dynamic_reshape.
fn generated_program(n: usize) -> String {
    let mut s = String::from(
        "func.func @main(%arg0: tensor<?x?xf32>, %arg1: tensor<?x?xf32>) -> tensor<?x?xf32> {\n",
    );
    s.push_str("  %v0 = stablehlo.add %arg0, %arg1 : tensor<?x?xf32>\n");
    let (mut cur, mut next, mut count) = (0usize, 1usize, 1usize);
    while count < n {
        if count % 10 == 0 && n - count >= 6 {
            let b = next;
            s.push_str(&format!(
                "  %d{b} = stablehlo.get_dimension_size %v{cur}, dim = 0 : (tensor<?x?xf32>) -> tensor<i32>
  %e{b} = stablehlo.get_dimension_size %v{cur}, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %f{b} = stablehlo.reshape %d{b} : (tensor<i32>) -> tensor<1xi32>
  %g{b} = stablehlo.reshape %e{b} : (tensor<i32>) -> tensor<1xi32>
  %s{b} = stablehlo.concatenate %f{b}, %g{b}, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %v{b} = stablehlo.dynamic_reshape %v{cur}, %s{b} : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>\n"
            ));
            count += 6;
        } else {
            let op = ["add", "multiply", "subtract", "maximum"][count % 4];
            s.push_str(&format!(
                "  %v{next} = stablehlo.{op} %v{cur}, %arg1 : tensor<?x?xf32>\n"
            ));
            count += 1;
        }
        cur = next;
        next += 1;
    }
    s.push_str(&format!("  return %v{cur} : tensor<?x?xf32>\n}}\n"));
    s
}

#[test]
fn ten_thousand_dynamic_ops_verify_quickly() {
    let text = generated_program(10_000);
    let prog = common::on_big_stack(move || parse_program("gen.mlir", &text).expect("parses"));
    let ops = prog.ops[0].regions[0].blocks[0].ops.len();
    assert!(ops >= 10_000, "{ops} ops");
    let start = std::time::Instant::now();
    let r = verify_program(&prog, &Options::default());
    let took = start.elapsed();
    println!("verified {ops} dynamic ops in {took:?}");
    assert!(!r.has_errors());
    // The only condition: the two arguments have the same shape.
    let pre: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(
        pre,
        ["arg0.dim0 = arg1.dim0 and arg0.dim1 = arg1.dim1"],
        "{:?}",
        r.findings
    );
}

#[test]
fn expected_error_checker_never_panics_on_odd_input() {
    for text in [
        "",
        "// expected-error@+99999999999 {{x}}\n",
        "// expected-error@-5 {{x}}\nfunc.func @f() { return }\n",
        "func.func @f(%a: tensor<99999999999999999999xf32>) { return }\n// -----\n// -----\n",
        "func.func @f(%a: tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<1xf32> {\n %0 = stablehlo.reshape %a : (tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<1xf32>\n return %0 : tensor<1xf32> }",
        "\u{0}\u{ffff}(((((",
    ] {
        let v = check_expected_errors("odd.mlir", text);
        assert_eq!(v.len(), split_cases(text).len());
    }
}

#[test]
fn expected_error_checker_judges_cases() {
    let text = "func.func @ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// -----
func.func @bad(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{anything}}
  %0 = stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
// -----
func.func @unmarked_bad(%a: tensor<2xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
// -----
func.func @marked_but_fine(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{anything}}
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
";
    let v = check_expected_errors("t.mlir", text);
    let passed: Vec<bool> = v.iter().map(|c| c.passed).collect();
    assert_eq!(passed, [true, true, false, false], "{v:?}");
    let lines: Vec<u32> = v.iter().map(|c| c.line).collect();
    assert_eq!(lines, [1, 6, 12, 17]);
}

/// The number of cases of conformance/verify judged right when this was
/// measured (of 1,132); the suite must not fall below it.
const VERIFY_SUITE_PASSES: usize = 1105;

#[test]
fn conformance_verify_suite_pass_count() {
    let Some(base) = common::conformance_dir() else {
        return;
    };
    let files = common::mlir_files(&base.join("verify"));
    let results = common::on_big_stack(move || {
        hlocheck::cli::parallel_map(&files, |f| {
            let text = common::read_text(f);
            let name = f
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            check_expected_errors(&name, &text)
                .into_iter()
                .map(|c| (name.clone(), c))
                .collect::<Vec<_>>()
        })
    });
    let all: Vec<_> = results.into_iter().flatten().collect();
    let passed = all.iter().filter(|(_, c)| c.passed).count();
    println!(
        "conformance/verify: {passed} of {} cases judged right",
        all.len()
    );
    for (name, c) in all.iter().filter(|(_, c)| !c.passed) {
        println!("  {name}:{}: {}", c.line, c.detail);
    }
    assert!(all.len() >= 1100, "only {} cases", all.len());
    let internal: Vec<_> = all
        .iter()
        .filter(|(_, c)| c.detail.contains("internal error"))
        .map(|(n, c)| format!("{n}:{}", c.line))
        .collect();
    assert!(internal.is_empty(), "the verifier panicked on {internal:?}");
    assert!(
        passed >= VERIFY_SUITE_PASSES,
        "{passed} of {} cases passed, fewer than the {VERIFY_SUITE_PASSES} measured",
        all.len()
    );
}

/// testdata programs that violate a constraint of the spec (also rejected by
/// StableHLO's own verifier, see conformance/verify/verify_dynamic_conv.mlir):
/// a 1-d convolution with two window strides (dynamic_conv (C2)).
const KNOWN_ILL_FORMED: &[&str] = &[
    "conv_general_dilated_1d_stride_2_even_dynamic.mlir",
    "conv_general_dilated_1d_stride_2_odd_dynamic.mlir",
];

#[test]
fn no_false_errors_on_testdata_and_every_dynamic_program_verifies() {
    let Some(base) = common::conformance_dir() else {
        return;
    };
    let files = common::mlir_files(&base.join("testdata"));
    let reports = common::on_big_stack(move || {
        hlocheck::cli::parallel_map(&files, |f| {
            let text = common::read_text(f);
            let name = f.display().to_string();
            let mut errors = Vec::new();
            let mut preconditions = 0;
            for r in parse_file(&name, &text) {
                match r {
                    Err(d) => errors.push(d.to_string()),
                    Ok(p) => {
                        let rep = verify_program(&p, &Options::default());
                        preconditions += rep
                            .findings
                            .iter()
                            .filter(|f| f.kind == Kind::Precondition)
                            .count();
                        errors.extend(
                            rep.errors()
                                .map(|e| format!("{name}:{}: {}", e.pos.line, e.headline())),
                        );
                    }
                }
            }
            (f.clone(), errors, preconditions)
        })
    });
    let mut false_errors = Vec::new();
    let (mut dynamic, mut with_pre) = (0, 0);
    for (f, errors, pre) in &reports {
        let known = KNOWN_ILL_FORMED.iter().any(|k| f.ends_with(k));
        if known {
            assert!(
                !errors.is_empty(),
                "{}: expected the dynamic_conv (C2) error",
                f.display()
            );
        } else {
            false_errors.extend(errors.iter().cloned());
        }
        if f.parent().is_some_and(|p| p.ends_with("dynamic")) {
            dynamic += 1;
            with_pre += usize::from(*pre > 0);
        }
    }
    println!(
        "testdata: {} files, {dynamic} dynamic ({with_pre} with preconditions)",
        reports.len()
    );
    assert!(false_errors.is_empty(), "{}", false_errors.join("\n"));
    assert!(dynamic >= 300, "{dynamic} dynamic files");
    assert!(
        with_pre >= dynamic / 2,
        "{with_pre} of {dynamic} with preconditions"
    );
}

#[test]
fn interpreter_suite_programs_verify_without_panics() {
    let Some(base) = common::conformance_dir() else {
        return;
    };
    let files = common::mlir_files(&base.join("interpret"));
    let counts = common::on_big_stack(move || {
        hlocheck::cli::parallel_map(&files, |f| {
            let text = common::read_text(f);
            let name = f.display().to_string();
            let mut n = 0;
            for p in parse_file(&name, &text).into_iter().flatten() {
                verify_program(&p, &Options::default());
                n += 1;
            }
            n
        })
    });
    let total: usize = counts.iter().sum();
    assert!(total >= 500, "{total} cases verified");
}

fn run_cli(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run hlocheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn cli_reports_errors_with_caret_and_exit_status() {
    let (code, out) = run_cli(&["verify", "tests/programs/shape_poly_bad_reshape.mlir"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("shape_poly_bad_reshape.mlir:16:5: error: stablehlo.dynamic_reshape (C2): "),
        "{out}"
    );
    assert!(out.contains("\n      ^\n"), "{out}");
    let (code, out) = run_cli(&["verify", "tests/programs/shape_poly_ok.mlir"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("verified 1 cases: 0 errors, 0 preconditions"),
        "{out}"
    );
}

#[test]
fn cli_prints_preconditions_and_takes_assumptions_and_json() {
    let file = "tests/programs/shape_poly_precondition.mlir";
    let (code, out) = run_cli(&["verify", file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("precondition: stablehlo.dynamic_reshape (C2) holds only if arg1.dim0 = arg0; counterexample: "),
        "{out}"
    );
    let (code, out) = run_cli(&["verify", "--assume", "arg0 = arg1.dim0", file]);
    assert_eq!(code, 0);
    assert!(out.contains("0 errors, 0 preconditions"), "{out}");
    // 2 * arg0 in i64 (arg0 is a free i64) is an overflow condition.
    assert!(
        out.contains("0 errors, 0 preconditions, 0 overflow conditions, 0 undecided"),
        "{out}"
    );
    let (code, out) = run_cli(&["verify", "--json", "--timeout-ms", "100", file]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let items = v.as_array().expect("an array");
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["kind"], "overflow");
    assert_eq!(items[0]["label"], "shape value");
    assert_eq!(items[0]["line"], 10);
    assert_eq!(items[0]["overflow_at"]["op"], "stablehlo.multiply");
    assert_eq!(items[0]["overflow_at"]["line"], 6);
    assert_eq!(items[0]["overflow_at"]["type"], "i64");
    assert_eq!(items[1]["kind"], "precondition");
    assert_eq!(items[1]["label"], "C2");
    assert_eq!(items[1]["line"], 10);
    assert!(items[1].get("overflow_at").is_none());
}

#[test]
fn cli_names_the_call_that_leads_to_a_callees_precondition() {
    let file = "tests/programs/jax_export_calls_precondition.mlir";
    let (code, out) = run_cli(&["verify", file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!(
            "{file}:25:5: precondition: stablehlo.dynamic_broadcast_in_dim (C5) holds only if \
             arg1.dim0 = 1 or arg1.dim0 = arg0.dim1; called from {file}:16:5; counterexample: "
        )),
        "{out}"
    );
    assert!(
        out.contains("0 errors, 1 preconditions, 0 overflow conditions, 0 undecided"),
        "{out}"
    );
    let (code, out) = run_cli(&["verify", "--json", file]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let items = v.as_array().expect("an array");
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["line"], 25);
    assert_eq!(items[0]["called_from"][0]["line"], 16);
    assert_eq!(items[0]["called_from"][0]["col"], 5);
    let (code, out) = run_cli(&["verify", "tests/programs/jax_export_calls_ok.mlir"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("0 errors, 0 preconditions, 0 overflow conditions, 0 undecided"),
        "{out}"
    );
}

#[test]
fn a_problem_the_solver_cannot_settle_is_undecided_not_an_error() {
    // x³ + y³ = z³ has no solution in positive integers, which Z3's
    // non-linear arithmetic cannot prove: the verdict must be "undecided",
    // within the time limit.
    let text = "func.func @main(%a: tensor<?xf32>, %b: tensor<?xf32>, %c: tensor<?x?x?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.add %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32> }";
    let opts = Options {
        assumptions: vec![
            "arg0.dim0 = arg2.dim0*arg2.dim0*arg2.dim0 + arg2.dim1*arg2.dim1*arg2.dim1".into(),
            "arg1.dim0 = arg2.dim2*arg2.dim2*arg2.dim2".into(),
            "arg2.dim0 >= 1 and arg2.dim1 >= 1 and arg2.dim2 >= 1".into(),
        ],
        timeout_ms: 300,
        ..Options::default()
    };
    let start = std::time::Instant::now();
    let r = verify_with(text, &opts);
    assert!(start.elapsed().as_secs() < 20);
    assert!(!r.has_errors(), "{:?}", r.findings);
    let kinds: Vec<&Kind> = r.findings.iter().map(|f| &f.kind).collect();
    assert_eq!(kinds, [&Kind::Unknown], "{:?}", r.findings);
}

#[test]
fn a_loop_that_keeps_its_carried_sizes_is_checked_with_the_operands_sizes() {
    // The body returns the carried tensor's size: every iteration sees the
    // operand's size, so the only condition is on the arguments.
    let text = "func.func @main(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %x = %a) : tensor<i64>, tensor<?x3xf32>
   cond {
    %k = stablehlo.constant dense<5> : tensor<i64>
    %c = stablehlo.compare LT, %i, %k, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %one : tensor<i64>
    %y = stablehlo.multiply %x, %x : tensor<?x3xf32>
    %z = stablehlo.add %y, %b : tensor<?x3xf32>
    stablehlo.return %j, %z : tensor<i64>, tensor<?x3xf32>
  }
  %s = stablehlo.add %r#1, %a : tensor<?x3xf32>
  return %s : tensor<?x3xf32>
}";
    let r = verify(text);
    let found: Vec<(Kind, &str, &str, u32)> = r
        .findings
        .iter()
        .map(|f| {
            (
                f.kind.clone(),
                f.op.as_str(),
                f.message.as_str(),
                f.pos.line,
            )
        })
        .collect();
    assert_eq!(
        found,
        [(
            Kind::Precondition,
            "stablehlo.add",
            "arg0.dim0 = arg1.dim0",
            12
        )],
        "{:?}",
        r.findings
    );
    // A body that doubles the carried size: the sizes differ between
    // iterations, and the loop is checked with fresh sizes.
    let growing = text
        .replace(
            "%y = stablehlo.multiply %x, %x : tensor<?x3xf32>",
            "%y = stablehlo.concatenate %x, %x, dim = 0 : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>",
        )
        .replace("%z = stablehlo.add %y, %b", "%z = stablehlo.add %y, %y");
    let r = verify(&growing);
    assert!(!r.has_errors(), "{:?}", r.findings);
    assert!(
        r.findings
            .iter()
            .any(|f| f.message.contains("region1.arg1")),
        "{:?}",
        r.findings
    );
}

#[test]
fn clamped_slice_bounds_are_followed_into_real_dynamic_slice() {
    // JAX's dynamic_index_in_dim: start = clamp(0, i, n - 1), limit =
    // start + 1, so the slice has one row whatever i is.
    let text = "func.func @main(%a: tensor<?x4xf32>, %i: tensor<i32>) -> tensor<1x4xf32> {
  %n = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %m = stablehlo.subtract %n, %one : tensor<i32>
  %s = stablehlo.clamp %zero, %i, %m : tensor<i32>
  %l = stablehlo.add %s, %one : tensor<i32>
  %s1 = stablehlo.reshape %s : (tensor<i32>) -> tensor<1xi32>
  %l1 = stablehlo.reshape %l : (tensor<i32>) -> tensor<1xi32>
  %z1 = stablehlo.constant dense<0> : tensor<1xi32>
  %f1 = stablehlo.constant dense<4> : tensor<1xi32>
  %o1 = stablehlo.constant dense<1> : tensor<2xi32>
  %start = stablehlo.concatenate %s1, %z1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %limit = stablehlo.concatenate %l1, %f1, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %r = stablehlo.real_dynamic_slice %a, %start, %limit, %o1 : (tensor<?x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x4xf32>
  %c = stablehlo.constant dense<0.0> : tensor<1x4xf32>
  %q = stablehlo.add %r, %c : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<1x4xf32>
  return %q : tensor<1x4xf32>
}";
    let r = verify(text);
    // The slice's size (limit - start = 1) is followed into the `add`. Its
    // bounds fit the operand (D5) except on an empty operand, where
    // clamp(0, i, -1) = -1 is a start outside it: the one precondition.
    assert_eq!(r.findings.len(), 1, "{:?}", r.findings);
    let f = &r.findings[0];
    assert!(
        f.kind == Kind::Precondition
            && f.label == "D5"
            && f.counterexample
                .as_deref()
                .is_some_and(|c| c.contains("arg0.dim0 = 0")),
        "{f:?}"
    );
    // A start the verifier cannot follow, with the limit one past it: the
    // slice has one row unless start + 1 wraps around in i32 (a start of
    // 2^31 - 1), which nothing rules out for an opaque start: undecided,
    // naming the add and the op that broke the chain, never taken to hold.
    let opaque_start = text.replace(
        "stablehlo.clamp %zero, %i, %m : tensor<i32>",
        "stablehlo.custom_call @f(%i) : (tensor<i32>) -> tensor<i32>",
    );
    let r = verify(&opaque_start);
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert_eq!(kinds(&r).1, 0, "{:?}", r.findings);
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::Unknown
            && f.op == "stablehlo.real_dynamic_slice"
            && f.message
                .contains("`stablehlo.add` at line 7 may wrap around")
            && f.message.contains("stablehlo.custom_call")),
        "{:?}",
        r.findings
    );
    // With a limit the verifier cannot follow, the slice's size is unknown.
    let opaque = text.replace(
        "stablehlo.add %s, %one : tensor<i32>",
        "stablehlo.custom_call @f(%s) : (tensor<i32>) -> tensor<i32>",
    );
    // What depends on it cannot be stated in the entry function's terms:
    // undecided, naming the op that broke the chain.
    let r = verify(&opaque);
    assert!(
        r.findings
            .iter()
            .any(|f| f.kind == Kind::Unknown
                && f.message.contains("`stablehlo.custom_call` at line")),
        "{:?}",
        r.findings
    );
    assert!(
        !r.findings
            .iter()
            .any(|f| f.kind == Kind::Precondition && f.label != "D5"),
        "{:?}",
        r.findings
    );
}

#[test]
fn real_dynamic_slice_bounds_and_strides_are_checked_on_their_values() {
    // (D5)/(D6), slice's (C3)/(C4) on the index values: constants that
    // break them are errors; argument values give the exact conditions.
    let slice = |start: &str, limit: &str, stride: &str| {
        format!(
            "func.func @main(%a: tensor<4xf32>) -> tensor<?xf32> {{
  %s = stablehlo.constant dense<[{start}]> : tensor<1xi64>
  %l = stablehlo.constant dense<[{limit}]> : tensor<1xi64>
  %k = stablehlo.constant dense<[{stride}]> : tensor<1xi64>
  %r = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}}"
        )
    };
    assert!(verify(&slice("1", "3", "2")).findings.is_empty());
    for (text, label) in [
        (slice("3", "1", "1"), "D5"),
        (slice("-1", "2", "1"), "D5"),
        (slice("0", "5", "1"), "D5"),
        (slice("0", "4", "0"), "D6"),
    ] {
        let r = verify(&text);
        assert!(
            r.findings
                .iter()
                .any(|f| f.kind == Kind::Error && f.label == label),
            "{label}: {:?}",
            r.findings
        );
    }
    let r = verify(
        "func.func @main(%a: tensor<4xf32>, %s: tensor<1xi64>, %l: tensor<1xi64>, %k: tensor<1xi64>) -> tensor<?xf32> {
  %r = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}",
    );
    let labels: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.kind == Kind::Precondition)
        .map(|f| f.label.as_str())
        .collect();
    assert_eq!(labels, ["D5", "D6"], "{:?}", r.findings);
}

#[test]
fn explicitly_signed_integers_are_no_stablehlo_type() {
    // The spec's si8 is written i8; MLIR's si8 is rejected at the op (not
    // in the function's signature), also as a quantized storage type.
    for ty in ["tensor<4xsi8>", "tensor<4x!quant.uniform<si8:f32, 1.0>>"] {
        let text = format!(
            "func.func @f(%a: {ty}) -> {ty} {{
  %0 = stablehlo.abs %a : {ty}
  return %0 : {ty}
}}"
        );
        let r = verify(&text);
        let errs: Vec<(&str, &str, u32)> = r
            .errors()
            .map(|f| (f.op.as_str(), f.label.as_str(), f.pos.line))
            .collect();
        assert_eq!(
            errs,
            [("stablehlo.abs", "type", 2)],
            "{ty}: {:?}",
            r.findings
        );
        let ok = verify(&text.replace("si8", "i8"));
        assert!(!ok.has_errors(), "{ty}: {:?}", ok.findings);
    }
}

/// `depth` while loops nested in each other's bodies, each doubling the
/// size of the tensor it carries.
fn nested_growing_loops(depth: usize) -> String {
    fn level(depth: usize, var: &str, i: usize, out: &mut String) {
        if i == depth {
            return;
        }
        out.push_str(&format!(
            "%r{i}:2 = stablehlo.while(%n{i} = %z, %x{i} = {var}) : tensor<i64>, tensor<?xf32>
 cond {{
  %c{i} = stablehlo.compare LT, %n{i}, %z, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
  stablehlo.return %c{i} : tensor<i1>
}} do {{
"
        ));
        level(depth, &format!("%x{i}"), i + 1, out);
        let inner = if i + 1 < depth {
            format!("%r{}#1", i + 1)
        } else {
            format!("%x{i}")
        };
        out.push_str(&format!(
            "  %y{i} = stablehlo.concatenate {inner}, %x{i}, dim = 0 : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  stablehlo.return %n{i}, %y{i} : tensor<i64>, tensor<?xf32>
}}
"
        ));
    }
    let mut body = String::new();
    level(depth, "%a", 0, &mut body);
    format!(
        "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {{
%z = stablehlo.constant dense<0> : tensor<i64>
{body}return %r0#1 : tensor<?xf32>
}}"
    )
}

#[test]
fn nested_loops_that_change_their_sizes_are_not_walked_exponentially_often() {
    // Each loop fails to keep its size and is walked again with fresh
    // sizes; without a bound that doubles the walks at every level.
    let depth = 24;
    let r = verify(&nested_growing_loops(depth));
    assert!(!r.has_errors(), "{:?}", r.findings);
    // 4 ops a level, walked at most a bounded number of times more.
    assert!(
        r.ops_checked < 40 * 4 * depth,
        "{} ops checked",
        r.ops_checked
    );
}

/// A program whose `dynamic_reshape`/`dynamic_broadcast_in_dim` shape comes
/// from `%d` (the leading size of `%a`, as i32) through `ops`, a sequence of
/// lines defining `%s : tensor<i32>`.
fn shape_from(ops: &str, op: &str, out: &str) -> String {
    let target = if op == "reshape" {
        format!("%r = stablehlo.dynamic_reshape %a, %shape : (tensor<?x16xf32>, tensor<2xi32>) -> tensor<?x{out}xf32>")
    } else {
        format!("%r = stablehlo.dynamic_broadcast_in_dim %a, %shape, dims = [0, 1] : (tensor<?x16xf32>, tensor<2xi32>) -> tensor<?x{out}xf32>")
    };
    format!(
        "func.func @main(%a: tensor<?x16xf32>) -> tensor<?x{out}xf32> {{
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?x16xf32>) -> tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c4 = stablehlo.constant dense<4> : tensor<i32>
{ops}
  %s1 = stablehlo.reshape %s : (tensor<i32>) -> tensor<1xi32>
  %k = stablehlo.constant dense<{out}> : tensor<1xi32>
  %shape = stablehlo.concatenate %s1, %k, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  {target}
  return %r : tensor<?x{out}xf32>
}}"
    )
}

/// JAX's lowering of `d // 4` (floor division through sign, remainder,
/// compare, and, select).
const JAX_FLOOR_DIV_4: &str = "  %q = stablehlo.divide %d, %c4 : tensor<i32>
  %sa = stablehlo.sign %d : tensor<i32>
  %sb = stablehlo.sign %c4 : tensor<i32>
  %ne = stablehlo.compare NE, %sa, %sb, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %rm = stablehlo.remainder %d, %c4 : tensor<i32>
  %nz = stablehlo.compare NE, %rm, %c0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %and = stablehlo.and %ne, %nz : tensor<i1>
  %qm = stablehlo.subtract %q, %c1 : tensor<i32>
  %s = stablehlo.select %and, %qm, %q : tensor<i1>, tensor<i32>";

fn kinds(r: &Report) -> (usize, usize, usize) {
    let n = |k: Kind| r.findings.iter().filter(|f| f.kind == k).count();
    (n(Kind::Error), n(Kind::Precondition), n(Kind::Unknown))
}

#[test]
fn shapes_computed_by_sign_or_floor_division_are_never_silently_accepted() {
    // s×16 into sign(s)×64 is valid only for s ∈ {0, 4}.
    let r = verify(&shape_from(
        "  %s = stablehlo.sign %d : tensor<i32>",
        "reshape",
        "64",
    ));
    assert_eq!(kinds(&r), (0, 1, 0), "{:?}", r.findings);
    let f = &r.findings[0];
    assert_eq!(f.label, "C2");
    assert!(f.message.contains("arg0.dim0"), "{}", f.message);
    // s×16 into (s // 4)×64 fails whenever s % 4 != 0.
    let r = verify(&shape_from(JAX_FLOOR_DIV_4, "reshape", "64"));
    assert_eq!(kinds(&r), (0, 1, 0), "{:?}", r.findings);
    let cex = r.findings[0].counterexample.clone().unwrap_or_default();
    let s: i128 = cex
        .strip_prefix("arg0.dim0 = ")
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("counterexample {cex}"));
    assert_ne!(s % 4, 0, "{cex}");
    // With the assertion that s % 4 == 0, as JAX writes it, it holds.
    let with_assertion = format!(
        "{JAX_FLOOR_DIV_4}
  %m = stablehlo.remainder %d, %c4 : tensor<i32>
  %ok = stablehlo.compare EQ, %m, %c0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ok) {{api_version = 2 : i32, error_message = \"s % 4\", has_side_effect = true}} : (tensor<i1>) -> ()"
    );
    let r = verify(&shape_from(&with_assertion, "reshape", "64"));
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    // The same assumption given on the command line.
    let r = verify_with(
        &shape_from(JAX_FLOOR_DIV_4, "reshape", "64"),
        &Options {
            assumptions: vec!["arg0.dim0 % 4 = 0".into()],
            ..Options::default()
        },
    );
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
}

#[test]
fn a_shape_from_an_op_the_tracker_does_not_model_is_undecided_naming_it() {
    // popcnt of a symbolic size is not modelled: C5 of the broadcast
    // depends on it and must be undecided, naming popcnt, never hold.
    let r = verify(&shape_from(
        "  %s = stablehlo.popcnt %d : tensor<i32>",
        "broadcast",
        "16",
    ));
    assert_eq!(kinds(&r), (0, 0, 1), "{:?}", r.findings);
    let f = &r.findings[0];
    assert_eq!(
        (f.op.as_str(), f.label.as_str()),
        ("stablehlo.dynamic_broadcast_in_dim", "C5")
    );
    assert!(
        f.message.contains("stablehlo.popcnt` at line"),
        "{}",
        f.message
    );
    // A reshape through a shape read from a loop: undecided, naming the loop.
    let looped = "  %w = stablehlo.while(%it = %d) : tensor<i32>
    cond {
      %lt = stablehlo.compare LT, %it, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %n = stablehlo.add %it, %c1 : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  %s = stablehlo.add %w, %c0 : tensor<i32>";
    let r = verify(&shape_from(looped, "reshape", "64"));
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert_eq!(kinds(&r).1, 0, "{:?}", r.findings);
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::Unknown
            && f.label == "C2"
            && f.message.contains("stablehlo.while")),
        "{:?}",
        r.findings
    );
    // A declared size that the untracked shape operand may contradict.
    let text = shape_from("  %s = stablehlo.popcnt %d : tensor<i32>", "reshape", "64")
        .replace("tensor<?x64xf32>", "tensor<4x64xf32>");
    let r = verify(&text);
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::Unknown
            && f.label == "shape"
            && f.message.contains("stablehlo.popcnt")),
        "{:?}",
        r.findings
    );
}

#[test]
fn jax_shape_polymorphic_exports_verify_with_no_condition() {
    // Generated by tests/programs/jax/gen.py: reshapes through `//`, strided
    // slices, pooling, padding to a multiple, resizing, convolutions, a small
    // U-Net, attention, scans, gathers.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs/jax");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/programs/jax")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "mlir"))
        .collect();
    names.sort();
    assert!(names.len() >= 12);
    // Sizes of at most 2^16 (`--max-dim 65536`): no i32 size arithmetic of
    // these programs can wrap around.
    let small = Options {
        max_dim: 1 << 16,
        ..Options::default()
    };
    let mut overflow_conditions = 0;
    for p in names {
        let text = std::fs::read_to_string(&p).expect("read");
        let r = verify(&text);
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        // With sizes up to 2^31 - 1, some i32 arithmetic may wrap: those
        // conditions are reported apart, in the arguments' terms.
        for f in r.findings.iter().filter(|f| f.kind == Kind::Overflow) {
            overflow_conditions += 1;
            assert!(f.message.contains("arg0.dim"), "{name}: {f:?}");
            assert!(f.overflow.is_some(), "{name}: {f:?}");
        }
        let rs = verify_with(&text, &small);
        assert_eq!(kinds(&rs), kinds(&r), "{name}: {:?}", rs.findings);
        assert!(
            rs.findings.iter().all(|f| f.kind != Kind::Overflow),
            "{name}: {:?}",
            rs.findings
        );
        if name.starts_with("bad_") {
            assert_eq!(kinds(&r), (0, 1, 0), "{name}: {:?}", r.findings);
            let pre = r
                .findings
                .iter()
                .find(|f| f.kind == Kind::Precondition)
                .unwrap();
            assert!(pre.message.contains("arg0.dim1"), "{name}: {pre:?}");
            // Shown with the branches the sizes' ranges decide resolved: no
            // sign tests of sizes, no booleans as 0/1 integers.
            let m = &pre.message;
            assert!(
                !m.contains("? 1 : 0") && !m.contains("<= -1 ?"),
                "{name}: {m}"
            );
        } else {
            assert_eq!(kinds(&r), (0, 0, 0), "{name}: {:?}", r.findings);
        }
    }
    // resize's 2 * h and 2 * w, strided slices' s + 1, padding's and
    // pooling's multiples of negative quotients.
    assert!(overflow_conditions >= 6, "{overflow_conditions}");
}

/// `run_cli` with the standard error after the standard output.
fn run_cli_all(args: &[&str]) -> (i32, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run hlocheck");
    (
        out.status.code().unwrap_or(-1),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

#[test]
fn malformed_unknown_and_contradictory_assumptions_exit_2_and_say_where() {
    let file = "tests/programs/shape_poly_precondition.mlir";
    let (code, out) = run_cli_all(&["verify", "--assume", "arg0 == = 4", file]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("expected a size name or a number, but found `=`"),
        "{out}"
    );
    assert!(out.contains("    arg0 == = 4\n            ^"), "{out}");
    let (code, out) = run_cli_all(&["verify", "--assume", "arg9.dim0 = 4", file]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("no dynamic size is named `arg9.dim0`"),
        "{out}"
    );
    let (code, out) = run_cli_all(&[
        "verify", "--assume", "arg0 = 4", "--assume", "arg0 = 5", file,
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("the assumptions `arg0 = 4`, `arg0 = 5` contradict each other"),
        "{out}"
    );
    assert!(!out.contains("verified"), "{out}");
    // Against the program's own shape assertions (k = dim1 / 4 exactly).
    let (code, out) = run_cli_all(&[
        "verify",
        "--assume",
        "arg0.dim1 % 4 = 1",
        "tests/programs/jax/floor_reshape.mlir",
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains(
            "the assumption `arg0.dim1 % 4 = 1` contradicts the program's shape assertions"
        ),
        "{out}"
    );
    let (code, out) = run_cli_all(&["verify", "--timeout-ms", "0", file]);
    assert_eq!(code, 2, "{out}");
    let (code, out) = run_cli_all(&["verify", "--budget-ms", "0", file]);
    assert_eq!(code, 2, "{out}");
    // A consistent assumption is used.
    let (code, out) = run_cli_all(&["verify", "--assume", "arg0 == arg1.dim0", file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("0 errors, 0 preconditions, 0 overflow conditions, 0 undecided"),
        "{out}"
    );
}

#[test]
fn a_loop_that_grows_its_carried_value_gives_no_size_to_what_follows() {
    // The body appends an element each iteration: after the loop the size is
    // not the operand's, so the add with %a must not be taken to hold, and
    // the loop's own type constraints are no error (MLIR accepts them).
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<1xf32>
  %w = stablehlo.while(%it = %a) : tensor<?xf32>
    cond {
      %d = stablehlo.get_dimension_size %it, dim = 0 : (tensor<?xf32>) -> tensor<i32>
      %c4 = stablehlo.constant dense<4> : tensor<i32>
      %lt = stablehlo.compare LT, %d, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %n = stablehlo.concatenate %it, %c, dim = 0 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
      stablehlo.return %n : tensor<?xf32>
    }
  %r = stablehlo.add %w, %a : tensor<?xf32>
  return %r : tensor<?xf32>
}";
    let r = verify(text);
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert_eq!(kinds(&r).1, 0, "{:?}", r.findings);
    assert!(
        r.findings
            .iter()
            .any(|f| f.op == "stablehlo.add" && f.kind == Kind::Unknown),
        "{:?}",
        r.findings
    );
}

#[test]
fn verdicts_and_counterexamples_do_not_depend_on_file_order() {
    // Files are spread over worker threads; each program's solver state
    // starts afresh, so a file's findings are the same in any order and
    // next to any other file.
    let files = [
        "tests/programs/jax/bad_floor_reshape.mlir",
        "tests/programs/shape_poly_precondition.mlir",
        "tests/programs/jax_export_calls_precondition.mlir",
        "tests/programs/jax/unet.mlir",
        "tests/programs/jax/strided3.mlir",
    ];
    let lines = |order: &[&str]| {
        let mut args = vec!["verify"];
        args.extend_from_slice(order);
        let (code, out) = run_cli(&args);
        assert_eq!(code, 0, "{out}");
        let mut v: Vec<String> = out.lines().map(str::to_string).collect();
        v.sort();
        v
    };
    let forward = lines(&files);
    assert!(
        forward.iter().any(|l| l.contains("counterexample")),
        "{forward:?}"
    );
    let mut rev = files;
    rev.reverse();
    assert_eq!(forward, lines(&rev));
    // Each file alone gives the lines it gives among the others.
    let mut alone = Vec::new();
    for f in files {
        alone.extend(
            lines(&[f])
                .into_iter()
                .filter(|l| !l.starts_with("verified")),
        );
    }
    alone.sort();
    let among: Vec<String> = forward
        .into_iter()
        .filter(|l| !l.starts_with("verified"))
        .collect();
    assert_eq!(alone, among);
}

#[test]
fn a_function_name_defined_twice_is_an_error() {
    let body = "(%x: tensor<2xf32>) -> tensor<2xf32> {\n  return %x : tensor<2xf32>\n}\n";
    let twice = format!("func.func @main{body}func.func @main{body}");
    let r = verify(&twice);
    assert_eq!(
        error_labels(&r),
        BTreeSet::from(["func.func (symbol)".to_string()])
    );
    let distinct = format!("func.func @main{body}func.func private @other{body}");
    assert!(error_labels(&verify(&distinct)).is_empty());
}

/// The overflow conditions of a report: (op taking the value as a size,
/// the op that must not wrap, its element type, the condition).
fn overflows(r: &Report) -> Vec<(String, String, String, String)> {
    r.findings
        .iter()
        .filter(|f| f.kind == Kind::Overflow)
        .map(|f| {
            let site = f
                .overflow
                .clone()
                .expect("an overflow condition names its op");
            (f.op.clone(), site.op, site.elem, f.message.clone())
        })
        .collect()
}

/// `(operand_type) -> result` program: `%a`'s leading size `%d` (i32) goes
/// through `ops` (lines defining `%s`, an element type `ty` scalar) into
/// the size of a `dynamic_iota`.
fn iota_of(ops: &str, ty: &str) -> String {
    format!(
        "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {{
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
{ops}
  %s1 = stablehlo.reshape %s : (tensor<{ty}>) -> tensor<1x{ty}>
  %r = stablehlo.dynamic_iota %s1, dim = 0 : (tensor<1x{ty}>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}}"
    )
}

#[test]
fn shape_arithmetic_that_may_wrap_is_an_overflow_condition_never_a_silent_pass() {
    // s * 65536 * 65536 / 65536 / 65536 is s in exact arithmetic, so the
    // reshape of s elements into that shape would hold; in i32 the product
    // wraps to 0 for every s >= 1 and the reshape fails at run time.
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %k = stablehlo.constant dense<65536> : tensor<i32>
  %m1 = stablehlo.multiply %d, %k : tensor<i32>
  %m2 = stablehlo.multiply %m1, %k : tensor<i32>
  %q1 = stablehlo.divide %m2, %k : tensor<i32>
  %q2 = stablehlo.divide %q1, %k : tensor<i32>
  %s = stablehlo.reshape %q2 : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}";
    let r = verify(text);
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    let o = overflows(&r);
    assert_eq!(
        o,
        [(
            "stablehlo.dynamic_reshape".to_string(),
            "stablehlo.multiply".to_string(),
            "i32".to_string(),
            // (s <= 32767 for the first product is implied.)
            "arg0.dim0 <= 0".to_string()
        )],
        "{:?}",
        r.findings
    );
    let f = r
        .findings
        .iter()
        .find(|f| f.kind == Kind::Overflow)
        .unwrap();
    assert_eq!(f.label, "shape value");
    assert_eq!((f.pos.line, f.pos.col), (9, 3));
    let site = f.overflow.clone().unwrap();
    assert_eq!((site.pos.line, site.pos.col), (5, 3));
    assert!(
        f.counterexample
            .as_deref()
            .is_some_and(|c| c.starts_with("arg0.dim0 = ") && c != "arg0.dim0 = 0"),
        "{:?}",
        f.counterexample
    );

    // s * 2 in i8: s converted to i8 fits when s <= 127, doubled when
    // s <= 63 (one condition: the second implies the first).
    let r = verify(&iota_of(
        "  %e = stablehlo.convert %d : (tensor<i32>) -> tensor<i8>
  %two = stablehlo.constant dense<2> : tensor<i8>
  %s = stablehlo.multiply %e, %two : tensor<i8>",
        "i8",
    ));
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    assert_eq!(
        overflows(&r),
        [(
            "stablehlo.dynamic_iota".into(),
            "stablehlo.multiply".into(),
            "i8".into(),
            "arg0.dim0 <= 63".into()
        )]
    );
    // The same in ui8: s <= 127.
    let r = verify(&iota_of(
        "  %e = stablehlo.convert %d : (tensor<i32>) -> tensor<ui8>
  %two = stablehlo.constant dense<2> : tensor<ui8>
  %s = stablehlo.multiply %e, %two : tensor<ui8>",
        "ui8",
    ));
    assert_eq!(
        overflows(&r),
        [(
            "stablehlo.dynamic_iota".into(),
            "stablehlo.multiply".into(),
            "ui8".into(),
            "arg0.dim0 <= 127".into()
        )],
        "{:?}",
        r.findings
    );
    // An unsigned subtraction below zero wraps: s - 5 in ui32 needs s >= 5.
    let r = verify(&iota_of(
        "  %u = stablehlo.convert %d : (tensor<i32>) -> tensor<ui32>
  %five = stablehlo.constant dense<5> : tensor<ui32>
  %s = stablehlo.subtract %u, %five : tensor<ui32>",
        "ui32",
    ));
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    assert_eq!(
        overflows(&r),
        [(
            "stablehlo.dynamic_iota".into(),
            "stablehlo.subtract".into(),
            "ui32".into(),
            "arg0.dim0 >= 5".into()
        )],
        "{:?}",
        r.findings
    );
}

#[test]
fn int_min_divided_by_minus_one_and_its_abs_wrap() {
    // n / -1 and |n| are -n except at n = INT_MIN, where both give INT_MIN.
    for (op, cond) in [
        ("stablehlo.divide %n, %m1", "arg0 != -2147483648"),
        ("stablehlo.abs %n", "arg0 >= -2147483647"),
        ("stablehlo.negate %n", "arg0 >= -2147483647"),
    ] {
        let text = format!(
            "func.func @main(%n: tensor<i32>, %a: tensor<?xf32>) -> tensor<?xf32> {{
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %q = {op} : tensor<i32>
  %s = stablehlo.reshape %q : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}}"
        );
        let r = verify(&text);
        assert_eq!(kinds(&r).0, 0, "{op}: {:?}", r.findings);
        let name = op.split(' ').next().unwrap();
        assert_eq!(
            overflows(&r),
            [(
                "stablehlo.dynamic_reshape".into(),
                name.into(),
                "i32".into(),
                cond.into()
            )],
            "{op}: {:?}",
            r.findings
        );
    }
    // Constants are computed as the executor does: INT_MIN / -1 = INT_MIN,
    // x / 0 = -1, x % 0 = x, |INT_MIN| = INT_MIN; 65536 * 65536 = 0.
    for (ops, size) in [
        (
            "%x = stablehlo.constant dense<-2147483648> : tensor<i32>
  %y = stablehlo.constant dense<-1> : tensor<i32>
  %q = stablehlo.divide %x, %y : tensor<i32>
  %s = stablehlo.add %q, %x : tensor<i32>",
            0,
        ),
        (
            "%x = stablehlo.constant dense<7> : tensor<i32>
  %y = stablehlo.constant dense<0> : tensor<i32>
  %q = stablehlo.divide %x, %y : tensor<i32>
  %s = stablehlo.add %q, %x : tensor<i32>",
            6,
        ),
        (
            "%x = stablehlo.constant dense<7> : tensor<i32>
  %y = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.remainder %x, %y : tensor<i32>",
            7,
        ),
        (
            "%x = stablehlo.constant dense<-2147483648> : tensor<i32>
  %b = stablehlo.abs %x : tensor<i32>
  %e = stablehlo.compare EQ, %b, %x, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  %s = stablehlo.convert %e : (tensor<i1>) -> tensor<i32>",
            1,
        ),
        (
            "%x = stablehlo.constant dense<65536> : tensor<i32>
  %y = stablehlo.constant dense<3> : tensor<i32>
  %z = stablehlo.multiply %x, %x : tensor<i32>
  %s = stablehlo.add %z, %y : tensor<i32>",
            3,
        ),
    ] {
        // A declared size checked against the computed one: equal holds,
        // one more fails for every input.
        for (declared, holds) in [(size, true), (size + 1, false)] {
            let text = format!(
                "func.func @main() -> tensor<{declared}xf32> {{
  {ops}
  %s1 = stablehlo.reshape %s : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_iota %s1, dim = 0 : (tensor<1xi32>) -> tensor<{declared}xf32>
  return %r : tensor<{declared}xf32>
}}"
            );
            let r = verify(&text);
            assert_eq!(
                r.findings.is_empty(),
                holds,
                "{ops} ({declared}): {:?}",
                r.findings
            );
            if !holds {
                assert_eq!(
                    error_labels(&r),
                    ["stablehlo.dynamic_iota (shape)".to_string()].into(),
                    "{ops} ({declared})"
                );
            }
        }
    }
}

#[test]
fn shifts_wrap_and_counts_past_the_width_give_zero() {
    // s << 16 in i32 fits when s <= 32767.
    let r = verify(&shape_from(
        "  %n = stablehlo.constant dense<16> : tensor<i32>
  %s = stablehlo.shift_left %d, %n : tensor<i32>",
        "reshape",
        "1",
    ));
    assert_eq!(
        overflows(&r),
        [(
            "stablehlo.dynamic_reshape".into(),
            "stablehlo.shift_left".into(),
            "i32".into(),
            "arg0.dim0 <= 32767".into()
        )],
        "{:?}",
        r.findings
    );
    // A count of the width or more shifts everything out: s << 40 is 0,
    // as the executor computes it, so s x 16 into 0 x 64 holds only for
    // s = 0 (and is not undecided).
    for count in ["40", "32", "-1"] {
        let r = verify(&shape_from(
            &format!(
                "  %n = stablehlo.constant dense<{count}> : tensor<i32>
  %s = stablehlo.shift_left %d, %n : tensor<i32>"
            ),
            "reshape",
            "64",
        ));
        assert_eq!(kinds(&r), (0, 1, 0), "{count}: {:?}", r.findings);
        assert_eq!(r.findings[0].message, "arg0.dim0 = 0", "{count}");
        assert!(overflows(&r).is_empty());
    }
    // An arithmetic right shift past the width copies the sign bit: 0 for
    // a size.
    let r = verify(&shape_from(
        "  %n = stablehlo.constant dense<33> : tensor<i32>
  %s = stablehlo.shift_right_arithmetic %d, %n : tensor<i32>",
        "reshape",
        "64",
    ));
    assert_eq!(kinds(&r), (0, 1, 0), "{:?}", r.findings);
    assert_eq!(r.findings[0].message, "arg0.dim0 = 0");
}

#[test]
fn no_overflow_condition_where_the_ranges_or_assumptions_imply_it() {
    // 4 * s into [4s, 4]: exact arithmetic holds for every s; in i32 only
    // for s <= 536870911.
    let text = shape_from(
        "  %s = stablehlo.multiply %d, %c4 : tensor<i32>",
        "reshape",
        "4",
    );
    let r = verify(&text);
    assert_eq!(kinds(&r), (0, 0, 0), "{:?}", r.findings);
    assert_eq!(overflows(&r).len(), 1, "{:?}", r.findings);
    assert_eq!(overflows(&r)[0].3, "arg0.dim0 <= 536870911");
    // Sizes of at most 1000 (`--max-dim`), a bound, or an assumption imply it.
    let small = Options {
        max_dim: 1000,
        ..Options::default()
    };
    let r = verify_with(&text, &small);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let bounded = text.replace(
        "tensor<?x16xf32>",
        "tensor<?x16xf32, #stablehlo.bounds<1000, ?>>",
    );
    let r = verify(&bounded);
    assert!(overflows(&r).is_empty(), "{:?}", r.findings);
    let assumed = Options {
        assumptions: vec!["arg0.dim0 <= 1000".into()],
        ..Options::default()
    };
    let r = verify_with(&text, &assumed);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // JAX's floor division and s - 1 cannot wrap for a size: no condition.
    let r = verify(&shape_from(JAX_FLOOR_DIV_4, "broadcast", "16"));
    assert!(overflows(&r).is_empty(), "{:?}", r.findings);
    // Wrapping arithmetic that only feeds data needs nothing.
    let text = "func.func @main(%a: tensor<?xf32>, %x: tensor<4xi32>) -> tensor<4xi32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %k = stablehlo.constant dense<65536> : tensor<i32>
  %m1 = stablehlo.multiply %d, %k : tensor<i32>
  %m2 = stablehlo.multiply %m1, %k : tensor<i32>
  %b = stablehlo.broadcast_in_dim %m2, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %y = stablehlo.add %x, %b : tensor<4xi32>
  return %y : tensor<4xi32>
}";
    let r = verify(text);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn a_callee_returns_its_overflow_conditions_with_its_results() {
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %t = func.call @twice(%d) : (tensor<i32>) -> tensor<i32>
  %s = stablehlo.reshape %t : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
func.func private @twice(%x: tensor<i32>) -> tensor<i32> {
  %two = stablehlo.constant dense<2> : tensor<i32>
  %y = stablehlo.multiply %x, %two : tensor<i32>
  return %y : tensor<i32>
}";
    let r = verify(text);
    assert_eq!(
        overflows(&r),
        [(
            "stablehlo.dynamic_iota".into(),
            "stablehlo.multiply".into(),
            "i32".into(),
            "arg0.dim0 <= 1073741823".into()
        )],
        "{:?}",
        r.findings
    );
    let f = r
        .findings
        .iter()
        .find(|f| f.kind == Kind::Overflow)
        .unwrap();
    assert_eq!(f.overflow.clone().unwrap().pos.line, 10);
}

#[test]
fn a_condition_that_always_fails_or_names_an_untracked_value_is_undecided() {
    // s + INT_MAX fits i32 for no s >= 1, which the program asserts: the
    // value cannot be taken as a size, and nothing depending on it holds.
    let text = "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %ge = stablehlo.compare GE, %d, %c1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ge) {api_version = 2 : i32, error_message = \"s >= 1\", has_side_effect = true} : (tensor<i1>) -> ()
  %k = stablehlo.constant dense<2147483647> : tensor<i32>
  %m = stablehlo.add %d, %k : tensor<i32>
  %s = stablehlo.reshape %m : (tensor<i32>) -> tensor<1xi32>
  %r = stablehlo.dynamic_reshape %a, %s : (tensor<?xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}";
    let r = verify(text);
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert!(overflows(&r).is_empty(), "{:?}", r.findings);
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::Unknown
            && f.op == "stablehlo.dynamic_reshape"
            && f.message.contains("wraps around for every input")),
        "{:?}",
        r.findings
    );
    // A size read from a loop, doubled: the doubling may wrap for some
    // values of the loop's result, which is no input: undecided.
    let looped = "  %w = stablehlo.while(%it = %d) : tensor<i32>
    cond {
      %lt = stablehlo.compare LT, %it, %c4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %n = stablehlo.add %it, %c1 : tensor<i32>
      stablehlo.return %n : tensor<i32>
    }
  %s = stablehlo.multiply %w, %c4 : tensor<i32>";
    let r = verify(&shape_from(looped, "broadcast", "16"));
    assert_eq!(kinds(&r).0, 0, "{:?}", r.findings);
    assert!(overflows(&r).is_empty(), "{:?}", r.findings);
    assert!(
        r.findings.iter().any(|f| f.kind == Kind::Unknown
            && f.op == "stablehlo.dynamic_broadcast_in_dim"
            && f.message.contains("may wrap around")),
        "{:?}",
        r.findings
    );
}

#[test]
fn cli_reports_overflow_conditions_apart_and_max_dim_discharges_them() {
    let file = "tests/programs/jax/resize.mlir";
    let (code, out) = run_cli(&["verify", file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            ": overflow: stablehlo.dynamic_iota (shape value) holds only if i32 shape \
             arithmetic does not overflow: arg0.dim1 <= 1073741823 (stablehlo.multiply at \
             tests/programs/jax/resize.mlir:"
        ),
        "{out}"
    );
    assert!(
        out.contains("0 errors, 0 preconditions, 2 overflow conditions, 0 undecided"),
        "{out}"
    );
    let (code, out) = run_cli(&["verify", "--json", file]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let items = v.as_array().expect("an array");
    assert!(!items.is_empty());
    for i in items {
        assert_eq!(i["kind"], "overflow", "{i}");
        assert_eq!(i["overflow_at"]["op"], "stablehlo.multiply", "{i}");
        assert_eq!(i["overflow_at"]["type"], "i32", "{i}");
    }
    let (code, out) = run_cli(&["verify", "--max-dim", "65536", file]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("0 errors, 0 preconditions, 0 overflow conditions, 0 undecided"),
        "{out}"
    );
    let (code, out) = run_cli(&[
        "verify",
        "--assume",
        "arg0.dim1 <= 4096 and arg0.dim2 <= 4096",
        file,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("0 overflow conditions"), "{out}");
    let (code, _) = run_cli(&["verify", "--max-dim", "-1", file]);
    assert_eq!(code, 2);
}

/// A clean check is remembered for ops bound to the same members, and only
/// for those: an op that differs in one attribute, or in a tracked operand
/// value, is checked again, and every failing op is reported at its own line.
#[test]
fn remembered_checks_cover_only_ops_bound_alike() {
    let r = verify(
        "func.func @f(%a: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  %3 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32> }",
    );
    let lines: Vec<u32> = r.errors().map(|f| f.pos.line).collect();
    assert_eq!(lines, vec![4, 5], "{:?}", r.findings);

    // The same op and types twice, the shape operand a tracked constant
    // that fits the result once and not the second time.
    let r = verify(
        "func.func @f(%a: tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %t = stablehlo.constant dense<[2, 4]> : tensor<2xi64>
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [0] : (tensor<2xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %1 = stablehlo.dynamic_broadcast_in_dim %a, %t, dims = [0] : (tensor<2xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32> }",
    );
    let lines: Vec<u32> = r.errors().map(|f| f.pos.line).collect();
    assert_eq!(lines, vec![5], "{:?}", r.findings);
}
