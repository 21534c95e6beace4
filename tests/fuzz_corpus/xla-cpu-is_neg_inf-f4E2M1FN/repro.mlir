func.func @main(%arg0: tensor<f4E2M1FN>) -> tensor<i1> {
  %0 = chlo.is_neg_inf %arg0 : tensor<f4E2M1FN> -> tensor<i1>
  func.return %0 : tensor<i1>
}
