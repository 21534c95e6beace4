//! Decimal text ⇄ bit patterns, and exact conversion to and from `f64`.
//!
//! * [`parse_decimal`] reads an MLIR float literal and rounds it correctly
//!   (to nearest, ties to even) into any format, narrow ones included: the
//!   text is first rounded to `f64` by Rust's correctly rounded parser, and
//!   when that `f64` lands exactly on a rounding boundary of the narrow
//!   format, the text is compared exactly (big integers) with the boundary,
//!   so there is no double rounding.
//! * [`format_decimal`] prints the shortest decimal that reads back to the
//!   same bits, in the style `d.ddde±XX` (`1.0e+00`, `2.5e-08`,
//!   `-6.5504e+04`), always with at least one fractional digit and two
//!   exponent digits; zeros print as `0.0` and `-0.0`.
//! * [`to_f64`] is exact for every format; [`from_f64`] rounds to nearest
//!   even.
//!
//! Out-of-range and special values follow [`round_value`]: overflow gives
//! ∞, else NaN, else saturates; NaN becomes the canonical NaN (with its
//! sign where NaNs are signed), or +0 in the f6/f4 formats, which have no
//! NaN; f8E8M0FNU gives NaN for zero and negatives and 2^-127 for tiny
//! positives (ml_dtypes' conventions).

use super::bigint::BigUint;
use super::encoding::Decoded;
use super::round::{round_value, Rounded, Rounding};
use super::{FloatKind, Format};

/// Significant digits kept from a literal; the rest only decide a sticky
/// digit. Every binary midpoint that matters has fewer significant digits.
const MAX_DIGITS: usize = 800;

/// The exact value of `bits` as an `f64` (every format's values are `f64`
/// values). NaN gives an `f64` NaN, negative where the format's NaN is.
pub fn to_f64(kind: FloatKind, bits: u64) -> f64 {
    if kind == FloatKind::F64 {
        return f64::from_bits(bits);
    }
    let f = kind.format();
    match f.decode(bits) {
        Decoded::Nan => {
            if f.is_negative(bits) && f.nan != super::NanEncoding::NegativeZero {
                -f64::NAN
            } else {
                f64::NAN
            }
        }
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
            // m < 2^53 and -1022 <= e <= 1023 for every format but f64.
            let pow = f64::from_bits(((e + 1023) as u64) << 52);
            let v = m as f64 * pow;
            if neg {
                -v
            } else {
                v
            }
        }
    }
}

/// Rounds `x` into `kind` (to nearest, ties to even). NaN gives the
/// format's canonical NaN, keeping the sign where NaNs are signed (+0 in
/// the f6/f4 formats, which have no NaN); out-of-range values follow
/// [`round_value`].
pub fn from_f64(kind: FloatKind, x: f64) -> u64 {
    from_f64_rounded(kind.format(), x, Rounding::NearestEven).bits
}

/// Rounds `x` into `f` with the given rounding.
#[inline]
pub(crate) fn from_f64_rounded(f: &Format, x: f64, mode: Rounding) -> Rounded {
    if mode == Rounding::NearestEven {
        if let Some(r) = fast_nearest(f, x) {
            return r;
        }
    }
    let f64f = FloatKind::F64.format();
    let bits = x.to_bits();
    let exact = |bits| Rounded {
        bits,
        tie: false,
        exact: true,
    };
    let inexact = |bits| Rounded {
        bits,
        tie: false,
        exact: false,
    };
    match f64f.decode(bits) {
        Decoded::Nan => inexact(f.nan_with_sign(x.is_sign_negative()).unwrap_or(0)),
        Decoded::Inf { neg } => match f.inf(neg) {
            Some(inf) => exact(inf),
            None if !f.signed && neg => inexact(f.canonical_nan().unwrap_or(0)),
            None => {
                let sign = if neg { f.sign_mask() } else { 0 };
                inexact(f.nan_with_sign(neg).unwrap_or(sign | f.max_finite()))
            }
        },
        Decoded::Zero { neg } => round_value(f, neg, 0, 0, false, mode),
        Decoded::Finite { neg, m, e } => round_value(f, neg, m as u128, e as i64, false, mode),
    }
}

