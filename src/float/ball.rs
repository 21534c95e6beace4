//! Ball arithmetic: a value known to lie within a radius of a midpoint,
//! with every rounding error of every operation added to the radius. Two
//! kinds share one interface ([`Ball`]), so each special function of
//! [`ziv`](super::ziv) is written once:
//!
//! * [`Dd`]: a double-double midpoint (about 104 bits) and an `f64`
//!   radius: the fast path, no allocation.
//! * [`Mp`]: a big-integer midpoint of any precision and a [`Mag`] radius
//!   with an unbounded exponent: the fallback.
//!
//! Whatever a function computes with these operations, the exact value of
//! the function lies in the final ball (inclusion is preserved by every
//! operation, and every truncated series adds a proven bound of its
//! remainder). [`Ball::round`] then rounds the ball into a target format if
//! every point of it rounds to the same pattern.

use super::round::{round_value, Rounding};
use super::{FloatKind, Format};
use num_bigint::{BigInt, BigUint, Sign};
use std::sync::OnceLock;

// ---------------------------------------------------------------------------
// Mag: upper (or lower) bounds with an unbounded exponent
// ---------------------------------------------------------------------------

/// A non-negative bound `m · 2^e` with `m = 0` or `m ∈ [1/2, 1)`, or +∞.
/// Every operation rounds up (except [`Mag::sub_down`], which rounds down):
/// the significand operation is rounded to nearest, then moved one ulp up,
/// and significands stay in [1/4, 2), far from under- and overflow.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Mag {
    m: f64,
    e: i64,
}

/// Splits a positive finite `x` into `(m, e)` with `x = m · 2^e`, `m ∈ [1/2, 1)`.
fn frexp(x: f64) -> (f64, i64) {
    let bits = x.to_bits();
    let ex = ((bits >> 52) & 0x7FF) as i64;
    if ex == 0 {
        let (m, e) = frexp(x * p2(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7FFu64 << 52)) | (1022u64 << 52));
    (m, ex - 1022)
}

