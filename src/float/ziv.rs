//! Correctly rounded special functions by Ziv's strategy: erf_inv, digamma,
//! polygamma, Hurwitz zeta, bessel_i1e and logistic, in every format.
//!
//! Each function is written once, generic over [`Ball`] arithmetic
//! (series, asymptotic expansions and recurrences, each truncation adding a
//! proven bound of its remainder to the radius, derived in the comments
//! below). [`ziv`] evaluates it first with [`Dd`] balls (double-double,
//! about 2^-100 relative) and rounds the ball into the *target* format: if
//! every point of the ball rounds to the same pattern, that pattern is the
//! correctly rounded result (rounding to nearest is monotonic). Otherwise
//! the function is evaluated again with [`Mp`] balls of 128, 256, 512 and
//! 1024 bits until the rounding is decided. No value of these functions at
//! a non-exceptional floating-point argument is a rounding boundary: every
//! result handled here is transcendental or irrational (e.g. ψ(x) for
//! rational x > 0 is −γ plus a finite sum of rationals, logs and π·cot
//! values; I₁ at a non-zero algebraic argument is transcendental), except
//! the exact cases each function treats before calling the driver
//! (erf_inv(0) = 0, logistic(0) = 1/2, …). So the loop ends in practice;
//! the cap (1024 bits) is the documented limit: beyond it the midpoint of
//! the last ball is rounded, and [`undecided_count`] counts such calls
//! (none has been observed).
//!
//! [`fallback_count`] counts the calls that needed the multi-precision
//! path; the tests and the measurements read it.

use super::arith::invalid;
use super::ball::{Ball, Dd, Fb, Mag, Mp, BERNOULLI_MAX};
use super::decimal::from_f64_rounded;
use super::round::Rounding;
use super::special;
use super::FloatKind;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static FALLBACKS: AtomicU64 = AtomicU64::new(0);
static UNDECIDED: AtomicU64 = AtomicU64::new(0);

/// The number of calls (process-wide, all functions) that reached the
/// multi-precision fallback.
pub fn fallback_count() -> u64 {
    FALLBACKS.load(Relaxed)
}

/// The number of calls whose rounding was not decided at the precision cap
/// (their result is the rounded midpoint, not proven correctly rounded).
pub fn undecided_count() -> u64 {
    UNDECIDED.load(Relaxed)
}

/// The precisions of the fallback, in bits; the last is the cap.
pub const FALLBACK_PRECISIONS: [u32; 4] = [128, 256, 512, 1024];

/// A function of fixed arguments, evaluated as a ball of any kind.
pub(crate) trait Eval {
    fn eval<B: Ball>(&self, z: &B) -> Option<B>;
}

/// Ziv's loop: for formats narrower than f64 an evaluation in f64 balls
/// ([`Fb`]), then the double-double one ([`Dd`]), then multi-precision ones
/// at increasing precision, until every point of the ball rounds to the
/// same pattern of `kind`.
#[inline]
pub(crate) fn ziv(kind: FloatKind, f: &impl Eval) -> u64 {
    if kind != FloatKind::F64 {
        if let Some(b) = f.eval(&Fb::ZERO) {
            if let Some(bits) = b.round(kind) {
                return bits;
            }
        }
    }
    if let Some(b) = f.eval(&Dd::ZERO) {
        if let Some(bits) = b.round(kind) {
            return bits;
        }
    }
    ziv_slow(kind, f)
}

#[cold]
#[inline(never)]
fn ziv_slow(kind: FloatKind, f: &impl Eval) -> u64 {
    FALLBACKS.fetch_add(1, Relaxed);
    evaluate_mp(kind, f, &FALLBACK_PRECISIONS)
}

fn evaluate_mp(kind: FloatKind, f: &impl Eval, precisions: &[u32]) -> u64 {
    let mut best: Option<Mp> = None;
    for &p in precisions {
        if let Some(b) = f.eval(&Mp::zero(p)) {
            if let Some(bits) = b.round(kind) {
                return bits;
            }
            if b.valid() {
                best = Some(b);
            }
        }
    }
    UNDECIDED.fetch_add(1, Relaxed);
    best.and_then(|b| b.point().round(kind))
        .unwrap_or_else(|| invalid(kind.format()))
}

/// The multi-precision path alone at one precision (for the tests: its
/// result, when decided, must agree with the driver's).
#[cfg(test)]
pub(crate) fn mp_only(kind: FloatKind, f: &impl Eval, p: u32) -> Option<u64> {
    f.eval(&Mp::zero(p))?.round(kind)
}

/// An exact special value (±0, ±∞, NaN, 1/2, 1) in `kind`.
fn exact(kind: FloatKind, v: f64) -> u64 {
    if v.is_nan() {
        invalid(kind.format())
    } else {
        from_f64_rounded(kind.format(), v, Rounding::NearestEven).bits
    }
}

/// A value just beyond zero with the sign of `neg` (|v| < 2^-1100),
/// rounded into `kind`.
fn tiny(kind: FloatKind, neg: bool) -> u64 {
    super::round_value(kind.format(), neg, 0, 0, true, Rounding::NearestEven).bits
}

// ---------------------------------------------------------------------------
// Generic building blocks
// ---------------------------------------------------------------------------

/// The absolute accuracy series aim for: 2^-(p+10).
fn target<B: Ball>(z: &B) -> Mag {
    Mag::pow2(-(z.prec() as i64) - 10)
}

/// e^x, for |x| < 2^40.
///
/// x = k ln 2 + r with |r| ≲ 0.35 (r computed in ball arithmetic, so the
/// error of ln 2 times k is in its radius), then ρ = r/2^s and
/// expm1(ρ) = Σ_{j≥1} ρ^j/j! until a term t_j falls below the target.
/// Remainder: Σ_{i>j} |ρ|^i/i! ≤ |t_j| Σ_{m≥1} (|ρ|/(j+1))^m ≤ |t_j| |ρ|
/// for |ρ| ≤ 1/2 and j ≥ 1. Then s doublings expm1(2ρ) = expm1(ρ)(2 +
/// expm1(ρ)) (relative error nearly unchanged, unlike squaring e^ρ), and
/// e^x = 2^k (1 + expm1(r)).
pub(crate) fn exp<B: Ball>(x: &B) -> Option<B> {
    let xa = x.approx();
    if !xa.is_finite() || xa.abs() > 2f64.powi(40) {
        return None;
    }
    let k = (xa / std::f64::consts::LN_2).round();
    let r = x.sub(&x.ln2().mul(&x.num(k)));
    let p = x.prec();
    let s = if p <= 110 {
        8
    } else {
        (p as f64).sqrt() as i64
    };
    let rho = r.mul_2k(-s);
    let rmag = rho.mag_hi();
    if !rmag.lt(Mag::of(0.5)) {
        return None;
    }
    let tgt = target(x);
    let mut t = rho.clone();
    let mut sum = rho.clone();
    let mut j = 1u64;
    while !t.mag_hi().lt(tgt) {
        j += 1;
        if j > 2000 {
            return None;
        }
        t = t.mul(&rho).div_int(j);
        sum = sum.add(&t);
    }
    let mut em = sum.widen(t.mag_hi().mul(rmag));
    let two = x.num(2.0);
    for _ in 0..s {
        em = em.mul(&em.add(&two));
    }
    Some(em.add(&x.num(1.0)).mul_2k(k as i64))
}

