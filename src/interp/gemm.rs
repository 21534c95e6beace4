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
//!   reads sequential.
//! * **Threads** take whole blocks of rows (`par::each`); an output is
//!   computed by one thread, the same way whatever the thread count.
//!
//! `mac` is whatever the caller passes; the hardware `a + x * y` of Rust
//! is two roundings (Rust never contracts it to a fused multiply-add, with
//! or without the vector extensions enabled here), and the callers choose
//! element representations in which each operation has the bits of the
//! soft-float one (see `linalg.rs`).

use super::par;

/// The sizes of a batched matrix product: `[b, i, k] × [b, k, j] → [b, i, j]`.
#[derive(Clone, Copy, Debug)]
pub struct Dims {
    pub b: usize,
    pub i: usize,
    pub j: usize,
    pub k: usize,
}

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

/// The vector extensions found at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Base,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

fn level() -> Level {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return Level::Avx512;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return Level::Avx2;
        }
    }
    Level::Base
}

/// `out[b][i][j]`, row-major, of the product of `lhs` and `rhs` (held as
/// `[b][k][j]`, row-major) under `mac`, each output's chain starting from
/// `zero` (see the module doc). `zero` also pads partial tiles, whose
/// lanes are computed and dropped.
pub fn gemm<T, A, M>(d: Dims, lhs: &A, rhs: &[T], zero: T, mac: M) -> Vec<T>
where
    T: Copy + Send + Sync,
    A: Lhs<T>,
    M: Fn(T, T, T) -> T + Copy + Send + Sync,
{
    let wide = std::mem::size_of::<T>() > 4;
    // Products of few columns (a matrix times a vector or a handful of
    // classes) take panels of one vector rather than two, so fewer padding
    // lanes are computed and dropped.
    let narrow = d.j <= if wide { 8 } else { 16 };
    match level() {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 if wide && narrow => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 if wide => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 if narrow => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => run::<T, A, M, 32>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { item_avx512(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 if wide => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX2 was detected at run time.
            unsafe { item_avx2(x) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => run::<T, A, M, 16>(d, lhs, rhs, zero, mac, |x| {
            // SAFETY: AVX2 was detected at run time.
            unsafe { item_avx2(x) }
        }),
        Level::Base if wide => run::<T, A, M, 4>(d, lhs, rhs, zero, mac, item_base),
        Level::Base => run::<T, A, M, 8>(d, lhs, rhs, zero, mac, item_base),
    }
}

/// One block of rows: everything an item of work needs.
struct Item<'a, T, A, M, const NR: usize> {
    d: Dims,
    lhs: &'a A,
    /// The right operand packed: per batch and block of `k`, panels of
    /// `NR` columns, each `[kc][NR]`.
    packed: &'a [T],
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
    M: Fn(T, T, T) -> T + Copy + Send + Sync,
{
    let mut out = vec![zero; d.b * d.i * d.j];
    if out.is_empty() || d.k == 0 {
        return out;
    }
    let panels = d.j.div_ceil(NR);
    let mut packed = vec![zero; d.b * d.k * panels * NR];
    for b in 0..d.b {
        for k0 in (0..d.k).step_by(KC) {
            let kc = KC.min(d.k - k0);
            let base = (b * d.k + k0) * panels * NR;
            for q in 0..kc {
                let row = &rhs[(b * d.k + k0 + q) * d.j..][..d.j];
                for (p, cols) in row.chunks(NR).enumerate() {
                    packed[base + (p * kc + q) * NR..][..cols.len()].copy_from_slice(cols);
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
                packed: &packed,
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
    M: Fn(T, T, T) -> T + Copy,
{
    item_body(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn item_avx2<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Fn(T, T, T) -> T + Copy,
{
    item_body(x)
}

fn item_base<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Fn(T, T, T) -> T + Copy,
{
    item_body(x)
}

/// One block of rows through every block of `k` and every panel.
#[inline(always)]
fn item_body<T, A, M, const NR: usize>(x: Item<'_, T, A, M, NR>)
where
    T: Copy,
    A: Lhs<T>,
    M: Fn(T, T, T) -> T + Copy,
{
    let Item {
        d,
        lhs,
        packed,
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
    for k0 in (0..d.k).step_by(KC) {
        let kc = KC.min(d.k - k0);
        for t in 0..tiles {
            let r0 = t * MR;
            let dst = &mut abuf[t * kc * MR..][..kc * MR];
            lhs.pack(b, i0 + r0, MR.min(rows - r0), k0, kc, MR, zero, dst);
        }
        let base = (b * d.k + k0) * panels * NR;
        for p in 0..panels {
            let bp = &packed[base + p * kc * NR..][..kc * NR];
            let j0 = p * NR;
            let nc = NR.min(d.j - j0);
            for t in 0..tiles {
                let r0 = t * MR;
                let nr = MR.min(rows - r0);
                let mut acc = [[zero; NR]; MR];
                if k0 > 0 {
                    for (r, a) in acc.iter_mut().enumerate().take(nr) {
                        a[..nc].copy_from_slice(&out[(r0 + r) * d.j + j0..][..nc]);
                    }
                }
                micro(&abuf[t * kc * MR..][..kc * MR], bp, &mut acc, mac);
                for (r, a) in acc.iter().enumerate().take(nr) {
                    out[(r0 + r) * d.j + j0..][..nc].copy_from_slice(&a[..nc]);
                }
            }
        }
    }
}

/// `acc[r][c] = mac(acc[r][c], a[q][r], b[q][c])` for `q` in order. The
/// four rows are named values (not an indexed array) so that LLVM keeps
/// them in registers and vectorises each row's `NR` lanes, rather than
/// vectorising across rows with gathers.
#[inline(always)]
fn micro<T: Copy, const NR: usize>(
    a: &[T],
    b: &[T],
    acc: &mut [[T; NR]; MR],
    mac: impl Fn(T, T, T) -> T,
) {
    let [mut a0, mut a1, mut a2, mut a3] = *acc;
    for (aq, bq) in a.chunks_exact(MR).zip(b.chunks_exact(NR)) {
        let (Ok(aq), Ok(bq)): (Result<&[T; MR], _>, Result<&[T; NR], _>) =
            (aq.try_into(), bq.try_into())
        else {
            return;
        };
        a0 = row(a0, aq[0], bq, &mac);
        a1 = row(a1, aq[1], bq, &mac);
        a2 = row(a2, aq[2], bq, &mac);
        a3 = row(a3, aq[3], bq, &mac);
    }
    *acc = [a0, a1, a2, a3];
}

/// One row of a tile one step on: `mac(acc[c], x, b[c])` for every lane.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // indexing keeps the lanes in registers
fn row<T: Copy, const NR: usize>(
    acc: [T; NR],
    x: T,
    b: &[T; NR],
    mac: &impl Fn(T, T, T) -> T,
) -> [T; NR] {
    // An indexed loop rather than `array::from_fn`, which LLVM may leave
    // out of line (then compiled without the vector extensions).
    let mut out = acc;
    for c in 0..NR {
        out[c] = mac(acc[c], x, b[c]);
    }
    out
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
    M: Fn(T, T, T) -> T + Copy + Send + Sync,
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
    match level() {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => par::each(items, work, |it| {
            // SAFETY: AVX-512F was detected at run time.
            unsafe { lanes_avx512(it) }
        }),
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => par::each(items, work, |it| {
            // SAFETY: AVX2 was detected at run time.
            unsafe { lanes_avx2(it) }
        }),
        Level::Base => par::each(items, work, lanes_base),
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
    M: Fn(T, T, T) -> T + Copy,
{
    lanes_body(x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lanes_avx2<T, G, M>(x: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Fn(T, T, T) -> T + Copy,
{
    lanes_body(x)
}

fn lanes_base<T, G, M>(x: LaneItem<'_, T, G, M>)
where
    T: Copy,
    G: Gather<T>,
    M: Fn(T, T, T) -> T + Copy,
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
    M: Fn(T, T, T) -> T + Copy,
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
                    *a = mac(*a, xv, wv);
                }
            }
        }
    }
}
