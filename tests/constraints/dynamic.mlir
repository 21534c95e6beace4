// Constraint cases for the ops of spec/dynamic.hlospec: see tests/constraints.rs.

func.func @dynamic_broadcast_in_dim_ok(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_ok2(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c1(%a: tensor<1x3xf32>) -> tensor<2x3xf64> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C1)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @dynamic_broadcast_in_dim_c2(%a: tensor<3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C2)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c3(%a: tensor<1x1xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C3)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<1x1xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c4(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C4)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 1, 1>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c5(%a: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %s = stablehlo.constant dense<[4, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C5)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c7(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3, 1]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C7)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>, tensor<3xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c8(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C8)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c9(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C9)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 2>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_broadcast_in_dim_c10(%a: tensor<1x3xf32>) -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C10)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>, known_nonexpanding_dimensions = array<i64: 5>} : (tensor<1x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_conv_ok(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_ok2(%lhs: tensor<2x4x4x2xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<2x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x2xf32>, tensor<3x3x1x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2x2xf32>
  return %0 : tensor<2x2x2x2xf32>
}

// -----

func.func @dynamic_conv_ok3(%lhs: tensor<4x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<2x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<2x2x2x2xf32>
  return %0 : tensor<2x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c2(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C2)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c3(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C3)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 0, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c4(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<3x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C4)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<3x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c5(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C5)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c6(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x0x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C6)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 0, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x0x2x2xf32>
  return %0 : tensor<1x0x2x2xf32>
}

// -----

func.func @dynamic_conv_c7(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C7)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c8(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C8)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 0, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x4x2x2xf32>
  return %0 : tensor<1x4x2x2xf32>
}

// -----

func.func @dynamic_conv_c9(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C9)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c10_c25(%lhs: tensor<3x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+2 {{stablehlo.dynamic_conv (C10)}}
  // expected-error@+1 {{stablehlo.dynamic_conv (C25)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c11_c14(%lhs: tensor<1x4x4x3xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+2 {{stablehlo.dynamic_conv (C11)}}
  // expected-error@+1 {{stablehlo.dynamic_conv (C14)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x3xf32>, tensor<3x3x1x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c12(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C12)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c13(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C13)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c14(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C14)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x1x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c15(%lhs: tensor<2x4x4x2xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C15)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x2xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @dynamic_conv_c16(%lhs: tensor<1x4x4x4xf32>, %rhs: tensor<3x3x2x3xf32>) -> tensor<1x2x2x3xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C16)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x4xf32>, tensor<3x3x2x3xf32>, tensor<2x2xi64>) -> tensor<1x2x2x3xf32>
  return %0 : tensor<1x2x2x3xf32>
}

// -----

func.func @dynamic_conv_c17(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C17)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c18(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C18)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c19(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C19)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c20(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C20)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 1]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c11_c21(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+2 {{stablehlo.dynamic_conv (C11)}}
  // expected-error@+1 {{stablehlo.dynamic_conv (C21)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 0 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c10_c22(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+2 {{stablehlo.dynamic_conv (C10)}}
  // expected-error@+1 {{stablehlo.dynamic_conv (C22)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 0 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c23(%lhs: tensor<2x4x4x2xf32>, %rhs: tensor<3x3x1x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C23)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, batch_group_count = 2 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x2xf32>, tensor<3x3x1x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c24(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C24)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c25(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C25)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x3x2x2xf32>
  return %0 : tensor<1x3x2x2xf32>
}

// -----

func.func @dynamic_conv_c27(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf64> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C27)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf64>
  return %0 : tensor<1x2x2x2xf64>
}

// -----

func.func @dynamic_conv_c1(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2x1xf32>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C1)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x1xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_c26(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2x1xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C26)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>, tensor<2x2xi64>) -> tensor<1x2x2x2x1xf32>
  return %0 : tensor<1x2x2x2x1xf32>
}

// -----

func.func @dynamic_conv_quant_ok(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_quant_ok2(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.1:0>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32, 0.1:0>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32, 0.1:0>>
}

// -----

func.func @dynamic_conv_hybrid_ok(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_quant_c28(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2xf32> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C28)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

func.func @dynamic_conv_quant_c29(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:2, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C29)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:2, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_quant_c30(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:2, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C30)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:2, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:2, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_quant_c31(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i16:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C31)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i16:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_quant_c32(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2x!quant.uniform<i32:f16:3, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C32)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f16:3, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f16:3, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_quant_c33(%lhs: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32, 0.1:0>>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C33)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<3x3x2x2x!quant.uniform<i8:f32, 0.1:0>>, tensor<2x2xi64>) -> tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
  return %0 : tensor<1x2x2x2x!quant.uniform<i32:f32:3, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_conv_hybrid_c34(%lhs: tensor<1x4x4x2xf32>, %rhs: tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>) -> tensor<1x2x2x2xf16> {
  %p = stablehlo.constant dense<0> : tensor<2x2xi64>
  // expected-error@+1 {{stablehlo.dynamic_conv (C34)}}
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %p) {window_strides = array<i64: 1, 1>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, batch_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2x!quant.uniform<i8:f32:3, {0.1:0,0.2:0}>>, tensor<2x2xi64>) -> tensor<1x2x2x2xf16>
  return %0 : tensor<1x2x2x2xf16>
}

