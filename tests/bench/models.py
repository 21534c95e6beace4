#!/usr/bin/env python3
"""Write argument-free StableHLO model programs of architectures beside
those of ../shared/bench, for `bench.py --bench DIR`.

Usage (with a python that has jax):

    python tests/bench/models.py [--twins] DIR

With `--twins`, each f32 model is written twice more, as `NAME_bf16_twin`
and `NAME_f16_twin`: its weights and inputs made in bfloat16 or float16
(what the model computes from them follows their type; an explicit f32 in
the model stays f32), for comparing the narrow formats with their f32 twin.

Each program builds its weights and inputs inside the function from iota
and sine, as the shared bench programs do, so any executor runs it as it is
and no compiler can fold it to a constant. The set covers what the shared
set does not: a recurrent loop (LSTM over a scan), batch normalisation
(reductions over non-consecutive dimensions), strided and depthwise
convolutions with pooling windows, an embedding gather with a softmax
cross-entropy and its gradient (scatter-add), a transformer training step,
and the f16 and f8 formats; and a CNN training step (pooling gradients by
select_and_scatter, convolution gradients), dropout drawn by threefry
(unsigned integer arithmetic in a loop), a decoding loop with a key/value
cache in f32 and bf16 (dynamic_update_slice, argmax), nucleus sampling
(sort, a cumulative sum as a running reduce_window, argsort), batch
normalisation's gradient in NCHW, a transposed convolution with bilinear
resizing in f16 and f32, rotary attention in bf16 with f32 softmax, and a
mixture-of-experts router (top_k, one-hot combination); and a GRU over a
scan, an int8 matrix product accumulated in i32, a WaveNet-like stack of
dilated causal 1-D convolutions, a graph network (gathers and segment
sums), a Fourier layer (rfft, a complex einsum, irfft), a strided 3-D
convolution, and layer normalisation with GELU in bf16 and its f32 twin;
and a variational autoencoder (transposed convolutions, softplus), a
transformer with exact (erf) GELU and a log-sum-exp loss, a small U-Net in
f16 (pooling, upsampling by repetition, concatenation), a ranking loss
(argsort, take_along_axis, cumulative sums), an f16 CNN with batch
statistics and average pooling, int8 quantisation (round, clamp) with an
i32 product, linear attention (cumulative sums over a long axis), a scanned
RNN, and graph pooling by segment maxima (scatter with `max`); and a
diffusion sampler (a loop over a small denoiser), a depthwise-separable
convolution's gradient, f8 attention with f32 products, an f16 embedding
bag and its gradient (f16 scatter-add), a selective scan by
associative_scan, cumulative sums, maxima and products, max- and
average-pooling gradients, an f16 softmax cross-entropy, windowed attention
with a relative-position bias, a beam search (top_k and gathers in a
loop), layer normalisation's gradient, a point-cloud network (maxima over
points), k-means (argmin, segment sums in a loop), bilinear and cubic
resizing, an MLP-mixer, e5m2 and fnuz f8 products, argmax and extrema over
columns, special functions (erf_inv, lgamma, digamma), integer hashing,
sorts along either axis, gathers along axis 0, a sliding window by
dynamic_slice in a loop, a many-index einsum, log-sum-exp over columns,
reduce_precision, a grouped convolution's gradient, reversed and
log-space cumulative folds, an int8 product into i32, and a softmax over
graph segments.
"""
import os
import sys

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
from jax import lax


# The format the f32 models' weights and inputs take instead of f32 while
# their narrow twins are written (`--twins`); None otherwise.
TWIN = None


def filled(shape, dtype, scale=1.0, phase=0.0):
    """Deterministic values in [-scale, scale]: sine of a scaled iota."""
    n = 1
    for d in shape:
        n *= d
    if TWIN is not None and dtype == jnp.float32:
        dtype = TWIN
    x = lax.iota(jnp.float32, n) * 0.37 + phase
    return (jnp.sin(x) * scale).reshape(shape).astype(dtype)


def layer_norm(x, eps=1e-5):
    m = jnp.mean(x, axis=-1, keepdims=True)
    v = jnp.mean((x - m) ** 2, axis=-1, keepdims=True)
    return (x - m) * lax.rsqrt(v + eps)


def attention(x, wq, wk, wv, wo, heads, causal=True):
    s, d = x.shape
    hd = d // heads
    q = (x @ wq).reshape(s, heads, hd).transpose(1, 0, 2)
    k = (x @ wk).reshape(s, heads, hd).transpose(1, 0, 2)
    v = (x @ wv).reshape(s, heads, hd).transpose(1, 0, 2)
    a = jnp.einsum("hqd,hkd->hqk", q, k) / jnp.sqrt(jnp.asarray(hd, x.dtype))
    if causal:
        mask = jnp.tril(jnp.ones((s, s), bool))
        a = jnp.where(mask, a, jnp.asarray(-1e4, x.dtype))
    a = jax.nn.softmax(a, axis=-1)
    o = jnp.einsum("hqk,hkd->hqd", a, v).transpose(1, 0, 2).reshape(s, d)
    return o @ wo


def transformer_params(d, dtype):
    return dict(
        wq=filled((d, d), dtype, 0.1, 1.0),
        wk=filled((d, d), dtype, 0.1, 2.0),
        wv=filled((d, d), dtype, 0.1, 3.0),
        wo=filled((d, d), dtype, 0.1, 4.0),
        w1=filled((d, 4 * d), dtype, 0.1, 5.0),
        w2=filled((4 * d, d), dtype, 0.1, 6.0),
    )


def transformer_block(p, x, heads):
    h = x + attention(layer_norm(x), p["wq"], p["wk"], p["wv"], p["wo"], heads)
    return h + jax.nn.gelu(layer_norm(h) @ p["w1"]) @ p["w2"]


