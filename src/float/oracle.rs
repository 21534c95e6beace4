//! Test oracle for the soft-float core, written apart from it: values are
//! exact dyadic rationals `±n × 2^k` (plus an infinitesimal where a sum's
//! smaller term is far below every rounding boundary), special values are
//! read straight from the format table, and rounding is a search through
//! the sorted list of a format's finite values with exact comparisons
//! against the two neighbours and their midpoint. It covers formats of up
//! to 16 bits (the list of values is built in memory).

use crate::float::{FloatKind, NanEncoding, Rounding};
use std::cmp::Ordering;

/// `(−1)^neg × n × 2^k`; `n == 0` is a zero of that sign.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dy {
    pub neg: bool,
    pub n: u128,
    pub k: i64,
}

impl Dy {
    pub const ZERO: Dy = Dy {
        neg: false,
        n: 0,
        k: 0,
    };

    pub fn new(neg: bool, n: u128, k: i64) -> Dy {
        Dy { neg, n, k }
    }

    pub fn is_zero(self) -> bool {
        self.n == 0
    }

    pub fn negated(self) -> Dy {
        Dy {
            neg: !self.neg,
            ..self
        }
    }

    /// Position of the leading bit's weight (n > 0).
    fn lead(self) -> i64 {
        127 - self.n.leading_zeros() as i64 + self.k
    }

    /// Compares magnitudes exactly.
    pub fn cmp_mag(self, other: Dy) -> Ordering {
        match (self.n == 0, other.n == 0) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        match self.lead().cmp(&other.lead()) {
            Ordering::Equal => {}
            o => return o,
        }
        // Same leading position: aligning to the smaller exponent keeps
        // both below 2^128.
        let k = self.k.min(other.k);
        (self.n << (self.k - k)).cmp(&(other.n << (other.k - k)))
    }

    /// Compares values exactly (−0 = +0).
    pub fn cmp_val(self, other: Dy) -> Ordering {
        let sa = if self.n == 0 {
            0
        } else if self.neg {
            -1
        } else {
            1
        };
        let sb = if other.n == 0 {
            0
        } else if other.neg {
            -1
        } else {
            1
        };
        if sa != sb {
            return sa.cmp(&sb);
        }
        match sa {
            0 => Ordering::Equal,
            1 => self.cmp_mag(other),
            _ => other.cmp_mag(self),
        }
    }

    pub fn mul(self, other: Dy) -> Dy {
        let n = self
            .n
            .checked_mul(other.n)
            .expect("oracle product too wide");
        Dy::new(self.neg != other.neg, n, self.k + other.k)
    }

    /// Exact sum, or (when the terms are too far apart for 127 bits) the
    /// larger term with the smaller one's sign as an infinitesimal.
    pub fn add(self, other: Dy) -> Exact {
        if other.n == 0 {
            return Exact { v: self, eps: 0 };
        }
        if self.n == 0 {
            return Exact { v: other, eps: 0 };
        }
        let (big, small) = if self.cmp_mag(other) == Ordering::Less {
            (other, self)
        } else {
            (self, other)
        };
        let k = big.k.min(small.k);
        let need = big.lead() - k + 2;
        if need > 126 {
            let eps = if small.neg { -1 } else { 1 };
            return Exact { v: big, eps };
        }
        let bn = big.n << (big.k - k);
        let sn = small.n << (small.k - k);
        let v = if big.neg == small.neg {
            Dy::new(big.neg, bn + sn, k)
        } else if bn >= sn {
            Dy::new(big.neg, bn - sn, k)
        } else {
            Dy::new(small.neg, sn - bn, k)
        };
        Exact { v, eps: 0 }
    }

    /// `(self + other) / 2` for two values whose sum is exact.
    fn midpoint(self, other: Dy) -> Dy {
        let s = self.add(other);
        assert_eq!(s.eps, 0);
        Dy::new(s.v.neg, s.v.n, s.v.k - 1)
    }
}

