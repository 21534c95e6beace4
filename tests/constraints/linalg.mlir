// Constraint cases for the ops of spec/linalg.hlospec: see tests/constraints.rs.

func.func @batch_norm_inference_c1_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c1(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C1)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c2_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c2(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf64>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C2)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c3_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c3(%a0: tensor<2x3xf32>, %a1: tensor<2xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C3)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c4_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c4(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<2xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C4)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c5_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c5(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<2xf32>, %a4: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C5)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c6_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c6(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C6)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c7_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c7(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C7)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @batch_norm_training_c1_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c1(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C1)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c2_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c2(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf16>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C2)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf16>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c3_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c3(%a0: tensor<2x3xf32>, %a1: tensor<4xf32>, %a2: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C3)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c4_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c4(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C4)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c5_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c5(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C5)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c6_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c6(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C6)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<4xf32>)
  return
}

// -----

func.func @batch_norm_training_c7_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_training_c7(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_training (C7)}}
  %r:3 = "stablehlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c1_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c1(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_grad (C1)}}
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c2_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c2(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_grad (C2)}}
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf64>)
  return
}

// -----

func.func @batch_norm_grad_c3_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c3(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_grad (C3)}}
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c4_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c4(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_grad (C4)}}
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c5_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<2x3xf32>) {
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @batch_norm_grad_c5(%a0: tensor<2x3xf32>, %a1: tensor<4xf32>, %a2: tensor<4xf32>, %a3: tensor<4xf32>, %a4: tensor<2x3xf32>) {
  // expected-error@+1 {{stablehlo.batch_norm_grad (C5)}}
  %r:3 = "stablehlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @cholesky_c1_ok(%a0: tensor<3x3xf32>) {
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @cholesky_c1(%a0: tensor<3x3xf32>) {
  // expected-error@+1 {{stablehlo.cholesky (C1)}}
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf64>
  return
}

// -----

func.func @cholesky_c2_ok(%a0: tensor<2x3x3xf32>) {
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return
}

// -----

func.func @cholesky_c2(%a0: tensor<3xf32>) {
  // expected-error@+1 {{stablehlo.cholesky (C2)}}
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @cholesky_c3_ok(%a0: tensor<3x3xf32>) {
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @cholesky_c3(%a0: tensor<3x4xf32>) {
  // expected-error@+1 {{stablehlo.cholesky (C3)}}
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @triangular_solve_c1_ok(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) {
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return
}

// -----

func.func @triangular_solve_c1(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf64>) {
  // expected-error@+1 {{stablehlo.triangular_solve (C1)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf64>) -> tensor<3x1xf64>
  return
}

// -----

func.func @triangular_solve_c2_ok(%a0: tensor<2x3x3xf32>, %a1: tensor<2x3x1xf32>) {
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @triangular_solve_c2(%a0: tensor<3x3xf32>, %a1: tensor<2x3x1xf32>) {
  // expected-error@+2 {{stablehlo.triangular_solve (C2)}}
  // expected-error@+1 {{stablehlo.triangular_solve (C3)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @triangular_solve_c3_ok(%a0: tensor<3x3xf32>, %a1: tensor<1x3xf32>) {
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  return
}

// -----

func.func @triangular_solve_c3(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) {
  // expected-error@+1 {{stablehlo.triangular_solve (C3)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return
}

// -----

func.func @triangular_solve_c4_ok(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) {
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return
}

// -----

func.func @triangular_solve_c4(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) {
  // expected-error@+1 {{stablehlo.triangular_solve (C4)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @fft_c1_ok(%a0: tensor<2x4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 2, 4>} : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return
}

// -----

func.func @fft_c1(%a0: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C1)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 2, 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_ok(%a0: tensor<4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_c2(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.fft (C2)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @fft_c2_rfft_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_rfft(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.fft (C2)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<3xcomplex<f64>>
  return
}

// -----

func.func @fft_c2_irfft_ok(%a0: tensor<4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<4xcomplex<f32>>) -> tensor<6xf32>
  return
}

// -----

func.func @fft_c2_irfft(%a0: tensor<4xcomplex<f64>>) {
  // expected-error@+1 {{stablehlo.fft (C2)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<4xcomplex<f64>>) -> tensor<6xf32>
  return
}

// -----

func.func @fft_c3_ok(%a0: tensor<2x2x2xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 2, 2, 2>} : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_c3(%a0: tensor<2x2x2x2xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C3)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 2, 2, 2, 2>} : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return
}

// -----

func.func @fft_c4_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  return
}

// -----

func.func @fft_c4(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.fft (C4)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 5>} : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_ok(%a0: tensor<4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @fft_c5(%a0: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C5)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_rfft_ok(%a0: tensor<8xf32>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>} : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_rfft(%a0: tensor<8xf32>) {
  // expected-error@+1 {{stablehlo.fft (C5)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>} : (tensor<8xf32>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @dot_general_c1_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c1(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+2 {{stablehlo.dot_general (C1)}}
  // expected-error@+1 {{stablehlo.dot_general (C9)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x2x5xf32>
  return
}

// -----

func.func @dot_general_c2_ok(%a0: tensor<3xf32>, %a1: tensor<4xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<3xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dot_general_c2(%a0: tensor<3xf32>, %a1: tensor<4xf32>) {
  // expected-error@+2 {{stablehlo.dot_general (C2)}}
  // expected-error@+1 {{stablehlo.dot_general (C10)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = []>} : (tensor<3xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @dot_general_c3_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c3(%a0: tensor<2x3xf32>, %a1: tensor<2x2x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C3)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [1]>} : (tensor<2x3xf32>, tensor<2x2x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c4_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c4(%a0: tensor<2x2xf32>, %a1: tensor<2x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C4)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x2xf32>, tensor<2x5xf32>) -> tensor<2x5xf32>
  return
}

// -----

func.func @dot_general_c5_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c5(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C5)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [3], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c6_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c6(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C6)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [3], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @dot_general_c7_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c7(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C7)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [3], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x2x5xf32>
  return
}

// -----

func.func @dot_general_c8_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c8(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C8)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [3]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// -----

func.func @dot_general_c9_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c9(%a0: tensor<3x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C9)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<3x3x4xf32>, tensor<2x4x5xf32>) -> tensor<3x3x5xf32>
  return
}

// -----

func.func @dot_general_c10_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c10(%a0: tensor<2x3x6xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C10)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x6xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c11_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c11(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C11)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c12_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c12(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C12)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @dot_general_c13_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c13(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf64>) {
  // expected-error@+1 {{stablehlo.dot_general (C13)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf64>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_i8(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (I8)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = i8, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_i9(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (I9)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = i8, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_i10(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (I10)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = i8, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c21_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c21(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C21)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>], algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c22_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c22(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C22)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c23_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c23(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C23)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = -1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c24_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c24(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C24)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 0, allow_imprecise_accumulation = false>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c14_ok(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c14(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+2 {{stablehlo.dot_general (C14)}}
  // expected-error@+1 {{stablehlo.dot_general (C19)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c15_ok(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c15(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5:3>>) {
  // expected-error@+1 {{stablehlo.dot_general (C15)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c16_ok(%a0: tensor<3x2xf32>, %a1: tensor<2x5x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5}>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x2xf32>, tensor<2x5x!quant.uniform<i8:f32:1, {0.5, 0.5, 0.5, 0.5, 0.5}>>) -> tensor<3x5xf32>
  return
}

// -----

func.func @dot_general_c16(%a0: tensor<3x2xf32>, %a1: tensor<2x5x!quant.uniform<i8:f32:0, {0.5, 0.5}>>) {
  // expected-error@+1 {{stablehlo.dot_general (C16)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x2xf32>, tensor<2x5x!quant.uniform<i8:f32:0, {0.5, 0.5}>>) -> tensor<3x5xf32>
  return
}

// -----

func.func @dot_general_c17_ok(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c17(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i16:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.dot_general (C17)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i16:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c18_ok(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c18(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f64, 0.5>>) {
  // expected-error@+1 {{stablehlo.dot_general (C18)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f64, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c19_ok(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dot_general_c19(%a0: tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.dot_general (C19)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4x!quant.uniform<i8:f32, 0.5>>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5x!quant.uniform<i8:f32:2, {0.5, 0.5, 0.5, 0.5, 0.5}>>
  return
}

// -----

func.func @dot_general_c20_ok(%a0: tensor<2x3x4xf32>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @dot_general_c20(%a0: tensor<2x3x4xf64>, %a1: tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.dot_general (C20)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf64>, tensor<2x4x5x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x3x5xf64>
  return
}

// -----

func.func @convolution_c1_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c1(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6x1xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C1)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6x1xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c2_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c2(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C2)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c3_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x1x1x6xf32>
  return
}

// -----

func.func @convolution_c3(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C3)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 0, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c4_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x4x4x6xf32>
  return
}

// -----

func.func @convolution_c4(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C4)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x3xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c5_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c5(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C5)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c6_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 2, 2>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x5x5x6xf32>
  return
}

// -----

func.func @convolution_c6(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C6)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 0, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x0x2x6xf32>
  return
}

// -----

func.func @convolution_c7_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c7(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C7)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c8_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x0x2x6xf32>
  return
}

// -----

func.func @convolution_c8(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C8)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 0, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x4x2x6xf32>
  return
}

// -----

func.func @convolution_c9_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, window_reversal = array<i1: false, true>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c9(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C9)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, window_reversal = array<i1: false>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c10_ok(%a0: tensor<2x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<2x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c10(%a0: tensor<3x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C10)}}
  // expected-error@+1 {{stablehlo.convolution (C25)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<3x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c11_ok(%a0: tensor<1x4x4x4xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c11(%a0: tensor<1x4x4x3xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C11)}}
  // expected-error@+1 {{stablehlo.convolution (C14)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c12_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c12(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C12)}}
  // expected-error@+1 {{stablehlo.convolution (C13)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c13_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c13(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C13)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 1, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<4x2x2x6xf32>
  return
}

