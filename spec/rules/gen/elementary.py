#!/usr/bin/env python3
"""Writes spec/rules/elementary.rules: CHLO's elementary functions (sinh,
cosh, asinh, acosh, atanh, asin, acos) as StableHLO.

Run from the repository root with Python 3 and mpmath:

    python3 spec/rules/gen/elementary.py            # writes the .rules file
    python3 spec/rules/gen/elementary.py --mlir DIR # also one MLIR file per
                                                    # rule and format, for
                                                    # measuring with `equiv`

Every formula is built from StableHLO ops the executor computes correctly
rounded (exp, expm1, log, log1p, sqrt, atan2) and exact operations, so the
error of a rule is a few roundings; the only constants that need care are
those of the overflow branch of sinh and cosh (below). The same formulas
are written for f32 (in f32 arithmetic) and f64 (in f64 arithmetic); every
narrower format converts to f32, applies the CHLO op there and converts
back. Deterministic: no randomness, no clock.
"""

import math
import os
import struct
import sys

import mpmath as mp

mp.mp.prec = 200

FORMATS = {
    # name: (precision, bits of the storage hex, ulp exponent of x near the
    #        overflow branch threshold, threshold of the overflow branch)
    "f32": dict(p=24, hexdigits=8, exp_max=88.72283935546875),
    "f64": dict(p=53, hexdigits=16, exp_max=709.782712893384),
}

NARROW = [
    "f16", "bf16", "tf32", "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E4M3FNUZ",
    "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E8M0FNU", "f6E2M3FN",
    "f6E3M2FN", "f4E2M1FN",
]


def to_hex(fmt, v):
    """The bits of mpf `v` rounded to nearest in `fmt`, as MLIR hex."""
    if fmt == "f64":
        b = struct.unpack("<Q", struct.pack("<d", float(v)))[0]
        return "0x%016X" % b
    # f32: round the exact value once (not through f64)
    f = float(v)
    b = struct.unpack("<I", struct.pack("<f", f))[0]
    # float(v) rounds to f64 first; correct a double rounding by checking
    # the neighbours against the exact value.
    best = None
    for c in (b - 1, b, b + 1):
        if not 0 <= c < 2**32:
            continue
        cv = mp.mpf(struct.unpack("<f", struct.pack("<I", c))[0])
        d = abs(cv - v)
        if best is None or d < best[0] or (d == best[0] and c % 2 == 0):
            best = (d, c)
    return "0x%08X" % best[1]


def from_hex(fmt, h):
    b = int(h, 16)
    if fmt == "f64":
        return mp.mpf(struct.unpack("<d", struct.pack("<Q", b))[0])
    return mp.mpf(struct.unpack("<f", struct.pack("<I", b))[0])


def ulp_of(fmt, v):
    p = FORMATS[fmt]["p"]
    e = mp.floor(mp.log(abs(v), 2))
    return mp.mpf(2) ** (e - p + 1)


def overflow_split(fmt):
    """(c, K) with c a multiple of the ulp of the arguments of the overflow
    branch (so x − c is exact there) and K a number of the format equal to
    e^c / 2 to within 2^-14 of its ulp: then e^(x−c)·K is e^x / 2 with two
    roundings and no intermediate overflow (c > ln 2). Found by scanning
    c upwards from 1."""
    p = FORMATS[fmt]["p"]
    # the branch is taken for x >= 2^9 (f64: 709 <= x < 1024) or 2^6 (f32:
    # 88 <= x < 128): ulp(x) = 2^(e - p + 1)
    e = 9 if fmt == "f64" else 6
    step = mp.mpf(2) ** (e - p + 1)
    j = int(mp.ceil(1 / step))
    while True:
        c = j * step
        k = mp.exp(c) / 2
        kh = to_hex(fmt, k)
        kv = from_hex(fmt, kh)
        if abs(kv - k) < ulp_of(fmt, k) * mp.mpf(2) ** -14:
            return c, kh
        j += 1


