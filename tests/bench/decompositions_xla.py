#!/usr/bin/env python3
"""Run hlocheck's decompositions of CHLO's special and elementary functions
in XLA CPU, and measure them against mpmath.

Usage (from the repository root, after `cargo build --release`; needs
`pip install jax jaxlib mpmath ml_dtypes`):

    python3 tests/bench/decompositions_xla.py [--hlocheck PATH]
        [--functions erf,erfc,...] [--formats f16,bf16,f32] [--samples N]
        [--engine xla|reference]

For each function and format, a program applying the CHLO op to a vector of
inputs (every bit pattern of a 16-bit format; N random f32 bit patterns plus
edge values) is legalized by `hlocheck legalize`, compiled and run by XLA's
CPU compiler, and every result is compared with the exact value from mpmath
(40 digits): the error in ulps of the result format, as a real number. XLA
flushes subnormals, so the largest error is also printed leaving out inputs
and exact results below the format's smallest normal. `--engine reference`
runs the legalized programs in the StableHLO reference interpreter
(stablehlo.eval_module) instead, the inputs a constant of the program and
the results returned as bit patterns (real formats only).

The complex formats c64 and c128 (complex<f32>, complex<f64>) take the
complex functions (default asin,acos,asinh,acosh,atan,atanh,sinh,cosh): N
inputs whose parts are random bit patterns (finite and nonzero, so no input
lies on a branch cut) and N with parts uniform in [-4, 4], plus, for asin,
acos, asinh, acosh and atanh, every point of src/float/complex_inverse_reference.txt
of that part type (signed zeros on the cuts, z near +-1 and +-i, tiny and huge
|z|), whose reference values come from that file. The error of a result is the
larger of its two parts' errors, each in ulps of the part's format at the
exact part's binade; a zero part of the wrong sign is counted apart. Off the
file's points mpmath evaluates at increasing precisions (from 50 digits
plus twice both parts' decimal exponents) until two successive values
agree to 2^-120 relative in each part.
"""
import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import ml_dtypes
import mpmath as mp

mp.mp.dps = 40
HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
ALL = "erf,erfc,erf_inv,lgamma,digamma,bessel_i1e,sinh,cosh,asinh,acosh,atanh,asin,acos"
COMPLEX_ALL = "asin,acos,asinh,acosh,atan,atanh,sinh,cosh"
# complex numpy type, part type, part bit type, part precision, smallest
# normal exponent, MLIR element type, part type's name
COMPLEX_FORMATS = {
    "c64": (np.complex64, np.float32, np.uint32, 24, -126, "complex<f32>", "f32"),
    "c128": (np.complex128, np.float64, np.uint64, 53, -1022, "complex<f64>", "f64"),
}
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


def legalized_in_xla(a, tmp, backend, device, fmt, f, elem, xs):
    """chlo.f applied to the vector xs of element type elem, legalized by
    hlocheck and run by XLA CPU: the results (None, with a table row
    saying why, if legalization failed)."""
    import jax
    from jax._src.lib import xla_client

    t = f"tensor<{len(xs)}x{elem}>"
    src = os.path.join(tmp, "in.mlir")
    out = os.path.join(tmp, "out.mlir")
    with open(src, "w") as fh:
        fh.write(f"func.func @main(%x: {t}) -> {t} {{\n  %0 = chlo.{f} %x : {t} -> {t}\n  return %0 : {t}\n}}\n")
    r = subprocess.run([a.hlocheck, "legalize", src, "-o", out], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"| {fmt} | {f} | legalize failed: {r.stderr.strip()[:200]} |||||")
        return None
    exe = backend.compile_and_load(open(out).read(), xla_client.DeviceList((device,)),
                                   xla_client.CompileOptions())
    return np.asarray(exe.execute([jax.device_put(xs, device)])[0])


INT_OF = {1: ("i8", np.uint8), 2: ("i16", np.uint16), 4: ("i32", np.uint32), 8: ("i64", np.uint64)}


