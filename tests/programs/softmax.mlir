// A small program in the style JAX exports: a numerically stable softmax
// over the last axis, with a dynamic batch dimension.
module @softmax attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<?x8xf32> {jax.arg_info = "x"}) -> (tensor<?x8xf32> {jax.result_info = ""}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
    %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>
    %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
    %c = stablehlo.constant dense<8> : tensor<1xi32>
    %3 = stablehlo.concatenate %2, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
    %4 = stablehlo.dynamic_broadcast_in_dim %0, %3, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<?x8xf32>
    %6 = stablehlo.exponential %5 : tensor<?x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<?x8xf32>, tensor<f32>) -> tensor<?xf32>
    %8 = stablehlo.dynamic_broadcast_in_dim %7, %3, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x8xf32>
    %9 = stablehlo.divide %6, %8 : tensor<?x8xf32>
    return %9 : tensor<?x8xf32>
  }
}
