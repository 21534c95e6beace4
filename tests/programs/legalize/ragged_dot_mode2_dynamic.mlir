// Mode 2 with a dynamic contracted (ragged) size and dynamic free sizes.
func.func @main(%l: tensor<4x?xf32>, %r: tensor<?x?xf32>, %g: tensor<3xi64>) -> tensor<3x4x5xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<4x?xf32>, tensor<?x?xf32>, tensor<3xi64>) -> tensor<3x4x5xf32>
  return %o : tensor<3x4x5xf32>
}