/// 2^k for −1022 ≤ k ≤ 1023 (built from its bits).
#[inline]
fn p2(k: i64) -> f64 {
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// `x · 2^k` exactly when the result is normal (two steps keep the factors
/// in range).
#[inline]
fn ldexp(x: f64, k: i64) -> f64 {
    if (-1022..=1023).contains(&k) {
        return x * p2(k);
    }
    // Three steps of at most 2^±1000 cover every finite result.
    let mut k = k.clamp(-3000, 3000);
    let mut x = x;
    while k != 0 {
        let step = k.clamp(-1000, 1000);
        x *= p2(step);
        k -= step;
    }
    x
}

impl Mag {
    pub(crate) const ZERO: Mag = Mag { m: 0.0, e: 0 };
    pub(crate) const INF: Mag = Mag {
        m: f64::INFINITY,
        e: 0,
    };

    fn norm(m: f64, e: i64) -> Mag {
        if m == 0.0 {
            Mag::ZERO
        } else if !m.is_finite() || e > i64::MAX / 4 {
            Mag::INF
        } else if e < i64::MIN / 4 {
            Mag::ZERO.max_tiny()
        } else {
            let (fr, ex) = frexp(m);
            Mag { m: fr, e: e + ex }
        }
    }

    /// The smallest bound this type keeps for a non-zero value (2^(−2^61)).
    fn max_tiny(self) -> Mag {
        Mag {
            m: 0.5,
            e: i64::MIN / 4,
        }
    }

    /// |x| exactly (NaN gives +∞).
    pub(crate) fn of(x: f64) -> Mag {
        let a = x.abs();
        if a.is_nan() {
            Mag::INF
        } else {
            Mag::norm(a, 0)
        }
    }

    /// 2^k.
    pub(crate) fn pow2(k: i64) -> Mag {
        Mag::norm(0.5, k.saturating_add(1))
    }

    pub(crate) fn is_zero(self) -> bool {
        self.m == 0.0
    }

    pub(crate) fn is_finite(self) -> bool {
        self.m.is_finite()
    }

    pub(crate) fn mul(self, o: Mag) -> Mag {
        if !self.is_finite() || !o.is_finite() {
            return Mag::INF;
        }
        if self.is_zero() || o.is_zero() {
            return Mag::ZERO;
        }
        Mag::norm((self.m * o.m).next_up(), self.e + o.e)
    }

    pub(crate) fn div(self, o: Mag) -> Mag {
        if !self.is_finite() || o.is_zero() {
            return Mag::INF;
        }
        if self.is_zero() {
            return Mag::ZERO;
        }
        if !o.is_finite() {
            return Mag::ZERO;
        }
        Mag::norm((self.m / o.m).next_up(), self.e - o.e)
    }

    pub(crate) fn add(self, o: Mag) -> Mag {
        if !self.is_finite() || !o.is_finite() {
            return Mag::INF;
        }
        if self.is_zero() {
            return o;
        }
        if o.is_zero() {
            return self;
        }
        let (a, b) = if self.e >= o.e { (self, o) } else { (o, self) };
        let d = a.e - b.e;
        if d > 60 {
            // b < 2^-60 · 2^a.e ≤ 2^-59 a: one ulp of a.m (≥ 2^-54 a) covers it.
            return Mag::norm(a.m.next_up(), a.e);
        }
        Mag::norm((a.m + b.m * p2(-d)).next_up(), a.e)
    }

    /// A lower bound of `self − o` (0 if that is not positive).
    pub(crate) fn sub_down(self, o: Mag) -> Mag {
        if !self.is_finite() || !o.is_finite() {
            return Mag::ZERO;
        }
        if o.is_zero() {
            return self;
        }
        if self.is_zero() || o.e > self.e {
            return Mag::ZERO;
        }
        let d = self.e - o.e;
        let m = if d > 60 {
            self.m.next_down()
        } else {
            (self.m - o.m * p2(-d)).next_down()
        };
        if m <= 0.0 {
            Mag::ZERO
        } else {
            Mag::norm(m, self.e)
        }
    }

    pub(crate) fn mul_2k(self, k: i64) -> Mag {
        if self.is_zero() || !self.is_finite() {
            return self;
        }
        Mag::norm(self.m, self.e.saturating_add(k))
    }

    /// Whether `self < o` (for bounds of the same kind: a comparison of
    /// the represented numbers).
    pub(crate) fn lt(self, o: Mag) -> bool {
        if !self.is_finite() {
            return false;
        }
        if !o.is_finite() {
            return true;
        }
        if o.is_zero() {
            return false;
        }
        if self.is_zero() {
            return true;
        }
        self.e < o.e || (self.e == o.e && self.m < o.m)
    }

    /// An `f64` upper bound (+∞ if out of range).
    pub(crate) fn up_f64(self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        if !self.is_finite() || self.e > 1024 {
            return f64::INFINITY;
        }
        if self.e < -1100 {
            return f64::from_bits(1);
        }
        ldexp(self.m, self.e).next_up()
    }
}

// ---------------------------------------------------------------------------
// The interface
// ---------------------------------------------------------------------------

/// A ball: every operation returns a ball containing every result of the
/// exact operation on points of the operands. A ball whose radius is
/// infinite or whose midpoint is not finite is *invalid* and never rounds.
pub(crate) trait Ball: Clone + Sized {
    /// The working precision in bits (what series aim for).
    fn prec(&self) -> u32;
    /// The exact value `x` (finite) at the same precision.
    fn num(&self, x: f64) -> Self;
    fn add(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    fn neg(&self) -> Self;
    /// Invalid if `o` may contain 0.
    fn div(&self, o: &Self) -> Self;
    /// Division by a positive integer below 2^53.
    fn div_int(&self, n: u64) -> Self {
        self.div(&self.num(n as f64))
    }
    /// Multiplication by 2^k.
    fn mul_2k(&self, k: i64) -> Self;
    /// Adds `r` to the radius.
    fn widen(&self, r: Mag) -> Self;
    /// An upper bound of |v| over the ball.
    fn mag_hi(&self) -> Mag;
    /// A lower bound of |v| over the ball (0 if it contains 0).
    fn mag_lo(&self) -> Mag;
    /// The midpoint rounded to the nearest `f64` (±∞ or ±0 out of range).
    fn approx(&self) -> f64;
    /// ⌊log₂ |mid|⌋, `None` for a zero midpoint.
    fn exponent(&self) -> Option<i64>;
    /// The midpoint alone (radius 0).
    fn point(&self) -> Self;
    /// Whether every point is positive.
    fn positive(&self) -> bool;
    fn valid(&self) -> bool;
    fn ln2(&self) -> Self;
    fn pi(&self) -> Self;
    /// B₂ⱼ/(2j) for 1 ≤ j ≤ [`BERNOULLI_MAX`].
    fn bernoulli_over_2j(&self, j: usize) -> Self;
    /// B₂ⱼ/(2j)! for 1 ≤ j ≤ [`BERNOULLI_MAX`].
    fn bernoulli_over_fact(&self, j: usize) -> Self;
    /// A point near √mid (mid > 0); [`sqrt`] bounds its error.
    fn sqrt_point(&self) -> Self;
    /// The pattern of `kind` every point of the ball rounds to (nearest,
    /// ties to even), if there is one and the ball does not straddle 0.
    fn round(&self, kind: FloatKind) -> Option<u64>;

    fn sub(&self, o: &Self) -> Self {
        self.add(&o.neg())
    }
}

/// How many Bernoulli numbers the tables hold (B₂ … B₁₂₀).
pub(crate) const BERNOULLI_MAX: usize = 60;

// ---------------------------------------------------------------------------
// Dd: double-double midpoint, f64 radius
// ---------------------------------------------------------------------------

/// The value lies in `[h + l − r, h + l + r]` (exact sums).
///
/// Error analysis. `u = 2^-53`; a rounding to nearest of a normal result
/// `z` errs by at most `u·|RN(z)|`; in the subnormal range by at most
/// 2^-1075 absolute, and `two_prod` is exact unless its low part
/// underflows, again by at most a few 2^-1075: every operation adds
/// `ETA = 2^-1060` to the radius to cover these. `two_sum` is exact. The
/// radius itself is computed in round-to-nearest from non-negative terms,
/// at most 6 operations, each of relative error ≤ u; multiplying the
/// result by `1 + 2^-48` (itself rounded: ≥ 1 + 2^-48 − 2^-52) covers
/// (1 + u)^7 (see [`Dd::up`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dd {
    h: f64,
    l: f64,
    r: f64,
}

const U: f64 = 1.0 / 9_007_199_254_740_992.0; // 2^-53
#[inline]
fn eta() -> f64 {
    // 2^-1060 (a subnormal: 2^14 times the smallest one).
    f64::from_bits(1u64 << 14)
}

#[inline]
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

#[inline]
fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

impl Dd {
    pub(crate) const ZERO: Dd = Dd {
        h: 0.0,
        l: 0.0,
        r: 0.0,
    };

    /// An upper bound of a radius computed in round-to-nearest by at most
    /// six operations on non-negative terms (see the type's analysis).
    #[inline]
    fn up(x: f64) -> f64 {
        x * (1.0 + 2f64.powi(-48)) + eta()
    }

    fn from_parts(h: f64, l: f64, r: f64) -> Dd {
        Dd { h, l, r }
    }
}

impl Ball for Dd {
    fn prec(&self) -> u32 {
        104
    }

    fn num(&self, x: f64) -> Dd {
        Dd {
            h: x,
            l: 0.0,
            r: 0.0,
        }
    }

    #[inline]
    fn add(&self, o: &Dd) -> Dd {
        let (s, e) = two_sum(self.h, o.h);
        let t = self.l + o.l; // error ≤ u|t|
        let t2 = t + e; // error ≤ u|t2|
        let (h, l) = two_sum(s, t2);
        let r = Dd::up(self.r + o.r + U * (t.abs() + t2.abs()));
        Dd { h, l, r }
    }

    #[inline]
    fn mul(&self, o: &Dd) -> Dd {
        let (p, e) = two_prod(self.h, o.h);
        let c1 = self.h * o.l; // error ≤ u|c1|
        let c2 = self.l * o.h; // error ≤ u|c2|
        let c = c1 + c2; // error ≤ u|c|
        let t = e + c; // error ≤ u|t|
        let (h, l) = two_sum(p, t);
        // Omitted: l·o.l. Propagated: |mid₁|r₂ + |mid₂|r₁ + r₁r₂.
        let m1 = self.h.abs() + self.l.abs();
        let m2 = o.h.abs() + o.l.abs();
        let rounding = U * (c1.abs() + c2.abs() + c.abs() + t.abs()) + (self.l * o.l).abs();
        let r = Dd::up(m1 * o.r + m2 * self.r + self.r * o.r + rounding * (1.0 + 2f64.powi(-50)));
        Dd { h, l, r }
    }

    fn neg(&self) -> Dd {
        Dd {
            h: -self.h,
            l: -self.l,
            r: self.r,
        }
    }

    fn div(&self, o: &Dd) -> Dd {
        // Any point q: for X in self and Y in o, X/Y − q = (X − qY)/Y, and
        // X − qY lies in the ball self − q·o.
        let q1 = self.h / o.h;
        let res = self.sub(&o.mul(&self.num(q1)).point());
        let q2 = (res.h + res.l) / o.h;
        let (qh, ql) = two_sum(q1, q2);
        let q = Dd::from_parts(qh, ql, 0.0);
        let e = self.sub(&q.mul(o));
        let lo = o.mag_lo();
        if lo.is_zero() || !qh.is_finite() {
            return Dd::from_parts(qh, ql, f64::INFINITY);
        }
        let err = e.mag_hi().div(lo).up_f64();
        Dd {
            h: qh,
            l: ql,
            r: err,
        }
    }

    fn div_int(&self, n: u64) -> Dd {
        let nf = n as f64;
        let h = self.h / nf;
        let e = (-h).mul_add(nf, self.h); // exact (h·n differs from self.h by less than an ulp)
        let t = e + self.l; // error ≤ u|t|
        let l = t / nf; // error ≤ u|l|
        let (h, l2) = two_sum(h, l);
        let r = Dd::up(self.r / nf + U * (t.abs() / nf + l.abs()) * (1.0 + 2f64.powi(-50)));
        Dd { h, l: l2, r }
    }

    fn mul_2k(&self, k: i64) -> Dd {
        let h = ldexp(self.h, k);
        let l = ldexp(self.l, k);
        // h and l scale exactly unless they leave the normal range.
        let r = Dd::up(ldexp(self.r, k));
        Dd { h, l, r }
    }

    fn widen(&self, r: Mag) -> Dd {
        Dd {
            h: self.h,
            l: self.l,
            r: Dd::up(self.r + r.up_f64()),
        }
    }

    fn mag_hi(&self) -> Mag {
        // Two roundings: (1 + u)² ≤ 1 + 2^-48.
        Mag::of(Dd::up(self.h.abs() + self.l.abs() + self.r))
    }

    fn mag_lo(&self) -> Mag {
        // |h| (1 − 2^-50) rounds to at most |h|(1 − 2^-51); the two
        // subtractions then round up by at most u|h| each.
        let lo = (self.h.abs() * (1.0 - 2f64.powi(-50)) - self.l.abs()) - self.r;
        if lo > 0.0 && lo.is_finite() {
            Mag::of(lo)
        } else {
            Mag::ZERO
        }
    }

    fn approx(&self) -> f64 {
        self.h + self.l
    }

    fn exponent(&self) -> Option<i64> {
        if self.h == 0.0 || !self.h.is_finite() {
            return None;
        }
        let (_, e) = frexp(self.h.abs());
        // |h + l| may lie just below a power of two that h equals.
        let e = e - 1;
        if self.h.abs() == ldexp(1.0, e) && (self.l != 0.0 && (self.l < 0.0) != (self.h < 0.0)) {
            Some(e - 1)
        } else {
            Some(e)
        }
    }

    fn point(&self) -> Dd {
        Dd {
            h: self.h,
            l: self.l,
            r: 0.0,
        }
    }

    fn positive(&self) -> bool {
        self.h > 0.0 && !self.mag_lo().is_zero()
    }

    fn valid(&self) -> bool {
        self.h.is_finite() && self.l.is_finite() && self.r.is_finite()
    }

    fn ln2(&self) -> Dd {
        // |ln 2 − (hi + lo)| < 5.8e-34 < 2^-109.
        Dd {
            h: f64::from_bits(0x3FE6_2E42_FEFA_39EF),
            l: f64::from_bits(0x3C7A_BC9E_3B39_803F),
            r: 2f64.powi(-109),
        }
    }

    fn pi(&self) -> Dd {
        // |π − (hi + lo)| < 3.0e-33 < 2^-107.
        Dd {
            h: f64::from_bits(0x4009_21FB_5444_2D18),
            l: f64::from_bits(0x3CA1_A626_3314_5C07),
            r: 2f64.powi(-107),
        }
    }

    fn bernoulli_over_2j(&self, j: usize) -> Dd {
        dd_tables().0[j - 1]
    }

    fn bernoulli_over_fact(&self, j: usize) -> Dd {
        dd_tables().1[j - 1]
    }

    fn sqrt_point(&self) -> Dd {
        let s = self.h.sqrt();
        // One Newton step on the double-double: s + (x − s²)/(2s).
        let (p, e) = two_prod(s, s);
        let d = ((self.h - p) - e + self.l) / (2.0 * s);
        let (h, l) = two_sum(s, d);
        Dd { h, l, r: 0.0 }
    }

    fn round(&self, kind: FloatKind) -> Option<u64> {
        if !self.valid() {
            return None;
        }
        let f = kind.format();
        // Ends: h + (l ∓ r) with l ∓ r rounded outward, each an exact sum
        // of two f64.
        let (a, ea) = two_sum(self.l, -self.r);
        let a = if ea < 0.0 { a.next_down() } else { a };
        let (b, eb) = two_sum(self.l, self.r);
        let b = if eb > 0.0 { b.next_up() } else { b };
        let lo = exact_sum_sign(self.h, a);
        let hi = exact_sum_sign(self.h, b);
        if lo != hi || lo == 0 {
            // Straddles (or touches) zero.
            return (self.h == 0.0 && self.l == 0.0 && self.r == 0.0)
                .then(|| round_value(f, false, 0, 0, false, Rounding::NearestEven).bits);
        }
        let x = round_sum2(f, self.h, a);
        let y = round_sum2(f, self.h, b);
        (x == y).then_some(x)
    }
}

// ---------------------------------------------------------------------------
// Fb: f64 midpoint, f64 radius
// ---------------------------------------------------------------------------

/// The value lies in `[m − r, m + r]`: the cheapest ball, enough to decide
/// the rounding into formats of at most 24 bits of precision almost
/// always. Each operation rounds its midpoint once (error ≤ u|result|,
/// plus ETA in the subnormal range) and computes its radius in
/// round-to-nearest from at most five non-negative terms, covered by
/// [`Dd::up`] as for [`Dd`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fb {
    m: f64,
    r: f64,
}