def transformer_block_f16():
    d = 128
    p = transformer_params(d, jnp.float16)
    return transformer_block(p, filled((64, d), jnp.float16, 1.0, 0.5), 4)


def transformer_train_step_f32():
    d = 64
    p = transformer_params(d, jnp.float32)
    x = filled((32, d), jnp.float32, 1.0, 0.5)
    target = filled((32, d), jnp.float32, 1.0, 0.25)

    def loss(p):
        return jnp.mean((transformer_block(p, x, 4) - target) ** 2)

    g = jax.grad(loss)(p)
    return jax.tree_util.tree_map(lambda w, gw: w - 0.01 * gw, p, g)["wq"]


def lstm_f32():
    batch, inp, hid, steps = 8, 64, 128, 32
    wx = filled((inp, 4 * hid), jnp.float32, 0.1, 1.0)
    wh = filled((hid, 4 * hid), jnp.float32, 0.1, 2.0)
    b = filled((4 * hid,), jnp.float32, 0.1, 3.0)
    xs = filled((steps, batch, inp), jnp.float32, 1.0, 4.0)

    def cell(carry, x):
        h, c = carry
        z = x @ wx + h @ wh + b
        i, f, g, o = jnp.split(z, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        h = jax.nn.sigmoid(o) * jnp.tanh(c)
        return (h, c), h

    zeros = jnp.zeros((batch, hid), jnp.float32)
    (h, _), hs = lax.scan(cell, (zeros, zeros), xs)
    return h, hs.mean(axis=0)


def batch_norm(x, eps=1e-5):
    m = x.mean(axis=(0, 1, 2), keepdims=True)
    v = ((x - m) ** 2).mean(axis=(0, 1, 2), keepdims=True)
    return (x - m) * lax.rsqrt(v + eps)


def conv(x, w, stride=1, groups=1):
    return lax.conv_general_dilated(
        x,
        w,
        (stride, stride),
        "SAME",
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
        feature_group_count=groups,
    )


def resnet_block_f32():
    x = filled((4, 16, 16, 32), jnp.float32, 1.0, 0.5)
    w1 = filled((3, 3, 32, 32), jnp.float32, 0.1, 1.0)
    w2 = filled((3, 3, 32, 32), jnp.float32, 0.1, 2.0)
    wd = filled((3, 3, 32, 64), jnp.float32, 0.1, 3.0)
    h = jax.nn.relu(batch_norm(conv(x, w1)))
    h = jax.nn.relu(batch_norm(conv(h, w2)) + x)
    h = jax.nn.relu(batch_norm(conv(h, wd, stride=2)))
    pooled = lax.reduce_window(h, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4.0
    return pooled.mean(axis=(1, 2))


def mobilenet_block_f32():
    x = filled((2, 32, 32, 32), jnp.float32, 1.0, 0.5)
    wdw = filled((3, 3, 1, 32), jnp.float32, 0.2, 1.0)
    wpw = filled((1, 1, 32, 64), jnp.float32, 0.2, 2.0)
    h = jnp.clip(conv(x, wdw, groups=32), 0.0, 6.0)
    h = jnp.clip(conv(h, wpw), 0.0, 6.0)
    h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME")
    return h.mean(axis=(1, 2))


def embedding_classifier_train_f32():
    vocab, d, seq, classes = 1000, 64, 128, 10
    table = filled((vocab, d), jnp.float32, 0.1, 1.0)
    w = filled((d, classes), jnp.float32, 0.1, 2.0)
    tokens = (lax.iota(jnp.int32, seq) * 7919) % vocab
    label = 3

    def loss(table, w):
        e = table[tokens]
        h = layer_norm(e).mean(axis=0)
        logits = h @ w
        return -jax.nn.log_softmax(logits)[label]

    gt, gw = jax.grad(loss, argnums=(0, 1))(table, w)
    return table - 0.1 * gt, w - 0.1 * gw


def vit_patch_f16():
    img = filled((2, 32, 32, 3), jnp.float16, 1.0, 0.5)
    wp = filled((4, 4, 3, 64), jnp.float16, 0.2, 1.0)
    w1 = filled((64, 256), jnp.float16, 0.1, 2.0)
    w2 = filled((256, 64), jnp.float16, 0.1, 3.0)
    patches = lax.conv_general_dilated(
        img, wp, (4, 4), "VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")
    ).reshape(2, 64, 64)
    h = layer_norm(patches)
    h = h + jax.nn.gelu(h @ w1, approximate=False) @ w2
    return h.mean(axis=1)


def mlp_train_step_f16():
    x = filled((64, 256), jnp.float16, 1.0, 0.5)
    ws = [
        filled((256, 256), jnp.float16, 0.05, 1.0),
        filled((256, 256), jnp.float16, 0.05, 2.0),
        filled((256, 10), jnp.float16, 0.05, 3.0),
    ]
    labels = jax.nn.one_hot(lax.iota(jnp.int32, 64) % 10, 10, dtype=jnp.float16)

    def loss(ws):
        h = x
        for w in ws[:-1]:
            h = jnp.tanh(h @ w)
        logits = h @ ws[-1]
        return -(labels * jax.nn.log_softmax(logits)).sum(axis=-1).mean()

    g = jax.grad(loss)(ws)
    return [w - jnp.asarray(0.1, jnp.float16) * gw for w, gw in zip(ws, g)]


def mlp_f8():
    f8 = jnp.float8_e4m3fn
    x = filled((64, 256), f8, 1.0, 0.5)
    w1 = filled((256, 256), f8, 0.1, 1.0)
    w2 = filled((256, 64), f8, 0.1, 2.0)
    h = lax.dot(x, w1, preferred_element_type=jnp.float32)
    h = jax.nn.relu(h).astype(f8)
    out = lax.dot(h, w2, preferred_element_type=jnp.float32)
    return out, (h.astype(jnp.float32) * 0.5).astype(jnp.float8_e5m2)


def top_k_f32():
    scores = filled((64, 1024), jnp.float32, 1.0, 0.5)
    values, indices = lax.top_k(scores, 8)
    best = jnp.argmax(scores, axis=-1)
    return values, indices, best


def pool_max(h):
    return lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def cnn_train_step_f32():
    x = filled((8, 28, 28, 1), jnp.float32, 1.0, 0.5)
    w1 = filled((3, 3, 1, 16), jnp.float32, 0.2, 1.0)
    w2 = filled((3, 3, 16, 32), jnp.float32, 0.1, 2.0)
    wd = filled((7 * 7 * 32, 10), jnp.float32, 0.05, 3.0)
    labels = jax.nn.one_hot(lax.iota(jnp.int32, 8) % 10, 10)

    def loss(p):
        w1, w2, wd = p
        h = pool_max(jax.nn.relu(conv(x, w1)))
        h = pool_max(jax.nn.relu(conv(h, w2)))
        logits = h.reshape(8, -1) @ wd
        return -(labels * jax.nn.log_softmax(logits)).sum(-1).mean()

    g = jax.grad(loss)((w1, w2, wd))
    return [w - 0.1 * gw for w, gw in zip((w1, w2, wd), g)]


def dropout_mlp_f32():
    x = filled((128, 256), jnp.float32, 1.0, 0.5)
    w1 = filled((256, 512), jnp.float32, 0.05, 1.0)
    w2 = filled((512, 10), jnp.float32, 0.05, 2.0)
    h = jax.nn.relu(x @ w1)
    keep = jax.random.bernoulli(jax.random.PRNGKey(0), 0.9, h.shape)
    return jnp.where(keep, h / 0.9, 0.0) @ w2


def decode_loop(dtype):
    d, steps = 64, 32
    wq, wk, wv, wo = (filled((d, d), dtype, 0.1, p) for p in (1.0, 2.0, 3.0, 4.0))
    emb = filled((100, d), dtype, 1.0, 5.0)

    def body(i, st):
        kc, vc, tok, out = st
        x = emb[tok]
        kc = lax.dynamic_update_slice(kc, (x @ wk)[None], (i, 0))
        vc = lax.dynamic_update_slice(vc, (x @ wv)[None], (i, 0))
        s = (kc @ (x @ wq)).astype(jnp.float32) / 8.0
        s = jnp.where(jnp.arange(steps) <= i, s, -1e9)
        o = (jax.nn.softmax(s).astype(dtype) @ vc) @ wo
        tok = jnp.argmax((o @ emb.T).astype(jnp.float32)).astype(jnp.int32)
        return kc, vc, tok, out.at[i].set(tok)

    zeros = jnp.zeros((steps, d), dtype)
    init = (zeros, zeros, jnp.int32(7), jnp.zeros((steps,), jnp.int32))
    return lax.fori_loop(0, steps, body, init)[3]


def decode_loop_f32():
    return decode_loop(jnp.float32)


def decode_loop_bf16():
    return decode_loop(jnp.bfloat16)


def sampling_f32():
    p = jax.nn.softmax(filled((8, 1024), jnp.float32, 3.0, 0.5), -1)
    c = jnp.cumsum(jnp.sort(p, axis=-1)[:, ::-1], axis=-1)
    return jnp.sum(c < 0.9, axis=-1), jnp.argsort(-p, axis=-1)[:, :4]


def batchnorm_nchw_train_f32():
    x = filled((16, 32, 16, 16), jnp.float32, 1.0, 0.5)
    g = filled((32,), jnp.float32, 1.0, 1.0)

    def loss(x, g):
        m = x.mean(axis=(0, 2, 3), keepdims=True)
        v = ((x - m) ** 2).mean(axis=(0, 2, 3), keepdims=True)
        y = (x - m) * lax.rsqrt(v + 1e-5) * g[None, :, None, None]
        return (y * y).mean()

    return jax.grad(loss, argnums=(0, 1))(x, g)


def upsample(dtype):
    x = filled((2, 16, 16, 32), dtype, 1.0, 0.5)
    w = filled((4, 4, 16, 32), dtype, 0.1, 1.0)
    y = lax.conv_transpose(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWOI", "NHWC"))
    return jax.image.resize(y, (2, 64, 64, 16), "bilinear").mean(axis=(1, 2))


def upsample_f16():
    return upsample(jnp.float16)


def upsample_f32():
    return upsample(jnp.float32)


def rope_attention_bf16():
    s, d, heads = 128, 128, 4
    hd = d // heads
    x = filled((s, d), jnp.bfloat16, 1.0, 0.5)
    wq, wk, wv = (filled((d, d), jnp.bfloat16, 0.1, p) for p in (1.0, 2.0, 3.0))
    pos = jnp.arange(s, dtype=jnp.float32)[:, None]
    ang = pos / (10000 ** (jnp.arange(0, hd, 2, dtype=jnp.float32) / hd))
    cos, sin = jnp.cos(ang)[:, None, :], jnp.sin(ang)[:, None, :]

    def rope(t):
        t = t.reshape(s, heads, hd).astype(jnp.float32)
        a, b = t[..., ::2], t[..., 1::2]
        return jnp.concatenate([a * cos - b * sin, a * sin + b * cos], -1).astype(jnp.bfloat16)

    q, k = rope(x @ wq), rope(x @ wk)
    v = (x @ wv).reshape(s, heads, hd)
    a = jnp.einsum("qhd,khd->hqk", q, k, preferred_element_type=jnp.float32) / jnp.sqrt(hd)
    a = jax.nn.softmax(a, -1).astype(jnp.bfloat16)
    return jnp.einsum("hqk,khd->qhd", a, v).reshape(s, d)


def moe_router_f32():
    x = filled((256, 64), jnp.float32, 1.0, 0.5)
    wr = filled((64, 8), jnp.float32, 0.2, 1.0)
    we = filled((8, 64, 64), jnp.float32, 0.1, 2.0)
    vals, idx = lax.top_k(jax.nn.softmax(x @ wr, -1), 2)
    comb = (jax.nn.one_hot(idx, 8) * vals[..., None]).sum(1)
    return jnp.einsum("tef,te->tf", jnp.einsum("td,edf->tef", x, we), comb)


def gru_f32():
    b, d, t = 16, 128, 24
    xs = filled((t, b, d), jnp.float32, 1.0, 0.5)
    wz, wr, wh = (filled((2 * d, d), jnp.float32, 0.1, p) for p in (1.0, 2.0, 3.0))

    def step(h, x):
        hx = jnp.concatenate([h, x], -1)
        z = jax.nn.sigmoid(hx @ wz)
        r = jax.nn.sigmoid(hx @ wr)
        hh = jnp.tanh(jnp.concatenate([r * h, x], -1) @ wh)
        h = (1 - z) * h + z * hh
        return h, h.sum(-1)
    return lax.scan(step, jnp.zeros((b, d), jnp.float32), xs)[1]


def int8_matmul_f32():
    x = filled((128, 256), jnp.float32, 1.0, 0.5)
    w = filled((256, 256), jnp.float32, 0.2, 1.0)
    sx = jnp.max(jnp.abs(x)) / 127
    sw = jnp.max(jnp.abs(w), 0) / 127
    qx = jnp.round(x / sx).astype(jnp.int8)
    qw = jnp.round(w / sw).astype(jnp.int8)
    acc = lax.dot(qx, qw, preferred_element_type=jnp.int32)
    return jax.nn.relu(acc.astype(jnp.float32) * sx * sw)


def wavenet_f32():
    x = filled((4, 1024, 32), jnp.float32, 1.0, 0.5)
    h = x
    for i, dil in enumerate((1, 2, 4, 8)):
        w = filled((2, 32, 64), jnp.float32, 0.1, 1.0 + i)
        y = lax.conv_general_dilated(
            h, w, (1,), [(dil, 0)], rhs_dilation=(dil,), dimension_numbers=("NWC", "WIO", "NWC")
        )
        a, g = jnp.split(y, 2, -1)
        h = h + jnp.tanh(a) * jax.nn.sigmoid(g)
    return h.mean(1)


def gnn_f32():
    n, e, d = 1024, 8192, 64
    x = filled((n, d), jnp.float32, 1.0, 0.5)
    src = (jnp.arange(e) * 37) % n
    dst = (jnp.arange(e) * 101 + 7) % n
    w = filled((d, d), jnp.float32, 0.1, 1.0)
    for _ in range(2):
        m = x[src] @ w
        agg = jax.ops.segment_sum(m, dst, n)
        deg = jax.ops.segment_sum(jnp.ones(e), dst, n)
        x = jax.nn.relu(agg / jnp.maximum(deg, 1)[:, None] + x)
    return x.sum(0)


def fno_f32():
    x = filled((8, 256, 32), jnp.float32, 1.0, 0.5)
    wr = filled((16, 32, 32), jnp.float32, 0.1, 1.0)
    wi = filled((16, 32, 32), jnp.float32, 0.1, 2.0)
    f = jnp.fft.rfft(x, axis=1)[:, :16]
    y = jnp.einsum("bmi,mio->bmo", f, (wr + 1j * wi).astype(jnp.complex64))
    full = jnp.zeros((8, 129, 32), jnp.complex64).at[:, :16].set(y)
    return jnp.fft.irfft(full, n=256, axis=1).mean(1)


def conv3d_f32():
    x = filled((2, 8, 16, 16, 8), jnp.float32, 1.0, 0.5)
    w = filled((3, 3, 3, 8, 16), jnp.float32, 0.1, 1.0)
    y = lax.conv_general_dilated(
        x, w, (1, 2, 2), "SAME", dimension_numbers=("NDHWC", "DHWIO", "NDHWC")
    )
    return jax.nn.relu(y).mean((1, 2, 3))


def layernorm_gelu(dtype):
    x = filled((512, 768), dtype, 1.0, 0.5)
    w = filled((768, 768), dtype, 0.05, 1.0)
    h = layer_norm(x) @ w
    return jax.nn.gelu(h).astype(jnp.float32).mean(0)


def layernorm_gelu_bf16():
    return layernorm_gelu(jnp.bfloat16)


def layernorm_gelu_f32():
    return layernorm_gelu(jnp.float32)


def vae_f32():
    x = jax.nn.sigmoid(filled((8, 28, 28, 1), jnp.float32, 2.0))
    w1 = filled((3, 3, 1, 16), jnp.float32, 0.3, 0.1)
    w2 = filled((3, 3, 16, 32), jnp.float32, 0.1, 0.2)
    h = jax.nn.relu(conv(x, w1, 2))
    h = jax.nn.relu(conv(h, w2, 2))
    h = h.reshape(8, -1)
    wm = filled((h.shape[1], 16), jnp.float32, 0.02, 0.3)
    wl = filled((h.shape[1], 16), jnp.float32, 0.02, 0.4)
    mu = h @ wm
    lv = h @ wl
    eps = filled((8, 16), jnp.float32, 1.0, 0.7)
    z = mu + jnp.exp(0.5 * lv) * eps
    wd = filled((16, 7 * 7 * 32), jnp.float32, 0.1, 0.5)
    d = jax.nn.relu(z @ wd).reshape(8, 7, 7, 32)
    k1 = filled((3, 3, 32, 16), jnp.float32, 0.1, 0.6)
    k2 = filled((3, 3, 16, 1), jnp.float32, 0.1, 0.8)
    d = jax.nn.relu(lax.conv_transpose(d, k1, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")))
    logits = lax.conv_transpose(d, k2, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    bce = jnp.sum(jax.nn.softplus(logits) - x * logits)
    kl = -0.5 * jnp.sum(1 + lv - mu ** 2 - jnp.exp(lv))
    return (bce + kl) / 8


def gpt_erf_f32():
    s, d, v = 64, 128, 512
    x = filled((s, d), jnp.float32, 1.0)
    ws = [filled((d, d), jnp.float32, 0.08, p) for p in (0.1, 0.2, 0.3, 0.4)]
    h = x + attention(layer_norm(x), *ws, heads=4)
    w1 = filled((d, 4 * d), jnp.float32, 0.05, 0.5)
    w2 = filled((4 * d, d), jnp.float32, 0.05, 0.6)
    h = h + jax.nn.gelu(layer_norm(h) @ w1, approximate=False) @ w2
    wv = filled((d, v), jnp.float32, 0.05, 0.7)
    logits = layer_norm(h) @ wv
    tgt = (lax.iota(jnp.int32, s) * 7) % v
    lse = jax.nn.logsumexp(logits, axis=-1)
    return jnp.mean(lse - jnp.sum(jax.nn.one_hot(tgt, v) * logits, -1))


def unet_f16():
    x = filled((2, 32, 32, 8), jnp.float16, 1.0)
    a = filled((3, 3, 8, 16), jnp.float16, 0.2, 0.1)
    b = filled((3, 3, 16, 32), jnp.float16, 0.1, 0.2)
    c = filled((3, 3, 48, 16), jnp.float16, 0.1, 0.3)
    o = filled((1, 1, 16, 4), jnp.float16, 0.2, 0.4)
    h1 = jax.nn.relu(conv(x, a))
    p = lax.reduce_window(h1, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    h2 = jax.nn.relu(conv(p, b))
    up = jnp.repeat(jnp.repeat(h2, 2, 1), 2, 2)
    h3 = jax.nn.relu(conv(jnp.concatenate([up, h1], -1), c))
    return conv(h3, o).astype(jnp.float32).mean((0, 1, 2))


def ranking_f32():
    s = filled((64, 256), jnp.float32, 3.0)
    order = jnp.argsort(-s, axis=-1)
    rel = jnp.take_along_axis(filled((64, 256), jnp.float32, 1.0, 0.5), order, -1)
    disc = 1.0 / jnp.log2(jnp.arange(2, 258, dtype=jnp.float32))
    dcg = jnp.sum(jnp.maximum(rel, 0) * disc, -1)
    return jnp.mean(dcg) + jnp.mean(jnp.cumsum(jax.nn.softmax(s, -1), -1))


def cnn_f16_bn():
    x = filled((4, 32, 32, 16), jnp.float16, 1.0)
    w = filled((3, 3, 16, 32), jnp.float16, 0.1, 0.2)
    h = conv(x, w)
    m = h.mean((0, 1, 2))
    v = ((h - m) ** 2).mean((0, 1, 2))
    h = jax.nn.relu((h - m) * lax.rsqrt(v + 1e-3))
    h = lax.reduce_window(h, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") / 4
    wf = filled((32, 10), jnp.float16, 0.1, 0.3)
    return jax.nn.log_softmax(h.mean((1, 2)) @ wf).astype(jnp.float32)


def quant_mlp_f32():
    x = filled((128, 256), jnp.float32, 1.0)
    w = filled((256, 256), jnp.float32, 0.1, 0.2)
    def q(t):
        s = jnp.max(jnp.abs(t)) / 127
        return jnp.clip(jnp.round(t / s), -127, 127).astype(jnp.int8), s
    qx, sx = q(x)
    qw, sw = q(w)
    acc = lax.dot(qx, qw, preferred_element_type=jnp.int32)
    y = acc.astype(jnp.float32) * sx * sw
    return jnp.tanh(y).mean(0)


def linear_attn_f32():
    s, d = 256, 64
    q = jax.nn.elu(filled((s, d), jnp.float32, 1.0)) + 1
    k = jax.nn.elu(filled((s, d), jnp.float32, 1.0, 0.3)) + 1
    v = filled((s, d), jnp.float32, 1.0, 0.6)
    kv = jnp.cumsum(k[:, :, None] * v[:, None, :], 0)
    z = jnp.cumsum(k, 0)
    num = jnp.einsum("sd,sde->se", q, kv)
    return (num / jnp.sum(q * z, -1, keepdims=True)).mean(0)


def scan_rnn_f32():
    w = filled((128, 128), jnp.float32, 0.09, 0.1)
    u = filled((128, 128), jnp.float32, 0.09, 0.2)
    xs = filled((64, 16, 128), jnp.float32, 1.0, 0.3)
    def step(h, x):
        h = jnp.tanh(h @ w + x @ u)
        return h, h.sum()
    h, ys = lax.scan(step, jnp.zeros((16, 128), jnp.float32), xs)
    return h.mean(0) + ys.mean()


def segment_max_f32():
    n, e, f = 512, 4096, 32
    x = filled((n, f), jnp.float32, 1.0)
    src = (lax.iota(jnp.int32, e) * 37) % n
    dst = (lax.iota(jnp.int32, e) * 11 + 3) % n
    msg = x[src] * filled((e, 1), jnp.float32, 1.0, 0.4)
    agg = jax.ops.segment_max(msg, dst, n)
    agg = jnp.where(jnp.isfinite(agg), agg, 0)
    return jax.nn.relu(agg @ filled((f, f), jnp.float32, 0.2, 0.9)).mean(0)



def diffusion_sampler_f32():
    d = 64
    w1 = filled((d + 16, 128), jnp.float32, 0.1, 1.0)
    w2 = filled((128, d), jnp.float32, 0.1, 2.0)
    x0 = filled((16, d), jnp.float32, 1.0, 0.3)
    def body(i, x):
        t = (20 - i).astype(jnp.float32) / 20.0
        freqs = jnp.exp(-jnp.arange(8, dtype=jnp.float32))
        emb = jnp.concatenate([jnp.sin(t * freqs), jnp.cos(t * freqs)])
        h = jnp.concatenate([x, jnp.broadcast_to(emb, (16, 16)).astype(x.dtype)], -1)
        eps = jax.nn.silu(h @ w1) @ w2
        return x - 0.05 * eps + 0.01 * jnp.tanh(x)
    return lax.fori_loop(0, 20, body, x0)

def depthwise_train_f32():
    x = filled((4, 32, 32, 32), jnp.float32, 1.0, 0.5)
    wd = filled((3, 3, 1, 32), jnp.float32, 0.3, 1.0)
    wp = filled((1, 1, 32, 64), jnp.float32, 0.1, 2.0)
    def loss(p):
        wd, wp = p
        h = jax.nn.relu6(conv(x, wd, groups=32))
        h = conv(h, wp)
        return (h * h).mean()
    return jax.grad(loss)((wd, wp))

def attention_f8():
    q = filled((4, 128, 64), jnp.float32, 1.0, 0.1).astype(jnp.float8_e4m3fn)
    k = filled((4, 128, 64), jnp.float32, 1.0, 0.2).astype(jnp.float8_e4m3fn)
    v = filled((4, 128, 64), jnp.float32, 1.0, 0.3).astype(jnp.float8_e4m3fn)
    s = jnp.einsum("bqd,bkd->bqk", q, k, preferred_element_type=jnp.float32) / 8.0
    p = jax.nn.softmax(s, -1).astype(jnp.float8_e4m3fn)
    return jnp.einsum("bqk,bkd->bqd", p, v, preferred_element_type=jnp.float32)

def embedding_bag_f16():
    n, d, bags = 1000, 64, 256
    table = filled((n, d), jnp.float16, 0.5, 0.1)
    idx = (lax.iota(jnp.int32, bags * 8) * 37) % n
    seg = lax.iota(jnp.int32, bags * 8) // 8
    def loss(table):
        e = jax.ops.segment_sum(table[idx], seg, bags)
        return (e.astype(jnp.float32) ** 2).mean()
    return jax.grad(loss)(table)

def ssm_scan_f32():
    L, d = 256, 64
    a = jax.nn.sigmoid(filled((L, d), jnp.float32, 2.0, 0.1))
    b = filled((L, d), jnp.float32, 1.0, 0.2)
    def comb(x, y):
        return (x[0] * y[0], y[0] * x[1] + y[1])
    _, h = lax.associative_scan(comb, (a, b))
    return h @ filled((d, d), jnp.float32, 0.1, 0.3)

def cumulative_f32():
    x = filled((64, 512), jnp.float32, 1.0, 0.5)
    return jnp.cumsum(x, axis=1), lax.cummax(x, axis=1), jnp.cumprod(1 + 0.01 * x, axis=0)

def maxpool_grad_f32():
    x = filled((8, 32, 32, 16), jnp.float32, 1.0, 0.5)
    return jax.grad(lambda x: (pool_max(x) ** 2).sum())(x)

def softmax_xent_f16():
    logits = filled((256, 1000), jnp.float16, 4.0, 0.5)
    labels = (lax.iota(jnp.int32, 256) * 7) % 1000
    lp = jax.nn.log_softmax(logits, -1)
    nll = -jnp.take_along_axis(lp, labels[:, None], 1).mean()
    return nll, jnp.argmax(logits, -1)

def window_attention_f32():
    B, H, W, C, ws = 2, 16, 16, 32, 4
    x = filled((B, H, W, C), jnp.float32, 1.0, 0.5)
    wqkv = filled((C, 3 * C), jnp.float32, 0.1, 1.0)
    bias_table = filled(((2 * ws - 1) ** 2, 2), jnp.float32, 0.5, 2.0)
    coords = jnp.stack(jnp.meshgrid(jnp.arange(ws), jnp.arange(ws), indexing="ij")).reshape(2, -1)
    rel = coords[:, :, None] - coords[:, None, :] + ws - 1
    rel_idx = rel[0] * (2 * ws - 1) + rel[1]
    bias = bias_table[rel_idx].transpose(2, 0, 1)
    xw = x.reshape(B, H // ws, ws, W // ws, ws, C).transpose(0, 1, 3, 2, 4, 5).reshape(-1, ws * ws, C)
    qkv = (xw @ wqkv).reshape(-1, ws * ws, 3, 2, C // 2).transpose(2, 0, 3, 1, 4)
    q, k, v = qkv[0], qkv[1], qkv[2]
    a = jax.nn.softmax(q @ k.transpose(0, 1, 3, 2) / 4.0 + bias[None], -1)
    o = (a @ v).transpose(0, 2, 1, 3).reshape(-1, ws * ws, C)
    return o.reshape(B, H // ws, W // ws, ws, ws, C).transpose(0, 1, 3, 2, 4, 5).reshape(B, H, W, C)

def beam_search_f32():
    V, beams, steps = 512, 4, 12
    emb = filled((V, 32), jnp.float32, 1.0, 0.3)
    wo = filled((32, V), jnp.float32, 0.3, 0.7)
    def body(i, st):
        scores, toks, hist = st
        h = jnp.tanh(emb[toks])
        lp = jax.nn.log_softmax(h @ wo, -1) + scores[:, None]
        best, flat = lax.top_k(lp.reshape(-1), beams)
        toks = (flat % V).astype(jnp.int32)
        hist = hist[flat // V].at[:, i].set(toks)
        return best, toks, hist
    init = (jnp.zeros(beams), jnp.arange(beams, dtype=jnp.int32), jnp.zeros((beams, steps), jnp.int32))
    return lax.fori_loop(0, steps, body, init)

def layernorm_train_f32():
    x = filled((256, 512), jnp.float32, 1.0, 0.5)
    g = filled((512,), jnp.float32, 1.0, 1.0)
    w = filled((512, 512), jnp.float32, 0.05, 2.0)
    def loss(p):
        g, w = p
        return ((layer_norm(x) * g) @ w).var()
    return jax.grad(loss)((g, w))

def pointnet_f32():
    pts = filled((8, 1024, 3), jnp.float32, 1.0, 0.5)
    w1 = filled((3, 64), jnp.float32, 0.5, 1.0)
    w2 = filled((64, 256), jnp.float32, 0.1, 2.0)
    w3 = filled((256, 10), jnp.float32, 0.1, 3.0)
    h = jax.nn.relu(jax.nn.relu(pts @ w1) @ w2)
    return jax.nn.log_softmax(h.max(axis=1) @ w3)

def kmeans_f32():
    x = filled((2048, 8), jnp.float32, 1.0, 0.5)
    c0 = x[:16]
    def body(i, c):
        d = ((x[:, None, :] - c[None]) ** 2).sum(-1)
        a = jnp.argmin(d, -1)
        s = jax.ops.segment_sum(x, a, 16)
        n = jax.ops.segment_sum(jnp.ones(2048), a, 16)
        return jnp.where(n[:, None] > 0, s / jnp.maximum(n, 1)[:, None], c)
    return lax.fori_loop(0, 8, body, c0)

def resize_f32():
    x = filled((2, 32, 32, 16), jnp.float32, 1.0, 0.5)
    return jax.image.resize(x, (2, 64, 64, 16), "bilinear"), jax.image.resize(x, (2, 24, 24, 16), "cubic")

def mixer_f32():
    x = filled((8, 64, 128), jnp.float32, 1.0, 0.5)
    wt = filled((64, 64), jnp.float32, 0.1, 1.0)
    wc = filled((128, 128), jnp.float32, 0.1, 2.0)
    y = x + jnp.einsum("bpc,pq->bqc", jax.nn.gelu(layer_norm(x)), wt)
    return y + jax.nn.gelu(layer_norm(y)) @ wc

def mlp_e5m2():
    x = filled((64, 256), jnp.float32, 1.0, 0.5).astype(jnp.float8_e5m2)
    w = filled((256, 256), jnp.float32, 0.1, 1.0).astype(jnp.float8_e5m2)
    h = jnp.dot(x, w, preferred_element_type=jnp.float32)
    return jax.nn.relu(h).astype(jnp.float8_e5m2)


def avgpool_grad_f32():
    x = filled((8, 32, 32, 16), jnp.float32, 1.0, 0.5)
    def f(x):
        y = lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME") / 9.0
        return (y ** 2).sum()
    return jax.grad(f)(x)

def argmax_axis0_f32():
    x = filled((512, 256), jnp.float32, 1.0, 0.5)
    return jnp.argmax(x, axis=0), jnp.argmin(x, axis=0), jnp.max(x, axis=0), jnp.min(x, axis=1)

def special_fns_f32():
    x = filled((256, 256), jnp.float32, 0.9, 0.5)
    return (jss.erfinv(x), jss.gammaln(x + 2.0), jss.digamma(x + 2.0), jnp.round(x * 10), jnp.floor(x * 7), jnp.sign(x), jnp.clip(x, -0.5, 0.5))

def hashing_u32():
    i = lax.iota(jnp.uint32, 65536)
    h = i * jnp.uint32(2654435761)
    h = h ^ (h >> 16)
    h = h * jnp.uint32(0x85EBCA6B)
    h = h ^ (h >> 13)
    return h % jnp.uint32(1000), (h.astype(jnp.int32) // 7), jnp.bitwise_and(h, 255)

def sort2d_f32():
    x = filled((1024, 64), jnp.float32, 1.0, 0.5)
    return jnp.sort(x, axis=0), jnp.argsort(x, axis=1), lax.top_k(x.T, 16)[0]

def gather_axis0_f32():
    x = filled((4096, 64), jnp.float32, 1.0, 0.5)
    idx = (lax.iota(jnp.int32, 2048 * 64) * 131 % 4096).reshape(2048, 64)
    return jnp.take_along_axis(x, idx, axis=0), x[::-3, 5:60:2]

def sliding_window_f32():
    x = filled((4096,), jnp.float32, 1.0, 0.5)
    def body(i, acc):
        w = lax.dynamic_slice(x, (i * 16,), (64,))
        return acc + jnp.exp(w - w.max()) / 64.0
    return lax.fori_loop(0, 200, body, jnp.zeros(64))

def einsum_multi_f32():
    a = filled((8, 16, 32, 24), jnp.float32, 0.3, 0.5)
    b = filled((16, 24, 8, 40), jnp.float32, 0.3, 1.5)
    return jnp.einsum("bhkd,hdbn->hkn", a, b)

def logsumexp_axis0_f32():
    x = filled((2048, 512), jnp.float32, 4.0, 0.5)
    return jax.nn.logsumexp(x, axis=0), jax.nn.softmax(x, axis=0)[:4]

def fnuz_mlp():
    x = filled((64, 128), jnp.float32, 1.0, 0.5).astype(jnp.float8_e4m3fnuz)
    w = filled((128, 128), jnp.float32, 0.1, 1.0).astype(jnp.float8_e5m2fnuz)
    h = jnp.dot(x.astype(jnp.float32), w.astype(jnp.float32))
    return jax.nn.gelu(h).astype(jnp.float8_e4m3fnuz), h.astype(jnp.float8_e4m3b11fnuz)

def reduce_precision_f32():
    x = filled((512, 512), jnp.float32, 100.0, 0.5)
    y = lax.reduce_precision(x, exponent_bits=5, mantissa_bits=10)
    z = lax.reduce_precision(x * 0.01, exponent_bits=8, mantissa_bits=7)
    return y @ z

def grouped_conv_train_f32():
    x = filled((4, 16, 16, 64), jnp.float32, 1.0, 0.5)
    w = filled((3, 3, 16, 64), jnp.float32, 0.1, 1.0)
    def loss(w):
        y = lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=4)
        return (y * y).mean()
    return jax.grad(loss)(w)

def cumsum_reverse_f32():
    x = filled((128, 1024), jnp.float32, 1.0, 0.5)
    return jnp.cumsum(x[:, ::-1], axis=1)[:, ::-1], lax.cumlogsumexp(x, axis=1), lax.cummin(x, axis=0)

def int_matmul_i8():
    a = (lax.iota(jnp.int32, 256 * 512).reshape(256, 512) % 251 - 125).astype(jnp.int8)
    b = (lax.iota(jnp.int32, 512 * 256).reshape(512, 256) % 241 - 120).astype(jnp.int8)
    return lax.dot(a, b, preferred_element_type=jnp.int32)

def segment_softmax_f32():
    n, e = 1024, 8192
    logits = filled((e,), jnp.float32, 3.0, 0.2)
    seg = (lax.iota(jnp.int32, e) * 7) % n
    m = jax.ops.segment_max(logits, seg, n)
    ex = jnp.exp(logits - m[seg])
    s = jax.ops.segment_sum(ex, seg, n)
    return ex / s[seg]

MODELS = [
    transformer_block_f16,
    transformer_train_step_f32,
    lstm_f32,
    resnet_block_f32,
    mobilenet_block_f32,
    embedding_classifier_train_f32,
    vit_patch_f16,
    mlp_train_step_f16,
    mlp_f8,
    top_k_f32,
    cnn_train_step_f32,
    dropout_mlp_f32,
    decode_loop_f32,
    decode_loop_bf16,
    sampling_f32,
    batchnorm_nchw_train_f32,
    upsample_f16,
    upsample_f32,
    rope_attention_bf16,
    moe_router_f32,
    gru_f32,
    int8_matmul_f32,
    wavenet_f32,
    gnn_f32,
    fno_f32,
    conv3d_f32,
    layernorm_gelu_bf16,
    layernorm_gelu_f32,
    vae_f32,
    gpt_erf_f32,
    unet_f16,
    ranking_f32,
    cnn_f16_bn,
    quant_mlp_f32,
    linear_attn_f32,
    scan_rnn_f32,
    segment_max_f32,
    diffusion_sampler_f32,
    depthwise_train_f32,
    attention_f8,
    embedding_bag_f16,
    ssm_scan_f32,
    cumulative_f32,
    maxpool_grad_f32,
    softmax_xent_f16,
    window_attention_f32,
    beam_search_f32,
    layernorm_train_f32,
    pointnet_f32,
    kmeans_f32,
    resize_f32,
    mixer_f32,
    mlp_e5m2,
    avgpool_grad_f32,
    argmax_axis0_f32,
    special_fns_f32,
    hashing_u32,
    sort2d_f32,
    gather_axis0_f32,
    sliding_window_f32,
    einsum_multi_f32,
    logsumexp_axis0_f32,
    fnuz_mlp,
    reduce_precision_f32,
    grouped_conv_train_f32,
    cumsum_reverse_f32,
    int_matmul_i8,
    segment_softmax_f32,
]


def write(out, name, model):
    text = jax.jit(model).lower().as_text()
    with open(os.path.join(out, name + ".mlir"), "w") as f:
        f.write(text)
    print(name, len(text))


def main(argv):
    global TWIN
    twins = "--twins" in argv[1:]
    args = [a for a in argv[1:] if a != "--twins"]
    if len(args) != 1:
        print("usage: models.py [--twins] DIR", file=sys.stderr)
        return 2
    out = args[0]
    os.makedirs(out, exist_ok=True)
    for model in MODELS:
        write(out, model.__name__, model)
    if twins:
        for twin, suffix in [(jnp.bfloat16, "_bf16_twin"), (jnp.float16, "_f16_twin")]:
            TWIN = twin
            # jax keeps what it traced per function: trace them again.
            jax.clear_caches()
            for model in MODELS:
                name = model.__name__
                if not name.endswith("_f32"):
                    continue
                name = name[: -len("_f32")] + suffix
                try:
                    write(out, name, model)
                except (TypeError, ValueError) as e:
                    # A model that mixes its own f32 with the twin's type
                    # where jax wants one type.
                    print(name, "not written:", str(e).splitlines()[0])
        TWIN = None
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
