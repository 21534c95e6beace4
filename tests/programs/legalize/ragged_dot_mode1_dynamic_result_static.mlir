// The static twin of ragged_dot_mode1_dynamic_result.mlir (lhs 5x3, rhs 2x3x4).
func.func @main(%l: tensor<5x3xbf16>, %r: tensor<2x3x4xbf16>, %g: tensor<2xui64>) -> tensor<5x4xbf16> {
  %o = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<5x3xbf16>, tensor<2x3x4xbf16>, tensor<2xui64>) -> tensor<5x4xbf16>
  return %o : tensor<5x4xbf16>
}
