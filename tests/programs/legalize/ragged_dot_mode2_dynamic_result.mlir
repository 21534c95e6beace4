// Mode 2 with a dynamic result; compared with
// ragged_dot_mode2_dynamic_result_static.mlir (lhs 3x6, rhs 6x2).
func.func @main(%l: tensor<?x?xi32>, %r: tensor<?x?xi32>, %g: tensor<2xi8>) -> tensor<2x?x?xi32> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<?x?xi32>, tensor<?x?xi32>, tensor<2xi8>) -> tensor<2x?x?xi32>
  return %o : tensor<2x?x?xi32>
}
