func.func @main(%arg0: tensor<1x3x3xf64>) -> tensor<1x3x3xf64> {
  %0 = "stablehlo.reduce_scatter"(%arg0) ({
  ^bb0(%arg1: tensor<f64>, %arg2: tensor<f64>):
    %1 = stablehlo.add %arg1, %arg2 : tensor<f64>
    stablehlo.return %1 : tensor<f64>
  }) {replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 2} : (tensor<1x3x3xf64>) -> tensor<1x3x3xf64>
  func.return %0 : tensor<1x3x3xf64>
}
