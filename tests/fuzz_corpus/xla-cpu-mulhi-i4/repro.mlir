func.func @main(%arg0: tensor<i4>, %arg1: tensor<i4>) -> tensor<i4> {
  %0 = chlo.mulhi %arg0, %arg1 : tensor<i4>, tensor<i4> -> tensor<i4>
  func.return %0 : tensor<i4>
}