// -----

func.func @convolution_c14_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c14(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x3x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C14)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x3x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c15_ok(%a0: tensor<2x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<2x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c15(%a0: tensor<2x4x4x2xf32>, %a1: tensor<3x3x2x5xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C15)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<2x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  return
}

// -----

func.func @convolution_c16_ok(%a0: tensor<1x4x4x4xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c16(%a0: tensor<1x4x4x4xf32>, %a1: tensor<3x3x2x5xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C16)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x4xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  return
}

// -----

func.func @convolution_c17_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c17(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C17)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c18_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c18(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C18)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 2], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x3x6xf32>
  return
}

// -----

func.func @convolution_c19_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c19(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C19)}}
  // expected-error@+1 {{stablehlo.convolution (C20)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c20_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c20(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C20)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 4]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c21_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c21(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C11)}}
  // expected-error@+1 {{stablehlo.convolution (C21)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 0 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c22_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c22(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+2 {{stablehlo.convolution (C10)}}
  // expected-error@+1 {{stablehlo.convolution (C22)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 0 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c23_ok(%a0: tensor<2x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<2x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c23(%a0: tensor<2x4x4x4xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C23)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 2 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 2 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<2x4x4x4xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c24_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c24(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C24)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>, precision_config = [#stablehlo<precision DEFAULT>]} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c25_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c25(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C25)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x2x6xf32>
  return
}