/// ln x for x > 0.
///
/// x = m 2^e with m ∈ [1/√2, √2]; ln m = 2 atanh(z), z = (m−1)/(m+1),
/// |z| ≤ 0.172; atanh(z) = Σ z^(2k+1)/(2k+1) until z^(2k+1) is below the
/// target. Remainder: Σ_{i>k} |z|^(2i+1)/(2i+1) ≤ |z|^(2k+1) z²/(1 − z²) ≤
/// 2 |z|^(2k+1) z².
pub(crate) fn log<B: Ball>(x: &B) -> Option<B> {
    if !x.positive() {
        return None;
    }
    let mut e = x.exponent()?;
    let mut m = x.mul_2k(-e);
    if m.approx() > std::f64::consts::SQRT_2 {
        m = m.mul_2k(-1);
        e += 1;
    }
    let one = x.num(1.0);
    let z = m.sub(&one).div(&m.add(&one));
    let z2 = z.mul(&z);
    let z2mag = z2.mag_hi();
    if !z2mag.lt(Mag::of(0.0625)) {
        return None;
    }
    let tgt = target(x);
    let mut pw = z.clone();
    let mut sum = z.clone();
    let mut k = 0u64;
    while !pw.mag_hi().lt(tgt) {
        k += 1;
        if k > 4000 {
            return None;
        }
        pw = pw.mul(&z2);
        sum = sum.add(&pw.div_int(2 * k + 1));
    }
    let sum = sum.widen(pw.mag_hi().mul(z2mag).mul_2k(1));
    Some(sum.mul_2k(1).add(&x.ln2().mul(&x.num(e as f64))))
}

/// √x for x > 0: a point q near √mid, and |√X − q| = |X − q²|/(√X + q) ≤
/// |X − q²|/q for every X of the ball.
pub(crate) fn sqrt<B: Ball>(x: &B) -> Option<B> {
    if !x.positive() {
        return None;
    }
    let q = x.sqrt_point();
    if !q.positive() {
        return None;
    }
    let res = x.sub(&q.mul(&q));
    Some(q.widen(res.mag_hi().div(q.mag_lo())))
}

/// sin(π f) for an exact f with |f| ≤ 1/2: θ = π f, Σ (−1)^k θ^(2k+1)/(2k+1)!
/// until a term falls below 2^-(p+10) |θ|; remainder (Lagrange, every
/// derivative of sin is bounded by 1) ≤ |θ|^(n+2)/(n+2)! ≤ |t_n| θ².
fn sinpi<B: Ball>(z: &B, f: f64) -> B {
    if f == 0.0 {
        return z.num(0.0);
    }
    let th = z.pi().mul(&z.num(f));
    let th2 = th.mul(&th);
    let stop = th.mag_lo().mul(target(z));
    let mut t = th.clone();
    let mut sum = th.clone();
    let mut n = 1u64;
    while !t.mag_hi().lt(stop) && n < 400 {
        t = t.mul(&th2).div_int((n + 1) * (n + 2)).neg();
        n += 2;
        sum = sum.add(&t);
    }
    sum.widen(t.mag_hi().mul(th2.mag_hi()))
}

/// cos(π f) for an exact f with |f| ≤ 1/2: sin(π(1/2 − |f|)) when |f| ≥ 1/4
/// (1/2 − |f| is then exact), else Σ (−1)^k θ^(2k)/(2k)! with the same
/// remainder bound as [`sinpi`].
fn cospi<B: Ball>(z: &B, f: f64) -> B {
    if f.abs() >= 0.25 {
        return sinpi(z, 0.5 - f.abs());
    }
    let th = z.pi().mul(&z.num(f));
    let th2 = th.mul(&th);
    let tgt = target(z);
    let mut t = z.num(1.0);
    let mut sum = t.clone();
    let mut n = 0u64;
    while !t.mag_hi().lt(tgt) && n < 400 {
        t = t.mul(&th2).div_int((n + 1) * (n + 2)).neg();
        n += 2;
        sum = sum.add(&t);
    }
    sum.widen(t.mag_hi().mul(th2.mag_hi()))
}

/// b^−s: by repeated squaring for an integer 1 ≤ s ≤ 4096 (any sign of
/// b), else e^(−s ln b) for b > 0.
fn pow_neg<B: Ball>(b: &B, s: f64) -> Option<B> {
    if s == s.floor() && (1.0..=4096.0).contains(&s) {
        let mut n = s as u64;
        let mut acc = b.num(1.0);
        let mut sq = b.clone();
        while n > 0 {
            if n & 1 == 1 {
                acc = acc.mul(&sq);
            }
            n >>= 1;
            if n > 0 {
                sq = sq.mul(&sq);
            }
        }
        return Some(b.num(1.0).div(&acc));
    }
    let l = log(b)?;
    exp(&l.mul(&b.num(-s)))
}

// ---------------------------------------------------------------------------
// logistic
// ---------------------------------------------------------------------------

struct Logistic(f64);

impl Eval for Logistic {
    /// 1/(1 + e^−x) for x > 0, e^x/(1 + e^x) for x < 0 (no cancellation).
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let x = self.0;
        let one = z.num(1.0);
        if x > 0.0 {
            let e = exp(&z.num(-x))?;
            Some(one.div(&one.add(&e)))
        } else {
            let e = exp(&z.num(x))?;
            Some(e.div(&one.add(&e)))
        }
    }
}

/// logistic(x) correctly rounded in `kind` (x not NaN). Exact cases:
/// logistic(0) = 1/2, logistic(+∞) = 1, logistic(−∞) = +0. For x > 64,
/// 1 − logistic(x) < e^-64 < 2^-92, below half an ulp of 1⁻ in every
/// format: the result is 1. For x < −746, 0 < logistic(x) < e^-746 <
/// 2^-1076: a tiny positive value.
pub fn logistic(kind: FloatKind, x: f64) -> u64 {
    if x == 0.0 {
        return exact(kind, 0.5);
    }
    if x > 64.0 {
        return exact(kind, 1.0);
    }
    if x < -746.0 {
        return tiny(kind, false);
    }
    ziv(kind, &Logistic(x))
}

