"""Writes complex_inverse_reference.txt: reference values of the complex
asin, acos, asinh and acosh (principal branches, C99 Annex G, signed zeros
on the branch cuts) for complex<f64> and complex<f32> arguments, over the
regions where a floating-point evaluation can go wrong: tiny and huge |z|,
z near +-1 and +-i, small |Im z| with |Re z| below and above 1 (and the
same mirrored for asinh, whose cuts lie on the imaginary axis), the axes,
and every sign of both parts.

Off the axes (both parts nonzero) a value is mpmath's own function at the
exact argument, at a precision that is doubled until two successive
precisions agree to 2^-160 relative in both parts, and is checked against
a second route: the definition through A = (|z + 1| + |z - 1|) / 2 and
W = sqrt(A^2 - x^2) for x = |Re z|, y = |Im z|, as in
asin_acos_kernel_reference.py (asin = atan2(x, W) + i acosh(A) in the first
quadrant, acos = atan2(W, x) - i acosh(A), and the symmetries asin(-z) =
-asin(z), asin(conj z) = conj(asin z), acos(-z) = pi - acos(z), ...).
On an axis (a zero part) the value is the closed form of C99 Annex G: for
y = +-0, asin(x) and acos(x) of the real argument on [-1, 1], and on the
cut |x| > 1 the limit from the side of the zero's sign, with the zero parts
signed as C99 has them; likewise for x = +-0.

atanh is sampled over the same regions (its own random sequence, after
the others, so their lines do not change) and along the unit circle, where
1 - x^2 - y^2 cancels; off the axes its second route is the definition
Re = log1p(4|x| / ((1 - |x|)^2 + y^2)) / 4, Im = atan2(2|y|, 1 - x^2 - y^2) / 2
with the signs of x and y; on the axes C99's closed forms (G.6.2.3
catanh: atanh(x +- i0) = atanh(x) +- i0 for |x| < 1, +-inf +- i0 at |x| = 1,
and acoth(x) +- i pi/2 beyond; atanh(+-0 + iy) = +-0 + i atan(y)).

Each line: function (asin, acos, asinh, acosh, atanh), part type (f64 or
f32), the real and imaginary parts of z as bit patterns of that type in
hex, then the real and the imaginary part of the reference, each as the
f64 pair hi, lo with hi = RN(ref) and lo = RN(ref - hi); an exact zero is
written as the signed zero and +0 (an exact infinity likewise, as itself
and +0), and so is a value that rounds to zero in f64 (below 2^-1075 in
magnitude: the real part of asin(z) for a tiny |Re z| and a huge |Im z|,
for instance), with its sign.
Run: python3 complex_inverse_reference.py"""
import math
import random
import struct

import mpmath as mp

rng = random.Random(20250417)

TYPES = {
    # name: (largest finite, smallest subnormal, epsilon, pack format)
    'f64': (1.7976931348623157e308, 5e-324, 2.0 ** -52, '>d'),
    'f32': (3.4028234663852886e38, 1.401298464324817e-45, 2.0 ** -23, '>f'),
}

FUNCTIONS = ('asin', 'acos', 'asinh', 'acosh')


def to_type(t, v):
    fmt = TYPES[t][3]
    if t == 'f32':
        if abs(v) > TYPES[t][0]:
            v = math.copysign(TYPES[t][0], v)
        return struct.unpack(fmt, struct.pack(fmt, v))[0]
    return v


def bits(t, v):
    return struct.pack(TYPES[t][3], v).hex()


def h64(v):
    return struct.pack('>d', v).hex()


def rn(v):
    """v rounded to the nearest f64 (float() of an mpf rounds twice
    below 2^-1022: to 53 bits, then to the subnormal spacing), keeping the
    sign of a value that rounds to zero."""
    if abs(v) >= mp.mpf(2) ** -1022:
        return float(v)
    return math.copysign(math.ldexp(int(mp.nint(v * mp.mpf(2) ** 1074)), -1074), v)


def pair(v):
    if isinstance(v, float):
        # An exact (signed) zero.
        assert v == 0.0
        return h64(v) + ' ' + h64(0.0)
    if mp.isinf(v):
        # catanh(+-1 +- i0): an exact infinity.
        return h64(float(v)) + ' ' + h64(0.0)
    hi = rn(v)
    lo = rn(v - mp.mpf(hi))
    return h64(hi) + ' ' + h64(lo)