impl Fb {
    pub(crate) const ZERO: Fb = Fb { m: 0.0, r: 0.0 };
}

impl Ball for Fb {
    fn prec(&self) -> u32 {
        50
    }

    fn num(&self, x: f64) -> Fb {
        Fb { m: x, r: 0.0 }
    }

    #[inline]
    fn add(&self, o: &Fb) -> Fb {
        let m = self.m + o.m;
        Fb {
            m,
            r: Dd::up(self.r + o.r + U * m.abs()),
        }
    }

    #[inline]
    fn mul(&self, o: &Fb) -> Fb {
        let m = self.m * o.m;
        let r = self.m.abs() * o.r + o.m.abs() * self.r + self.r * o.r + U * m.abs();
        Fb { m, r: Dd::up(r) }
    }

    fn neg(&self) -> Fb {
        Fb {
            m: -self.m,
            r: self.r,
        }
    }

    #[inline]
    fn div(&self, o: &Fb) -> Fb {
        // |X/Y − a/b| ≤ (r_a + |a/b| r_b)/|Y|, |a/b| ≤ |q|(1 + u), and
        // |a/b − q| ≤ u|q|.
        let q = self.m / o.m;
        let lo = (o.m.abs() * (1.0 - 2f64.powi(-50))) - o.r;
        if lo <= 0.0 || !q.is_finite() {
            return Fb {
                m: q,
                r: f64::INFINITY,
            };
        }
        let r = (self.r + q.abs() * (1.0 + 2f64.powi(-52)) * o.r) / lo + U * q.abs();
        Fb { m: q, r: Dd::up(r) }
    }

