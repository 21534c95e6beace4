"""Writes elementary_reference.txt: reference values, to 60 significant
digits (mpmath; Hurwitz zeta by its own Euler-Maclaurin sum, checked
against closed forms), of the functions whose f64 error is measured rather than
proven (see elementary.rs). Each line: function, arguments as f64 bit
patterns in hex, and the reference as the f64 pair hi, lo with
hi = RN(ref) and lo = RN(ref - hi). Run: python3 elementary_reference.py"""
import random, struct
import mpmath as mp

mp.mp.dps = 70
rng = random.Random(20240611)

def h(x):
    return struct.pack('>d', x).hex()

def pair(v):
    hi = float(v)
    lo = float(v - mp.mpf(hi))
    return h(hi) + ' ' + h(lo)

def log_uniform(lo, hi):
    return float(mp.exp(rng.uniform(mp.log(lo), mp.log(hi))))

def hurwitz(s, q):
    # Euler-Maclaurin from a = q + N >= 100 with 30 Bernoulli terms
    # (mpmath's own Hurwitz zeta loses digits for large q).
    s, q = mp.mpf(s), mp.mpf(q)
    n = max(0, int(mp.ceil(100 + s - q)))
    a = q + n
    head = mp.fsum((q + k) ** -s for k in range(n))
    tail = a ** (1 - s) / (s - 1) + a ** -s / 2
    fact, pw = s, a ** (-s - 1)
    for j in range(1, 31):
        tail += mp.bernoulli(2 * j) / mp.factorial(2 * j) * fact * pw
        fact *= (s + 2 * j - 1) * (s + 2 * j)
        pw /= a * a
    return head + tail

assert abs(hurwitz(2, 1) - mp.pi ** 2 / 6) < mp.mpf(10) ** -55
assert abs(hurwitz(3, 1) - mp.zeta(3)) < mp.mpf(10) ** -55
assert abs(hurwitz(2, 0.5) - mp.pi ** 2 / 2) < mp.mpf(10) ** -55

lines = []
def add(name, args, v):
    lines.append(name + ' ' + ' '.join(h(a) for a in args) + ' ' + pair(v))

for _ in range(3000):
    y = rng.choice([rng.uniform(-1, 1), 1 - log_uniform(1e-16, 0.5), log_uniform(1e-300, 1e-3)])
    y = y if rng.random() < 0.5 else -y
    add('erf_inv', [y], mp.erfinv(mp.mpf(y)))
for _ in range(3000):
    x = rng.choice([rng.uniform(-50, 100), rng.uniform(0.01, 3), log_uniform(1e-6, 1e6)])
    if x < 0 and abs(x - round(x)) < 0.01:
        continue
    add('digamma', [x], mp.digamma(mp.mpf(x)))
for _ in range(3000):
    x = rng.choice([rng.uniform(-500, 500), rng.uniform(-30, 30), log_uniform(1e-300, 1e3)])
    x = mp.mpf(x)
    add('bessel_i1e', [float(x)], mp.besseli(1, x) * mp.exp(-abs(x)))
for _ in range(1500):
    s = rng.choice([rng.uniform(1.0001, 40), 1 + log_uniform(1e-6, 1), float(rng.randint(2, 40))])
    q = rng.choice([rng.uniform(0.001, 50), log_uniform(1e-3, 1e3)])
    add('zeta', [s, q], hurwitz(s, q))
for _ in range(1500):
    n = rng.randint(1, 8)
    x = rng.choice([rng.uniform(0.001, 50), log_uniform(1e-3, 1e3)])
    add('polygamma', [float(n), x], (-1) ** (n + 1) * mp.factorial(n) * hurwitz(n + 1, x))
for _ in range(3000):
    x = rng.choice([rng.uniform(-40, 40), rng.uniform(-745, 40), log_uniform(1e-300, 1.0) * rng.choice([-1, 1])])
    add('logistic', [x], 1 / (1 + mp.exp(-mp.mpf(x))))

with open('elementary_reference.txt', 'w') as f:
    f.write('\n'.join(lines) + '\n')
