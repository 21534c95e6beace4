// Constraint cases for the ops of spec/chlo.hlospec: see tests/constraints.rs.

func.func @broadcast_add_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_add_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_add_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH1)}}
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_add_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH2)}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_add_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH3)}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_add_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH4)}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_add_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_add (CH5)}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_maximum_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_maximum_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_maximum"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_maximum_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_maximum (CH1)}}
  %0 = "chlo.broadcast_maximum"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_maximum_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_maximum (CH2)}}
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_maximum_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_maximum (CH3)}}
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_maximum_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_maximum (CH4)}}
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_maximum_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_maximum (CH5)}}
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_minimum_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_minimum_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_minimum"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_minimum_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH1)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_minimum_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH2)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_minimum_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH3)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_minimum_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH4)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_minimum_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH5)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_atan2_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_atan2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_atan2_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_atan2"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_atan2_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_atan2 (CH1)}}
  %0 = "chlo.broadcast_atan2"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_atan2_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_atan2 (CH2)}}
  %0 = "chlo.broadcast_atan2"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_atan2_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_atan2 (CH3)}}
  %0 = "chlo.broadcast_atan2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_atan2_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_atan2 (CH4)}}
  %0 = "chlo.broadcast_atan2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_atan2_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_atan2 (CH5)}}
  %0 = "chlo.broadcast_atan2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_divide_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_divide"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH1)}}
  %0 = "chlo.broadcast_divide"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH2)}}
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH3)}}
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_divide_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH4)}}
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_divide_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH5)}}
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_multiply_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_multiply"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_multiply"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH1)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH2)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH3)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_multiply_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH4)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_multiply_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH5)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_next_after_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_next_after"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_next_after_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_next_after"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_next_after_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_next_after (CH1)}}
  %0 = "chlo.broadcast_next_after"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_next_after_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_next_after (CH2)}}
  %0 = "chlo.broadcast_next_after"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_next_after_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_next_after (CH3)}}
  %0 = "chlo.broadcast_next_after"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_next_after_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_next_after (CH4)}}
  %0 = "chlo.broadcast_next_after"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_next_after_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_next_after (CH5)}}
  %0 = "chlo.broadcast_next_after"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_polygamma_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_polygamma"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_polygamma_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_polygamma"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_polygamma_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_polygamma (CH1)}}
  %0 = "chlo.broadcast_polygamma"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_polygamma_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_polygamma (CH2)}}
  %0 = "chlo.broadcast_polygamma"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_polygamma_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_polygamma (CH3)}}
  %0 = "chlo.broadcast_polygamma"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_polygamma_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_polygamma (CH4)}}
  %0 = "chlo.broadcast_polygamma"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_polygamma_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_polygamma (CH5)}}
  %0 = "chlo.broadcast_polygamma"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_power_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_power"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_power_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_power"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_power_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_power (CH1)}}
  %0 = "chlo.broadcast_power"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_power_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_power (CH2)}}
  %0 = "chlo.broadcast_power"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_power_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_power (CH3)}}
  %0 = "chlo.broadcast_power"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_power_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_power (CH4)}}
  %0 = "chlo.broadcast_power"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_power_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_power (CH5)}}
  %0 = "chlo.broadcast_power"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_remainder_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_remainder"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_remainder_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_remainder"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_remainder_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_remainder (CH1)}}
  %0 = "chlo.broadcast_remainder"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_remainder_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_remainder (CH2)}}
  %0 = "chlo.broadcast_remainder"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_remainder_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_remainder (CH3)}}
  %0 = "chlo.broadcast_remainder"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_remainder_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_remainder (CH4)}}
  %0 = "chlo.broadcast_remainder"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_remainder_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_remainder (CH5)}}
  %0 = "chlo.broadcast_remainder"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_shift_left_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_left_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_left"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_left_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_left (CH1)}}
  %0 = "chlo.broadcast_shift_left"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_left_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_left (CH2)}}
  %0 = "chlo.broadcast_shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_left_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_left (CH3)}}
  %0 = "chlo.broadcast_shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_shift_left_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_left (CH4)}}
  %0 = "chlo.broadcast_shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_shift_left_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_shift_left (CH5)}}
  %0 = "chlo.broadcast_shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_shift_right_arithmetic_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_arithmetic (CH1)}}
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_arithmetic (CH2)}}
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_arithmetic (CH3)}}
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_arithmetic (CH4)}}
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_shift_right_arithmetic_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_arithmetic (CH5)}}
  %0 = "chlo.broadcast_shift_right_arithmetic"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_shift_right_logical_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_logical_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_logical_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_logical (CH1)}}
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_logical_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_logical (CH2)}}
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_shift_right_logical_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_logical (CH3)}}
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_shift_right_logical_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_logical (CH4)}}
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_shift_right_logical_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_shift_right_logical (CH5)}}
  %0 = "chlo.broadcast_shift_right_logical"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_subtract_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_subtract"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_subtract_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_subtract"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_subtract_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_subtract (CH1)}}
  %0 = "chlo.broadcast_subtract"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_subtract_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_subtract (CH2)}}
  %0 = "chlo.broadcast_subtract"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_subtract_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_subtract (CH3)}}
  %0 = "chlo.broadcast_subtract"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_subtract_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_subtract (CH4)}}
  %0 = "chlo.broadcast_subtract"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_subtract_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_subtract (CH5)}}
  %0 = "chlo.broadcast_subtract"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_and_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_and"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_and_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_and"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_and_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_and (CH1)}}
  %0 = "chlo.broadcast_and"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_and_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_and (CH2)}}
  %0 = "chlo.broadcast_and"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_and_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_and (CH3)}}
  %0 = "chlo.broadcast_and"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_and_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_and (CH4)}}
  %0 = "chlo.broadcast_and"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_and_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_and (CH5)}}
  %0 = "chlo.broadcast_and"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_or_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_or"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_or_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_or"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_or_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_or (CH1)}}
  %0 = "chlo.broadcast_or"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_or_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_or (CH2)}}
  %0 = "chlo.broadcast_or"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_or_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_or (CH3)}}
  %0 = "chlo.broadcast_or"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_or_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_or (CH4)}}
  %0 = "chlo.broadcast_or"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_or_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_or (CH5)}}
  %0 = "chlo.broadcast_or"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_xor_ok(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_xor"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_xor_bdims_ok(%a: tensor<2x3xi32>, %b: tensor<2xi32>) -> (tensor<2x3xi32>) {
  %0 = "chlo.broadcast_xor"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_xor_ch1(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_xor (CH1)}}
  %0 = "chlo.broadcast_xor"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_xor_ch2(%a: tensor<2x3xi32>, %b: tensor<4xi32>) -> (tensor<2x3xi32>) {
  // expected-error@+1 {{chlo.broadcast_xor (CH2)}}
  %0 = "chlo.broadcast_xor"(%a, %b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @broadcast_xor_ch3(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3x5xi32>) {
  // expected-error@+1 {{chlo.broadcast_xor (CH3)}}
  %0 = "chlo.broadcast_xor"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3x5xi32>
  return %0 : tensor<2x3x5xi32>
}

// -----

func.func @broadcast_xor_ch4(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.broadcast_xor (CH4)}}
  %0 = "chlo.broadcast_xor"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

func.func @broadcast_xor_ch5(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> (tensor<2x3xi16>) {
  // expected-error@+1 {{chlo.broadcast_xor (CH5)}}
  %0 = "chlo.broadcast_xor"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi16>
  return %0 : tensor<2x3xi16>
}

// -----

func.func @broadcast_zeta_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_zeta"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_zeta_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_zeta"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_zeta_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_zeta (CH1)}}
  %0 = "chlo.broadcast_zeta"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_zeta_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_zeta (CH2)}}
  %0 = "chlo.broadcast_zeta"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_zeta_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xf32>) {
  // expected-error@+1 {{chlo.broadcast_zeta (CH3)}}
  %0 = "chlo.broadcast_zeta"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_zeta_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_zeta (CH4)}}
  %0 = "chlo.broadcast_zeta"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_zeta_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf16>) {
  // expected-error@+1 {{chlo.broadcast_zeta (CH5)}}
  %0 = "chlo.broadcast_zeta"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf16>
  return %0 : tensor<2x3xf16>
}