    fn mul_2k(&self, k: i64) -> Fb {
        Fb {
            m: ldexp(self.m, k),
            r: Dd::up(ldexp(self.r, k)),
        }
    }

    fn widen(&self, r: Mag) -> Fb {
        Fb {
            m: self.m,
            r: Dd::up(self.r + r.up_f64()),
        }
    }

    fn mag_hi(&self) -> Mag {
        Mag::of(Dd::up(self.m.abs() + self.r))
    }

    fn mag_lo(&self) -> Mag {
        let lo = self.m.abs() * (1.0 - 2f64.powi(-50)) - self.r;
        if lo > 0.0 && lo.is_finite() {
            Mag::of(lo)
        } else {
            Mag::ZERO
        }
    }

    fn approx(&self) -> f64 {
        self.m
    }

    fn exponent(&self) -> Option<i64> {
        if self.m == 0.0 || !self.m.is_finite() {
            return None;
        }
        Some(frexp(self.m.abs()).1 - 1)
    }

    fn point(&self) -> Fb {
        Fb { m: self.m, r: 0.0 }
    }

    fn positive(&self) -> bool {
        self.m > 0.0 && !self.mag_lo().is_zero()
    }

    fn valid(&self) -> bool {
        self.m.is_finite() && self.r.is_finite()
    }