// -----

func.func @dynamic_broadcast_in_dim_quant_ok(%a: tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<2xi64>) -> tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>
}

// -----

func.func @dynamic_broadcast_in_dim_quant_c1(%a: tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<2x3x!quant.uniform<i16:f32:1, {0.1:0,0.2:0,0.3:0}>> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C1)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<2xi64>) -> tensor<2x3x!quant.uniform<i16:f32:1, {0.1:0,0.2:0,0.3:0}>>
  return %0 : tensor<2x3x!quant.uniform<i16:f32:1, {0.1:0,0.2:0,0.3:0}>>
}

// -----

func.func @dynamic_broadcast_in_dim_quant_c6(%a: tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C6)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<2xi64>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_broadcast_in_dim_quant_ok2(%a: tensor<1x3x!quant.uniform<i8:f32:0, {0.1:0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.1:0}>> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3x!quant.uniform<i8:f32:0, {0.1:0}>>, tensor<2xi64>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.1:0}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.1:0}>>
}

// -----

func.func @dynamic_broadcast_in_dim_quant_c6_scales(%a: tensor<1x3x!quant.uniform<i8:f32:0, {0.1:0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_broadcast_in_dim (C6)}}
  %0 = "stablehlo.dynamic_broadcast_in_dim"(%a, %s) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3x!quant.uniform<i8:f32:0, {0.1:0}>>, tensor<2xi64>) -> tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {0.1:0,0.2:0}>>
}

// -----

func.func @dynamic_reshape_quant_ok(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.3:0}>> {
  %s = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<3xi64>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.3:0}>>
  return %0 : tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.3:0}>>
}

// -----

func.func @dynamic_reshape_quant_c1(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<1x2x3x!quant.uniform<i8:f32, 0.1:0>> {
  %s = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C1)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<3xi64>) -> tensor<1x2x3x!quant.uniform<i8:f32, 0.1:0>>
  return %0 : tensor<1x2x3x!quant.uniform<i8:f32, 0.1:0>>
}

// -----

func.func @dynamic_reshape_quant_c1_scales(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.4:0}>> {
  %s = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C1)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<3xi64>) -> tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.4:0}>>
  return %0 : tensor<1x2x3x!quant.uniform<i8:f32:2, {0.1:0,0.2:0,0.4:0}>>
}

// -----

func.func @dynamic_reshape_quant_c3(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.1:0,0.2:0,0.3:0}>> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C3)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:0,0.2:0,0.3:0}>>, tensor<2xi64>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.1:0,0.2:0,0.3:0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {0.1:0,0.2:0,0.3:0}>>
}

// -----

func.func @dynamic_gather_ok(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_ok2(%a: tensor<3x4x4xf32>, %i: tensor<2xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c1(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x1x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C1)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x1x4x4xf32>
  return %0 : tensor<2x1x4x4xf32>
}

// -----

func.func @dynamic_gather_c2(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4x1xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C2)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 3>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4x1xf32>
  return %0 : tensor<2x4x4x1xf32>
}

// -----

