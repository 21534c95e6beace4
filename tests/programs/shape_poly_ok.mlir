// A shape-polymorphic program in the form JAX exports: the dimension
// variable `b` is passed as %arg0 and tied to the dynamic size of %arg1 by a
// shape assertion; the reshape to [2*b, 4] is then well-shaped for every
// input that passes the assertion.
module @jit_reshape_poly {
  func.func public @main(%arg0: tensor<i64>, %arg1: tensor<?x8xf32>) -> tensor<?x4xf32> {
    %d = stablehlo.get_dimension_size %arg1, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
    %d64 = stablehlo.convert %d : (tensor<i32>) -> tensor<i64>
    %eq = stablehlo.compare EQ, %arg0, %d64, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%eq, %arg0, %d64) {api_version = 2 : i32, error_message = "b must equal the leading dimension", has_side_effect = true} : (tensor<i1>, tensor<i64>, tensor<i64>) -> ()
    %c2 = stablehlo.constant dense<2> : tensor<i64>
    %n = stablehlo.multiply %arg0, %c2 : tensor<i64>
    %n1 = stablehlo.reshape %n : (tensor<i64>) -> tensor<1xi64>
    %c4 = stablehlo.constant dense<4> : tensor<1xi64>
    %shape = stablehlo.concatenate %n1, %c4, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    %r = stablehlo.dynamic_reshape %arg1, %shape : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<?x4xf32>
    %s = stablehlo.add %r, %r : tensor<?x4xf32>
    return %s : tensor<?x4xf32>
  }
}
