"""Writes polygamma_large_reference.txt: mpmath values of polygamma(n, x) =
(-1)^(n+1) n! zeta(n + 1, x) for large orders (n > 4095, up to 1e300),
correctly rounded into f64, f32, f16 and bf16, where n! is huge and
zeta(n + 1, x) tiny: x around n/e (where the value is within the formats'
range), at the edges of that band (overflow to infinity, underflow to
zero), far from it, and negative half-integers (for even n,
zeta(n + 1, x) = zeta(n + 1, 1 - x); here summed term by term instead).

The value is e^L S with L = mpmath's loggamma(n + 1) - (n + 1) log x and
S = sum_k (1 + k/x)^-(n+1), at a precision of 40 digits plus the digits of
n log n (L is a difference of two terms near n log n). Values with
L > 800 round to +-infinity in every format here; values with
L + log(1 + x/n) < -800 (S <= 1 + x/n) to +-0.

Same line format as elementary_reference.txt: function, format, the
arguments as bit patterns of that format (hex), the correctly rounded
result.

Run: python3 polygamma_large_reference.py   (writes polygamma_large_reference.txt)"""
import math
import mpmath as mp
from elementary_reference import FORMATS, to_bits, rnd, near_tie

mp.mp.dps = 50


def rounded_of(f, fmt):
    """f(dps) -> mpf or +-inf; rounded into fmt with the precision raised
    until the rounding is clear of every boundary."""
    for extra in [0, 100, 400]:
        v = f(extra)
        if mp.isinf(v):
            return float(v)
        with mp.workdps(mp.mp.dps + extra):
            if not near_tie(fmt, v):
                return rnd(fmt, v)
    raise ValueError('undecided')


def value(n, x, extra):
    """polygamma(n, x), n > 4095 an integer, x >= 1 or a negative
    half-integer; +-inf / +-0 as mpf where certainly beyond every format."""
    sign = 1 if n % 2 == 1 else -1
    dps = 40 + extra + len(str(int(n * math.log(n)))) + 5
    with mp.workdps(dps):
        s = mp.mpf(n + 1)
        if x < 0:
            # term by term: the terms at negative arguments x + k (near
            # -2^s at x + k = -1/2), then the rest, which cancels them down
            # to about (1 - x)^-s: digits to match
            assert x - math.floor(x) == 0.5
            with mp.workdps(dps + int((n + 1) * math.log10(2 * (1 - x))) + 20):
                m = int(-math.floor(x))
                neg = mp.fsum((mp.mpf(x) + k) ** (-s) for k in range(m))
                q = mp.mpf(x) + m  # 1/2
                pos, k = mp.mpf(0), 0
                while True:
                    t = (q + k) ** (-s)
                    pos += t
                    if t < mp.mpf(10) ** (-mp.mp.dps) * pos:
                        break
                    k += 1
                z = neg + pos
                lv = mp.loggamma(s) + mp.log(abs(z))
                sz = sign * int(mp.sign(z))
                if lv > 800:
                    return sz * mp.inf
                if lv < -800:
                    return sz * mp.mpf(2) ** -5000
                return sign * mp.exp(mp.loggamma(s)) * z
        xm = mp.mpf(x)
        L = mp.loggamma(s) - s * mp.log(xm)
        if L > 800:
            return sign * mp.inf
        if L + mp.log(1 + xm / n) < -800:
            return sign * mp.mpf(2) ** -5000  # rounds to +-0 in every format
        S, k = mp.mpf(1), 1
        while True:
            t = mp.exp(-s * mp.log1p(k / xm))
            S += t
            if t < mp.mpf(10) ** (-dps):
                break
            k += 1
        return sign * mp.exp(L) * S


def center(n):
    """x where n! x^-(n+1) = 1 (L = 0), by Newton on L(x)."""
    with mp.workdps(40 + len(str(int(n * math.log(n))))):
        lf = mp.loggamma(n + 1)
        return float(mp.exp(lf / (n + 1)))


def fmt_value(fmt, v):
    """A Python float rounded into fmt (None if not finite there)."""
    r = rnd(fmt, mp.mpf(v))
    return r if math.isfinite(r) else None


def cases():
    out = []
    orders = [4096.0, 4097.0, 5200.0, 1e4, 10001.0, 65504.0, 1e6, 999999.0, 1e15, 1e15 + 1,
              2.0 ** 53, 1e20, 3.0e38, 1e100, 1e300]
    for n in orders:
        c = center(n)
        # L(x) ~ -(n + 1)/x per unit of x near c, i.e. about -e: the band
        # of f64 values is about |dx| < 300 around c
        xs = [c + d for d in [-300, -262, -255, -100, -30, -1, 0, 0.5, 1, 7.25, 30, 100, 255, 262, 266,
                              270, 275, 280, 300]]
        xs += [1.0, 1.5, 2.0, c / 2, c * 2, c * 1.01, c * 0.99, 1e10, 1e300, 1.7e308]
        for fmt in ['f64', 'f32', 'f16', 'bf16']:
            nf = fmt_value(fmt, n)
            if nf is None or nf != math.floor(nf) or nf <= 4095:
                continue
            seen = set()
            for x in xs:
                xf = fmt_value(fmt, x)
                if xf is None or xf < 1 or xf in seen:
                    continue
                seen.add(xf)
                out.append((fmt, nf, xf))
            # the band of the narrow format: L from about +100 to -120
            for d in [-40, -30, -20, -10, -3, 0, 3, 10, 20, 30, 40, 50]:
                xf = fmt_value(fmt, c + d)
                if xf is not None and xf >= 1 and xf not in seen:
                    seen.add(xf)
                    out.append((fmt, nf, xf))
    # the point, and negative half-integers (n even)
    out.append(('f16', 5200.0, 1920.0))
    # (in-band negative half-integers, near -n/e, would need some 10^4
    # digits over 10^3 terms each here: not included)
    for n in [4096.0, 5200.0]:
        for x in [-0.5, -3.5]:
            for fmt in ['f64', 'f32']:
                out.append((fmt, n, x))
    return out


def main():
    count = 0
    with open('polygamma_large_reference.txt', 'w') as f:
        for fmt, n, x in cases():
            r = rounded_of(lambda e: value(int(n), x, e), fmt)
            f.write('polygamma %s %s %s %s\n' % (fmt, to_bits(fmt, n), to_bits(fmt, x), to_bits(fmt, r)))
            f.flush()
            count += 1
    print(count, 'lines')


if __name__ == '__main__':
    main()
