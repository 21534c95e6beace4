// Constraint cases for the ops of spec/data_movement.hlospec: see tests/constraints.rs.

func.func @concatenate_ok(%x0: tensor<2x3xf32>, %x1: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @concatenate_c6(%x0: tensor<2x3xf32>, %x1: tensor<4x3xf32>) -> tensor<7x3xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C6)}}
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

func.func @concatenate_c1(%x0: tensor<2x3xf32>, %x1: tensor<4x3xf64>) -> tensor<6x3xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C1)}}
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf64>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @concatenate_c2(%x0: tensor<2x3xf32>, %x1: tensor<4x4xf32>) -> tensor<6x3xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C2)}}
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @concatenate_c4(%x0: tensor<2x3xf32>, %x1: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C4)}}
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concatenate_c5(%x0: tensor<2x3xf32>, %x1: tensor<4x3xf32>) -> tensor<6x3xf64> {
  // expected-error@+1 {{stablehlo.concatenate (C5)}}
  %0 = "stablehlo.concatenate"(%x0, %x1) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf64>
  return %0 : tensor<6x3xf64>
}

// -----

func.func @broadcast_in_dim_ok(%a: tensor<1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @broadcast_in_dim_c1(%a: tensor<1x3xf32>) -> tensor<2x4x3xf64> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C1)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x3xf32>) -> tensor<2x4x3xf64>
  return %0 : tensor<2x4x3xf64>
}

// -----

