//! Random numbers (spec: `rng`, `rng_bit_generator`).
//!
//! # `rng_bit_generator`
//!
//! The spec leaves the algorithms implementation-defined; hlocheck computes
//! the bits XLA's CPU backend computes, so that programs exported from JAX
//! check bit for bit:
//!
//! * `state[0]` is the key, split into two 32-bit words (low word first).
//! * `THREE_FRY` (state of 2): Threefry-2x32 with 20 rounds. The 64-bit
//!   counter is `state[1]`. For 64-bit outputs element `i` (row-major) uses
//!   counter `state[1] + i` and is `x0 | x1 << 32`; the new counter is
//!   `state[1] + n`. For outputs of 32 bits or fewer, the shape is halved
//!   along its first even dimension (else its first largest one; a scalar is
//!   a half of one element), element `i` of the halved shape uses counter
//!   `state[1] + i`, and its two words `x0`, `x1` land at positions `2j` and
//!   `2j + 1` of the halved dimension; the new counter is `state[1]` plus the
//!   halved shape's element count. Outputs narrower than 32 bits keep the
//!   low bits of the 32-bit word.
//! * `PHILOX` and `DEFAULT` (state of 2 or 3): Philox-4x32 with 10 rounds.
//!   The 128-bit counter is `(state[1], state[0])` (low, high) for a state
//!   of 2 and `(state[1], state[2])` for a state of 3. Block `i` encrypts
//!   counter `c + i`; 32-bit outputs take the four words of block `i` as
//!   elements `4i … 4i + 3` (narrower outputs keep the low bits), 64-bit
//!   outputs take `w0 | w1 << 32` and `w2 | w3 << 32` as elements `2i`,
//!   `2i + 1`. The counter advances by the number of blocks; a state of 2
//!   keeps only the counter's low word.
//!
//! The output's element bits are the generated bits; floats get them as
//! their bit pattern.
//!
//! # `rng`
//!
//! Implementation-defined; hlocheck's generator is reproducible: each
//! process keeps a hidden 64-bit counter, starting at 0 for each run, and
//! every `rng` op draws 64-bit words from PHILOX (as above) with key
//! [`RNG_KEY`] plus the process's flattened id and that counter, then
//! advances it. Word `w` of an element gives:
//!
//! * `UNIFORM`, integers and booleans: `a + (w mod (b − a))`, the
//!   difference read unsigned (as XLA's uniform integer distribution); `a`
//!   when `b <= a`.
//! * `UNIFORM`, floats: `u = (w >> 11) · 2⁻⁵³` in `[0, 1)`, then
//!   `a + u·(b − a)` computed in `f64` and rounded to the element type; a
//!   result that rounds up to `b` is replaced by `a`.
//! * `NORMAL` (floats): two words per element, Box–Muller:
//!   `a + b · sqrt(−2 ln(1 − u1)) · cos(2π u2)`, computed in `f64` with
//!   hlocheck's own series for `ln` and `cos` (only IEEE basic operations,
//!   so the bits are the same on every machine), rounded to the element type.

use super::tensor::{int_kind, num_elements, strides, Tensor};
use super::{result_type, Interp, KResult, Kernel, Value};
use crate::float::{self, arith};
use crate::ir::attr::Attr;
use crate::ir::types::Signedness;
use crate::ir::{ElementType, Op};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.rng_bit_generator", rng_bit_generator),
    ("stablehlo.rng", rng),
];

/// The key of the hidden generator of `rng`, before adding the process id.
pub const RNG_KEY: u64 = 0x5eed_0f4c_0c4e_c4a1;

/// Threefry-2x32, 20 rounds, as XLA computes it.
pub fn threefry2x32(key: [u32; 2], x: [u32; 2]) -> [u32; 2] {
    const ROT: [u32; 8] = [13, 15, 26, 6, 17, 29, 16, 24];
    let ks = [key[0], key[1], 0x1BD1_1BDA ^ key[0] ^ key[1]];
    let mut x = [x[0].wrapping_add(ks[0]), x[1].wrapping_add(ks[1])];
    for block in 0..5u32 {
        let rots = if block % 2 == 0 { &ROT[..4] } else { &ROT[4..] };
        for &r in rots {
            x[0] = x[0].wrapping_add(x[1]);
            x[1] = x[1].rotate_left(r) ^ x[0];
        }
        let b = block as usize;
        x[0] = x[0].wrapping_add(ks[(b + 1) % 3]);
        x[1] = x[1].wrapping_add(ks[(b + 2) % 3]).wrapping_add(block + 1);
    }
    x
}

