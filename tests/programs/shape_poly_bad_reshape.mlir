// The same program with an inconsistent reshape: [2*b + 1, 4] holds
// 8*b + 4 elements, the operand 8*b, so no input makes it well-shaped.
module @jit_reshape_poly_bad {
  func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x8xf32>) -> tensor<?x4xf32> {
    %d = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
    %d64 = stablehlo.convert %d : (tensor<i32>) -> tensor<i64>
    %eq = stablehlo.compare EQ, %arg0, %d64, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%eq, %arg0, %d64) {api_version = 2 : i32, error_message = "b must equal the leading dimension", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %c2 = stablehlo.constant dense<2> : tensor<i64>
    %one = stablehlo.constant dense<1> : tensor<i64>
    %n = stablehlo.multiply %arg0, %c2 : tensor<i64>
    %m = stablehlo.add %n, %one : tensor<i64>
    %n1 = stablehlo.reshape %m : (tensor<i64>) -> tensor<1xi64>
    %c4 = stablehlo.constant dense<4> : tensor<1xi64>
    %shape = stablehlo.concatenate %n1, %c4, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    %r = stablehlo.dynamic_reshape %arg1, %shape : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }
}
