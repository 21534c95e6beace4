"""Generates shape-polymorphic JAX exports used as verifier test programs.

Run with a Python that has jax installed, from this directory:
    python gen.py
Each program is written to NAME.mlir. The programs are valid for every size
their shape assertions admit, except the ones named `bad_*`, which are wrong
for some sizes on purpose.
"""
import re

import jax
import jax.numpy as jnp
from jax import export, lax

f32 = jnp.float32


def spec(shape, dtype=f32):
    return jax.ShapeDtypeStruct(export.symbolic_shape(shape), dtype)


def floor_reshape(x):
    b, s = x.shape
    return x.reshape(b, s // 4, 4)


def strided(x):
    return x[:, ::2] * 2.0


def strided3(x):
    return x[::3, 1::2]


def pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def pad_to_8(x):
    n = x.shape[0]
    m = -(-n // 8) * 8
    return jnp.pad(x, ((0, m - n), (0, 0)))


def resize(x):
    b, h, w, c = x.shape
    return jax.image.resize(x, (b, 2 * h, 2 * w, c), "nearest")


def conv(x, w):
    return lax.conv_general_dilated(x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))


def unet(x, w1, w2):
    dn = ("NHWC", "HWIO", "NHWC")
    h = jax.nn.relu(lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn))
    p = lax.reduce_window(h, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    q = jax.nn.relu(lax.conv_general_dilated(p, w2, (1, 1), "SAME", dimension_numbers=dn))
    b, hh, ww, c = q.shape
    u = jax.image.resize(q, (b, 2 * hh, 2 * ww, c), "nearest")
    return jnp.concatenate([h, u], axis=-1)


def attention(x, wq, wk):
    q = x @ wq
    k = x @ wk
    b, s, d = q.shape
    q = q.reshape(b, s, 2, d // 2)
    k = k.reshape(b, s, 2, d // 2)
    a = jnp.einsum("bshd,bthd->bhst", q, k)
    return jax.nn.softmax(a, axis=-1)


def scan_cumsum(x):
    def step(c, xi):
        c = c + xi
        return c, c
    _, ys = lax.scan(step, jnp.zeros(x.shape[1:], x.dtype), x)
    return ys


def gather_rows(x, idx):
    return x[idx]


def split_halves(x):
    n = x.shape[0]
    return x[: n // 2] + x[n // 2 :]


def bad_reshape(x):
    b, s = x.shape
    # wrong whenever s is not a multiple of 4
    return x.reshape(b, s // 4, 4)


def avgpool_same(x):
    # SAME padding with a stride: JAX emits `custom_call @stablehlo.dynamic_reduce_window`.
    return lax.reduce_window(x, 0.0, lax.add, (1, 3, 3, 1), (1, 2, 2, 1), "SAME") / 9.0


def top_half(x):
    # k computed from a size: `custom_call @stablehlo.dynamic_top_k`.
    v, i = lax.top_k(x, x.shape[1] // 2)
    return v + 1.0, i


def random_bits(x):
    # A shape-polymorphic random tensor: `custom_call @stablehlo.dynamic_rng_bit_generator`.
    key = jax.random.key(1, impl="rbg")
    return jax.random.bits(key, x.shape, jnp.uint32) + x.astype(jnp.uint32)


def gather_args():
    n, m = export.symbolic_shape("n, m")
    return [jax.ShapeDtypeStruct((n, 4), f32), jax.ShapeDtypeStruct((m,), jnp.int32)]


PROGRAMS = [
    ("floor_reshape", floor_reshape, [spec("b, 4*k")]),
    ("strided", strided, [spec("b, s")]),
    ("strided3", strided3, [spec("r, s")]),
    ("pool", pool, [spec("b, h, w, 3")]),
    ("pad_to_8", pad_to_8, [spec("n, 5")]),
    ("resize", resize, [spec("b, h, w, 3")]),
    ("conv_stride2", conv, [spec("b, h, w, 3"), jax.ShapeDtypeStruct((3, 3, 3, 4), f32)]),
    ("unet", unet, [spec("b, 2*h, 2*w, 3"), jax.ShapeDtypeStruct((3, 3, 3, 4), f32),
                    jax.ShapeDtypeStruct((3, 3, 4, 4), f32)]),
    ("attention", attention, [spec("b, s, 8"), jax.ShapeDtypeStruct((8, 8), f32),
                              jax.ShapeDtypeStruct((8, 8), f32)]),
    ("scan_cumsum", scan_cumsum, [spec("t, 4")]),
    ("gather_rows", gather_rows, gather_args()),
    ("split_halves", split_halves, [spec("2*k, 3")]),
    ("avgpool_same", avgpool_same, [spec("b, h, w, 3")]),
    ("top_half", top_half, [spec("b, 2*k")]),
    ("random_bits", random_bits, [spec("b, n", jnp.int32)]),
]


def export_text(fn, args):
    exp = export.export(jax.jit(fn))(*args)
    # Source locations name files by their absolute path; keep the base name.
    return re.sub(r'loc\("/[^"]*/([^"/]*)"', r'loc("\1"', exp.mlir_module())


def main():
    for name, fn, args in PROGRAMS:
        text = export_text(fn, args)
        with open(f"{name}.mlir", "w") as f:
            f.write(text)
    # A broken variant: the same reshape with no assertion that s % 4 == 0.
    with open("bad_floor_reshape.mlir", "w") as f:
        f.write(export_text(bad_reshape, [spec("b, s")]))
    # A broken pooling: the window strides operand of the dynamic reduce
    # window replaced by its base dilations (all ones), so the pooled size
    # no longer matches the divisor's for every height above 1.
    text = export_text(avgpool_same, [spec("b, h, w, 3")])
    m = re.search(r"dynamic_reduce_window\((%\w+), (%\w+), (%\w+), (%\w+), (%\w+), ", text)
    broken = text[: m.start(4)] + m.group(5) + text[m.end(4):]
    with open("bad_avgpool_stride.mlir", "w") as f:
        f.write(broken)


if __name__ == "__main__":
    main()
