"""Writes elementary_reference.txt: the correctly rounded values of the CHLO
special functions and logistic (computed with mpmath at 100 digits; Hurwitz
zeta by its own Euler-Maclaurin sum, checked against closed forms) in f64,
f32, f16 and bf16, at random arguments and at hard ones (the points where
earlier versions erred, near the zeros of digamma, near poles, huge, tiny
and subnormal arguments, zeta near x = 1, polygamma up to n = 20, erf_inv
near +-1, bessel_i1e large and small).

Each line: function, format, the arguments as bit patterns of that format
(hex), and the correctly rounded result (round to nearest, ties to even,
overflow to infinity) as a bit pattern of that format; "nan" for a NaN.

Run: python3 elementary_reference.py            (writes elementary_reference.txt)
     python3 elementary_reference.py --random N OUT
       (N random f64 arguments per function, for the independent check of
        the Rust test `random_f64_arguments_are_correctly_rounded`)"""
import math, random, struct, sys
import mpmath as mp

mp.mp.dps = 100

FORMATS = {  # name: (precision, emin, emax)
    'f64': (53, -1022, 1023),
    'f32': (24, -126, 127),
    'f16': (11, -14, 15),
    'bf16': (8, -126, 127),
}


def to_bits(fmt, v):
    """Bits of a float value representable in fmt (or +-inf, nan)."""
    if v != v:
        return 'nan'
    if fmt == 'f64':
        return '%016x' % struct.unpack('>Q', struct.pack('>d', v))[0]
    if fmt == 'f16':
        return '%04x' % struct.unpack('>H', struct.pack('>e', v))[0]
    b = struct.unpack('>I', struct.pack('>f', v))[0]
    if fmt == 'f32':
        return '%08x' % b
    assert b & 0xFFFF == 0, v
    return '%04x' % (b >> 16)


def rnd(fmt, v):
    """mpf v correctly rounded into fmt, as a Python float."""
    p, emin, emax = FORMATS[fmt]
    if v == 0:
        return 0.0
    a = abs(v)
    m, e = mp.frexp(a)  # a = m 2^e, m in [1/2, 1)
    q = max(e - p, emin - p + 1)
    n = a * mp.mpf(2) ** (-q)
    fl = mp.floor(n)
    fr = n - fl
    if fr > 0.5 or (fr == 0.5 and int(fl) % 2 == 1):
        fl += 1
    r = fl * mp.mpf(2) ** q
    if r >= mp.mpf(2) ** (emax + 1):
        r = mp.inf
    r = float(r)
    return -r if v < 0 else r


def conv(fmt, x):
    """A float argument rounded into fmt (Python float)."""
    return rnd(fmt, mp.mpf(x)) if x == x and abs(x) != float('inf') else x


def hurwitz(s, q):
    # Euler-Maclaurin from a = q + N >= 100 + s with 40 Bernoulli terms
    # (mpmath's own Hurwitz zeta loses digits for large q).
    s, q = mp.mpf(s), mp.mpf(q)
    n = max(0, int(mp.ceil(100 + s - q)))
    a = q + n
    head = mp.fsum((q + k) ** -s for k in range(n))
    tail = a ** (1 - s) / (s - 1) + a ** -s / 2
    fact, pw = s, a ** (-s - 1)
    for j in range(1, 41):
        tail += mp.bernoulli(2 * j) / mp.factorial(2 * j) * fact * pw
        fact *= (s + 2 * j - 1) * (s + 2 * j)
        pw /= a * a
    return head + tail


assert abs(hurwitz(2, 1) - mp.pi ** 2 / 6) < mp.mpf(10) ** -80
assert abs(hurwitz(3, 1) - mp.zeta(3)) < mp.mpf(10) ** -80
assert abs(hurwitz(2, 0.5) - mp.pi ** 2 / 2) < mp.mpf(10) ** -80


def is_int(x):
    return x == int(x)


