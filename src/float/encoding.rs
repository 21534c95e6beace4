//! Reading a bit pattern of any [`Format`]: classification, special values,
//! and decoding a finite value into an exact `m × 2^e`.

use super::{FloatKind, Format, NanEncoding};

/// A bit pattern read through its format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// Not a number (any NaN pattern of the format).
    Nan,
    /// An infinity.
    Inf {
        /// True for −∞.
        neg: bool,
    },
    /// A zero (`neg` is true only for −0).
    Zero {
        /// True for −0.
        neg: bool,
    },
    /// A non-zero finite value, exactly `(−1)^neg × m × 2^e` with `m > 0`.
    Finite {
        /// The sign.
        neg: bool,
        /// The integer significand (the hidden bit included for normal numbers).
        m: u64,
        /// The exponent of the significand's unit bit.
        e: i32,
    },
}

impl Format {
    /// Mask of the sign bit (zero for unsigned formats).
    pub const fn sign_mask(&self) -> u64 {
        if self.signed {
            1 << (self.exp_bits + self.man_bits)
        } else {
            0
        }
    }

    /// Mask of the exponent and mantissa fields (the magnitude).
    pub const fn mag_mask(&self) -> u64 {
        (1u64 << (self.exp_bits + self.man_bits)).wrapping_sub(1)
    }

    /// Mask of every bit of the format.
    pub const fn all_mask(&self) -> u64 {
        self.sign_mask() | self.mag_mask()
    }

    /// The largest exponent field value (all ones).
    pub const fn exp_field_max(&self) -> u64 {
        (1 << self.exp_bits) - 1
    }

    /// Whether exponent field 0 holds subnormals (and zero). False only for
    /// f8E8M0FNU, where field 0 is the normal number 2^-127.
    pub const fn has_subnormals(&self) -> bool {
        self.has_zero
    }

    /// Whether the format has a NaN.
    pub const fn has_nan(&self) -> bool {
        !matches!(self.nan, NanEncoding::None)
    }

    /// Whether the format has −0.
    pub const fn has_neg_zero(&self) -> bool {
        self.signed && self.has_zero && !matches!(self.nan, NanEncoding::NegativeZero)
    }

    /// Exponent (unbiased) of the smallest normal number.
    pub const fn min_normal_exp(&self) -> i32 {
        if self.has_subnormals() {
            1 - self.bias
        } else {
            -self.bias
        }
    }

    /// Exponent (unbiased) of the largest finite number.
    pub const fn max_exp(&self) -> i32 {
        let top = self.max_finite() >> self.man_bits;
        top as i32 - self.bias
    }

    /// Exponent of the least significant mantissa bit of the smallest
    /// numbers (the quantum of subnormals, or of the lowest binade).
    pub const fn min_quantum_exp(&self) -> i32 {
        self.min_normal_exp() - self.man_bits as i32
    }

    /// Bit pattern of the largest finite positive value.
    pub const fn max_finite(&self) -> u64 {
        if self.has_inf {
            (self.exp_field_max() << self.man_bits) - 1
        } else {
            match self.nan {
                NanEncoding::AllOnes => self.mag_mask() - 1,
                _ => self.mag_mask(),
            }
        }
    }

    /// Bit pattern of the smallest positive value: the smallest subnormal,
    /// or 2^-127 (pattern 0) for f8E8M0FNU, which has no subnormals.
    pub const fn min_positive(&self) -> u64 {
        if self.has_subnormals() {
            1
        } else {
            0
        }
    }

    /// Bit pattern of the smallest positive normal value.
    pub const fn min_normal(&self) -> u64 {
        if self.has_subnormals() {
            1 << self.man_bits
        } else {
            0
        }
    }

    /// Bit pattern of +∞ or −∞, if the format has infinities.
    pub const fn inf(&self, neg: bool) -> Option<u64> {
        if self.has_inf {
            let s = if neg { self.sign_mask() } else { 0 };
            Some(s | (self.exp_field_max() << self.man_bits))
        } else {
            None
        }
    }

    /// The canonical NaN, if the format has one. IEEE formats: the positive
    /// quiet NaN with only the top mantissa bit set (`0x7FC00000` for f32).
    /// FN formats: `0x7F` (all ones but the sign). FNUZ: `0x80`.
    /// f8E8M0FNU: `0xFF`.
    pub const fn canonical_nan(&self) -> Option<u64> {
        match self.nan {
            NanEncoding::Ieee => {
                let quiet = if self.man_bits > 0 {
                    1 << (self.man_bits - 1)
                } else {
                    0
                };
                Some((self.exp_field_max() << self.man_bits) | quiet)
            }
            NanEncoding::AllOnes => Some(self.mag_mask()),
            NanEncoding::NegativeZero => Some(self.sign_mask()),
            NanEncoding::None => None,
        }
    }

