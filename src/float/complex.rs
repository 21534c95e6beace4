//! Complex elementary functions for `complex<f32>` and `complex<f64>`
//! (re-exported by [`elementary`](super::elementary)).
//!
//! The parts are bit patterns of the element format. `complex<f32>` is
//! computed in f64 and each part rounded once to f32; `complex<f64>` is
//! computed in f64. Only [`complex_abs`] (IEEE hypot, CORE-MATH) is
//! correctly rounded. asin, acos, asinh and acosh (see
//! [below](#asin-acos-asinh-acosh)), atanh and atan are evaluated without
//! cancellation and have measured bounds for each part; the others use the textbook formulas below,
//! written to avoid overflow and cancellation where that is cheap, and are
//! not correctly rounded (the spec says only "complex exponential" etc.).
//!
//! Measured error of the textbook formulas (normwise, |computed − exact| /
//! |exact| in units of the part format's epsilon, against 200-bit mpmath
//! values on 400 samples per type with |z| from 10⁻³ to 10³ in all
//! directions, 40 of them within 10⁻⁹ of the real axis): `complex<f64>` —
//! exp, log, sqrt, sin, cos, rsqrt, cosh ≤ 1.0; expm1, log1p, cbrt,
//! logistic ≤ 1.15; sinh ≤ 1.27; tan ≤ 1.5; tanh ≤ 1.8.
//! `complex<f32>` (computed in f64, rounded once per part): every function
//! ≤ 0.5. A part much smaller than |result| can carry a larger error
//! relative to itself (not so for asin, acos, asinh and acosh, whose bounds
//! are per part).
//!
//! Choices the spec leaves open:
//! * A NaN part of a result is the canonical NaN of the format.
//! * Branch cuts are the principal ones of C99 Annex G (log, sqrt, the
//!   inverse functions); cbrt is the principal cube root
//!   |z|^⅓ e^{i arg(z)/3} (so cbrt(−8 + 0i) = 1 + √3 i).
//! * pow(z, w) = exp(w · log z), with pow(z, 0) = 1 for every z (NaN
//!   included), pow(0, w) = 0 when Re w > 0 and complex infinity (+∞ + 0i)
//!   when Re w < 0 or Re w = 0 with Im w ≠ 0.
//! * atan2(y, x) for complex y, x is −i log((x + iy)/√(x² + y²)), the
//!   formula XLA uses.
//! * Formulas: exp(a+ib) = e^a (cos b + i sin b); expm1 re = expm1(a) cos b
//!   − 2 sin²(b/2); log = ln|z| + i atan2(b, a) with ln|z| taken as
//!   ½ log1p(a² + b² − 1) (double-double argument) near |z| = 1; log1p
//!   similar around z = 0; sqrt is Kahan's; tanh is Kahan's
//!   (β ρ s + i t)/(1 + β s²); tan(z) = −i tanh(iz); sin, cos, sinh, cosh
//!   by the addition formulas (sinh and cosh with e^{|a|/2} twice where
//!   |Re z| > 710, so that a part overflows only if its value does); atan(z) = −i atanh(iz); logistic =
//!   1/(1 + exp(−z)); rsqrt = 1/√z. atanh is evaluated part by part
//!   without cancellation (see `atanh` below): measured against
//!   `complex_inverse_reference.txt` (1,514 arguments, 1,032 `complex<f64>` and
//!   482 `complex<f32>`, over the same regions
//!   as asin's and along the unit circle, where 1 − x² − y² cancels), each
//!   part is within 1.775 ulp in `complex<f64>` and 0.50000 ulp in
//!   `complex<f32>` ([`COMPLEX_ATANH_F64_ULP`], [`COMPLEX_ATANH_F32_ULP`]).
//!
//! CHLO's `_asin_acos_kernel`, the intermediate of its asin and acos
//! decompositions, is here too ([`asin_acos_kernel`]): it is evaluated in
//! double-double arithmetic by cancellation-free forms, with its own
//! measured bounds (≤ 0.5 ulp for the real part, ≤ 1 ulp for the
//! imaginary part, per part, in `complex<f64>`).
//!
//! # asin, acos, asinh, acosh
//!
//! The method of Hull, Fairgrieve and Tang (1997), on top of the kernel:
//! for x = |Re z|, y = |Im z|, A = (|z + 1| + |z − 1|)/2 and
//! W = √(A² − x²) (the kernel's real part, kept here as a double-double),
//! z = x + iy in the first quadrant has asin z = atan2(x, W) + i·acosh(A)
//! and acos z = atan2(W, x) − i·acosh(A). The other quadrants follow from
//! asin(−z) = −asin z, asin(z̄) = conj(asin z) and acos(z̄) = conj(acos z),
//! acos(−x + iy) taking atan2(W, −x):
//!
//! * asin(z) = copysign(atan2(x, W), Re z) + i·copysign(acosh A, Im z);
//! * acos(z) = atan2(W, Re z) − i·copysign(acosh A, Im z);
//! * asinh(z) = −i·asin(iz);
//! * acosh(z) = |Im acos z| + i·copysign(Re acos z, Im z) (±i·acos z,
//!   the sign that makes the real part ≥ 0).
//!
//! acosh(A) and W come from the kernel's double-double evaluation (so no
//! part cancels); atan2 is CORE-MATH's correctly rounded atan2 of the
//! leading parts plus the first-order term of W's trailing part. On the
//! real segment (y = 0, x ≤ 1) the real parts are CORE-MATH's real asin
//! and acos, correctly rounded; where W < 2^-900 (x > 1, tiny y) the real
//! part of acos is W/x, a double-double quotient rounded once (to the
//! subnormal spacing where it is that small).
//!
//! Special values are those of C99 Annex G (G.6.2.1 cacos, cacosh, G.6.2.2
//! casinh, casin = −i casinh(iz)), signed zeros on the cuts included
//! (acos(2 − 0i) = +0 + i·acosh 2, acosh(−2 − 0i) = acosh 2 − iπ); they
//! follow from the kernel's special values through the formulas above with
//! copysign. Where C99 leaves a sign unspecified (casinh(NaN + i∞),
//! cacos(±∞ + iNaN), cacosh(±0 + iNaN)) it comes from the NaN operand's
//! sign bit through the same copysign, so that f(z̄) = conj f(z) holds bit
//! for bit there too. NaN parts are the canonical NaN.
//!
//! Measured against `complex_inverse_reference.txt` (written by
//! `complex_inverse_reference.py`: mpmath values at a precision doubled
//! until two agree to 2^-160, checked against the definition through A and
//! W, and C99's closed forms on the axes; 1,734 arguments per function,
//! 1,242 `complex<f64>` and 492 `complex<f32>`, over tiny and huge |z|, z near
//! ±1 and ±i, small |Im z| with |Re z| below and above 1, the axes, every
//! sign), the largest error of each part in ulps of that part is
//!
//! | | asin | acos | asinh | acosh |
//! |---|---|---|---|---|
//! | `complex<f64>` real part | 0.92848 | 0.94482 | 0.93331 | 0.96164 |
//! | `complex<f64>` imaginary part | 0.94068 | 0.93331 | 0.94051 | 0.84311 |
//! | `complex<f32>` real part | 0.49976 | 0.49873 | 0.49780 | 0.49823 |
//! | `complex<f32>` imaginary part | 0.49976 | 0.49890 | 0.49889 | 0.49956 |
//!
//! and the largest normwise error (|computed − exact| / |exact| in units of
//! the part format's epsilon, where no part is subnormal) 0.69, 0.69, 0.67,
//! 0.82 (asin, acos, asinh, acosh) in `complex<f64>` and 0.46, 0.44, 0.48,
//! 0.47 in `complex<f32>`. A `complex<f64>` part is rounded twice (by
//! CORE-MATH's atan2 or log1p, then with the correction), so its error can
//! reach 1 ulp (a run of the script with another seed and 28,336
//! arguments, not kept, gave at most 0.99884, and 0.49984 in
//! `complex<f32>`). The test asserts [`COMPLEX_INVERSE_F64_ULP`] = 1.001 and
//! [`COMPLEX_INVERSE_F32_ULP`] = 0.501 for every part, and the exact zeros
//! and their signs on the axes.

