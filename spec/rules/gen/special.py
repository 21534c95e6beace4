#!/usr/bin/env python3
"""Generates spec/rules/special.rules: approximate CHLO -> StableHLO rules for
CHLO's special functions (erf, erfc, erf_inv, lgamma, digamma, polygamma,
zeta, bessel_i1e).

Every function is computed in f64 arithmetic (formats narrower than f64
convert to f64, apply the f64 rule, and convert back: one rounding of an f64
value whose error is far below half an ulp of f32). The polynomials are
fitted here: Chebyshev interpolation (mpmath.chebyfit) of the function, or of
the function divided by a known factor, at 40 digits, with the degree raised
until the fit's relative error (measured at 600 points, with the
coefficients rounded to f64) is below 2^-57.

The same description that writes the rules also evaluates them with numpy
(`Ctx` built with an input array: `rule_erf(Ctx(xs)).v`), so a script can
measure the rules against mpmath before they are built into hlocheck.

Run: python3 spec/rules/gen/special.py [OUT]   (writes ../special.rules, or OUT)
Deterministic: the same mpmath and numpy give the same file.
"""
import os
import math
import sys

import mpmath as mp
import numpy as np

mp.mp.dps = 40
TARGET = mp.mpf(2) ** -57

# ---------------------------------------------------------------------------
# A small builder: each operation both writes a rule line and, when the
# context has an input array, evaluates itself with numpy (f64, IEEE).
# ---------------------------------------------------------------------------

F = "T"
B1 = "with_elem(T, i1)"
I64 = "with_elem(T, i64)"
CMP = "{{comparison_direction = #stablehlo<comparison_direction {d}>, compare_type = #stablehlo<comparison_type {t}>}}"


class V:
    def __init__(self, ctx, name, ty, val):
        self.c, self.n, self.ty, self.v = ctx, name, ty, val

    def _o(self, o):
        return o if isinstance(o, V) else self.c.const(o)

    def __add__(self, o):
        return self.c.bin("add", self, self._o(o))

    def __radd__(self, o):
        return self.c.bin("add", self._o(o), self)

    def __sub__(self, o):
        return self.c.bin("subtract", self, self._o(o))

    def __rsub__(self, o):
        return self.c.bin("subtract", self._o(o), self)

    def __mul__(self, o):
        return self.c.bin("multiply", self, self._o(o))

    def __rmul__(self, o):
        return self.c.bin("multiply", self._o(o), self)

    def __truediv__(self, o):
        return self.c.bin("divide", self, self._o(o))

    def __rtruediv__(self, o):
        return self.c.bin("divide", self._o(o), self)

    def __neg__(self):
        return self.c.un("negate", self)

    def __lt__(self, o):
        return self.c.cmp("LT", self, self._o(o))

    def __le__(self, o):
        return self.c.cmp("LE", self, self._o(o))

    def __gt__(self, o):
        return self.c.cmp("GT", self, self._o(o))

    def __ge__(self, o):
        return self.c.cmp("GE", self, self._o(o))

    def eq(self, o):
        return self.c.cmp("EQ", self, self._o(o))

    def ne(self, o):
        return self.c.cmp("NE", self, self._o(o))

    def __and__(self, o):
        return self.c.bin("and", self, o, ty=B1)

    def __or__(self, o):
        return self.c.bin("or", self, o, ty=B1)


NP_UN = {
    "negate": np.negative,
    "abs": np.abs,
    "exponential": np.exp,
    "log": np.log,
    "log_plus_one": np.log1p,
    "exponential_minus_one": np.expm1,
    "sqrt": np.sqrt,
    "sine": np.sin,
    "cosine": np.cos,
    "tan": np.tan,
    "floor": np.floor,
    "ceil": np.ceil,
    "round_nearest_even": np.rint,
    "not": np.logical_not,
}
NP_BIN = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": np.divide,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "power": np.power,
    "and": None,
    "or": None,
}
NP_CMP = {"LT": np.less, "LE": np.less_equal, "GT": np.greater, "GE": np.greater_equal, "EQ": np.equal, "NE": np.not_equal}


