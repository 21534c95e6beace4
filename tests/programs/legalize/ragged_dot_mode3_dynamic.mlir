// Mode 3 (ragged batch dimension) with dynamic sizes: one dot_general.
func.func @main(%l: tensor<?x5x?xf32>, %r: tensor<?x?x4xf32>, %g: tensor<2xi64>) -> tensor<2x5x4xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<?x5x?xf32>, tensor<?x?x4xf32>, tensor<2xi64>) -> tensor<2x5x4xf32>
  return %o : tensor<2x5x4xf32>
}
