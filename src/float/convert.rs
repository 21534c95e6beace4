//! Conversions: between float formats, to and from integers, to integral
//! values (`round_nearest_even`, `round_nearest_afz`, `floor`, `ceil`), and
//! StableHLO `reduce_precision`.
//!
//! Choices the spec leaves open ("TBD (#180)"):
//!
//! * **float → float**: rounded with the given rounding (StableHLO
//!   `convert` uses round-to-nearest-even); out-of-range values, −0 and
//!   f8E8M0FNU as in [`round_value`]. A NaN keeps its sign where the target
//!   has signed NaNs; between IEEE formats its payload is kept too (aligned
//!   at the top of the mantissa, low bits dropped when narrowing, quiet bit
//!   set), as hardware conversions do; otherwise it becomes the target's
//!   canonical NaN, or +0 in a target without NaN.
//! * **float → integer**: the fraction is truncated (toward zero, as the
//!   spec says); a value outside the integer type's range, ±∞ included,
//!   saturates to its minimum or maximum; NaN gives 0. This is what XLA's
//!   CPU and GPU backends and Rust's `as` do.
//! * **integer → float**: rounded with the given rounding (to nearest even
//!   in `convert`); zero gives +0 (NaN in f8E8M0FNU, which has no zero).

use super::arith::{infinity, invalid, quiet, zero};
use super::encoding::Decoded;
use super::fast::Narrow;
use super::round::{round_value, Rounding};
use super::{FloatKind, Format, NanEncoding};

/// Converts a pattern of `from` to `to`, rounding with `mode`.
pub fn convert(from: &Format, to: &Format, bits: u64, mode: Rounding) -> u64 {
    if mode == Rounding::NearestEven {
        if let Some(x) = super::decimal::fast_to_f64(from, bits) {
            if let Some(r) = super::decimal::fast_nearest(to, x) {
                return r.bits;
            }
        }
    }
    match from.decode(bits) {
        Decoded::Nan => convert_nan(from, to, bits),
        Decoded::Inf { neg } => infinity(to, neg),
        Decoded::Zero { neg } => zero(to, neg),
        Decoded::Finite { neg, m, e } => {
            round_value(to, neg, m as u128, e as i64, false, mode).bits
        }
    }
}

/// [`convert`] between kinds, rounding to nearest even (StableHLO `convert`).
pub fn convert_kind(from: FloatKind, to: FloatKind, bits: u64) -> u64 {
    convert(from.format(), to.format(), bits, Rounding::NearestEven)
}

/// [`convert_kind`] with the target's constants computed once, for
/// converting many elements: `converter(from, to)(bits)`.
pub fn converter(from: FloatKind, to: FloatKind) -> impl Fn(u64) -> u64 + Sync {
    let (ff, tf) = (from.format(), to.format());
    let near = super::decimal::Nearest::new(tf);
    let exact = Exact {
        from: ff,
        source: Narrow::new(ff),
        target: Narrow::new(tf),
        to_f64: to == FloatKind::F64,
    };
    let pair = (from, to);
    move |bits| {
        hardware_convert(pair, bits)
            .or_else(|| {
                let x = exact.value(bits)?;
                near.bits(x).or_else(|| exact.round(x))
            })
            .unwrap_or_else(|| convert(ff, tf, bits, Rounding::NearestEven))
    }
}

/// The conversions of [`converter`] through exact `f64` values, for the
/// lanes the hardware conversions and [`super::decimal::Nearest`] (normal
/// results) leave: a source pattern's exact value (f32, bf16 and f64 by
/// bit moves, the narrow formats by [`Narrow::value`]) rounded once into
/// the target by [`Narrow::round`] (subnormal results, zeros, overflow),
/// which is `convert`'s rounding of that value: one rounding to nearest
/// even from the exact value, with `round_value`'s conventions (see
/// `fast.rs`). NaN and ±∞ operands, a NaN result (an overflow in a format
/// whose overflow is NaN) and targets without the fast path (other than
/// f64, which holds every such value exactly) take `convert`.
struct Exact {
    from: &'static Format,
    source: Option<Narrow>,
    target: Option<Narrow>,
    to_f64: bool,
}