class Ctx:
    def __init__(self, x=None, y=None):
        self.lines = []
        self.k = 0
        self.consts = {}
        self.eval = x is not None
        self.x = V(self, "%x", F, x)
        self.y = V(self, "%y", F, y)

    def fresh(self):
        self.k += 1
        return f"%v{self.k}"

    def line(self, opname, args, ty, attrs=""):
        n = self.fresh()
        self.lines.append(f"{n} = {opname}({', '.join(a.n for a in args)}){attrs} : {ty}")
        return n

    def const(self, c):
        c = float(c)
        key = c.hex()
        if key not in self.consts:
            lit = "%.17e" % c if np.isfinite(c) else None
            assert lit is not None
            n = self.fresh()
            self.lines.append(f"{n} = stablehlo.constant() {{value = splat(T, {lit})}} : T")
            self.consts[key] = V(self, n, F, np.float64(c) if self.eval else None)
        return self.consts[key]

    def iconst(self, c):
        key = ("i", c)
        if key not in self.consts:
            n = self.fresh()
            self.lines.append(f"{n} = stablehlo.constant() {{value = splat({I64}, {c})}} : {I64}")
            self.consts[key] = V(self, n, I64, np.int64(c) if self.eval else None)
        return self.consts[key]

    def inf(self):
        key = "inf"
        if key not in self.consts:
            n = self.fresh()
            self.lines.append(f"{n} = stablehlo.constant() {{value = splat(T, inf(T))}} : T")
            self.consts[key] = V(self, n, F, np.float64(np.inf) if self.eval else None)
        return self.consts[key]

    def nan(self):
        # 0/0 under the executor is the canonical NaN.
        z = self.const(0.0)
        return self.bin("divide", z, z)

    def un(self, op, a, ty=None):
        ty = ty or a.ty
        n = self.line(f"stablehlo.{op}", [a], ty)
        v = None
        if self.eval:
            with np.errstate(all="ignore"):
                v = NP_UN[op](a.v)
        return V(self, n, ty, v)

    def bin(self, op, a, b, ty=None):
        ty = ty or a.ty
        n = self.line(f"stablehlo.{op}", [a, b], ty)
        v = None
        if self.eval:
            with np.errstate(all="ignore"):
                if op == "and":
                    v = (a.v & b.v)
                elif op == "or":
                    v = (a.v | b.v)
                else:
                    v = NP_BIN[op](a.v, b.v)
        return V(self, n, ty, v)

    def cmp(self, d, a, b):
        t = "FLOAT" if a.ty == F else "SIGNED"
        n = self.line("stablehlo.compare", [a, b], B1, " " + CMP.format(d=d, t=t))
        v = None
        if self.eval:
            with np.errstate(all="ignore"):
                v = NP_CMP[d](a.v, b.v)
        return V(self, n, B1, v)

    def select(self, p, a, b):
        a = a if isinstance(a, V) else self.const(a)
        b = b if isinstance(b, V) else self.const(b)
        n = self.line("stablehlo.select", [p, a, b], a.ty)
        v = np.where(p.v, a.v, b.v) if self.eval else None
        return V(self, n, a.ty, v)

    def bitcast(self, a, ty):
        n = self.line("stablehlo.bitcast_convert", [a], ty)
        v = None
        if self.eval:
            v = np.asarray(a.v).view(np.int64 if ty == I64 else np.float64)
        return V(self, n, ty, v)

    def chlo(self, name, fn, *args):
        """A CHLO op of the same f64 type, legalized by its own rule; the
        numpy evaluation runs that rule's description."""
        n = self.line(f"chlo.{name}", list(args), F)
        v = None
        if self.eval:
            sub = Ctx(args[0].v, args[1].v if len(args) > 1 else None)
            v = fn(sub).v
        return V(self, n, F, v)

    # helpers
    def abs(self, a):
        return self.un("abs", a)

    def exp(self, a):
        return self.un("exponential", a)

    def log(self, a):
        return self.un("log", a)

    def sqrt(self, a):
        return self.un("sqrt", a)

    def isnan(self, a):
        return a.ne(a)

    def horner(self, t, coeffs):
        """coeffs lowest degree first."""
        acc = self.const(coeffs[-1])
        for cf in reversed(coeffs[:-1]):
            acc = acc * t + cf
        return acc


# ---------------------------------------------------------------------------
# Fitting
# ---------------------------------------------------------------------------

def polyval_mp(cs, t):
    acc = mp.mpf(0)
    for c in reversed(cs):
        acc = acc * t + mp.mpf(c)
    return acc


def fit(f, a, b, c=0.0, maxdeg=40, target=TARGET, what=""):
    """Polynomial p (f64 coefficients, lowest first) with p(x - c) ~ f(x) on
    [a, b], relative error below target; returns (coeffs, error)."""
    a, b, c = mp.mpf(a), mp.mpf(b), mp.mpf(c)
    g = lambda t: f(t + c)
    pts = [a + (b - a) * mp.mpf(i) / 599 for i in range(600)]
    vals = [f(p) for p in pts]
    best = None
    for n in range(4, maxdeg + 2):
        poly = mp.chebyfit(g, [a - c, b - c], n)
        cs = [float(v) for v in reversed(poly)]
        err = max(abs(polyval_mp(cs, p - c) / v - 1) for p, v in zip(pts, vals))
        if best is None or err < best[1]:
            best = (cs, err)
        if err < target:
            break
    sys.stderr.write(f"  fit {what} [{float(a)}, {float(b)}] degree {len(best[0]) - 1} rel err {float(best[1]):.3g}\n")
    return best


def nudge(t):
    return t if abs(t) > mp.mpf(10) ** -30 else mp.mpf(10) ** -30


FITS = {}
# A development cache of the fits (not needed to regenerate): SPECIAL_FIT_CACHE=file.
CACHE = os.environ.get("SPECIAL_FIT_CACHE")
if CACHE and os.path.exists(CACHE):
    import json

    FITS = {k: (v, 0.0) for k, v in json.load(open(CACHE)).items()}


def cached(key, make):
    key = repr(key)
    if key not in FITS:
        FITS[key] = make()
        if CACHE:
            import json

            json.dump({k: v[0] for k, v in FITS.items()}, open(CACHE, "w"))
    return FITS[key][0]


# ---------------------------------------------------------------------------
# erf, erfc
# ---------------------------------------------------------------------------

# erf(x) = x P(x^2) for |x| <= 1
def erf_small_coeffs():
    return cached("erf_small", lambda: fit(lambda u: mp.erf(mp.sqrt(nudge(u))) / mp.sqrt(nudge(u)), 0, 1, 0, what="erf(x)/x in x^2"))


# G(x) = erfc(x) e^{x^2}, x >= 0.5, in pieces
ERFC_PIECES = [(0.5, 1.0, 0.75), (1.0, 2.0, 1.5), (2.0, 4.0, 3.0), (4.0, 8.0, 6.0), (8.0, 16.0, 12.0), (16.0, 28.0, 22.0)]


def erfc_piece_coeffs(i):
    a, b, c = ERFC_PIECES[i]
    return cached(("erfc", i), lambda: fit(lambda x: mp.erfc(x) * mp.exp(x * x), a, b, c, what="erfc(x) e^(x^2)"))


