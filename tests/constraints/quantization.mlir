// Constraint cases for the ops of spec/quantization.hlospec: see tests/constraints.rs.

func.func @uniform_dequantize_ok(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32> {
  %0 = "stablehlo.uniform_dequantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @uniform_dequantize_c1(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3xf32> {
  // expected-error@+1 {{stablehlo.uniform_dequantize (C1)}}
  %0 = "stablehlo.uniform_dequantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @uniform_dequantize_c2(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf16> {
  // expected-error@+1 {{stablehlo.uniform_dequantize (C2)}}
  %0 = "stablehlo.uniform_dequantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @uniform_quantize_ok(%a: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>> {
  %0 = "stablehlo.uniform_quantize"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @uniform_quantize_requantize_ok(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.25:1>> {
  %0 = "stablehlo.uniform_quantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i16:f32, 0.25:1>>
  return %0 : tensor<2x!quant.uniform<i16:f32, 0.25:1>>
}

// -----

func.func @uniform_quantize_c1(%a: tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:3>> {
  // expected-error@+1 {{stablehlo.uniform_quantize (C1)}}
  %0 = "stablehlo.uniform_quantize"(%a) : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:3>>
  return %0 : tensor<3x!quant.uniform<i8:f32, 0.5:3>>
}

// -----

func.func @uniform_quantize_c2(%a: tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f16, 0.5:3>> {
  // expected-error@+1 {{stablehlo.uniform_quantize (C2)}}
  %0 = "stablehlo.uniform_quantize"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f16, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f16, 0.5:3>>
}

// -----

func.func @uniform_quantize_c2_requantize(%a: tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f16, 0.5:3>> {
  // expected-error@+1 {{stablehlo.uniform_quantize (C2)}}
  %0 = "stablehlo.uniform_quantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x!quant.uniform<i8:f16, 0.5:3>>
  return %0 : tensor<2x!quant.uniform<i8:f16, 0.5:3>>
}
