// Constraint cases for the ops of spec/collectives.hlospec: see tests/constraints.rs.

func.func @all_gather_c1_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c1(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C1)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c2_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c2(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C2)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c4_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c4(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C4)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c5_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c5(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C5)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c6_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c6(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C6)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @all_gather_c6_type_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c6_type(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C6)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf16>
  return
}

// -----

func.func @all_gather_c3_ok(%p0: tensor<2x2xf32>, %a0: tensor<2x2xf32>) {
  %q = "stablehlo.all_gather"(%p0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c3(%p0: tensor<2x2xf32>, %a0: tensor<2x2xf32>) {
  %q = "stablehlo.all_gather"(%p0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  // expected-error@+1 {{stablehlo.all_gather (C3)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @all_reduce_c1_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c1(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.all_reduce (C1)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c2_ok(%p0: tensor<4xf32>, %a0: tensor<4xf32>) {
  %q = "stablehlo.all_reduce"(%p0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c2(%p0: tensor<4xf32>, %a0: tensor<4xf32>) {
  %q = "stablehlo.all_reduce"(%p0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{stablehlo.all_reduce (C2)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0], [1], [2]]> : tensor<3x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c3_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c3(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.all_reduce (C3)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c4_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c4(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.all_reduce (C4)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c5_ok(%a0: tensor<4xf16>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c5(%a0: tensor<4xf64>) {
  // expected-error@+1 {{stablehlo.all_reduce (C5)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c6_ok(%a0: tensor<4xf32>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c6(%a0: tensor<4xf32>) {
  // expected-error@+1 {{stablehlo.all_reduce (C6)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @all_reduce_c7_ok(%a0: tensor<4xf16>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @all_reduce_c7(%a0: tensor<4xf16>) {
  // expected-error@+1 {{stablehlo.all_reduce (C7)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf16>) -> tensor<4xf16>
  return
}

// -----

func.func @all_to_all_c1_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c1(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C1)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c2_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c2(%a0: tensor<2x3xf32>) {
  // expected-error@+2 {{stablehlo.all_to_all (C2)}}
  // expected-error@+1 {{stablehlo.all_to_all (C9)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c3_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c3(%a0: tensor<2x4xf32>) {
  // expected-error@+2 {{stablehlo.all_to_all (C3)}}
  // expected-error@+1 {{stablehlo.all_to_all (C9)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c4_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c4(%a0: tensor<2x4xf32>) {
  // expected-error@+3 {{stablehlo.all_to_all (C2)}}
  // expected-error@+2 {{stablehlo.all_to_all (C4)}}
  // expected-error@+1 {{stablehlo.all_to_all (C8)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c5_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c5(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C5)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c6_ok(%p0: tensor<2x4xf32>, %a0: tensor<2x4xf32>) {
  %q = "stablehlo.all_to_all"(%p0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c6(%p0: tensor<2x4xf32>, %a0: tensor<2x6xf32>) {
  %q = "stablehlo.all_to_all"(%p0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  // expected-error@+1 {{stablehlo.all_to_all (C6)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2x6xf32>) -> tensor<6x2xf32>
  return
}

// -----

func.func @all_to_all_c7_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c7(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C7)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c8_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c8(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C8)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c9_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @all_to_all_c9(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C9)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<4x4xf32>
  return
}

// -----

func.func @all_to_all_c9_same_ok(%a0: tensor<2x4xf32>) {
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_to_all_c9_same(%a0: tensor<2x4xf32>) {
  // expected-error@+1 {{stablehlo.all_to_all (C9)}}
  %r = "stablehlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @collective_broadcast_c1_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c1(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_broadcast (C1)}}
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c2_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c2(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_broadcast (C2)}}
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c3_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c3(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_broadcast (C3)}}
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @collective_permute_c1_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c1(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C1)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c2_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c2(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C2)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c3_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c3(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C3)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c4_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c4(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C4)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c5_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c5(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C5)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @reduce_scatter_c1_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c1(%a0: tensor<3x2xf32>) {
  // expected-error@+2 {{stablehlo.reduce_scatter (C1)}}
  // expected-error@+1 {{stablehlo.reduce_scatter (C8)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<3x2xf32>) -> tensor<1x2xf32>
  return
}

// -----

func.func @reduce_scatter_c2_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c2(%a0: tensor<4x2xf32>) {
  // expected-error@+2 {{stablehlo.reduce_scatter (C1)}}
  // expected-error@+1 {{stablehlo.reduce_scatter (C2)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c3_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c3(%a0: tensor<4x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C3)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c4_ok(%p0: tensor<4x2xf32>, %a0: tensor<4x2xf32>) {
  %q = "stablehlo.reduce_scatter"(%p0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c4(%p0: tensor<4x2xf32>, %a0: tensor<4x2xf32>) {
  %q = "stablehlo.reduce_scatter"(%p0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  // expected-error@+1 {{stablehlo.reduce_scatter (C4)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0], [1], [2]]> : tensor<3x1xi64>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @reduce_scatter_c5_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c5(%a0: tensor<4x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C5)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c6_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c6(%a0: tensor<4x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C6)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c7_ok(%a0: tensor<4x2xf16>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c7(%a0: tensor<4x2xf64>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C7)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf64>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c8_ok(%a0: tensor<4x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c8(%a0: tensor<4x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C8)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return
}

// -----

func.func @reduce_scatter_c9_ok(%a0: tensor<4x2xf16>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf16>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c9(%a0: tensor<4x2xf16>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C9)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x2xf16>) -> tensor<2x2xf16>
  return
}

// -----

func.func @infeed_c1_ok(%a0: !stablehlo.token) {
  %r:2 = "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_c1(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.infeed (C1)}}
  "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> ()
  return
}

// -----

func.func @infeed_c2_ok(%a0: !stablehlo.token) {
  %r:3 = "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xf32>, tensor<3xf32>, !stablehlo.token)
  return
}

// -----

func.func @infeed_c2(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.infeed (C2)}}
  %r:2 = "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

func.func @infeed_c3_ok(%a0: !stablehlo.token) {
  %r = "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @infeed_c3(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.infeed (C3)}}
  %r = "stablehlo.infeed"(%a0) {infeed_config = ""} : (!stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @recv_c1_ok(%a0: !stablehlo.token) {
  %r:2 = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_c1(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.recv (C1)}}
  %r:2 = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_c2_ok(%a0: !stablehlo.token) {
  %r = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @recv_c2(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.recv (C2)}}
  "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> ()
  return
}

// -----

func.func @recv_c3_ok(%a0: !stablehlo.token) {
  %r:3 = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xf32>, tensor<3xf32>, !stablehlo.token)
  return
}

// -----

func.func @recv_c3(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.recv (C3)}}
  %r:2 = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (!stablehlo.token, !stablehlo.token)
  return
}

// -----

func.func @recv_c4_ok(%a0: !stablehlo.token) {
  %r = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @recv_c4(%a0: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.recv (C4)}}
  %r = "stablehlo.recv"(%a0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> tensor<2xf32>
  return
}

// -----

func.func @send_c1_ok(%a0: tensor<2xf32>, %a1: !stablehlo.token) {
  %r = "stablehlo.send"(%a0, %a1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @send_c1(%a0: tensor<2xf32>, %a1: !stablehlo.token) {
  // expected-error@+1 {{stablehlo.send (C1)}}
  %r = "stablehlo.send"(%a0, %a1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = false} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @outfeed_ok(%a0: tensor<2xf32>, %a1: !stablehlo.token) {
  %r = "stablehlo.outfeed"(%a0, %a1) {outfeed_config = ""} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

func.func @partition_id_ok() {
  %r = "stablehlo.partition_id"() : () -> tensor<ui32>
  return
}

// -----

func.func @replica_id_ok() {
  %r = "stablehlo.replica_id"() : () -> tensor<ui32>
  return
}

// -----

func.func @all_gather_c6_cross_replica_and_partition_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @all_gather_c6_cross_replica_and_partition(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C6)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @all_gather_c3_flattened_ids_ok(%p0: tensor<2x2xf32>, %a0: tensor<2x2xf32>) {
  %q = "stablehlo.all_gather"(%p0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c3_flattened_ids(%p0: tensor<2x2xf32>, %a0: tensor<2x2xf32>) {
  %q = "stablehlo.all_gather"(%p0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  // expected-error@+1 {{stablehlo.all_gather (C3)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1, 2]]> : tensor<1x3xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @all_gather_c6_two_groups_ok(%a0: tensor<2x2xf32>) {
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @all_gather_c6_two_groups(%a0: tensor<2x2xf32>) {
  // expected-error@+1 {{stablehlo.all_gather (C6)}}
  %r = "stablehlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<2x2xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @collective_broadcast_c2_partitions_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_broadcast_c2_partitions(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_broadcast (C2)}}
  %r = "stablehlo.collective_broadcast"(%a0) {replica_groups = dense<[[0, 1], [-2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c4_partitions_ok(%a0: tensor<2xf32>) {
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @collective_permute_c4_partitions(%a0: tensor<2xf32>) {
  // expected-error@+1 {{stablehlo.collective_permute (C4)}}
  %r = "stablehlo.collective_permute"(%a0) {source_target_pairs = dense<[[-1, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @reduce_scatter_c8_cross_replica_and_partition_ok(%a0: tensor<8x2xf32>) {
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<8x2xf32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @reduce_scatter_c8_cross_replica_and_partition(%a0: tensor<8x2xf32>) {
  // expected-error@+1 {{stablehlo.reduce_scatter (C8)}}
  %r = "stablehlo.reduce_scatter"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (tensor<8x2xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @all_reduce_c6_2d_ok(%a0: tensor<2x3xf32>) {
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @all_reduce_c6_2d(%a0: tensor<2x3xf32>) {
  // expected-error@+1 {{stablehlo.all_reduce (C6)}}
  %r = "stablehlo.all_reduce"(%a0) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%z) : (tensor<f32>) -> ()
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @collective_reduce_ok(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d1() {
  // expected-error@+1 {{stablehlo.collective_reduce (D1)}}
  "stablehlo.collective_reduce"() ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : () -> ()
  return
}

// -----

func.func @collective_reduce_dynamic_root_ok(%a: tensor<4xf32>, %r: tensor<1xi32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_reduce"(%a, %r) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d2(%a: tensor<4xf32>, %r: tensor<2xi32>) -> tensor<4xf32> {
  // expected-error@+1 {{stablehlo.collective_reduce (D2)}}
  %0 = "stablehlo.collective_reduce"(%a, %r) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root = true} : (tensor<4xf32>, tensor<2xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d3(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{stablehlo.collective_reduce (D3)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d4(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{stablehlo.collective_reduce (D4)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d5(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{stablehlo.collective_reduce (D5)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @collective_reduce_d6(%a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error@+1 {{stablehlo.collective_reduce (D6)}}
  %0 = "stablehlo.collective_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %s = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
