//! Soft-float formats: one descriptor covers every floating-point element
//! type of the StableHLO spec (and `tf32`, which dot algorithms name).
//!
//! A value of any format is carried as its raw bit pattern in the low bits
//! of a `u64`; the descriptor says how to read it.
//!
//! | module | holds |
//! |---|---|
//! | [`encoding`] | classification (NaN, ∞, zero, sign), special values, exact decoding |
//! | [`round`] | [`round_value`], the one rounding routine, and the overflow/−0/f8E8M0FNU conventions |
//! | [`arith`] | + − × ÷ √ fma, `remainder`, maximum/minimum, comparisons, abs/negate/sign; the choices the spec leaves open |
//! | [`convert`] | float ⇄ float, float ⇄ integer, round to integral, `reduce_precision` |
//! | [`decimal`] | decimal literals in and out, exact `f64` conversion |
//! | [`elementary`] | exp, log, trigonometric, hyperbolic and special functions, real and complex; correctly rounded where a method is known |
//! | [`ziv`] | the special functions of CHLO (erf_inv, digamma, polygamma, zeta, bessel_i1e) and logistic, correctly rounded in every format by Ziv's strategy on ball arithmetic (`ball`) |
//! | [`special`] | f64 approximations of those functions (starting points, and the formulas used beyond the correctly rounded range), double-double helpers |
//!
//! Every operation is exact up to its single final rounding, for every
//! format; hardware arithmetic is only a fast path where it provably gives
//! the same bits (see [`arith`]).

pub mod arith;
mod ball;
mod bigint;
mod complex;
pub mod convert;
pub mod decimal;
pub mod elementary;
pub mod encoding;
pub mod fast;
#[cfg(test)]
mod oracle;
pub mod round;
pub mod special;
pub mod ziv;

pub use arith::Direction;
pub use decimal::{format_decimal, from_f64, parse_decimal, to_f64};
pub use encoding::{
    canonical_nan, is_finite, is_inf, is_nan, is_negative, is_zero, max_finite, min_positive,
    min_positive_subnormal, Decoded,
};
pub use round::{round_value, Rounded, Rounding};

/// How a format encodes NaN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NanEncoding {
    /// IEEE 754: exponent all ones, mantissa non-zero.
    Ieee,
    /// "FN" formats: only exponent and mantissa all ones (`S.1111.111`) is NaN.
    AllOnes,
    /// "FNUZ" formats: the negative-zero pattern (sign set, rest zero) is the one NaN.
    NegativeZero,
    /// No NaN at all (the f6 and f4 formats).
    None,
}

/// A floating-point format descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Format {
    /// Exponent field width in bits.
    pub exp_bits: u32,
    /// Stored mantissa (fraction) width in bits.
    pub man_bits: u32,
    /// Exponent bias.
    pub bias: i32,
    /// Whether the format has infinities (IEEE encoding: exponent all ones, mantissa zero).
    pub has_inf: bool,
    /// NaN encoding.
    pub nan: NanEncoding,
    /// Whether there is a sign bit (false only for f8E8M0FNU).
    pub signed: bool,
    /// Whether zero is representable (false only for f8E8M0FNU).
    pub has_zero: bool,
}

impl Format {
    /// Total width in bits.
    pub const fn bits(&self) -> u32 {
        self.signed as u32 + self.exp_bits + self.man_bits
    }
    /// Precision in bits, counting the implicit leading one.
    pub const fn precision(&self) -> u32 {
        self.man_bits + 1
    }
}

macro_rules! float_kinds {
    ($($kind:ident = $name:literal, $e:literal, $m:literal, $bias:literal, $inf:literal, $nan:ident, $signed:literal, $zero:literal;)*) => {
        /// Every floating-point element type hlocheck knows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum FloatKind { $($kind),* }

        impl FloatKind {
            /// All kinds, narrowest first.
            pub const ALL: &'static [FloatKind] = &[$(FloatKind::$kind),*];

            /// The MLIR spelling of the type (`f32`, `f8E4M3FN`, ...).
            pub const fn name(self) -> &'static str {
                match self { $(FloatKind::$kind => $name),* }
            }

            /// The format descriptor.
            pub const fn format(self) -> &'static Format {
                match self {
                    $(FloatKind::$kind => &Format {
                        exp_bits: $e, man_bits: $m, bias: $bias, has_inf: $inf,
                        nan: NanEncoding::$nan, signed: $signed, has_zero: $zero,
                    }),*
                }
            }

            /// Looks a kind up by its MLIR spelling.
            pub fn from_name(name: &str) -> Option<FloatKind> {
                match name { $($name => Some(FloatKind::$kind),)* _ => None }
            }
        }
    };
}

float_kinds! {
    F4E2M1FN = "f4E2M1FN", 2, 1, 1, false, None, true, true;
    F6E2M3FN = "f6E2M3FN", 2, 3, 1, false, None, true, true;
    F6E3M2FN = "f6E3M2FN", 3, 2, 3, false, None, true, true;
    F8E3M4 = "f8E3M4", 3, 4, 3, true, Ieee, true, true;
    F8E4M3 = "f8E4M3", 4, 3, 7, true, Ieee, true, true;
    F8E4M3FN = "f8E4M3FN", 4, 3, 7, false, AllOnes, true, true;
    F8E4M3FNUZ = "f8E4M3FNUZ", 4, 3, 8, false, NegativeZero, true, true;
    F8E4M3B11FNUZ = "f8E4M3B11FNUZ", 4, 3, 11, false, NegativeZero, true, true;
    F8E5M2 = "f8E5M2", 5, 2, 15, true, Ieee, true, true;
    F8E5M2FNUZ = "f8E5M2FNUZ", 5, 2, 16, false, NegativeZero, true, true;
    F8E8M0FNU = "f8E8M0FNU", 8, 0, 127, false, AllOnes, false, false;
    BF16 = "bf16", 8, 7, 127, true, Ieee, true, true;
    F16 = "f16", 5, 10, 15, true, Ieee, true, true;
    TF32 = "tf32", 8, 10, 127, true, Ieee, true, true;
    F32 = "f32", 8, 23, 127, true, Ieee, true, true;
    F64 = "f64", 11, 52, 1023, true, Ieee, true, true;
}

impl FloatKind {
    /// Storage width in bits (the format's own width; tf32 is stored in 32 bits).
    pub const fn bits(self) -> u32 {
        self.format().bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_match_the_type_names() {
        for &k in FloatKind::ALL {
            let expected = match k {
                FloatKind::F4E2M1FN => 4,
                FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
                FloatKind::BF16 | FloatKind::F16 => 16,
                FloatKind::TF32 => 19,
                FloatKind::F32 => 32,
                FloatKind::F64 => 64,
                _ => 8,
            };
            assert_eq!(k.bits(), expected, "{}", k.name());
            assert_eq!(FloatKind::from_name(k.name()), Some(k));
        }
    }
}

#[cfg(test)]
mod elementary_tests;
#[cfg(test)]
mod ziv_tests;