// -----

func.func @convolution_c26_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c26(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C26)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6x1xf32>
  return
}

// -----

func.func @convolution_c27_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c27(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf16>) {
  // expected-error@+1 {{stablehlo.convolution (C27)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf16>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c28_ok(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c28(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+2 {{stablehlo.convolution (C28)}}
  // expected-error@+1 {{stablehlo.convolution (C33)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c29_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c29(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32:2, {0.5, 0.5}>>) {
  // expected-error@+1 {{stablehlo.convolution (C29)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6x!quant.uniform<i8:f32:2, {0.5, 0.5}>>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c30_ok(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>
  return
}

// -----

func.func @convolution_c30(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) {
  // expected-error@+1 {{stablehlo.convolution (C30)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32:2, {0.5, 0.5}>>
  return
}

// -----

func.func @convolution_c31_ok(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c31(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i16:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.convolution (C31)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i16:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c32_ok(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c32(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f64, 0.5>>) {
  // expected-error@+1 {{stablehlo.convolution (C32)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f64, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c33_ok(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @convolution_c33(%a0: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.convolution (C33)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5>>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6x!quant.uniform<i8:f32:3, {0.5, 0.5, 0.5, 0.5, 0.5, 0.5}>>
  return
}

// -----

func.func @convolution_c34_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c34(%a0: tensor<1x4x4x2xf64>, %a1: tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error@+1 {{stablehlo.convolution (C34)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf64>, tensor<3x3x2x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x6xf64>
  return
}

// -----

func.func @fft_c4_irfft_ok(%a0: tensor<4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<4xcomplex<f32>>) -> tensor<6xf32>
  return
}

// -----

func.func @fft_c4_irfft(%a0: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C4)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<4xcomplex<f32>>) -> tensor<7xf32>
  return
}

// -----

func.func @fft_c5_irfft_ok(%a0: tensor<4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<4xcomplex<f32>>) -> tensor<6xf32>
  return
}

// -----

func.func @fft_c5_irfft(%a0: tensor<5xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C5)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 6>} : (tensor<5xcomplex<f32>>) -> tensor<6xf32>
  return
}

