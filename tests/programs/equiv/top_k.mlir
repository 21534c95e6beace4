// The three largest of eight integers and their indices (chlo.top_k); the
// same as top_k_sort.mlir, its legalization written by hand.
func.func @main(%x: tensor<8xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %v, %i = chlo.top_k(%x, k = 3) : tensor<8xi32> -> (tensor<3xi32>, tensor<3xi32>)
  return %v, %i : tensor<3xi32>, tensor<3xi32>
}