/// Philox-4x32, 10 rounds, as XLA computes it.
pub fn philox4x32(key: [u32; 2], x: [u32; 4]) -> [u32; 4] {
    const W_A: u32 = 0x9E37_79B9;
    const W_B: u32 = 0xBB67_AE85;
    const M_A: u64 = 0xD251_1F53;
    const M_B: u64 = 0xCD9E_8D57;
    let (mut k, mut x) = (key, x);
    for _ in 0..10 {
        let p0 = x[0] as u64 * M_A;
        let p1 = x[2] as u64 * M_B;
        x = [
            (p1 >> 32) as u32 ^ x[1] ^ k[0],
            p1 as u32,
            (p0 >> 32) as u32 ^ x[3] ^ k[1],
            p0 as u32,
        ];
        k = [k[0].wrapping_add(W_A), k[1].wrapping_add(W_B)];
    }
    x
}

fn split(v: u64) -> [u32; 2] {
    [v as u32, (v >> 32) as u32]
}

/// A bit-generation algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    ThreeFry,
    Philox,
}

/// Generates `num_elements(shape)` words of `width` bits (≤ 32 or 64) from
/// `state`; returns the new state and the words (row-major).
pub fn generate(
    alg: Algorithm,
    state: &[u64],
    shape: &[usize],
    width: u32,
) -> Result<(Vec<u64>, Vec<u64>), String> {
    if width == 0 || (width > 32 && width != 64) {
        return Err(format!("{width}-bit outputs are not supported"));
    }
    match alg {
        Algorithm::ThreeFry => {
            if state.len() != 2 {
                return Err(format!(
                    "THREE_FRY takes a state of 2 elements, got {}",
                    state.len()
                ));
            }
            let (key, ctr) = (split(state[0]), state[1]);
            let (new_ctr, bits) = if width == 64 {
                let n = num_elements(shape);
                let bits = (0..n as u64)
                    .map(|i| {
                        let x = threefry2x32(key, split(ctr.wrapping_add(i)));
                        x[0] as u64 | (x[1] as u64) << 32
                    })
                    .collect();
                (ctr.wrapping_add(n as u64), bits)
            } else {
                threefry_32(key, ctr, shape, width)
            };
            Ok((vec![state[0], new_ctr], bits))
        }
        Algorithm::Philox => {
            let (lo, hi) = match state {
                [k, lo] => (*lo, *k),
                [_, lo, hi] => (*lo, *hi),
                _ => {
                    return Err(format!(
                        "PHILOX takes a state of 2 or 3 elements, got {}",
                        state.len()
                    ))
                }
            };
            let key = split(state[0]);
            let ctr = (hi as u128) << 64 | lo as u128;
            let n = num_elements(shape);
            let per_block = if width == 64 { 2 } else { 4 };
            let blocks = n.div_ceil(per_block);
            let mut bits = Vec::with_capacity(blocks * per_block);
            for i in 0..blocks as u128 {
                let c = ctr.wrapping_add(i);
                let w = philox4x32(
                    key,
                    [
                        c as u32,
                        (c >> 32) as u32,
                        (c >> 64) as u32,
                        (c >> 96) as u32,
                    ],
                );
                if width == 64 {
                    bits.push(w[0] as u64 | (w[1] as u64) << 32);
                    bits.push(w[2] as u64 | (w[3] as u64) << 32);
                } else {
                    bits.extend(w.iter().map(|&x| x as u64 & low_mask(width)));
                }
            }
            bits.truncate(n);
            let new = ctr.wrapping_add(blocks as u128);
            let new_state = if state.len() == 2 {
                vec![state[0], new as u64]
            } else {
                vec![state[0], new as u64, (new >> 64) as u64]
            };
            Ok((new_state, bits))
        }
    }
}

