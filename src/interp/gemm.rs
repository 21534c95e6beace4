//! The multiply-accumulate engine of `dot_general` and `convolution`
//! (`linalg.rs`): blocked, vectorised and threaded, with every output's
//! accumulation order unchanged.
//!
//! It computes, for every batch `b`, row `i` and column `j`,
//!
//! ```text
//! out[b][i][j] = mac(…mac(mac(zero, A[b][i][0], B[b][0][j]), A[b][i][1], B[b][1][j])…, A[b][i][K−1], B[b][K−1][j])
//! ```
//!
//! that is, each output's own chain in increasing `k`, exactly as the plain
//! loop does. Only the order in which *independent* outputs advance
//! changes:
//!
//! * **Register tiles.** `MR` rows × `NR` columns of accumulators advance
//!   together, one `k` at a time: `acc[r][c] = mac(acc[r][c], a[r], b[c])`.
//!   The `NR` columns are independent lanes of one vector (LLVM vectorises
//!   the fixed-size loop); no lane ever reads another.
//! * **Blocks of the contraction.** `k` is cut into consecutive blocks of
//!   `KC`; between two blocks an accumulator is stored in the output and
//!   loaded back unchanged (a copy of the same value), so its chain goes on
//!   where it stopped. Packed copies of both operands make each block's
//!   reads sequential (the right operand is packed only for products of
//!   more than `PACK_FROM_ROWS` rows; fewer rows read its panels in place,
//!   which changes where a lane is read from, never what is computed).
//! * **Threads** take whole blocks of rows (`par::each`); an output is
//!   computed by one thread, the same way whatever the thread count.
//!
//! `mac` is whatever the caller passes; the hardware `a + x * y` of Rust
//! is two roundings (Rust never contracts it to a fused multiply-add, with
//! or without the vector extensions enabled here), and the callers choose
//! element representations in which each operation has the bits of the
//! soft-float one (see `linalg.rs`). A step may advance a whole row of a
//! tile in code of its own for the vector extensions in use ([`Mac::row`]:
//! binary16's [`F16Mac`] rounds by the hardware's conversions with
//! AVX-512), lane by lane the bits of its scalar step.

use super::lanes::{isa, Isa};
use super::par;

/// The sizes of a batched matrix product: `[b, i, k] × [b, k, j] → [b, i, j]`.
#[derive(Clone, Copy, Debug)]
pub struct Dims {
    pub b: usize,
    pub i: usize,
    pub j: usize,
    pub k: usize,
}

/// The multiply-accumulate step of every output's chain:
/// `mac(acc, x, y)`. Any `Fn(T, T, T) -> T` is one. A step may also say how
/// a whole row of a register tile advances in code compiled for the vector
/// extensions in use (`row`), which must give, lane by lane, the bits of
/// `mac`.
pub trait Mac<T>: Copy + Send + Sync {
    /// One step of one chain.
    fn mac(&self, acc: T, x: T, y: T) -> T;

    /// `mac(acc[c], x, b[c])` for every lane `c`, in code compiled for
    /// `ISA` (one of the `ISA_*` constants: the item function it is
    /// inlined into was compiled with those features, which were found
    /// at run time).
    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // indexing keeps the lanes in registers
    fn row<const NR: usize, const ISA: u8>(&self, acc: [T; NR], x: T, b: &[T; NR]) -> [T; NR]
    where
        T: Copy,
    {
        // An indexed loop rather than `array::from_fn`, which LLVM may leave
        // out of line (then compiled without the vector extensions).
        let mut out = acc;
        for c in 0..NR {
            out[c] = self.mac(acc[c], x, b[c]);
        }
        out
    }
}

impl<T, F> Mac<T> for F
where
    F: Fn(T, T, T) -> T + Copy + Send + Sync,
{
    #[inline(always)]
    fn mac(&self, acc: T, x: T, y: T) -> T {
        self(acc, x, y)
    }
}

/// The `ISA` of [`Mac::row`]: the baseline target.
pub const ISA_BASE: u8 = 0;
/// The `ISA` of [`Mac::row`]: AVX2 (found at run time).
pub const ISA_AVX2: u8 = 1;
/// The `ISA` of [`Mac::row`]: AVX-512F (found at run time).
pub const ISA_AVX512: u8 = 2;

/// The left operand, read a tile at a time.
pub trait Lhs<T>: Sync {
    /// Writes `A[b][i0 + r][k0 + q]` to `dst[q * mr + r]` for `r < rows`,
    /// `q < kc`, and `pad` to the rows `rows..mr` of the tile.
    #[allow(clippy::too_many_arguments)]
    fn pack(
        &self,
        b: usize,
        i0: usize,
        rows: usize,
        k0: usize,
        kc: usize,
        mr: usize,
        pad: T,
        dst: &mut [T],
    );
}

