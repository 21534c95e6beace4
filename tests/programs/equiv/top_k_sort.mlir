// top_k.mlir written as a stable descending sort of (values, indices) and
// the first three of each.
func.func @main(%x: tensor<8xi32>) -> (tensor<3xi32>, tensor<3xi32>) {
  %io = stablehlo.iota dim = 0 : tensor<8xi32>
  %s:2 = "stablehlo.sort"(%x, %io) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>, %m: tensor<i32>, %n: tensor<i32>):
    %c = stablehlo.compare GT, %p, %q, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<8xi32>, tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>)
  %v = stablehlo.slice %s#0 [0:3] : (tensor<8xi32>) -> tensor<3xi32>
  %i = stablehlo.slice %s#1 [0:3] : (tensor<8xi32>) -> tensor<3xi32>
  return %v, %i : tensor<3xi32>, tensor<3xi32>
}