def exp_neg_sq(c, a):
    """e^{-a^2}: a = ah + al with ah of 26 bits, so ah^2 is exact."""
    bits = c.bitcast(a, I64)
    hi = c.bitcast(c.bin("and", bits, c.iconst(-(1 << 27)), ty=I64), F)
    lo = (a - hi) * (a + hi)
    return c.exp(-(hi * hi)) * c.exp(-lo)


def erfc_pos(c, a):
    """erfc(a) for a >= 0.5 (0 beyond 28, where it underflows)."""
    g = None
    for i, (lo, hi, mid) in enumerate(ERFC_PIECES):
        v = c.horner(a - mid, erfc_piece_coeffs(i))
        g = v if g is None else c.select(a < lo, g, v)
    r = exp_neg_sq(c, a) * g
    return c.select(a > 28.0, 0.0, r)


def erf_small(c, x):
    return x * c.horner(x * x, erf_small_coeffs())


def rule_erf(c):
    x = c.x
    a = c.abs(x)
    big = 1.0 - erfc_pos(c, a)
    big = c.select(x < 0.0, -big, big)
    r = c.select(a < 1.0, erf_small(c, x), big)
    return c.select(c.isnan(x), x, r)


def rule_erfc(c):
    x = c.x
    a = c.abs(x)
    e = erfc_pos(c, a)
    r = c.select(x < 0.0, 2.0 - e, e)
    r = c.select(a < 0.5, 1.0 - erf_small(c, x), r)
    return c.select(c.isnan(x), x, r)


# ---------------------------------------------------------------------------
# erf_inv
# ---------------------------------------------------------------------------

def erfinv_small_coeffs():
    return cached("erfinv_small", lambda: fit(lambda u: mp.erfinv(mp.sqrt(nudge(u))) / mp.sqrt(nudge(u)), 0, 0.25, 0, what="erfinv(y)/y in y^2"))


ERFINV_W = (0.8, 6.2, 3.5)


def erfinv_tail_coeffs():
    lo, hi, mid = ERFINV_W
    # erfinv(1 - e^{-w^2}) as a polynomial in w - mid, to ~1e-9 (one Halley step follows)
    return cached("erfinv_tail", lambda: fit(lambda w: mp.erfinv(1 - mp.exp(-w * w)), lo, hi, mid, target=mp.mpf(2) ** -30, what="erfinv in w"))


def rule_erf_inv(c):
    y = c.x
    a = c.abs(y)
    small = y * c.horner(y * y, erfinv_small_coeffs())
    t = 1.0 - a  # exact for a >= 1/2
    w = c.sqrt(-c.log(t))
    x0 = c.horner(w - ERFINV_W[2], erfinv_tail_coeffs())
    # one Halley step on erfc(x) - t
    g = c.chlo("erfc", rule_erfc, x0) - t
    d = c.exp(-(x0 * x0)) * (-1.1283791670955126)
    s = g / d
    s = s / (1.0 + x0 * s)
    x1 = x0 - s
    tail = c.select(y < 0.0, -x1, x1)
    r = c.select(a <= 0.5, small, tail)
    inf = c.inf()
    r = c.select(a.eq(1.0), c.select(y < 0.0, -inf, inf), r)
    r = c.select(a > 1.0, c.nan(), r)
    return c.select(c.isnan(y), y, r)


# ---------------------------------------------------------------------------
# lgamma
# ---------------------------------------------------------------------------

def lg_a_coeffs():  # lgamma(1 + t)/t, |t| <= 1/2
    return cached("lg_a", lambda: fit(lambda t: mp.loggamma(1 + nudge(t)) / nudge(t), -0.5, 0.5, 0, what="lgamma(1+t)/t"))


def lg_b_coeffs():  # lgamma(2 + t)/t, |t| <= 1/2
    return cached("lg_b", lambda: fit(lambda t: mp.loggamma(2 + nudge(t)) / nudge(t), -0.5, 0.5, 0, what="lgamma(2+t)/t"))


LG_PIECES = [(2.5, 5.0, 3.75), (5.0, 10.0, 7.5)]


def lg_piece_coeffs(i):
    a, b, c = LG_PIECES[i]
    return cached(("lg", i), lambda: fit(mp.loggamma, a, b, c, what="lgamma"))


def bern_series(k, div):
    """B_{2j} / div(j) for j = 1..k."""
    return [mp.bernoulli(2 * j) / div(j) for j in range(1, k + 1)]


def lgamma_pos(c, a):
    """lgamma(a) for a >= 1/2."""
    ta = a - 1.0
    pa = ta * c.horner(ta, lg_a_coeffs())
    tb = a - 2.0
    pb = tb * c.horner(tb, lg_b_coeffs())
    p1 = c.horner(a - LG_PIECES[0][2], lg_piece_coeffs(0))
    p2 = c.horner(a - LG_PIECES[1][2], lg_piece_coeffs(1))
    # Stirling: (a - 1/2)(ln a - 1) + (ln(2 pi) - 1)/2 + sum B2j/(2j(2j-1) a^(2j-1))
    z = 1.0 / a
    z2 = z * z
    cs = [float(v) for v in bern_series(10, lambda j: 2 * j * (2 * j - 1))]
    st = (a - 0.5) * (c.log(a) - 1.0) + float((mp.log(2 * mp.pi) - 1) / 2) + z * c.horner(z2, cs)
    r = c.select(a < 1.5, pa, pb)
    r = c.select(a < 2.5, r, p1)
    r = c.select(a < 5.0, r, p2)
    return c.select(a < 10.0, r, st)