use super::elementary::{Binary, Unary};
use super::special;
use super::FloatKind;

#[derive(Clone, Copy, Debug, PartialEq)]
struct C {
    re: f64,
    im: f64,
}

const fn c(re: f64, im: f64) -> C {
    C { re, im }
}

impl C {
    fn add(self, o: C) -> C {
        c(self.re + o.re, self.im + o.im)
    }
    fn sub(self, o: C) -> C {
        c(self.re - o.re, self.im - o.im)
    }
    fn mul(self, o: C) -> C {
        c(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
    /// Smith's division.
    fn div(self, o: C) -> C {
        if o.re.abs() >= o.im.abs() {
            if o.re == 0.0 && o.im == 0.0 {
                return c(self.re / 0.0, self.im / 0.0);
            }
            let r = o.im / o.re;
            let d = o.re + o.im * r;
            c((self.re + self.im * r) / d, (self.im - self.re * r) / d)
        } else {
            let r = o.re / o.im;
            let d = o.re * r + o.im;
            c((self.re * r + self.im) / d, (self.im * r - self.re) / d)
        }
    }
    /// Multiplication by i.
    fn times_i(self) -> C {
        c(-self.im, self.re)
    }
    /// Multiplication by −i.
    fn times_neg_i(self) -> C {
        c(self.im, -self.re)
    }
}

fn exp(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b == 0.0 && !a.is_nan() {
        return c(core_math::exp(a), b);
    }
    if a == f64::NEG_INFINITY && !b.is_finite() {
        return c(0.0, 0.0);
    }
    if a == f64::INFINITY && !b.is_finite() {
        return c(f64::INFINITY, f64::NAN);
    }
    let (s, co) = core_math::sincos(b);
    if a > 700.0 {
        let h = core_math::exp(a / 2.0);
        return c(co * h * h, s * h * h);
    }
    let e = core_math::exp(a);
    c(e * co, e * s)
}

fn expm1(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b == 0.0 && !a.is_nan() {
        return c(core_math::expm1(a), b);
    }
    if a.is_infinite() || a > 700.0 {
        return exp(z).sub(c(1.0, 0.0));
    }
    let (s, co) = core_math::sincos(b);
    let h = core_math::sin(b / 2.0);
    let re = core_math::expm1(a) * co - 2.0 * h * h;
    c(re, core_math::exp(a) * s)
}

/// a² + b² − 1 as a double-double sum, then rounded.
fn norm_minus_one(a: f64, b: f64) -> f64 {
    let (a2, a2e) = (a * a, a.mul_add(a, -(a * a)));
    let (b2, b2e) = (b * b, b.mul_add(b, -(b * b)));
    // Sum the six exact terms largest magnitude first in a compensated way.
    let mut terms = [a2, b2, -1.0, a2e, b2e];
    terms.sort_by(|x, y| y.abs().total_cmp(&x.abs()));
    let mut s = 0.0;
    let mut err = 0.0;
    for t in terms {
        let n = s + t;
        let bb = n - s;
        err += (s - (n - bb)) + (t - bb);
        s = n;
    }
    s + err
}

fn log(z: C) -> C {
    let (a, b) = (z.re, z.im);
    let im = core_math::atan2(b, a);
    let h = core_math::hypot(a, b);
    let re = if h > 0.7 && h < 1.5 {
        0.5 * core_math::log1p(norm_minus_one(a, b))
    } else {
        core_math::log(h)
    };
    c(re, im)
}

fn log1p(z: C) -> C {
    let (a, b) = (z.re, z.im);
    let h = core_math::hypot(a, b);
    if h < 0.5 {
        // |1 + z|² − 1 = 2a + a² + b², compensated.
        let (a2, a2e) = (a * a, a.mul_add(a, -(a * a)));
        let (b2, b2e) = (b * b, b.mul_add(b, -(b * b)));
        let s = 2.0 * a + (a2 + b2) + (a2e + b2e);
        return c(0.5 * core_math::log1p(s), core_math::atan2(b, 1.0 + a));
    }
    log(c(1.0 + a, b))
}

fn sqrt(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if b.is_infinite() {
        return c(f64::INFINITY, b);
    }
    if a.is_nan() || b.is_nan() {
        if a == f64::INFINITY {
            return c(a, f64::NAN);
        }
        return c(f64::NAN, f64::NAN);
    }
    if a == f64::NEG_INFINITY {
        return c(0.0, f64::INFINITY.copysign(b));
    }
    if a == f64::INFINITY {
        return c(a, 0f64.copysign(b));
    }
    if a == 0.0 && b == 0.0 {
        return c(0.0, b);
    }
    // Scale into a safe range: sqrt(4^k z) = 2^k sqrt(z).
    let m = a.abs().max(b.abs());
    let (sa, sb, back) = if m > 1e300 {
        (a / 4.0, b / 4.0, 2.0)
    } else if m < 1e-300 {
        (a * 2f64.powi(108), b * 2f64.powi(108), 2f64.powi(-54))
    } else {
        (a, b, 1.0)
    };
    let t = ((sa.abs() + core_math::hypot(sa, sb)) / 2.0).sqrt();
    if sa >= 0.0 {
        c(t * back, sb / (2.0 * t) * back)
    } else {
        c(sb.abs() / (2.0 * t) * back, t.copysign(sb) * back)
    }
}

fn tanh(z: C) -> C {
    let (a, b) = (z.re, z.im);
    if a.is_infinite() {
        let s = if b.is_finite() {
            core_math::sin(2.0 * b)
        } else {
            0.0
        };
        return c(1f64.copysign(a), 0f64.copysign(s));
    }
    if a.abs() > 22.0 {
        let (s, co) = core_math::sincos(b);
        let e = core_math::exp(-2.0 * a.abs());
        return c(1f64.copysign(a), 4.0 * s * co * e);
    }
    let t = core_math::tan(b);
    let beta = 1.0 + t * t;
    let s = core_math::sinh(a);
    let rho = (1.0 + s * s).sqrt();
    let d = 1.0 + beta * s * s;
    if t.is_infinite() {
        return c(rho / s, 1.0 / t);
    }
    c(beta * rho * s / d, t / d)
}

fn sin(z: C) -> C {
    let (s, co) = core_math::sincos(z.re);
    if z.im == 0.0 {
        return c(s, co * z.im);
    }
    c(s * core_math::cosh(z.im), co * core_math::sinh(z.im))
}

fn cos(z: C) -> C {
    let (s, co) = core_math::sincos(z.re);
    if z.im == 0.0 {
        return c(co, -(s * z.im));
    }
    c(co * core_math::cosh(z.im), -(s * core_math::sinh(z.im)))
}

/// `(sinh a · u, cosh a · v)`: the real sinh and cosh times factors. Where
/// |a| > 710, cosh a overflows while a product may not (sinh(−725 + 7e−42i)
/// has an imaginary part of 3.3e273), so each product is (t·h)·(h/2) with
/// h = e^{|a|/2}, the sign of a on sinh's (sinh a and cosh a agree there
/// to 2^-2000 relative). The order of the operations is the rules'
/// (`sinh_complex`, `cosh_complex`).
fn sinh_cosh_times(a: f64, u: f64, v: f64) -> (f64, f64) {
    if a.abs() > 710.0 {
        let h = core_math::exp(a.abs() * 0.5);
        let hh = h * 0.5;
        let su = u * h * hh;
        (if a < 0.0 { -su } else { su }, v * h * hh)
    } else {
        (u * core_math::sinh(a), v * core_math::cosh(a))
    }
}

/// sinh(a + ib) = sinh a·cos b + i·cosh a·sin b, with cos(−b) and
/// −sin(−b) as the rule writes them (the same bits).
fn sinh(z: C) -> C {
    let (s, co) = core_math::sincos(-z.im);
    let (p, q) = sinh_cosh_times(z.re, co, s);
    c(p, -q)
}

/// cosh(a + ib) = cosh a·cos b + i·sinh a·sin b (as [`sinh`]).
fn cosh(z: C) -> C {
    let (s, co) = core_math::sincos(-z.im);
    let (q, p) = sinh_cosh_times(z.re, s, co);
    c(p, -q)
}

/// asin(z) = ±atan2(x, W) ± i·acosh(A), the signs those of Re z and Im z
/// (see the module documentation).
fn asin(z: C) -> C {
    let (x, y) = (z.re.abs(), z.im.abs());
    let (w, k, v) = asin_acos_parts(x, y);
    let u = if y == 0.0 && x <= 1.0 {
        core_math::asin(x)
    } else if k != 0 {
        // W < 2^-900 ≤ x: the angle is π/2 − W/x, to which W's rounding
        // makes no difference.
        core_math::atan2(x, round_scaled(w, k))
    } else {
        atan2_dd((x, 0.0), w)
    };
    c(u.copysign(z.re), v.copysign(z.im))
}

/// acos(z) = atan2(W, Re z) ∓ i·acosh(A), the sign opposite to Im z's
/// (see the module documentation).
fn acos(z: C) -> C {
    let (x, y) = (z.re.abs(), z.im.abs());
    let (w, k, v) = asin_acos_parts(x, y);
    let u = if y == 0.0 && x <= 1.0 {
        core_math::acos(z.re)
    } else if k != 0 && z.re > 0.0 {
        // W < 2^-900 and x > 1: atan2(W, x) = W/x up to a relative
        // (W/x)²/3 < 2^-1800, below 2^-1100 (so +0) if x ≥ 2^200.
        if x >= pow2(200) {
            0.0
        } else {
            round_scaled(special::dd_div(w, (x, 0.0)), k)
        }
    } else if k != 0 {
        core_math::atan2(round_scaled(w, k), z.re)
    } else {
        atan2_dd(w, (z.re, 0.0))
    };
    c(u, -v.copysign(z.im))
}

/// asinh(z) = −i·asin(iz).
fn asinh(z: C) -> C {
    let s = asin(z.times_i());
    c(s.im, -s.re)
}

/// acosh(z) = ±i·acos(z), the sign that makes the real part ≥ 0: the
/// imaginary part of acos(z) has the sign opposite to Im z.
fn acosh(z: C) -> C {
    let a = acos(z);
    c(a.im.abs(), a.re.copysign(z.im))
}

/// atanh(z) for z = x + iy, from X = |x| and Y = |y| (atanh is odd and
/// commutes with conjugation, so the parts take the signs of x and y):
///
/// * Re = ¼·log1p(4X / ((1 − X)² + Y²)) (all terms positive; where the
///   denominator falls below 2^-1000, so that it could underflow — X = 1
///   exactly and Y < 2^-500 —, ½(ln|1 + X + iY| − ln|1 − X + iY|) with
///   correctly rounded hypot);
/// * Im = ½·atan2(2Y, (1 − X)(1 + X) − Y²);
/// * where max(X, Y) ≥ 2^500 (the squares could overflow), Re = X/|z|²,
///   as ((X/8)/h)·(1/h)/8 with h = |z/8| (no overflow), and Im = π/2,
///   which is Im rounded (the difference is below Y/|z|² ≤ 2^-500).
///
/// Each step is one f64 operation (CORE-MATH's log1p, log, atan2 and
/// hypot, correctly rounded), in the order `spec/rules/elementary.rules`'
/// `atanh_complex` writes them, so that the rule and this function agree
/// bit for bit. Special values are C99's catanh (G.6.2.3): Y = ∞ gives
/// 0 + iπ/2 whatever X is (NaN included), X = ∞ gives 0 + iπ/2, or 0 + iNaN
/// when Y is NaN, and X = 0 gives a zero real part even when Y is NaN; the
/// signs follow x and y (a NaN's sign bit too), other NaN inputs give NaN
/// parts, and atanh(±1 ± i0) = ±∞ ± i0.
fn atanh(z: C) -> C {
    let (x, y) = (z.re.abs(), z.im.abs());
    let half_pi = std::f64::consts::FRAC_PI_2;
    // stablehlo.maximum: NaN if either is NaN.
    let m = if x.is_nan() || y.is_nan() {
        f64::NAN
    } else {
        x.max(y)
    };
    let big = m >= pow2(500);
    let s = 1.0 - x;
    let den = s * s + y * y;
    let mut re = if big {
        // x/|z|², scaled by 1/8 so that |z| cannot overflow and 1/h stays
        // normal; 1/h is a factor, not a second divisor, as a compiler
        // that rewrites a/b/c into a/(b·c) would overflow b·c.
        let (xs, ys) = (0.125 * x, 0.125 * y);
        let h = core_math::hypot(xs, ys);
        xs / h * (1.0 / h) * 0.125
    } else if den < pow2(-1000) {
        0.5 * (core_math::log(core_math::hypot(1.0 + x, y))
            - core_math::log(core_math::hypot(s, y)))
    } else {
        0.25 * core_math::log1p(4.0 * x / den)
    };
    let mut im = if big {
        half_pi
    } else {
        0.5 * core_math::atan2(2.0 * y, s * (1.0 + x) - y * y)
    };
    if x == 0.0 {
        re = 0.0;
    }
    if x == f64::INFINITY {
        re = 0.0;
        im = if y.is_nan() { f64::NAN } else { half_pi };
    }
    if y == f64::INFINITY {
        re = 0.0;
        im = half_pi;
    }
    c(re.copysign(z.re), im.copysign(z.im))
}

fn atan(z: C) -> C {
    atanh(z.times_i()).times_neg_i()
}

fn cbrt(z: C) -> C {
    let r = core_math::cbrt(core_math::hypot(z.re, z.im));
    let t = core_math::atan2(z.im, z.re) / 3.0;
    let (s, co) = core_math::sincos(t);
    c(r * co, r * s)
}

fn pow(z: C, w: C) -> C {
    if w.re == 0.0 && w.im == 0.0 {
        return c(1.0, 0.0);
    }
    if z.re == 0.0 && z.im == 0.0 {
        return if w.re > 0.0 {
            c(0.0, 0.0)
        } else if w.re.is_nan() || w.im.is_nan() {
            c(f64::NAN, f64::NAN)
        } else {
            c(f64::INFINITY, 0.0)
        };
    }
    exp(w.mul(log(z)))
}

fn atan2(y: C, x: C) -> C {
    let n = x.mul(x).add(y.mul(y));
    let q = x.add(y.times_i()).div(sqrt(n));
    log(q).times_neg_i()
}

fn eval(f: Unary, z: C) -> Option<C> {
    Some(match f {
        Unary::Exp => exp(z),
        Unary::Expm1 => expm1(z),
        Unary::Log => log(z),
        Unary::Log1p => log1p(z),
        Unary::Logistic => c(1.0, 0.0).div(c(1.0, 0.0).add(exp(c(-z.re, -z.im)))),
        Unary::Sin => sin(z),
        Unary::Cos => cos(z),
        Unary::Tan => tanh(z.times_i()).times_neg_i(),
        Unary::Tanh => tanh(z),
        Unary::Cbrt => cbrt(z),
        Unary::Sqrt => sqrt(z),
        Unary::Rsqrt => c(1.0, 0.0).div(sqrt(z)),
        Unary::Acos => acos(z),
        Unary::Acosh => acosh(z),
        Unary::Asin => asin(z),
        Unary::Asinh => asinh(z),
        Unary::Atan => atan(z),
        Unary::Atanh => atanh(z),
        Unary::Cosh => cosh(z),
        Unary::Sinh => sinh(z),
        Unary::Erf
        | Unary::Erfc
        | Unary::ErfInv
        | Unary::Lgamma
        | Unary::Digamma
        | Unary::BesselI1e => return None,
    })
}

fn load(kind: FloatKind, bits: u64) -> f64 {
    if kind == FloatKind::F32 {
        f32::from_bits(bits as u32) as f64
    } else {
        f64::from_bits(bits)
    }
}

fn store(kind: FloatKind, v: f64) -> u64 {
    match (kind, v.is_nan()) {
        (FloatKind::F32, true) => 0x7FC0_0000,
        (FloatKind::F32, false) => (v as f32).to_bits() as u64,
        (_, true) => 0x7FF8_0000_0000_0000,
        (_, false) => v.to_bits(),
    }
}

/// `f(re + i·im)` for `complex<f32>` (`kind` = F32) or `complex<f64>`
/// (`kind` = F64); parts are bit patterns of that format. `None` if the
/// spec gives `f` no complex semantics (erf, erfc, erf_inv, lgamma,
/// digamma, bessel_i1e) or `kind` is not a complex element type.
pub fn complex_unary(kind: FloatKind, f: Unary, re: u64, im: u64) -> Option<(u64, u64)> {
    if !matches!(kind, FloatKind::F32 | FloatKind::F64) {
        return None;
    }
    let z = c(load(kind, re), load(kind, im));
    let r = eval(f, z)?;
    Some((store(kind, r.re), store(kind, r.im)))
}

/// `f(a, b)` for complex operands `a = a_re + i·a_im`, `b = b_re + i·b_im`:
/// `Pow` (a^b) and `Atan2` (a = y, b = x). `None` for the other binary
/// functions, which have no complex semantics, and for kinds other than
/// F32 and F64.
pub fn complex_binary(
    kind: FloatKind,
    f: Binary,
    a_re: u64,
    a_im: u64,
    b_re: u64,
    b_im: u64,
) -> Option<(u64, u64)> {
    if !matches!(kind, FloatKind::F32 | FloatKind::F64) {
        return None;
    }
    let a = c(load(kind, a_re), load(kind, a_im));
    let b = c(load(kind, b_re), load(kind, b_im));
    let r = match f {
        Binary::Pow => pow(a, b),
        Binary::Atan2 => atan2(a, b),
        _ => return None,
    };
    Some((store(kind, r.re), store(kind, r.im)))
}

/// |re + i·im| (`stablehlo.abs` on complex), correctly rounded IEEE hypot
/// in the part format (F32 or F64): ∞ if either part is infinite, even
/// with a NaN; otherwise NaN if either is NaN (the first NaN, quieted).
pub fn complex_abs(kind: FloatKind, re: u64, im: u64) -> u64 {
    super::elementary::binary(kind, Binary::Hypot, re, im)
}

/// Error bound of every part of [`complex_unary`]'s asin, acos, asinh and
/// acosh on `complex<f64>`, in ulps of that part (measured maxima 0.843 to
/// 0.962; see the module documentation).
pub const COMPLEX_INVERSE_F64_ULP: f64 = 1.001;
/// Error bound of every part of [`complex_unary`]'s asin, acos, asinh and
/// acosh on `complex<f32>`, in ulps of that part (measured maxima 0.4978 to
/// 0.4998; see the module documentation).
pub const COMPLEX_INVERSE_F32_ULP: f64 = 0.501;

/// Error bound of both parts of [`complex_unary`]'s atanh (and so atan) on
/// `complex<f64>`, in ulps of each part (measured maxima 1.775 for the real
/// part and 1.470 for the imaginary part; see the module documentation).
pub const COMPLEX_ATANH_F64_ULP: f64 = 3.0;
/// Error bound of both parts of [`complex_unary`]'s atanh (and so atan) on
/// `complex<f32>`, in ulps of each part (measured maxima 0.50000; see the
/// module documentation).
pub const COMPLEX_ATANH_F32_ULP: f64 = 0.501;

// ---------------------------------------------------------------------------
// CHLO's _asin_acos_kernel
// ---------------------------------------------------------------------------

/// Error bounds (real part, imaginary part) of [`asin_acos_kernel`] on
/// `complex<f64>`, in ulps of each part (measured maxima 0.49990 and
/// 0.99825; see there).
pub const ASIN_ACOS_KERNEL_F64_ULP: (f64, f64) = (0.501, 1.001);
/// Error bounds (real part, imaginary part) of [`asin_acos_kernel`] on
/// `complex<f32>`, in ulps of each part (measured maxima 0.49999999 and
/// 0.49999566).
pub const ASIN_ACOS_KERNEL_F32_ULP: (f64, f64) = (0.501, 0.501);

type Dd = (f64, f64);
const DD_ONE: Dd = (1.0, 0.0);

/// `2^k` for −1022 ≤ k ≤ 1023.
fn pow2(k: i32) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// √a of a non-negative double-double: the f64 root and one Newton
/// correction, whose residual a − h² is exact (fma).
fn dd_sqrt(a: Dd) -> Dd {
    if a.0 == 0.0 {
        return (0.0, 0.0);
    }
    let h = a.0.sqrt();
    let r = (-h).mul_add(h, a.0) + a.1;
    special::two_sum(h, r / (2.0 * h))
}

/// v·2^k for |k| ≤ 2044, exact unless the result leaves the normal
/// range (each factor 2^(k/2) is a normal number, and the intermediate
/// product lies between v and the result).
fn scale2(v: f64, k: i32) -> f64 {
    v * pow2(k / 2) * pow2(k - k / 2)
}

/// √(a² + b²) for a double-double `a` and b ≥ 0, computed scaled by a
/// power of two that brings the larger operand into [1, 2), so that
/// neither the squares nor their error terms leave the normal range; exact
/// to double-double accuracy when the result is a normal number.
fn dd_hypot(a: Dd, b: f64) -> Dd {
    let a = if a.0 < 0.0 { (-a.0, -a.1) } else { a };
    let m = a.0.max(b);
    if m == 0.0 {
        return (0.0, 0.0);
    }
    // m = 2^e · f with 1 ≤ f < 2 (a subnormal m is read scaled by 2^600).
    let exponent = |v: f64| ((v.to_bits() >> 52) & 0x7FF) as i32 - 1023;
    let e = if m < f64::MIN_POSITIVE {
        exponent(m * pow2(600)) - 600
    } else {
        exponent(m)
    };
    let (ah, al, b) = (scale2(a.0, -e), scale2(a.1, -e), scale2(b, -e));
    let sq = special::dd_add(special::two_prod(ah, ah), special::two_prod(b, b));
    let sq = special::dd_add(sq, (2.0 * ah * al, 0.0));
    let r = dd_sqrt(sq);
    (scale2(r.0, e), scale2(r.1, e))
}

/// y·a for y > 0 and a positive double-double a ≤ 2^500, as a
/// double-double b and an exponent k with y·a = b·2^-k (up to the
/// double-double's rounding): k = 0 where the leading product is at least
/// 2^-900, else k = 600, the smaller factor being scaled by 2^600 first
/// (exact: it is below 2^-450 there), so that the error terms of the
/// product are normal numbers and exact, also where y·a is subnormal.
fn mul_scaled(y: f64, a: Dd) -> (Dd, i32) {
    if y * a.0 >= pow2(-900) {
        return (special::dd_mul((y, 0.0), a), 0);
    }
    let scale = pow2(600);
    let b = if y <= a.0 {
        special::dd_mul((y * scale, 0.0), a)
    } else {
        special::dd_mul((y, 0.0), (a.0 * scale, a.1 * scale))
    };
    (b, 600)
}

/// b·2^-k rounded once to f64, for a positive double-double b whose
/// leading part is a normal number and k = 0 or 600, also where the
/// result is subnormal: there the leading part is rounded to the subnormal
/// spacing and corrected by one unit if the rest of b, computed at b's
/// scale, says it lies past the midpoint.
fn round_scaled(b: Dd, k: i32) -> f64 {
    let r = b.0 + b.1;
    if k == 0 {
        return r;
    }
    let v = r * pow2(-k);
    if v > f64::MIN_POSITIVE {
        // r·2^-k is a normal number: the scaling is exact.
        return v;
    }
    let p = b.0 * pow2(-k);
    // b.0 − p·2^k is exact: both are multiples of the leading part's ulp
    // and their difference is at most half the subnormal spacing, scaled.
    let rest = (b.0 - p * pow2(k)) + b.1;
    let half_unit = pow2(-1075 + k);
    if rest > half_unit {
        p + f64::from_bits(1)
    } else if rest < -half_unit {
        p - f64::from_bits(1)
    } else {
        p
    }
}

/// y·a rounded once to f64, for y > 0 and a positive double-double
/// a ≤ 2^500, also where the product is subnormal.
fn mul_round(y: f64, a: Dd) -> f64 {
    let (b, k) = mul_scaled(y, a);
    round_scaled(b, k)
}

/// log1p(t) of a double-double t ≥ 0: CORE-MATH's correctly rounded
/// log1p of the leading part, plus the first-order term of the trailing one.
fn dd_log1p(t: Dd) -> f64 {
    core_math::log1p(t.0) + t.1 / (1.0 + t.0)
}

/// atan2(n, d) of double-doubles: CORE-MATH's correctly rounded atan2 of
/// the leading parts plus the first-order term of the trailing ones,
/// (d·n.lo − n·d.lo)/(n² + d²), scaled by |(n, d)| to stay in range.
fn atan2_dd(n: Dd, d: Dd) -> f64 {
    let t = core_math::atan2(n.0, d.0);
    if n.1 == 0.0 && d.1 == 0.0 {
        return t;
    }
    let h = core_math::hypot(n.0, d.0);
    if !(t.is_finite() && h.is_finite() && h > 0.0) {
        return t;
    }
    t + ((d.0 / h) * (n.1 / h) - (n.0 / h) * (d.1 / h))
}

/// The parts of CHLO's `_asin_acos_kernel` for x = |Re z|, y = |Im z|, in
/// f64 (see [`asin_acos_kernel`]).
fn asin_acos_w(x: f64, y: f64) -> C {
    let (re, k, im) = asin_acos_parts(x, y);
    c(round_scaled(re, k), im)
}

/// The parts of CHLO's `_asin_acos_kernel` for x = |Re z|, y = |Im z|:
/// the real part W = √(A² − x²) as a double-double b and an exponent k
/// with W = b·2^-k (k = 600 where x > 1 and W < 2^-900, else 0; b's
/// trailing part is 0 where W is exact or a limit, and W rounded is the
/// kernel's real part), and the imaginary part acosh(A) in f64.
fn asin_acos_parts(x: f64, y: f64) -> (Dd, i32, f64) {
    use special::{dd_add, dd_div, dd_mul, two_prod, two_sum};
    let half = |a: Dd| (a.0 / 2.0, a.1 / 2.0);
    let round = |a: Dd| a.0 + a.1;
    let exact = |v: f64| (v, 0.0);
    if x.is_infinite() || y.is_infinite() {
        // A = ∞; the real part tends to |Im z| (see below), which is ∞
        // with it, or NaN if it is NaN.
        return (exact(y), 0, f64::INFINITY);
    }
    if x.is_nan() || y.is_nan() {
        // On the imaginary axis the real part is A ≥ 1 whatever y is: a
        // positive real part keeps atan2(Re z, w.re) = ±0 and
        // atan2(w.re, Re z) = π/2, C99's asin and acos of ±0 + iNaN.
        return if x == 0.0 {
            (DD_ONE, 0, f64::NAN)
        } else {
            (exact(f64::NAN), 0, f64::NAN)
        };
    }
    if y == 0.0 {
        // The real axis: A = max(1, x).
        if x > 1.0 {
            return (exact(0.0), 0, core_math::acosh(x));
        }
        let x2 = two_prod(x, x);
        let one_minus = dd_add(DD_ONE, (-x2.0, -x2.1));
        return (dd_sqrt(one_minus), 0, 0.0);
    }
    if x == 0.0 {
        // The imaginary axis: A = √(1 + y²), acosh(A) = asinh(y).
        return (exact(core_math::hypot(1.0, y)), 0, core_math::asinh(y));
    }
    let huge = pow2(500);
    if x > huge || y > huge {
        // |z| > 2^500: A = |z|(1 + ε) with ε < 2^-1000, and the real part
        // √(A² − x²) = y·A/√(A² − 1) = y(1 + ε') with ε' < 2^-1000.
        let m = core_math::hypot(x, y);
        if m.is_finite() {
            return (exact(y), 0, core_math::acosh(m));
        }
        // acosh(2m) = acosh(m) + ln 2 up to 2^-1000 relative.
        let half_m = core_math::hypot(x / 2.0, y / 2.0);
        const LN2_LO: f64 = 2.319_046_813_846_299_6e-17;
        let s = dd_add(
            (core_math::acosh(half_m), 0.0),
            (std::f64::consts::LN_2, LN2_LO),
        );
        return (exact(y), 0, round(s));
    }
    if x == 1.0 && y < pow2(-900) {
        // A − 1 = (y/2)(1 + y/(|z + 1| + 2)), A + 1 = 2 + y/2: both parts
        // are √y up to a relative 2^-900. √y as r + (y − r²)/(2r), with
        // y scaled by 2^200 so that the fma's residual is exact.
        let s = y * pow2(200);
        let r = s.sqrt();
        let lo = (-r).mul_add(r, s) / (2.0 * r);
        let r = r * pow2(-100);
        return ((r, lo * pow2(-100)), 0, r);
    }
    // Double-double from here on; every sum adds positive terms.
    // r = |z + 1|, s = |z − 1|, A = (r + s)/2, with x ± 1 exact.
    let xp1 = two_sum(x, 1.0);
    let xm1 = two_sum(x, -1.0);
    let r = dd_hypot(xp1, y);
    let s = dd_hypot(xm1, y);
    let a = half(dd_add(r, s));
    let p = dd_add(r, xp1); // r + x + 1
    let yd = (y, 0.0);
    if x < 1.0 {
        // A − 1 = y²·k with k = ½(1/(r + x + 1) + 1/(s + 1 − x)), so
        // A² − x² = A²y²/(A² − 1) gives w.re = A/√(k(A + 1)), and
        // acosh(A) = log1p(A − 1 + √((A − 1)(A + 1)))
        //          = log1p(y(yk + √(k(A + 1)))).
        let q = dd_add(s, (-xm1.0, -xm1.1)); // s + 1 − x
        let k = half(dd_add(dd_div(DD_ONE, p), dd_div(DD_ONE, q)));
        let root = dd_sqrt(dd_mul(k, dd_add(a, DD_ONE)));
        let re = dd_div(a, root);
        let u = dd_add(dd_mul(yd, k), root);
        let t = dd_mul(yd, u);
        // log1p(t) = t(1 − t/2 + …) rounds to t below 2^-600.
        let im = if t.0 < pow2(-600) {
            mul_round(y, u)
        } else {
            dd_log1p(t)
        };
        (re, 0, im)
    } else {
        // A − x = y²·l with l = ½(1/(r + x + 1) + 1/(s + x − 1)), so
        // w.re = y√(l(A + x)); A − 1 = ½(y²/(r + x + 1) + s + x − 1).
        let q = dd_add(s, xm1); // s + x − 1
        let l = half(dd_add(dd_div(DD_ONE, p), dd_div(DD_ONE, q)));
        let (re, k) = mul_scaled(y, dd_sqrt(dd_mul(l, dd_add(a, (x, 0.0)))));
        let am1 = half(dd_add(dd_div(two_prod(y, y), p), q));
        let t = dd_add(am1, dd_sqrt(dd_mul(am1, dd_add(a, DD_ONE))));
        (re, k, dd_log1p(t))
    }
}

/// CHLO's `_asin_acos_kernel` of z = `re + i·im` for `complex<f32>`
/// (`kind` = F32) or `complex<f64>` (F64), parts as bit patterns; `None`
/// for other kinds.
///
/// The value is w = √(A² − x²) + i·acosh(A) with A = (|z + 1| + |z − 1|)/2,
/// from which the CHLO decompositions build asin(z) = atan2(x, w.re) +
/// i·sign(y)·w.im and acos(z) = atan2(w.re, x) − i·sign(y)·w.im. It depends
/// on |x| and |y| only, and both parts are ≥ +0.
///
/// # Method
///
/// For x, y ≥ 0, with r = |z + 1| and s = |z − 1|, the forms of Hull,
/// Fairgrieve and Tang (1997) write everything as sums, products and
/// quotients of positive terms, so nothing cancels:
///
/// * x < 1: A − 1 = y²k with k = ½(1/(r + x + 1) + 1/(s + 1 − x)); since
///   A² − x² = A²y²/(A² − 1), w.re = A/√(k(A + 1)), and
///   w.im = log1p(A − 1 + √((A − 1)(A + 1))) = log1p(y(yk + √(k(A + 1)))).
/// * x ≥ 1: A − x = y²l with l = ½(1/(r + x + 1) + 1/(s + x − 1)), so
///   w.re = y√(l(A + x)); A − 1 = ½(y²/(r + x + 1) + s + x − 1) and w.im
///   as above.
///
/// They are evaluated in double-double arithmetic (x ± 1 exact by two-sum,
/// exact products by fma, r and s by a double-double hypot scaled by a
/// power of two) and rounded once; log1p is CORE-MATH's of the leading
/// part plus the first-order term of the trailing part. A product that
/// ends below 2^-900 is computed scaled by 2^600, so that its error terms
/// stay exact, and rounded once (to the subnormal spacing below 2^-1022).
/// Elsewhere:
///
/// * y = 0: (√(1 − x²), 0) for x ≤ 1 and (0, acosh x) for x > 1 (exact
///   zeros; acosh correctly rounded); x = 0: (hypot(1, y), asinh y), both
///   correctly rounded.
/// * |z| > 2^500: w = y + i·acosh|z| (the approximation's relative error
///   is below 2^-1000), as acosh(|z|/2) + ln 2 where |z| overflows.
/// * x = 1, y < 2^-900: w = √y + i√y (relative error below 2^-900).
///
/// `complex<f32>` goes through the same f64 evaluation, rounded once more.
///
/// # Special values
///
/// * A part is infinite (so A = ∞): (|y|, +∞), |y| being the limit of
///   w.re = yA/√(A² − 1); the real part is NaN if y is NaN.
/// * Otherwise, a NaN part gives (NaN, NaN), except ±0 + iNaN, which gives
///   (1, NaN): on the imaginary axis w.re = A ≥ 1 whatever y is, and a
///   positive real part makes asin(±0 + iNaN) = ±0 + iNaN and
///   acos(±0 + iNaN) = π/2 + iNaN, C99's values.
///
/// Through the two formulas above, these give the special values of C99
/// Annex G for asin and acos, except where sign(y) of a zero or NaN y
/// meets an infinite w.im (±∞ + i0: sign(0)·∞ is NaN where C99 has ±∞).
/// NaN parts are the canonical NaN.
///
/// # Accuracy
///
/// Not correctly rounded, measured: against `asin_acos_kernel_reference.txt`
/// (written by `asin_acos_kernel_reference.py`: mpmath values of the
/// definition at two working precisions that agree to 2^-160, checked
/// against mpmath's complex asin, for 2,520 `complex<f64>` and 1,020
/// `complex<f32>` inputs —
/// |z| from the smallest subnormal to the largest finite value, z near
/// ±1, small |y| with |x| below and above 1, the axes, every sign), the
/// largest error of each part in ulps of that part is
///
/// | | real part | imaginary part |
/// |---|---|---|
/// | `complex<f64>` | 0.49990 | 0.99825 |
/// | `complex<f32>` | 0.49999999 | 0.49999566 |
///
/// (the imaginary part of `complex<f64>` is rounded twice: by log1p and
/// after the correction). The test asserts [`ASIN_ACOS_KERNEL_F64_ULP`] =
/// (0.501, 1.001) and [`ASIN_ACOS_KERNEL_F32_ULP`] = (0.501, 0.501), and
/// that the exact zeros (on the real axis) are +0.
pub fn asin_acos_kernel(kind: FloatKind, re: u64, im: u64) -> Option<(u64, u64)> {
    if !matches!(kind, FloatKind::F32 | FloatKind::F64) {
        return None;
    }
    let w = asin_acos_w(load(kind, re).abs(), load(kind, im).abs());
    Some((store(kind, w.re), store(kind, w.im)))
}
