//! A minimal unsigned big integer: just what exact decimal ⇄ binary
//! comparisons need (multiplication by small numbers and powers, shifts,
//! comparison, division by a small number).

use std::cmp::Ordering;

/// An unsigned integer of any size, little-endian base-2^32 limbs, no
/// trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BigUint {
    limbs: Vec<u32>,
}

impl BigUint {
    pub(crate) fn from_u128(mut x: u128) -> BigUint {
        let mut limbs = Vec::new();
        while x != 0 {
            limbs.push(x as u32);
            x >>= 32;
        }
        BigUint { limbs }
    }

    /// Parses a string of ASCII decimal digits (no sign, no separators).
    pub(crate) fn from_decimal_digits(digits: &[u8]) -> BigUint {
        let mut n = BigUint::from_u128(0);
        for chunk in digits.chunks(9) {
            let mut v = 0u32;
            for &d in chunk {
                v = v * 10 + (d - b'0') as u32;
            }
            n.mul_add_small(10u32.pow(chunk.len() as u32), v);
        }
        n
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// `self = self * k + add`.
    pub(crate) fn mul_add_small(&mut self, k: u32, add: u32) {
        let mut carry = add as u64;
        for limb in &mut self.limbs {
            let t = *limb as u64 * k as u64 + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
        self.trim();
    }

    /// `self *= 10^n`.
    pub(crate) fn mul_pow10(&mut self, mut n: u64) {
        while n >= 9 {
            self.mul_add_small(1_000_000_000, 0);
            n -= 9;
        }
        if n > 0 {
            self.mul_add_small(10u32.pow(n as u32), 0);
        }
    }

    /// `self *= 5^n`.
    pub(crate) fn mul_pow5(&mut self, mut n: u64) {
        while n >= 13 {
            self.mul_add_small(1_220_703_125, 0); // 5^13
            n -= 13;
        }
        if n > 0 {
            self.mul_add_small(5u32.pow(n as u32), 0);
        }
    }

    /// `self <<= n`.
    pub(crate) fn shl(&mut self, n: u64) {
        if self.is_zero() {
            return;
        }
        let words = (n / 32) as usize;
        let bits = (n % 32) as u32;
        if bits != 0 {
            let mut carry = 0u32;
            for limb in &mut self.limbs {
                let t = ((*limb as u64) << bits) | carry as u64;
                *limb = t as u32;
                carry = (t >> 32) as u32;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            let mut v = vec![0u32; words];
            v.extend_from_slice(&self.limbs);
            self.limbs = v;
        }
    }

    /// Divides in place by `d > 0`, returning the remainder.
    pub(crate) fn div_rem_small(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.limbs.iter_mut().rev() {
            let t = (rem << 32) | *limb as u64;
            *limb = (t / d as u64) as u32;
            rem = t % d as u64;
        }
        self.trim();
        rem as u32
    }

    /// The decimal digits (`"0"` for zero).
    pub(crate) fn to_decimal_string(&self) -> String {
        if self.is_zero() {
            return "0".to_string();
        }
        let mut n = self.clone();
        let mut chunks = Vec::new();
        while !n.is_zero() {
            chunks.push(n.div_rem_small(1_000_000_000));
        }
        let mut s = chunks.pop().map(|c| c.to_string()).unwrap_or_default();
        for c in chunks.iter().rev() {
            s.push_str(&format!("{c:09}"));
        }
        s
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trip_and_arithmetic() {
        let mut n = BigUint::from_decimal_digits(b"123456789012345678901234567890");
        assert_eq!(n.to_decimal_string(), "123456789012345678901234567890");
        n.mul_pow10(20);
        assert_eq!(
            n.to_decimal_string(),
            "12345678901234567890123456789000000000000000000000"
        );
        let mut p = BigUint::from_u128(1);
        p.shl(100);
        assert_eq!(p.to_decimal_string(), "1267650600228229401496703205376");
        let mut f = BigUint::from_u128(1);
        f.mul_pow5(30);
        assert_eq!(f, BigUint::from_u128(931322574615478515625));
        assert!(p > f);
        assert_eq!(BigUint::from_u128(0).to_decimal_string(), "0");
        assert_eq!(
            BigUint::from_decimal_digits(b"000").to_decimal_string(),
            "0"
        );
    }
}
