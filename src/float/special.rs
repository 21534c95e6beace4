//! f64 approximations of the special functions of CHLO (not correctly
//! rounded): the starting point of [`ziv`](super::ziv)'s erf_inv, and the
//! formulas [`ziv`](super::ziv) rounds beyond the range it decides
//! (documented there); and double-double helpers (exp, logistic, the
//! error-free sums and products) used by the complex functions.

const FRAC_2_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;

// ---------------------------------------------------------------------------
// Double-double arithmetic
// ---------------------------------------------------------------------------

#[inline]
pub(super) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

#[inline]
pub(super) fn two_prod(a: f64, b: f64) -> (f64, f64) {
    let p = a * b;
    (p, a.mul_add(b, -p))
}

#[inline]
pub(super) fn dd_add(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (s, e) = two_sum(a.0, b.0);
    let (t, f) = two_sum(a.1, b.1);
    let (s, e) = two_sum(s, e + t);
    two_sum(s, e + f)
}

#[inline]
pub(super) fn dd_mul(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let (p, e) = two_prod(a.0, b.0);
    two_sum(p, e + (a.0 * b.1 + a.1 * b.0))
}

#[inline]
pub(super) fn dd_div(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    let q1 = a.0 / b.0;
    let r = dd_add(a, dd_mul((-q1, 0.0), b));
    let q2 = r.0 / b.0;
    let r = dd_add(r, dd_mul((-q2, 0.0), b));
    let q3 = r.0 / b.0;
    dd_add(two_sum(q1, q2), (q3, 0.0))
}

/// e^x as a double-double, for −745 < x < 709: relative error below
/// 2^-100 for |x| ≤ 40 and below 2^-96 elsewhere (the reduction
/// x − k·ln 2 loses about k·2^-107). Argument reduction by k·ln 2 (ln 2 to
/// 107 bits) and by 2^-8, Taylor series to degree 11, eight squarings.
pub fn dd_exp(x: f64) -> (f64, f64) {
    const LN2: (f64, f64) = (std::f64::consts::LN_2, 2.319_046_813_846_299_6e-17);
    let k = (x / LN2.0).round();
    let p = dd_mul((k, 0.0), LN2);
    let r = dd_add((x, 0.0), (-p.0, -p.1));
    let r = (r.0 / 256.0, r.1 / 256.0);
    // expm1(r) = Σ r^n/n!
    let mut term = r;
    let mut sum = r;
    for n in 2..=11 {
        term = dd_mul(term, r);
        term = dd_div(term, (n as f64, 0.0));
        sum = dd_add(sum, term);
    }
    for _ in 0..8 {
        // expm1(2r) = expm1(r) · (2 + expm1(r))
        sum = dd_mul(sum, dd_add((2.0, 0.0), sum));
    }
    let e = dd_add((1.0, 0.0), sum);
    // 2^k in two steps keeps the scale factors normal.
    let k = k as i32;
    let (k1, k2) = (k / 2, k - k / 2);
    let s1 = 2f64.powi(k1);
    let s2 = 2f64.powi(k2);
    (e.0 * s1 * s2, e.1 * s1 * s2)
}

/// logistic(x) as a double-double, for −700 ≤ x ≤ 40: relative error
/// below 2^-95.
pub fn dd_logistic(x: f64) -> (f64, f64) {
    let one = (1.0, 0.0);
    if x > 0.0 {
        let e = dd_exp(-x);
        dd_div(one, dd_add(one, e))
    } else {
        let e = dd_exp(x);
        dd_div(e, dd_add(one, e))
    }
}

// ---------------------------------------------------------------------------
// erf_inv
// ---------------------------------------------------------------------------

