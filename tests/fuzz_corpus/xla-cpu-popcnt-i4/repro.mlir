func.func @main(%arg0: tensor<i4>) -> tensor<i4> {
  %0 = stablehlo.popcnt %arg0 : tensor<i4>
  func.return %0 : tensor<i4>
}