    fn ln2(&self) -> Fb {
        let d = Dd::ZERO.ln2();
        Fb {
            m: d.h,
            r: Dd::up(d.l.abs() + d.r),
        }
    }

    fn pi(&self) -> Fb {
        let d = Dd::ZERO.pi();
        Fb {
            m: d.h,
            r: Dd::up(d.l.abs() + d.r),
        }
    }

    fn bernoulli_over_2j(&self, j: usize) -> Fb {
        let d = dd_tables().0[j - 1];
        Fb {
            m: d.h,
            r: Dd::up(d.l.abs() + d.r),
        }
    }

    fn bernoulli_over_fact(&self, j: usize) -> Fb {
        let d = dd_tables().1[j - 1];
        Fb {
            m: d.h,
            r: Dd::up(d.l.abs() + d.r),
        }
    }

    fn sqrt_point(&self) -> Fb {
        Fb {
            m: self.m.sqrt(),
            r: 0.0,
        }
    }

    fn round(&self, kind: FloatKind) -> Option<u64> {
        Dd {
            h: self.m,
            l: 0.0,
            r: self.r,
        }
        .round(kind)
    }
}

/// The sign of the exact sum `s + t`: −1, 0 or 1.
fn exact_sum_sign(s: f64, t: f64) -> i32 {
    let (a, b) = two_sum(s, t);
    let v = if a != 0.0 { a } else { b };
    if v > 0.0 {
        1
    } else if v < 0.0 {
        -1
    } else {
        0
    }
}

/// `x = (−1)^neg · m · 2^e` with an integer `m < 2^53`.
fn decompose(x: f64) -> (bool, u64, i64) {
    let bits = x.to_bits();
    let neg = bits >> 63 == 1;
    let ex = ((bits >> 52) & 0x7FF) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    if ex == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | (1u64 << 52), ex - 1075)
    }
}

/// The exact sum `s + t` of two finite `f64`, rounded to nearest into `f`.
fn round_sum2(f: &Format, s: f64, t: f64) -> u64 {
    let (big, small) = if s.abs() >= t.abs() { (s, t) } else { (t, s) };
    let (nb, mb, eb) = decompose(big);
    let (ns, ms, es) = decompose(small);
    let vb = if nb { -(mb as i128) } else { mb as i128 };
    let vs = if ns { -(ms as i128) } else { ms as i128 };
    if ms == 0 {
        return round_value(f, nb, mb as u128, eb, false, Rounding::NearestEven).bits;
    }
    if eb - es <= 70 {
        let v = (vb << (eb - es)) + vs;
        return round_value(f, v < 0, v.unsigned_abs(), es, false, Rounding::NearestEven).bits;
    }
    // |small| < 2^(es + 53) ≤ 2^(eb − 17): the sum is big ± a fraction of
    // the unit 2^(eb − 17), 17 bits below big's last place.
    let m = (mb as u128) << 17;
    let m = if nb == ns { m } else { m - 1 };
    round_value(f, nb, m, eb - 17, true, Rounding::NearestEven).bits
}

/// The double-double tables of B₂ⱼ/(2j) and B₂ⱼ/(2j)!, rounded from the
/// exact rationals with their rounding error in the radius.
fn dd_tables() -> &'static (Vec<Dd>, Vec<Dd>) {
    static T: OnceLock<(Vec<Dd>, Vec<Dd>)> = OnceLock::new();
    T.get_or_init(|| {
        let z = Mp::zero(256);
        let mut a = Vec::new();
        let mut b = Vec::new();
        for j in 1..=BERNOULLI_MAX {
            a.push(z.bernoulli_over_2j(j).to_dd());
            b.push(z.bernoulli_over_fact(j).to_dd());
        }
        (a, b)
    })
}

// ---------------------------------------------------------------------------
// Mp: big-integer midpoint, Mag radius
// ---------------------------------------------------------------------------

/// The value lies within `r` of `m · 2^e`. Midpoints are kept to at most
/// `p + 4` bits by truncation, whose error (below one unit of the new
/// last place) goes to the radius.
#[derive(Clone, Debug)]
pub(crate) struct Mp {
    m: BigInt,
    e: i64,
    r: Mag,
    p: u32,
}

fn bits_of(m: &BigInt) -> i64 {
    m.bits() as i64
}