def log_uniform(lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def sample(t):
    """(x, y) >= 0 in the coordinates of asin and acos (for asinh the
    caller swaps them), then signed at random."""
    big, tiny, eps, _ = TYPES[t]
    region = rng.choice(['general', 'unit', 'near_one', 'near_one', 'near_i', 'inside',
                         'inside', 'outside', 'outside', 'tiny', 'huge', 'huge', 'mixed',
                         'mixed', 'axis'])
    if region == 'general':
        x, y = log_uniform(1e-3, 1e3), log_uniform(1e-3, 1e3)
    elif region == 'unit':
        x, y = rng.uniform(0, 1.2), rng.uniform(0, 2)
    elif region == 'near_one':
        d = rng.choice([0.0, log_uniform(eps / 2, 0.1), log_uniform(eps / 2, 1e-6)])
        x = 1 + rng.choice([-1, 1]) * d
        y = rng.choice([log_uniform(tiny, 1.0), log_uniform(eps * eps, eps), log_uniform(1e-8, 1.0)])
    elif region == 'near_i':
        d = rng.choice([0.0, log_uniform(eps / 2, 0.1), log_uniform(eps / 2, 1e-6)])
        y = 1 + rng.choice([-1, 1]) * d
        x = rng.choice([log_uniform(tiny, 1.0), log_uniform(eps * eps, eps), log_uniform(1e-8, 1.0)])
    elif region == 'inside':
        # |x| < 1, small |y|: A - 1 and acosh(A) are tiny.
        x = rng.choice([rng.uniform(0, 1), 1 - log_uniform(eps / 2, 0.5), log_uniform(tiny, 1)])
        y = rng.choice([log_uniform(tiny, 1e-3), log_uniform(1e-10, 1e-3)])
    elif region == 'outside':
        # |x| > 1, small |y|: A - |x| and W are tiny.
        x = rng.choice([1 + log_uniform(eps, 1e3), log_uniform(1, big), log_uniform(1, 1e6)])
        y = rng.choice([log_uniform(tiny, 1e-3), log_uniform(1e-10, 1e-3)])
    elif region == 'tiny':
        x = rng.choice([0.0, log_uniform(tiny, 1e-4)])
        y = log_uniform(tiny, 1e-4)
        if rng.random() < 0.5:
            x, y = y, x
    elif region == 'huge':
        x = rng.choice([0.0, log_uniform(1e-3, 1e3), log_uniform(1e4, big)])
        y = log_uniform(1e4, big)
        if rng.random() < 0.5:
            x, y = y, x
    elif region == 'mixed':
        x, y = log_uniform(tiny, big), log_uniform(tiny, big)
    else:
        x = rng.choice([rng.uniform(0, 2), log_uniform(tiny, big), 1.0])
        y = 0.0
        if rng.random() < 0.3:
            x, y = y, x
    x, y = to_type(t, x), to_type(t, y)
    return (x if rng.random() < 0.5 else -x), (y if rng.random() < 0.5 else -y)


def sgn(v):
    return -1 if math.copysign(1.0, v) < 0 else 1


def zero(s):
    return math.copysign(0.0, s)


def nonzero(v):
    """v, or +0 (a float) where v is an exact zero (acos(1) = 0)."""
    return 0.0 if v == 0 else v


def axis(f, re, im):
    """C99's value on an axis (re or im is +-0)."""
    pi = mp.pi
    if im == 0:
        x = mp.mpf(re)
        if f == 'asinh':
            return (mp.asinh(x) if re != 0 else zero(re)), zero(im)
        if abs(re) <= 1:
            if f == 'asin':
                return (mp.asin(x) if re != 0 else zero(re)), zero(im)
            if f == 'acos':
                return nonzero(mp.acos(x)), zero(-sgn(im))
            # acosh(1 +- i0) = +0 +- i0.
            return 0.0, (sgn(im) * mp.acos(x) if re != 1 else zero(im))
        a = mp.acosh(abs(x))
        if f == 'asin':
            return sgn(re) * pi / 2, sgn(im) * a
        if f == 'acos':
            return (0.0 if re > 0 else pi), -sgn(im) * a
        return a, (zero(im) if re > 0 else sgn(im) * pi)  # acosh
    assert re == 0
    y = mp.mpf(im)
    if f == 'asin':
        return zero(re), mp.asinh(y)
    if f == 'acos':
        return pi / 2, -mp.asinh(y)
    if f == 'acosh':
        return mp.asinh(abs(y)), sgn(im) * pi / 2
    if abs(im) <= 1:  # asinh
        return zero(re), mp.asin(y)
    return sgn(re) * mp.acosh(abs(y)), sgn(im) * pi / 2


def atanh_axis(re, im):
    """C99's catanh on an axis (re or im is +-0)."""
    if im == 0:
        x = mp.mpf(re)
        if abs(re) < 1:
            return (mp.atanh(x) if re != 0 else zero(re)), zero(im)
        if abs(re) == 1:
            return sgn(re) * mp.inf, zero(im)
        return sgn(re) * mp.atanh(1 / abs(x)), sgn(im) * mp.pi / 2
    return zero(re), mp.atan(mp.mpf(im))


def atanh_by_definition(re, im, prec):
    with mp.workprec(prec):
        x, y = abs(mp.mpf(re)), abs(mp.mpf(im))
        u = mp.log1p(4 * x / ((1 - x) ** 2 + y * y)) / 4
        v = mp.atan2(2 * y, 1 - x * x - y * y) / 2
        return sgn(re) * u, sgn(im) * v


def mp_value(f, re, im, prec):
    with mp.workprec(prec):
        v = getattr(mp, f)(mp.mpc(re, im))
        return +v.real, +v.imag


def kernel(x, y, prec):
    """A and W of the definition at `prec` bits (x, y > 0)."""
    with mp.workprec(prec):
        x, y = mp.mpf(x), mp.mpf(y)
        a = (mp.hypot(x + 1, y) + mp.hypot(x - 1, y)) / 2
        return a, mp.sqrt(a * a - x * x)


def by_definition(f, re, im, prec):
    with mp.workprec(prec):
        if f == 'asinh':
            a, w = kernel(abs(im), abs(re), prec)
            return sgn(re) * mp.acosh(a), sgn(im) * mp.atan2(abs(im), w)
        a, w = kernel(abs(re), abs(im), prec)
        v = mp.acosh(a)
        if f == 'asin':
            return sgn(re) * mp.atan2(abs(re), w), sgn(im) * v
        u = mp.atan2(w, re)
        if f == 'acos':
            return u, -sgn(im) * v
        return v, sgn(im) * u  # acosh


def close(a, b, tol):
    # Off the axes no part is zero.
    return a != 0 and b != 0 and abs(a - b) <= tol * abs(b)


def reference(f, re, im):
    mp.mp.prec = 300
    if re == 0 or im == 0:
        return atanh_axis(re, im) if f == 'atanh' else axis(f, re, im)
    tol = mp.mpf(2) ** -160
    prec = 256
    lo = mp_value(f, re, im, prec)
    while True:
        prec *= 2
        assert prec <= 1 << 16, (f, re, im)
        hi = mp_value(f, re, im, prec)
        if close(lo[0], hi[0], tol) and close(lo[1], hi[1], tol):
            break
        lo = hi
    # The second route, with its own doubling (A - 1 and A^2 - x^2 cancel).
    check = mp.mpf(2) ** -120
    dprec = 256
    while True:
        d = atanh_by_definition(re, im, dprec) if f == 'atanh' else by_definition(f, re, im, dprec)
        if close(d[0], hi[0], check) and close(d[1], hi[1], check):
            break
        dprec *= 2
        assert dprec <= 1 << 16, (f, re, im, hi, d)
    return hi


def main():
    points = []
    for t, n in (('f64', 1200), ('f32', 450)):
        big, tiny, eps, _ = TYPES[t]
        fixed = [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, -0.0),
                 (0.5, 0.0), (-0.5, -0.0), (2.0, 0.0), (-2.0, 0.0), (2.0, -0.0), (-2.0, -0.0),
                 (0.0, 1.0), (-0.0, -1.0), (0.0, 2.0), (-0.0, 2.0), (0.0, -2.0), (-0.0, -2.0),
                 (1.0, tiny), (-1.0, -tiny), (tiny, 1.0), (1.0, 1.0), (-1.0, 1.0),
                 (1.0 - eps / 2, tiny), (1.0 + eps, tiny), (-1.0 - eps, tiny),
                 (tiny, 1.0 + eps), (tiny, -1.0 + eps / 2), (tiny, tiny), (-tiny, tiny),
                 (big, big), (-big, big), (big, tiny), (tiny, big), (1.0, big), (big, 1.0),
                 (0.0, big), (big, 0.0), (-big, -0.0), (-big, -big), (eps, eps), (-eps, eps)]
        for f in FUNCTIONS:
            points += [(f, t, to_type(t, x), to_type(t, y)) for x, y in fixed]
            for _ in range(n):
                x, y = sample(t)
                if f == 'asinh':
                    x, y = y, x
                points.append((f, t, x, y))
    # atanh: its own sequence, so that the lines above stay as they were.
    global rng
    rng = random.Random(20261126)
    for t, n in (('f64', 1000), ('f32', 450)):
        big, tiny, eps, _ = TYPES[t]
        fixed = [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (1.0, 0.0), (-1.0, -0.0),
                 (1.0, -0.0), (0.5, 0.0), (-0.5, -0.0), (2.0, 0.0), (-2.0, 0.0), (2.0, -0.0),
                 (0.0, 1.0), (-0.0, -1.0), (0.0, big), (1.0, tiny), (-1.0, -tiny), (tiny, 1.0),
                 (1.0, 1.0), (1.0 - eps / 2, tiny), (1.0 + eps, tiny), (tiny, tiny),
                 (big, big), (-big, big), (big, tiny), (tiny, big), (1.0, big), (big, 1.0),
                 (big, 0.0), (eps, eps), (0.6, 0.8), (0.8, -0.6)]
        points += [('atanh', t, to_type(t, x), to_type(t, y)) for x, y in fixed]
        for k in range(n):
            if k % 4 == 0:
                # Near the unit circle.
                a = rng.uniform(0, math.pi / 2)
                r = 1 + rng.choice([0.0, rng.uniform(-1e-6, 1e-6), rng.uniform(-eps, eps)])
                x, y = to_type(t, r * math.cos(a)), to_type(t, r * math.sin(a))
                x, y = (x if rng.random() < 0.5 else -x), (y if rng.random() < 0.5 else -y)
            else:
                x, y = sample(t)
            points.append(('atanh', t, x, y))
    lines = []
    for f, t, x, y in points:
        re, im = reference(f, x, y)
        lines.append(' '.join([f, t, bits(t, x), bits(t, y), pair(re), pair(im)]))
    with open('complex_inverse_reference.txt', 'w') as out:
        out.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