def rule_lgamma(c):
    x = c.x
    ax = c.abs(x)
    # |x| < 1/2: lgamma(1 + x) - ln|x|
    small = x * c.horner(x, lg_a_coeffs()) - c.log(ax)
    neg = x < 0.0
    a = c.select(neg, 1.0 - x, x)
    lp = lgamma_pos(c, a)
    # reflection: ln(pi) - ln|sin(pi r)| - lgamma(1 - x), r = x - round(x)
    r = x - c.un("round_nearest_even", x)
    s = c.abs(c.un("sine", r * 3.141592653589793))
    refl = (float(mp.log(mp.pi)) - c.log(s)) - lp
    res = c.select(neg, refl, lp)
    res = c.select(ax < 0.5, small, res)
    inf = c.inf()
    res = c.select(neg & r.eq(0.0), inf, res)
    res = c.select(ax.eq(inf), inf, res)
    # lgamma is +0 (never -0) at 1 and 2
    res = res + 0.0
    return c.select(c.isnan(x), x, res)


# ---------------------------------------------------------------------------
# digamma
# ---------------------------------------------------------------------------

PSI_ZERO = mp.findroot(mp.digamma, 1.4616321449683623)
PSI_ZERO_HI = float(PSI_ZERO)
PSI_ZERO_LO = float(PSI_ZERO - mp.mpf(PSI_ZERO_HI))
PSI_PIECES = [(2.0, 4.0, 3.0), (4.0, 10.0, 7.0)]


def psi_a_coeffs():  # psi(x)/(x - x0) on [1, 2], in x - 1.5
    def f(x):
        d = x - PSI_ZERO
        if abs(d) < mp.mpf(10) ** -25:
            return mp.diff(mp.digamma, PSI_ZERO)
        return mp.digamma(x) / d
    return cached("psi_a", lambda: fit(f, 1.0, 2.0, 1.5, what="digamma(x)/(x-x0)"))


def psi_piece_coeffs(i):
    a, b, c = PSI_PIECES[i]
    return cached(("psi", i), lambda: fit(mp.digamma, a, b, c, what="digamma"))


def split(c, a):
    """a = hi + lo exactly, each of at most 26 significant bits (Veltkamp;
    |a| far below the overflow threshold)."""
    t = 134217729.0 * a
    hi = t - (t - a)
    return hi, a - hi


def two_prod(c, a, b):
    """p + e = a * b exactly (Dekker), for products far from overflow and
    underflow."""
    p = a * b
    ah, al = split(c, a)
    bh, bl = split(c, b)
    e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
    return p, e


def two_sum(c, a, b):
    """s + e = a + b exactly (Knuth)."""
    s = a + b
    bb = s - a
    e = (a - (s - bb)) + (b - bb)
    return s, e


LN2 = mp.log(2)
LN2_HI = float(mp.floor(LN2 * 2**40) / 2**40)  # 40 bits: e * LN2_HI is exact
LN2_LO = float(LN2 - mp.mpf(LN2_HI))
# log(f) = 2 atanh(s) = 2 s + 2 s^3 sum_k s^2k / (2k + 3), |s| <= 0.172:
# the sum's terms beyond k = 11 are below 2^-60 of it.
ATANH_TAIL = [1.0 / (2 * k + 3) for k in range(12)]


def log_dd(c, a):
    """log(a) = hi + lo, for a >= 1 finite, with an error of a few 2^-100
    relative: a = 2^e f with f in [0.7, 1.42] (e from the executor's log,
    2^-e from its exact power of two), e ln 2 in two parts, and log(f) =
    2 atanh(s), s = (f - 1)/(f + 1) in two parts."""
    e = c.un("round_nearest_even", c.log(a) * float(1 / LN2))
    f = a * c.bin("power", c.const(2.0), -e)
    u = f - 1.0
    vh, vl = two_sum(c, f, c.const(1.0))
    sh = u / vh
    q, qe = two_prod(c, sh, vh)
    sl = (((u - q) - qe) - sh * vl) / vh
    w = sh * sh
    tail = (2.0 * sh) * (w * c.horner(w, ATANH_TAIL))
    h, l = two_sum(c, e * LN2_HI, 2.0 * sh)
    return h, l + ((e * LN2_LO + 2.0 * sl) + tail)


PI2_3 = mp.pi ** 2 / 3
PI2_3_HI = float(PI2_3)
PI2_3_LO = float(PI2_3 - mp.mpf(PI2_3_HI))
# pi cot(pi r) = 1/r - C(r), C(r) = sum_k 2 zeta(2k) r^(2k-1) =
# (pi^2/3) r + r^3 Q(r^2); Q's Taylor series at |r| <= 1/2: its terms
# beyond k = 31 are below 2^-60 of it.
COT_Q = [float(2 * mp.zeta(2 * k)) for k in range(2, 32)]


def digamma_ge1(c, a):
    """psi(a) = hi + lo for a >= 1: polynomials below 10 (lo = 0), the
    asymptotic series above, its log in two parts."""
    d = (a - PSI_ZERO_HI) - PSI_ZERO_LO
    pa = d * c.horner(a - 1.5, psi_a_coeffs())
    p1 = c.horner(a - PSI_PIECES[0][2], psi_piece_coeffs(0))
    p2 = c.horner(a - PSI_PIECES[1][2], psi_piece_coeffs(1))
    big = c.select(a < 10.0, 10.0, a)
    lh, ll = log_dd(c, big)
    z = 1.0 / big
    z2 = z * z
    cs = [float(v) for v in bern_series(10, lambda j: 2 * j)]
    asym_lo = (ll - 0.5 * z) - z2 * c.horner(z2, cs)
    r = c.select(a < 2.0, pa, p1)
    r = c.select(a < 4.0, r, p2)
    small = a < 10.0
    return c.select(small, r, lh), c.select(small, 0.0, asym_lo)


