// Constraint cases for the ops of spec/elementwise.hlospec: see tests/constraints.rs.

func.func @cbrt_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.cbrt"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @cbrt_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.cbrt (C1)}}
  %0 = "stablehlo.cbrt"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @ceil_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.ceil"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @ceil_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.ceil (C1)}}
  %0 = "stablehlo.ceil"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cosine_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.cosine"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @cosine_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.cosine (C1)}}
  %0 = "stablehlo.cosine"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @exponential_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.exponential"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @exponential_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.exponential (C1)}}
  %0 = "stablehlo.exponential"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @exponential_minus_one_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.exponential_minus_one"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @exponential_minus_one_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.exponential_minus_one (C1)}}
  %0 = "stablehlo.exponential_minus_one"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @floor_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.floor"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @floor_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.floor (C1)}}
  %0 = "stablehlo.floor"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @log_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.log"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @log_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.log (C1)}}
  %0 = "stablehlo.log"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @log_plus_one_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.log_plus_one"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @log_plus_one_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.log_plus_one (C1)}}
  %0 = "stablehlo.log_plus_one"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @logistic_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.logistic"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @logistic_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.logistic (C1)}}
  %0 = "stablehlo.logistic"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @negate_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @negate_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.negate (C1)}}
  %0 = "stablehlo.negate"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @round_nearest_afz_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.round_nearest_afz"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @round_nearest_afz_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.round_nearest_afz (C1)}}
  %0 = "stablehlo.round_nearest_afz"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @round_nearest_even_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.round_nearest_even"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @round_nearest_even_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.round_nearest_even (C1)}}
  %0 = "stablehlo.round_nearest_even"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @rsqrt_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.rsqrt"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rsqrt_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.rsqrt (C1)}}
  %0 = "stablehlo.rsqrt"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @sign_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.sign"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @sign_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.sign (C1)}}
  %0 = "stablehlo.sign"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @sine_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.sine"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @sine_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.sine (C1)}}
  %0 = "stablehlo.sine"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @sqrt_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.sqrt"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @sqrt_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.sqrt (C1)}}
  %0 = "stablehlo.sqrt"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tan_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.tan"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @tan_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.tan (C1)}}
  %0 = "stablehlo.tan"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @tanh_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.tanh"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @tanh_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.tanh (C1)}}
  %0 = "stablehlo.tanh"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @is_finite_ok(%a: tensor<2xf32>) -> tensor<2xi1> {
  %0 = "stablehlo.is_finite"(%a) : (tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @is_finite_c1(%a: tensor<2xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{stablehlo.is_finite (C1)}}
  %0 = "stablehlo.is_finite"(%a) : (tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @count_leading_zeros_ok(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.count_leading_zeros"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @count_leading_zeros_c1(%a: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error@+1 {{stablehlo.count_leading_zeros (C1)}}
  %0 = "stablehlo.count_leading_zeros"(%a) : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @popcnt_ok(%a: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.popcnt"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @popcnt_c1(%a: tensor<2xi32>) -> tensor<2xi64> {
  // expected-error@+1 {{stablehlo.popcnt (C1)}}
  %0 = "stablehlo.popcnt"(%a) : (tensor<2xi32>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @not_ok(%a: tensor<2xi1>) -> tensor<2xi1> {
  %0 = "stablehlo.not"(%a) : (tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @not_c1(%a: tensor<2xi1>) -> tensor<3xi1> {
  // expected-error@+1 {{stablehlo.not (C1)}}
  %0 = "stablehlo.not"(%a) : (tensor<2xi1>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @convert_ok(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = "stablehlo.convert"(%a) : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @convert_c1(%a: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.convert (C1)}}
  %0 = "stablehlo.convert"(%a) : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @atan2_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.atan2"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @atan2_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.atan2 (C1)}}
  %0 = "stablehlo.atan2"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @divide_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.divide"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @divide_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.divide (C1)}}
  %0 = "stablehlo.divide"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @maximum_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.maximum"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @maximum_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.maximum (C1)}}
  %0 = "stablehlo.maximum"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @minimum_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.minimum"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @minimum_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.minimum (C1)}}
  %0 = "stablehlo.minimum"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @multiply_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.multiply"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @multiply_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.multiply (C1)}}
  %0 = "stablehlo.multiply"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @power_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.power"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @power_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.power (C1)}}
  %0 = "stablehlo.power"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @remainder_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.remainder"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @remainder_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.remainder (C1)}}
  %0 = "stablehlo.remainder"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @subtract_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.subtract"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @subtract_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.subtract (C1)}}
  %0 = "stablehlo.subtract"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @and_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.and"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @and_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.and (C1)}}
  %0 = "stablehlo.and"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @or_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.or"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @or_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.or (C1)}}
  %0 = "stablehlo.or"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @xor_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.xor"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @xor_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.xor (C1)}}
  %0 = "stablehlo.xor"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @shift_left_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.shift_left"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @shift_left_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.shift_left (C1)}}
  %0 = "stablehlo.shift_left"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @shift_right_arithmetic_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.shift_right_arithmetic"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @shift_right_arithmetic_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.shift_right_arithmetic (C1)}}
  %0 = "stablehlo.shift_right_arithmetic"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @shift_right_logical_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %0 = "stablehlo.shift_right_logical"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @shift_right_logical_c1(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.shift_right_logical (C1)}}
  %0 = "stablehlo.shift_right_logical"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @abs_ok(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = "stablehlo.abs"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @abs_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.abs (C1)}}
  %0 = "stablehlo.abs"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @abs_c2(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.abs (C2)}}
  %0 = "stablehlo.abs"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @add_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @add_c1(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.add (C1)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @add_quantized_ok(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @add_c2(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xi8> {
  // expected-error@+1 {{stablehlo.add (C2)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @add_c3(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x!quant.uniform<i16:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error@+1 {{stablehlo.add (C3)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i16:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @add_c4(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x!quant.uniform<i8:f16, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error@+1 {{stablehlo.add (C4)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x!quant.uniform<i8:f16, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @add_per_axis_ok(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>> {
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
}

// -----

func.func @add_c5(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>> {
  // expected-error@+1 {{stablehlo.add (C5)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>
}

// -----

func.func @add_c6(%a: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>, %b: tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  // expected-error@+1 {{stablehlo.add (C6)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>, tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @add_c7(%a: tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>> {
  // expected-error@+1 {{stablehlo.add (C7)}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x2x!quant.uniform<i8:f32, 0.5:3>>, tensor<2x2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
  return %0 : tensor<2x2x!quant.uniform<i8:f32:1, {0.5:3, 0.25:1}>>
}

// -----

func.func @bitcast_convert_ok(%a: tensor<2xf32>) -> tensor<2xi32> {
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @bitcast_convert_widen_ok(%a: tensor<2x4xi8>) -> tensor<2xi32> {
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2x4xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @bitcast_convert_narrow_ok(%a: tensor<2xi32>) -> tensor<2x4xi8> {
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xi32>) -> tensor<2x4xi8>
  return %0 : tensor<2x4xi8>
}

// -----

func.func @bitcast_convert_c1(%a: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error@+1 {{stablehlo.bitcast_convert (C1)}}
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @bitcast_convert_c1_narrow(%a: tensor<2xi32>) -> tensor<2x2xi8> {
  // expected-error@+1 {{stablehlo.bitcast_convert (C1)}}
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xi32>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

func.func @bitcast_convert_c1_widen(%a: tensor<2x2xi8>) -> tensor<2xi32> {
  // expected-error@+1 {{stablehlo.bitcast_convert (C1)}}
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2x2xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @bitcast_convert_complex_ok(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @bitcast_convert_c2(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.bitcast_convert (C2)}}
  %0 = "stablehlo.bitcast_convert"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @clamp_ok(%mn: tensor<f32>, %x: tensor<2xf32>, %mx: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.clamp"(%mn, %x, %mx) : (tensor<f32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_c1(%mn: tensor<3xf32>, %x: tensor<2xf32>, %mx: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.clamp (C1)}}
  %0 = "stablehlo.clamp"(%mn, %x, %mx) : (tensor<3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_c2(%mn: tensor<f32>, %x: tensor<2xf32>, %mx: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.clamp (C2)}}
  %0 = "stablehlo.clamp"(%mn, %x, %mx) : (tensor<f32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_c3(%mn: tensor<i32>, %x: tensor<2xf32>, %mx: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.clamp (C3)}}
  %0 = "stablehlo.clamp"(%mn, %x, %mx) : (tensor<i32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_c4(%mn: tensor<f32>, %x: tensor<2xf32>, %mx: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.clamp (C4)}}
  %0 = "stablehlo.clamp"(%mn, %x, %mx) : (tensor<f32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @compare_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_c1(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<2xi1> {
  // expected-error@+1 {{stablehlo.compare (C1)}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_c2(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<3xi1> {
  // expected-error@+1 {{stablehlo.compare (C2)}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @compare_signed_ok(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_c3(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error@+1 {{stablehlo.compare (C3)}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type UNSIGNED>} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_c3_float(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xi1> {
  // expected-error@+1 {{stablehlo.compare (C3)}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_unsigned_ok(%a: tensor<2xui32>, %b: tensor<2xui32>) -> tensor<2xi1> {
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type UNSIGNED>} : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_c3_unsigned(%a: tensor<2xui32>, %b: tensor<2xui32>) -> tensor<2xi1> {
  // expected-error@+1 {{stablehlo.compare (C3)}}
  %0 = "stablehlo.compare"(%a, %b) {comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type SIGNED>} : (tensor<2xui32>, tensor<2xui32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @complex_ok(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @complex_c1(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xcomplex<f32>> {
  // expected-error@+1 {{stablehlo.complex (C1)}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @complex_c2(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<3xcomplex<f32>> {
  // expected-error@+1 {{stablehlo.complex (C2)}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @complex_c3(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xcomplex<f64>> {
  // expected-error@+1 {{stablehlo.complex (C3)}}
  %0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}

// -----

func.func @imag_ok(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = "stablehlo.imag"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @imag_c1(%a: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.imag (C1)}}
  %0 = "stablehlo.imag"(%a) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @imag_c2(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.imag (C2)}}
  %0 = "stablehlo.imag"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @real_ok(%a: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = "stablehlo.real"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @real_c1(%a: tensor<2xcomplex<f32>>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.real (C1)}}
  %0 = "stablehlo.real"(%a) : (tensor<2xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @real_c2(%a: tensor<2xcomplex<f32>>) -> tensor<2xf64> {
  // expected-error@+1 {{stablehlo.real (C2)}}
  %0 = "stablehlo.real"(%a) : (tensor<2xcomplex<f32>>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @reduce_precision_ok(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_precision_c1(%a: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.reduce_precision (C1)}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_precision_c2(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.reduce_precision (C2)}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 0 : i32, mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_precision_c3(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.reduce_precision (C3)}}
  %0 = "stablehlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_ok(%p: tensor<2xi1>, %t: tensor<2xf32>, %f: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.select"(%p, %t, %f) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_scalar_pred_ok(%p: tensor<i1>, %t: tensor<2xf32>, %f: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.select"(%p, %t, %f) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_c1(%p: tensor<3xi1>, %t: tensor<2xf32>, %f: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.select (C1)}}
  %0 = "stablehlo.select"(%p, %t, %f) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_c2(%p: tensor<2xi1>, %t: tensor<2xf32>, %f: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error@+1 {{stablehlo.select (C2)}}
  %0 = "stablehlo.select"(%p, %t, %f) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
