// Mode 1 with ui64 group sizes (sizes of 2^63 and more stay large).
func.func @main(%l: tensor<6x2xf32>, %r: tensor<3x2x3xf32>, %g: tensor<3xui64>) -> tensor<6x3xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x2xf32>, tensor<3x2x3xf32>, tensor<3xui64>) -> tensor<6x3xf32>
  return %o : tensor<6x3xf32>
}