/// The inverse error function: erf_inv(±1) = ±∞, NaN outside [−1, 1],
/// erf_inv(±0) = ±0.
///
/// A starting point (a short series near 0, the asymptotic inverse of
/// erfc in the tails) is refined by Halley steps on erf(x) − y for
/// |y| ≤ 1/2 and on erfc(x) − (1 − |y|) beyond (where 1 − |y| is exact),
/// with CORE-MATH's correctly rounded erf and erfc; the error is that of
/// one rounding of erf/erfc propagated through the inverse, plus the last
/// step's rounding.
pub fn erf_inv(y: f64) -> f64 {
    if y.is_nan() {
        return y;
    }
    let a = y.abs();
    if a > 1.0 {
        return f64::NAN;
    }
    if a == 1.0 {
        return f64::INFINITY.copysign(y);
    }
    if a == 0.0 {
        return y;
    }
    let x = if a <= 0.5 {
        // erf_inv(y) = (√π/2)(y + π y³/12 + 7π² y⁵/480 + …)
        let c = std::f64::consts::PI * a * a;
        let mut x = a / FRAC_2_SQRT_PI * (1.0 + c / 12.0 + 7.0 * c * c / 480.0);
        for _ in 0..6 {
            let g = core_math::erf(x) - a;
            let d = FRAC_2_SQRT_PI * (-x * x).exp();
            let step = g / d;
            let step = step / (1.0 + x * step);
            x -= step;
            if step.abs() <= x * 1e-17 {
                break;
            }
        }
        x
    } else {
        let t = 1.0 - a; // exact for 1/2 ≤ a < 1
                         // erfc(x) ≈ e^{-x²}/(x√π): x² ≈ w − ln(√π x) with w = −ln t.
        let w = -t.ln();
        let mut x = (w - 0.5 * (std::f64::consts::PI * w).ln()).max(0.25).sqrt();
        for _ in 0..12 {
            let g = core_math::erfc(x) - t;
            let d = -FRAC_2_SQRT_PI * core_math::exp(-x * x);
            let step = g / d;
            let step = step / (1.0 + x * step);
            x -= step;
            if step.abs() <= x * 1e-17 {
                break;
            }
        }
        x
    };
    x.copysign(y)
}

// ---------------------------------------------------------------------------
// digamma
// ---------------------------------------------------------------------------

/// ψ(x). Non-positive integers (poles) give NaN, +∞ gives +∞, −∞ gives NaN
/// (XLA's conventions). Negative arguments use the reflection
/// ψ(x) = ψ(1 − x) − π/tan(πx) (tan(πx) correctly rounded by CORE-MATH's
/// tanpi); arguments below 12 are shifted up by the recurrence
/// ψ(x) = ψ(x + 1) − 1/x, and ψ at 12 or more is the asymptotic series
/// ln x − 1/(2x) − Σ B₂ₖ/(2k x^2k) to k = 7.
pub fn digamma(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x == f64::INFINITY {
        return x;
    }
    if x <= 0.0 && x == x.floor() {
        return f64::NAN;
    }
    if x < 0.5 {
        let t = core_math::tanpi(x);
        return digamma_pos(1.0 - x) - std::f64::consts::PI / t;
    }
    digamma_pos(x)
}

fn digamma_pos(mut x: f64) -> f64 {
    let mut acc = 0.0;
    let mut shift = 0.0;
    while x < 12.0 {
        shift += 1.0 / x;
        x += 1.0;
    }
    acc -= shift;
    let r = 1.0 / (x * x);
    // B2k/(2k): 1/12, -1/120, 1/252, -1/240, 1/132, -691/32760, 1/12
    let series = r
        * (1.0 / 12.0
            - r * (1.0 / 120.0
                - r * (1.0 / 252.0
                    - r * (1.0 / 240.0 - r * (1.0 / 132.0 - r * (691.0 / 32760.0 - r / 12.0))))));
    acc + (core_math::log(x) - 0.5 / x - series)
}

// ---------------------------------------------------------------------------
// bessel_i1e
// ---------------------------------------------------------------------------

/// e^−|x| I₁(x), odd in x: ±0 at ±0 and ±∞, NaN for NaN. For |x| ≤ 20 the
/// power series of I₁ (positive terms) times CORE-MATH's e^−|x|; beyond,
/// the asymptotic series (2π|x|)^−½ Σ (−1)ᵏ aₖ/|x|ᵏ, summed while its
/// terms decrease.
pub fn bessel_i1e(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let a = x.abs();
    let v = if a.is_infinite() {
        0.0
    } else if a <= 20.0 {
        let h = a / 2.0;
        let h2 = h * h;
        let mut term = h;
        let mut sum = h;
        let mut k = 0.0;
        loop {
            k += 1.0;
            term *= h2 / (k * (k + 1.0));
            sum += term;
            if term <= sum * 1e-18 {
                break;
            }
        }
        sum * core_math::exp(-a)
    } else {
        let mut term: f64 = 1.0;
        let mut sum: f64 = 1.0;
        let mut k: f64 = 1.0;
        loop {
            let odd: f64 = 2.0 * k - 1.0;
            let next = -term * (4.0 - odd * odd) / (8.0 * k * a);
            if next.abs() >= term.abs() || next.abs() <= 1e-18 * sum.abs() {
                break;
            }
            term = next;
            sum += term;
            k += 1.0;
        }
        // (−1)^k aₖ(1) with aₖ from (4 − (2k−1)²)/(8k): the sign
        // alternation is folded into the recurrence above.
        sum / (2.0 * std::f64::consts::PI * a).sqrt()
    };
    v.copysign(x)
}

// ---------------------------------------------------------------------------
// Hurwitz zeta and polygamma
// ---------------------------------------------------------------------------