// ---------------------------------------------------------------------------
// erf_inv
// ---------------------------------------------------------------------------

struct ErfInv(f64);

/// S(x) = Σ_{n≥0} 2^n x^(2n+1)/(1·3·…·(2n+1)), so that erf(x) =
/// (2/√π) e^(−x²) S(x) (all terms positive). t_{n+1} = t_n 2x²/(2n+3);
/// once the ratio ρ = 2x²/(2n+3) of the next term is at most 1/2 (and
/// the ratios only decrease), the remainder after t_n is at most
/// t_n ρ/(1 − ρ) ≤ t_n.
fn erf_series<B: Ball>(x: &B) -> Option<B> {
    let x2 = x.mul(x);
    let two_x2 = x2.mul_2k(1);
    let x2hi = x2.mag_hi().up_f64();
    let stop = target(x);
    let mut t = x.clone();
    let mut sum = x.clone();
    let mut n = 0u64;
    loop {
        let ratio_ok = 4.0 * x2hi <= (2 * n + 3) as f64;
        if ratio_ok && t.mag_hi().lt(sum.mag_lo().mul(stop)) {
            return Some(sum.widen(t.mag_hi()));
        }
        if n > 20000 {
            return None;
        }
        t = t.mul(&two_x2).div_int(2 * n + 3);
        sum = sum.add(&t);
        n += 1;
    }
}

impl Eval for ErfInv {
    /// x* = erf_inv(|y|) from a starting point x₀ (the f64 approximation of
    /// [`special::erf_inv`]): with d = |y| − erf(x₀), δ = d/erf'(x₀) =
    /// |y|(√π/2)e^(x₀²) − S(x₀) exactly. Let D = 2|δ| and w = 2|x₀|D + D²;
    /// if w ≤ 1/4, then on [x₀ − D, x₀ + D] erf' ≥ erf'(x₀)e^(−w) >
    /// erf'(x₀)/2, so erf(x₀ ± D) lies beyond |y| and |x* − x₀| < D. By the
    /// mean value theorem x* = x₀ + d/erf'(ξ) = x₀ + δ e^(ξ² − x₀²) with
    /// |ξ² − x₀²| ≤ w, and |e^(±w) − 1| ≤ 2w: x* ∈ x₀ + δ ± 2w|δ|. The
    /// error is of order δ² x₀: Newton steps x₀ ← x₀ + δ (midpoints) run
    /// until |δ| ≤ 2^-(p/2 − 4) x₀.
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let a = self.0.abs();
        let g = special::erf_inv(a);
        let sqrtpi_half = sqrt(&z.pi())?.mul_2k(-1);
        let ya = z.num(a);
        let mut x0 = if g.is_finite() && g > 2f64.powi(-1020) {
            z.num(g)
        } else {
            ya.mul(&sqrtpi_half).point()
        };
        let p = z.prec() as i64;
        for iter in 0..16 {
            if !x0.positive() {
                return None;
            }
            let s = erf_series(&x0)?;
            let e = exp(&x0.mul(&x0))?;
            let delta = ya.mul(&sqrtpi_half).mul(&e).sub(&s);
            let dmag = delta.mag_hi();
            let close = dmag.lt(x0.mag_lo().mul(Mag::pow2(-(p / 2) + 4)));
            if close || iter == 15 {
                let d = dmag.mul_2k(1);
                let w = x0.mag_hi().mul(d).mul_2k(1).add(d.mul(d));
                if !w.lt(Mag::pow2(-2)) {
                    return None;
                }
                let x = x0.add(&delta).widen(dmag.mul(w).mul_2k(1));
                return Some(if self.0 < 0.0 { x.neg() } else { x });
            }
            x0 = x0.add(&delta).point();
        }
        None
    }
}

/// erf_inv(y) correctly rounded in `kind` (y not NaN): ±0 at ±0 (exact),
/// ±∞ at ±1, NaN outside [−1, 1].
pub fn erf_inv(kind: FloatKind, y: f64) -> u64 {
    if y == 0.0 || y.abs() >= 1.0 {
        return exact(kind, special::erf_inv(y));
    }
    ziv(kind, &ErfInv(y))
}

// ---------------------------------------------------------------------------
// digamma
// ---------------------------------------------------------------------------

/// The shift of the recurrence: ψ is evaluated by its asymptotic series at
/// y ≥ ymin(p), where 60 Bernoulli terms reach below 2^-(p+10).
fn ymin(p: u32) -> f64 {
    if p <= 60 {
        8.0
    } else if p <= 110 {
        16.0
    } else if p <= 512 {
        p as f64 / 2.0
    } else {
        4.0 * p as f64
    }
}

/// ψ(x) for x > 0 (a ball of positive numbers, xa its approximate value).
///
/// ψ(x) = ψ(x + n) − Σ_{k<n} 1/(x + k), the sum as one fraction (num/den,
/// one division; all terms positive), and at y = x + n ≥ ymin
/// ψ(y) = ln y − 1/(2y) − Σ_{j=1}^{M−1} B₂ⱼ/(2j y^2j) + R with
/// |R| ≤ 2|B₂ₘ|/(2M y^2M), twice the first omitted term: R is that term
/// plus the Euler–Maclaurin remainder ±∫₀^∞ P̃₂ₘ(t)/(y+t)^(2M+1) dt, and
/// the periodic Bernoulli function obeys |P̃₂ₘ| ≤ |B₂ₘ|, so the integral
/// is at most |B₂ₘ|/(2M y^2M).
fn digamma_pos<B: Ball>(x: &B, xa: f64) -> Option<B> {
    let p = x.prec();
    let ym = ymin(p);
    let n = if xa >= ym { 0 } else { (ym - xa).ceil() as u64 };
    let mut num = x.num(0.0);
    let mut den = x.num(1.0);
    for k in 0..n {
        let c = x.add(&x.num(k as f64));
        num = num.mul(&c).add(&den);
        den = den.mul(&c);
    }
    let y = x.add(&x.num(n as f64));
    let yinv = x.num(1.0).div(&y);
    let y2 = yinv.mul(&yinv);
    let mut sum = log(&y)?.sub(&yinv.mul_2k(-1));
    let tgt = target(x);
    let mut pw = y2.clone();
    for j in 1..=BERNOULLI_MAX {
        let t = x.bernoulli_over_2j(j).mul(&pw);
        if t.mag_hi().lt(tgt) || j == BERNOULLI_MAX {
            sum = sum.widen(t.mag_hi().mul_2k(1));
            break;
        }
        sum = sum.sub(&t);
        pw = pw.mul(&y2);
    }
    if n > 0 {
        sum = sum.sub(&num.div(&den));
    }
    Some(sum)
}