def value(name, args):
    """The exact value (mpf), or None where the function is exceptional
    (poles, domain edges: tested separately)."""
    if name == 'erf_inv':
        y = args[0]
        if y == 0 or abs(y) >= 1:
            return None
        return mp.erfinv(mp.mpf(y))
    if name == 'digamma':
        x = args[0]
        if x <= 0 and is_int(x):
            return None
        return mp.digamma(mp.mpf(x))
    if name == 'bessel_i1e':
        x = mp.mpf(args[0])
        if x == 0:
            return None
        return mp.besseli(1, x) * mp.exp(-abs(x))
    if name == 'logistic':
        x = args[0]
        if x == 0:
            return None
        return 1 / (1 + mp.exp(-mp.mpf(x)))
    if name == 'zeta':
        s, q = args
        if s <= 1 or (q <= 0 and is_int(q)) or (q < 0 and not is_int(s)):
            return None
        return hurwitz(s, q)
    if name == 'polygamma':
        n, x = args
        if n < 1 or not is_int(n) or (x <= 0 and is_int(x)):
            return None
        n = int(n)
        return (-1) ** (n + 1) * mp.factorial(n) * hurwitz(n + 1, x)
    raise ValueError(name)


def near_tie(fmt, v):
    """Whether v lies within a relative 10^-(dps - 15) of a rounding
    boundary of fmt (then more digits are needed to round it)."""
    p, emin, emax = FORMATS[fmt]
    if v == 0:
        return True
    a = abs(v)
    m, e = mp.frexp(a)
    q = max(e - p, emin - p + 1) - 1  # boundaries are odd multiples of 2^q
    n = a * mp.mpf(2) ** (-q)
    d = abs(n - 2 * mp.floor(n / 2) - 1)  # distance to the odd integer
    return d * mp.mpf(2) ** q < a * mp.mpf(10) ** (15 - mp.mp.dps)


def rounded(name, args, fmt):
    """The correctly rounded value, with the precision raised until the
    rounding is clear of every boundary (tiny arguments need more than 100
    digits: bessel_i1e(x) = x/2 (1 - |x| + ...))."""
    for dps in [100, 400, 1200]:
        with mp.workdps(dps):
            v = value(name, args)
            if v is None:
                return None
            if not near_tie(fmt, v):
                return rnd(fmt, v)
    raise ValueError('undecided: %s %s %r' % (name, fmt, args))


def log_uniform(rng, lo, hi):
    return float(mp.exp(rng.uniform(mp.log(lo), mp.log(hi))))


def neighbours(x, k=2):
    out = [x]
    lo = hi = x
    for _ in range(k):
        lo, hi = math.nextafter(lo, -math.inf), math.nextafter(hi, math.inf)
        out += [lo, hi]
    return out


