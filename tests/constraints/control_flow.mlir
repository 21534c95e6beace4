// Constraint cases for the ops of spec/control_flow.hlospec: see tests/constraints.rs.

func.func @after_all_ok(%a: !stablehlo.token, %b: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.after_all"(%a, %b) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
  return %0 : !stablehlo.token
}

// -----

func.func @custom_call_ok(%a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo", has_side_effect = false} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @optimization_barrier_ok(%a: tensor<f32>, %b: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %0, %1 = "stablehlo.optimization_barrier"(%a, %b) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0, %1 : (tensor<f32>, tensor<i32>)
}

// -----

func.func @optimization_barrier_c1(%a: tensor<f32>, %b: tensor<i32>) -> (tensor<f32>, tensor<f32>) {
  // expected-error@+1 {{stablehlo.optimization_barrier (C1)}}
  %0, %1 = "stablehlo.optimization_barrier"(%a, %b) : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<f32>)
  return %0, %1 : (tensor<f32>, tensor<f32>)
}

// -----

func.func @if_ok(%p: tensor<i1>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c1(%p: tensor<i1>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.if (C1)}}
  %0 = "stablehlo.if"(%p) ({
    ^bb0(%x: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c2(%p: tensor<i1>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.if (C2)}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%i) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_c3(%p: tensor<i1>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<i32> {
  // expected-error@+1 {{stablehlo.if (C3)}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @case_ok(%k: tensor<i32>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c1(%k: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.case (C1)}}
  %0 = "stablehlo.case"(%k) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c2(%k: tensor<i32>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.case (C2)}}
  %0 = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    ^bb0(%x: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c3(%k: tensor<i32>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.case (C3)}}
  %0 = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%i) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_c4(%k: tensor<i32>, %a: tensor<f32>, %i: tensor<i32>) -> tensor<i32> {
  // expected-error@+1 {{stablehlo.case (C4)}}
  %0 = "stablehlo.case"(%k) ({
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_ok(%a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %c = stablehlo.constant dense<true> : tensor<i1>
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%z: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @while_c1(%a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %c = stablehlo.constant dense<true> : tensor<i1>
  // expected-error@+1 {{stablehlo.while (C1)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%y) : (tensor<f32>) -> ()
  }, {
  ^bb0(%z: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @while_c2(%a: tensor<f32>, %i: tensor<i32>) -> tensor<f32> {
  %c = stablehlo.constant dense<true> : tensor<i1>
  // expected-error@+1 {{stablehlo.while (C2)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%z: tensor<f32>):
    "stablehlo.return"(%i) : (tensor<i32>) -> ()
  }) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @while_c3(%a: tensor<f32>, %i: tensor<i32>) -> tensor<i32> {
  %c = stablehlo.constant dense<true> : tensor<i1>
  // expected-error@+1 {{stablehlo.while (C3)}}
  %0 = "stablehlo.while"(%a) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%z: tensor<f32>):
    "stablehlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func private @dec(%x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.convert"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @composite_ok(%a: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @dec(%x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.convert"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @composite_c1(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.composite (C1)}}
  %0 = "stablehlo.composite"(%a) {name = "myop", decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @dec(%x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.convert"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @composite_c2(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.composite (C2)}}
  %0 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @missing, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @dec(%x: tensor<i32>) -> tensor<f32> {
  %0 = "stablehlo.convert"(%x) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @composite_c3(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.composite (C3)}}
  %0 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func private @dec(%x: tensor<f32>) -> tensor<i32> {
  %0 = "stablehlo.convert"(%x) : (tensor<f32>) -> tensor<i32>
  return %0 : tensor<i32>
}

func.func @composite_c4(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{stablehlo.composite (C4)}}
  %0 = "stablehlo.composite"(%a) {name = "my.op", decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