EULER = float(mp.euler)


def digamma_expr(c, x):
    """x < 0 by reflection, psi(x) = psi(1 - x) - pi cot(pi r) with r = x -
    round(x) (exact) and pi cot(pi r) = 1/r - C(r): the large terms (psi(1
    - x), 1/r and (pi^2/3) r) are each carried in two parts and summed
    exactly, so near a zero of psi, where they cancel, the result keeps its
    relative accuracy."""
    ax = c.abs(x)
    pos = x > 0.0
    ge1 = x >= 1.0
    a = c.select(ge1, x, c.select(pos, x + 1.0, 1.0 - x))
    ph, pl = digamma_ge1(c, a)
    p = ph + pl
    r = x - c.un("round_nearest_even", x)
    rs = c.select(r.eq(0.0), 0.5, r)
    rh = 1.0 / rs
    q, qe = two_prod(c, rh, rs)
    rl = ((1.0 - q) - qe) / rs
    kh, ke = two_prod(c, c.const(PI2_3_HI), rs)
    r2 = rs * rs
    c3 = (rs * r2) * c.horner(r2, COT_Q)
    s1, e1 = two_sum(c, ph, -rh)
    s2, e2 = two_sum(c, s1, kh)
    refl = s2 + (((e1 + e2) + (pl - rl)) + ((ke + PI2_3_LO * rs) + c3))
    res = c.select(ge1, p, c.select(pos, p - 1.0 / x, refl))
    tiny = (-1.0 / x) - EULER
    res = c.select(ax < 2.0 ** -30, tiny, res)
    inf = c.inf()
    nan = c.nan()
    res = c.select((x <= 0.0) & r.eq(0.0), nan, res)
    res = c.select(x.eq(inf), inf, res)
    res = c.select(x.eq(-inf), nan, res)
    return c.select(c.isnan(x), x, res)


def rule_digamma(c):
    return digamma_expr(c, c.x)


# ---------------------------------------------------------------------------
# bessel_i1e
# ---------------------------------------------------------------------------

def i1e(x):
    return mp.besseli(1, x) * mp.exp(-x)


I1E_PIECES = [(2.0, 4.0, 3.0), (4.0, 8.0, 6.0), (8.0, 14.0, 11.0), (14.0, 24.0, 19.0)]
I1E_BIG = 24.0


def i1e_small_coeffs():  # I1(x)/x in x^2 on [0, 2]: positive coefficients
    return cached("i1_small", lambda: fit(lambda u: mp.besseli(1, mp.sqrt(nudge(u))) / mp.sqrt(nudge(u)), 0, 4, 0, what="I1(x)/x in x^2"))


def i1e_piece_coeffs(i):
    a, b, c = I1E_PIECES[i]
    return cached(("i1e", i), lambda: fit(i1e, a, b, c, what="i1e"))


def i1e_big_coeffs():  # sqrt(x) i1e(x) in z = 1/x on (0, 1/24]
    def f(z):
        z = nudge(z) if z < mp.mpf(10) ** -12 else z
        if z < mp.mpf(10) ** -12:
            # asymptotic expansion, exact to far below the target here
            x = 1 / z
            s, term = mp.mpf(1), mp.mpf(1)
            for k in range(1, 30):
                term *= -(4 - (2 * k - 1) ** 2) / (8 * k * x)
                s += term
            return s / mp.sqrt(2 * mp.pi)
        return mp.sqrt(1 / z) * i1e(1 / z)
    return cached("i1e_big", lambda: fit(f, 0, 1 / I1E_BIG, 0, what="sqrt(x) i1e(x) in 1/x"))


def rule_bessel_i1e(c):
    x = c.x
    a = c.abs(x)
    v = a * c.horner(a * a, i1e_small_coeffs()) * c.exp(-a)
    for i, (lo, hi, mid) in enumerate(I1E_PIECES):
        v = c.select(a < lo, v, c.horner(a - mid, i1e_piece_coeffs(i)))
    z = 1.0 / a
    big = c.horner(z, i1e_big_coeffs()) / c.sqrt(a)
    v = c.select(a < I1E_BIG, v, big)
    r = c.select(x < 0.0, -v, v)
    r = c.select(x.eq(0.0), x, r)
    return c.select(c.isnan(x), x, r)


# ---------------------------------------------------------------------------
# zeta, polygamma
# ---------------------------------------------------------------------------

ZETA_N = 24  # direct terms
ZETA_J = 13  # Euler-Maclaurin (Bernoulli) terms


def is_int(c, v):
    return c.un("round_nearest_even", v).eq(v)


def zeta_pos(c, s, q, lf=None):
    """zeta(s, q) for s > 1 and q > 0 (times e^lf when lf is given):
    ZETA_N direct terms, the rest by Euler-Maclaurin at a = q + ZETA_N with
    ZETA_J Bernoulli terms (a >= 24). The leading term a^(1-s)/(s-1) is
    computed as such (not as a * a^-s, which underflows first for huge q);
    with lf every power y^-s is exp(lf - s log y), so that a scale n!
    beyond the f64 range, or a zeta below it, keeps the product."""
    def pw(y, e):
        if lf is None:
            return c.bin("power", y, e)
        return c.exp(lf + e * c.log(y))

    a = q + float(ZETA_N)
    big = pw(a, 1.0 - s)  # a^(1-s)
    ax = big / a  # a^-s
    tail = big / (s - 1.0) + 0.5 * ax
    inv_a2 = 1.0 / (a * a)
    t = s * ax / a
    coef = [float(mp.bernoulli(2 * j) / mp.factorial(2 * j)) for j in range(1, ZETA_J + 1)]
    corr = coef[0] * t
    for j in range(1, ZETA_J):
        t = t * ((s + float(2 * j - 1)) * (s + float(2 * j)) * inv_a2)
        corr = corr + coef[j] * t
    inf = c.inf()
    # Where the (then divergent, s > 2 pi a) correction overflowed, the
    # direct terms dominate it: left out.
    corr = c.select(c.abs(corr) < inf, corr, 0.0)
    tail = c.select(big.eq(0.0), 0.0, c.select(big.eq(inf), inf, tail + corr))
    acc = tail
    for k in reversed(range(ZETA_N)):
        acc = acc + pw(q + float(k), -s)
    return acc