/// An upper bound of |m| · 2^e as a Mag.
fn mag_of_int_up(m: &BigInt, e: i64) -> Mag {
    let b = bits_of(m);
    if b == 0 {
        return Mag::ZERO;
    }
    let (top, exact) = top_bits(m.magnitude(), 60);
    let v = top as f64; // exact: top < 2^60 rounds to nearest, then up
    let v = if exact && (top >> 53) == 0 {
        v
    } else {
        v.next_up()
    };
    Mag::norm(v, e + (b - 60).max(0))
}

/// A lower bound of |m| · 2^e as a Mag.
fn mag_of_int_down(m: &BigInt, e: i64) -> Mag {
    let b = bits_of(m);
    if b == 0 {
        return Mag::ZERO;
    }
    let (top, _) = top_bits(m.magnitude(), 60);
    let v = (top as f64).next_down();
    Mag::norm(v, e + (b - 60).max(0))
}

/// The top `n ≤ 64` bits of `m` (all of it if shorter), and whether the
/// dropped bits were all zero.
fn top_bits(m: &BigUint, n: u64) -> (u64, bool) {
    let b = m.bits();
    if b <= n {
        let d = m.to_u64_digits();
        return (d.first().copied().unwrap_or(0), true);
    }
    let s = b - n;
    let top: BigUint = m >> s;
    let exact = m.trailing_zeros().unwrap_or(0) >= s;
    (top.to_u64_digits().first().copied().unwrap_or(0), exact)
}

impl Mp {
    pub(crate) fn zero(p: u32) -> Mp {
        Mp {
            m: BigInt::from(0),
            e: 0,
            r: Mag::ZERO,
            p,
        }
    }

    fn with(&self, m: BigInt, e: i64, r: Mag) -> Mp {
        let mut x = Mp { m, e, r, p: self.p };
        x.trim();
        x
    }

    fn trim(&mut self) {
        let b = bits_of(&self.m);
        let keep = self.p as i64 + 4;
        if b > keep {
            let s = b - keep;
            self.m >>= s as usize;
            self.e += s;
            self.r = self.r.add(Mag::pow2(self.e));
        }
    }

    fn int_value(&self, n: &BigInt) -> Mp {
        self.with(n.clone(), 0, Mag::ZERO)
    }

    /// The same value as a [`Dd`] ball (for the tables).
    pub(crate) fn to_dd(&self) -> Dd {
        let h = self.approx();
        let rest = self.point().sub(&self.num(h));
        let l = rest.approx();
        let rest2 = rest.sub(&self.num(l));
        let r = rest2.mag_hi().add(self.r).up_f64();
        Dd { h, l, r }
    }

    /// The ends m·2^e ∓ r as exact integers at exponent e.
    fn ends(&self) -> Option<(BigInt, BigInt)> {
        if !self.r.is_finite() {
            return None;
        }
        if self.r.is_zero() {
            return Some((self.m.clone(), self.m.clone()));
        }
        // r = M · 2^(re − 53) with an integer M < 2^53.
        let mm = (self.r.m * 2f64.powi(53)) as u64;
        let sh = self.r.e - 53 - self.e;
        let units = if sh >= 0 {
            if sh > 1 << 24 {
                return None;
            }
            BigInt::from(mm) << sh as usize
        } else if -sh >= 64 {
            BigInt::from(1)
        } else {
            let q = mm >> (-sh) as u32;
            let rem = mm & ((1u64 << (-sh) as u32) - 1);
            BigInt::from(q + (rem != 0) as u64)
        };
        Some((&self.m - &units, &self.m + &units))
    }
}

/// Rounds the exact integer `v · 2^e` into `f` (nearest, ties to even).
fn round_int(f: &Format, v: &BigInt, e: i64) -> u64 {
    let neg = v.sign() == Sign::Minus;
    let mag = v.magnitude();
    let b = mag.bits();
    if b <= 124 {
        let d = mag.to_u64_digits();
        let m = d.first().copied().unwrap_or(0) as u128
            | ((d.get(1).copied().unwrap_or(0) as u128) << 64);
        return round_value(f, neg, m, e, false, Rounding::NearestEven).bits;
    }
    let s = b - 124;
    let top: BigUint = mag >> s;
    let sticky = mag.trailing_zeros().unwrap_or(0) < s;
    let d = top.to_u64_digits();
    let m =
        d.first().copied().unwrap_or(0) as u128 | ((d.get(1).copied().unwrap_or(0) as u128) << 64);
    round_value(f, neg, m, e + s as i64, sticky, Rounding::NearestEven).bits
}

fn sign_of(v: &BigInt) -> i32 {
    match v.sign() {
        Sign::Minus => -1,
        Sign::NoSign => 0,
        Sign::Plus => 1,
    }
}

impl Ball for Mp {
    fn prec(&self) -> u32 {
        self.p
    }

    fn num(&self, x: f64) -> Mp {
        if x == 0.0 || !x.is_finite() {
            let mut z = Mp::zero(self.p);
            if !x.is_finite() {
                z.r = Mag::INF;
            }
            return z;
        }
        let (neg, m, e) = decompose(x);
        let m = if neg {
            -BigInt::from(m)
        } else {
            BigInt::from(m)
        };
        self.with(m, e, Mag::ZERO)
    }