fn low_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// THREE_FRY's outputs of 32 bits or fewer (see the module doc).
fn threefry_32(key: [u32; 2], ctr: u64, shape: &[usize], width: u32) -> (u64, Vec<u64>) {
    let mask = low_mask(width);
    if shape.is_empty() {
        let x = threefry2x32(key, split(ctr));
        return (ctr.wrapping_add(1), vec![x[0] as u64 & mask]);
    }
    let sd = shape.iter().position(|d| d % 2 == 0).unwrap_or_else(|| {
        let mut best = 0;
        for (i, &d) in shape.iter().enumerate() {
            if d > shape[best] {
                best = i;
            }
        }
        best
    });
    let mut half = shape.to_vec();
    half[sd] = shape[sd].div_ceil(2);
    let hstrides = strides(&half);
    let n = num_elements(shape);
    let mut out = Vec::with_capacity(n);
    if n > 0 {
        let mut idx = vec![0usize; shape.len()];
        loop {
            let mut lin = 0usize;
            for d in 0..shape.len() {
                let i = if d == sd { idx[d] / 2 } else { idx[d] };
                lin += i * hstrides[d];
            }
            let x = threefry2x32(key, split(ctr.wrapping_add(lin as u64)));
            out.push(x[idx[sd] % 2] as u64 & mask);
            if !super::tensor::next_index(&mut idx, shape) {
                break;
            }
        }
    }
    (ctr.wrapping_add(num_elements(&half) as u64), out)
}

/// The bit width of an output element type, and how its lane is made from bits.
fn output_width(e: &ElementType) -> Result<u32, String> {
    match e {
        ElementType::Int(_, 1) => Err("rng_bit_generator does not produce booleans".into()),
        ElementType::Int(_, w) => Ok(*w),
        ElementType::Float(k) => Ok(k.bits()),
        _ => Err(format!("rng_bit_generator does not produce {e} elements")),
    }
}

fn bits_to_lane(e: &ElementType, bits: u64) -> u64 {
    match int_kind(e) {
        Some(k) => k.wrap(bits as i128),
        None => bits,
    }
}

/// `rng_bit_generator` (spec: rng_bit_generator); see the module doc.
fn rng_bit_generator<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let [state] = args.as_slice() else {
        return Err("rng_bit_generator takes one operand".into());
    };
    let state = state.as_tensor()?;
    if state.rank() != 1 || state.elem != ElementType::Int(Signedness::Unsigned, 64) {
        return Err("the initial state must be a 1-dimensional tensor of ui64".into());
    }
    let alg = match op.attr("rng_algorithm").and_then(Attr::as_enum) {
        Some("THREE_FRY") => Algorithm::ThreeFry,
        Some("PHILOX") | Some("DEFAULT") | None => Algorithm::Philox,
        Some(other) => return Err(format!("unknown rng_algorithm {other}").into()),
    };
    let (shape, elem) = result_type(interp, op, 1)?;
    let width = output_width(&elem)?;
    let gen_width = if width <= 32 { width } else { 64 };
    if width != gen_width {
        return Err(format!("{width}-bit outputs are not supported").into());
    }
    let (new_state, bits) = generate(alg, &state.lanes_vec(), &shape, width)?;
    let lanes: Vec<u64> = bits.iter().map(|&b| bits_to_lane(&elem, b)).collect();
    let out = Tensor::new(elem, shape, &lanes);
    let st = Tensor::new(state.elem.clone(), vec![new_state.len()], &new_state);
    Ok(vec![Value::tensor(st), Value::tensor(out)])
}

/// Natural logarithm of a positive finite `x`, by `2·atanh((m−1)/(m+1))`
/// on the mantissa; only IEEE basic operations.
fn ln(x: f64) -> f64 {
    if x.is_nan() || x <= 0.0 {
        return f64::NAN;
    }
    const LN2: f64 = std::f64::consts::LN_2;
    let mut x = x;
    let mut e: i64 = 0;
    if x < f64::MIN_POSITIVE {
        x *= 2f64.powi(64);
        e -= 64;
    }
    let bits = x.to_bits();
    e += ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mut m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    if m > std::f64::consts::SQRT_2 {
        m /= 2.0;
        e += 1;
    }
    let t = (m - 1.0) / (m + 1.0);
    let t2 = t * t;
    let mut term = t;
    let mut sum = 0.0;
    for k in 0..30 {
        sum += term / (2 * k + 1) as f64;
        term *= t2;
    }
    2.0 * sum + e as f64 * LN2
}