# ---------------------------------------------------------------------------
# A tiny builder: one list of op lines, printed either as a rule body or as
# an MLIR function for a concrete format.
# ---------------------------------------------------------------------------

CMP = "#stablehlo<comparison_direction {}>"


class Body:
    def __init__(self, fmt):
        self.fmt = fmt  # the arithmetic format: f32 or f64
        self.lines = []  # (name, op, args, attrs, type key, const)
        self.n = 0

    def _new(self, op, args, ty="T", attrs=None, const=None, name=None):
        if name is None:
            self.n += 1
            name = "v%d" % self.n
        self.lines.append((name, op, args, attrs or {}, ty, const))
        return name

    def const(self, value):
        """A constant: an mpf (rounded to the format) or a hex string."""
        h = value if isinstance(value, str) else to_hex(self.fmt, value)
        return self._new("stablehlo.constant", [], const=h)

    def op(self, op, *args):
        return self._new("stablehlo." + op, list(args))

    def lt(self, a, b):
        return self._new("stablehlo.compare", [a, b], ty="B", attrs={"dir": "LT"})

    def select(self, p, a, b):
        return self._new("stablehlo.select", [p, a, b])

    def result(self, v):
        # rename the last definition to %r
        name, op, args, attrs, ty, const = self.lines[-1]
        assert name == v
        self.lines[-1] = ("r", op, args, attrs, ty, const)

    # --- printing ------------------------------------------------------------

    def rule_lines(self):
        out = []
        for name, op, args, attrs, ty, const in self.lines:
            tyx = {"T": "T", "B": "with_elem(T, i1)"}[ty]
            a = ", ".join("%" + x for x in args)
            at = ""
            if const is not None:
                at = " {value = splat(T, %s : %s)}" % (const, self.fmt)
            elif "dir" in attrs:
                at = (" {comparison_direction = %s, compare_type = "
                      "#stablehlo<comparison_type FLOAT>}" % CMP.format(attrs["dir"]))
            out.append("%%%s = %s(%s)%s : %s" % (name, op, a, at, tyx))
        return out

    def mlir(self, fname, chlo):
        t = "tensor<%s>" % self.fmt
        out = ["func.func @%s(%%x: %s) -> %s {" % (fname, t, t)]
        for name, op, args, attrs, ty, const in self.lines:
            tyx = {"T": t, "B": "tensor<i1>"}[ty]
            if const is not None:
                out.append('  %%%s = "stablehlo.constant"() {value = dense<%s> : %s} : () -> %s'
                           % (name, const, t, t))
                continue
            at = ""
            if "dir" in attrs:
                at = (" {comparison_direction = %s, compare_type = "
                      "#stablehlo<comparison_type FLOAT>}" % CMP.format(attrs["dir"]))
            ins = ", ".join(t for _ in args)
            if op == "stablehlo.select":
                ins = "tensor<i1>, %s, %s" % (t, t)
            out.append('  %%%s = "%s"(%s)%s : (%s) -> %s'
                       % (name, op, ", ".join("%" + x for x in args), at, ins, tyx))
        out.append("  return %%r : %s" % t)
        out.append("}")
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# The formulas. x is the operand; every function returns the result value.
# ---------------------------------------------------------------------------

def half_sum(b, u, v, op):
    """(u op v) / 2: the sum of two numbers of one sign, then an exact halving."""
    s = b.op(op, u, v)
    return b.op("multiply", s, b.const(mp.mpf(0.5)))


def overflow_branch(b, a):
    """e^a / 2 for a in [THR, overflow): e^(a − c)·K (see overflow_split)."""
    c, kh = overflow_split(b.fmt)
    d = b.op("subtract", a, b.const(c))
    e = b.op("exponential", d)
    return b.op("multiply", e, b.const(kh))


def threshold(fmt):
    # arguments at or above this take the overflow branch: below e^x's
    # overflow, in the binade where x − c is exact.
    return mp.mpf(88) if fmt == "f32" else mp.mpf(709)


