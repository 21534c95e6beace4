// Constraint cases for the ops of spec/reductions.hlospec: see tests/constraints.rs.

func.func @map_ok(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @map_c1(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{stablehlo.map (C1)}}
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @map_c3(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.map (C3)}}
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @map_c4(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.map (C4)}}
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %s = stablehlo.add %x, %y : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @map_c2() -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.map (C2)}}
  %0 = "stablehlo.map"() ({
  ^bb0():
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) {dimensions = array<i64>} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_ok(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_ok2(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_c2(%a: tensor<2x3xf32>, %i: tensor<f64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.reduce (C2)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_c4(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.reduce (C4)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// A negative dimension is outside the operand's axes too: drop() ignores it
// (spec/README.md), so only C4 fails.
func.func @reduce_c4_negative(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.reduce (C4)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_c5(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.reduce (C5)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_c6(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.reduce (C6)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %s = stablehlo.add %x, %y : tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_c7(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.reduce (C7)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_c8(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.reduce (C8)}}
  %0 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @reduce_two_ok(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  %0:2 = "stablehlo.reduce"(%a, %b, %i, %j) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @reduce_two_c1(%a: tensor<2x3xf32>, %b: tensor<2x4xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  // expected-error@+1 {{stablehlo.reduce (C1)}}
  %0:2 = "stablehlo.reduce"(%a, %b, %i, %j) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

func.func @reduce_window_ok(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_ok2(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 2, 1>, padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_window_c3(%a: tensor<3x2xf32>, %i: tensor<f64>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C3)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c4(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C4)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c5(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C5)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 0, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @reduce_window_c6(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C6)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c7(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C7)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 0, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c8(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C8)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c9(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<0x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C9)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 0, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}

// -----

func.func @reduce_window_c10(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C10)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c11(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C11)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 0, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reduce_window_c12(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C12)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<3x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c13(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C13)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %s = stablehlo.add %x, %y : tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_c15(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.reduce_window (C15)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reduce_window_c16(%a: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<2x2xf64> {
  // expected-error@+1 {{stablehlo.reduce_window (C16)}}
  %0 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<f32>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @reduce_window_two_ok(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  %0:2 = "stablehlo.reduce_window"(%a, %b, %i, %j) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<3x2xf32>, tensor<3x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi32>
}

// -----

func.func @reduce_window_two_c2(%a: tensor<3x2xf32>, %b: tensor<3x3xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>) {
  // expected-error@+1 {{stablehlo.reduce_window (C2)}}
  %0:2 = "stablehlo.reduce_window"(%a, %b, %i, %j) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<3x2xf32>, tensor<3x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xi32>
}

// -----

func.func @reduce_window_two_c14(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>, %i: tensor<f32>, %j: tensor<i32>) -> (tensor<2x2xf32>, tensor<2x3xi32>) {
  // expected-error@+1 {{stablehlo.reduce_window (C14)}}
  %0:2 = "stablehlo.reduce_window"(%a, %b, %i, %j) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<3x2xf32>, tensor<3x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x3xi32>
}

// -----

func.func @scatter_ok(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_ok2(%a: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @scatter_ok3(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x3x2xf32>) -> tensor<3x4x4xf32> {
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x3x2xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c2_c4(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+2 {{stablehlo.scatter (C2)}}
  // expected-error@+1 {{stablehlo.scatter (C4)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c6(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf64>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C6)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf64>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c7(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C7)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c4_c8(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+2 {{stablehlo.scatter (C4)}}
  // expected-error@+1 {{stablehlo.scatter (C8)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 3], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c10(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C10)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c4_c11(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+2 {{stablehlo.scatter (C4)}}
  // expected-error@+1 {{stablehlo.scatter (C11)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 3], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c19(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C19)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c20(%a: tensor<3x4x4xf32>, %i: tensor<2x2xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C20)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x2xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c21(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C21)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [3], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c23(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C23)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %s = stablehlo.add %x, %y : tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_c24(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x5xf32> {
  // expected-error@+1 {{stablehlo.scatter (C24)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}

// -----

func.func @scatter_c25(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>) -> tensor<3x4x4xf64> {
  // expected-error@+1 {{stablehlo.scatter (C25)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x4x4xf32>) -> tensor<3x4x4xf64>
  return %0 : tensor<3x4x4xf64>
}

// -----

func.func @scatter_c22(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>, %u: tensor<2x1x4x4xf32>) -> tensor<3x4x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C22)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 3>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2x1x4x4xf32>) -> tensor<3x4x4xf32>
  return %0 : tensor<3x4x4xf32>
}

// -----

func.func @scatter_batching_c4_c9(%a: tensor<2x3x4x5xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4x5xf32>) -> tensor<2x3x4x5xf32> {
  // expected-error@+2 {{stablehlo.scatter (C4)}}
  // expected-error@+1 {{stablehlo.scatter (C9)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4x5xf32>, tensor<2x5x1xi64>, tensor<2x5x4x5xf32>) -> tensor<2x3x4x5xf32>
  return %0 : tensor<2x3x4x5xf32>
}

// -----

func.func @scatter_batching_c12(%a: tensor<2x2x3x4xf32>, %i: tensor<2x2x5x1xi64>, %u: tensor<2x2x5x4xf32>) -> tensor<2x2x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C12)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3], inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [1, 0], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>} : (tensor<2x2x3x4xf32>, tensor<2x2x5x1xi64>, tensor<2x2x5x4xf32>) -> tensor<2x2x3x4xf32>
  return %0 : tensor<2x2x3x4xf32>
}

// -----

func.func @scatter_batching_c4_c13(%a: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+2 {{stablehlo.scatter (C4)}}
  // expected-error@+1 {{stablehlo.scatter (C13)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [3], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @scatter_batching_c14(%a: tensor<2x2x3x4xf32>, %i: tensor<2x2x5x1xi64>, %u: tensor<2x2x5x4xf32>) -> tensor<2x2x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C14)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [3], inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>} : (tensor<2x2x3x4xf32>, tensor<2x2x5x1xi64>, tensor<2x2x5x4xf32>) -> tensor<2x2x3x4xf32>
  return %0 : tensor<2x2x3x4xf32>
}

// -----

func.func @scatter_batching_c15(%a: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C15)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [3], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @scatter_batching_c16(%a: tensor<1x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<1x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C16)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<1x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<1x3x4xf32>
  return %0 : tensor<1x3x4xf32>
}

// -----

func.func @scatter_batching_c17_c18(%a: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+2 {{stablehlo.scatter (C17)}}
  // expected-error@+1 {{stablehlo.scatter (C18)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @scatter_batching_c18(%a: tensor<3x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<3x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C18)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>} : (tensor<3x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<3x3x4xf32>
  return %0 : tensor<3x3x4xf32>
}

// -----

func.func @scatter_batching_c20(%a: tensor<2x3x4xf32>, %i: tensor<2x5x1xi64>, %u: tensor<2x5x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{stablehlo.scatter (C20)}}
  %0 = "stablehlo.scatter"(%a, %i, %u) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>} : (tensor<2x3x4xf32>, tensor<2x5x1xi64>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @reduce_c3(%a: tensor<3x2xf32>, %i: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error@+2 {{stablehlo.reduce (C3)}}
  // expected-error@+1 {{stablehlo.reduce (C7)}}
  %0:2 = "stablehlo.reduce"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<3x2xf32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @reduce_window_c1(%a: tensor<3x2xf32>, %i: tensor<f32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_window (C1)}}
  %0:2 = "stablehlo.reduce_window"(%a, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<3x2xf32>, tensor<f32>) -> (tensor<2x2xf32>, tensor<2x2xf32>)
  return %0#0, %0#1 : tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

func.func @scatter_two_ok(%a: tensor<3x4x4xf32>, %b: tensor<3x4x4xi32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>, %v: tensor<2x4x4xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x4xi32>) {
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u, %v) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<3x4x4xi32>, tensor<2x1xi64>, tensor<2x4x4xf32>, tensor<2x4x4xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x4xi32>)
  return %0#0, %0#1 : tensor<3x4x4xf32>, tensor<3x4x4xi32>
}

// -----

func.func @scatter_two_c1(%a: tensor<3x4x4xf32>, %b: tensor<3x4x5xi32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>, %v: tensor<2x4x4xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x5xi32>) {
  // expected-error@+1 {{stablehlo.scatter (C1)}}
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u, %v) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<3x4x5xi32>, tensor<2x1xi64>, tensor<2x4x4xf32>, tensor<2x4x4xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x5xi32>)
  return %0#0, %0#1 : tensor<3x4x4xf32>, tensor<3x4x5xi32>
}

// -----

func.func @scatter_two_c3(%a: tensor<3x4x4xf32>, %b: tensor<3x4x4xi32>, %i: tensor<2x1xi64>, %u: tensor<2x4x4xf32>, %v: tensor<2x4x3xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x4xi32>) {
  // expected-error@+1 {{stablehlo.scatter (C3)}}
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u, %v) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<i32>, %y0: tensor<f32>, %y1: tensor<i32>):
    %s = stablehlo.add %x0, %y0 : tensor<f32>
    %t = stablehlo.add %x1, %y1 : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<3x4x4xi32>, tensor<2x1xi64>, tensor<2x4x4xf32>, tensor<2x4x3xi32>) -> (tensor<3x4x4xf32>, tensor<3x4x4xi32>)
  return %0#0, %0#1 : tensor<3x4x4xf32>, tensor<3x4x4xi32>
}

// -----

func.func @scatter_c5_c6(%a: tensor<3xf32>, %b: tensor<3xf32>, %i: tensor<2x1xi64>, %u: tensor<2xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error@+2 {{stablehlo.scatter (C5)}}
  // expected-error@+1 {{stablehlo.scatter (C6)}}
  %0:2 = "stablehlo.scatter"(%a, %b, %i, %u) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<f32>, %y1: tensor<f32>):
    stablehlo.return %x0, %x1 : tensor<f32>, tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<3xf32>, tensor<3xf32>, tensor<2x1xi64>, tensor<2xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @select_and_scatter_ok(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_ok2(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 2, 2>, padding = dense<[[1, 0], [0, 1]]> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c1(%a: tensor<3x2xf32>, %s: tensor<2x2xf64>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C1)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf64>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c2(%a: tensor<3x2xf32>, %s: tensor<3x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C2)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c3(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f64>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C3)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c4(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C4)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c5(%a: tensor<3x2xf32>, %s: tensor<4x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C5)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 0, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<4x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c6(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C6)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c7(%a: tensor<3x2xf32>, %s: tensor<0x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C7)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: -1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<0x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c8(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C8)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<3x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c9(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C9)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c10(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C10)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<2xf32>, %y: tensor<2xf32>):
    %t = stablehlo.add %x, %y : tensor<2xf32>
    stablehlo.return %t : tensor<2xf32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @select_and_scatter_c11(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C11)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @select_and_scatter_c12(%a: tensor<3x2xf32>, %s: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<3x2xf64> {
  // expected-error@+1 {{stablehlo.select_and_scatter (C12)}}
  %0 = "stablehlo.select_and_scatter"(%a, %s, %i) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %t = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<3x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @sort_ok(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

func.func @sort_ok2(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = -1 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

func.func @sort_c2(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi64>) {
  // expected-error@+1 {{stablehlo.sort (C2)}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi64>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi64>
}

// -----

func.func @sort_c3(%a: tensor<3x2xf32>, %b: tensor<3x3xi32>) -> (tensor<3x2xf32>, tensor<3x3xi32>) {
  // expected-error@+1 {{stablehlo.sort (C3)}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x3xi32>) -> (tensor<3x2xf32>, tensor<3x3xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x3xi32>
}

// -----

func.func @sort_c4(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // expected-error@+1 {{stablehlo.sort (C4)}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f32>, %x1: tensor<f32>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 2 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

func.func @sort_c5(%a: tensor<3x2xf32>, %b: tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // expected-error@+1 {{stablehlo.sort (C5)}}
  %0:2 = "stablehlo.sort"(%a, %b) ({
  ^bb0(%x0: tensor<f64>, %x1: tensor<f64>, %y0: tensor<i32>, %y1: tensor<i32>):
    %c = stablehlo.compare GT, %x0, %x1 : (tensor<f64>, tensor<f64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x2xf32>, tensor<3x2xi32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

func.func @sort_c1() {
  // expected-error@+1 {{stablehlo.sort (C1)}}
  "stablehlo.sort"() ({
  ^bb0():
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : () -> ()
  return
}