/// Bernoulli numbers B₂ⱼ/(2j)!, j = 1..=13.
const B2J_OVER_FACT: [f64; 13] = [
    1.0 / 12.0,
    -1.0 / 720.0,
    1.0 / 30240.0,
    -1.0 / 1209600.0,
    1.0 / 47900160.0,
    -5.284_190_138_687_493e-10,
    1.338_253_653_068_467_9e-11,
    -3.389_680_296_322_582_7e-13,
    8.586_062_056_277_845e-15,
    -2.174_868_698_558_062e-16,
    5.509_002_828_360_229_5e-18,
    -1.395_446_468_581_252_2e-19,
    3.534_707_039_629_467e-21,
];

/// Hurwitz ζ(x, q) = Σ_{k≥0} (q + k)^−x.
///
/// Conventions (XLA's `chlo.zeta`): NaN operands give NaN; x < 1 gives
/// NaN; x = 1 gives +∞; q a non-positive integer gives +∞; q < 0 not an
/// integer gives NaN unless x is an integer (then the sum is real and is
/// computed). Method: the first terms summed directly (CORE-MATH's
/// correctly rounded pow), the tail from a = q + N ≥ max(12, x) by
/// Euler–Maclaurin with 13 Bernoulli terms.
pub fn zeta(x: f64, q: f64) -> f64 {
    if x.is_nan() || q.is_nan() || x < 1.0 {
        return f64::NAN;
    }
    if x == 1.0 {
        return f64::INFINITY;
    }
    if q <= 0.0 && q == q.floor() {
        return f64::INFINITY;
    }
    if q < 0.0 && x != x.floor() {
        return f64::NAN;
    }
    if q == f64::INFINITY {
        return 0.0;
    }
    if x == f64::INFINITY {
        return if q < 1.0 {
            f64::INFINITY
        } else if q == 1.0 {
            1.0
        } else {
            0.0
        };
    }
    let target = x.max(12.0);
    let n = if q >= target {
        0
    } else {
        (target - q).ceil().min(1e6) as u64
    };
    let a = q + n as f64;
    // Tail: a^{1−x}/(x−1) + a^{−x}/2 + Σ B₂ⱼ/(2j)! x(x+1)…(x+2j−2) a^{−x−2j+1}
    let ax = core_math::pow(a, -x);
    let mut tail = a * ax / (x - 1.0) + 0.5 * ax;
    let mut fact = x; // x(x+1)…(x+2j−2)
    let mut pw = ax / a; // a^{−x−2j+1}
    let inv_a2 = 1.0 / (a * a);
    let mut corr = 0.0;
    for (j, c) in B2J_OVER_FACT.iter().enumerate() {
        let t = c * fact * pw;
        corr += t;
        if t.abs() <= 1e-18 * tail.abs() {
            break;
        }
        let j = j as f64 + 1.0;
        fact *= (x + 2.0 * j - 1.0) * (x + 2.0 * j);
        pw *= inv_a2;
    }
    tail += corr;
    // Direct terms, smallest first.
    let mut sum = tail;
    for k in (0..n).rev() {
        let b = q + k as f64;
        // For q < 0, x is an integer: pow gives b^−x its sign.
        sum += core_math::pow(b, -x);
    }
    sum
}

/// ψ⁽ⁿ⁾(x), the n-th derivative of digamma: n must be a non-negative
/// integer (else NaN); n = 0 is [`digamma`]; otherwise
/// (−1)^(n+1) n! ζ(n + 1, x) (XLA's composition, so a pole gives +∞ for odd
/// n and −∞ for even n).
pub fn polygamma(n: f64, x: f64) -> f64 {
    if n.is_nan() || x.is_nan() || n < 0.0 || n != n.floor() {
        return f64::NAN;
    }
    if n == 0.0 {
        return digamma(x);
    }
    let mut fact = 1.0;
    let mut k = 2.0;
    while k <= n {
        fact *= k;
        k += 1.0;
        if fact.is_infinite() {
            break;
        }
    }
    // n odd (every finite f64 from 2^53 on is even; +∞ counts as odd).
    let odd = n == f64::INFINITY || (n * 0.5).floor() != n * 0.5;
    let sign = if odd { 1.0 } else { -1.0 };
    sign * fact * zeta(n + 1.0, x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn double_double_exp_agrees_with_correctly_rounded_exp() {
        let mut x = -700.0;
        while x < 700.0 {
            let (h, l) = dd_exp(x);
            let cr = core_math::exp(x);
            // h + l rounded is the correctly rounded value except at
            // near-ties, which this grid does not hit.
            assert_eq!(h + l, cr, "x = {x}");
            // and l is a genuine correction below half an ulp of h
            assert!(l.abs() <= h * 2f64.powi(-52), "x = {x}");
            x += 0.123_456_789;
        }
    }
}