struct Digamma(f64);

impl Eval for Digamma {
    /// x > 0: [`digamma_pos`]. x < 0: the reflection ψ(x) = ψ(1 − x) −
    /// π cot(πx), cot(πx) = cos(πf)/sin(πf) with f = x − round(x) exact.
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let x = self.0;
        if x > 0.0 {
            return digamma_pos(&z.num(x), x);
        }
        let f = x - x.round();
        let psi = digamma_pos(&z.num(1.0).sub(&z.num(x)), 1.0 - x)?;
        let cot = cospi(z, f).div(&sinpi(z, f));
        Some(psi.sub(&z.pi().mul(&cot)))
    }
}

/// ψ(x) correctly rounded in `kind` (x not NaN). As XLA: the poles (x a
/// non-positive integer, ±0 included) give NaN, +∞ gives +∞, −∞ gives NaN.
pub fn digamma(kind: FloatKind, x: f64) -> u64 {
    if x == f64::INFINITY {
        return exact(kind, x);
    }
    if x == f64::NEG_INFINITY || (x <= 0.0 && x == x.floor()) {
        return invalid(kind.format());
    }
    ziv(kind, &Digamma(x))
}

// ---------------------------------------------------------------------------
// Hurwitz zeta and polygamma
// ---------------------------------------------------------------------------

/// ζ(s, q) = Σ_{k≥0} (q + k)^−s for s > 1 (finite), q > 0, or q < 0 not an
/// integer with s an integer.
///
/// Direct sum (q > 0, when the terms fall fast, s large): Σ_{k<N} plus
/// the remainder Σ_{k≥N} (q+k)^−s ≤ (q+N)^−s (1 + (q+N)/(s−1)) (the first
/// term and the integral of the decreasing rest).
///
/// Otherwise Euler–Maclaurin from a = q + N with f(t) = (a + t)^−s:
/// ζ = Σ_{k<N} (q+k)^−s + a^(1−s)/(s−1) + a^−s/2 + Σ_{j=1}^{M−1} T_j + R
/// with T_j = B₂ⱼ/(2j)! s(s+1)…(s+2j−2) a^(−s−2j+1), and R = T_M + R'
/// where R' = ±∫ P̃₂ₘ f^(2M)/(2M)! over [0, ∞) (the remainder of the
/// formula carried to j = M): the periodic Bernoulli function obeys
/// |P̃₂ₘ| ≤ |B₂ₘ| and f^(2M) has one sign, so |R'| ≤ |B₂ₘ|/(2M)!
/// |f^(2M−1)(0)| = |T_M|, and the radius gets |R| ≤ 2|T_M|. a is chosen (from an f64
/// estimate of that term through lgamma) so that some M ≤ 60 makes it
/// smaller than 2^-(p+10) times the leading term.
struct Zeta {
    s: f64,
    q: f64,
}

/// The starting point a of Euler–Maclaurin for ζ(s, ·) at precision p:
/// the smallest a for which some j ≤ 60 gives
/// 2(s−1) (s)_{2j−1} / (2πa)^{2j} ≤ 2^-(p+12) (the j-th term relative to
/// the leading one, with |B₂ⱼ|/(2j)! ≤ 2/(2π)^{2j}·1.01), in f64 (only a
/// choice: the bound actually used is computed in the ball).
fn zeta_start(s: f64, p: u32) -> f64 {
    let two_pi = 2.0 * std::f64::consts::PI;
    let base = (2.02 * (s - 1.0).max(1e-300)).ln() + (p as f64 + 12.0) * std::f64::consts::LN_2;
    let mut lpoch = s.ln(); // ln (s)_{2j−1}
    let mut best = f64::INFINITY;
    let mut worse = 0;
    for j in 1..=BERNOULLI_MAX {
        let j2 = 2.0 * j as f64;
        let a = ((base + lpoch) / j2).exp() / two_pi;
        if a < best {
            best = a;
            worse = 0;
        } else {
            worse += 1;
            if worse > 3 {
                break;
            }
        }
        lpoch += ((s + j2 - 1.0) * (s + j2)).ln();
    }
    (best * 1.05).max(2.0)
}

/// ζ(s, q) for a ball `qb` whose points are all positive, `q0` an f64 near
/// it (it only chooses the number of direct terms).
fn hurwitz<B: Ball>(z: &B, s: f64, q0: f64, qb: &B) -> Option<B> {
    let p = z.prec();
    let sb = z.num(s);
    let a_em = zeta_start(s, p);
    let n_em = if q0 >= a_em { 0.0 } else { (a_em - q0).ceil() };
    // Direct: (1 + N/q)^−s ≤ 2^-(p+20).
    let n_d = (q0 * ((p as f64 + 20.0) / s * std::f64::consts::LN_2).exp_m1()).ceil() + 1.0;
    let limit = if p <= 110 { 256.0 } else { 100_000.0 };
    if n_d < n_em && n_d <= limit {
        let n = n_d as u64;
        let mut sum = z.num(0.0);
        for k in 0..n {
            sum = sum.add(&pow_neg(&qb.add(&z.num(k as f64)), s)?);
        }
        let a = qb.add(&z.num(n as f64));
        let an = pow_neg(&a, s)?;
        let tail = an
            .mag_hi()
            .mul(Mag::of(1.0).add(a.mag_hi().div(sb.sub(&z.num(1.0)).mag_lo())));
        return Some(sum.widen(tail));
    }
    if n_em > limit {
        return None;
    }
    let n = n_em as u64;
    let mut sum = z.num(0.0);
    for k in 0..n {
        sum = sum.add(&pow_neg(&qb.add(&z.num(k as f64)), s)?);
    }
    let a = qb.add(&z.num(n as f64));
    let big_a = pow_neg(&a, s)?; // a^−s
    let s1 = sb.sub(&z.num(1.0));
    let lead = a.mul(&big_a).div(&s1);
    let mut em = lead.add(&big_a.mul_2k(-1));
    let stop = lead.mag_lo().mul(target(z));
    let a2inv = z.num(1.0).div(&a.mul(&a));
    let mut fact = sb.clone();
    let mut pw = big_a.div(&a);
    for j in 1..=BERNOULLI_MAX {
        let t = z.bernoulli_over_fact(j).mul(&fact).mul(&pw);
        if t.mag_hi().lt(stop) || j == BERNOULLI_MAX {
            em = em.widen(t.mag_hi().mul_2k(1));
            break;
        }
        em = em.add(&t);
        let jj = 2.0 * j as f64;
        fact = fact.mul(&sb.add(&z.num(jj - 1.0))).mul(&sb.add(&z.num(jj)));
        pw = pw.mul(&a2inv);
    }
    Some(sum.add(&em))
}