    fn add(&self, o: &Mp) -> Mp {
        let r = self.r.add(o.r);
        if o.m.bits() == 0 {
            return self.with(self.m.clone(), self.e, r);
        }
        if self.m.bits() == 0 {
            return self.with(o.m.clone(), o.e, r);
        }
        let top_a = self.e + bits_of(&self.m);
        let top_b = o.e + bits_of(&o.m);
        let gap = self.p as i64 + 16;
        if top_b < top_a - gap {
            return self.with(self.m.clone(), self.e, r.add(mag_of_int_up(&o.m, o.e)));
        }
        if top_a < top_b - gap {
            return self.with(o.m.clone(), o.e, r.add(mag_of_int_up(&self.m, self.e)));
        }
        let (m, e) = if self.e >= o.e {
            ((&self.m << (self.e - o.e) as usize) + &o.m, o.e)
        } else {
            (&self.m + (&o.m << (o.e - self.e) as usize), self.e)
        };
        self.with(m, e, r)
    }

    fn mul(&self, o: &Mp) -> Mp {
        let a = mag_of_int_up(&self.m, self.e);
        let b = mag_of_int_up(&o.m, o.e);
        let r = a.mul(o.r).add(b.mul(self.r)).add(self.r.mul(o.r));
        self.with(&self.m * &o.m, self.e + o.e, r)
    }

    fn neg(&self) -> Mp {
        Mp {
            m: -&self.m,
            e: self.e,
            r: self.r,
            p: self.p,
        }
    }

    fn div(&self, o: &Mp) -> Mp {
        let lo = o.mag_lo();
        if lo.is_zero() {
            let mut z = Mp::zero(self.p);
            z.r = Mag::INF;
            return z;
        }
        // q = ⌊a·2^sh / b⌋·2^(ea − sh − eb): truncation error < one unit.
        let sh = (self.p as i64 + 8 + bits_of(&o.m) - bits_of(&self.m)).max(0);
        let qm = (&self.m << sh as usize) / &o.m;
        let qe = self.e - sh - o.e;
        // |X/Y − a/b| ≤ (r_a + |a/b| r_b)/|Y|.
        let q = mag_of_int_up(&qm, qe).add(Mag::pow2(qe));
        let r = self.r.add(q.mul(o.r)).div(lo).add(Mag::pow2(qe));
        self.with(qm, qe, r)
    }

    fn mul_2k(&self, k: i64) -> Mp {
        Mp {
            m: self.m.clone(),
            e: self.e.saturating_add(k),
            r: self.r.mul_2k(k),
            p: self.p,
        }
    }

    fn widen(&self, r: Mag) -> Mp {
        Mp {
            m: self.m.clone(),
            e: self.e,
            r: self.r.add(r),
            p: self.p,
        }
    }

    fn mag_hi(&self) -> Mag {
        mag_of_int_up(&self.m, self.e).add(self.r)
    }

    fn mag_lo(&self) -> Mag {
        mag_of_int_down(&self.m, self.e).sub_down(self.r)
    }

    fn approx(&self) -> f64 {
        let b = bits_of(&self.m);
        if b == 0 {
            return 0.0;
        }
        let (top, _) = top_bits(self.m.magnitude(), 64);
        let v = ldexp(top as f64, self.e + (b - 64).max(0));
        if self.m.sign() == Sign::Minus {
            -v
        } else {
            v
        }
    }

    fn exponent(&self) -> Option<i64> {
        let b = bits_of(&self.m);
        (b > 0).then(|| self.e + b - 1)
    }

    fn point(&self) -> Mp {
        Mp {
            m: self.m.clone(),
            e: self.e,
            r: Mag::ZERO,
            p: self.p,
        }
    }

    fn positive(&self) -> bool {
        self.m.sign() == Sign::Plus && !self.mag_lo().is_zero()
    }

    fn valid(&self) -> bool {
        self.r.is_finite()
    }

    fn ln2(&self) -> Mp {
        constant(self, 0)
    }

    fn pi(&self) -> Mp {
        constant(self, 1)
    }

    fn bernoulli_over_2j(&self, j: usize) -> Mp {
        let (n, d) = &bernoulli()[j - 1];
        let d = d * BigInt::from(2 * j as u64);
        self.int_value(n).div(&self.int_value(&d))
    }

    fn bernoulli_over_fact(&self, j: usize) -> Mp {
        let (n, d) = &bernoulli()[j - 1];
        let mut f = BigInt::from(1);
        for k in 2..=(2 * j as u64) {
            f *= k;
        }
        self.int_value(n).div(&self.int_value(&(d * f)))
    }

    fn sqrt_point(&self) -> Mp {
        // ⌊√(m · 2^s)⌋ · 2^((e − s)/2) with e − s even and p + 8 result bits.
        let b = bits_of(&self.m);
        let mut s = (2 * (self.p as i64 + 8) - b).max(0);
        if (self.e - s) % 2 != 0 {
            s += 1;
        }
        let mag = self.m.magnitude() << s as usize;
        let q = BigInt::from(mag.sqrt());
        self.with(q, (self.e - s) / 2, Mag::ZERO)
    }

    fn round(&self, kind: FloatKind) -> Option<u64> {
        let f = kind.format();
        let (lo, hi) = self.ends()?;
        let (sl, sh) = (sign_of(&lo), sign_of(&hi));
        if sl != sh || sl == 0 {
            return None;
        }
        let x = round_int(f, &lo, self.e);
        let y = round_int(f, &hi, self.e);
        (x == y).then_some(x)
    }
}