/// The exact `f64` value of a non-NaN pattern of f32, bf16 or f64, by bit
/// moves alone (`None` for other formats and for NaN).
#[inline]
pub(crate) fn fast_to_f64(f: &Format, bits: u64) -> Option<f64> {
    let x = match (f.exp_bits, f.man_bits) {
        (8, 23) => f32::from_bits(bits as u32) as f64,
        (8, 7) => f32::from_bits((bits as u32 & 0xFFFF) << 16) as f64,
        (11, 52) => f64::from_bits(bits),
        _ => return None,
    };
    (!x.is_nan()).then_some(x)
}

/// Round-to-nearest-even of a finite, non-zero, normal `f64` whose result is
/// a normal finite number of a signed format `f` with fewer mantissa bits
/// (see [`Nearest`]); `None` in every other case, for the general path.
#[inline(always)]
pub(crate) fn fast_nearest(f: &Format, x: f64) -> Option<Rounded> {
    match Nearest::new(f).classify(x) {
        Fast::Value(r) => Some(r),
        Fast::Overflow(_) | Fast::General => None,
    }
}

/// The constants of round-to-nearest-even from `f64` into one signed format
/// with fewer mantissa bits, computed once for loops over many elements.
/// Rounding is plain integer arithmetic on the bit pattern (add half an ulp
/// less one, plus the kept parity; a carry moves into the exponent field, as
/// it should). It covers normal results and overflow; zeros, subnormal
/// results, NaN and infinities are left to the general path. The exhaustive
/// sweeps of `convert_tests` check it against the oracle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Nearest {
    usable: bool,
    man_bits: u32,
    min_e: i32,
    max_e: i32,
    bias: i32,
    max_finite: u64,
    sign_mask: u64,
    /// The result of overflow, positive and negative (as `round_value`
    /// gives it: infinity, else NaN, else the largest finite value).
    overflow: [u64; 2],
}

enum Fast {
    Value(Rounded),
    Overflow(bool),
    General,
}

impl Nearest {
    pub(crate) fn new(f: &Format) -> Nearest {
        let over = |neg: bool| {
            let sign = if neg { f.sign_mask() } else { 0 };
            f.inf(neg)
                .or_else(|| f.nan_with_sign(neg))
                .unwrap_or(sign | f.max_finite())
        };
        Nearest {
            usable: f.signed && f.man_bits < 52,
            man_bits: f.man_bits,
            min_e: f.min_normal_exp(),
            max_e: f.max_exp(),
            bias: f.bias,
            max_finite: f.max_finite(),
            sign_mask: f.sign_mask(),
            overflow: [over(false), over(true)],
        }
    }

    /// The rounded pattern of `x`, or `None` where the general path must
    /// decide (zero, subnormal results, NaN, infinity).
    #[inline(always)]
    pub(crate) fn bits(&self, x: f64) -> Option<u64> {
        match self.classify(x) {
            Fast::Value(r) => Some(r.bits),
            Fast::Overflow(neg) => Some(self.overflow[neg as usize]),
            Fast::General => None,
        }
    }

    #[inline(always)]
    fn classify(&self, x: f64) -> Fast {
        if !self.usable {
            return Fast::General;
        }
        let bits = x.to_bits();
        let neg = bits >> 63 != 0;
        let mag = bits & !(1u64 << 63);
        let e64 = (mag >> 52) as i32;
        if e64 == 0 || e64 == 0x7FF {
            return Fast::General;
        }
        let e = e64 - 1023;
        if e < self.min_e {
            return Fast::General;
        }
        if e > self.max_e {
            return Fast::Overflow(neg);
        }
        let shift = 52 - self.man_bits;
        let half = 1u64 << (shift - 1);
        let rest = mag & ((1u64 << shift) - 1);
        let r = (mag + half - 1 + ((mag >> shift) & 1)) >> shift;
        let e_r = (r >> self.man_bits) as i32 - 1023;
        if e_r > self.max_e {
            return Fast::Overflow(neg);
        }
        let pattern =
            (((e_r + self.bias) as u64) << self.man_bits) | (r & ((1u64 << self.man_bits) - 1));
        if pattern > self.max_finite {
            return Fast::Overflow(neg);
        }
        let sign = if neg { self.sign_mask } else { 0 };
        Fast::Value(Rounded {
            bits: sign | pattern,
            tie: rest == half,
            exact: rest == 0,
        })
    }
}

