func.func @main(%arg0: tensor<f4E2M1FN>) -> tensor<ui32> {
  %0 = stablehlo.convert %arg0 : (tensor<f4E2M1FN>) -> tensor<ui32>
  func.return %0 : tensor<ui32>
}
