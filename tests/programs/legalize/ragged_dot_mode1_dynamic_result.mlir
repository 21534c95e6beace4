// Mode 1 with a dynamic result: the executor needs the result's sizes from
// the program, so the legalized form is compared with
// ragged_dot_mode1_dynamic_result_static.mlir run on the same values.
func.func @main(%l: tensor<?x3xbf16>, %r: tensor<?x3x?xbf16>, %g: tensor<2xui64>) -> tensor<?x?xbf16> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<?x3xbf16>, tensor<?x3x?xbf16>, tensor<2xui64>) -> tensor<?x?xbf16>
  return %o : tensor<?x?xbf16>
}