def legalized_in_reference(a, tmp, fmt, f, elem, xs):
    """As legalized_in_xla, run by the StableHLO reference interpreter
    (stablehlo.eval_module): the inputs are a constant of the program, and
    the results are returned as their bit patterns (an integer tensor), so
    every format converts to numpy."""
    from jax._src.interpreters import mlir as jm
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    n = len(xs)
    t = f"tensor<{n}x{elem}>"
    iname, itype = INT_OF[xs.dtype.itemsize]
    ti = f"tensor<{n}x{iname}>"
    raw = np.ascontiguousarray(xs).view(np.uint8).tobytes()
    src = os.path.join(tmp, "in.mlir")
    out = os.path.join(tmp, "out.mlir")
    with open(src, "w") as fh:
        fh.write(
            f"func.func @main() -> {ti} {{\n"
            f'  %c = stablehlo.constant dense<"0x{raw.hex().upper()}"> : {t}\n'
            f"  %0 = chlo.{f} %c : {t} -> {t}\n"
            f"  %1 = stablehlo.bitcast_convert %0 : ({t}) -> {ti}\n"
            f"  return %1 : {ti}\n}}\n"
        )
    r = subprocess.run([a.hlocheck, "legalize", src, "-o", out], capture_output=True, text=True)
    if r.returncode != 0:
        print(f"| {fmt} | {f} | legalize failed: {r.stderr.strip()[:200]} |||||")
        return None
    with jm.make_ir_context():
        m = ir.Module.parse(open(out).read())
        res = stablehlo.eval_module(m, [])
        bits = np.array(res[0]).astype(itype)
    return bits.view(xs.dtype)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hlocheck", default=os.path.join(REPO, "target", "release", "hlocheck"))
    ap.add_argument("--functions", default=ALL)
    ap.add_argument("--formats", default="f16,bf16,f32")
    ap.add_argument("--samples", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--engine", choices=["xla", "reference"], default="xla",
                    help="run the legalized programs in XLA CPU or in the StableHLO reference interpreter")
    a = ap.parse_args()
    from jax._src import xla_bridge

    backend = xla_bridge.get_backend("cpu")
    device = backend.devices()[0]
    rng = np.random.default_rng(a.seed)
    tmp = tempfile.mkdtemp()
    print("| format | function | inputs | max ulp | at | max ulp, subnormals apart | inputs > 0.5 ulp |")
    print("|---|---|---|---|---|---|---|")
    for fmt in a.formats.split(","):
        if fmt in COMPLEX_FORMATS:
            fns = COMPLEX_ALL if a.functions == ALL else a.functions
            run_complex(a, fmt, fns, backend, device, rng, tmp)
            continue
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
            if a.engine == "reference":
                got = legalized_in_reference(a, tmp, fmt, f, fmt, xs)
            else:
                got = legalized_in_xla(a, tmp, backend, device, fmt, f, fmt, xs)
            if got is None:
                continue
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


def reference_points(fn, part):
    """The points of complex_inverse_reference.txt for `fn` with parts of
    type `part`: the bits of z's parts and the reference parts, each as
    (value, sign bit)."""
    path = os.path.join(REPO, "src", "float", "complex_inverse_reference.txt")
    pts = []
    with open(path) as fh:
        for line in fh:
            w = line.split()
            if len(w) != 8 or w[0] != fn or w[1] != part:
                continue
            f64 = [np.array([int(h, 16)], dtype=np.uint64).view(np.float64)[0] for h in w[4:]]
            re = mp.mpf(float(f64[0])) + mp.mpf(float(f64[1]))
            im = mp.mpf(float(f64[2])) + mp.mpf(float(f64[3]))
            pts.append((int(w[2], 16), int(w[3], 16), (re, np.signbit(f64[0])), (im, np.signbit(f64[2]))))
    return pts


