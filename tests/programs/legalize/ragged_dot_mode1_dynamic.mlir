// Mode 1 with dynamic operand sizes (the rows and the rhs's output size
// read at run time); the result is static, so the executor runs the CHLO op.
func.func @main(%l: tensor<?x?xf32>, %r: tensor<3x?x?xf32>, %g: tensor<3xi32>) -> tensor<6x4xf32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<?x?xf32>, tensor<3x?x?xf32>, tensor<3xi32>) -> tensor<6x4xf32>
  return %o : tensor<6x4xf32>
}
