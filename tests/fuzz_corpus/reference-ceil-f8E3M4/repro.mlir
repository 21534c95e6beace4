func.func @main(%arg0: tensor<f8E3M4>) -> tensor<f8E3M4> {
  %0 = stablehlo.ceil %arg0 : tensor<f8E3M4>
  func.return %0 : tensor<f8E3M4>
}
