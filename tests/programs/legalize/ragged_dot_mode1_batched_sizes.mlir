// Mode 1 with group_sizes of rank 2: a row of group sizes per batch index
// (the lhs dimension before the ragged one is the batch dimension).
func.func @main(%l: tensor<2x6x3xf32>, %r: tensor<2x3x3x4xf32>, %g: tensor<2x3xi32>) -> tensor<2x6x4xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>} : (tensor<2x6x3xf32>, tensor<2x3x3x4xf32>, tensor<2x3xi32>) -> tensor<2x6x4xf32>
  return %o : tensor<2x6x4xf32>
}
