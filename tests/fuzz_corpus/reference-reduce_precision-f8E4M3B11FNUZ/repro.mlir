func.func @main(%arg0: tensor<3x3xf8E4M3B11FNUZ>) -> tensor<3x3xf8E4M3B11FNUZ> {
  %0 = stablehlo.reduce_precision %arg0, format = e2m8 : tensor<3x3xf8E4M3B11FNUZ>
  func.return %0 : tensor<3x3xf8E4M3B11FNUZ>
}