/// Whether the integer `s` is odd (every f64 from 2^53 on is even).
fn odd(s: f64) -> bool {
    (s * 0.5).floor() != s * 0.5
}

impl Eval for Zeta {
    /// q > 0: [`hurwitz`]. q < 0 (not an integer, s an integer), with
    /// f = q − ⌊q⌋ in (0, 1) and m = −⌊q⌋: the terms k < m have q + k =
    /// −(1 − f + j), j = m − 1 − k, so they sum to
    /// (−1)^s (ζ(s, 1 − f) − ζ(s, 1 − q)), and the terms k ≥ m to ζ(s, f):
    /// three sums at positive arguments, with no term-by-term walk over the
    /// m negative terms (which made q ≪ 0 slow), and the cancellation of
    /// ζ(s, f) against ζ(s, 1 − f) (odd s) carried by the ball. At f = 1/2
    /// and odd s those two are equal and the value is ζ(s, 1 − q).
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let (s, q) = (self.s, self.q);
        if q >= 1.0 && s * (1.0 / q).ln_1p() * std::f64::consts::LOG2_E > 1200.0 {
            // Σ_{k≥1} (q + k)^−s ≤ q^−s ((q+1)/q)^−s (1 + (q + 1)/(s − 1))
            // < q^−s 2^-1100 (here (q + 1)/(s − 1) < 2): the first term
            // alone, the rest in the radius (the sums' terms would
            // underflow every ball).
            let t = pow_neg(&z.num(q), s)?;
            let r = t.mag_hi().mul(Mag::pow2(-1100));
            return Some(t.widen(r));
        }
        if q > 0.0 {
            return hurwitz(z, s, q, &z.num(q));
        }
        let m = -q.floor();
        let qb = z.num(q);
        let tail = hurwitz(z, s, 1.0 - q, &z.num(1.0).sub(&qb))?;
        if odd(s) && q - q.floor() == 0.5 {
            return Some(tail);
        }
        let f = qb.add(&z.num(m));
        let g = z.num(1.0 - m).sub(&qb); // 1 − f, as a ball
        let a = hurwitz(z, s, q + m, &f)?;
        let b = hurwitz(z, s, (1.0 - m) - q, &g)?;
        Some(if odd(s) {
            a.sub(&b).add(&tail)
        } else {
            a.add(&b).sub(&tail)
        })
    }
}

/// Where ζ(s, q)·2^`scale` (negated if `negate`) is certainly beyond the
/// range of `kind`, its rounding: below its smallest positive value by
/// 2^8 (rounded as a value just beyond zero) or above its largest finite
/// value by 2^8 (an overflow), with its sign; `None` when it may be in
/// range. The bounds, in f64 logarithms: q ≥ 1 gives
/// q^−s < ζ ≤ q^−s (1 + q/(s − 1)); 0 < q < 1 gives ζ > q^−s; q < 0 (s an
/// odd integer, f as in [`Zeta`], δ = |f − 1/2| > 0, μ = min(f, 1 − f)) gives
/// |ζ| ≥ μ^−s min(1, 2sδ)/2 − ζ(s, 1 − q) (the sum at μ exceeds the other
/// one by the factor ((1/2 + δ)/(1/2 − δ))^s ≥ 1 + 4sδ, and the term at
/// 1 − q > 1 is at most ζ(s, 1) < 2), with the sign of the sum at μ
/// (positive when f < 1/2, negative when f > 1/2); at f = 1/2 the value
/// is ζ(s, 1 − q). For even s every term is positive and |ζ| > μ^−s.
fn zeta_extreme(kind: FloatKind, s: f64, q: f64, scale: f64, negate: bool) -> Option<u64> {
    // 2^8 beyond the format's largest finite and smallest positive values
    // (the bounds' f64 errors are far below 2^8 in every case here).
    let top = super::decimal::to_f64(kind, super::encoding::max_finite(kind)).log2() + 8.0;
    let bottom = super::decimal::to_f64(kind, super::encoding::min_positive(kind)).log2() - 8.0;
    let huge = |neg: bool| {
        super::round_value(kind.format(), neg, 1, 1200, false, Rounding::NearestEven).bits
    };
    if q >= 1.0 {
        let hi = -s * q.log2() + (1.0 + q / (s - 1.0)).log2() + scale;
        let lo = -s * q.log2() + scale;
        if lo > top {
            return Some(huge(negate));
        }
        return (hi < bottom).then(|| tiny(kind, negate));
    }
    if q > 0.0 {
        let lo = -s * q.log2() + scale;
        return (lo > top).then(|| huge(negate));
    }
    let f = q - q.floor();
    // 1 − f = ⌈q⌉ − q exactly (−q for q in (−1, 0), where q − ⌊q⌋ rounds).
    let mu = f.min(q.ceil() - q).max(f64::MIN_POSITIVE);
    if !odd(s) {
        let lo = -s * mu.log2() + scale;
        return (lo > top).then(|| huge(negate));
    }
    let delta = (f - 0.5).abs();
    if delta == 0.0 {
        return zeta_extreme(kind, s, 1.0 - q, scale, negate);
    }
    let lo = -s * mu.log2() + (2.0 * s * delta).min(1.0).log2() - 1.0 + scale;
    (lo > top).then(|| huge((f > 0.5) != negate))
}

/// Hurwitz ζ(x, q) correctly rounded in `kind` (operands not NaN).
/// Conventions (XLA's `chlo.zeta`, unchanged): x < 1 gives NaN; x = 1 gives
/// +∞; q a non-positive integer gives +∞; q < 0 not an integer gives NaN
/// unless x is an integer (then the sum is real and is computed); q = +∞
/// gives 0; x = +∞ gives +∞, 1 or 0 for q < 1, q = 1, q > 1 (q = −∞
/// gives NaN). Values certainly beyond 2^±1100 are decided up front
/// ([`zeta_extreme`]). Beyond the method's range (x > 2^40 otherwise) the
/// f64 formula of [`special::zeta`] is rounded (documented, not proven).
pub fn zeta(kind: FloatKind, x: f64, q: f64) -> u64 {
    if x <= 1.0 || (q <= 0.0 && q == q.floor()) || q == f64::INFINITY {
        return exact(kind, special::zeta(x, q));
    }
    if q < 0.0 && x != x.floor() {
        return invalid(kind.format());
    }
    if let Some(bits) = zeta_extreme(kind, x, q, 0.0, false) {
        return bits;
    }
    if x == f64::INFINITY || x > 2f64.powi(40) {
        return exact(kind, special::zeta(x, q));
    }
    ziv(kind, &Zeta { s: x, q })
}