// -----

func.func @broadcast_compare_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xi1>) {
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @broadcast_compare_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xi1>) {
  %0 = "chlo.broadcast_compare"(%a, %b) {broadcast_dimensions = array<i64: 0>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @broadcast_compare_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xi1>) {
  // expected-error@+1 {{chlo.broadcast_compare (CH1)}}
  %0 = "chlo.broadcast_compare"(%a, %b) {broadcast_dimensions = array<i64: 2>, comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @broadcast_compare_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xi1>) {
  // expected-error@+1 {{chlo.broadcast_compare (CH2)}}
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @broadcast_compare_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xi1>) {
  // expected-error@+1 {{chlo.broadcast_compare (CH3)}}
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xi1>
  return %0 : tensor<2x3x5xi1>
}

// -----

func.func @broadcast_compare_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xi1>) {
  // expected-error@+1 {{chlo.broadcast_compare (CH4)}}
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

func.func @broadcast_compare_ch5(%a: tensor<2x3xf16>, %b: tensor<3xf32>) -> (tensor<2x3xi1>) {
  // expected-error@+1 {{chlo.broadcast_compare (CH5)}}
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf16>, tensor<3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @broadcast_complex_ok(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xcomplex<f32>>) {
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @broadcast_complex_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> (tensor<2x3xcomplex<f32>>) {
  %0 = "chlo.broadcast_complex"(%a, %b) {broadcast_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @broadcast_complex_ch1(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xcomplex<f32>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH1)}}
  %0 = "chlo.broadcast_complex"(%a, %b) {broadcast_dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @broadcast_complex_ch2(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> (tensor<2x3xcomplex<f32>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH2)}}
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @broadcast_complex_ch3(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3x5xcomplex<f32>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH3)}}
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3x5xcomplex<f32>>
  return %0 : tensor<2x3x5xcomplex<f32>>
}

// -----

func.func @broadcast_complex_ch4(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x4xcomplex<f32>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH4)}}
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xcomplex<f32>>
  return %0 : tensor<2x4xcomplex<f32>>
}

