// Mode 1 in f8E8M0FNU: rows past the groups are the executor's fill (NaN,
// the format having no zero).
func.func @main(%l: tensor<6x2xf8E8M0FNU>, %r: tensor<3x2x3xf8E8M0FNU>, %g: tensor<3xi32>) -> tensor<6x3xf8E8M0FNU> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<6x2xf8E8M0FNU>, tensor<3x2x3xf8E8M0FNU>, tensor<3xi32>) -> tensor<6x3xf8E8M0FNU>
  return %o : tensor<6x3xf8E8M0FNU>
}