/// A literal split into sign, significant digits and decimal exponent:
/// the value is `digits × 10^exp10` (no leading or trailing zero digits;
/// empty digits mean zero).
struct DecimalText {
    neg: bool,
    digits: Vec<u8>,
    exp10: i64,
}

fn lex(text: &str) -> Option<DecimalText> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut neg = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        neg = b[i] == b'-';
        i += 1;
    }
    let mut digits: Vec<u8> = Vec::new();
    let mut any_digit = false;
    let mut dropped_nonzero = false;
    // Digits of the mantissa dropped past MAX_DIGITS (they scale the value).
    let mut dropped: i64 = 0;
    // Fraction digits seen (they divide the value).
    let mut frac_len: i64 = 0;
    let mut in_frac = false;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            any_digit = true;
            if in_frac {
                frac_len += 1;
            }
            if digits.is_empty() && c == b'0' {
                // leading zero: not significant
            } else if digits.len() < MAX_DIGITS {
                digits.push(c);
            } else {
                dropped += 1;
                dropped_nonzero |= c != b'0';
            }
        } else if c == b'.' && !in_frac {
            in_frac = true;
        } else {
            break;
        }
        i += 1;
    }
    if !any_digit {
        return None;
    }
    let mut exp: i64 = 0;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        let mut eneg = false;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            eneg = b[i] == b'-';
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            // Saturate far beyond any format's range; the value is then ±∞ or ±0.
            exp = (exp * 10 + (b[i] - b'0') as i64).min(1 << 40);
            i += 1;
        }
        if i == start {
            return None;
        }
        if eneg {
            exp = -exp;
        }
    }
    if i != b.len() {
        return None;
    }
    let mut exp10 = exp - frac_len + dropped;
    if dropped_nonzero {
        // A sticky digit: strictly between the kept digits and the next
        // value of that length, like the true value.
        digits.push(b'1');
        exp10 -= 1;
    }
    while digits.last() == Some(&b'0') {
        digits.pop();
        exp10 += 1;
    }
    Some(DecimalText { neg, digits, exp10 })
}

/// Compares `digits × 10^exp10` with `m × 2^e` exactly.
fn compare_exact(digits: &[u8], exp10: i64, m: u64, e: i64) -> std::cmp::Ordering {
    let mut l = BigUint::from_decimal_digits(digits);
    let mut r = BigUint::from_u128(m as u128);
    if exp10 >= 0 {
        l.mul_pow10(exp10 as u64);
    } else {
        r.mul_pow10(exp10.unsigned_abs());
    }
    if e >= 0 {
        r.shl(e as u64);
    } else {
        l.shl(e.unsigned_abs());
    }
    l.cmp(&r)
}

/// Reads an MLIR float literal (`[+-]? digits [. digits*]? ([eE] [+-]? digits)?`,
/// also `.5`; no `inf`/`nan`, no spaces) and returns the bit pattern of its
/// value rounded to nearest, ties to even, in `kind`.
///
/// Out-of-range values: ±∞ in formats that have it; otherwise NaN where the
/// format has one (FN, FNUZ, f8E8M0FNU), else ±max finite (f6, f4).
/// `-0.0` gives −0, or +0 in the FNUZ formats. f8E8M0FNU (unsigned, no
/// zero): zero and negative values give NaN, and positive values below
/// 2^-127 give 2^-127, as ml_dtypes does; ties there go to the larger
/// power of two. Returns `None` only for text that is not such a literal.
pub fn parse_decimal(kind: FloatKind, text: &str) -> Option<u64> {
    let d = lex(text)?;
    let f = kind.format();
    if d.digits.is_empty() {
        let zero = if d.neg { -0.0 } else { 0.0 };
        return Some(from_f64(kind, zero));
    }
    let nd = d.digits.len() as i64;
    let sci = d.exp10.saturating_add(nd - 1);
    // A non-zero value too small for f64: below every format's smallest
    // value by far, so it rounds like any tiny positive quantity.
    let tiny = || round_value(f, d.neg, 0, -100_000, true, Rounding::NearestEven).bits;
    if sci < -400 {
        return Some(tiny());
    }
    let x = if sci > 400 {
        f64::INFINITY
    } else {
        let s = format!("{}e{}", std::str::from_utf8(&d.digits).ok()?, d.exp10);
        s.parse::<f64>().ok()?
    };
    if x == 0.0 {
        return Some(tiny());
    }
    let signed_x = if d.neg { -x } else { x };
    if kind == FloatKind::F64 {
        return Some(signed_x.to_bits());
    }
    let r = from_f64_rounded(f, signed_x, Rounding::NearestEven);
    if !r.tie {
        return Some(r.bits);
    }
    // `x` is exactly halfway between two neighbours: decide by the text.
    let (m, e) = match FloatKind::F64.format().decode(x.to_bits()) {
        Decoded::Finite { m, e, .. } => (m, e as i64),
        _ => return Some(r.bits),
    };
    let bits = match compare_exact(&d.digits, d.exp10, m, e) {
        std::cmp::Ordering::Equal => r.bits,
        std::cmp::Ordering::Greater => {
            round_value(f, d.neg, m as u128, e, true, Rounding::NearestEven).bits
        }
        std::cmp::Ordering::Less => {
            let below = 2 * m as u128 - 1;
            round_value(f, d.neg, below, e - 1, true, Rounding::NearestEven).bits
        }
    };
    Some(bits)
}

