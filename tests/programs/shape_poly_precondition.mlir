// Without the shape assertion the reshape holds only if the dimension
// variable equals the leading dimension: a precondition, not an error.
module @jit_reshape_poly_pre {
  func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x8xf32>) -> tensor<?x4xf32> {
    %c2 = stablehlo.constant dense<2> : tensor<i64>
    %n = stablehlo.multiply %arg0, %c2 : tensor<i64>
    %n1 = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
    %c4 = stablehlo.constant dense<4> : tensor<1xi64>
    %shape = stablehlo.concatenate %n1, %c4, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    %r = stablehlo.dynamic_reshape %arg1, %shape : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }
}
