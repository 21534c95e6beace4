"""Writes asin_acos_kernel_reference.txt: reference values of CHLO's
_asin_acos_kernel, w = sqrt(A^2 - x^2) + i acosh(A) with
A = (|z + 1| + |z - 1|) / 2, for z = x + iy with x and y complex<f64> or
complex<f32> parts, over every region where a floating-point evaluation
can go wrong: tiny and huge |z|, z near +-1, small |y| with |x| < 1 and
|x| > 1, the axes, and signed parts.

Each value is computed from the definition itself in mpmath, at a
precision that is doubled until two successive precisions agree to 2^-160
relative in both parts (the cancellation in A^2 - x^2 and A - 1 can cost
thousands of bits), and checked against a second, independent route:
with u + iv = asin(|x| + i|y|) (mpmath), A = cosh v, so the imaginary part
is v and the real part is cosh(v) cos(u). On the real axis (y = 0) the
values are the exact closed forms (sqrt(1 - x^2), 0) for |x| <= 1 and
(0, acosh|x|) for |x| > 1.

Each line: part type (f64 or f32), x and y as bit patterns of that type in
hex, then the real and the imaginary part of the reference, each as the
f64 pair hi, lo with hi = RN(ref) and lo = RN(ref - hi) (so below 2^-1022,
where lo is almost always 0, hi alone is the correctly rounded value).
Run: python3 asin_acos_kernel_reference.py"""
import math
import random
import struct

import mpmath as mp

rng = random.Random(20250301)

TYPES = {
    # name: (largest finite, smallest subnormal, epsilon, pack format)
    'f64': (1.7976931348623157e308, 5e-324, 2.0 ** -52, '>d'),
    'f32': (3.4028234663852886e38, 1.401298464324817e-45, 2.0 ** -23, '>f'),
}


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
    below 2^-1022: to 53 bits, then to the subnormal spacing)."""
    if abs(v) >= mp.mpf(2) ** -1022:
        return float(v)
    return math.ldexp(int(mp.nint(v * mp.mpf(2) ** 1074)), -1074)


def pair(v):
    hi = rn(v)
    lo = rn(v - mp.mpf(hi))
    return h64(hi) + ' ' + h64(lo)


def log_uniform(lo, hi):
    return math.exp(rng.uniform(math.log(lo), math.log(hi)))


def sample(t):
    big, tiny, eps, _ = TYPES[t]
    region = rng.choice(['general', 'unit', 'near_one', 'near_one', 'inside', 'inside',
                         'outside', 'outside', 'tiny', 'huge', 'huge', 'mixed', 'mixed', 'axis'])
    if region == 'general':
        x, y = log_uniform(1e-3, 1e3), log_uniform(1e-3, 1e3)
    elif region == 'unit':
        x, y = rng.uniform(0, 1.2), rng.uniform(0, 2)
    elif region == 'near_one':
        d = rng.choice([0.0, log_uniform(eps / 2, 0.1), log_uniform(eps / 2, 1e-6)])
        x = 1 + rng.choice([-1, 1]) * d
        y = rng.choice([log_uniform(tiny, 1.0), log_uniform(eps * eps, eps), log_uniform(1e-8, 1.0)])
    elif region == 'inside':
        # |x| < 1, small |y|: A - 1 and acosh(A) are tiny.
        x = rng.choice([rng.uniform(0, 1), 1 - log_uniform(eps / 2, 0.5), log_uniform(tiny, 1)])
        y = rng.choice([log_uniform(tiny, 1e-3), log_uniform(1e-10, 1e-3)])
    elif region == 'outside':
        # |x| > 1, small |y|: A - |x| and the real part are tiny.
        x = rng.choice([1 + log_uniform(eps, 1e3), log_uniform(1, big), log_uniform(1, 1e6)])
        y = rng.choice([log_uniform(tiny, 1e-3), log_uniform(1e-10, 1e-3)])
    elif region == 'tiny':
        x = rng.choice([0.0, log_uniform(tiny, 1e-4)])
        y = log_uniform(tiny, 1e-4)
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


def direct(x, y, prec):
    """The definition, evaluated at `prec` bits (x, y >= 0)."""
    with mp.workprec(prec):
        x, y = mp.mpf(x), mp.mpf(y)
        a = (mp.hypot(x + 1, y) + mp.hypot(x - 1, y)) / 2
        if a < 1:
            a = mp.mpf(1)
        d = a * a - x * x
        return mp.sqrt(d) if d > 0 else mp.mpf(0), mp.acosh(a)


def close(a, b, tol):
    # Both parts are positive off the real axis: a zero is not a value.
    return a != 0 and b != 0 and abs(a - b) <= tol * abs(b)


def reference(x, y):
    x, y = abs(x), abs(y)
    mp.mp.prec = 300
    if y == 0:
        xm = mp.mpf(x)
        if x <= 1:
            return mp.sqrt((1 - xm) * (1 + xm)), mp.mpf(0)
        return mp.mpf(0), mp.acosh(xm)
    tol = mp.mpf(2) ** -160
    prec = 256
    lo = direct(x, y, prec)
    while True:
        prec *= 2
        assert prec <= 1 << 16, (x, y)
        hi = direct(x, y, prec)
        if close(lo[0], hi[0], tol) and close(lo[1], hi[1], tol):
            break
        lo = hi
    # The second route: u + iv = asin(x + iy).
    with mp.workprec(prec):
        s = mp.asin(mp.mpc(x, y))
        re2, im2 = mp.cosh(s.imag) * mp.cos(s.real), s.imag
        check = mp.mpf(2) ** -120
        assert close(re2, hi[0], check) and close(im2, hi[1], check), (x, y, hi, re2, im2)
    return hi


def main():
    points = []
    for t, n in (('f64', 2500), ('f32', 1000)):
        big, tiny, eps, _ = TYPES[t]
        fixed = [(0.0, 0.0), (1.0, 0.0), (-1.0, -0.0), (0.5, 0.0), (2.0, 0.0), (0.0, 1.0),
                 (1.0, tiny), (1.0, 1.0), (1.0 - eps / 2, tiny), (1.0 + eps, tiny),
                 (tiny, tiny), (big, big), (big, tiny), (tiny, big), (1.0, big), (big, 1.0),
                 (0.0, big), (big, 0.0), (-big, -big), (eps, eps)]
        points += [(t, to_type(t, x), to_type(t, y)) for x, y in fixed]
        points += [(t,) + sample(t) for _ in range(n)]
    lines = []
    for t, x, y in points:
        re, im = reference(x, y)
        lines.append(' '.join([t, bits(t, x), bits(t, y), pair(re), pair(im)]))
    with open('asin_acos_kernel_reference.txt', 'w') as f:
        f.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