    /// The canonical NaN with the given sign where NaNs carry a sign (IEEE
    /// and FN formats); the unique NaN otherwise. None if the format has no NaN.
    pub const fn nan_with_sign(&self, neg: bool) -> Option<u64> {
        match self.canonical_nan() {
            Some(n) => match self.nan {
                NanEncoding::Ieee | NanEncoding::AllOnes if neg => Some(n | self.sign_mask()),
                _ => Some(n),
            },
            None => None,
        }
    }

    /// Whether `bits` is a NaN.
    pub const fn is_nan(&self, bits: u64) -> bool {
        let mag = bits & self.mag_mask();
        match self.nan {
            NanEncoding::Ieee => {
                (mag >> self.man_bits) == self.exp_field_max()
                    && (mag & ((1 << self.man_bits) - 1)) != 0
            }
            NanEncoding::AllOnes => mag == self.mag_mask(),
            NanEncoding::NegativeZero => (bits & self.all_mask()) == self.sign_mask(),
            NanEncoding::None => false,
        }
    }

    /// Whether `bits` is an infinity.
    pub const fn is_inf(&self, bits: u64) -> bool {
        self.has_inf && (bits & self.mag_mask()) == self.exp_field_max() << self.man_bits
    }

    /// Whether `bits` is finite (neither NaN nor infinite).
    pub const fn is_finite(&self, bits: u64) -> bool {
        !self.is_nan(bits) && !self.is_inf(bits)
    }

    /// Whether `bits` is +0 or −0.
    pub const fn is_zero(&self, bits: u64) -> bool {
        self.has_zero && (bits & self.mag_mask()) == 0 && !self.is_nan(bits)
    }

    /// Whether the sign bit is set. Note that the one NaN of the FNUZ
    /// formats is the negative-zero pattern, so this is true of it.
    pub const fn is_negative(&self, bits: u64) -> bool {
        bits & self.sign_mask() != 0
    }

    /// Reads a bit pattern (bits above the format's width are ignored).
    pub const fn decode(&self, bits: u64) -> Decoded {
        let bits = bits & self.all_mask();
        if self.is_nan(bits) {
            return Decoded::Nan;
        }
        let neg = self.is_negative(bits);
        if self.is_inf(bits) {
            return Decoded::Inf { neg };
        }
        let mag = bits & self.mag_mask();
        let field = mag >> self.man_bits;
        let frac = mag & ((1 << self.man_bits) - 1);
        if self.has_subnormals() {
            if mag == 0 {
                return Decoded::Zero { neg };
            }
            if field == 0 {
                return Decoded::Finite {
                    neg,
                    m: frac,
                    e: self.min_quantum_exp(),
                };
            }
        }
        Decoded::Finite {
            neg,
            m: frac | (1 << self.man_bits),
            e: field as i32 - self.bias - self.man_bits as i32,
        }
    }
}

/// Whether `bits` is a NaN of `kind`.
pub fn is_nan(kind: FloatKind, bits: u64) -> bool {
    kind.format().is_nan(bits)
}

/// Whether `bits` is an infinity of `kind`.
pub fn is_inf(kind: FloatKind, bits: u64) -> bool {
    kind.format().is_inf(bits)
}

/// Whether `bits` is a finite value of `kind`.
pub fn is_finite(kind: FloatKind, bits: u64) -> bool {
    kind.format().is_finite(bits)
}

/// Whether `bits` is a zero of `kind`.
pub fn is_zero(kind: FloatKind, bits: u64) -> bool {
    kind.format().is_zero(bits)
}

/// Whether the sign bit of `bits` is set (see [`Format::is_negative`]).
pub fn is_negative(kind: FloatKind, bits: u64) -> bool {
    kind.format().is_negative(bits)
}

/// The canonical NaN of `kind` (see [`Format::canonical_nan`]).
pub fn canonical_nan(kind: FloatKind) -> Option<u64> {
    kind.format().canonical_nan()
}

/// The largest finite positive value of `kind`.
pub fn max_finite(kind: FloatKind) -> u64 {
    kind.format().max_finite()
}

/// The smallest positive value of `kind` (see [`Format::min_positive`]).
pub fn min_positive(kind: FloatKind) -> u64 {
    kind.format().min_positive()
}

/// The smallest positive subnormal of `kind` (pattern 1); for f8E8M0FNU,
/// which has no subnormals, its smallest value 2^-127 (pattern 0).
pub fn min_positive_subnormal(kind: FloatKind) -> u64 {
    kind.format().min_positive()
}