/// `v + eps·ε` with ε a positive infinitesimal.
#[derive(Clone, Copy, Debug)]
pub struct Exact {
    pub v: Dy,
    pub eps: i8,
}

impl Exact {
    pub fn cmp_dy(self, d: Dy) -> Ordering {
        match self.v.cmp_val(d) {
            Ordering::Equal => self.eps.cmp(&0),
            o => o,
        }
    }
}

/// A decoded pattern.
#[derive(Clone, Copy, Debug)]
pub enum Val {
    Nan,
    Inf(bool),
    /// Finite (zeros included).
    Fin(Dy),
}

/// A format's facts, read from the table, and its finite values.
pub struct Oracle {
    pub kind: FloatKind,
    e: u32,
    m: u32,
    bias: i64,
    has_inf: bool,
    nan: NanEncoding,
    signed: bool,
    has_zero: bool,
    /// Value of every magnitude pattern 0..=max_mag, plus one past it.
    vals: Vec<Dy>,
    pub max_mag: u64,
}

impl Oracle {
    pub fn new(kind: FloatKind) -> Oracle {
        let f = kind.format();
        let mut o = Oracle {
            kind,
            e: f.exp_bits,
            m: f.man_bits,
            bias: f.bias as i64,
            has_inf: f.has_inf,
            nan: f.nan,
            signed: f.signed,
            has_zero: f.has_zero,
            vals: Vec::new(),
            max_mag: 0,
        };
        let all = (1u64 << (o.e + o.m)) - 1;
        let mut max = all;
        while !o.mag_is_finite(max) {
            max -= 1;
        }
        o.max_mag = max;
        o.vals = (0..=max + 1).map(|mag| o.layout(mag)).collect();
        o
    }

    pub fn width(&self) -> u32 {
        self.signed as u32 + self.e + self.m
    }

    fn sign_bit(&self) -> u64 {
        if self.signed {
            1 << (self.e + self.m)
        } else {
            0
        }
    }

    /// The plain binary layout value of a magnitude pattern.
    fn layout(&self, mag: u64) -> Dy {
        let field = (mag >> self.m) as i64;
        let frac = (mag & ((1 << self.m) - 1)) as u128;
        if field == 0 && self.has_zero {
            Dy::new(false, frac, 1 - self.bias - self.m as i64)
        } else {
            Dy::new(
                false,
                (1u128 << self.m) + frac,
                field - self.bias - self.m as i64,
            )
        }
    }

    fn mag_is_finite(&self, mag: u64) -> bool {
        let all = (1u64 << (self.e + self.m)) - 1;
        if self.has_inf {
            mag >> self.m != (1 << self.e) - 1
        } else {
            !(self.nan == NanEncoding::AllOnes && mag == all)
        }
    }

    pub fn is_nan(&self, bits: u64) -> bool {
        let all = (1u64 << (self.e + self.m)) - 1;
        let mag = bits & all;
        match self.nan {
            NanEncoding::Ieee => {
                mag >> self.m == (1 << self.e) - 1 && mag & ((1 << self.m) - 1) != 0
            }
            NanEncoding::AllOnes => mag == all,
            NanEncoding::NegativeZero => bits == 1 << (self.e + self.m),
            NanEncoding::None => false,
        }
    }

    pub fn decode(&self, bits: u64) -> Val {
        if self.is_nan(bits) {
            return Val::Nan;
        }
        let neg = bits & self.sign_bit() != 0;
        let mag = bits & ((1u64 << (self.e + self.m)) - 1);
        if self.has_inf && mag >> self.m == (1 << self.e) - 1 {
            return Val::Inf(neg);
        }
        let v = self.layout(mag);
        Val::Fin(Dy { neg, ..v })
    }

    /// The canonical NaN (+0 where there is none).
    pub fn default_nan(&self) -> u64 {
        let all = (1u64 << (self.e + self.m)) - 1;
        match self.nan {
            NanEncoding::Ieee => ((1 << self.e) - 1) << self.m | 1 << (self.m - 1),
            NanEncoding::AllOnes => all,
            NanEncoding::NegativeZero => 1 << (self.e + self.m),
            NanEncoding::None => 0,
        }
    }

