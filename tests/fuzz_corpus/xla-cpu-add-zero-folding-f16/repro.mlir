func.func @main(%arg0: tensor<f16>, %arg1: tensor<3x2xi16>, %arg2: tensor<3x2x1xi16>) -> tensor<f16> {
  %0 = stablehlo.constant dense<0.0> : tensor<f16>
  %1 = chlo.broadcast_add %0, %arg0 : (tensor<f16>, tensor<f16>) -> tensor<f16>
  func.return %1 : tensor<f16>
}