def sinh(b, x):
    # |x| < THR: (expm1(x) − expm1(−x)) / 2, two numbers of opposite signs
    # subtracted (so added in magnitude), odd by construction (±0 kept).
    em = b.op("exponential_minus_one", x)
    nx = b.op("negate", x)
    en = b.op("exponential_minus_one", nx)
    small = half_sum(b, em, en, "subtract")
    a = b.op("abs", x)
    big = overflow_branch(b, a)
    nbig = b.op("negate", big)
    neg = b.lt(x, b.const(mp.mpf(0)))
    sbig = b.select(neg, nbig, big)
    isl = b.lt(a, b.const(threshold(b.fmt)))
    return b.select(isl, small, sbig)


def cosh(b, x):
    a = b.op("abs", x)
    ep = b.op("exponential", a)
    na = b.op("negate", a)
    en = b.op("exponential", na)
    small = half_sum(b, ep, en, "add")
    big = overflow_branch(b, a)
    isl = b.lt(a, b.const(threshold(b.fmt)))
    return b.select(isl, small, big)


def big_log(b, a):
    """ln(2a) for a ≥ 1: log(2a) while 2a is finite, else log(a) + ln 2."""
    two = b.op("multiply", a, b.const(mp.mpf(2)))
    l2 = b.op("log", two)
    la = b.op("log", a)
    l3 = b.op("add", la, b.const(mp.log(2)))
    fin = b.lt(a, b.const(mp.mpf(2) ** 100))
    return b.select(fin, l2, l3)


def large(fmt):
    # above this, asinh(a) and acosh(a) are ln(2a) to well within an ulp
    # (the next term is ±1/(4a²))
    return mp.mpf(2) ** (12 if fmt == "f32" else 28)


def tiny(fmt):
    # below this, asinh(x) rounds to x (x³/6 is below a quarter ulp)
    return mp.mpf(2) ** (-12 if fmt == "f32" else -26)


def asinh(b, x):
    # a = |x|: log1p(a + a²/(1 + √(1 + a²))) (positive terms only), ln(2a)
    # for large a, x itself for tiny x (keeps ±0 and subnormals), odd.
    a = b.op("abs", x)
    one = b.const(mp.mpf(1))
    aa = b.op("multiply", a, a)
    q = b.op("add", one, aa)
    s = b.op("sqrt", q)
    d = b.op("add", one, s)
    f = b.op("divide", aa, d)
    u = b.op("add", a, f)
    m = b.op("log_plus_one", u)
    big = big_log(b, a)
    mid = b.lt(a, b.const(large(b.fmt)))
    r = b.select(mid, m, big)
    nr = b.op("negate", r)
    neg = b.lt(x, b.const(mp.mpf(0)))
    sr = b.select(neg, nr, r)
    ist = b.lt(a, b.const(tiny(b.fmt)))
    return b.select(ist, x, sr)


def acosh(b, x):
    # t = x − 1 (exact): log1p(t + √(t(t + 2))); ln(2x) for large x; NaN
    # (√t of a negative t) for x < 1.
    one = b.const(mp.mpf(1))
    t = b.op("subtract", x, one)
    t2 = b.op("add", t, b.const(mp.mpf(2)))
    q = b.op("multiply", t, t2)
    s = b.op("sqrt", q)
    u = b.op("add", t, s)
    m = b.op("log_plus_one", u)
    big = big_log(b, x)
    mid = b.lt(x, b.const(large(b.fmt)))
    r = b.select(mid, m, big)
    nan = b.op("sqrt", t)
    below = b.lt(x, one)
    return b.select(below, nan, r)


def atanh(b, x):
    # (log1p(x) − log1p(−x)) / 2: opposite signs, so a sum of magnitudes;
    # odd; ±1 give ±∞ and |x| > 1 NaN through log1p.
    lp = b.op("log_plus_one", x)
    nx = b.op("negate", x)
    ln = b.op("log_plus_one", nx)
    return half_sum(b, lp, ln, "subtract")