impl Exact {
    /// The exact finite value of `bits`, if it is one of a format read
    /// here.
    #[inline(always)]
    fn value(&self, bits: u64) -> Option<f64> {
        let x = match super::decimal::fast_to_f64(self.from, bits) {
            Some(x) => x,
            None => {
                let n = self.source.as_ref()?;
                if self.from.bits() < 64 && bits >> self.from.bits() != 0 {
                    return None;
                }
                n.value(bits)
            }
        };
        x.is_finite().then_some(x)
    }

    /// The target pattern of the finite value `x`.
    #[inline(always)]
    fn round(&self, x: f64) -> Option<u64> {
        if self.to_f64 {
            return Some(x.to_bits());
        }
        let n = self.target.as_ref()?;
        let r = n.round(x);
        (!r.is_nan()).then(|| n.bits(r))
    }
}

/// The conversions between f32 and bf16 or f64 of a lane that is not NaN
/// (`None` for a NaN, a lane wider than its format, or another pair):
/// widening is exact, f64 → f32 is the hardware's rounding to nearest
/// even, and f32 → bf16 rounds the 16 low bits away to nearest even (a
/// carry into the exponent field gives the next binade, or ∞ past the
/// largest finite value; bf16's subnormals are f32's cut to 7 fraction
/// bits, so they round alike). NaN payloads take [`convert`].
#[inline(always)]
fn hardware_convert(pair: (FloatKind, FloatKind), bits: u64) -> Option<u64> {
    match pair {
        (FloatKind::F32, FloatKind::BF16) => {
            let u = u32::try_from(bits).ok()?;
            if f32::from_bits(u).is_nan() {
                return None;
            }
            Some((u.wrapping_add(0x7FFF + ((u >> 16) & 1)) >> 16) as u64)
        }
        (FloatKind::BF16, FloatKind::F32) => {
            if bits > 0xFFFF || bits & 0x7FFF > 0x7F80 {
                return None;
            }
            Some(bits << 16)
        }
        (FloatKind::F32, FloatKind::F64) => {
            let x = f32::from_bits(u32::try_from(bits).ok()?);
            (!x.is_nan()).then(|| (x as f64).to_bits())
        }
        (FloatKind::F64, FloatKind::F32) => {
            let x = f64::from_bits(bits);
            (!x.is_nan()).then(|| (x as f32).to_bits() as u64)
        }
        _ => None,
    }
}

fn convert_nan(from: &Format, to: &Format, bits: u64) -> u64 {
    let neg =
        from.is_negative(bits) && matches!(from.nan, NanEncoding::Ieee | NanEncoding::AllOnes);
    if from.nan == NanEncoding::Ieee && to.nan == NanEncoding::Ieee && to.man_bits > 0 {
        let frac = bits & ((1 << from.man_bits) - 1);
        let frac = if to.man_bits >= from.man_bits {
            frac << (to.man_bits - from.man_bits)
        } else {
            frac >> (from.man_bits - to.man_bits)
        };
        let sign = if neg { to.sign_mask() } else { 0 };
        return quiet(
            to,
            sign | (to.exp_field_max() << to.man_bits) | frac | 1 << (to.man_bits - 1),
        );
    }
    to.nan_with_sign(neg).unwrap_or_else(|| invalid(to))
}

/// The range of an integer type of `width` bits (1 ≤ width ≤ 64).
fn int_range(width: u32, signed: bool) -> (i128, i128) {
    let width = width.clamp(1, 64);
    if signed {
        (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1)
    } else {
        (0, (1i128 << width) - 1)
    }
}

