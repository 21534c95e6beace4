func.func @main(%arg0: tensor<1x1xf8E8M0FNU>, %arg1: tensor<1x1xf8E8M0FNU>) -> tensor<1x1xf8E8M0FNU> {
  %0 = chlo.broadcast_maximum %arg0, %arg1 : (tensor<1x1xf8E8M0FNU>, tensor<1x1xf8E8M0FNU>) -> tensor<1x1xf8E8M0FNU>
  func.return %0 : tensor<1x1xf8E8M0FNU>
}
