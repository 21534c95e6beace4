// A quantized scan (per-tensor), reversed, two inputs of different
// quantized types: a running sum requantized at each step, and products
// requantized to the second input's type.
func.func @main(%x: tensor<5x2x!quant.uniform<i8:f32, 0.5:1>>, %y: tensor<5x2x!quant.uniform<i16:f32, 0.125:-3>>, %i: tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> (tensor<5x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<5x2x!quant.uniform<i16:f32, 0.125:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>) {
  %0:3 = chlo.scan(%x, %y) inits(%i) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2x!quant.uniform<i8:f32, 0.5:1>>, %b: tensor<2x!quant.uniform<i16:f32, 0.125:-3>>, %c: tensor<2x!quant.uniform<i8:f32, 0.5:1>>):
    %1 = stablehlo.add %a, %c : tensor<2x!quant.uniform<i8:f32, 0.5:1>>
    %2 = stablehlo.uniform_quantize %1 : (tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x!quant.uniform<i16:f32, 0.125:-3>>
    %3 = stablehlo.multiply %2, %b : tensor<2x!quant.uniform<i16:f32, 0.125:-3>>
    stablehlo.return %1, %3, %1 : tensor<2x!quant.uniform<i8:f32, 0.5:1>>, tensor<2x!quant.uniform<i16:f32, 0.125:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>
  } : (tensor<5x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<5x2x!quant.uniform<i16:f32, 0.125:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>) -> (tensor<5x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<5x2x!quant.uniform<i16:f32, 0.125:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>)
  return %0#0, %0#1, %0#2 : tensor<5x2x!quant.uniform<i8:f32, 0.5:1>>, tensor<5x2x!quant.uniform<i16:f32, 0.125:-3>>, tensor<2x!quant.uniform<i8:f32, 0.5:1>>
}