def samples(rng, n):
    """Random arguments per function (f64), n of each, plus hard cases."""
    S = {k: [] for k in ['erf_inv', 'digamma', 'bessel_i1e', 'logistic', 'zeta', 'polygamma']}
    sgn = lambda: rng.choice([-1, 1])
    for _ in range(n):
        y = rng.choice([rng.uniform(-1, 1), 1 - log_uniform(rng, 1e-16, 0.5), log_uniform(rng, 1e-300, 1e-3)])
        S['erf_inv'].append([y * sgn()])
        x = rng.choice([rng.uniform(-50, 100), rng.uniform(0.01, 3), log_uniform(rng, 1e-6, 1e6),
                        -log_uniform(rng, 1e-3, 1e6), log_uniform(rng, 1e-300, 1e300)])
        S['digamma'].append([x])
        x = rng.choice([rng.uniform(-500, 500), rng.uniform(-30, 30), log_uniform(rng, 1e-300, 1e3) * sgn(),
                        log_uniform(rng, 1e3, 1e300) * sgn()])
        S['bessel_i1e'].append([x])
        x = rng.choice([rng.uniform(-40, 40), rng.uniform(-745, 40), log_uniform(rng, 1e-300, 1.0) * sgn()])
        S['logistic'].append([x])
    for _ in range(n):
        s = rng.choice([rng.uniform(1.0001, 40), 1 + log_uniform(rng, 1e-12, 1), float(rng.randint(2, 60)),
                        log_uniform(rng, 40, 300)])
        q = rng.choice([rng.uniform(0.001, 50), log_uniform(rng, 1e-3, 1e4), log_uniform(rng, 1e-30, 1e-3)])
        if is_int(s) and rng.random() < 0.2:
            q = -rng.uniform(0, 30)
        S['zeta'].append([s, q])
        nn = float(rng.randint(1, 20))
        x = rng.choice([rng.uniform(0.001, 50), log_uniform(rng, 1e-3, 1e3), -rng.uniform(0, 20)])
        S['polygamma'].append([nn, x])
    # Hard cases.
    S['logistic'] += [[v] for v in neighbours(-2.016197612278649)]
    S['logistic'] += [[v] for v in [-745.0, -744.5, -740.0, -720.0, -700.5, 63.9, 37.0, 36.7, 5e-324, -5e-324, 1e-310, 2.0 ** -60]]
    S['digamma'] += [[v] for v in neighbours(-194.83393661816558) + neighbours(1.4616321449683622, 4)]
    for k in range(0, 12):
        r = mp.findroot(mp.digamma, -k + 0.5 - 0.3 / (k + 1)) if k < 3 else mp.findroot(mp.digamma, (-k + 0.01, -k + 0.99), solver='anderson')
        S['digamma'] += [[v] for v in neighbours(float(r))]
    for k in [0, 1, 2, 5, 20, 100]:
        for d in [2.0 ** -40, 1e-10, 2.0 ** -20, 0.5 ** 5]:
            S['digamma'] += [[-k + d], [-k - d]]
    S['digamma'] += [[v] for v in [5e-324, 1e-310, 1e-300, 2.0 ** -30, 1e300, 1.7e308, 1e15 + 0.5, -1e15 + 0.5, -4503599627370495.5, 1.0, 2.0, 0.5, 3.0]]
    S['erf_inv'] += [[v] for v in [1 - 2.0 ** -53, -(1 - 2.0 ** -53), 1 - 2.0 ** -52, 1 - 2.0 ** -50, 1 - 1e-10, 5e-324, -5e-324, 1e-310, 1e-300, 2.0 ** -30, 0.5, -0.5, 0.75]]
    S['bessel_i1e'] += [[v] for v in [5e-324, -5e-324, 1e-310, 1e-300, 2.0 ** -30, 59.99, 60.0, 60.01, 62.0, 1e10, 1e100, -1e200, 1e300, 1.7e308, 400.0, 700.0]]
    for s in [1 + 2.0 ** -52, 1 + 2.0 ** -40, 1 + 1e-10, 1.5, 2.0, 100.0, 1000.0]:
        for q in [1e-300, 1e-30, 0.5, 1.0, 1.5, 1e10, 1e300, -0.5, -10.25]:
            if q < 0 and not is_int(s):
                continue
            S['zeta'].append([s, q])
    for nn in range(1, 21):
        for x in [1e-10, 0.5, 1.0, 3.25, 30.0, 1e6, -0.5, -7.75]:
            S['polygamma'].append([float(nn), x])
    return S


def lines_for(S, formats):
    out = []
    for name, argl in S.items():
        for args in argl:
            for fmt in formats:
                a = [conv(fmt, x) for x in args]
                if any(x != x or abs(x) == float('inf') for x in a):
                    continue
                r = rounded(name, a, fmt)
                if r is None:
                    continue
                out.append(' '.join([name, fmt] + [to_bits(fmt, x) for x in a] + [to_bits(fmt, r)]))
    return out


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == '--random':
        rng = random.Random(int.from_bytes(b'random check', 'big'))
        n = int(sys.argv[2])
        S = samples(rng, n)
        with open(sys.argv[3], 'w') as f:
            f.write('\n'.join(lines_for(S, ['f64'])) + '\n')
    else:
        rng = random.Random(20251125)
        S = samples(rng, 500)
        with open('elementary_reference.txt', 'w') as f:
            f.write('\n'.join(lines_for(S, ['f64', 'f32', 'f16', 'bf16'])) + '\n')