def zeta_sum(c, s, q, lf=None):
    """zeta(s, q) (times e^lf) for s > 1 and q not a non-positive integer,
    s an integer when q < 0. For q < 0, with f = q - floor(q) and
    g = ceil(q) - q = 1 - f (both exact in f64 for |q| >= 1; for -1 < q < 0
    g = -q exactly and f = q + 1 rounded), the terms with q + k < 0 are
    (-1)^s (zeta(s, g) - zeta(s, 1 - q)), the others zeta(s, f): three sums
    at positive arguments. For odd s at f = 1/2 the first two are the same
    computation and cancel exactly."""
    neg = q < 0.0
    f = q - c.un("floor", q)
    g = c.un("ceil", q) - q
    z1 = zeta_pos(c, s, c.select(neg, f, q), lf)
    z2 = zeta_pos(c, s, c.select(neg, g, 1.0), lf)
    z3 = zeta_pos(c, s, c.select(neg, 1.0 - q, 2.0), lf)
    even = is_int(c, s * 0.5)
    inf = c.inf()
    # odd s: z1 - z2 first (they cancel, exactly at f = 1/2), then + z3;
    # where both overflowed, the sign of the larger, the one nearer 0.
    odd_r = c.select(z1.eq(inf) & z2.eq(inf), c.select(f < 0.5, inf, -inf), (z1 - z2) + z3)
    odd_r = c.select(f.eq(0.5), z3, odd_r)
    ev_r = (z1 + z2) - z3
    if lf is not None:
        # Scaled (polygamma): e^lf itself may overflow (n! for n > 170), and
        # then z3 = e^lf zeta(s, 1 - q) is inf and so are z1 and z2 (f, g <
        # 1 < 1 - q): inf - inf. For even s every term is positive and the
        # value exceeds z3, so it overflows too: +inf. (Odd s: all three
        # inf is the case handled above.)
        ev_r = c.select(z3.eq(inf), inf, ev_r)
    refl = c.select(even, ev_r, odd_r)
    return c.select(neg, refl, z1)


def zeta_specials(c, s, q, r):
    """The poles and limits of the executor's zeta around a value r."""
    inf = c.inf()
    nan = c.nan()
    qint = is_int(c, q)
    # x = +inf: q^-x is inf, 1 or 0
    r = c.select(s.eq(inf), c.select(q < 1.0, inf, c.select(q.eq(1.0), 1.0, 0.0)), r)
    r = c.select(q.eq(inf), 0.0, r)
    # q < 0: a real sum only for an integer x
    r = c.select((q < 0.0) & c.un("not", is_int(c, s), ty=B1), nan, r)
    r = c.select((q <= 0.0) & qint, inf, r)
    r = c.select(s.eq(1.0), inf, r)
    r = c.select(s < 1.0, nan, r)
    r = c.select(c.isnan(q), q, r)
    return c.select(c.isnan(s), s, r)


def rule_zeta(c):
    """Hurwitz zeta(x, q) = sum_k (q + k)^-x (see zeta_sum)."""
    s, q = c.x, c.y
    return zeta_specials(c, s, q, zeta_sum(c, s, q))


FACT_DIRECT = 25


def rule_polygamma(c):
    """(-1)^(n+1) n! zeta(n + 1, x). Where n! overflows (n > 170) or zeta
    falls below 2^-960 (where f64 loses digits while the product may be
    in range), the scaled sum: every power times n! as one exp."""
    n, x = c.x, c.y
    # n! : exact products up to FACT_DIRECT, beyond exp(lgamma(n + 1))
    fact = c.const(1.0)
    for k in range(2, FACT_DIRECT + 1):
        fact = fact * c.select(n >= float(k), float(k), 1.0)
    lf = c.chlo("lgamma", rule_lgamma, n + 1.0)
    big = c.exp(lf)
    fact = c.select(n > float(FACT_DIRECT), big, fact)
    # (-1)^(n+1): + for odd n
    half = n * 0.5
    inf = c.inf()
    # n = +inf counts as odd, as in the executor
    odd = c.un("not", is_int(c, half), ty=B1) | n.eq(inf)
    s = n + 1.0
    z = c.chlo("zeta", rule_zeta, s, x)
    v = fact * z
    scaled = ((c.abs(z) < 2.0 ** -960) | (n > 170.0)) & (n < inf)
    # x > 0 or a non-integer x < 0 with s an integer: zeta_sum applies;
    # the specials (poles, x = -inf) are those of zeta times n!.
    xs = c.select(scaled, x, 1.0)
    w = zeta_sum(c, s, xs, lf)
    v = c.select(scaled & (x > -inf) & c.un("not", (x <= 0.0) & is_int(c, x), ty=B1) & (x < inf), w, v)
    # n > 1.77e305 (f64 only; every such n is an even integer): Stirling's
    # log2 n! ((n + 1/2) ln n - n + ln sqrt(2 pi)) log2 e overflows f64,
    # and lgamma(n + 1) overflows from n = 2.5e305 on. The value is
    # e^L S with L = ln n! - (n + 1) ln x and S = sum (1 + k/x)^-(n+1)
    # (between 1 and 1 + x/n): with x = (n/e)(1 + d), L = -(n + 1) d +
    # O(ln n), so it is beyond f64's range on both sides unless |d| < 1e-302:
    # +inf (times the sign) where x < n/e, 0 where x > n/e. The f64
    # comparison with n (1/e) may decide wrongly for x within 2 ulps of n/e.
    log2e = math.log2(math.e)
    st = ((n + 0.5) * c.log(n) - n + 0.5 * math.log(2.0 * math.pi)) * log2e
    beyond = x > n * (1.0 / math.e)
    v = c.select(st.eq(inf) & (n < inf), c.select(beyond, 0.0, inf), v)
    r = c.select(odd, v, -v)
    # x = +inf: the limit, +0 for odd n, -0 for even n
    r = c.select(x.eq(inf), c.select(odd, 0.0, -0.0), r)
    r = c.select(n.eq(0.0), c.chlo("digamma", rule_digamma, x), r)
    r = c.select((n < 0.0) | c.un("not", is_int(c, n), ty=B1), c.nan(), r)
    r = c.select(c.isnan(x), x, r)
    return c.select(c.isnan(n), n, r)