/// A left operand held as `[b][i][k]`, row-major.
pub struct Dense<'a, T> {
    pub data: &'a [T],
    pub i: usize,
    pub k: usize,
}

impl<T: Copy + Sync> Lhs<T> for Dense<'_, T> {
    fn pack(
        &self,
        b: usize,
        i0: usize,
        rows: usize,
        k0: usize,
        kc: usize,
        mr: usize,
        pad: T,
        dst: &mut [T],
    ) {
        for r in 0..mr {
            if r < rows {
                let row = &self.data[(b * self.i + i0 + r) * self.k + k0..][..kc];
                for (q, &v) in row.iter().enumerate() {
                    dst[q * mr + r] = v;
                }
            } else {
                for q in 0..kc {
                    dst[q * mr + r] = pad;
                }
            }
        }
    }
}

/// Contraction indices per block.
const KC: usize = 256;
/// Rows per block of work (a multiple of `MR`).
const MC: usize = 64;
/// Rows per register tile.
const MR: usize = 4;
/// Products of more rows than this (per batch) pack the right operand.
const PACK_FROM_ROWS: usize = 4 * MR;

/// `out[b][i][j]`, row-major, of the product of `lhs` and `rhs` (held as
/// `[b][k][j]`, row-major) under `mac`, each output's chain starting from
/// `zero` (see the module doc). `zero` also pads partial tiles, whose
/// lanes are computed and dropped.
pub fn gemm<T, A, M>(d: Dims, lhs: &A, rhs: &[T], zero: T, mac: M) -> Vec<T>
where
    T: Copy + Send + Sync,
    A: Lhs<T>,
    M: Mac<T>,
{
    let wide = std::mem::size_of::<T>() > 4;
    // Products of few columns (a matrix times a vector or a handful of
    // classes) take panels of one vector rather than two, so fewer padding
    // lanes are computed and dropped.
    let narrow = d.j <= if wide { 8 } else { 16 };
    match isa() {
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 if wide && narrow => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 if wide => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 if narrow => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => run::<T, A, M, 32>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 if wide => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX2 and FMA were detected at run time.
            unsafe { item_avx2(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX2 and FMA were detected at run time.
            unsafe { item_avx2(x) }
        }),
        Isa::Base if wide => run::<T, A, M, 4>(d, lhs, rhs, zero, mac, item_base),
        Isa::Base => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, item_base),
    }
}

/// One block of rows: everything an item of work needs.
struct Item<'a, T, A, M, const NR: usize> {
    d: Dims,
    lhs: &'a A,
    /// The right operand packed: per batch and block of `k`, panels of
    /// `NR` columns, each `[kc][NR]`; `None` when the product has too few
    /// rows to repay the packing, and the items read `rhs` in place.
    packed: Option<&'a [T]>,
    /// The right operand, `[b][k][j]`.
    rhs: &'a [T],
    zero: T,
    mac: M,
    b: usize,
    i0: usize,
    out: &'a mut [T],
}

