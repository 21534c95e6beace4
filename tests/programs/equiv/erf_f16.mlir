// chlo.erf on f16 (the executor's correctly rounded erf).
func.func @main(%x: tensor<f16>) -> tensor<f16> {
  %r = chlo.erf %x : tensor<f16> -> tensor<f16>
  return %r : tensor<f16>
}