func.func @dynamic_gather_c3(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C3)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c4(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C4)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c5(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C5)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c6(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 1]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C6)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2, 0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic_gather_c7(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 1]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C7)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 3], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic_gather_c8(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[2, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C8)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c9(%a: tensor<3x4x4xf32>, %i: tensor<2x2xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C9)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x2xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c10(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C10)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [3], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c11_c12(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf32> {
  %s = stablehlo.constant dense<[1, 4]> : tensor<2xi64>
  // expected-error@+2 {{stablehlo.dynamic_gather (C11)}}
  // expected-error@+1 {{stablehlo.dynamic_gather (C12)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x4x4xf32>
  return %0 : tensor<2x4x4xf32>
}

// -----

func.func @dynamic_gather_c12(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x5xf32> {
  %s = stablehlo.constant dense<[1, 4, 5]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C12)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

func.func @dynamic_gather_c13(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x3xf32> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C13)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

func.func @dynamic_gather_c14(%a: tensor<3x4x4xf32>, %i: tensor<2x1xi64>) -> tensor<2x4x4xf64> {
  %s = stablehlo.constant dense<[1, 4, 4]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_gather (C14)}}
  %0 = "stablehlo.dynamic_gather"(%a, %i, %s) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>} : (tensor<3x4x4xf32>, tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x4x4xf64>
  return %0 : tensor<2x4x4xf64>
}

// -----

func.func @dynamic_iota_ok() -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_iota_c1() -> tensor<2x3xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_iota (C1)}}
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 2 : i64} : (tensor<2xi64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_iota_c2() -> tensor<2x3x1xf32> {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_iota (C2)}}
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @dynamic_iota_d1() -> tensor<?x3xf32> {
  %s = stablehlo.constant dense<[-2, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_iota (D1)}}
  %0 = "stablehlo.dynamic_iota"(%s) {iota_dimension = 1 : i64} : (tensor<2xi64>) -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @dynamic_pad_ok(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x6xf32> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_pad"(%a, %v, %lo, %hi, %in) : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @dynamic_pad_c1(%a: tensor<2x3xf32>, %v: tensor<f64>) -> tensor<3x6xf32> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_pad (C1)}}
  %0 = "stablehlo.dynamic_pad"(%a, %v, %lo, %hi, %in) : (tensor<2x3xf32>, tensor<f64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @dynamic_pad_c2(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x6xf32> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1, 0]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_pad (C2)}}
  %0 = "stablehlo.dynamic_pad"(%a, %v, %lo, %hi, %in) : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<3xi64>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @dynamic_pad_c3(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x2xf32> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, -1]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_pad (C3)}}
  %0 = "stablehlo.dynamic_pad"(%a, %v, %lo, %hi, %in) : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @dynamic_pad_c4(%a: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x7xf32> {
  %lo = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %hi = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %in = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_pad (C4)}}
  %0 = "stablehlo.dynamic_pad"(%a, %v, %lo, %hi, %in) : (tensor<2x3xf32>, tensor<f32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x7xf32>
  return %0 : tensor<3x7xf32>
}

// -----

func.func @dynamic_reshape_ok(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @dynamic_reshape_c1(%a: tensor<2x3xf32>) -> tensor<3x2xf64> {
  %s = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C1)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x2xf64>
  return %0 : tensor<3x2xf64>
}

// -----

func.func @dynamic_reshape_c2(%a: tensor<2x3xf32>) -> tensor<3x3xf32> {
  %s = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C2)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @dynamic_reshape_c4(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %s = stablehlo.constant dense<[3, 2, 1]> : tensor<3xi64>
  // expected-error@+1 {{stablehlo.dynamic_reshape (C4)}}
  %0 = "stablehlo.dynamic_reshape"(%a, %s) : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @dynamic_slice_ok(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xf32> {
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c1(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xf64> {
  // expected-error@+1 {{stablehlo.dynamic_slice (C1)}}
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}

// -----

func.func @dynamic_slice_c2(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.dynamic_slice (C2)}}
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j, %i) {slice_sizes = array<i64: 2, 2>} : (tensor<3x4xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c3(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{stablehlo.dynamic_slice (C3)}}
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<3x4xf32>, tensor<i64>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_c4(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x5xf32> {
  // expected-error@+1 {{stablehlo.dynamic_slice (C4)}}
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = array<i64: 2, 5>} : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dynamic_slice_c5(%a: tensor<3x4xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{stablehlo.dynamic_slice (C5)}}
  %0 = "stablehlo.dynamic_slice"(%a, %i, %j) {slice_sizes = array<i64: 2, 2>} : (tensor<3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_update_slice_ok(%a: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xf32> {
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_update_slice_c1(%a: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x5xf32> {
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C1)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @dynamic_update_slice_c2(%a: tensor<3x4xf32>, %u: tensor<2x2xf64>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xf32> {
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C2)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x2xf64>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_update_slice_c3_c6(%a: tensor<3x4xf32>, %u: tensor<2x2x1xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xf32> {
  // expected-error@+2 {{stablehlo.dynamic_update_slice (C3)}}
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C6)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x2x1xf32>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_update_slice_c4(%a: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xf32> {
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C4)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j, %i) : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_update_slice_c5(%a: tensor<3x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C5)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @dynamic_update_slice_c6(%a: tensor<3x4xf32>, %u: tensor<2x5xf32>, %i: tensor<i64>, %j: tensor<i64>) -> tensor<3x4xf32> {
  // expected-error@+1 {{stablehlo.dynamic_update_slice (C6)}}
  %0 = "stablehlo.dynamic_update_slice"(%a, %u, %i, %j) : (tensor<3x4xf32>, tensor<2x5xf32>, tensor<i64>, tensor<i64>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @get_dimension_size_ok(%a: tensor<3x4xf32>) -> tensor<i32> {
  %0 = "stablehlo.get_dimension_size"(%a) {dimension = 1 : i64} : (tensor<3x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_dimension_size_c1(%a: tensor<3x4xf32>) -> tensor<i32> {
  // expected-error@+1 {{stablehlo.get_dimension_size (C1)}}
  %0 = "stablehlo.get_dimension_size"(%a) {dimension = 2 : i64} : (tensor<3x4xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}