/// `cos(2π u)` for `u` in `[0, 1)`, by its Taylor series around π.
fn cos_2pi(u: f64) -> f64 {
    let t = 2.0 * std::f64::consts::PI * u - std::f64::consts::PI;
    let t2 = t * t;
    let mut term = 1.0;
    let mut sum = 0.0;
    for k in 0..40 {
        sum += term;
        term *= -t2 / (((2 * k + 1) * (2 * k + 2)) as f64);
    }
    -sum
}

fn unit(w: u64) -> f64 {
    (w >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// `rng` (spec: rng); see the module doc for the generator.
fn rng<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let [a, b, _shape] = args.as_slice() else {
        return Err("rng takes a, b and shape".into());
    };
    let (a, b) = (a.as_tensor()?, b.as_tensor()?);
    if a.len() != 1 || b.len() != 1 {
        return Err("a and b must be scalars".into());
    }
    let (shape, elem) = result_type(interp, op, 0)?;
    let normal = match op.attr("rng_distribution").and_then(Attr::as_enum) {
        Some("NORMAL") => true,
        Some("UNIFORM") | None => false,
        Some(other) => return Err(format!("unknown rng_distribution {other}").into()),
    };
    let n = num_elements(&shape);
    let words = if normal { 2 * n } else { n };
    let key = RNG_KEY.wrapping_add(interp.process.flat_id());
    let state = [key, interp.rng_draws];
    let (new_state, bits) = generate(Algorithm::Philox, &state, &[words], 64)?;
    interp.rng_draws = new_state[1];
    let data: Vec<u64> = match &elem {
        ElementType::Float(kind) => {
            let (lo, hi) = (
                float::to_f64(*kind, a.data.get(0)),
                float::to_f64(*kind, b.data.get(0)),
            );
            let f = kind.format();
            if normal {
                bits.chunks_exact(2)
                    .map(|w| {
                        let r = (-2.0 * ln(1.0 - unit(w[0]))).sqrt();
                        float::from_f64(*kind, lo + hi * r * cos_2pi(unit(w[1])))
                    })
                    .collect()
            } else {
                bits.iter()
                    .map(|&w| {
                        let x = float::from_f64(*kind, lo + unit(w) * (hi - lo));
                        match arith::compare(f, x, b.data.get(0)) {
                            Some(std::cmp::Ordering::Less) => x,
                            _ => a.data.get(0),
                        }
                    })
                    .collect()
            }
        }
        ElementType::Int(..) if !normal => {
            let k = int_kind(&elem).ok_or("rng needs an integer type")?;
            let (lo, hi) = (k.value(a.data.get(0)), k.value(b.data.get(0)));
            if hi <= lo {
                vec![a.data.get(0); n]
            } else {
                let range = (hi - lo) as u128;
                bits.iter()
                    .map(|&w| k.wrap(lo + (w as u128 % range) as i128))
                    .collect()
            }
        }
        _ => {
            return Err(format!(
                "rng with {} does not take {elem} elements",
                if normal { "NORMAL" } else { "UNIFORM" }
            )
            .into())
        }
    };
    Ok(vec![Value::tensor(Tensor::new(elem, shape, &data))])
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values computed by XLA's CPU backend (jax.lax.rng_bit_generator).

    #[test]
    fn three_fry_u64_scalar_matches_xla() {
        let (s, b) = generate(Algorithm::ThreeFry, &[3, 3], &[], 64).unwrap();
        assert_eq!(s, vec![3, 4]);
        assert_eq!(b, vec![3349939604322698703]);
    }

    #[test]
    fn three_fry_u64_vector_matches_xla() {
        let (s, b) = generate(Algorithm::ThreeFry, &[0x1234_5678_9abc_def0, 7], &[3], 64).unwrap();
        assert_eq!(s, vec![0x1234_5678_9abc_def0, 10]);
        assert_eq!(
            b,
            vec![
                11080672538751705225,
                4331478480766497594,
                6821761343824988561
            ]
        );
    }

    #[test]
    fn three_fry_u32_halves_the_first_even_dimension_like_xla() {
        let (s, b) = generate(Algorithm::ThreeFry, &[1, 2], &[5], 32).unwrap();
        assert_eq!(s, vec![1, 5]);
        assert_eq!(
            b,
            vec![43444564, 2150618427, 3979645651, 3745730563, 1672743891]
        );
        let (s, b) = generate(Algorithm::ThreeFry, &[1, 2], &[2, 3], 32).unwrap();
        assert_eq!(s, vec![1, 5]);
        assert_eq!(
            b,
            vec![43444564, 3979645651, 1672743891, 2150618427, 3745730563, 4240503393]
        );
        let (s, b) = generate(Algorithm::ThreeFry, &[5, 6], &[], 32).unwrap();
        assert_eq!((s, b), (vec![5, 7], vec![2857746084]));
    }

    #[test]
    fn three_fry_without_an_even_dimension_halves_the_largest_like_xla() {
        let (s, b) = generate(Algorithm::ThreeFry, &[7, 8], &[3, 5], 32).unwrap();
        assert_eq!(s, vec![7, 17]);
        assert_eq!(
            b,
            vec![
                1478943784, 3085711981, 2148922066, 1218255668, 17873132, 2218545827, 757886286,
                1460919419, 1895465418, 2293606280, 239565225, 183408349, 967271928, 3215640161,
                2079680788
            ]
        );
        let (s, b) = generate(Algorithm::ThreeFry, &[7, 8], &[3, 1, 4], 16).unwrap();
        assert_eq!(s, vec![7, 14]);
        assert_eq!(
            b,
            vec![58408, 14957, 62162, 6964, 47340, 15661, 21155, 27982, 56443, 33226, 42888, 50976]
        );
    }

    #[test]
    fn philox_u64_odd_count_matches_xla() {
        let (s, b) = generate(Algorithm::Philox, &[7, 8], &[3], 64).unwrap();
        assert_eq!(s, vec![7, 10]);
        assert_eq!(
            b,
            vec![
                5681972515722235719,
                5374508896007531662,
                16603597155184054554
            ]
        );
    }

    #[test]
    fn three_fry_narrow_outputs_keep_low_bits_like_xla() {
        let (s, b) = generate(Algorithm::ThreeFry, &[5, 6], &[3], 8).unwrap();
        assert_eq!((s, b), (vec![5, 8], vec![164, 200, 115]));
        let (_, b) = generate(Algorithm::ThreeFry, &[5, 6], &[3], 16).unwrap();
        assert_eq!(b, vec![48804, 20424, 61811]);
    }

    #[test]
    fn philox_matches_xla() {
        let (s, b) = generate(Algorithm::Philox, &[3, 3], &[], 64).unwrap();
        assert_eq!((s, b), (vec![3, 4], vec![11851495419945776089]));
        let (s, b) = generate(Algorithm::Philox, &[1, 2], &[5], 32).unwrap();
        assert_eq!(s, vec![1, 4]);
        assert_eq!(
            b,
            vec![2100602697, 2847456232, 2074354647, 800269529, 1828267006]
        );
        let (s, b) = generate(Algorithm::Philox, &[5, 6], &[3], 16).unwrap();
        assert_eq!((s, b), (vec![5, 7], vec![56667, 23048, 4115]));
    }

    #[test]
    fn philox_counter_wraps_in_a_state_of_two() {
        let (s, b) = generate(Algorithm::Philox, &[9, u64::MAX], &[2], 64).unwrap();
        assert_eq!(s, vec![9, 0]);
        assert_eq!(b, vec![1897066024754302880, 10887895450446113075]);
    }

    #[test]
    fn philox_state_of_three_carries_into_the_high_word() {
        let (s, _) = generate(Algorithm::Philox, &[9, u64::MAX, 4], &[8], 32).unwrap();
        assert_eq!(s, vec![9, 1, 5]);
    }

    #[test]
    fn bad_states_and_widths_are_errors() {
        assert!(generate(Algorithm::ThreeFry, &[1, 2, 3], &[2], 32).is_err());
        assert!(generate(Algorithm::Philox, &[1], &[2], 32).is_err());
        assert!(generate(Algorithm::Philox, &[1, 2], &[2], 48).is_err());
    }

    #[test]
    fn series_ln_and_cos_are_accurate() {
        for &x in &[1e-300, 1e-7, 0.25, 0.5, 0.9, 1.0] {
            assert!(
                (ln(x) - x.ln()).abs() <= 1e-13 * x.ln().abs().max(1.0),
                "{x}"
            );
        }
        for &u in &[0.0, 0.1, 0.25, 0.5, 0.77, 0.999] {
            let want = (2.0 * std::f64::consts::PI * u).cos();
            assert!((cos_2pi(u) - want).abs() < 1e-12, "{u}");
        }
    }
}
