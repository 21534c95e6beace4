// The program of jax_export_calls_ok.mlir without the assertion that the
// bias has t rows: broadcasting the bias to (b, t, 8) in the wrapped function
// then holds only if it has 1 or t rows, which is reported at the broadcast,
// in terms of @main's arguments, with the call that leads there.
module @jit_dense_layer attributes {jax.uses_shape_polymorphism = true} {
  func.func public @main(%arg0: tensor<?x?x8xf32>, %arg1: tensor<?x8xf32>, %arg2: tensor<8x16xf32>) -> tensor<?x?x16xf32> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x?x8xf32>) -> tensor<i32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<?x?x8xf32>) -> tensor<i32>
    %3 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%3, %0) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 'b'", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %4 = stablehlo.compare GE, %1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.custom_call @shape_assertion(%4, %1) {api_version = 2 : i32, error_message = "Expected value >= 1 for dimension variable 't'", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    %6 = stablehlo.convert %0 : (tensor<i32>) -> tensor<i64>
    %7 = stablehlo.convert %1 : (tensor<i32>) -> tensor<i64>
    %8 = call @_wrapped_jax_export_main(%6, %7, %arg0, %arg1, %arg2) : (tensor<i64>, tensor<i64>, tensor<?x?x8xf32>, tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x?x16xf32>
    return %8 : tensor<?x?x16xf32>
  }
  func.func private @_wrapped_jax_export_main(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<i64> {jax.global_constant = "t"}, %arg2: tensor<?x?x8xf32>, %arg3: tensor<?x8xf32>, %arg4: tensor<8x16xf32>) -> tensor<?x?x16xf32> {
    %c8 = stablehlo.constant dense<8> : tensor<1xi64>
    %c16 = stablehlo.constant dense<16> : tensor<1xi64>
    %0 = stablehlo.reshape %arg0 : (tensor<i64>) -> tensor<1xi64>
    %1 = stablehlo.reshape %arg1 : (tensor<i64>) -> tensor<1xi64>
    %2 = stablehlo.concatenate %0, %1, %c8, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
    %3 = stablehlo.dynamic_broadcast_in_dim %arg3, %2, dims = [1, 2] : (tensor<?x8xf32>, tensor<3xi64>) -> tensor<?x?x8xf32>
    %4 = stablehlo.add %arg2, %3 : tensor<?x?x8xf32>
    %5 = stablehlo.multiply %arg0, %arg1 : tensor<i64>
    %6 = stablehlo.reshape %5 : (tensor<i64>) -> tensor<1xi64>
    %7 = stablehlo.concatenate %6, %c8, dim = 0 : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
    %8 = stablehlo.dynamic_reshape %4, %7 : (tensor<?x?x8xf32>, tensor<2xi64>) -> tensor<?x8xf32>
    %9 = stablehlo.dot_general %8, %arg4, contracting_dims = [1] x [0] : (tensor<?x8xf32>, tensor<8x16xf32>) -> tensor<?x16xf32>
    %10 = stablehlo.concatenate %0, %1, %c16, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
    %11 = stablehlo.dynamic_reshape %9, %10 : (tensor<?x16xf32>, tensor<3xi64>) -> tensor<?x?x16xf32>
    %12 = call @relu(%arg0, %arg1, %11) : (tensor<i64>, tensor<i64>, tensor<?x?x16xf32>) -> tensor<?x?x16xf32>
    %13 = stablehlo.add %12, %11 : tensor<?x?x16xf32>
    return %13 : tensor<?x?x16xf32>
  }
  func.func private @relu(%arg0: tensor<i64> {jax.global_constant = "b"}, %arg1: tensor<i64> {jax.global_constant = "t"}, %arg2: tensor<?x?x16xf32>) -> tensor<?x?x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c16 = stablehlo.constant dense<16> : tensor<1xi64>
    %0 = stablehlo.reshape %arg0 : (tensor<i64>) -> tensor<1xi64>
    %1 = stablehlo.reshape %arg1 : (tensor<i64>) -> tensor<1xi64>
    %2 = stablehlo.concatenate %0, %1, %c16, dim = 0 : (tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<3xi64>
    %3 = stablehlo.dynamic_broadcast_in_dim %cst, %2, dims = [] : (tensor<f32>, tensor<3xi64>) -> tensor<?x?x16xf32>
    %4 = stablehlo.maximum %arg2, %3 : tensor<?x?x16xf32>
    return %4 : tensor<?x?x16xf32>
  }
}
