func.func @main(%arg0: tensor<1x!quant.uniform<i8:f32, 2.5e-01:-2>>, %arg1: tensor<1x!quant.uniform<i8:f32, 2.5e-01:-2>>) -> tensor<1x!quant.uniform<i8:f32, 2.5e-01:-2>> {
  %0 = stablehlo.power %arg0, %arg1 : tensor<1x!quant.uniform<i8:f32, 2.5e-01:-2>>
  func.return %0 : tensor<1x!quant.uniform<i8:f32, 2.5e-01:-2>>
}