def complex_exact(f, z):
    """mpmath's value of f at z: evaluated at d, 2d, 4d, ... digits until
    two successive values agree to 2^-120 relative in each part (None if
    they still disagree at 16d digits). d is 50 plus twice the decimal
    exponents of both parts, so that a part far smaller than the other (a
    tiny imaginary part beside a real part near 1, say) is resolved rather
    than lost to cancellation in both evaluations alike."""
    mags = [abs(mp.log10(abs(v))) for v in (float(z.real), float(z.imag)) if v != 0]
    d = 50 + 2 * int(sum(mags))
    prev, dps = None, d
    while dps <= 16 * d:
        with mp.workdps(dps):
            v = getattr(mp, f)(mp.mpc(float(z.real), float(z.imag)))
        if prev is not None and all(
            abs(u - w) <= abs(w) * mp.mpf(2) ** -120
            for u, w in ((prev.real, v.real), (prev.imag, v.imag))
        ):
            return v
        prev, dps = v, 2 * dps
    return None


def run_complex(a, fmt, fns, backend, device, rng, tmp):
    """The complex rows of the table (see the module's documentation)."""
    import jax

    # complex<f64> inputs stay complex<f64> (jax narrows them otherwise)
    jax.config.update("jax_enable_x64", True)
    cdt, pdt, bt, p, emin, mlir_t, part = COMPLEX_FORMATS[fmt]
    largest = mp.mpf(float(np.finfo(pdt).max))
    tiny = mp.mpf(2) ** emin
    nbits = 8 * np.dtype(bt).itemsize

    def random_parts(n):
        out = []
        while len(out) < n:
            b = rng.integers(0, 2**nbits, 2 * n, dtype=np.uint64).astype(bt).view(pdt)
            out.extend(v for v in b if np.isfinite(v) and v != 0)
        return np.array(out[:n], dtype=pdt)

    def parts(re_bits, im_bits):
        z = np.zeros(len(re_bits), dtype=cdt)
        z.real = np.array(re_bits, dtype=bt).view(pdt)
        z.imag = np.array(im_bits, dtype=bt).view(pdt)
        return z

    n = a.samples
    rand = np.zeros(n, dtype=cdt)
    rand.real, rand.imag = random_parts(n), random_parts(n)
    unif = np.zeros(n, dtype=cdt)
    unif.real, unif.imag = rng.uniform(-4, 4, n), rng.uniform(-4, 4, n)
    for f in fns.split(","):
        refs = reference_points(f, part) if f in ("asin", "acos", "asinh", "acosh", "atanh") else []
        zs = np.concatenate([parts([r[0] for r in refs], [r[1] for r in refs]), rand, unif])
        got = legalized_in_xla(a, tmp, backend, device, fmt, f, mlir_t, zs)
        if got is None:
            continue
        worst, worst_normal, over, signs, unsure = (0.0, None), 0.0, 0, 0, 0
        for k, (z, y) in enumerate(zip(zs, got)):
            if k < len(refs):
                (ere, sre), (eim, sim) = refs[k][2], refs[k][3]
                ex = mp.mpc(ere, eim)
                for g, e_, s_ in ((y.real, ere, sre), (y.imag, eim, sim)):
                    signs += bool(e_ == 0 and g == 0 and np.signbit(g) != s_)
            else:
                ex = complex_exact(f, z)
                if ex is None:
                    unsure += 1
                    continue
            e = max(ulp_error(y.real, ex.real, p, emin, largest),
                    ulp_error(y.imag, ex.imag, p, emin, largest))
            over += e > 0.5 + 1e-9
            if e > worst[0]:
                worst = (e, complex(z))
            sub = any(v != 0 and abs(mp.mpf(float(v))) < tiny for v in (z.real, z.imag)) or any(
                mp.isfinite(v) and v != 0 and abs(v) < tiny for v in (ex.real, ex.imag))
            if not sub:
                worst_normal = max(worst_normal, e)
        extra = f"; {signs} zero parts of the wrong sign" if signs else ""
        extra += f"; {unsure} left out, mpmath did not converge" if unsure else ""
        print(f"| {fmt} | {f} | {len(zs):,} ({len(refs)} from the reference file{extra}) "
              f"| {worst[0]:.4g} | {worst[1]!r} | {worst_normal:.4g} | {over} |", flush=True)


if __name__ == "__main__":
    sys.exit(main())