struct Polygamma {
    n: u64,
    x: f64,
}

impl Eval for Polygamma {
    /// (−1)^(n+1) n! ζ(n + 1, x).
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let mut fact = z.num(1.0);
        for k in 2..=self.n {
            fact = fact.mul(&z.num(k as f64));
        }
        let v = Zeta {
            s: (self.n + 1) as f64,
            q: self.x,
        }
        .eval(z)?
        .mul(&fact);
        Some(if self.n % 2 == 1 { v } else { v.neg() })
    }
}

/// The outcome of [`polygamma_large_at`] at one precision.
enum Large {
    /// The pattern of the target format (decided).
    Bits(u64),
    /// Undecided; the ball of the value when one was formed.
    Ball(Option<Mp>),
}

/// ψ⁽ⁿ⁾(x) = (−1)^(n+1) n! ζ(n + 1, x) for a finite integer n > 4095 and
/// x ≥ 1 (`xb`, an exact ball), evaluated with the multi-precision ball
/// `z`, whose precision is `goal` bits plus enough to absorb the
/// cancellation below (see [`polygamma_large`]); with `decide_only`, only
/// the values beyond the format's range are decided.
///
/// With s = n + 1, n!·ζ(s, x) = e^λ·S, where λ = ln n! − s ln x and
/// S = Σ_{k≥0} (1 + k/x)^−s:
///
/// - ln n! = ln Γ(n) + ln n = (n + 1/2) ln n − n + ln(2π)/2 +
///   Σ_{j=1}^{M−1} B₂ⱼ/(2j(2j−1) n^(2j−1)) + R_M, where for real n > 0 the
///   remainder R_M is bounded in magnitude by the first omitted term
///   (Stirling's series, DLMF 5.11.1 and §5.11(ii)): the radius gets that
///   term, for the first j ≤ 60 whose term is below 2^-(goal+20) (or j = 60).
/// - S: its terms decrease in k; T₀ = 1; after K terms the rest is
///   Σ_{k≥K} (x + k)^−s / x^−s ≤ T_K (1 + (x + K)/(s − 1)) (the first term
///   plus ∫_{x+K}^∞ t^−s dt = (x + K)^(1−s)/(s − 1), over x^−s): the radius
///   gets that bound once it is below 2^-(goal+20). A term whose exponent
///   s ln(1 + k/x) is at least 10^6 is below 2^-(1.4·10^6), bounded as such.
/// - 1 ≤ S ≤ 1 + x/n (the same bound at K = 0), so λ alone decides the
///   values beyond the format's range: λ > ln(largest finite) + 1 is an
///   overflow (the value is at least e times the largest finite value);
///   λ + ln(1 + x/n) < ln(smallest positive) − 2 is a value below a
///   seventh of the smallest positive one, rounded as a value just beyond
///   zero. Both are decided on the ball of λ, so they hold exactly.
fn polygamma_large_at(
    kind: FloatKind,
    n: f64,
    xb: &Mp,
    z: &Mp,
    goal: u32,
    decide_only: bool,
) -> Large {
    let negate = !odd(n);
    let Some(r) = large_log_value(n, xb, z, goal) else {
        return Large::Ball(None);
    };
    let (lambda, nb) = r;
    let fmt_max = super::decimal::to_f64(kind, super::encoding::max_finite(kind));
    let fmt_min = super::decimal::to_f64(kind, super::encoding::min_positive(kind));
    // ln(largest finite) + 1 and ln(smallest positive) − 2, as balls.
    let Some(hi) = log(&z.num(fmt_max)).map(|v| v.add(&z.num(1.0))) else {
        return Large::Ball(None);
    };
    let Some(lo) = log(&z.num(fmt_min)).map(|v| v.sub(&z.num(2.0))) else {
        return Large::Ball(None);
    };
    if lambda.sub(&hi).positive() {
        let big = super::round_value(kind.format(), negate, 1, 1200, false, Rounding::NearestEven);
        return Large::Bits(big.bits);
    }
    let one = z.num(1.0);
    let Some(ls) = log(&one.add(&xb.div(&nb))) else {
        return Large::Ball(None);
    };
    if lo.sub(&lambda.add(&ls)).positive() {
        return Large::Bits(tiny(kind, negate));
    }
    if decide_only {
        return Large::Ball(None);
    }
    let Some(sum) = large_sum(xb, &nb, z, goal) else {
        return Large::Ball(None);
    };
    let Some(e) = exp(&lambda) else {
        return Large::Ball(None);
    };
    let v = e.mul(&sum);
    let v = if negate { v.neg() } else { v };
    match v.round(kind) {
        Some(bits) => Large::Bits(bits),
        None => Large::Ball(Some(v)),
    }
}

/// λ = ln n! − (n + 1) ln x of [`polygamma_large_at`], and n as a ball.
fn large_log_value(n: f64, xb: &Mp, z: &Mp, goal: u32) -> Option<(Mp, Mp)> {
    let nb = z.num(n);
    let ln_n = log(&nb)?;
    let ln_2pi = log(&z.pi().mul_2k(1))?;
    let stop = Mag::pow2(-(goal as i64) - 20);
    let mut fact = nb
        .add(&z.num(0.5))
        .mul(&ln_n)
        .sub(&nb)
        .add(&ln_2pi.mul_2k(-1));
    let inv_n2 = z.num(1.0).div(&nb.mul(&nb));
    let mut pw = z.num(1.0).div(&nb); // n^−(2j−1)
    for j in 1..=BERNOULLI_MAX {
        let t = z.bernoulli_over_2j(j).div_int(2 * j as u64 - 1).mul(&pw);
        if t.mag_hi().lt(stop) || j == BERNOULLI_MAX {
            fact = fact.widen(t.mag_hi());
            break;
        }
        fact = fact.add(&t);
        pw = pw.mul(&inv_n2);
    }
    let s = nb.add(&z.num(1.0));
    let lambda = fact.sub(&s.mul(&log(xb)?));
    Some((lambda, nb))
}

