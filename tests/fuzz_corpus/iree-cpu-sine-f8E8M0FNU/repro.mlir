func.func @main(%arg0: tensor<f8E8M0FNU>) -> tensor<f8E8M0FNU> {
  %0 = stablehlo.sine %arg0 : tensor<f8E8M0FNU>
  func.return %0 : tensor<f8E8M0FNU>
}
