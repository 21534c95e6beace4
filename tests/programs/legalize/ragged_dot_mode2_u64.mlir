// Mode 2 with ui64 group sizes (2^63 and more clamp to the ragged size).
func.func @main(%l: tensor<4x7xf32>, %r: tensor<7x5xf32>, %g: tensor<3xui64>) -> tensor<3x4x5xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<4x7xf32>, tensor<7x5xf32>, tensor<3xui64>) -> tensor<3x4x5xf32>
  return %o : tensor<3x4x5xf32>
}
