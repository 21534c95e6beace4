// Constraint cases for the ops of spec/data_movement.hlospec: see tests/constraints.rs.

func.func @concatenate_ok(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<6x3xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  return %0 : tensor<6x3xf32>
}

// -----

func.func @concatenate_c6(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<7x3xf32> {
  // expected-error@+1 {{stablehlo.concatenate (C6)}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}