# ---------------------------------------------------------------------------
# Rule text
# ---------------------------------------------------------------------------

UNARY = [
    ("erf", rule_erf),
    ("erfc", rule_erfc),
    ("erf_inv", rule_erf_inv),
    ("lgamma", rule_lgamma),
    ("digamma", rule_digamma),
    ("bessel_i1e", rule_bessel_i1e),
]
BINARY = [("zeta", rule_zeta), ("polygamma", rule_polygamma)]


def body(fn, binary=False):
    c = Ctx()
    r = fn(c)
    return c.lines + [f"%r = {r.n}"]


NARROW = "f32 = 1 ulp, bf16 = 1 ulp, f16 = 1 ulp, f8E5M2 = 1 ulp, f8E4M3 = 1 ulp, f8E4M3FN = 1 ulp, f8E4M3FNUZ = 1 ulp, f8E5M2FNUZ = 1 ulp, f8E4M3B11FNUZ = 1 ulp, f8E3M4 = 1 ulp, f8E8M0FNU = 1 ulp, f6E2M3FN = 1 ulp, f6E3M2FN = 1 ulp, f4E2M1FN = 1 ulp"

# Measured f64 bounds (see the header of the generated file).
F64_ULP = {
    "erf": 2,
    "erfc": 4,
    "erf_inv": 4,
    "lgamma": 1 << 20,
    "digamma": 1 << 20,
    "bessel_i1e": 16,
    "polygamma": 4096,
    "zeta": 4096,
}

HEADER = """// generated by spec/rules/gen/special.py; do not edit
//
// CHLO's special functions in StableHLO ops, approximately (`approx`
// rules: the bounds are in ULP of each format, against the executor's CHLO
// op). Every function is computed in f64 arithmetic: a format narrower
// than f64 converts its argument to f64 (exactly), applies the f64 rule
// and converts the f64 result back, one rounding of a value whose error is
// far below half an ulp of f32, so the result is the correctly rounded one
// or its neighbour. The f64 rules use polynomials fitted by the generator
// (Chebyshev interpolation with mpmath, relative error about 2^-56 each),
// argument reductions that are exact in f64, and the executor's correctly
// rounded exp, log, sin, tan, pow and sqrt.
//
// Poles and limits are those of the executor's CHLO ops:
//   erf(±0) = ±0, erf(±inf) = ±1; erfc(-inf) = 2, erfc(+inf) = +0;
//   erf_inv(±1) = ±inf, erf_inv(y) = NaN for |y| > 1, erf_inv(±0) = ±0;
//   lgamma(x) = +inf at x = ±0, at the negative integers and at ±inf;
//   digamma(x) = NaN at ±0, the negative integers and -inf, +inf at +inf;
//   bessel_i1e(±0) = ±0, bessel_i1e(±inf) = ±0;
//   polygamma(n, x): NaN unless n is a non-negative integer; n = 0 is
//   digamma; otherwise (-1)^(n+1) n! zeta(n + 1, x);
//   zeta(x, q): NaN for x < 1, +inf at x = 1 and at q a non-positive integer
//   (q = -inf included), NaN for q < 0 and x not an integer, 0 at q = +inf;
//   at x = +inf: +inf, 1, 0 for q < 1, q = 1, q > 1;
//   polygamma(n, +inf) = +0 for odd n, -0 for even n (n = +inf: odd).
// A NaN argument gives NaN.
//
// Measured against the executor (tests/special_decompositions.rs):
// identical results (0 ulp) on every input of every format of 8 bits or
// fewer and of f16 and bf16, and on 100,000 sampled f32 inputs. f64, 20,000
// samples: erf 1 ulp, erfc 3, erf_inv 2, bessel_i1e 11; lgamma and digamma
// have no bound on their relative error near their zeros (lgamma's absolute
// error is a few 1e-15 there; digamma's is far smaller below -9, where its
// large terms are carried in two parts: 197 ulp on its certificate's 10^6
// f64 samples); the f64 bounds below are margins above the largest seen, not
// proofs. zeta and polygamma: every pair of every format of 8 bits or
// fewer, sampled pairs in f16, bf16, f32 and f64 (tests and certificates
// in proofs/ state the figures).
//
// zeta(x, q), q > 0: 24 terms directly and the rest by Euler-Maclaurin at
// a = q + 24 with 13 Bernoulli terms, its leading term a^(1-x)/(x-1)
// computed as such (so a huge q does not underflow a^-x first). q < 0
// (x an integer; f = q - floor(q), g = ceil(q) - q = 1 - f): the terms at
// negative arguments sum to (-1)^x (zeta(x, g) - zeta(x, 1 - q)), the
// others to zeta(x, f), three sums at positive arguments; for odd x,
// zeta(x, f) - zeta(x, g) is formed first (at f = 1/2 it is exactly 0).
// The executor sums the same three (correctly rounded, in balls).
// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x); where n! overflows
// (n > 170) or zeta is below 2^-960, every power is taken as
// exp(lgamma(n + 1) - (n + 1) log y), so that the product is kept.
"""


