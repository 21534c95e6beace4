// CHLO ops inside regions (reduce, map, sort comparator, while cond and
// body, a reduce nested in a while body) whose operands are the regions'
// block arguments, values of the enclosing function, or both. Every block
// argument is distinct in role, so a lowering that confused two of them
// (or a block argument with a function argument) changes the bits.
func.func @main(%x: tensor<4x3xf32>, %y: tensor<4x3xf32>, %z: tensor<3xf32>, %w: tensor<f32>) -> (tensor<4xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<3xf32>, tensor<f32>) {
  %init = stablehlo.constant dense<0.5> : tensor<f32>
  %r = "stablehlo.reduce"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = chlo.square %b : tensor<f32> -> tensor<f32>
    %t = chlo.broadcast_subtract %s, %a : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %m = "stablehlo.map"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %d = chlo.broadcast_subtract %b, %a : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %e = chlo.broadcast_divide %d, %a : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %f = chlo.broadcast_add %e, %w : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %f : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %s:2 = "stablehlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    %sa = chlo.square %a : tensor<f32> -> tensor<f32>
    %sd = chlo.square %d : tensor<f32> -> tensor<f32>
    %g = stablehlo.compare GT, %sa, %sd, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %g : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %c = chlo.square %z : tensor<3xf32> -> tensor<3xf32>
  %o:3 = stablehlo.while(%i = %zero, %acc = %z, %k = %w) : tensor<i32>, tensor<3xf32>, tensor<f32>
  cond {
    %three = stablehlo.constant dense<3> : tensor<i32>
    %kk = chlo.square %k : tensor<f32> -> tensor<f32>
    %big = stablehlo.constant dense<1.0e30> : tensor<f32>
    %small = chlo.broadcast_compare %kk, %big {comparison_direction = #chlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %more = stablehlo.compare LT, %i, %three, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %go = stablehlo.and %small, %more : tensor<i1>
    stablehlo.return %go : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    %n = chlo.broadcast_add %acc, %c : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %q = chlo.broadcast_multiply %n, %k : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    %t:2 = chlo.top_k(%q, k = 3) : tensor<3xf32> -> (tensor<3xf32>, tensor<3xi32>)
    %red = "stablehlo.reduce"(%t#0, %k) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %sb = chlo.square %b : tensor<f32> -> tensor<f32>
      %u = chlo.broadcast_subtract %a, %sb : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %v = chlo.broadcast_multiply %u, %k : (tensor<f32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %v : tensor<f32>
    }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %j, %t#0, %red : tensor<i32>, tensor<3xf32>, tensor<f32>
  }
  return %r, %m, %s#0, %s#1, %o#1, %o#2 : tensor<4xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<4x3xf32>, tensor<3xf32>, tensor<f32>
}