/// Float → integer of `width` bits (1..=64), `signed` or not: truncation
/// toward zero, saturation outside the range, NaN → 0. Returns the value.
pub fn to_int(f: &Format, bits: u64, width: u32, signed: bool) -> i128 {
    let (lo, hi) = int_range(width, signed);
    let v: i128 = match f.decode(bits) {
        Decoded::Nan | Decoded::Zero { .. } => 0,
        Decoded::Inf { neg } => {
            if neg {
                lo
            } else {
                hi
            }
        }
        Decoded::Finite { neg, m, e } => {
            let lead = 63 - m.leading_zeros() as i32;
            let mag: i128 = if e >= 0 {
                if lead + e >= 100 {
                    1 << 100
                } else {
                    (m as i128) << e
                }
            } else if -e >= 64 {
                0
            } else {
                (m >> -e) as i128
            };
            if neg {
                -mag
            } else {
                mag
            }
        }
    };
    v.clamp(lo, hi)
}

/// [`to_int`] as a two's complement bit pattern in the low `width` bits.
pub fn to_int_bits(f: &Format, bits: u64, width: u32, signed: bool) -> u64 {
    let v = to_int(f, bits, width, signed) as u64;
    if width >= 64 {
        v
    } else {
        v & ((1u64 << width) - 1)
    }
}

/// Integer → float with the given rounding.
pub fn from_int(f: &Format, v: i128, mode: Rounding) -> u64 {
    if v == 0 {
        return zero(f, false);
    }
    // Integers below 2^53 are exact f64 values: round those by bit arithmetic.
    if mode == Rounding::NearestEven && v.unsigned_abs() < 1u128 << 53 {
        let x = v as i64 as f64;
        match (f.exp_bits, f.man_bits) {
            (11, 52) => return x.to_bits(),
            // The hardware conversion rounds to nearest even, like ours.
            (8, 23) => return (v as i64 as f32).to_bits() as u64,
            _ => {}
        }
        if let Some(r) = super::decimal::fast_nearest(f, x) {
            return r.bits;
        }
    }
    round_value(f, v < 0, v.unsigned_abs(), 0, false, mode).bits
}

/// Integer (a `width`-bit pattern, `signed` or not) → float.
pub fn from_int_bits(f: &Format, pattern: u64, width: u32, signed: bool, mode: Rounding) -> u64 {
    let width = width.clamp(1, 64);
    let v = if width == 64 {
        if signed {
            pattern as i64 as i128
        } else {
            pattern as i128
        }
    } else {
        let p = pattern & ((1u64 << width) - 1);
        if signed && p >> (width - 1) == 1 {
            p as i128 - (1i128 << width)
        } else {
            p as i128
        }
    };
    from_int(f, v, mode)
}

/// Rounds to an integral value in the same format (IEEE
/// roundToIntegral…): `NearestEven` is `round_nearest_even`, `NearestAway`
/// `round_nearest_afz`, `TowardNegative` `floor`, `TowardPositive` `ceil`,
/// `TowardZero` truncation. A zero result keeps the operand's sign
/// (`ceil(-0.5) = -0`); NaN is quieted.
pub fn round_to_integral(f: &Format, bits: u64, mode: Rounding) -> u64 {
    let bits = bits & f.all_mask();
    match f.decode(bits) {
        Decoded::Nan => quiet(f, bits),
        Decoded::Inf { .. } | Decoded::Zero { .. } => bits,
        Decoded::Finite { neg, m, e } => {
            if e >= 0 {
                return bits;
            }
            let s = (-e) as u32;
            let m = m as u128;
            let (int, round, rest) = if s >= 128 {
                (0, false, m != 0)
            } else {
                (
                    m >> s,
                    (m >> (s - 1)) & 1 == 1,
                    m & ((1u128 << (s - 1)) - 1) != 0,
                )
            };
            let up = match mode {
                Rounding::NearestEven => round && (rest || int & 1 == 1),
                Rounding::NearestAway => round,
                Rounding::TowardZero => false,
                Rounding::TowardPositive => (round || rest) && !neg,
                Rounding::TowardNegative => (round || rest) && neg,
            };
            let n = int + up as u128;
            if n == 0 {
                zero(f, neg)
            } else {
                round_value(f, neg, n, 0, false, Rounding::NearestEven).bits
            }
        }
    }
}

/// StableHLO `round_nearest_even` (IEEE roundToIntegralTiesToEven).
pub fn round_nearest_even(f: &Format, bits: u64) -> u64 {
    round_to_integral(f, bits, Rounding::NearestEven)
}