fn run<T, A, M, const NR: usize>(
    d: Dims,
    lhs: &A,
    rhs: &[T],
    zero: T,
    mac: M,
    item: impl Fn(Item<'_, T, A, M, NR>) + Sync,
) -> Vec<T>
where
    T: Copy + Send + Sync,
    A: Lhs<T>,
    M: Mac<T>,
{
    let mut out = vec![zero; d.b * d.i * d.j];
    if out.is_empty() || d.k == 0 {
        return out;
    }
    let panels = d.j.div_ceil(NR);
    // Packed panels are read once per tile of rows: with a few tiles the
    // copy costs about what it saves, and the items read the whole
    // panels of `rhs` where they are (a recurrent step's small batch
    // against its weights would pack them again at every step).
    let pack = d.i > PACK_FROM_ROWS;
    let mut packed = vec![zero; if pack { d.b * d.k * panels * NR } else { 0 }];
    for b in (0..d.b).filter(|_| pack) {
        for k0 in (0..d.k).step_by(KC) {
            let kc = KC.min(d.k - k0);
            let base = (b * d.k + k0) * panels * NR;
            for q in 0..kc {
                let row = &rhs[(b * d.k + k0 + q) * d.j..][..d.j];
                let mut whole = row.chunks_exact(NR);
                for (p, cols) in (&mut whole).enumerate() {
                    let dst = &mut packed[base + (p * kc + q) * NR..][..NR];
                    // A copy of a size known here is a few vector moves,
                    // not a call (the panels of a few rows' product are
                    // mostly this copying).
                    if let (Ok(dst), Ok(cols)) =
                        (<&mut [T; NR]>::try_from(dst), <&[T; NR]>::try_from(cols))
                    {
                        *dst = *cols;
                    }
                }
                let rest = whole.remainder();
                if !rest.is_empty() {
                    let p = d.j / NR;
                    packed[base + (p * kc + q) * NR..][..rest.len()].copy_from_slice(rest);
                }
            }
        }
    }
    // Blocks of rows: fewer rows per block when there are few blocks, so
    // that threads have work to share.
    let blocks_per_batch = |mc: usize| d.i.div_ceil(mc) * d.b;
    let mut mc = MC;
    while mc > MR && blocks_per_batch(mc) < 8 {
        mc = (mc / 2).div_ceil(MR) * MR;
    }
    let mut items = Vec::new();
    for (b, batch) in out.chunks_mut(d.i * d.j).enumerate() {
        for (n, rows) in batch.chunks_mut(mc * d.j).enumerate() {
            items.push(Item {
                d,
                lhs,
                packed: pack.then_some(&packed[..]),
                rhs,
                zero,
                mac,
                b,
                i0: n * mc,
                out: rows,
            });
        }
    }
    let work = (d.b * d.i * d.j) as u64 * d.k as u64;
    par::each(items, work, item);
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn item_avx512<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Mac<T>,
{
    item_body::<T, A, M, NR, ISA_AVX512>(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
fn item_avx2<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Mac<T>,
{
    item_body::<T, A, M, NR, ISA_AVX2>(x)
}

fn item_base<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Mac<T>,
{
    item_body::<T, A, M, NR, ISA_BASE>(x)
}

/// One block of rows through every block of `k` and every panel.
#[inline(always)]
fn item_body<T, A, M, const NR: usize, const ISA: u8>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Mac<T>,
{
    let Item {
        d,
        lhs,
        packed,
        rhs,
        zero,
        mac,
        b,
        i0,
        out,
    } = x;
    let rows = out.len() / d.j;
    let tiles = rows.div_ceil(MR);
    let panels = d.j.div_ceil(NR);
    let mut abuf = vec![zero; tiles * KC.min(d.k) * MR];
    // A partial panel of `rhs` read in place, padded with `zero`.
    let mut edge = if packed.is_none() && d.j % NR != 0 {
        vec![zero; KC.min(d.k) * NR]
    } else {
        Vec::new()
    };
    for k0 in (0..d.k).step_by(KC) {
        let kc = KC.min(d.k - k0);
        for t in 0..tiles {
            let r0 = t * MR;
            let nr = MR.min(rows - r0);
            let dst = &mut abuf[t * kc * MR..][..kc * MR];
            if nr == MR {
                lhs.pack(b, i0 + r0, MR, k0, kc, MR, zero, dst);
            } else {
                // A partial tile's rows are packed one after the other
                // and advance one at a time (`micro1`), so no padding row
                // is computed.
                for (r, row) in dst.chunks_exact_mut(kc).take(nr).enumerate() {
                    lhs.pack(b, i0 + r0 + r, 1, k0, kc, 1, zero, row);
                }
            }
        }
        let base = (b * d.k + k0) * panels * NR;
        for p in 0..panels {
            let j0 = p * NR;
            let nc = NR.min(d.j - j0);
            // The panel: packed, whole in `rhs` (rows `d.j` apart), or the
            // edge copied out of `rhs`.
            let (bp, stride) = match packed {
                Some(packed) => (&packed[base + p * kc * NR..][..kc * NR], NR),
                None if nc == NR => (&rhs[(b * d.k + k0) * d.j + j0..], d.j),
                None => {
                    let edge = &mut edge[..kc * NR];
                    for (q, row) in edge.chunks_exact_mut(NR).enumerate() {
                        let src = &rhs[(b * d.k + k0 + q) * d.j + j0..][..nc];
                        row[..nc].copy_from_slice(src);
                        row[nc..].fill(zero);
                    }
                    (&edge[..], NR)
                }
            };
            for t in 0..tiles {
                let r0 = t * MR;
                let nr = MR.min(rows - r0);
                if nr < MR {
                    for r in 0..nr {
                        let at = (r0 + r) * d.j + j0;
                        let mut acc = [zero; NR];
                        if k0 > 0 {
                            acc[..nc].copy_from_slice(&out[at..][..nc]);
                        }
                        let a = &abuf[t * kc * MR + r * kc..][..kc];
                        micro1::<T, M, NR, ISA>(a, bp, stride, &mut acc, mac);
                        out[at..][..nc].copy_from_slice(&acc[..nc]);
                    }
                    continue;
                }
                let mut acc = [[zero; NR]; MR];
                if k0 > 0 {
                    for (r, a) in acc.iter_mut().enumerate().take(nr) {
                        a[..nc].copy_from_slice(&out[(r0 + r) * d.j + j0..][..nc]);
                    }
                }
                micro::<T, M, NR, ISA>(&abuf[t * kc * MR..][..kc * MR], bp, stride, &mut acc, mac);
                for (r, a) in acc.iter().enumerate().take(nr) {
                    out[(r0 + r) * d.j + j0..][..nc].copy_from_slice(&a[..nc]);
                }
            }
        }
    }
}

/// `acc[r][c] = mac(acc[r][c], a[q][r], b[q][c])` for `q` in order, where
/// `b[q]` is the `NR` lanes of `b` from `q * stride` on. The
/// four rows are named values (not an indexed array) so that LLVM keeps
/// them in registers and vectorises each row's `NR` lanes ([`Mac::row`]),
/// rather than vectorising across rows with gathers.
#[inline(always)]
fn micro<T: Copy, M: Mac<T>, const NR: usize, const ISA: u8>(
    a: &[T],
    b: &[T],
    stride: usize,
    acc: &mut [[T; NR]; MR],
    mac: M,
) {
    let [mut a0, mut a1, mut a2, mut a3] = *acc;
    for (q, aq) in a.chunks_exact(MR).enumerate() {
        let bq = b.get(q * stride..q * stride + NR).unwrap_or_default();
        let (Ok(aq), Ok(bq)): (Result<&[T; MR], _>, Result<&[T; NR], _>) =
            (aq.try_into(), bq.try_into())
        else {
            return;
        };
        a0 = mac.row::<NR, ISA>(a0, aq[0], bq);
        a1 = mac.row::<NR, ISA>(a1, aq[1], bq);
        a2 = mac.row::<NR, ISA>(a2, aq[2], bq);
        a3 = mac.row::<NR, ISA>(a3, aq[3], bq);
    }
    *acc = [a0, a1, a2, a3];
}

/// One row of [`micro`]: `acc[c] = mac(acc[c], a[q], b[q][c])` for `q` in
/// order (a partial tile's rows, which would otherwise advance beside
/// padding rows computed and dropped).
#[inline(always)]
fn micro1<T: Copy, M: Mac<T>, const NR: usize, const ISA: u8>(
    a: &[T],
    b: &[T],
    stride: usize,
    acc: &mut [T; NR],
    mac: M,
) {
    let mut a0 = *acc;
    for (q, &aq) in a.iter().enumerate() {
        let bq = b.get(q * stride..q * stride + NR).unwrap_or_default();
        let Ok(bq) = <&[T; NR]>::try_from(bq) else {
            return;
        };
        a0 = mac.row::<NR, ISA>(a0, aq, bq);
    }
    *acc = a0;
}

/// Rounds an `f32` to the nearest bfloat16 (ties to even), as an `f32`:
/// overflow gives ∞ (a carry into the exponent field), subnormal results
/// are rounded at bfloat16's own quantum (its subnormals are the `f32`
/// subnormals cut to 7 fraction bits), −0 stays −0. A NaN whose 16 low
/// bits are zero (every NaN the bfloat16 paths see: bfloat16 NaNs widened,
/// and NaNs the hardware makes of them) is returned unchanged.
#[inline(always)]
pub fn round_bf16(x: f32) -> f32 {
    let u = x.to_bits();
    f32::from_bits(u.wrapping_add(0x7FFF + ((u >> 16) & 1)) & 0xFFFF_0000)
}

/// 2⁻¹⁴, the smallest normal binary16.
const MIN_NORMAL_F16: f32 = f32::from_bits(0x3880_0000);

/// Rounds an `f32` to the nearest binary16 (ties to even), as an `f32`:
/// overflow gives ∞, results below 2⁻¹⁴ are rounded at the quantum 2⁻²⁴
/// (by the hardware, as `(a + 2⁻¹) − 2⁻¹`), −0 stays −0. A NaN whose 13
/// low bits are zero is returned unchanged (a NaN).
#[inline(always)]
pub fn round_f16(x: f32) -> f32 {
    let a = x.abs();
    let u = a.to_bits();
    let normal = f32::from_bits(u.wrapping_add(0xFFF + ((u >> 13) & 1)) & !0x1FFF);
    let normal = if normal > 65504.0 {
        f32::INFINITY
    } else {
        normal
    };
    let small = (a + 0.5) - 0.5;
    let r = if a < MIN_NORMAL_F16 { small } else { normal };
    r.copysign(x)
}

/// 2⁻²⁴, the smallest binary16 subnormal, as an `f32`.
const TWO_M24: f32 = f32::from_bits((127 - 24) << 23);
/// 2²⁴, as an `f32`.
const TWO_24: f32 = f32::from_bits((127 + 24) << 23);
/// 2²³, as an `f32`: adding it to an integer below 2²³ puts that integer in
/// the low bits of the pattern.
const TWO_23: f32 = f32::from_bits((127 + 23) << 23);

/// The exact `f32` value of a binary16 pattern (its 16 low bits; NaN for
/// a NaN). A normal (1 + m/2¹⁰)·2^(e−15) is the `f32` of exponent field
/// e + 112 and fraction m·2¹³, that is the 15 bits below the sign shifted
/// by 13 plus 112 in the exponent field; a subnormal m·2⁻²⁴ (m < 2¹⁰) is
/// `m as f32` (exact) times 2⁻²⁴ (exact: a power of two, and the product
/// is a normal `f32`, so no `f32` subnormal is ever formed or read, which
/// would cost the processor a microcode assist); the exponent field 31
/// (∞, NaN) is placed at `f32`'s. Branch-free, so loops over it vectorise.
#[inline(always)]
pub fn f16_to_f32(h: u64) -> f32 {
    let h = h as u32 & 0xFFFF;
    let mag = h & 0x7FFF;
    let normal = f32::from_bits((mag << 13) + (112 << 23));
    let sub = mag as f32 * TWO_M24;
    let special = f32::from_bits(0x7F80_0000 | (mag & 0x3FF) << 13);
    let v = if mag >= 0x7C00 {
        special
    } else if mag < 0x400 {
        sub
    } else {
        normal
    };
    f32::from_bits(v.to_bits() | (h & 0x8000) << 16)
}

/// The binary16 pattern of an `f32` holding a binary16 value (as
/// [`round_f16`] returns them): the inverse of [`f16_to_f32`]. A normal
/// value's pattern is its `f32` bits shifted right by 13 less 112 in the
/// exponent field; a value below 2⁻¹⁴ is m·2⁻²⁴, and m = |v|·2²⁴ (exact,
/// an integer below 2¹⁰) is read from the low bits of m + 2²³ (exact);
/// ∞ is placed directly. No `f32` subnormal is formed. A NaN gives 0
/// (callers recompute NaN outputs).
#[inline(always)]
pub fn f16_bits(v: f32) -> u16 {
    let u = v.to_bits();
    let a = f32::from_bits(u & 0x7FFF_FFFF);
    let normal = ((u & 0x7FFF_FFFF) >> 13).wrapping_sub(112 << 10);
    let sub = (a * TWO_24 + TWO_23)
        .to_bits()
        .wrapping_sub(TWO_23.to_bits());
    let mag = if a == f32::INFINITY {
        0x7C00
    } else if a < MIN_NORMAL_F16 {
        sub
    } else {
        normal
    };
    let bits = mag | (u >> 16) & 0x8000;
    if v.is_nan() {
        0
    } else {
        bits as u16
    }
}

/// The binary16 multiply-accumulate step on `f32` lanes that hold binary16
/// values: `round_f16(acc + round_f16(x · y))`, which is soft-float's
/// `add(acc, mul(x, y))` in binary16 (see `linalg::fast_mac`).
///
/// With AVX-512F a row advances sixteen lanes at a time, each rounding to
/// binary16 done by the hardware as `vcvtps2ph` (immediate 0: round to
/// nearest even, whatever MXCSR says) followed by `vcvtph2ps`. That pair is
/// [`round_f16`]:
///
/// * `vcvtps2ph` rounds the `f32` it is given once to binary16, to
///   nearest even, with binary16's subnormals (rounded at their quantum
///   2⁻²⁴, never flushed: MXCSR.FTZ does not apply to this instruction)
///   and overflow to ±∞, keeping the sign of zeros; `vcvtph2ps` widens
///   exactly (every binary16 value is an `f32`, subnormals included). The
///   only inputs that MXCSR.DAZ would touch are `f32` subnormals, and none
///   reaches it: a product of two binary16 values is zero or at least
///   2⁻⁴⁸ in magnitude, a sum of two binary16 values zero or at least
///   2⁻²⁴ (and Rust leaves DAZ off anyway).
/// * A NaN stays a NaN both ways (payloads differ, but a chain that meets
///   a NaN is recomputed by the caller, which only reads `is_nan`).
///
/// `tests/kernels.rs` runs the engine with this step and with the scalar
/// one on random and adversarial operands and compares the bits.
#[derive(Clone, Copy, Debug)]
pub struct F16Mac;

impl Mac<f32> for F16Mac {
    #[inline(always)]
    fn mac(&self, acc: f32, x: f32, y: f32) -> f32 {
        round_f16(acc + round_f16(x * y))
    }

    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // indexing keeps the lanes in registers
    fn row<const NR: usize, const ISA: u8>(
        &self,
        acc: [f32; NR],
        x: f32,
        b: &[f32; NR],
    ) -> [f32; NR] {
        let mut out = acc;
        #[cfg(target_arch = "x86_64")]
        if ISA == ISA_AVX512 && NR.is_multiple_of(16) {
            use std::arch::x86_64::*;
            for h in 0..NR / 16 {
                // SAFETY: `ISA_AVX512` is only passed by `item_avx512`,
                // which runs once AVX-512F was found at run time and into
                // which this row is inlined; the sixteen lanes read and
                // written at `16 · h` lie inside the arrays of `NR` lanes
                // (`NR` a multiple of 16).
                unsafe {
                    let a = _mm512_loadu_ps(acc.as_ptr().add(16 * h));
                    let y = _mm512_loadu_ps(b.as_ptr().add(16 * h));
                    let p =
                        _mm512_cvtph_ps(_mm512_cvtps_ph::<0>(_mm512_mul_ps(_mm512_set1_ps(x), y)));
                    let s = _mm512_cvtph_ps(_mm512_cvtps_ph::<0>(_mm512_add_ps(a, p)));
                    _mm512_storeu_ps(out.as_mut_ptr().add(16 * h), s);
                }
            }
            return out;
        }
        for c in 0..NR {
            out[c] = self.mac(acc[c], x, b[c]);
        }
        out
    }
}

/// The bfloat16 multiply-accumulate step on `f32` lanes that hold bfloat16
/// values, `round_bf16(acc + round_bf16(x · y))` (see `linalg::fast_mac`),
/// in fewer instructions, for products that keep a promise: every nonzero
/// `x · y` is at least 2⁻¹¹⁹ in magnitude ([`bf16_products_stay_normal`]),
/// the accumulator starts at +0, and the caller recomputes every product
/// with a non-finite output by the scalar step.
///
/// With AVX-512F (or AVX2 with FMA) a row advances its lanes as vectors,
/// each rounding done by [`round_bf16_fma`]'s three instructions instead
/// of [`round_bf16`]'s five: an `f32` `v` of binade `2^e` (`p`, `v`'s
/// exponent field alone) is rounded to bfloat16's quantum there,
/// `2^(e−7)`, by `t = fma(p, 1.5·2¹⁶, v)` and `t − p·1.5·2¹⁶` (a second
/// fma). `1.5·2^(e+16)` is a multiple of `2^(e−7)` whose quotient is even
/// and `|v| < 2^(e+1)`, so `t` stays in the binade of ulp `2^(e−7)` and is
/// `v` rounded to nearest, ties to even as `round_bf16` rounds; the
/// subtraction is exact. That is `round_bf16(v)` for every `f32` that is
/// neither subnormal (whose `p` is 0: returned unrounded), nor at least
/// 2¹¹² in magnitude (`t` overflows: ±∞ or NaN), nor −0 (+0), which a
/// test checks on every high half with ties and their neighbours. Under
/// the promise:
///
/// * no value rounded is subnormal: each product is exact in `f32` (8 + 8
///   significant bits, at least 2⁻¹¹⁹) and its bfloat16 rounding a
///   multiple of 2⁻¹²⁶ (the quantum at its binade is at least 2⁻¹²⁶); the
///   accumulator starts at zero, and a sum of two multiples of 2⁻¹²⁶ is
///   zero or at least 2⁻¹²⁶, and stays a multiple of 2⁻¹²⁶ when rounded to
///   `f32` and to bfloat16 (a value that needs rounding has a quantum at
///   least that), so by induction every value rounded is zero or normal;
/// * a −0 rounded to +0 changes nothing: the accumulator is never −0 (it
///   starts at +0, and a sum is −0 only when both terms are), and adding
///   ±0 to it gives the same bits;
/// * once a value reaches 2¹¹² the lane is ±∞ or NaN and stays non-finite
///   to the end of its chain (∞ rounds to NaN, and NaN absorbs), so every
///   finite output met only values the two roundings agree on.
///
/// [`Mac::mac`], the scalar step, is the exact one.
#[derive(Clone, Copy, Debug)]
pub struct Bf16Mac;

/// 1.5·2¹⁶: [`round_bf16_fma`]'s constant.
const BF16_SHIFTER: f32 = 98304.0;

/// [`Bf16Mac`]'s rounding of an `f32` to bfloat16 by two fused
/// multiply-adds, one lane at a time (the vector code does the same per
/// lane). It is [`round_bf16`] except on subnormals, magnitudes of at
/// least 2¹¹² (non-finite results) and −0 (+0).
#[inline(always)]
pub fn round_bf16_fma(v: f32) -> f32 {
    let p = f32::from_bits(v.to_bits() & 0x7F80_0000);
    let t = p.mul_add(BF16_SHIFTER, v);
    (-p).mul_add(BF16_SHIFTER, t)
}

impl Mac<f32> for Bf16Mac {
    #[inline(always)]
    fn mac(&self, acc: f32, x: f32, y: f32) -> f32 {
        round_bf16(acc + round_bf16(x * y))
    }

    #[inline(always)]
    #[allow(clippy::needless_range_loop)] // indexing keeps the lanes in registers
    fn row<const NR: usize, const ISA: u8>(
        &self,
        acc: [f32; NR],
        x: f32,
        b: &[f32; NR],
    ) -> [f32; NR] {
        let mut out = acc;
        #[cfg(target_arch = "x86_64")]
        if ISA == ISA_AVX512 && NR.is_multiple_of(16) {
            use std::arch::x86_64::*;
            // SAFETY: `ISA_AVX512` is only passed by `item_avx512`, which
            // runs once AVX-512F was found at run time and into which this
            // row is inlined; the sixteen lanes read and written at
            // `16 · h` lie inside the arrays of `NR` lanes (`NR` a multiple
            // of 16).
            unsafe {
                let round = |v: __m512| {
                    let p = _mm512_castsi512_ps(_mm512_and_si512(
                        _mm512_castps_si512(v),
                        _mm512_set1_epi32(0x7F80_0000),
                    ));
                    let c = _mm512_set1_ps(BF16_SHIFTER);
                    _mm512_fnmadd_ps(p, c, _mm512_fmadd_ps(p, c, v))
                };
                let xs = _mm512_set1_ps(x);
                for h in 0..NR / 16 {
                    let a = _mm512_loadu_ps(acc.as_ptr().add(16 * h));
                    let y = _mm512_loadu_ps(b.as_ptr().add(16 * h));
                    let s = round(_mm512_add_ps(a, round(_mm512_mul_ps(xs, y))));
                    _mm512_storeu_ps(out.as_mut_ptr().add(16 * h), s);
                }
            }
            return out;
        }
        #[cfg(target_arch = "x86_64")]
        if ISA == ISA_AVX2 && NR.is_multiple_of(8) {
            use std::arch::x86_64::*;
            // SAFETY: `ISA_AVX2` is only passed by `item_avx2`, which runs
            // once AVX2 and FMA were found at run time and into which this
            // row is inlined; the eight lanes at `8 · h` lie inside the
            // arrays (`NR` a multiple of 8).
            unsafe {
                let round = |v: __m256| {
                    let p = _mm256_and_ps(v, _mm256_castsi256_ps(_mm256_set1_epi32(0x7F80_0000)));
                    let c = _mm256_set1_ps(BF16_SHIFTER);
                    _mm256_fnmadd_ps(p, c, _mm256_fmadd_ps(p, c, v))
                };
                let xs = _mm256_set1_ps(x);
                for h in 0..NR / 8 {
                    let a = _mm256_loadu_ps(acc.as_ptr().add(8 * h));
                    let y = _mm256_loadu_ps(b.as_ptr().add(8 * h));
                    let s = round(_mm256_add_ps(a, round(_mm256_mul_ps(xs, y))));
                    _mm256_storeu_ps(out.as_mut_ptr().add(8 * h), s);
                }
            }
            return out;
        }
        for c in 0..NR {
            out[c] = self.mac(acc[c], x, b[c]);
        }
        out
    }
}

/// Whether every nonzero product of a bfloat16 value of magnitude at least
/// `a` and one of magnitude at least `b` (the least nonzero magnitudes of
/// two operands' bfloat16 patterns, `None` for an operand with none) is
/// at least 2⁻¹¹⁹ in magnitude: [`Bf16Mac`]'s condition.
pub fn bf16_products_stay_normal(a: Option<u16>, b: Option<u16>) -> bool {
    let (Some(a), Some(b)) = (a, b) else {
        return true;
    };
    let value = |m: u16| f64::from(f32::from_bits(u32::from(m & 0x7FFF) << 16));
    // Exact: two bfloat16 values' product fits in an `f64`.
    value(a) * value(b) >= 2f64.powi(-119)
}

/// The least nonzero magnitude (the 15 low bits) of bfloat16 patterns,
/// `None` when every one is ±0.
pub fn least_nonzero_bf16(words: &[u16]) -> Option<u16> {
    let m = words
        .iter()
        .map(|&w| match w & 0x7FFF {
            0 => u16::MAX,
            m => m,
        })
        .min()?;
    (m != u16::MAX).then_some(m)
}

/// The left operand of [`lanewise`], gathered a row at a time.
pub trait Gather<T>: Sync {
    /// Writes `X[i][k0 + q][j]` to `dst[q * J + j]` for `q < kc`, every
    /// column `j < J`.
    fn gather(&self, i: usize, k0: usize, kc: usize, pad: T, dst: &mut [T]);
}

/// Lanes of gathered values per block of the contraction in [`lanewise`].
const GATHER_LANES: usize = 4096;

/// `out[i][j]`, row-major, of `mac(…mac(zero, X[i][0][j], W[0][j])…,
/// X[i][K−1][j], W[K−1][j])`: every output its own chain in increasing
/// `k`, like [`gemm`]'s, but with a left operand of its own per column
/// (`W` held as `[k][j]`, row-major; `d.b` must be 1). This is the product
/// of a convolution whose groups have one or two output features each
/// (depthwise): the columns of a row advance side by side as the lanes of
/// vectors, each reading its own input feature, none ever another lane.
/// Blocks of rows run on threads (`par::each`), each output on one.
pub fn lanewise<T, G, M>(d: Dims, x: &G, w: &[T], zero: T, mac: M) -> Vec<T>
where
    T: Copy + Send + Sync,
    G: Gather<T>,
    M: Mac<T>,
{
    let mut out = vec![zero; d.i * d.j];
    if out.is_empty() || d.k == 0 || d.b != 1 || w.len() < d.k * d.j {
        return out;
    }
    let mut mc = MC;
    while mc > 1 && d.i.div_ceil(mc) < 8 {
        mc /= 2;
    }
    let items: Vec<LaneItem<'_, T, G, M>> = out
        .chunks_mut(mc * d.j)
        .enumerate()
        .map(|(n, rows)| LaneItem {
            d,
            x,
            w,
            zero,
            mac,
            i0: n * mc,
            out: rows,
        })
        .collect();
    let work = (d.i * d.j) as u64 * d.k as u64;
    match isa() {
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => par::each(items, work, |it| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { lanes_avx512(it) }
        }),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => par::each(items, work, |it| {
            // SAFETY: AVX2 was detected at run time.
            unsafe { lanes_avx2(it) }
        }),
        Isa::Base => par::each(items, work, lanes_base),
    }
    out
}

/// One block of rows of [`lanewise`].
struct LaneItem<'a, T, G, M> {
    d: Dims,
    x: &'a G,
    w: &'a [T],
    zero: T,
    mac: M,
    i0: usize,
    out: &'a mut [T],
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn lanes_avx512<T, G, M>(x: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Mac<T>,
{
    lanes_body(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lanes_avx2<T, G, M>(x: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Mac<T>,
{
    lanes_body(x)
}

fn lanes_base<T, G, M>(x: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Mac<T>,
{
    lanes_body(x)
}

/// Each row of a block: blocks of `k` gathered, then every column one
/// step on per `k`, in order.
#[inline(always)]
fn lanes_body<T, G, M>(it: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Mac<T>,
{
    let LaneItem {
        d,
        x,
        w,
        zero,
        mac,
        i0,
        out,
    } = it;
    let kb = (GATHER_LANES / d.j.max(1)).clamp(1, d.k);
    let mut buf = vec![zero; kb * d.j];
    for (r, acc) in out.chunks_exact_mut(d.j).enumerate() {
        for k0 in (0..d.k).step_by(kb) {
            let kc = kb.min(d.k - k0);
            x.gather(i0 + r, k0, kc, zero, &mut buf[..kc * d.j]);
            let ws = &w[k0 * d.j..][..kc * d.j];
            for (xs, wk) in buf.chunks_exact(d.j).zip(ws.chunks_exact(d.j)) {
                for ((a, &xv), &wv) in acc.iter_mut().zip(xs).zip(wk) {
                    *a = mac.mac(*a, xv, wv);
                }
            }
        }
    }
}