/// S = Σ_{k≥0} (1 + k/x)^−(n+1) of [`polygamma_large_at`], with the bound
/// of its remainder in the radius.
fn large_sum(xb: &Mp, nb: &Mp, z: &Mp, goal: u32) -> Option<Mp> {
    let one = z.num(1.0);
    let s = nb.add(&one);
    let stop = Mag::pow2(-(goal as i64) - 20);
    let mut sum = one.clone();
    for k in 1..=100_000u64 {
        let kb = z.num(k as f64);
        let ex = s.mul(&log(&one.add(&kb.div(xb)))?);
        // (x + K)/(s − 1) = (x + K)/n, an upper bound as a magnitude.
        let factor = Mag::of(1.0).add(xb.add(&kb).div(nb).mag_hi());
        let t_hi = if Mag::of(1e6).lt(ex.mag_lo()) {
            Mag::pow2(-1_400_000)
        } else {
            let t = exp(&ex.neg())?;
            if !t.mag_hi().mul(factor).lt(stop) {
                sum = sum.add(&t);
                continue;
            }
            t.mag_hi()
        };
        return Some(sum.widen(t_hi.mul(factor)));
    }
    None
}

/// ψ⁽ⁿ⁾(x) for a finite integer n > 4095 and x ≥ 1, or x < 0 a half-integer
/// with n even (`reflect`: then s = n + 1 is odd and ζ(s, x) = ζ(s, 1 − x),
/// see [`Zeta`]), correctly rounded in `kind` by [`polygamma_large_at`].
///
/// λ is a difference of terms near n ln n (up to 2^1034 for the largest
/// f64 n), so its absolute error is about n ln n · 2^-p at precision p: the
/// balls carry ⌈log₂ n⌉ + 16 bits beyond the goal (128, 256, 512, 1024
/// bits of [`FALLBACK_PRECISIONS`]), after a first pass at 64 bits alone
/// that decides the values far beyond the format's range (most inputs).
fn polygamma_large(kind: FloatKind, n: f64, x: f64, reflect: bool) -> u64 {
    let extra = n.log2().ceil().max(0.0) as u32 + 16;
    let mut best: Option<Mp> = None;
    for (i, &goal) in [64u32].iter().chain(FALLBACK_PRECISIONS.iter()).enumerate() {
        let p = if i == 0 { goal } else { goal + extra };
        let z = Mp::zero(p);
        let xb = if reflect {
            z.num(1.0).sub(&z.num(x))
        } else {
            z.num(x)
        };
        if i == 1 {
            FALLBACKS.fetch_add(1, Relaxed);
        }
        match polygamma_large_at(kind, n, &xb, &z, goal, i == 0) {
            Large::Bits(bits) => return bits,
            Large::Ball(Some(b)) if b.valid() => best = Some(b),
            Large::Ball(_) => {}
        }
    }
    UNDECIDED.fetch_add(1, Relaxed);
    best.and_then(|b| b.point().round(kind))
        .unwrap_or_else(|| invalid(kind.format()))
}

/// ψ⁽ⁿ⁾(x) correctly rounded in `kind` (operands not NaN). n must be a
/// non-negative integer (else NaN); n = 0 is digamma; otherwise
/// (−1)^(n+1) n! ζ(n + 1, x) (XLA's composition: at a pole, x a
/// non-positive integer, +∞ for odd n and −∞ for even n; x = +∞ gives the
/// limit ±0, + for odd n).
///
/// n ≤ 4095: values certainly beyond 2^±1100 are decided up front
/// ([`zeta_extreme`] with the scale n!), the others by [`Polygamma`].
/// n > 4095 (finite): x ≥ 1, and x < 0 a half-integer with n even, by
/// [`polygamma_large`] (overflow and underflow included); every other x
/// gives an overflow, decided by [`zeta_extreme`]: for 0 < x < 1,
/// n! x^−(n+1) > n! > 2^43000; for x < 0 (not such a half-integer),
/// μ^−(n+1) ≥ 2^4096 times min(1, 2(n+1)δ) ≥ 2^-60 (δ ≥ 2^-54 is the
/// distance of the fraction of x from 1/2), so every term of its bound is
/// positive and far beyond the range, and the f64 arithmetic of the bound
/// (relative error a few 2^-53) cannot move it below the format's range.
/// n = +∞: the f64 formula of [`special::polygamma`] is rounded
/// (documented, not proven).
pub fn polygamma(kind: FloatKind, n: f64, x: f64) -> u64 {
    if n < 0.0 || n != n.floor() {
        return invalid(kind.format());
    }
    if n == 0.0 {
        return digamma(kind, x);
    }
    if x == f64::INFINITY {
        // The limit: ±0 with the sign of (−1)^(n+1) (+∞ counts as odd).
        return exact(kind, if odd(n) || n.is_infinite() { 0.0 } else { -0.0 });
    }
    if x.is_infinite() || (x <= 0.0 && x == x.floor()) {
        return exact(kind, special::polygamma(n, x));
    }
    if n > 4095.0 && n.is_finite() {
        let reflect = x < 0.0 && !odd(n) && x - x.floor() == 0.5;
        if x >= 1.0 || reflect {
            return polygamma_large(kind, n, x, reflect);
        }
    }
    // log2 n! (n ≤ 4095: a sum whose f64 error is far below the margins;
    // beyond, Stirling's (n + 1/2) log n − n + log √(2π), within 1/(12n),
    // only for the certain overflows above).
    let log2_fact: f64 = if n <= 4095.0 {
        (2..=n as u64).map(|k| (k as f64).log2()).sum()
    } else {
        ((n + 0.5) * n.ln() - n + 0.5 * (2.0 * std::f64::consts::PI).ln())
            * std::f64::consts::LOG2_E
    };
    if n.is_finite() {
        if let Some(bits) = zeta_extreme(kind, n + 1.0, x, log2_fact, !odd(n)) {
            return bits;
        }
    }
    if n > 4095.0 {
        // n = +∞ (documented above); a finite n here is not reached (the
        // overflow argument above), and is counted as undecided if it is.
        if n.is_finite() {
            UNDECIDED.fetch_add(1, Relaxed);
        }
        return exact(kind, special::polygamma(n, x));
    }
    ziv(kind, &Polygamma { n: n as u64, x })
}

// ---------------------------------------------------------------------------
// bessel_i1e
// ---------------------------------------------------------------------------

struct BesselI1e(f64);

