//! Hardware fast paths for the narrow formats (bf16, f16, the f8, f6 and
//! f4 formats): values held as exact `f64`s, each operation done in `f64`
//! and rounded once to the narrow format by [`Narrow::round`], which returns
//! the rounded result again as an exact `f64`.
//!
//! Why the bits are the same as the generic path's ([`super::arith`]):
//!
//! * **Exact operands.** Every finite value of a format with `p ≤ 25`
//!   significand bits and exponents within `2^±256` is exactly an `f64`.
//! * **One rounding is innocuous.** For `+ − × ÷ √` of two values of a
//!   binary format of precision `p`, first rounding the exact result to
//!   nearest-even in a binary format of precision `q ≥ 2p + 2` and then to
//!   the `p`-bit format gives the same value as rounding the exact result
//!   once (Figueroa, "When is double rounding innocuous?", 1995), provided
//!   the wide result neither overflows nor underflows. `f64` has `q = 53 ≥
//!   2·25 + 2`; the exact results of these operations on operands within
//!   `2^±256` lie within `2^±520`, where `f64` is normal. A result in the
//!   narrow format's subnormal range is rounded to fewer than `p` bits,
//!   where the condition holds a fortiori. (Products of two such values
//!   are even exact in `f64`: `2p ≤ 50 < 53`.)
//! * **The second rounding is exact IEEE round-to-nearest-even**, with the
//!   conventions of [`super::round::round_value`]: rounding with the
//!   exponent range unbounded above and then overflow to ∞, else NaN, else
//!   the largest finite value; subnormal results rounded at the format's
//!   smallest quantum; a zero keeps its sign except in formats without −0.
//!
//! A NaN is never produced silently: [`Narrow::round`] returns NaN for a
//! NaN input and for an overflow in a format whose overflow result is NaN,
//! and callers that see a NaN recompute with the generic path, whose NaN
//! payload rules they then follow. `fast_tests.rs` sweeps [`Narrow::round`]
//! against the generic rounding on every tie and its neighbours in every
//! binade of every narrow format, and the dot product's multiply-add
//! against [`super::arith`] on every pair of values of each 8-bit format
//! and on every value of bf16 and f16 paired with sampled values.

use super::decimal::from_f64_rounded;
use super::encoding::Decoded;
use super::{Format, Rounding};

/// Round-to-nearest-even from `f64` into one narrow format, as constants
/// computed once.
#[derive(Clone, Copy, Debug)]
pub struct Narrow {
    format: &'static Format,
    /// `52 − man_bits`: the f64 bits below the narrow format's last place.
    shift: u32,
    /// `2^min_normal_exp`: below it results are subnormal.
    min_normal: f64,
    /// `2^(min_quantum_exp + 52)`: adding and subtracting it rounds a value
    /// below `min_normal` to a multiple of the smallest quantum.
    subnormal_magic: f64,
    /// `2^min_quantum_exp`: the smallest quantum.
    quantum: f64,
    /// Its inverse, `2^−min_quantum_exp`.
    inv_quantum: f64,
    /// The largest finite value.
    max_value: f64,
    /// The value of an overflow of positive sign (∞, NaN or `max_value`).
    overflow: f64,
    neg_zero: bool,
}

impl Narrow {
    /// The fast path of `f`, when `f` is a signed format with zero and
    /// subnormals, at most 25 significand bits and exponents within
    /// `2^±256` (bf16, f16, tf32, f32 and every f8, f6 and f4 format but
    /// f8E8M0FNU).
    pub fn new(f: &'static Format) -> Option<Narrow> {
        let usable = f.signed
            && f.has_zero
            && f.has_subnormals()
            && f.precision() <= 25
            && f.max_exp() <= 256
            && f.min_quantum_exp() >= -256;
        if !usable {
            return None;
        }
        let pow2 = |e: i32| f64::from_bits(((e + 1023) as u64) << 52);
        let max_value = value_of(f, f.max_finite())?;
        let overflow = if f.has_inf {
            f64::INFINITY
        } else if f.nan_with_sign(false).is_some() {
            f64::NAN
        } else {
            max_value
        };
        Some(Narrow {
            format: f,
            shift: 52 - f.man_bits,
            min_normal: pow2(f.min_normal_exp()),
            subnormal_magic: pow2(f.min_quantum_exp() + 52),
            quantum: pow2(f.min_quantum_exp()),
            inv_quantum: pow2(-f.min_quantum_exp()),
            max_value,
            overflow,
            neg_zero: f.has_neg_zero(),
        })
    }

