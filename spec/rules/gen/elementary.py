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
// atanh, asin, acos on every float format, complex sinh, cosh, atanh, atan,
// asin, acos, asinh, acosh, _asin_acos_kernel (tan, real atan: chlo.rules).
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
// | asinh | 1                 | 1   | 1   | 1 (0 seen)   | 4 (4 seen)   |
// | acosh | 1                 | 2   | 2   | 1 (0 seen)   | 4 (4 seen)   |
// | atanh | 0                 | 1   | 1   | 0            | 0            |
// | asin  | 1                 | 2   | 2   | 1 (0 seen)   | 4 (4 seen)   |
// | acos  | 1                 | 1   | 1   | 1 (0 seen)   | 4 (4 seen)   |
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
    out.append(complex_atanh_text())
    out.append(ATAN_COMPLEX)
    out.append(complex_inverse_text())
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
// Where |a| > 710, cosh(a) overflows while the products may not
// (sinh(−725 + 7e−42i) has an imaginary part of 3.3e273): a product t·cosh(a)
// is then (t·h)·(h/2) with h = e^{|a|/2}, and t·sinh(a) the same with the
// sign of a (sinh and cosh agree there to 2^-2000 relative).
"""


# sinh_complex and cosh_complex: u·sinh(a) and v·cosh(a) for the factors u, v
# (cos(−b), sin(−b) for sinh; the other way round for cosh), the real part
# %p, the imaginary part −%q.
SINH_COSH_COMPLEX = """rule {n}_complex approx(f32 = 2 ulp, f64 = 2 ulp)
  from %r = chlo.{n}(%x) : T
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
       %us = stablehlo.multiply(%{u}, %sh) : with_elem(T, f64)
       %vc = stablehlo.multiply(%{v}, %ch) : with_elem(T, f64)
       %aa = stablehlo.abs(%a) : with_elem(T, f64)
       %lim = stablehlo.constant() {{value = splat(with_elem(T, f64), 710.0)}} : with_elem(T, f64)
       %big = stablehlo.compare(%aa, %lim) {{comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>}} : with_elem(T, i1)
       %half = stablehlo.constant() {{value = splat(with_elem(T, f64), 0.5)}} : with_elem(T, f64)
       %e = stablehlo.multiply(%aa, %half) : with_elem(T, f64)
       %h = stablehlo.exponential(%e) : with_elem(T, f64)
       %hh = stablehlo.multiply(%h, %half) : with_elem(T, f64)
       %uh = stablehlo.multiply(%{u}, %h) : with_elem(T, f64)
       %um = stablehlo.multiply(%uh, %hh) : with_elem(T, f64)
       %zero = stablehlo.constant() {{value = splat(with_elem(T, f64), 0.0)}} : with_elem(T, f64)
       %neg = stablehlo.compare(%a, %zero) {{comparison_direction = #stablehlo<comparison_direction LT>, compare_type = #stablehlo<comparison_type FLOAT>}} : with_elem(T, i1)
       %umn = stablehlo.negate(%um) : with_elem(T, f64)
       %ub = stablehlo.select(%neg, %umn, %um) : with_elem(T, f64)
       %vh = stablehlo.multiply(%{v}, %h) : with_elem(T, f64)
       %vb = stablehlo.multiply(%vh, %hh) : with_elem(T, f64)
       %u = stablehlo.select(%big, %ub, %us) : with_elem(T, f64)
       %v = stablehlo.select(%big, %vb, %vc) : with_elem(T, f64)
       %q = stablehlo.negate(%{q}) : with_elem(T, f64)
       %pr = stablehlo.convert(%{p}) : with_elem(T, part(T))
       %qr = stablehlo.convert(%q) : with_elem(T, part(T))
       %r = stablehlo.complex(%pr, %qr) : T
end

"""

COMPLEX += SINH_COSH_COMPLEX.format(n="sinh", u="co", v="si", p="u", q="v")
COMPLEX += """// cosh(a + ib) = cos(−b)·cosh(a) − i·(sin(−b)·sinh(a)), |a| > 710 as above.
"""
COMPLEX += SINH_COSH_COMPLEX.format(n="cosh", u="si", v="co", p="v", q="u")
COMPLEX += """"""


ATAN_COMPLEX = """
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


# ---------------------------------------------------------------------------
# Complex asin, acos, asinh, acosh and CHLO's _asin_acos_kernel.
# ---------------------------------------------------------------------------

# Types of the values of a complex rule: f64 parts, their i1 masks, ui64
# bits, complex<f64>, and the rule's own part format.
CTYPES = {
    "F": "with_elem(T, f64)",
    "B": "with_elem(T, i1)",
    "U": "with_elem(T, ui64)",
    "C": "with_elem(T, complex_of(f64))",
    "P": "with_elem(T, part(T))",
    "T": "T",
}


class CBody:
    """Op lines of a complex rule; values are f64 ('F') unless stated."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.consts = {}

    def _new(self, op, args, ty="F", attrs="", name=None):
        if name is None:
            self.n += 1
            name = "c%d" % self.n
        self.lines.append((name, op, args, attrs, ty))
        return name

    def const(self, value, ty="F"):
        """An f64 constant (an mpf, rounded to nearest), or a literal."""
        if not isinstance(value, str):
            value = "%s : f64" % to_hex("f64", value)
        key = (value, ty)
        if key not in self.consts:
            self.consts[key] = self._new(
                "stablehlo.constant", [], ty,
                " {value = splat(%s, %s)}" % (CTYPES[ty], value))
        return self.consts[key]

    def op(self, op, *args, ty="F"):
        return self._new("stablehlo." + op, list(args), ty)

    def cmp(self, d, a, b, ctype="FLOAT"):
        return self._new(
            "stablehlo.compare", [a, b], "B",
            " {comparison_direction = %s, compare_type = "
            "#stablehlo<comparison_type %s>}" % (CMP.format(d), ctype))

    def select(self, p, a, b, ty="F"):
        return self._new("stablehlo.select", [p, a, b], ty)

    def lines_text(self):
        out = []
        for name, op, args, attrs, ty in self.lines:
            a = ", ".join("%" + x for x in args)
            out.append("%%%s = %s(%s)%s : %s" % (name, op, a, attrs, CTYPES[ty]))
        return out


def c_add(b, *vs):
    acc = vs[0]
    for v in vs[1:]:
        acc = b.op("add", acc, v)
    return acc


def asin_acos_kernel_f64(b, x, y):
    """W = √(A² − x²) and V = acosh(A), A = (|z + 1| + |z − 1|)/2, for the
    magnitudes x, y ≥ 0 of the parts, in f64 (see COMPLEX_INVERSE)."""
    one = b.const(mp.mpf(1))
    half = b.const(mp.mpf(0.5))
    xp1 = b.op("add", x, one)
    xm1 = b.op("subtract", x, one)
    omx = b.op("subtract", one, x)
    r = b.op("abs", b.op("complex", xp1, y, ty="C"))  # |z + 1|
    s = b.op("abs", b.op("complex", xm1, y, ty="C"))  # |z − 1|
    a = b.op("multiply", b.op("add", r, s), half)
    rx1 = b.op("add", r, xp1)  # r + x + 1
    apx = b.op("add", a, x)
    ap1 = b.op("add", a, one)
    d1 = b.op("divide", b.op("multiply", y, y), rx1)  # r − (x + 1)
    inv_rx1 = b.op("divide", one, rx1)
    # x <= 1: s + 1 − x = s − (x − 1) without cancellation.
    s1 = b.op("add", s, omx)
    w1 = b.op("sqrt", b.op("multiply", apx, b.op("multiply", b.op("add", d1, s1), half)))
    k = b.op("multiply", b.op("add", inv_rx1, b.op("divide", one, s1)), half)
    root = b.op("sqrt", b.op("multiply", k, ap1))
    t1 = b.op("multiply", y, b.op("add", b.op("multiply", y, k), root))
    # x > 1: s + x − 1.
    s2 = b.op("add", s, xm1)
    l = b.op("add", inv_rx1, b.op("divide", one, s2))
    w2 = b.op("multiply", y, b.op("sqrt", b.op("multiply", b.op("multiply", apx, l), half)))
    am1 = b.op("multiply", b.op("add", d1, s2), half)
    t2 = b.op("add", am1, b.op("sqrt", b.op("multiply", am1, ap1)))
    gt1 = b.cmp("LT", one, x)
    wg = b.select(gt1, w2, w1)
    vg = b.op("log_plus_one", b.select(gt1, t2, t1))
    # |z| > 2^500: W = y, V = ln(2|z|) = ln|z/2| + ln 4.
    m = b.op("maximum", x, y)
    huge = b.cmp("LT", b.const(mp.mpf(2) ** 500), m)
    xh = b.op("multiply", x, half)
    yh = b.op("multiply", y, half)
    vh = b.op("add", b.op("log", b.op("abs", b.op("complex", xh, yh, ty="C"))),
              b.const(mp.log(4)))
    # x = 1, y < 2^-900: W = V = √y (relative error below 2^-900).
    sy = b.op("sqrt", y)
    at1 = b.op("and", b.cmp("EQ", x, one), b.cmp("LT", y, b.const(mp.mpf(2) ** -900)), ty="B")
    w = b.select(at1, sy, b.select(huge, y, wg))
    v = b.select(at1, sy, b.select(huge, vh, vg))
    # Special values: an infinite part gives (y, +∞); otherwise a NaN part
    # gives (NaN, NaN), but (1, NaN) when x = 0.
    inf = b.const("0x7FF0000000000000 : f64")
    nan = b.const("0x7FF8000000000000 : f64")
    zero = b.const(mp.mpf(0))
    anyinf = b.op("or", b.cmp("EQ", x, inf), b.cmp("EQ", y, inf), ty="B")
    anynan = b.op("or", b.cmp("NE", x, x), b.cmp("NE", y, y), ty="B")
    wn = b.select(b.cmp("EQ", x, zero), one, nan)
    w = b.select(anyinf, y, b.select(anynan, wn, w))
    v = b.select(anyinf, inf, b.select(anynan, nan, v))
    return w, v


def copysign(b, mag, src):
    """|mag| with the sign bit of src (f64 values; a NaN's sign too)."""
    sign = b.const("sign_bit(f64)", ty="U")
    mb = b.op("bitcast_convert", b.op("abs", mag), ty="U")
    sb = b.op("and", b.op("bitcast_convert", src, ty="U"), sign, ty="U")
    return b.op("bitcast_convert", b.op("or", mb, sb, ty="U"))


def to_part(b, v):
    """v rounded to the part format, a NaN as the canonical NaN."""
    nan = b.const("0x7FF8000000000000 : f64")
    isn = b.cmp("NE", v, v)
    return b.op("convert", b.select(isn, nan, v), ty="P")


def complex_parts(b):
    """The operand's parts in f64 (exact) and their magnitudes."""
    re = b.op("real", "x", ty="P")
    im = b.op("imag", "x", ty="P")
    a = b.op("convert", re, ty="F")
    c = b.op("convert", im, ty="F")
    return a, c, b.op("abs", a), b.op("abs", c)


def complex_inverse(name):
    b = CBody()
    a, c, x, y = complex_parts(b)
    if name == "asinh":
        # asinh(z) = −i·asin(iz): the kernel of (|Im z|, |Re z|).
        w, v = asin_acos_kernel_f64(b, y, x)
        p = copysign(b, v, a)
        q = copysign(b, b.op("atan2", y, w), c)
    else:
        w, v = asin_acos_kernel_f64(b, x, y)
        if name == "asin":
            p = copysign(b, b.op("atan2", x, w), a)
            q = copysign(b, v, c)
        elif name == "acos":
            p = b.op("atan2", w, a)
            q = b.op("negate", copysign(b, v, c))
        elif name == "acosh":
            p = v
            q = copysign(b, b.op("atan2", w, a), c)
        else:  # _asin_acos_kernel
            p, q = w, v
    pr = to_part(b, p)
    qr = to_part(b, q)
    b._new("stablehlo.complex", [pr, qr], "T", name="r")
    return b


def complex_atanh():
    """atanh of complex<f32> and complex<f64> in f64, as the executor's
    `float::complex::atanh` computes it, op for op (see COMPLEX_ATANH)."""
    b = CBody()
    a, c, x, y = complex_parts(b)
    one = b.const(mp.mpf(1))
    half = b.const(mp.mpf(0.5))
    quarter = b.const(mp.mpf(0.25))
    two = b.const(mp.mpf(2))
    four = b.const(mp.mpf(4))
    zero = b.const(mp.mpf(0))
    inf = b.const("0x7FF0000000000000 : f64")
    nan = b.const("0x7FF8000000000000 : f64")
    half_pi = b.const(mp.pi / 2)
    # stablehlo.maximum is NaN where either operand is.
    big = b.cmp("GE", b.op("maximum", x, y), b.const(mp.mpf(2) ** 500))
    s_ = b.op("subtract", one, x)
    xp1 = b.op("add", one, x)
    yy = b.op("multiply", y, y)
    den = b.op("add", b.op("multiply", s_, s_), yy)
    # |z| ≥ 2^500: x/|z|² as ((x/8)/h)·(1/h)/8, h = |z/8| (1/h a factor:
    # XLA rewrites a/b/c into a/(b·c), which overflows).
    eighth = b.const(mp.mpf(0.125))
    xs = b.op("multiply", eighth, x)
    ys = b.op("multiply", eighth, y)
    h = b.op("abs", b.op("complex", xs, ys, ty="C"))
    inv_h = b.op("divide", one, h)
    re_big = b.op("multiply", b.op("multiply", b.op("divide", xs, h), inv_h), eighth)
    # den < 2^-1000 (x = 1, tiny y): ½(ln|1 + x + iy| − ln|1 − x + iy|).
    lp = b.op("log", b.op("abs", b.op("complex", xp1, y, ty="C")))
    lm = b.op("log", b.op("abs", b.op("complex", s_, y, ty="C")))
    re_pole = b.op("multiply", half, b.op("subtract", lp, lm))
    re_gen = b.op("multiply", quarter,
                  b.op("log_plus_one", b.op("divide", b.op("multiply", four, x), den)))
    tiny_den = b.cmp("LT", den, b.const(mp.mpf(2) ** -1000))
    re_v = b.select(big, re_big, b.select(tiny_den, re_pole, re_gen))
    d = b.op("subtract", b.op("multiply", s_, xp1), yy)
    im_gen = b.op("multiply", half, b.op("atan2", b.op("multiply", two, y), d))
    im_v = b.select(big, half_pi, im_gen)
    # Special values, in the executor's order: x = 0, then x = ∞, then y = ∞.
    re_v = b.select(b.cmp("EQ", x, zero), zero, re_v)
    xinf = b.cmp("EQ", x, inf)
    yinf = b.cmp("EQ", y, inf)
    re_v = b.select(xinf, zero, re_v)
    im_v = b.select(xinf, b.select(b.cmp("NE", y, y), nan, half_pi), im_v)
    re_v = b.select(yinf, zero, re_v)
    im_v = b.select(yinf, half_pi, im_v)
    p = copysign(b, re_v, a)
    q = copysign(b, im_v, c)
    pr = to_part(b, p)
    qr = to_part(b, q)
    b._new("stablehlo.complex", [pr, qr], "T", name="r")
    return b


COMPLEX_ATANH = """
// atanh of complex<f32> and complex<f64>, in f64 as the executor computes
// it (float::complex::atanh), op for op, so the same bits. For x = |Re z|
// and y = |Im z| (atanh is odd and commutes with conjugation; the parts
// take the signs of Re z and Im z by copysign):
//
//   Re = ¼·log1p(4x/((1 − x)² + y²)): positive terms, no cancellation;
//        where the denominator is below 2^-1000 (x = 1, y < 2^-500 on
//        complex<f64>; never on complex<f32>), ½(ln|1 + x + iy| −
//        ln|1 − x + iy|), so that it cannot underflow to a false pole.
//   Im = ½·atan2(2y, (1 − x)(1 + x) − y²).
//   max(x, y) ≥ 2^500 (complex<f64> only; the squares could overflow):
//        Re = x/|z|² as ((x/8)/h)·(1/h)/8 with h = |z/8| (1/h a factor:
//        XLA CPU rewrites a/b/c into a/(b·c), which would overflow), and
//        Im = π/2 (which is Im rounded: the difference is below
//        y/|z|² ≤ 2^-500).
//
// Special values are C99's catanh: y = ∞ gives 0 + iπ/2 (x NaN too), x = ∞
// gives 0 + iπ/2, or 0 + iNaN when y is NaN, x = 0 gives a zero real part
// (y NaN too), atanh(±1 ± i0) = ±∞ ± i0, other NaN inputs give NaN parts
// (the canonical NaN). Against mpmath (src/float/complex_inverse_reference.txt)
// the executor's parts are within 0.5 ulp plus 10^-3 on complex<f32> and
// 1.8 ulp on complex<f64> (the test asserts 0.501 and 3).
"""


def complex_atanh_text():
    body = complex_atanh()
    out = [COMPLEX_ATANH]
    complex_rule(out, "atanh_complex", "atanh", 0, 0, body)
    return "\n".join(out)


def complex_rule(out, rname, op, b32, b64, body):
    """Appends the lines of a complex rule whose right-hand side is body."""
    lines = body.lines_text()
    out.append("rule %s approx(f32 = %d ulp, f64 = %d ulp)" % (rname, b32, b64))
    out.append("  from %%r = chlo.%s(%%x) : T" % op)
    out.append("  where complex(T) and static(T)")
    out.append("  to   " + lines[0])
    for l in lines[1:]:
        out.append("       " + l)
    out.append("end")
    out.append("")


# name, CHLO op, bound of complex<f32> parts, bound of complex<f64> parts
COMPLEX_INVERSE_RULES = [
    ("asin_complex", "asin", 1, 4),
    ("acos_complex", "acos", 1, 4),
    ("asinh_complex", "asinh", 1, 4),
    ("acosh_complex", "acosh", 1, 4),
    ("asin_acos_kernel_complex", "_asin_acos_kernel", 1, 4),
]

COMPLEX_INVERSE = """
// asin, acos, asinh, acosh and _asin_acos_kernel of complex<f32> and
// complex<f64>, computed in f64 (parts converted exactly, each result part
// rounded once to the part format). For x = |Re z|, y = |Im z| and
// A = (|z + 1| + |z − 1|)/2 (so A ≥ max(1, x)), the first quadrant has
// asin z = atan2(x, W) + i·V and acos z = atan2(W, x) − i·V with
// W = √(A² − x²) and V = acosh A (the kernel's parts; Hull, Fairgrieve and
// Tang's decomposition). Every formula below adds positive terms only,
// with r = |z + 1| and s = |z − 1| (stablehlo.abs of a complex: a
// correctly rounded hypot, no overflow):
//
//   x ≤ 1: A − x = ½(y²/(r + x + 1) + s + 1 − x), W = √((A + x)(A − x));
//          A − 1 = y²k, k = ½(1/(r + x + 1) + 1/(s + 1 − x)), and
//          V = log1p(A − 1 + √((A − 1)(A + 1))) = log1p(y(yk + √(k(A + 1))))
//          (no y², which could underflow where V does not).
//   x > 1: A − x = y²l/2, l = 1/(r + x + 1) + 1/(s + x − 1),
//          W = y√((A + x)l/2); A − 1 = ½(y²/(r + x + 1) + s + x − 1),
//          V = log1p(A − 1 + √((A − 1)(A + 1))).
//   max(x, y) > 2^500 (complex<f64> only): W = y and V = ln|z/2| + ln 4,
//          both within 2^-1000 relative of the exact values.
//   x = 1, y < 2^-900 (complex<f64> only): W = V = √y (relative error
//          below 2^-900); elsewhere the formulas neither overflow nor lose
//          accuracy to underflow (1/(s + 1 − x) ≤ 1/y).
//
// The other quadrants, with the signs of zero and NaN parts (copysign is
// a bit operation, so a NaN's sign counts):
//   asin(z)  = copysign(atan2(x, W), Re z) + i·copysign(V, Im z)
//   acos(z)  = atan2(W, Re z) − i·copysign(V, Im z)
//   asinh(z) = −i·asin(iz) = copysign(V', Re z) + i·copysign(atan2(y, W'), Im z),
//              W', V' the kernel of (y, x)
//   acosh(z) = V + i·copysign(atan2(W, Re z), Im z)
//   _asin_acos_kernel(z) = W + i·V
// Special values are the executor's (C99 Annex G): an infinite part gives
// W = y, V = +∞; otherwise a NaN part gives W = V = NaN, except W = 1 for
// x = 0 (so asin(±0 + iNaN) = ±0 + iNaN, acos(±0 + iNaN) = π/2 + iNaN).
// NaN result parts are the canonical NaN. On complex<f32> no intermediate
// leaves f64's normal range, so the result parts differ from the
// executor's (correctly rounded but for 0.001 ulp) by at most one rounding
// step; the complex<f64> bounds are measured (the certificates).
"""


def complex_inverse_text():
    out = [COMPLEX_INVERSE]
    for rname, op, b32, b64 in COMPLEX_INVERSE_RULES:
        complex_rule(out, rname, op, b32, b64, complex_inverse(op))
    return "\n".join(out)


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