    /// A NaN operand as an operation returns it.
    pub fn quieted(&self, bits: u64) -> u64 {
        if self.nan == NanEncoding::Ieee {
            bits | 1 << (self.m - 1)
        } else {
            bits
        }
    }

    /// The first NaN of the operands, quieted.
    pub fn first_nan(&self, ops: &[u64]) -> Option<u64> {
        ops.iter()
            .find(|&&b| self.is_nan(b))
            .map(|&b| self.quieted(b))
    }

    /// What a result of ±∞ is stored as.
    pub fn inf(&self, neg: bool) -> u64 {
        let all = (1u64 << (self.e + self.m)) - 1;
        if !self.signed && neg {
            return self.default_nan();
        }
        let sign = if neg { self.sign_bit() } else { 0 };
        if self.has_inf {
            sign | ((1 << self.e) - 1) << self.m
        } else {
            match self.nan {
                NanEncoding::AllOnes => sign | all,
                NanEncoding::NegativeZero => 1 << (self.e + self.m),
                _ => sign | self.max_mag,
            }
        }
    }

    /// What a zero result of the given sign is stored as.
    pub fn zero(&self, neg: bool) -> u64 {
        if !self.has_zero {
            self.default_nan()
        } else if neg && self.signed && self.nan != NanEncoding::NegativeZero {
            self.sign_bit()
        } else {
            0
        }
    }

    fn with_sign(&self, neg: bool, mag: u64) -> u64 {
        if !neg {
            mag
        } else if !self.signed {
            self.default_nan()
        } else {
            mag | self.sign_bit()
        }
    }

    /// Rounds the exact quantity described by `cmp` (`cmp(d)` is the sign
    /// of `x − d`) into the format. `x` must not be exactly zero.
    pub fn round(&self, cmp: &dyn Fn(Dy) -> Ordering, mode: Rounding) -> u64 {
        let sign = cmp(Dy::ZERO);
        assert_ne!(sign, Ordering::Equal, "exact zero goes to the caller");
        let neg = sign == Ordering::Less;
        // Sign of |x| − d for d ≥ 0.
        let cmp_abs = |d: Dy| {
            if neg {
                cmp(d.negated()).reverse()
            } else {
                cmp(d)
            }
        };
        if cmp_abs(self.vals[0]) == Ordering::Less {
            // Below 2^-127 in f8E8M0FNU: the smallest value.
            return self.with_sign(neg, 0);
        }
        let (mut lo, mut hi) = (0u64, self.max_mag + 1);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if cmp_abs(self.vals[mid as usize]) != Ordering::Less {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if cmp_abs(self.vals[lo as usize]) == Ordering::Equal {
            return self.finish(neg, lo);
        }
        let hi = lo + 1;
        let mid = self.vals[lo as usize].midpoint(self.vals[hi as usize]);
        let c = cmp_abs(mid);
        let up = match mode {
            Rounding::NearestEven => match c {
                Ordering::Less => false,
                Ordering::Greater => true,
                Ordering::Equal => self.m == 0 || hi % 2 == 0,
            },
            Rounding::NearestAway => c != Ordering::Less,
            Rounding::TowardZero => false,
            Rounding::TowardPositive => !neg,
            Rounding::TowardNegative => neg,
        };
        self.finish(neg, if up { hi } else { lo })
    }

    fn finish(&self, neg: bool, mag: u64) -> u64 {
        if mag > self.max_mag {
            return self.inf(neg);
        }
        if mag == 0 && self.has_zero {
            return self.zero(neg);
        }
        self.with_sign(neg, mag)
    }

    /// Rounds an exact value (zero handled by `zero_neg`).
    pub fn round_exact(&self, x: Exact, zero_neg: bool, mode: Rounding) -> u64 {
        if x.v.is_zero() && x.eps == 0 {
            return self.zero(zero_neg);
        }
        self.round(&|d| x.cmp_dy(d), mode)
    }
}

/// A small deterministic generator (xorshift64*).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
