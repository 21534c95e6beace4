// Mode 1 with group_sizes of rank 3 (two batch dimensions), ui64 sizes,
// dynamic row and output sizes; the result is static, so the executor
// runs the CHLO op.
func.func @main(%l: tensor<2x2x?x3xf32>, %r: tensor<2x2x3x3x?xf32>, %g: tensor<2x2x3xui64>) -> tensor<2x2x5x4xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0, 1], rhs_batching_dimensions = [0, 1], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [3], lhs_ragged_dimensions = [2], rhs_group_dimensions = [2]>} : (tensor<2x2x?x3xf32>, tensor<2x2x3x3x?xf32>, tensor<2x2x3xui64>) -> tensor<2x2x5x4xf32>
  return %o : tensor<2x2x5x4xf32>
}