impl Eval for BesselI1e {
    /// e^−a I₁(a), a = |x| > 0.
    ///
    /// a < A(p) (36 for f64 balls, 60 for double-double ones, 0.4(p + 40)
    /// beyond): the power
    /// series I₁(a) = Σ_k (a/2)^(2k+1)/(k!(k+1)!) (positive terms; once the
    /// ratio (a/2)²/((k+1)(k+2)) of the next term is at most 1/2 the
    /// remainder after t_k is at most t_k) times e^−a.
    ///
    /// a ≥ A(p): from I₁(a) = (a/π)∫_{−1}^{1} √(1−t²) e^(at) dt and u = 1 − t,
    /// e^−a I₁(a) = (a/π)∫₀² √(u(2−u)) e^(−au) du. With √(1 − u/2) =
    /// Σ c_k (u/2)^k (c₀ = 1, c_k < 0 after, Σ_{k≥1}|c_k| = 1, so the
    /// remainder after K terms is at most (u/2)^K on [0, 2]) and ∫₀^∞
    /// u^(k+½) e^(−au) du = Γ(k+3/2)/a^(k+3/2):
    /// e^−a I₁(a) = (2πa)^−½ (Σ_{k<K} T_k + E₁ + E₂), T₀ = 1,
    /// T_{k+1} = T_k (k − ½)(k + 3/2)/(2(k+1)a), with
    /// |E₁| ≤ B_K = 2^−K Γ(K+3/2)/(Γ(3/2) a^K) (B₀ = 1, B_{k+1} = B_k
    /// (k+3/2)/(2a)), and E₂ (the terms' integrals over [2, ∞), using
    /// u^α e^(−au) ≤ 2^α e^(−2a) e^(−(a−α/2)(u−2)) for u ≥ 2):
    /// |E₂| ≤ 4a √(2πa) e^(−2a) / (π (a − K/2 − 1/4)), for K < 2a − 1/2.
    fn eval<B: Ball>(&self, z: &B) -> Option<B> {
        let a = self.0.abs();
        let p = z.prec();
        let big = if p <= 60 {
            36.0
        } else if p <= 110 {
            60.0
        } else {
            0.4 * (p as f64 + 40.0)
        };
        let ab = z.num(a);
        let tgt = target(z);
        let v = if a < big {
            let h = ab.mul_2k(-1);
            let h2 = h.mul(&h);
            let h2hi = h2.mag_hi().up_f64();
            let mut t = h.clone();
            let mut sum = h.clone();
            let mut k = 0u64;
            loop {
                let ratio_ok = 2.0 * h2hi <= ((k + 1) * (k + 2)) as f64;
                if ratio_ok && t.mag_hi().lt(sum.mag_lo().mul(tgt)) {
                    break;
                }
                k += 1;
                if k > 100_000 {
                    return None;
                }
                t = t.mul(&h2).div_int(k * (k + 1));
                sum = sum.add(&t);
            }
            sum.widen(t.mag_hi()).mul(&exp(&ab.neg())?)
        } else {
            let mut sum = z.num(0.0);
            let mut t = z.num(1.0);
            let mut bk = Mag::of(1.0);
            let mut k = 0u64;
            let two_a = Mag::of(2.0 * a);
            while !bk.lt(tgt) && (k as f64) < 2.0 * a - 2.0 && k < 100_000 {
                sum = sum.add(&t);
                let kf = k as f64;
                t = t
                    .mul(&z.num((kf - 0.5) * (kf + 1.5)))
                    .div(&ab.mul(&z.num(2.0 * (kf + 1.0))));
                bk = bk.mul(Mag::of(kf + 1.5)).div(two_a);
                k += 1;
            }
            let kf = k as f64;
            let denom = (a - kf / 2.0 - 0.25) * (1.0 - 2f64.powi(-40));
            if denom <= 0.0 {
                return None;
            }
            let e2 = if a > 2f64.powi(20) {
                // 4a√(2πa)/(π(a − K/2 − 1/4)) ≤ 8√(2πa) ≤ 2^(1.8a) and
                // e^(−2a) < 2^(−2.8a): E₂ < 2^(−a) < 2^(−2^20).
                Mag::pow2(-(1 << 20))
            } else {
                let y = 2.0 * a * std::f64::consts::LOG2_E;
                Mag::of(4.0 * a)
                    .mul(Mag::of((2.0 * std::f64::consts::PI * a).sqrt() * 1.0001))
                    .div(Mag::of(3.0).mul(Mag::of(denom)))
                    .mul(Mag::pow2(-(y.floor() as i64) + 1))
            };
            let sum = sum.widen(bk.add(e2));
            // √(2π)·√a, not √(2πa): 2πa overflows f64 (and the f64 and
            // double-double balls) for a > 2.8e307.
            let root = sqrt(&z.pi().mul_2k(1))?.mul(&sqrt(&ab)?);
            sum.div(&root)
        };
        Some(if self.0 < 0.0 { v.neg() } else { v })
    }
}

/// e^−|x| I₁(x) correctly rounded in `kind` (x not NaN): odd, ±0 at ±0
/// and at ±∞.
///
/// Tiny arguments are decided without evaluation: for a = |x| < 2^-600,
/// e^−a I₁(a) = (a/2)(1 − a + 5a²/8 − …) lies in (a/2 − a²/2, a/2): just
/// below a/2, by less than a² < 2^-1200. a/2 is a multiple of 2^-1075, as
/// is every rounding boundary of every format, so no boundary lies
/// strictly between the value and a/2: the value rounds as a/2 would if
/// a/2 is not a boundary, and downward (in magnitude) if it is one, which
/// is how a/2 minus a positive amount below one unit of 2^-1077 rounds.
pub fn bessel_i1e(kind: FloatKind, x: f64) -> u64 {
    if x == 0.0 || x.is_infinite() {
        return exact(kind, 0.0f64.copysign(x));
    }
    if x.abs() < 2f64.powi(-600) {
        let bits = x.to_bits();
        let ex = ((bits >> 52) & 0x7FF) as i64;
        let frac = (bits & ((1u64 << 52) - 1)) as u128;
        let (m, e) = if ex == 0 {
            (frac, -1074i64)
        } else {
            (frac | 1 << 52, ex - 1075)
        };
        // a/2 − δ = (4m − 1 + (1 − δ'))·2^(e − 3) with 0 < 1 − δ' < 1.
        return super::round_value(
            kind.format(),
            x < 0.0,
            4 * m - 1,
            e - 3,
            true,
            Rounding::NearestEven,
        )
        .bits;
    }
    ziv(kind, &BesselI1e(x))
}

/// The evaluators, for the tests (multi-precision path alone).
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// `f(x)` (or `f(a, b)`) by the multi-precision path alone at `p` bits:
    /// `None` if undecided there or if the driver would not call it.
    pub(crate) fn mp(kind: FloatKind, name: &str, a: f64, b: f64, p: u32) -> Option<u64> {
        match name {
            "logistic" => mp_only(kind, &Logistic(a), p),
            "erf_inv" => mp_only(kind, &ErfInv(a), p),
            "digamma" => mp_only(kind, &Digamma(a), p),
            "bessel_i1e" => mp_only(kind, &BesselI1e(a), p),
            "zeta" => mp_only(kind, &Zeta { s: a, q: b }, p),
            "polygamma" => mp_only(kind, &Polygamma { n: a as u64, x: b }, p),
            _ => None,
        }
    }
}
