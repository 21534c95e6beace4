//! ULP distance and the NaN rule of "equal".
//!
//! **Equal** means: the same bit pattern, or both NaN. NaN payloads and
//! the sign of a NaN are not compared: the StableHLO spec leaves them to
//! the implementation, and hlocheck's executor propagates the first NaN
//! operand, so two programs that differ only in which NaN they return are
//! equal. Every other difference counts, −0 against +0 included.
//!
//! **ULP distance** between two values of a float format is the number of
//! representable values one has to step over to go from one to the other,
//! through zero (−0 and +0 are one point, so their distance is 0 even though
//! they are not equal); ±∞ is one step beyond the largest finite value. A NaN
//! against a number is the largest distance ([`Ulp::NAN_VS_NUMBER`]); NaN
//! against NaN is 0. Integers and booleans: the absolute difference.

use crate::float::{FloatKind, Format};

/// A ULP distance; [`Ulp::NAN_VS_NUMBER`] when one side is NaN and the other not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Ulp(pub u128);

impl Ulp {
    /// The distance of a NaN from a number: larger than any other.
    pub const NAN_VS_NUMBER: Ulp = Ulp(u128::MAX);
}

impl std::fmt::Display for Ulp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if *self == Ulp::NAN_VS_NUMBER {
            write!(f, "NaN vs number")
        } else {
            write!(f, "{}", group(self.0))
        }
    }
}

/// `n` with thousands separators (`65,536`).
pub fn group(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The position of a non-NaN pattern on the number line: consecutive
/// representable values have consecutive positions, ±0 is 0.
fn position(f: &Format, bits: u64) -> i128 {
    let bits = bits & f.all_mask();
    let mag = (bits & f.mag_mask()) as i128;
    // In formats without subnormals (f8E8M0FNU) pattern 0 is the smallest
    // positive value, one step above a virtual zero.
    let mag = if f.has_subnormals() { mag } else { mag + 1 };
    if f.is_negative(bits) {
        -mag
    } else {
        mag
    }
}

/// Whether two patterns of `kind` are equal under the NaN rule above.
pub fn float_equal(kind: FloatKind, a: u64, b: u64) -> bool {
    let f = kind.format();
    let (a, b) = (a & f.all_mask(), b & f.all_mask());
    a == b || (f.is_nan(a) && f.is_nan(b))
}

/// The ULP distance of two patterns of `kind`.
pub fn float_ulp(kind: FloatKind, a: u64, b: u64) -> Ulp {
    let f = kind.format();
    match (f.is_nan(a), f.is_nan(b)) {
        (true, true) => Ulp(0),
        (true, false) | (false, true) => Ulp::NAN_VS_NUMBER,
        (false, false) => Ulp(position(f, a).abs_diff(position(f, b))),
    }
}

/// The distance of two canonical integer lanes of `bits` width.
pub fn int_ulp(bits: u32, signed: bool, a: u64, b: u64) -> Ulp {
    let k = crate::interp::tensor::IntKind { bits, signed };
    Ulp(k.value(a).abs_diff(k.value(b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::float::FloatKind::*;

    #[test]
    fn through_zero() {
        // f16: 0x0001 is the smallest subnormal, 0x8001 its negative.
        assert_eq!(float_ulp(F16, 0x0001, 0x8001), Ulp(2));
        assert_eq!(float_ulp(F16, 0x0000, 0x8000), Ulp(0));
        assert!(!float_equal(F16, 0x0000, 0x8000));
        assert_eq!(float_ulp(F16, 0x3c00, 0x3c01), Ulp(1));
        // The largest finite value and +∞ are neighbours.
        assert_eq!(float_ulp(F16, 0x7bff, 0x7c00), Ulp(1));
        assert_eq!(float_ulp(F16, 0x7e00, 0x3c00), Ulp::NAN_VS_NUMBER);
        assert_eq!(float_ulp(F16, 0x7e00, 0xfe01), Ulp(0));
        assert!(float_equal(F16, 0x7e00, 0xfe01));
        // f8E8M0FNU: pattern 0 (2^-127) and 1 (2^-126) are neighbours.
        assert_eq!(float_ulp(F8E8M0FNU, 0, 1), Ulp(1));
        // Whole-range distance in f32 between -max and +max.
        let d = float_ulp(F32, 0xff7f_ffff, 0x7f7f_ffff);
        assert_eq!(d, Ulp(2 * 0x7f7f_ffff));
        assert_eq!(int_ulp(8, true, (-128i64) as u64, 127), Ulp(255));
        assert_eq!(group(65536), "65,536");
        assert_eq!(group(1_000_000), "1,000,000");
    }
}
