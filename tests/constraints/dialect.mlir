// Constraint cases for the ops of spec/dialect.hlospec: see tests/constraints.rs.

func.func @broadcast_ok(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_d1(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+2 {{stablehlo.broadcast (D1)}}
  // expected-error@+1 {{stablehlo.broadcast (D2)}}
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: -1>} : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @broadcast_d2(%a: tensor<3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{stablehlo.broadcast (D2)}}
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_d3(%a: tensor<3xf32>) -> tensor<2x3xf16> {
  // expected-error@+1 {{stablehlo.broadcast (D3)}}
  %0 = "stablehlo.broadcast"(%a) {broadcast_sizes = array<i64: 2>} : (tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @set_dimension_size_ok(%a: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<?x3xf32> {
  %0 = "stablehlo.set_dimension_size"(%a, %n) {dimension = 0 : i64} : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @set_dimension_size_d1(%a: tensor<4x3xf32>, %n: tensor<1xi32>) -> tensor<?x3xf32> {
  // expected-error@+1 {{stablehlo.set_dimension_size (D1)}}
  %0 = "stablehlo.set_dimension_size"(%a, %n) {dimension = 0 : i64} : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @set_dimension_size_d2(%a: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{stablehlo.set_dimension_size (D2)}}
  %0 = "stablehlo.set_dimension_size"(%a, %n) {dimension = 2 : i64} : (tensor<4x3xf32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @set_dimension_size_d3(%a: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<?x5xf32> {
  // expected-error@+1 {{stablehlo.set_dimension_size (D3)}}
  %0 = "stablehlo.set_dimension_size"(%a, %n) {dimension = 0 : i64} : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @set_dimension_size_d4(%a: tensor<4x3xf32>, %n: tensor<i32>) -> tensor<?x3xi32> {
  // expected-error@+1 {{stablehlo.set_dimension_size (D4)}}
  %0 = "stablehlo.set_dimension_size"(%a, %n) {dimension = 0 : i64} : (tensor<4x3xf32>, tensor<i32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

func.func @dot_ok(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_d1(%a: tensor<2x2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x2x4xf32> {
  // expected-error@+1 {{stablehlo.dot (D1)}}
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x4xf32>) -> tensor<2x2x4xf32>
  return %0 : tensor<2x2x4xf32>
}

// -----

func.func @dot_d2(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{stablehlo.dot (D2)}}
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_d3(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  // expected-error@+1 {{stablehlo.dot (D3)}}
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_d4(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{stablehlo.dot (D4)}}
  %0 = "stablehlo.dot"(%a, %b) {precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @real_dynamic_slice_ok(%a: tensor<8x4xf32>, %s: tensor<2xi32>, %l: tensor<2xi32>, %k: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_i2(%a: tensor<8x4xf32>, %s: tensor<2xf32>, %l: tensor<2xi32>, %k: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-error@+2 {{stablehlo.real_dynamic_slice (I2)}}
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D2)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_d1(%a: tensor<8x4xf32>, %s: tensor<2xi32>, %l: tensor<2xi32>, %k: tensor<2xi32>) -> tensor<?x?xf64> {
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D1)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf64>
  return %0 : tensor<?x?xf64>
}

// -----

func.func @real_dynamic_slice_d2(%a: tensor<8x4xf32>, %s: tensor<2xi64>, %l: tensor<2xi32>, %k: tensor<2xi32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D2)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi64>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_d3(%a: tensor<8x4xf32>, %s: tensor<3xi32>, %l: tensor<3xi32>, %k: tensor<3xi32>) -> tensor<?x?xf32> {
  // expected-error@+2 {{stablehlo.real_dynamic_slice (D3)}}
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D5)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_d4(%a: tensor<8x4xf32>, %s: tensor<2xi32>, %l: tensor<2xi32>, %k: tensor<2xi32>) -> tensor<?xf32> {
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D4)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @real_dynamic_slice_d5(%a: tensor<8x4xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %l = stablehlo.constant dense<[9, 4]> : tensor<2xi32>
  %k = stablehlo.constant dense<[1, 1]> : tensor<2xi32>
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D5)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

func.func @real_dynamic_slice_d6(%a: tensor<8x4xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %l = stablehlo.constant dense<[4, 4]> : tensor<2xi32>
  %k = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  // expected-error@+1 {{stablehlo.real_dynamic_slice (D6)}}
  %0 = stablehlo.real_dynamic_slice %a, %s, %l, %k : (tensor<8x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