/// The shortest decimal that [`parse_decimal`] reads back to exactly `bits`
/// in `kind`, as `d.ddde±XX` (`1.0e+00`, `-2.5e-08`), or `0.0` / `-0.0`.
/// When two decimals of that length both read back, the one nearer the
/// value is taken (on a tie, the one whose last digit is even). `None` for
/// NaN and infinities.
///
/// f32 and f64 take Rust's shortest digits (`{:e}`: the shortest decimal in
/// the value's rounding interval, the nearer of two), settling its ties by
/// the rule above ([`hardware_shortest`]); `tests` hold it to the definition
/// on every positive f32 (an ignored sweep) and to [`exact_shortest`] on
/// f32 and f64 samples and ties. The other formats run the definition itself.
pub fn format_decimal(kind: FloatKind, bits: u64) -> Option<String> {
    let f = kind.format();
    let (neg, m, e) = match f.decode(bits) {
        Decoded::Nan | Decoded::Inf { .. } => return None,
        Decoded::Zero { neg } => return Some(if neg { "-0.0" } else { "0.0" }.to_string()),
        Decoded::Finite { neg, m, e } => (neg, m, e as i64),
    };
    let magnitude = bits & f.all_mask() & !f.sign_mask();
    let (digits, sci) = match kind {
        FloatKind::F32 | FloatKind::F64 => hardware_shortest(kind, magnitude, m, e)?,
        _ => exact_shortest(kind, magnitude, m, e),
    };
    Some(render(neg, &digits, sci))
}

/// The shortest digits (no trailing zeros) and decimal exponent of the
/// positive f32 or f64 `bits` = `m × 2^e`, by Rust's `{:e}`. Rust takes the
/// larger of two equally near decimals of the shortest length; here the one
/// whose last digit is even is taken, when it reads back too.
///
/// A tie needs the value's exact expansion to end one digit after the
/// printed one, with a 5. With `m` odd, `m × 2^e` ends at 10^e for e < 0
/// (`m × 5^−e × 10^e`, an odd multiple of 5), and for e ≥ 0 it is an
/// integer that ends in 5 followed by zeros only if it is a multiple of
/// 2^e exactly, so again at 10^e: a tie needs `e` (of the odd `m`) to be
/// the last printed digit's exponent less one. Only then is the value
/// compared exactly with the two midpoints.
fn hardware_shortest(kind: FloatKind, bits: u64, m: u64, e: i64) -> Option<(Vec<u8>, i64)> {
    let s = match kind {
        FloatKind::F32 => format!("{:e}", f32::from_bits(bits as u32)),
        _ => format!("{:e}", f64::from_bits(bits)),
    };
    let (mant, exp) = s.split_once('e')?;
    let digits: Vec<u8> = mant.bytes().filter(|c| *c != b'.').collect();
    let sci: i64 = exp.parse().ok()?;
    let last = *digits.last()?;
    let k = sci - (digits.len() as i64 - 1);
    let odd_e = e + i64::from(m.trailing_zeros());
    if (last - b'0').is_multiple_of(2) || m == 0 || odd_e != k - 1 || digits.len() > 18 {
        return Some((digits, sci));
    }
    let d: u128 = std::str::from_utf8(&digits).ok()?.parse().ok()?;
    let midpoint = |n: u128| (5 * n).to_string().into_bytes();
    let other = if compare_exact(&midpoint(2 * d - 1), k - 1, m, e).is_eq() {
        // Halfway down: the neighbour below ends in an even digit (the
        // last digit is odd, so nothing borrows).
        let mut lower = digits.clone();
        *lower.last_mut()? -= 1;
        while lower.len() > 1 && lower.last() == Some(&b'0') {
            lower.pop();
        }
        (lower, sci)
    } else if compare_exact(&midpoint(2 * d + 1), k - 1, m, e).is_eq() {
        increment(&digits, sci)
    } else {
        return Some((digits, sci));
    };
    let reads_back = parse_decimal(kind, &render(false, &other.0, other.1)) == Some(bits);
    Some(if reads_back { other } else { (digits, sci) })
}