// -----

func.func @broadcast_complex_ch5(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xcomplex<f64>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH5)}}
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xcomplex<f64>>
  return %0 : tensor<2x3xcomplex<f64>>
}

// -----

func.func @acos_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.acos"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @acos_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.acos (CH1)}}
  %0 = "chlo.acos"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @acosh_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.acosh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @acosh_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.acosh (CH1)}}
  %0 = "chlo.acosh"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @asin_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.asin"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @asin_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.asin (CH1)}}
  %0 = "chlo.asin"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @asinh_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.asinh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @asinh_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.asinh (CH1)}}
  %0 = "chlo.asinh"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @atan_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.atan"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @atan_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.atan (CH1)}}
  %0 = "chlo.atan"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @atanh_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.atanh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @atanh_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.atanh (CH1)}}
  %0 = "chlo.atanh"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @bessel_i1e_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.bessel_i1e"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bessel_i1e_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.bessel_i1e (CH1)}}
  %0 = "chlo.bessel_i1e"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @conj_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.conj"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @conj_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.conj (CH1)}}
  %0 = "chlo.conj"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @cosh_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.cosh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cosh_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.cosh (CH1)}}
  %0 = "chlo.cosh"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @sinh_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.sinh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sinh_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.sinh (CH1)}}
  %0 = "chlo.sinh"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @square_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.square"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @square_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.square (CH1)}}
  %0 = "chlo.square"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @tan_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.tan"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @tan_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.tan (CH1)}}
  %0 = "chlo.tan"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @digamma_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.digamma"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @digamma_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.digamma (CH1)}}
  %0 = "chlo.digamma"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erf_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.erf"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @erf_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.erf (CH1)}}
  %0 = "chlo.erf"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erf_inv_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.erf_inv"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @erf_inv_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.erf_inv (CH1)}}
  %0 = "chlo.erf_inv"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @erfc_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.erfc"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @erfc_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.erfc (CH1)}}
  %0 = "chlo.erfc"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @lgamma_ok(%a: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.lgamma"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @lgamma_ch1(%a: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.lgamma (CH1)}}
  %0 = "chlo.lgamma"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @asin_acos_kernel_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo._asin_acos_kernel"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @asin_acos_kernel_ch1(%a: tensor<4xcomplex<f32>>) -> (tensor<5xcomplex<f32>>) {
  // expected-error@+1 {{chlo._asin_acos_kernel (CH1)}}
  %0 = "chlo._asin_acos_kernel"(%a) : (tensor<4xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

func.func @is_inf_ok(%a: tensor<2x4xf32>) -> (tensor<2x4xi1>) {
  %0 = "chlo.is_inf"(%a) : (tensor<2x4xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

func.func @is_inf_ch1(%a: tensor<2x4xf32>) -> (tensor<4x2xi1>) {
  // expected-error@+1 {{chlo.is_inf (CH1)}}
  %0 = "chlo.is_inf"(%a) : (tensor<2x4xf32>) -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

func.func @is_neg_inf_ok(%a: tensor<2x4xf32>) -> (tensor<2x4xi1>) {
  %0 = "chlo.is_neg_inf"(%a) : (tensor<2x4xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

func.func @is_neg_inf_ch1(%a: tensor<2x4xf32>) -> (tensor<4x2xi1>) {
  // expected-error@+1 {{chlo.is_neg_inf (CH1)}}
  %0 = "chlo.is_neg_inf"(%a) : (tensor<2x4xf32>) -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

func.func @is_pos_inf_ok(%a: tensor<2x4xf32>) -> (tensor<2x4xi1>) {
  %0 = "chlo.is_pos_inf"(%a) : (tensor<2x4xf32>) -> tensor<2x4xi1>
  return %0 : tensor<2x4xi1>
}

// -----

func.func @is_pos_inf_ch1(%a: tensor<2x4xf32>) -> (tensor<4x2xi1>) {
  // expected-error@+1 {{chlo.is_pos_inf (CH1)}}
  %0 = "chlo.is_pos_inf"(%a) : (tensor<2x4xf32>) -> tensor<4x2xi1>
  return %0 : tensor<4x2xi1>
}

// -----

func.func @next_after_ok(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.next_after"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @next_after_ch1(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.next_after (CH1)}}
  %0 = "chlo.next_after"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @polygamma_ok(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.polygamma"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @polygamma_ch1(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.polygamma (CH1)}}
  %0 = "chlo.polygamma"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @zeta_ok(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>) {
  %0 = "chlo.zeta"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @zeta_ch1(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<5xf32>) {
  // expected-error@+1 {{chlo.zeta (CH1)}}
  %0 = "chlo.zeta"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @mulhi_ok(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>) {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @mulhi_ch1(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi16>) {
  // expected-error@+1 {{chlo.mulhi (CH1)}}
  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi16>
  return %0 : tensor<4xi16>
}

// -----

func.func @broadcast_add_ch1_not_unique(%a: tensor<2x3x4xf32>, %b: tensor<1x1xf32>) -> (tensor<2x3x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH1)}}
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<2x3x4xf32>, tensor<1x1xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_add_ch1_size(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>) {
  // expected-error@+1 {{chlo.broadcast_add (CH1)}}
  %0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_subtract_same_rank_bdims_ok(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_subtract"(%a, %b) {broadcast_dimensions = array<i64: 5>} : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_multiply_bdims_middle_ok(%a: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> (tensor<2x3x4xf32>) {
  %0 = "chlo.broadcast_multiply"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_multiply_bdims_ch2(%a: tensor<2x3x4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>) {
  // expected-error@+1 {{chlo.broadcast_multiply (CH2)}}
  %0 = "chlo.broadcast_multiply"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_divide_both_sides_ok(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> (tensor<2x3xf32>) {
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_divide_ch4_one(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> (tensor<2x1xf32>) {
  // expected-error@+1 {{chlo.broadcast_divide (CH4)}}
  %0 = "chlo.broadcast_divide"(%a, %b) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<2x1xf32>
  return %0 : tensor<2x1xf32>
}

// -----

func.func @broadcast_add_quantized_ok(%a: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>) {
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
}

// -----

func.func @broadcast_add_quantized_ch5(%a: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> (tensor<2x2x!quant.uniform<i16:f32, 2.0:15>>) {
  // expected-error@+1 {{chlo.broadcast_add (CH5)}}
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i16:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i16:f32, 2.0:15>>
}

// -----

func.func @broadcast_maximum_quantized_ok(%a: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<2x!quant.uniform<i8:f32, 3.0:15>>) -> (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>) {
  %0 = "chlo.broadcast_maximum"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x!quant.uniform<i8:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
}

// -----

func.func @broadcast_minimum_quantized_ch5(%a: tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, %b: tensor<2x2x!quant.uniform<i16:f32, 3.0:15>>) -> (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>) {
  // expected-error@+1 {{chlo.broadcast_minimum (CH5)}}
  %0 = "chlo.broadcast_minimum"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>, tensor<2x2x!quant.uniform<i16:f32, 3.0:15>>) -> tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32, 2.0:15>>
}

// -----

func.func @broadcast_complex_ch5_parts(%a: tensor<2x3xf32>, %b: tensor<3xf64>) -> (tensor<2x3xcomplex<f32>>) {
  // expected-error@+1 {{chlo.broadcast_complex (CH5)}}
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf32>, tensor<3xf64>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @broadcast_complex_f64_ok(%a: tensor<2x3xf64>, %b: tensor<3xf64>) -> (tensor<2x3xcomplex<f64>>) {
  %0 = "chlo.broadcast_complex"(%a, %b) : (tensor<2x3xf64>, tensor<3xf64>) -> tensor<2x3xcomplex<f64>>
  return %0 : tensor<2x3xcomplex<f64>>
}

// -----

func.func @broadcast_compare_int_ok(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> (tensor<2x3xi1>) {
  %0 = "chlo.broadcast_compare"(%a, %b) {comparison_direction = #chlo<comparison_direction EQ>, compare_type = #chlo<comparison_type SIGNED>} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @acos_complex_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo.acos"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @asin_complex_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo.asin"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @atan_complex_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo.atan"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @tan_complex_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo.tan"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @sinh_complex_ok(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f32>>) {
  %0 = "chlo.sinh"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @acosh_ch1_element_type(%a: tensor<4xf32>) -> (tensor<4xf16>) {
  // expected-error@+1 {{chlo.acosh (CH1)}}
  %0 = "chlo.acosh"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @erf_ch1_element_type(%a: tensor<4xf32>) -> (tensor<4xf16>) {
  // expected-error@+1 {{chlo.erf (CH1)}}
  %0 = "chlo.erf"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @lgamma_ch1_element_type(%a: tensor<4xf32>) -> (tensor<4xf16>) {
  // expected-error@+1 {{chlo.lgamma (CH1)}}
  %0 = "chlo.lgamma"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @square_ch1_element_type(%a: tensor<4xf32>) -> (tensor<4xf16>) {
  // expected-error@+1 {{chlo.square (CH1)}}
  %0 = "chlo.square"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @conj_ch1_element_type(%a: tensor<4xf32>) -> (tensor<4xf16>) {
  // expected-error@+1 {{chlo.conj (CH1)}}
  %0 = "chlo.conj"(%a) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @square_complex_ch1(%a: tensor<4xcomplex<f32>>) -> (tensor<4xcomplex<f64>>) {
  // expected-error@+1 {{chlo.square (CH1)}}
  %0 = "chlo.square"(%a) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f64>>
  return %0 : tensor<4xcomplex<f64>>
}

// -----

func.func @is_inf_scalar_ok(%a: tensor<f64>) -> (tensor<i1>) {
  %0 = "chlo.is_inf"(%a) : (tensor<f64>) -> tensor<i1>
  return %0 : tensor<i1>
}

// -----

func.func @is_pos_inf_ch1_rank(%a: tensor<4xf32>) -> (tensor<4x1xi1>) {
  // expected-error@+1 {{chlo.is_pos_inf (CH1)}}
  %0 = "chlo.is_pos_inf"(%a) : (tensor<4xf32>) -> tensor<4x1xi1>
  return %0 : tensor<4x1xi1>
}

// -----

func.func @next_after_ch1_operands(%a: tensor<4xf32>, %b: tensor<4xf64>) -> (tensor<4xf32>) {
  // expected-error@+1 {{chlo.next_after (CH1)}}
  %0 = "chlo.next_after"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @polygamma_ch1_operands(%a: tensor<4xf32>, %b: tensor<4xf64>) -> (tensor<4xf32>) {
  // expected-error@+1 {{chlo.polygamma (CH1)}}
  %0 = "chlo.polygamma"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @zeta_ch1_operands(%a: tensor<4xf32>, %b: tensor<4xf64>) -> (tensor<4xf32>) {
  // expected-error@+1 {{chlo.zeta (CH1)}}
  %0 = "chlo.zeta"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mulhi_ch1_operands(%a: tensor<4xi32>, %b: tensor<3xi32>) -> (tensor<4xi32>) {
  // expected-error@+1 {{chlo.mulhi (CH1)}}
  %0 = "chlo.mulhi"(%a, %b) : (tensor<4xi32>, tensor<3xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @mulhi_i64_ok(%a: tensor<2x4xi64>, %b: tensor<2x4xi64>) -> (tensor<2x4xi64>) {
  %0 = "chlo.mulhi"(%a, %b) : (tensor<2x4xi64>, tensor<2x4xi64>) -> tensor<2x4xi64>
  return %0 : tensor<2x4xi64>
}

// -----

func.func @broadcast_select_ok(%p: tensor<2x3xi1>, %t: tensor<3xf32>, %f: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = "chlo.broadcast_select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_select_ch1(%p: tensor<2x3xi1>, %t: tensor<4xf32>, %f: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.broadcast_select (CH1)}}
  %0 = "chlo.broadcast_select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<4xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_select_ch2(%p: tensor<2x3xi1>, %t: tensor<3xf32>, %f: tensor<2x1xf32>) -> tensor<2x3x5xf32> {
  // expected-error@+1 {{chlo.broadcast_select (CH2)}}
  %0 = "chlo.broadcast_select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// -----

func.func @broadcast_select_ch3(%p: tensor<2x3xi1>, %t: tensor<3xf32>, %f: tensor<2x1xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{chlo.broadcast_select (CH3)}}
  %0 = "chlo.broadcast_select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @broadcast_select_ch4(%p: tensor<2x3xi1>, %t: tensor<3xf32>, %f: tensor<2x1xf16>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.broadcast_select (CH4)}}
  %0 = "chlo.broadcast_select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf16>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @constant_ok() -> tensor<2xf32> {
  %0 = "chlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_ch1() -> tensor<2xf16> {
  // expected-error@+1 {{chlo.constant (CH1)}}
  %0 = "chlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @constant_like_ok(%a: tensor<2x3xi32>) -> tensor<2x3xf32> {
  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2x3xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @constant_like_ch1(%a: tensor<2x3xi32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{chlo.constant_like (CH1)}}
  %0 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2x3xi32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @constant_like_ch2(%a: tensor<2x3xi64>) -> tensor<2x3xi32> {
  // expected-error@+1 {{chlo.constant_like (CH2)}}
  %0 = "chlo.constant_like"(%a) {value = 3.2 : f32} : (tensor<2x3xi64>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @top_k_ok(%a: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi32>) {
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xi32>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x2xi32>
}

// -----

func.func @top_k_ch1(%a: tensor<f32>) -> (tensor<0xf32>, tensor<0xi32>) {
  // expected-error@+1 {{chlo.top_k (CH1)}}
  %0:2 = "chlo.top_k"(%a) {k = 0 : i64} : (tensor<f32>) -> (tensor<0xf32>, tensor<0xi32>)
  return %0#0, %0#1 : tensor<0xf32>, tensor<0xi32>
}

// -----

func.func @top_k_ch2(%a: tensor<4x8xf32>) -> (tensor<4x10xf32>, tensor<4x10xi32>) {
  // expected-error@+1 {{chlo.top_k (CH2)}}
  %0:2 = chlo.top_k(%a, k = 10) : tensor<4x8xf32> -> (tensor<4x10xf32>, tensor<4x10xi32>)
  return %0#0, %0#1 : tensor<4x10xf32>, tensor<4x10xi32>
}

// -----

func.func @top_k_ch3(%a: tensor<4x8xf32>) -> (tensor<4x3xf32>, tensor<4x3xi32>) {
  // expected-error@+1 {{chlo.top_k (CH3)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x3xf32>, tensor<4x3xi32>)
  return %0#0, %0#1 : tensor<4x3xf32>, tensor<4x3xi32>
}

// -----

func.func @top_k_ch4(%a: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<2x4xi32>) {
  // expected-error@+1 {{chlo.top_k (CH4)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<2x4xi32>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<2x4xi32>
}

// -----

func.func @top_k_ch5(%a: tensor<4x8xf32>) -> (tensor<4x2xf16>, tensor<4x2xi32>) {
  // expected-error@+1 {{chlo.top_k (CH5)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf16>, tensor<4x2xi32>)
  return %0#0, %0#1 : tensor<4x2xf16>, tensor<4x2xi32>
}

// -----

func.func @top_k_ch6(%a: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  // expected-error@+1 {{chlo.top_k (CH6)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xf32>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x2xf32>
}

// -----

func.func @top_k_ch6_i64(%a: tensor<4x8xf32>) -> (tensor<4x2xf32>, tensor<4x2xi64>) {
  // expected-error@+1 {{chlo.top_k (CH6)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<4x2xf32>, tensor<4x2xi64>)
  return %0#0, %0#1 : tensor<4x2xf32>, tensor<4x2xi64>
}

// -----

func.func @scan_ok(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 attributes {scan_dim_size = 2 : i64} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_variadic_ok(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>, %i: tensor<3xf32>, %j: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:4 = chlo.scan (%a, %b) inits (%i, %j) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %y: tensor<3xi32>, %c: tensor<3xf32>, %d: tensor<3xi32>):
    %1 = stablehlo.add %x, %c : tensor<3xf32>
    %2 = stablehlo.add %y, %d : tensor<3xi32>
    stablehlo.return %1, %2, %1, %2 : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>
  } : (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3xf32>, tensor<3xi32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @scan_ch2(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH2)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 2 {
  ^bb0(%x: tensor<2x3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %c, %c : tensor<3xf32>
    stablehlo.return %x, %2 : tensor<2x3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

// A negative dimension is outside the inputs' axes: drop() ignores it
// (spec/README.md), so the body takes whole inputs and only CH2 fails.
func.func @scan_ch2_negative(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH2)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = -1 {
  ^bb0(%x: tensor<2x3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %c, %c : tensor<3xf32>
    stablehlo.return %x, %2 : tensor<2x3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_ch3(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{chlo.scan (CH3)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x4xf32>, tensor<3xf32>)
  return %0 : tensor<2x4xf32>
}

// -----

func.func @scan_ch4(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{chlo.scan (CH4)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>)
  return %1 : tensor<4xf32>
}

// -----

func.func @scan_ch5(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH5)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 {
  ^bb0(%x: tensor<3xi32>, %c: tensor<3xf32>):
    stablehlo.return %c, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_ch6(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH6)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 attributes {scan_dim_size = 3 : i64} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_ch1(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{chlo.scan (CH1)}}
  // expected-error@+1 {{chlo.scan (CH3)}}
  %0:3 = chlo.scan (%a) inits (%i) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %2 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %2, %2 : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @scan_dim1_reverse_ok(%a: tensor<2x3xf32>, %i: tensor<2xf32>) -> tensor<2x3xf32> {
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 1 attributes {is_reverse = true, is_associative = true, scan_dim_size = 3 : i64} {
  ^bb0(%x: tensor<2xf32>, %c: tensor<2xf32>):
    %2 = stablehlo.multiply %x, %c : tensor<2xf32>
    stablehlo.return %2, %2 : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_ch5_arity(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH5)}}
  %0 = chlo.scan (%a) inits () dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %1 = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %1 : tensor<3xf32>
  } : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @scan_ch5_carry(%a: tensor<2x3xf32>, %i: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{chlo.scan (CH5)}}
  %0, %1 = chlo.scan (%a) inits (%i) dimension = 0 {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xi32>):
    stablehlo.return %x, %x : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0 : tensor<2x3xf32>
}

// -----

func.func @top_k_full_ok(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xi32>) {
  %0:2 = chlo.top_k(%a, k = 8) : tensor<8xf32> -> (tensor<8xf32>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
}

// -----

func.func @top_k_zero_ok(%a: tensor<2x3x8xi32>) -> (tensor<2x3x0xi32>, tensor<2x3x0xi32>) {
  %0:2 = "chlo.top_k"(%a) {k = 0 : i64} : (tensor<2x3x8xi32>) -> (tensor<2x3x0xi32>, tensor<2x3x0xi32>)
  return %0#0, %0#1 : tensor<2x3x0xi32>, tensor<2x3x0xi32>
}

// -----

func.func @top_k_ch3_leading(%a: tensor<4x8xf32>) -> (tensor<5x2xf32>, tensor<5x2xi32>) {
  // expected-error@+1 {{chlo.top_k (CH3)}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<4x8xf32> -> (tensor<5x2xf32>, tensor<5x2xi32>)
  return %0#0, %0#1 : tensor<5x2xf32>, tensor<5x2xi32>
}

// -----

func.func @constant_like_quantized_ok(%a: tensor<2x3x!quant.uniform<i8:f32, 2.0:15>>) -> tensor<2x3xf32> {
  %0 = "chlo.constant_like"(%a) {value = 0.0 : f32} : (tensor<2x3x!quant.uniform<i8:f32, 2.0:15>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @constant_i32_ok() -> tensor<2x2xi32> {
  %0 = "chlo.constant"() {value = dense<7> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @constant_ch1_shape() -> tensor<4xi32> {
  // expected-error@+1 {{chlo.constant (CH1)}}
  %0 = "chlo.constant"() {value = dense<7> : tensor<2x2xi32>} : () -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @ragged_dot_mode1_ok(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_mode1_group_sizes_ok(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<2x3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_mode2_ok(%lhs: tensor<2x11x5xf32>, %rhs: tensor<2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2],
      rhs_group_dimensions = []
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<3xi64>) -> tensor<3x2x11x7xf32>
  return %0 : tensor<3x2x11x7xf32>
}

// -----

func.func @ragged_dot_mode3_ok(%lhs: tensor<3x11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0],
      rhs_group_dimensions = []
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<3x11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0 : tensor<3x11x7xf32>
}

// -----

func.func @ragged_dot_ch1(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH1)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1, 1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_ch2(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x3x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH2)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [4]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x3x7xf32>
  return %0 : tensor<2x11x3x7xf32>
}

// -----

func.func @ragged_dot_ch3(%lhs: tensor<2x11x2xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x5x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH3)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x2xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x5x7xf32>
  return %0 : tensor<2x11x5x7xf32>
}

// -----

func.func @ragged_dot_ch4(%lhs: tensor<2x11x6xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH4)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x6xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_ch5(%lhs: tensor<3x11x5xf32>, %rhs: tensor<3x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x11xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH5)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0],
      rhs_group_dimensions = [2]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<3x11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11xf32>
  return %0 : tensor<3x11xf32>
}

// -----

func.func @ragged_dot_ch6(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x8xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH6)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x8xf32>
  return %0 : tensor<2x11x8xf32>
}

// -----

func.func @ragged_dot_ch7(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<4xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH7)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<4xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_ch8(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf16>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH8)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf16>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_ch1_range(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH1)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [3],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_ch3_lhs_not_unique(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x2x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x5x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH3)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [0],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x2x7xf32>, tensor<3xi64>) -> tensor<2x11x5x7xf32>
  return %0 : tensor<2x11x5x7xf32>
}

// -----

func.func @ragged_dot_ch3_range(%lhs: tensor<2x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x5x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH3)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [3],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x5x7xf32>
  return %0 : tensor<2x11x5x7xf32>
}

// -----

func.func @ragged_dot_ch4_batch(%lhs: tensor<4x11x5xf32>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<4x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH4)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<4x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<4x11x7xf32>
  return %0 : tensor<4x11x7xf32>
}

// -----

func.func @ragged_dot_ch8_int_float(%lhs: tensor<2x11x5xi8>, %rhs: tensor<3x2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH8)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xi8>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_quantized_ok(%lhs: tensor<2x11x5x!quant.uniform<i8:f32, 2.0:0>>, %rhs: tensor<3x2x5x7x!quant.uniform<i8:f32, 3.0:0>>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5x!quant.uniform<i8:f32, 2.0:0>>, tensor<3x2x5x7x!quant.uniform<i8:f32, 3.0:0>>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_mode2_ch6(%lhs: tensor<2x11x5xf32>, %rhs: tensor<2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH6)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2],
      rhs_group_dimensions = []
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @ragged_dot_mode2_group_sizes_ok(%lhs: tensor<2x11x5xf32>, %rhs: tensor<2x5x7xf32>, %gs: tensor<2x3xi64>) -> tensor<3x2x11x7xf32> {
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2],
      rhs_group_dimensions = []
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<2x3xi64>) -> tensor<3x2x11x7xf32>
  return %0 : tensor<3x2x11x7xf32>
}

// -----

func.func @ragged_dot_mode2_ch7(%lhs: tensor<2x11x5xf32>, %rhs: tensor<2x5x7xf32>, %gs: tensor<11x3xi64>) -> tensor<3x2x11x7xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH7)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2],
      rhs_group_dimensions = []
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<11x3xi64>) -> tensor<3x2x11x7xf32>
  return %0 : tensor<3x2x11x7xf32>
}

// -----

func.func @ragged_dot_mode2_ch5(%lhs: tensor<2x11x5xf32>, %rhs: tensor<2x5x7xf32>, %gs: tensor<3xi64>) -> tensor<3x2x11xf32> {
  // expected-error@+1 {{chlo.ragged_dot (CH5)}}
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0],
      rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [2],
      rhs_group_dimensions = [2]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<3xi64>) -> tensor<3x2x11xf32>
  return %0 : tensor<3x2x11xf32>
}
