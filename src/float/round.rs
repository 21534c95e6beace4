//! The one rounding routine every operation ends in: an exact (or
//! exact-plus-sticky) binary value is rounded into a [`Format`].

use super::Format;

/// A rounding direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Round to nearest, ties to even (IEEE roundTiesToEven; the default).
    NearestEven,
    /// Round to nearest, ties away from zero (IEEE roundTiesToAway).
    NearestAway,
    /// Round toward zero (truncate).
    TowardZero,
    /// Round toward +∞.
    TowardPositive,
    /// Round toward −∞.
    TowardNegative,
}

/// The outcome of rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rounded {
    /// The result's bit pattern.
    pub bits: u64,
    /// Whether the exact value was exactly halfway between two neighbours
    /// (of the format with its exponent range extended upward).
    pub tie: bool,
    /// Whether the result equals the exact value.
    pub exact: bool,
}

/// Rounds `(−1)^neg × (m + δ) × 2^e` into `f`, where `δ = 0` if `sticky` is
/// false and `0 < δ < 1` otherwise.
///
/// When `sticky` is set the caller must supply enough bits of `m` that the
/// unit `2^e` lies at least two bits below the result's last place (every
/// caller here keeps `m` well above `2^(p+2)` in that case).
///
/// Conventions (all follow ml_dtypes where a format departs from IEEE):
/// * Overflow: the value is first rounded with the exponent range unbounded
///   above (a tie against the first pattern past the largest finite value
///   is broken by that pattern's parity, as IEEE does for ∞). If the result
///   lies beyond the largest finite value, a rounding that goes away from
///   zero gives ∞ when the format has one, otherwise NaN when it has one
///   (FN, FNUZ, f8E8M0FNU), otherwise the largest finite value of that sign
///   (f6, f4 formats saturate); a rounding toward zero gives the largest
///   finite value.
/// * A zero result keeps the sign, except in formats without −0 (FNUZ),
///   which give +0.
/// * f8E8M0FNU (unsigned, no zero): negative values and zero give NaN; a
///   positive value below 2^-127 gives 2^-127; with a one-bit significand
///   both neighbours of a tie are "odd", and the tie goes to the larger.
pub fn round_value(
    f: &Format,
    neg: bool,
    m: u128,
    e: i64,
    sticky: bool,
    mode: Rounding,
) -> Rounded {
    let nan = |neg: bool| f.nan_with_sign(neg).unwrap_or(0);
    if !f.signed && neg {
        return Rounded {
            bits: nan(false),
            tie: false,
            exact: false,
        };
    }
    if m == 0 && !sticky {
        let bits = if !f.has_zero {
            nan(false)
        } else if neg && f.has_neg_zero() {
            f.sign_mask()
        } else {
            0
        };
        return Rounded {
            bits,
            tie: false,
            exact: f.has_zero,
        };
    }
    let man = f.man_bits as i64;
    let qmin = f.min_quantum_exp() as i64;
    // Exponent of the leading bit (a zero `m` with sticky is below any quantum).
    let lead = if m == 0 {
        i64::MIN / 4
    } else {
        127 - m.leading_zeros() as i64
    };
    let q = (lead + e - man).max(qmin);
    let s = q - e;
    let (mant, round, rest) = if s <= 0 {
        // Here `m << -s` has at most `man + 1` bits (or `m` is zero).
        let mant = if m == 0 { 0 } else { m << (-s) as u32 };
        (mant, false, sticky)
    } else if s > 128 {
        (0, false, m != 0 || sticky)
    } else if s == 128 {
        (0, m >> 127 == 1, (m << 1) != 0 || sticky)
    } else {
        let s = s as u32;
        let low = m & ((1u128 << (s - 1)) - 1);
        (m >> s, (m >> (s - 1)) & 1 == 1, low != 0 || sticky)
    };
    // Magnitude index: consecutive representable magnitudes get consecutive
    // indices; index 0 is zero (virtual in f8E8M0FNU, which has no zero).
    let offset: u128 = if f.has_subnormals() { 0 } else { 1 << man };
    let binades = ((q - qmin).min(1 << 20)) as u128;
    let mut idx = (binades << man) + mant;
    let up = match mode {
        Rounding::NearestEven => round && (rest || idx & 1 == 1 || f.man_bits == 0),
        Rounding::NearestAway => round,
        Rounding::TowardZero => false,
        Rounding::TowardPositive => (round || rest) && !neg,
        Rounding::TowardNegative => (round || rest) && neg,
    };
    idx += up as u128;
    let tie = round && !rest;
    let exact = !round && !rest;
    let max_idx = f.max_finite() as u128 + offset;
    let sign = if neg { f.sign_mask() } else { 0 };
    let bits = if idx > max_idx {
        let away = match mode {
            Rounding::NearestEven | Rounding::NearestAway => true,
            Rounding::TowardZero => false,
            Rounding::TowardPositive => !neg,
            Rounding::TowardNegative => neg,
        };
        if away {
            if let Some(inf) = f.inf(neg) {
                inf
            } else if let Some(n) = f.nan_with_sign(neg) {
                n
            } else {
                sign | f.max_finite()
            }
        } else {
            sign | f.max_finite()
        }
    } else if idx == 0 {
        if !f.has_zero {
            f.min_positive()
        } else if f.has_neg_zero() {
            sign
        } else {
            0
        }
    } else {
        sign | (idx - offset) as u64
    };
    Rounded { bits, tie, exact }
}
