func.func @main(%arg0: tensor<f64>, %arg1: tensor<f64>) -> tensor<f64> {
  %0 = stablehlo.atan2 %arg0, %arg1 : tensor<f64>
  func.return %0 : tensor<f64>
}
