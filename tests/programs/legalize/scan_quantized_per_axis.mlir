// A quantized scan along dimension 1 of a per-axis quantized input (axis
// 0: a scale and zero point per row) beside a per-tensor one, reversed.
// The executor runs it; legalize leaves it (no StableHLO slicing op takes
// a per-axis quantized tensor).
func.func @main(%x: tensor<3x5x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, %y: tensor<3x5x!quant.uniform<i16:f32, 0.125:-3>>, %i: tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>) -> (tensor<3x5x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, tensor<3x5x!quant.uniform<i16:f32, 0.125:-3>>, tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>) {
  %0:3 = chlo.scan(%x, %y) inits(%i) dimension=1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, %b: tensor<3x!quant.uniform<i16:f32, 0.125:-3>>, %c: tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>):
    %1 = stablehlo.add %a, %c : tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>
    %2 = stablehlo.uniform_quantize %1 : (tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>) -> tensor<3x!quant.uniform<i16:f32, 0.125:-3>>
    %3 = stablehlo.multiply %2, %b : tensor<3x!quant.uniform<i16:f32, 0.125:-3>>
    stablehlo.return %1, %3, %1 : tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, tensor<3x!quant.uniform<i16:f32, 0.125:-3>>, tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>
  } : (tensor<3x5x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, tensor<3x5x!quant.uniform<i16:f32, 0.125:-3>>, tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>) -> (tensor<3x5x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, tensor<3x5x!quant.uniform<i16:f32, 0.125:-3>>, tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>)
  return %0#0, %0#1, %0#2 : tensor<3x5x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>, tensor<3x5x!quant.uniform<i16:f32, 0.125:-3>>, tensor<3x!quant.uniform<i8:f32:0, {0.5:1, 0.25:-2, 0.125:0}>>
}