def main():
    out = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else os.path.join(os.path.dirname(__file__), "..", "special.rules")
    with open(out, "w") as f:
        f.write(HEADER)
        f.write("\n")
        f.write("// Every format but f64: through f64, rounded once. Swept over all 2^32\n")
        f.write("// f32 inputs: erf 0 ulp; lgamma, erf_inv, digamma, bessel_i1e 1 ulp, where\n")
        f.write("// the f64 value rounded once more crosses an f32 midpoint (lgamma 2\n")
        f.write("// inputs, erf_inv 2, digamma 6; bessel_i1e 8,388,610: 2, and every odd\n")
        f.write("// subnormal x, whose i1e(x) = x/2 (1 - |x| + ...) lies just inside a tie\n")
        f.write("// that f64 cannot tell from it). digamma_f64 carries its reflection's\n")
        f.write("// large terms in two parts; before, digamma reached 2 ulp near a zero\n")
        f.write("// (x = -66.795906).\n")
        ops = " ".join(n for n, _ in UNARY if n != "erfc")
        f.write(f"rule {{op}}_via_f64 approx({NARROW}) for op in {ops}\n")
        f.write("  from %r = chlo.{op}(%x) : T\n  where float(T) and static(T) and not eq(elem(T), f64)\n")
        f.write("  to   %a = stablehlo.convert(%x) : with_elem(T, f64)\n")
        f.write("       %b = chlo.{op}(%a) : with_elem(T, f64)\n")
        f.write("       %r = stablehlo.convert(%b) : T\nend\n")
        f.write("\n// erfc: as above, but an f64 result that underflowed to 0 (x > 28)\n")
        f.write("// becomes the smallest subnormal, which rounds to 0 in every format\n")
        f.write("// with a zero and to 2^-127 in f8E8M0FNU (no zero), as the executor's\n")
        f.write("// erfc of a large argument does.\n")
        f.write(f"rule erfc_via_f64 approx({NARROW})\n")
        f.write("  from %r = chlo.erfc(%x) : T\n  where float(T) and static(T) and not eq(elem(T), f64)\n")
        f.write("  to   %a = stablehlo.convert(%x) : with_elem(T, f64)\n")
        f.write("       %b = chlo.erfc(%a) : with_elem(T, f64)\n")
        f.write("       %t = stablehlo.constant() {value = splat(with_elem(T, f64), 4.9406564584124654e-324)} : with_elem(T, f64)\n")
        f.write("       %m = stablehlo.maximum(%b, %t) : with_elem(T, f64)\n")
        f.write("       %r = stablehlo.convert(%m) : T\nend\n")
        for name, fn in UNARY:
            lines = body(fn)
            f.write(f"\nrule {name}_f64 approx(f64 = {F64_ULP[name]} ulp)\n")
            f.write(f"  from %r = chlo.{name}(%x) : T\n  where eq(elem(T), f64) and static(T)\n")
            f.write("  to   " + "\n       ".join(lines) + "\nend\n")
        f.write("\n// Every format but f64: through f64, rounded once; a zero f64 result\n")
        f.write("// becomes the smallest subnormal of its sign (see the header).\n")
        f.write(f"rule {{op}}_via_f64 approx({NARROW}) for op in zeta polygamma\n")
        f.write("  from %r = chlo.{op}(%x, %y) : T\n  where float(T) and static(T) and not eq(elem(T), f64)\n")
        D = "with_elem(T, f64)"
        f.write(f"  to   %a = stablehlo.convert(%x) : {D}\n")
        f.write(f"       %b = stablehlo.convert(%y) : {D}\n")
        f.write(f"       %c = chlo.{{op}}(%a, %b) : {D}\n")
        f.write(f"       %z = stablehlo.constant() {{value = splat({D}, 0.0)}} : {D}\n")
        f.write(f"       %o = stablehlo.constant() {{value = splat({D}, 1.0)}} : {D}\n")
        f.write(f"       %t = stablehlo.constant() {{value = splat({D}, 4.9406564584124654e-324)}} : {D}\n")
        f.write(f"       %e = stablehlo.compare(%c, %z) {{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type FLOAT>}} : with_elem(T, i1)\n")
        f.write(f"       %i = stablehlo.divide(%o, %c) : {D}\n")
        f.write(f"       %p = stablehlo.compare(%i, %z) {{comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>}} : with_elem(T, i1)\n")
        f.write(f"       %n = stablehlo.negate(%t) : {D}\n")
        f.write(f"       %s = stablehlo.select(%p, %t, %n) : {D}\n")
        f.write(f"       %m = stablehlo.select(%e, %s, %c) : {D}\n")
        f.write("       %r = stablehlo.convert(%m) : T\nend\n")
        for name, fn in BINARY:
            lines = body(fn)
            f.write(f"\nrule {name}_f64 approx(f64 = {F64_ULP[name]} ulp)\n")
            f.write(f"  from %r = chlo.{name}(%x, %y) : T\n  where eq(elem(T), f64) and static(T)\n")
            f.write("  to   " + "\n       ".join(lines) + "\nend\n")


if __name__ == "__main__":
    main()
