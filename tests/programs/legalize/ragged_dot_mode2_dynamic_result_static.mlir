// The static twin of ragged_dot_mode2_dynamic_result.mlir.
func.func @main(%l: tensor<3x6xi32>, %r: tensor<6x2xi32>, %g: tensor<2xi8>) -> tensor<2x3x2xi32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<3x6xi32>, tensor<6x2xi32>, tensor<2xi8>) -> tensor<2x3x2xi32>
  return %o : tensor<2x3x2xi32>
}