/// The shortest digits and decimal exponent of the positive `bits` =
/// `m × 2^e` of `kind` by the definition: for each length from one digit
/// up, the value's exact digits cut to that length and that plus one unit
/// in the last place are the only decimals of the length that can read
/// back; the first length where one does gives the result (both: the
/// nearer, on a tie the even).
fn exact_shortest(kind: FloatKind, bits: u64, m: u64, e: i64) -> (Vec<u8>, i64) {
    // Exact decimal expansion: value = n × 10^exp10.
    let (n, mut exp10) = if e >= 0 {
        let mut n = BigUint::from_u128(m as u128);
        n.shl(e as u64);
        (n, 0i64)
    } else {
        let mut n = BigUint::from_u128(m as u128);
        n.mul_pow5(e.unsigned_abs());
        (n, e)
    };
    let mut digits = n.to_decimal_string().into_bytes();
    while digits.len() > 1 && digits.last() == Some(&b'0') {
        digits.pop();
        exp10 += 1;
    }
    let sci = exp10 + digits.len() as i64 - 1;
    let reads_back =
        |ds: &[u8], sci: i64| parse_decimal(kind, &render(false, ds, sci)) == Some(bits);
    for len in 1..digits.len() {
        let floor = &digits[..len];
        let rest = &digits[len..];
        let (ceil, ceil_sci) = increment(floor, sci);
        let floor_ok = reads_back(floor, sci);
        let ceil_ok = reads_back(&ceil, ceil_sci);
        return match (floor_ok, ceil_ok) {
            (false, false) => continue,
            (true, false) => (floor.to_vec(), sci),
            (false, true) => (ceil, ceil_sci),
            (true, true) => {
                // `rest` has no trailing zeros, so it is exactly one half
                // only when it is the single digit 5.
                let ceil_nearer = rest[0] > b'5' || (rest[0] == b'5' && rest.len() > 1);
                let tie = rest == b"5";
                let floor_even = floor[len - 1] % 2 == 0; // b'0' is even
                if ceil_nearer || (tie && !floor_even) {
                    (ceil, ceil_sci)
                } else {
                    (floor.to_vec(), sci)
                }
            }
        };
    }
    (digits, sci)
}

/// Adds one unit in the last place to a digit string whose first digit has
/// decimal exponent `sci`; returns the new digits (trailing zeros removed)
/// and exponent.
fn increment(digits: &[u8], sci: i64) -> (Vec<u8>, i64) {
    let mut v = digits.to_vec();
    let mut i = v.len();
    loop {
        if i == 0 {
            return (vec![b'1'], sci + 1);
        }
        i -= 1;
        if v[i] == b'9' {
            v[i] = b'0';
        } else {
            v[i] += 1;
            break;
        }
    }
    while v.len() > 1 && v.last() == Some(&b'0') {
        v.pop();
    }
    (v, sci)
}

/// `[-]d.ddde±XX`, at least one fractional digit and two exponent digits.
fn render(neg: bool, digits: &[u8], sci: i64) -> String {
    let mut s = String::with_capacity(digits.len() + 8);
    if neg {
        s.push('-');
    }
    s.push(digits[0] as char);
    s.push('.');
    if digits.len() > 1 {
        s.push_str(std::str::from_utf8(&digits[1..]).unwrap_or("0"));
    } else {
        s.push('0');
    }
    s.push('e');
    s.push(if sci < 0 { '-' } else { '+' });
    s.push_str(&format!("{:02}", sci.unsigned_abs()));
    s
}

#[cfg(test)]
#[path = "decimal_tests.rs"]
mod tests;