    /// The format this rounds into.
    pub fn format(&self) -> &'static Format {
        self.format
    }

    /// `x` rounded to nearest-even into the format, as an exact `f64`
    /// (NaN when the format's result is NaN).
    #[inline(always)]
    pub fn round(&self, x: f64) -> f64 {
        let a = x.abs();
        let r = if a >= self.min_normal {
            // Normal results: add half an ulp less one, plus the kept
            // parity, and clear the bits below the last place; a carry
            // moves into the exponent field (∞ stays ∞).
            let m = a.to_bits();
            let s = self.shift;
            let r =
                f64::from_bits((m + (1u64 << (s - 1)) - 1 + ((m >> s) & 1)) & !((1u64 << s) - 1));
            if r > self.max_value {
                self.overflow
            } else {
                r
            }
        } else if a < self.min_normal {
            // Subnormal results: hardware round-to-nearest-even at the
            // quantum 2^min_quantum_exp (a + magic lies in [2^(qmin+52),
            // 2^(qmin+53)), whose ulp is that quantum; the subtraction is
            // exact). Formats without −0 give +0.
            let r = (a + self.subnormal_magic) - self.subnormal_magic;
            if r == 0.0 && !self.neg_zero {
                return 0.0;
            }
            r
        } else {
            return x; // NaN
        };
        r.copysign(x)
    }

    /// The pattern of `x` rounded to nearest even into the format (the
    /// pattern [`Narrow::bits`] gives of [`Narrow::round`]'s value), and
    /// whether the caller must take the general path instead: a NaN or ±∞
    /// `x`, or an overflow. Written without branches, so that a loop over
    /// it vectorises.
    ///
    /// Normal results are rounded on the bit pattern as in `round`, and
    /// their fields moved as in `bits`. Below the smallest normal, `a /
    /// quantum` (exact: a power of two) is rounded to an integer, ties to
    /// even, by adding 2^52 (whose ulp is 1; the quotient is below
    /// 2^man_bits): the same rounding at the same quantum as `round`'s
    /// magic constant, and that integer is the subnormal's pattern (the
    /// smallest normal's, 2^man_bits, when it rounds up to it). A zero
    /// keeps its sign where the format has −0, as in `round`.
    #[inline(always)]
    pub fn round_bits(&self, x: f64) -> (u64, bool) {
        let f = self.format;
        let a = x.abs();
        let m = a.to_bits();
        let s = self.shift;
        let rn = (m + (1u64 << (s - 1)) - 1 + ((m >> s) & 1)) & !((1u64 << s) - 1);
        let e = ((rn >> 52) as i64 - 1023 + f.bias as i64) as u64;
        let normal = (e << f.man_bits) | ((rn & ((1u64 << 52) - 1)) >> s);
        let two52 = f64::from_bits(0x4330_0000_0000_0000);
        let sub = (a * self.inv_quantum + two52)
            .to_bits()
            .wrapping_sub(two52.to_bits());
        let is_normal = a >= self.min_normal;
        let mag = if is_normal { normal } else { sub };
        let over = is_normal & (f64::from_bits(rn) > self.max_value);
        let bad = x.is_nan() | over;
        let signed = x.is_sign_negative() & ((mag != 0) | self.neg_zero);
        let sign = if signed { f.sign_mask() } else { 0 };
        (sign | mag, bad)
    }

    /// The pattern of a value that `round` returned (exactly representable,
    /// not NaN): the f64's fields moved into the format's.
    #[inline]
    pub fn bits(&self, v: f64) -> u64 {
        let f = self.format;
        let sign = if v.is_sign_negative() && (v != 0.0 || self.neg_zero) {
            f.sign_mask()
        } else {
            0
        };
        let a = v.abs();
        let mag = if a == f64::INFINITY {
            match f.inf(false) {
                Some(inf) => inf,
                None => return from_f64_rounded(f, v, Rounding::NearestEven).bits,
            }
        } else if a >= self.min_normal {
            let m = a.to_bits();
            let e = (m >> 52) as i64 - 1023 + f.bias as i64;
            ((e as u64) << f.man_bits) | ((m & ((1u64 << 52) - 1)) >> self.shift)
        } else {
            // A multiple of the smallest quantum below 2^man_bits of them.
            (a / self.quantum) as u64
        };
        sign | mag
    }

    /// The exact value of a pattern (NaN for NaN).
    #[inline]
    pub fn value(&self, bits: u64) -> f64 {
        let f = self.format;
        if f.is_nan(bits) {
            return f64::NAN;
        }
        let man = f.man_bits;
        let e = (bits >> man) & ((1u64 << f.exp_bits) - 1);
        let frac = bits & ((1u64 << man) - 1);
        let a = if f.has_inf && e == (1u64 << f.exp_bits) - 1 {
            f64::INFINITY
        } else if e == 0 {
            frac as f64 * self.quantum
        } else {
            let e64 = e as i64 - f.bias as i64 + 1023;
            f64::from_bits(((e64 as u64) << 52) | (frac << self.shift))
        };
        if f.signed && bits & f.sign_mask() != 0 {
            -a
        } else {
            a
        }
    }
}

/// The exact `f64` value of a pattern of a format whose values all are
/// `f64`s (`None` for NaN).
fn value_of(f: &Format, bits: u64) -> Option<f64> {
    let pow2 = |e: i64| f64::from_bits(((e + 1023) as u64) << 52);
    let v = match f.decode(bits) {
        Decoded::Nan => return None,
        Decoded::Inf { neg } => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Decoded::Zero { neg } => {
            if neg {
                -0.0
            } else {
                0.0
            }
        }
        Decoded::Finite { neg, m, e } => {
            let v = m as f64 * pow2(e as i64);
            if neg {
                -v
            } else {
                v
            }
        }
    };
    Some(v)
}

#[cfg(test)]
#[path = "fast_tests.rs"]
mod tests;