def sqrt_one_minus_sq(b, x):
    one = b.const(mp.mpf(1))
    p = b.op("subtract", one, x)
    q = b.op("add", one, x)
    w2 = b.op("multiply", p, q)
    return b.op("sqrt", w2)


def asin(b, x):
    # atan2(x, √((1 − x)(1 + x))): NaN for |x| > 1, ±π/2 at ±1, ±0 kept.
    w = sqrt_one_minus_sq(b, x)
    return b.op("atan2", x, w)


def acos(b, x):
    w = sqrt_one_minus_sq(b, x)
    return b.op("atan2", w, x)


FUNCS = [
    ("sinh", sinh, 2, 2),
    ("cosh", cosh, 2, 2),
    ("asinh", asinh, 2, 2),
    ("acosh", acosh, 2, 2),
    ("atanh", atanh, 2, 2),
    ("asin", asin, 2, 2),
    ("acos", acos, 2, 2),
]


def build(fn, fmt):
    b = Body(fmt)
    r = fn(b, "x")
    b.result(r)
    return b


HEADER = """\
// generated by spec/rules/gen/elementary.py; do not edit
//
// CHLO's elementary functions as StableHLO: sinh, cosh, asinh, acosh,
// atanh, asin, acos on every float format, and complex sinh, cosh, atanh,
// atan (tan and real atan are exact rules in chlo.rules).
// f32 and f64 compute in their own format from correctly rounded StableHLO
// ops (exp, expm1, log, log1p, sqrt, atan2); every narrower format
// converts to f32, applies the f32 rule and converts back. The bounds are
// the ulp distances measured against the executor's correctly rounded CHLO
// op (tests/decompositions.rs; per part for complex results).
//
// Measured (ulp distance from the executor's result; exhaustive for every
// format narrower than f32 (tf32 included); 10,004,868 f32 and 2,504,868
// f64 arguments with every branch point's neighbours; 1,250,196 complex
// arguments of each part format):
//
// | op    | narrower than f32 | f32 | f64 | complex<f32> | complex<f64> |
// |-------|-------------------|-----|-----|--------------|--------------|
// | sinh  | 0                 | 1   | 1   | 0            | 2            |
// | cosh  | 1                 | 1   | 1   | 0            | 2            |
// | asinh | 1                 | 1   | 1   | —            | —            |
// | acosh | 1                 | 2   | 2   | —            | —            |
// | atanh | 0                 | 1   | 1   | 0            | 0            |
// | asin  | 1                 | 2   | 2   | —            | —            |
// | acos  | 1                 | 1   | 1   | —            | —            |
// | atan  | (chlo.rules)      |     |     | 0            | 0            |
//
// Narrow formats: every result is the correctly rounded one but for a few
// double roundings (at most 6 f16 and 22 tf32 inputs per function); every
// bf16, f8, f6 and f4 result is correctly rounded.
//
// Poles and limits: sinh(±∞) = ±∞, cosh(±∞) = +∞, overflow beyond
// ln(2·max) to ±∞ (f32 89.4159…, f64 710.4758…); asinh(±∞) = ±∞;
// acosh(+∞) = +∞, acosh(1) = +0, acosh(x < 1) = NaN; atanh(±1) = ±∞,
// atanh(|x| > 1) = NaN; asin(±1) = ±π/2, acos(−1) = π, acos(1) = +0,
// |x| > 1 gives NaN; odd functions keep the sign of a zero argument. In
// formats without ∞ or NaN the conversion from f32 gives what the CHLO op
// gives there (checked exhaustively).
"""