/// ln 2 (`which = 0`) or π (1) at the precision of `z`, computed once per
/// precision and thread:
/// ln 2 = 2 atanh(1/3) = Σ 2/((2k+1) 3^(2k+1)), and
/// π = 16 atan(1/5) − 4 atan(1/239) (Machin), atan(1/n) = Σ (−1)^k/((2k+1) n^(2k+1)).
fn constant(z: &Mp, which: usize) -> Mp {
    thread_local! {
        static CACHE: std::cell::RefCell<std::collections::HashMap<(u32, usize), Mp>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    if let Some(v) = CACHE.with(|c| c.borrow().get(&(z.p, which)).cloned()) {
        return v;
    }
    let w = Mp::zero(z.p + 32);
    let v = if which == 0 {
        atan_series(&w, 3, true).mul_2k(1)
    } else {
        atan_series(&w, 5, false)
            .mul_2k(4)
            .sub(&atan_series(&w, 239, false).mul_2k(2))
    };
    let v = Mp {
        m: v.m,
        e: v.e,
        r: v.r,
        p: z.p,
    };
    CACHE.with(|c| c.borrow_mut().insert((z.p, which), v.clone()));
    v
}

/// Σ_k s^k / ((2k+1) n^(2k+1)) with s = +1 (`hyperbolic`, atanh(1/n)) or
/// −1 (atan(1/n)), n ≥ 3. The terms fall by a factor n² ≥ 9, so the
/// remainder after the last term t is below t/8.
fn atan_series(w: &Mp, n: u64, hyperbolic: bool) -> Mp {
    let n2 = n * n;
    let mut pw = w.num(1.0).div_int(n); // 1/n^(2k+1)
    let mut sum = pw.clone();
    let target = Mag::pow2(-(w.p as i64) - 10);
    let mut k = 0u64;
    loop {
        k += 1;
        pw = pw.div_int(n2);
        let t = pw.div_int(2 * k + 1);
        sum = if hyperbolic || k.is_multiple_of(2) {
            sum.add(&t)
        } else {
            sum.sub(&t)
        };
        if t.mag_hi().lt(target) {
            return sum.widen(t.mag_hi());
        }
    }
}

/// The Bernoulli numbers B₂ⱼ, j = 1..=BERNOULLI_MAX, as reduced fractions
/// (numerator, positive denominator), from the recurrence
/// Σ_{k=0}^{m} C(m+1, k) B_k = 0 in exact rational arithmetic.
fn bernoulli() -> &'static Vec<(BigInt, BigInt)> {
    static B: OnceLock<Vec<(BigInt, BigInt)>> = OnceLock::new();
    B.get_or_init(|| {
        let nmax = 2 * BERNOULLI_MAX;
        let one = BigInt::from(1);
        let mut b: Vec<(BigInt, BigInt)> = vec![(one.clone(), one.clone())];
        for m in 1..=nmax {
            if m > 1 && m % 2 == 1 {
                b.push((BigInt::from(0), one.clone()));
                continue;
            }
            // B_m = −1/(m+1) Σ_{k<m} C(m+1, k) B_k
            let mut num = BigInt::from(0);
            let mut den = one.clone();
            let mut c = one.clone(); // C(m+1, k)
            for (k, (bn, bd)) in b.iter().enumerate() {
                if bn.sign() != Sign::NoSign {
                    // num/den + c·bn/bd
                    num = &num * bd + &c * bn * &den;
                    den = &den * bd;
                    let g = gcd(&num, &den);
                    num /= &g;
                    den /= &g;
                }
                c = c * BigInt::from((m + 1 - k) as u64) / BigInt::from((k + 1) as u64);
            }
            let mut num = -num;
            let mut den = den * BigInt::from((m + 1) as u64);
            let g = gcd(&num, &den);
            num /= &g;
            den /= &g;
            b.push((num, den));
        }
        (1..=BERNOULLI_MAX).map(|j| b[2 * j].clone()).collect()
    })
}

fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    let mut x = a.magnitude().clone();
    let mut y = b.magnitude().clone();
    while y.bits() != 0 {
        let t = &x % &y;
        x = y;
        y = t;
    }
    if x.bits() == 0 {
        BigInt::from(1)
    } else {
        BigInt::from(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bernoulli_numbers_are_the_known_fractions() {
        let b = bernoulli();
        let f = |j: usize| (b[j - 1].0.to_string(), b[j - 1].1.to_string());
        assert_eq!(f(1), ("1".into(), "6".into()));
        assert_eq!(f(2), ("-1".into(), "30".into()));
        assert_eq!(f(6), ("-691".into(), "2730".into()));
        assert_eq!(f(7), ("7".into(), "6".into()));
        assert_eq!(f(10), ("-174611".into(), "330".into()));
    }

    #[test]
    fn constants_contain_the_double_double_values() {
        for p in [64, 128, 300] {
            let z = Mp::zero(p);
            for (mp, dd) in [(z.ln2(), Dd::ZERO.ln2()), (z.pi(), Dd::ZERO.pi())] {
                let d = mp.sub(&Mp::zero(p).num(dd.h)).sub(&Mp::zero(p).num(dd.l));
                // Within the double-double's own error (< 2^-106) plus the
                // ball's radius (< 2^-p).
                let bound = Mag::pow2(-105).add(Mag::pow2(-(p as i64)));
                assert!(d.mag_hi().lt(bound), "p = {p}");
                assert!(mp.r.lt(Mag::pow2(-(p as i64))), "p = {p}");
            }
        }
    }
}
