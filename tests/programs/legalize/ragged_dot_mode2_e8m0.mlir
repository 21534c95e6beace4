// Mode 2 in f8E8M0FNU (no zero, no sign): each group's dot on its slices.
func.func @main(%l: tensor<4x7xf8E8M0FNU>, %r: tensor<7x5xf8E8M0FNU>, %g: tensor<3xi32>) -> tensor<3x4x5xf8E8M0FNU> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<4x7xf8E8M0FNU>, tensor<7x5xf8E8M0FNU>, tensor<3xi32>) -> tensor<3x4x5xf8E8M0FNU>
  return %o : tensor<3x4x5xf8E8M0FNU>
}