def rules_text():
    out = [HEADER]
    for name, fn, b32, b64 in FUNCS:
        narrow = ", ".join("%s = 1 ulp" % f for f in NARROW)
        out.append("""
// chlo.{n} on formats narrower than f32: computed in f32.
rule {n}_narrow approx({b})
  from %r = chlo.{n}(%x) : T
  where float(T) and static(T) and not (eq(elem(T), f32) or eq(elem(T), f64))
  to   %w = stablehlo.convert(%x) : with_elem(T, f32)
       %y = chlo.{n}(%w) : with_elem(T, f32)
       %r = stablehlo.convert(%y) : T
end
""".format(n=name, b=narrow))
        for fmt, bound in (("f32", b32), ("f64", b64)):
            body = build(fn, fmt)
            lines = body.rule_lines()
            doc = (fn.__doc__ or "").strip()
            out.append("")
            out.append("rule %s_%s approx(%s = %d ulp)" % (name, fmt, fmt, bound))
            out.append("  from %%r = chlo.%s(%%x) : T" % name)
            out.append("  where eq(elem(T), %s) and static(T)" % fmt)
            out.append("  to   " + lines[0])
            for l in lines[1:]:
                out.append("       " + l)
            out.append("end")
    out.append(COMPLEX)
    return "\n".join(out) + "\n"


