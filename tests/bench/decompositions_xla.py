#!/usr/bin/env python3
"""Run hlocheck's decompositions of CHLO's special and elementary functions
in XLA CPU, and measure them against mpmath.

Usage (from the repository root, after `cargo build --release`; needs
`pip install jax jaxlib mpmath ml_dtypes`):

    python3 tests/bench/decompositions_xla.py [--hlocheck PATH]
        [--functions erf,erfc,...] [--formats f16,bf16,f32] [--samples N]

For each function and format, a program applying the CHLO op to a vector of
inputs (every bit pattern of a 16-bit format; N random f32 bit patterns plus
edge values) is legalized by `hlocheck legalize`, compiled and run by XLA's
CPU compiler, and every result is compared with the exact value from mpmath
(40 digits): the error in ulps of the result format, as a real number. XLA
flushes subnormals, so the largest error is also printed leaving out inputs
and exact results below the format's smallest normal.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import ml_dtypes
import mpmath as mp

mp.mp.dps = 40
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
ALL = "erf,erfc,erf_inv,lgamma,digamma,bessel_i1e,sinh,cosh,asinh,acosh,atanh,asin,acos"
# numpy type, bit type, precision, smallest normal exponent
FORMATS = {
    "f16": (np.float16, np.uint16, 11, -14),
    "bf16": (ml_dtypes.bfloat16, np.uint16, 8, -126),
    "f32": (np.float32, np.uint32, 24, -126),
}


def exact(f, x):
    """The function's value as CHLO defines it (None: a pole whose sign is
    not defined, any result accepted)."""
    x = mp.mpf(x)
    if mp.isnan(x):
        return mp.nan
    neg_int = x <= 0 and not mp.isinf(x) and x == mp.floor(x)
    if f == "erf":
        return mp.erf(x)
    if f == "erfc":
        return mp.erfc(x)
    if f == "erf_inv":
        if abs(x) > 1:
            return mp.nan
        return mp.inf * mp.sign(x) if abs(x) == 1 else mp.erfinv(x)
    if f == "lgamma":
        if mp.isinf(x):
            return mp.inf
        return mp.inf if neg_int else mp.log(abs(mp.gamma(x)))
    if f == "digamma":
        if mp.isinf(x):
            return mp.inf if x > 0 else mp.nan
        return None if neg_int else mp.digamma(x)
    if f == "bessel_i1e":
        if mp.isinf(x):
            return mp.mpf(0)
        return mp.besseli(1, x) * mp.exp(-abs(x))
    if f == "sinh":
        return mp.sinh(x)
    if f == "cosh":
        return mp.cosh(x)
    if f == "asinh":
        return mp.asinh(x)
    if f == "acosh":
        return mp.acosh(x) if x >= 1 else mp.nan
    if f == "atanh":
        if abs(x) > 1:
            return mp.nan
        return mp.inf * mp.sign(x) if abs(x) == 1 else mp.atanh(x)
    if f == "asin":
        return mp.asin(x) if abs(x) <= 1 else mp.nan
    if f == "acos":
        return mp.acos(x) if abs(x) <= 1 else mp.nan
    raise KeyError(f)


def ulp_error(got, ex, p, emin, largest):
    """The error of `got` in ulps of the exact value `ex`'s binade."""
    if ex is None:
        return 0.0
    if mp.isnan(ex):
        return 0.0 if np.isnan(got) else float("inf")
    if np.isnan(got):
        return float("inf")
    top = mp.floor(mp.log(largest, 2))
    if mp.isinf(ex) or abs(ex) >= largest + mp.mpf(2) ** (top - p):
        return 0.0 if np.isinf(got) and np.sign(got) == mp.sign(ex) else float("inf")
    if np.isinf(got):
        return float("inf")
    e = max(int(mp.floor(mp.log(abs(ex), 2))) if ex != 0 else emin, emin)
    return float(abs(mp.mpf(float(got)) - ex) / mp.mpf(2) ** (e - p + 1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hlocheck", default=os.path.join(REPO, "target", "release", "hlocheck"))
    ap.add_argument("--functions", default=ALL)
    ap.add_argument("--formats", default="f16,bf16,f32")
    ap.add_argument("--samples", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    import jax
    from jax._src import xla_bridge
    from jax._src.lib import xla_client

    backend = xla_bridge.get_backend("cpu")
    device = backend.devices()[0]
    rng = np.random.default_rng(a.seed)
    tmp = tempfile.mkdtemp()
    print("| format | function | inputs | max ulp | at | max ulp, subnormals apart | inputs > 0.5 ulp |")
    print("|---|---|---|---|---|---|---|")
    for fmt in a.formats.split(","):
        dt, bt, p, emin = FORMATS[fmt]
        largest = mp.mpf(float(ml_dtypes.finfo(dt).max))
        tiny = mp.mpf(2) ** emin
        if fmt == "f32":
            edges = [0, 0x80000000, 1, 0x80000001, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF,
                     0x7F800000, 0xFF800000, 0x3F800000, 0xBF800000]
            bits = np.concatenate([np.array(edges, dtype=np.uint32),
                                   rng.integers(0, 2**32, a.samples, dtype=np.uint64).astype(np.uint32)])
        else:
            bits = np.arange(1 << 16, dtype=np.uint32).astype(bt)
        xs = bits.view(dt)
        n = len(xs)
        for f in a.functions.split(","):
            t = f"tensor<{n}x{fmt}>"
            src = os.path.join(tmp, "in.mlir")
            out = os.path.join(tmp, "out.mlir")
            with open(src, "w") as fh:
                fh.write(f"func.func @main(%x: {t}) -> {t} {{\n  %0 = chlo.{f} %x : {t} -> {t}\n  return %0 : {t}\n}}\n")
            r = subprocess.run([a.hlocheck, "legalize", src, "-o", out], capture_output=True, text=True)
            if r.returncode != 0:
                print(f"| {fmt} | {f} | legalize failed: {r.stderr.strip()[:200]} |||||")
                continue
            t0 = time.time()
            exe = backend.compile_and_load(open(out).read(), xla_client.DeviceList((device,)),
                                           xla_client.CompileOptions())
            got = np.asarray(exe.execute([jax.device_put(xs, device)])[0])
            worst, worst_normal, over = (0.0, None), 0.0, 0
            for x, y in zip(xs, got):
                ex = exact(f, float(x))
                e = ulp_error(y, ex, p, emin, largest)
                over += e > 0.5 + 1e-9
                if e > worst[0]:
                    worst = (e, float(x))
                sub = (x != 0 and np.isfinite(x) and abs(mp.mpf(float(x))) < tiny) or (
                    ex is not None and mp.isfinite(ex) and ex != 0 and abs(ex) < tiny)
                if not sub:
                    worst_normal = max(worst_normal, e)
            print(f"| {fmt} | {f} | {n:,} | {worst[0]:.4g} | {worst[1]!r} | {worst_normal:.4g} | {over} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