/// StableHLO `round_nearest_afz` (IEEE roundToIntegralTiesToAway).
pub fn round_nearest_afz(f: &Format, bits: u64) -> u64 {
    round_to_integral(f, bits, Rounding::NearestAway)
}

/// StableHLO `floor` (IEEE roundToIntegralTowardNegative).
pub fn floor(f: &Format, bits: u64) -> u64 {
    round_to_integral(f, bits, Rounding::TowardNegative)
}

/// StableHLO `ceil` (IEEE roundToIntegralTowardPositive).
pub fn ceil(f: &Format, bits: u64) -> u64 {
    round_to_integral(f, bits, Rounding::TowardPositive)
}

/// StableHLO `reduce_precision`: rounds the significand to `mantissa_bits`
/// stored bits (to nearest even), then, if `exponent_bits` is narrower than
/// the format's, values whose exponent exceeds `2^(exponent_bits−1) − 1`
/// become ±∞ and values whose exponent is at most `−(2^(exponent_bits−1) −
/// 1)` (the reduced format's subnormals) become ±0, as XLA does. NaN, ±∞
/// and ±0 are returned unchanged. Results are stored back into `f` with
/// its conventions (∞ in a format without ∞ becomes NaN or saturates; a
/// significand that rounds past `f`'s largest value overflows likewise).
/// Exponents are compared as values, so the rule also applies to formats
/// whose bias is not IEEE's.
pub fn reduce_precision(f: &Format, bits: u64, exponent_bits: i32, mantissa_bits: i32) -> u64 {
    let bits = bits & f.all_mask();
    let (neg, mut m, mut e) = match f.decode(bits) {
        // With no mantissa bit left a NaN's payload is gone: it becomes the
        // infinity of its sign, as XLA computes it.
        Decoded::Nan if mantissa_bits <= 0 && f.has_inf => {
            return infinity(f, f.signed && bits & f.sign_mask() != 0)
        }
        Decoded::Nan | Decoded::Inf { .. } | Decoded::Zero { .. } => return bits,
        Decoded::Finite { neg, m, e } => (neg, m as u128, e as i64),
    };
    let exponent_bits = exponent_bits.max(1) as i64;
    let mantissa_bits = mantissa_bits.max(0) as i64;
    if mantissa_bits < f.man_bits as i64 {
        let lead = 127 - m.leading_zeros() as i64;
        let binade = (lead + e).max(f.min_normal_exp() as i64);
        let q = binade - mantissa_bits;
        if q > e {
            let s = (q - e) as u32; // at most man_bits + 1 <= 64
            let kept = m >> s;
            let round = (m >> (s - 1)) & 1 == 1;
            let rest = m & ((1u128 << (s - 1)) - 1) != 0;
            // Ties go to an even stored pattern of the reduced format: with
            // no stored mantissa bit left, that is the parity of its
            // exponent field, whose bias 2^(exponent_bits−1) − 1 is odd (not
            // the parity of `f`'s field when `f`'s bias is even, as in the
            // FNUZ formats). With one exponent bit (bias 0) every finite
            // value overflows or underflows; the tie is then broken as with
            // an odd bias, as XLA does.
            let odd = if mantissa_bits == 0 && lead + e >= f.min_normal_exp() as i64 {
                let reduced_bias = ((1i64 << (exponent_bits - 1).min(62)) - 1) | 1;
                (lead + e + reduced_bias) & 1 == 1
            } else {
                kept & 1 == 1
            };
            m = kept + (round && (rest || odd)) as u128;
            e = q;
        }
    }
    if m == 0 {
        return zero(f, neg);
    }
    if exponent_bits < f.exp_bits as i64 {
        let reduced_bias = (1i64 << (exponent_bits - 1).min(62)) - 1;
        let exp = 127 - m.leading_zeros() as i64 + e;
        if exp > reduced_bias {
            return infinity(f, neg);
        }
        if exp <= -reduced_bias {
            return zero(f, neg);
        }
    }
    round_value(f, neg, m, e, false, Rounding::NearestEven).bits
}

#[cfg(test)]
#[path = "convert_tests.rs"]
mod tests;