COMPLEX = """
// ----- complex arguments --------------------------------------------------------
//
// complex<f32> and complex<f64>. The executor evaluates these in f64 and
// rounds each part once to the part format; the rules do the same: the
// parts are converted to f64 (exact), the formula runs in f64 and each part
// is converted back (one rounding). Each rule follows the executor's
// formula, so poles, overflow, NaN and the signs of zeros come out alike.

// sinh(a + ib) = sinh(a)·cos(−b) − i·(sin(−b)·cosh(a)); the real sinh and
// cosh are the f64 rules above (within 1 ulp of f64 on their samples).
rule sinh_complex approx(f32 = 2 ulp, f64 = 2 ulp)
  from %r = chlo.sinh(%x) : T
  where complex(T) and static(T)
  to   %re = stablehlo.real(%x) : with_elem(T, part(T))
       %im = stablehlo.imag(%x) : with_elem(T, part(T))
       %a = stablehlo.convert(%re) : with_elem(T, f64)
       %b = stablehlo.convert(%im) : with_elem(T, f64)
       %nb = stablehlo.negate(%b) : with_elem(T, f64)
       %co = stablehlo.cosine(%nb) : with_elem(T, f64)
       %si = stablehlo.sine(%nb) : with_elem(T, f64)
       %sh = chlo.sinh(%a) : with_elem(T, f64)
       %ch = chlo.cosh(%a) : with_elem(T, f64)
       %p = stablehlo.multiply(%co, %sh) : with_elem(T, f64)
       %q0 = stablehlo.multiply(%si, %ch) : with_elem(T, f64)
       %q = stablehlo.negate(%q0) : with_elem(T, f64)
       %pr = stablehlo.convert(%p) : with_elem(T, part(T))
       %qr = stablehlo.convert(%q) : with_elem(T, part(T))
       %r = stablehlo.complex(%pr, %qr) : T
end

// cosh(a + ib) = cos(−b)·cosh(a) − i·(sin(−b)·sinh(a)).
rule cosh_complex approx(f32 = 2 ulp, f64 = 2 ulp)
  from %r = chlo.cosh(%x) : T
  where complex(T) and static(T)
  to   %re = stablehlo.real(%x) : with_elem(T, part(T))
       %im = stablehlo.imag(%x) : with_elem(T, part(T))
       %a = stablehlo.convert(%re) : with_elem(T, f64)
       %b = stablehlo.convert(%im) : with_elem(T, f64)
       %nb = stablehlo.negate(%b) : with_elem(T, f64)
       %co = stablehlo.cosine(%nb) : with_elem(T, f64)
       %si = stablehlo.sine(%nb) : with_elem(T, f64)
       %sh = chlo.sinh(%a) : with_elem(T, f64)
       %ch = chlo.cosh(%a) : with_elem(T, f64)
       %p = stablehlo.multiply(%co, %ch) : with_elem(T, f64)
       %q0 = stablehlo.multiply(%si, %sh) : with_elem(T, f64)
       %q = stablehlo.negate(%q0) : with_elem(T, f64)
       %pr = stablehlo.convert(%p) : with_elem(T, part(T))
       %qr = stablehlo.convert(%q) : with_elem(T, part(T))
       %r = stablehlo.complex(%pr, %qr) : T
end

// atanh(z) = (log1p(z) − log1p(−z))/2, part by part, with StableHLO's
// complex log1p on complex<f64>: the executor's own formula, so the same
// bits (its error against the exact atanh is the normwise bound of the
// executor's complex functions).
rule atanh_complex approx(f32 = 0 ulp, f64 = 0 ulp)
  from %r = chlo.atanh(%x) : T
  where complex(T) and static(T)
  to   %re = stablehlo.real(%x) : with_elem(T, part(T))
       %im = stablehlo.imag(%x) : with_elem(T, part(T))
       %a = stablehlo.convert(%re) : with_elem(T, f64)
       %b = stablehlo.convert(%im) : with_elem(T, f64)
       %z = stablehlo.complex(%a, %b) : with_elem(T, complex_of(f64))
       %nz = stablehlo.negate(%z) : with_elem(T, complex_of(f64))
       %l1 = stablehlo.log_plus_one(%z) : with_elem(T, complex_of(f64))
       %l2 = stablehlo.log_plus_one(%nz) : with_elem(T, complex_of(f64))
       %r1 = stablehlo.real(%l1) : with_elem(T, f64)
       %i1 = stablehlo.imag(%l1) : with_elem(T, f64)
       %r2 = stablehlo.real(%l2) : with_elem(T, f64)
       %i2 = stablehlo.imag(%l2) : with_elem(T, f64)
       %dr = stablehlo.subtract(%r1, %r2) : with_elem(T, f64)
       %di = stablehlo.subtract(%i1, %i2) : with_elem(T, f64)
       %h = stablehlo.constant() {value = splat(with_elem(T, f64), 0.5)} : with_elem(T, f64)
       %p = stablehlo.multiply(%dr, %h) : with_elem(T, f64)
       %q = stablehlo.multiply(%di, %h) : with_elem(T, f64)
       %pr = stablehlo.convert(%p) : with_elem(T, part(T))
       %qr = stablehlo.convert(%q) : with_elem(T, part(T))
       %r = stablehlo.complex(%pr, %qr) : T
end

// atan(z) = −i·atanh(iz): iz = −b + ia, and −i(p + iq) = q − ip.
rule atan_complex approx(f32 = 0 ulp, f64 = 0 ulp)
  from %r = chlo.atan(%x) : T
  where complex(T) and static(T)
  to   %re = stablehlo.real(%x) : with_elem(T, part(T))
       %im = stablehlo.imag(%x) : with_elem(T, part(T))
       %nim = stablehlo.negate(%im) : with_elem(T, part(T))
       %iz = stablehlo.complex(%nim, %re) : T
       %t = chlo.atanh(%iz) : T
       %p = stablehlo.real(%t) : with_elem(T, part(T))
       %q = stablehlo.imag(%t) : with_elem(T, part(T))
       %nq = stablehlo.negate(%p) : with_elem(T, part(T))
       %r = stablehlo.complex(%q, %nq) : T
end
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "elementary.rules")
    with open(path, "w") as f:
        f.write(rules_text())
    if len(sys.argv) > 2 and sys.argv[1] == "--mlir":
        d = sys.argv[2]
        os.makedirs(d, exist_ok=True)
        for name, fn, _, _ in FUNCS:
            for fmt in ("f32", "f64"):
                with open(os.path.join(d, "%s_%s.mlir" % (name, fmt)), "w") as f:
                    f.write(build(fn, fmt).mlir("main", name))
                t = "tensor<%s>" % fmt
                with open(os.path.join(d, "%s_%s_ref.mlir" % (name, fmt)), "w") as f:
                    f.write("func.func @main(%%x: %s) -> %s {\n"
                            "  %%r = chlo.%s %%x : %s -> %s\n"
                            "  return %%r : %s\n}\n" % (t, t, name, t, t, t))


if __name__ == "__main__":
    main()
