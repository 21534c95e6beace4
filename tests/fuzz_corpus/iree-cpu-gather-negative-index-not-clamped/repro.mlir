func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<1x1xi64>) -> tensor<1xf32> {
  %0 = "stablehlo.gather"(%arg0, %arg1) {dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>} : (tensor<2xf32>, tensor<1x1xi64>) -> tensor<1xf32>
  func.return %0 : tensor<1xf32>
}
