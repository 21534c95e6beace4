// A quantized scan of a dynamic length.
func.func @main(%x: tensor<?x!quant.uniform<i8:f32, 0.5:1>>, %i: tensor<!quant.uniform<i8:f32, 0.5:1>>) -> (tensor<?x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) {
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<!quant.uniform<i8:f32, 0.5:1>>, %c: tensor<!quant.uniform<i8:f32, 0.5:1>>):
    %1 = stablehlo.subtract %a, %c : tensor<!quant.uniform<i8:f32, 0.5:1>>
    stablehlo.return %1, %1 : tensor<!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>
  } : (tensor<?x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>) -> (tensor<?x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>)
  return %0#0, %0#1 : tensor<?x!quant.uniform<i8:f32, 0.5:1>>, tensor<!quant.uniform<i8:f32, 0.5:1>>
}
