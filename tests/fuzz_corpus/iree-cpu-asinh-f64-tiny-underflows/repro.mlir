func.func @main(%arg0: tensor<f64>) -> tensor<f64> {
  %0 = chlo.asinh %arg0 : tensor<f64> -> tensor<f64>
  func.return %0 : tensor<f64>
}