func.func @broadcast_in_dim_c2(%a: tensor<1x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C2)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 2>} : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @broadcast_in_dim_c3(%a: tensor<1x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C3)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 3>} : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @broadcast_in_dim_c4(%a: tensor<1x1xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C4)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<1x1xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @broadcast_in_dim_c5(%a: tensor<1x3xf32>) -> tensor<2x4x3xf32> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C5)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @constant_ok() -> tensor<2xf32> {
  %0 = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_c1() -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.constant (C1)}}
  %0 = "stablehlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @iota_ok() -> tensor<2x3xf32> {
  %0 = "stablehlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @iota_c1() -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.iota (C1)}}
  %0 = "stablehlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @get_tuple_element_ok(%a: tuple<tensor<f32>, tensor<i32>>) -> tensor<i32> {
  %0 = "stablehlo.get_tuple_element"(%a) {index = 1 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_tuple_element_c2(%a: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.get_tuple_element (C2)}}
  %0 = "stablehlo.get_tuple_element"(%a) {index = 1 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @tuple_ok(%a: tensor<f32>, %b: tensor<i32>) -> tuple<tensor<f32>, tensor<i32>> {
  %0 = "stablehlo.tuple"(%a, %b) : (tensor<f32>, tensor<i32>) -> tuple<tensor<f32>, tensor<i32>>
  return %0 : tuple<tensor<f32>, tensor<i32>>
}

// -----

func.func @tuple_c1(%a: tensor<f32>, %b: tensor<i32>) -> tuple<tensor<f32>, tensor<f32>> {
  // expected-error@+1 {{stablehlo.tuple (C1)}}
  %0 = "stablehlo.tuple"(%a, %b) : (tensor<f32>, tensor<i32>) -> tuple<tensor<f32>, tensor<f32>>
  return %0 : tuple<tensor<f32>, tensor<f32>>
}

// -----

func.func @pad_ok(%a: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<4x5xf32> {
  %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @pad_c1(%a: tensor<2x3xf32>, %p: tensor<f64>) -> tensor<4x5xf32> {
  // expected-error@+1 {{stablehlo.pad (C1)}}
  %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f64>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @pad_c2(%a: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{stablehlo.pad (C2)}}
  %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @pad_c3(%a: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{stablehlo.pad (C3)}}
  %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 2, 0>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: -1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @pad_c4(%a: tensor<2x3xf32>, %p: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error@+1 {{stablehlo.pad (C4)}}
  %0 = "stablehlo.pad"(%a, %p) {edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reshape_ok(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_c1(%a: tensor<2x3xf32>) -> tensor<3x2xf64> {
  // expected-error@+1 {{stablehlo.reshape (C1)}}
  %0 = "stablehlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @reshape_c2(%a: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error@+1 {{stablehlo.reshape (C2)}}
  %0 = "stablehlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @reshape_per_axis_ok(%a: tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<3x2x1x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  %0 = "stablehlo.reshape"(%a) : (tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<3x2x1x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<3x2x1x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @reshape_c3(%a: tensor<2x2x3x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<1x2x6x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  // expected-error@+1 {{stablehlo.reshape (C3)}}
  %0 = "stablehlo.reshape"(%a) : (tensor<2x2x3x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<1x2x6x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<1x2x6x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @reverse_ok(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_c1(%a: tensor<2x3xf32>) -> tensor<2x3xf64> {
  // expected-error@+1 {{stablehlo.reverse (C1)}}
  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @reverse_c2(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.reverse (C2)}}
  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_c3(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.reverse (C3)}}
  %0 = "stablehlo.reverse"(%a) {dimensions = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_ok(%a: tensor<3x4xf32>) -> tensor<1x2xf32> {
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @slice_c1(%a: tensor<3x4xf32>) -> tensor<1x2xf64> {
  // expected-error@+1 {{stablehlo.slice (C1)}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<1x2xf64>
  return %0 : tensor<1x2xf64>
}

// -----

func.func @slice_c2(%a: tensor<3x4xf32>) -> tensor<1x2xf32> {
  // expected-error@+2 {{stablehlo.slice (C2)}}
  // expected-error@+1 {{stablehlo.slice (C3)}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @slice_c3(%a: tensor<3x4xf32>) -> tensor<1x2xf32> {
  // expected-error@+1 {{stablehlo.slice (C3)}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 5>, strides = array<i64: 1, 3>} : (tensor<3x4xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @slice_c4(%a: tensor<3x4xf32>) -> tensor<1x2xf32> {
  // expected-error@+1 {{stablehlo.slice (C4)}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 0>} : (tensor<3x4xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}

// -----

func.func @slice_c5(%a: tensor<3x4xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{stablehlo.slice (C5)}}
  %0 = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @transpose_ok(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_c1(%a: tensor<2x3xf32>) -> tensor<3x2xf64> {
  // expected-error@+1 {{stablehlo.transpose (C1)}}
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @transpose_c2(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.transpose (C2)}}
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 0, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @transpose_c3(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.transpose (C3)}}
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @transpose_per_axis_ok(%a: tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>> {
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
}

// -----

func.func @transpose_c4(%a: tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  // expected-error@+1 {{stablehlo.transpose (C4)}}
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @rng_ok(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @rng_c1(%a: tensor<f32>, %b: tensor<f64>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.rng (C1)}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f64>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @rng_c2(%a: tensor<i32>, %b: tensor<i32>) -> tensor<2x3xi32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.rng (C2)}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution NORMAL>} : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @rng_c3(%a: tensor<f32>, %b: tensor<f32>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.rng (C3)}}
  %0 = "stablehlo.rng"(%a, %b, %s) {rng_distribution = #stablehlo<rng_distribution UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @rng_bit_generator_ok(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>) {
  %0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  return %0, %1 : (tensor<2xui64>, tensor<2x3xui32>)
}

// -----

func.func @rng_bit_generator_c1(%s: tensor<2xui64>) -> (tensor<3xui64>, tensor<2x3xui32>) {
  // expected-error@+1 {{stablehlo.rng_bit_generator (C1)}}
  %0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<2x3xui32>)
  return %0, %1 : (tensor<3xui64>, tensor<2x3xui32>)
}

// -----

func.func @rng_bit_generator_c2(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui32>) {
  // expected-error@+1 {{stablehlo.rng_bit_generator (C2)}}
  %0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui32>)
  return %0, %1 : (tensor<3xui64>, tensor<2x3xui32>)
}

// -----

func.func @rng_bit_generator_philox_c2(%s: tensor<4xui64>) -> (tensor<4xui64>, tensor<2x3xui32>) {
  // expected-error@+1 {{stablehlo.rng_bit_generator (C2)}}
  %0, %1 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm PHILOX>} : (tensor<4xui64>) -> (tensor<4xui64>, tensor<2x3xui32>)
  return %0, %1 : (tensor<4xui64>, tensor<2x3xui32>)
}

// -----

func.func @gather_ok(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c1(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C1)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @gather_c2(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+3 {{stablehlo.gather (C2)}}
  // expected-error@+2 {{stablehlo.gather (C3)}}
  // expected-error@+1 {{stablehlo.gather (C22)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 3>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c3(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C3)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c4(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C4)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c5(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C5)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c6(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C6)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @gather_c7(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C7)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [1, 0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @gather_c8(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C8)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [3], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c9(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C9)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c19(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C19)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 3], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c18(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C18)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c20(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+2 {{stablehlo.gather (C20)}}
  // expected-error@+1 {{stablehlo.gather (C21)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c21(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x5x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C21)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x5x2xf32>
  return %0 : tensor<5x5x2xf32>
}

// -----

func.func @gather_c22(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x3xf32> {
  // expected-error@+1 {{stablehlo.gather (C22)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x3xf32>
  return %0 : tensor<5x2x3xf32>
}

// -----

func.func @gather_c23(%a: tensor<3x4x2xf32>, %i: tensor<5x2xi32>) -> tensor<5x2x2xf64> {
  // expected-error@+1 {{stablehlo.gather (C23)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xf32>, tensor<5x2xi32>) -> tensor<5x2x2xf64>
  return %0 : tensor<5x2x2xf64>
}

// -----

func.func @gather_batching_ok(%a: tensor<5x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<5x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c10(%a: tensor<5x6x4x2xf32>, %i: tensor<5x6x1xi32>) -> tensor<5x6x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C10)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [1, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false} : (tensor<5x6x4x2xf32>, tensor<5x6x1xi32>) -> tensor<5x6x2x2xf32>
  return %0 : tensor<5x6x2x2xf32>
}

// -----

func.func @gather_c11(%a: tensor<5x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C11)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [3], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<5x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c12(%a: tensor<5x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C12)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2, 2>, indices_are_sorted = false} : (tensor<5x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c13(%a: tensor<5x5x4x2xf32>, %i: tensor<5x5x1xi32>) -> tensor<5x5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C13)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false} : (tensor<5x5x4x2xf32>, tensor<5x5x1xi32>) -> tensor<5x5x2x2xf32>
  return %0 : tensor<5x5x2x2xf32>
}

// -----

func.func @gather_c14(%a: tensor<5x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C14)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<5x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c15(%a: tensor<1x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C15)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<1x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @gather_c16(%a: tensor<5x4x2xf32>, %i: tensor<5x3x1xi32>) -> tensor<5x3x2x2xf32> {
  // expected-error@+2 {{stablehlo.gather (C16)}}
  // expected-error@+1 {{stablehlo.gather (C17)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0, 1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<5x4x2xf32>, tensor<5x3x1xi32>) -> tensor<5x3x2x2xf32>
  return %0 : tensor<5x3x2x2xf32>
}

// -----

func.func @gather_c17(%a: tensor<6x4x2xf32>, %i: tensor<5x1xi32>) -> tensor<5x2x2xf32> {
  // expected-error@+1 {{stablehlo.gather (C17)}}
  %0 = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<6x4x2xf32>, tensor<5x1xi32>) -> tensor<5x2x2xf32>
  return %0 : tensor<5x2x2xf32>
}

// -----

func.func @broadcast_in_dim_per_axis_ok(%a: tensor<2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @broadcast_in_dim_c6(%a: tensor<2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:3, 0.5:3}>> {
  // expected-error@+1 {{stablehlo.broadcast_in_dim (C6)}}
  %0 = "stablehlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:3, 0.5:3}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:3, 0.5:3}>>
}

// -----

func.func @reshape_c1_per_axis(%a: tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>> {
  // expected-error@+1 {{stablehlo.reshape (C1)}}
  %0 = "stablehlo.reshape"(%a) : (tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>>
}

// -----

func.func @transpose_c1_per_axis(%a: tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>> {
  // expected-error@+1 {{stablehlo.transpose (C1)}}
  %0 = "stablehlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.5:1}>>
}

// -----

func.func @gte_ok(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<i32> {
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @gte_c1(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<i32> {
  // expected-error@+1 {{stablehlo.get_tuple_element (C1)}}
  %0 = stablehlo.get_tuple_element %t[2] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @concatenate_c3() -> tensor<0xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C3)}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}