// -----

func.func @fft_c5_batch_ok(%a0: tensor<2x4xcomplex<f32>>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f32>>
  return
}

// -----

func.func @fft_c5_batch(%a0: tensor<2x4xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C5)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>} : (tensor<2x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_rfft_complex_operand_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @fft_c2_rfft_complex_operand(%a0: tensor<4xcomplex<f32>>) {
  // expected-error@+1 {{stablehlo.fft (C2)}}
  %r = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return
}

// -----

func.func @triangular_solve_c3_batch_ok(%a0: tensor<2x3x3xf32>, %a1: tensor<2x3x1xf32>) {
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  return
}

// -----

func.func @triangular_solve_c3_batch(%a0: tensor<2x3x3xf32>, %a1: tensor<4x3x1xf32>) {
  // expected-error@+1 {{stablehlo.triangular_solve (C3)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  return
}

// -----

func.func @triangular_solve_c3_square_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @triangular_solve_c3_square(%a0: tensor<3x4xf32>, %a1: tensor<3x1xf32>) {
  // expected-error@+1 {{stablehlo.triangular_solve (C3)}}
  %r = "stablehlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return
}

// -----

func.func @cholesky_c1_shape_ok(%a0: tensor<2x3x3xf32>) {
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  return
}

// -----

func.func @cholesky_c1_shape(%a0: tensor<2x3x3xf32>) {
  // expected-error@+1 {{stablehlo.cholesky (C1)}}
  %r = "stablehlo.cholesky"(%a0) {lower = true} : (tensor<2x3x3xf32>) -> tensor<3x3x3xf32>
  return
}

// -----

func.func @dot_general_c12_matmul_ok(%a0: tensor<3x4xf32>, %a1: tensor<4x5xf32>) {
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @dot_general_c12_matmul(%a0: tensor<3x4xf32>, %a1: tensor<4x5xf32>) {
  // expected-error@+1 {{stablehlo.dot_general (C12)}}
  %r = "stablehlo.dot_general"(%a0, %a1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<5x3xf32>
  return
}

// -----

func.func @convolution_c25_stride_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 2, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x1x2x6xf32>
  return
}

// -----

func.func @convolution_c25_stride(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C25)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 2, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @convolution_c25_padding_ok(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x4x2x6xf32>
  return
}

// -----

func.func @convolution_c25_padding(%a0: tensor<1x4x4x2xf32>, %a1: tensor<3x3x2x6xf32>) {
  // expected-error@+1 {{stablehlo.convolution (C25)}}
  %r = "stablehlo.convolution"(%a0, %a1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 1], [0, 0]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 1>, window_strides = array<i64: 1, 1>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x6xf32>) -> tensor<1x2x2x6xf32>
  return
}

// -----

func.func @batch_norm_inference_c2_variance_f16_ok(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) {
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batch_norm_inference_c2_variance_f16(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf16>) {
  // expected-error@+1 {{stablehlo.batch_norm_inference (C2)}}
  %r = "stablehlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf16>) -> tensor<2x3xf32>
  return
}
