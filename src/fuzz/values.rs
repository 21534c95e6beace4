//! Random input values mixed with edge values: ±0, subnormals, ±∞, NaN,
//! the largest finite value, integer minimum and maximum, and values near
//! the poles and branch points of the math functions (±1, ±π/2, -1 for
//! log_plus_one, ...).

use crate::float::{self, FloatKind};
use crate::interp::tensor::{int_kind, lanes, num_elements, Tensor};
use crate::ir::types::ElementType;

/// SplitMix64: small, fast and reproducible.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5DEE_CE66_D1CE_4E5B)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1).max(1) as usize) as i64
    }

    pub fn chance(&mut self, p: f64) -> bool {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Whether `bits` is a subnormal of `kind`.
pub fn is_subnormal(kind: FloatKind, bits: u64) -> bool {
    let f = kind.format();
    f.man_bits > 0
        && f.is_finite(bits)
        && !f.is_zero(bits)
        && (bits >> f.man_bits) & ((1u64 << f.exp_bits) - 1) == 0
}

/// The edge values of a float format.
pub fn float_edges(kind: FloatKind) -> Vec<u64> {
    let f = kind.format();
    let mut v = vec![
        float::arith::zero(f, false),
        float::arith::zero(f, true),
        f.max_finite(),
        float::arith::negate(f, f.max_finite()),
        f.min_positive(),
    ];
    if f.man_bits > 0 {
        // Largest subnormal and smallest normal.
        v.push((1u64 << f.man_bits) - 1);
        v.push(1u64 << f.man_bits);
        v.push(float::arith::negate(f, 1));
    }
    if f.has_inf {
        v.push(float::arith::infinity(f, false));
        v.push(float::arith::infinity(f, true));
    }
    if let Some(nan) = f.canonical_nan() {
        v.push(nan);
    }
    for x in [
        1.0,
        -1.0,
        0.5,
        2.0,
        std::f64::consts::FRAC_PI_2,
        -std::f64::consts::FRAC_PI_2,
        std::f64::consts::PI,
        -0.999,
        1e-3,
        88.7,
        -104.0,
        710.0,
        -2.0,
        -3.5,
    ] {
        v.push(float::from_f64(kind, x));
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// One random float lane: an edge value, a small readable value, or any bit
/// pattern.
fn float_lane(kind: FloatKind, rng: &mut Rng, edges: &[u64]) -> u64 {
    let f = kind.format();
    let bits = f.bits();
    let r = rng.below(10);
    if r < 3 {
        *rng.pick(edges)
    } else if r < 7 {
        let x = (rng.range(-64, 64) as f64) / 8.0;
        float::from_f64(kind, x)
    } else {
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        let mut b = rng.next_u64() & mask;
        // Keep magnitudes moderate most of the time for wide formats.
        if bits >= 16 && rng.chance(0.5) {
            let x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            let e = rng.range(-20, 20) as i32;
            let s = if rng.chance(0.5) { -1.0 } else { 1.0 };
            b = float::from_f64(kind, s * x * 2f64.powi(e));
        }
        b
    }
}

/// One random integer lane of `bits` width (canonical).
fn int_lane(signed: bool, bits: u32, rng: &mut Rng) -> i128 {
    let (lo, hi) = if signed {
        (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
    } else {
        (0, (1i128 << bits) - 1)
    };
    match rng.below(8) {
        0 => lo,
        1 => hi,
        2 => 0,
        3 if signed => -1,
        3 => 1,
        4..=5 => {
            let v = rng.range(-8, 8) as i128;
            v.clamp(lo, hi)
        }
        _ => {
            let span = (hi - lo + 1) as u128;
            lo + ((rng.next_u64() as u128 | ((rng.next_u64() as u128) << 64)) % span) as i128
        }
    }
}

/// A random tensor of the given element type and shape.
pub fn random_tensor(elem: &ElementType, shape: &[usize], rng: &mut Rng) -> Tensor {
    let p = rng.next_u64();
    random_tensor_with(elem, shape, rng, p)
}

/// [`random_tensor`] whose edge-value palette (used by a third of the
/// tensors) is drawn from `palette_seed`: the tensors of one program share
/// it, so that pairs like (+0, −0) meet in binary ops.
pub fn random_tensor_with(
    elem: &ElementType,
    shape: &[usize],
    rng: &mut Rng,
    palette_seed: u64,
) -> Tensor {
    let n = num_elements(shape);
    let l = lanes(elem);
    let mut data = Vec::with_capacity(n * l);
    match elem {
        ElementType::Float(k) | ElementType::Complex(k) => {
            let edges = float_edges(*k);
            // A quarter of the tensors draw from a small palette of edge
            // values, so that pairs like (+0, −0) meet often.
            let mut palette: Vec<u64> = Vec::new();
            if rng.chance(0.35) {
                let f = k.format();
                let mut prng = Rng::new(palette_seed ^ k.bits() as u64);
                palette = (0..3).map(|_| *prng.pick(&edges)).collect();
                if prng.chance(0.6) {
                    palette.push(float::arith::zero(f, false));
                    palette.push(float::arith::zero(f, true));
                }
                if prng.chance(0.5) {
                    palette.push(f.min_positive());
                }
            }
            for _ in 0..n * l {
                if palette.is_empty() {
                    data.push(float_lane(*k, rng, &edges));
                } else {
                    data.push(*rng.pick(&palette));
                }
            }
        }
        ElementType::Quant(q) => {
            let k = int_kind(elem).unwrap_or(crate::interp::tensor::IntKind {
                bits: 8,
                signed: true,
            });
            for _ in 0..n {
                let v = rng.range(q.storage_min, q.storage_max);
                data.push(k.wrap(v as i128));
            }
        }
        other => {
            let k = int_kind(other).unwrap_or(crate::interp::tensor::IntKind {
                bits: 64,
                signed: true,
            });
            for _ in 0..n {
                let v = if k.bits == 1 {
                    rng.below(2) as i128
                } else {
                    int_lane(k.signed, k.bits, rng)
                };
                data.push(k.wrap(v));
            }
        }
    }
    Tensor::new(elem.clone(), shape.to_vec(), &data)
}
