//! Linear algebra: `dot_general`, `dot`, `convolution`, `dynamic_conv`,
//! `fft`, `cholesky`, `triangular_solve`, the three `batch_norm_*` ops and
//! `chlo.ragged_dot`.
//!
//! Arithmetic orders and formats, where the spec leaves them open:
//!
//! * `dot_general`, `dot` and `convolution` compute each result element as
//!   the spec's `reduce(multiply(…), 0, add)`: starting from zero, each
//!   product is rounded and then added, sequentially, in the row-major order
//!   of the contracting index (for convolution: the spatial window in the
//!   order of `input_spatial_dimensions`, then the input feature). Inputs
//!   are first converted to the accumulation type: the result element type,
//!   or the `algorithm`'s `accumulation_type`; an `algorithm`'s
//!   `lhs/rhs_precision_type` rounds the inputs to that format first (not
//!   when the operand's component count is above 1: such algorithms emulate
//!   a higher precision, taken here as exact inputs).
//!   Integer products and sums wrap. Padding of a convolution contributes
//!   `0 × w` terms, as the spec's `pad` does. f32 and f64 use the hardware
//!   for these correctly rounded operations (same bits), and the narrow
//!   formats compute in f64 rounded once per operation (`float::fast`); a NaN result is
//!   recomputed in soft-float so that its payload follows the soft-float rules.
//! * `fft` computes in f64: radix-2 Cooley–Tukey for power-of-two lengths,
//!   else a direct DFT (lengths up to 16384, summed sequentially), with
//!   twiddles `exp(∓2πi·jk/n)` whose sine and cosine come from this module's
//!   own f64 series (no host libm, error below 1e-15), rounded once to the
//!   result format. Per transformed dimension the absolute error of an output
//!   is below about `c · 2⁻⁵² · Σ|x|` with `c = log2(n) + 2` (radix-2) or
//!   `c = n + 2` (direct): f32 and narrower results are within an ULP or so
//!   of the exact transform except under cancellation; f64 results are not
//!   correctly rounded. A NaN output is the result format's default NaN
//!   (`from_f64` of the positive quiet f64 NaN, no payload): which operand
//!   NaN an f64 sum passes on is the hardware's and the compiler's choice
//!   (addition commutes), not the transform's, so no payload is kept.
//! * `cholesky` and `triangular_solve` on real and complex floats compute in
//!   f64 (Cholesky–Banachiewicz and forward/back substitution, sums in index
//!   order, textbook complex products and quotients) and round once to the
//!   element type. The unused triangle of the `cholesky` result is zero; a
//!   non-positive pivot makes the whole matrix NaN.
//! * `batch_norm_*` follow the spec's decompositions literally, in the
//!   element type, with sums in the row-major order of the reduced indices.

use std::borrow::Cow;

use super::elementwise::convert_tensor;
use super::gemm;
use super::lanes::{self, FFT_LINES};
use super::quant::{any_quantized, dequantize_op_quantize};
use super::reduce::{
    attr_bool, attr_i64, attr_i64s, for_each_offset, padding_pairs, tensors, to_usize,
};
use super::tensor::{
    float_kind, int_kind, lanes, num_elements, shape_text, strides, Tensor, BLOCK,
};
use super::words::{Width, Words};
use super::{
    lane_bytes, result_elem, result_type, result_type_dyn, tensor_bytes, Interp, KResult, Kernel,
    KernelError, Value,
};
use crate::float::fast::Narrow;
use crate::float::{arith, convert, from_f64, to_f64, FloatKind, Format, Rounding};
use crate::ir::attr::Attr;
use crate::ir::{ElementType, Op, Type};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.dot_general", dot_general),
    ("stablehlo.dot", dot),
    ("stablehlo.convolution", convolution),
    ("stablehlo.dynamic_conv", dynamic_conv),
    ("stablehlo.fft", fft),
    ("stablehlo.cholesky", cholesky),
    ("stablehlo.triangular_solve", triangular_solve),
    ("stablehlo.batch_norm_inference", batch_norm_inference),
    ("stablehlo.batch_norm_training", batch_norm_training),
    ("stablehlo.batch_norm_grad", batch_norm_grad),
    ("chlo.ragged_dot", ragged_dot),
];

const RNE: Rounding = Rounding::NearestEven;

// ---------------------------------------------------------------------------
// Multiply-accumulate engine
// ---------------------------------------------------------------------------

/// A computation that folds `acc = mac(acc, l[i], r[j])` over index pairs
/// into outputs; run on any representation of the elements.
trait MacLoop {
    fn run<T: Copy>(&self, l: &[T], r: &[T], zero: T, mac: impl Fn(T, T, T) -> T) -> Vec<T>;
}

/// Runs a [`MacLoop`] on two tensors already in the accumulation type `elem`.
fn run_mac(k: &impl MacLoop, elem: &ElementType, l: &Tensor, r: &Tensor) -> KResult<Vec<u64>> {
    match elem {
        ElementType::Float(FloatKind::F32) => {
            let a: Vec<f32> = l.data.iter().map(|x| f32::from_bits(x as u32)).collect();
            let b: Vec<f32> = r.data.iter().map(|x| f32::from_bits(x as u32)).collect();
            let out = k.run(&a, &b, 0.0f32, |acc, x, y| acc + x * y);
            if out.iter().all(|v| !v.is_nan()) {
                return Ok(out.iter().map(|v| v.to_bits() as u64).collect());
            }
            let f = FloatKind::F32.format();
            Ok(k.run(&l.lanes_vec(), &r.lanes_vec(), 0u64, |acc, x, y| {
                soft_mac(f, acc, x, y)
            }))
        }
        ElementType::Float(FloatKind::F64) => {
            let a: Vec<f64> = l.data.iter().map(f64::from_bits).collect();
            let b: Vec<f64> = r.data.iter().map(f64::from_bits).collect();
            let out = k.run(&a, &b, 0.0f64, |acc, x, y| acc + x * y);
            if out.iter().all(|v| !v.is_nan()) {
                return Ok(out.iter().map(|v| v.to_bits()).collect());
            }
            let f = FloatKind::F64.format();
            Ok(k.run(&l.lanes_vec(), &r.lanes_vec(), 0u64, |acc, x, y| {
                soft_mac(f, acc, x, y)
            }))
        }
        ElementType::Float(kind) => {
            let f = kind.format();
            if !f.has_zero {
                // No zero to start from (f8E8M0FNU): the sum starts with its
                // first product; an empty sum has no value (NaN).
                let tag =
                    |t: &Tensor| -> Vec<(u64, bool)> { t.data.iter().map(|x| (x, true)).collect() };
                let out = k.run(
                    &tag(l),
                    &tag(r),
                    (arith::zero(f, false), false),
                    |acc, x, y| {
                        if acc.1 {
                            (soft_mac(f, acc.0, x.0, y.0), true)
                        } else {
                            (arith::mul(f, x.0, y.0, RNE), true)
                        }
                    },
                );
                return Ok(out.into_iter().map(|v| v.0).collect());
            }
            // Narrow formats: exact f64 values, each product and sum done in
            // f64 and rounded once to the format (same bits: see
            // `float::fast`); a NaN anywhere recomputes in soft-float.
            if let Some(n) = Narrow::new(f) {
                let a: Vec<f64> = l.data.iter().map(|x| n.value(x)).collect();
                let b: Vec<f64> = r.data.iter().map(|x| n.value(x)).collect();
                let out = k.run(&a, &b, 0.0f64, |acc, x, y| n.round(acc + n.round(x * y)));
                if out.iter().all(|v| !v.is_nan()) {
                    return Ok(out.iter().map(|&v| n.bits(v)).collect());
                }
                // Some output met a NaN: step by step on the patterns, each
                // step fast unless its result is NaN (then soft-float, for
                // the NaN rules), so the other outputs stay fast.
                let zero = arith::zero(f, false);
                return Ok(k.run(&l.lanes_vec(), &r.lanes_vec(), zero, |acc, x, y| {
                    let v = n.round(n.value(acc) + n.round(n.value(x) * n.value(y)));
                    if v.is_nan() {
                        soft_mac(f, acc, x, y)
                    } else {
                        n.bits(v)
                    }
                }));
            }
            let zero = arith::zero(f, false);
            Ok(k.run(&l.lanes_vec(), &r.lanes_vec(), zero, |acc, x, y| {
                soft_mac(f, acc, x, y)
            }))
        }
        ElementType::Complex(kind) => {
            let hw = match kind {
                FloatKind::F32 => complex_hw::<f32>(k, l, r, |v| v.to_bits() as u64, f32::is_nan),
                FloatKind::F64 => complex_hw::<f64>(k, l, r, f64::to_bits, f64::is_nan),
                _ => None,
            };
            if let Some(out) = hw {
                return Ok(out);
            }
            let f = kind.format();
            let pairs = |t: &Tensor| -> Vec<(u64, u64)> {
                t.lanes_vec()
                    .chunks_exact(2)
                    .map(|c| (c[0], c[1]))
                    .collect()
            };
            let zero = arith::zero(f, false);
            let out = k.run(&pairs(l), &pairs(r), (zero, zero), |acc, x, y| {
                let p = super::elementwise::complex_mul(f, x, y);
                (
                    arith::add(f, acc.0, p.0, RNE),
                    arith::add(f, acc.1, p.1, RNE),
                )
            });
            Ok(out.into_iter().flat_map(|(a, b)| [a, b]).collect())
        }
        ElementType::Int(_, 1) => Ok(k.run(&l.lanes_vec(), &r.lanes_vec(), 0u64, |acc, x, y| {
            acc | (x & y)
        })),
        other => {
            let ik = int_kind(other).ok_or("unsupported element type")?;
            let out = k.run(&l.lanes_vec(), &r.lanes_vec(), 0u64, |acc, x, y| {
                acc.wrapping_add(x.wrapping_mul(y))
            });
            Ok(out.into_iter().map(|v| ik.wrap(v as i64 as i128)).collect())
        }
    }
}

/// A complex product in hardware floats: each step `acc + x·y` with
/// `x·y = (ac − bd) + (ad + bc)i`, every operation rounded once as
/// `complex_mul` and `arith::add` round it (IEEE, to nearest even), so the
/// bits are the soft path's unless a NaN appears; then `None` (the soft
/// path holds the NaN rules).
fn complex_hw<F>(
    k: &impl MacLoop,
    l: &Tensor,
    r: &Tensor,
    bits: fn(F) -> u64,
    is_nan: fn(F) -> bool,
) -> Option<Vec<u64>>
where
    F: HwFloat + std::ops::Sub<Output = F>,
{
    let pairs = |t: &Tensor| -> Vec<(F, F)> {
        let v = F::lanes(&t.data);
        v.chunks_exact(2).map(|c| (c[0], c[1])).collect()
    };
    let out = k.run(
        &pairs(l),
        &pairs(r),
        (F::ZERO, F::ZERO),
        |acc: (F, F), x: (F, F), y: (F, F)| {
            let re = x.0 * y.0 - x.1 * y.1;
            let im = x.0 * y.1 + x.1 * y.0;
            (acc.0 + re, acc.1 + im)
        },
    );
    if out.iter().any(|v| is_nan(v.0) || is_nan(v.1)) {
        return None;
    }
    Some(
        out.into_iter()
            .flat_map(|(a, b)| [bits(a), bits(b)])
            .collect(),
    )
}

fn soft_mac(f: &Format, acc: u64, x: u64, y: u64) -> u64 {
    arith::add(f, acc, arith::mul(f, x, y, RNE), RNE)
}

/// The float kind named by a type attribute.
fn type_kind(a: Option<&Attr>) -> Option<FloatKind> {
    match a? {
        Attr::Type(Type::Element(ElementType::Float(k))) => Some(*k),
        Attr::Type(Type::Tensor(t)) => float_kind(&t.elem),
        _ => None,
    }
}

/// Rounds a tensor through `prec` (when given) and converts it to `acc`.
/// (Borrowed when neither changes it.)
fn prepare<'t>(t: &'t Tensor, prec: Option<FloatKind>, acc: &ElementType) -> Cow<'t, Tensor> {
    let t = match (prec, &t.elem) {
        (Some(p), ElementType::Float(k)) if *k != p => {
            Cow::Owned(convert_tensor(t, &ElementType::Float(p)))
        }
        _ => Cow::Borrowed(t),
    };
    if &t.elem == acc {
        return t;
    }
    Cow::Owned(convert_tensor(&t, acc))
}

// ---------------------------------------------------------------------------
// dot_general
// ---------------------------------------------------------------------------

/// Independent accumulation chains run side by side (each output keeps its
/// own sequential order).
const LANES: usize = 8;

/// Packed operands `[B, I, K]` and `[B, J, K]`.
struct DotLoop {
    b: usize,
    i: usize,
    j: usize,
    k: usize,
}

impl MacLoop for DotLoop {
    #[allow(clippy::needless_range_loop)] // indexing keeps the chains in registers
    fn run<T: Copy>(&self, l: &[T], r: &[T], zero: T, mac: impl Fn(T, T, T) -> T) -> Vec<T> {
        let (bn, ni, nj, nk) = (self.b, self.i, self.j, self.k);
        let mut out = vec![zero; bn * ni * nj];
        // LANES rhs rows interleaved by k, so that one lhs element meets
        // LANES consecutive values: LANES independent chains side by side,
        // each accumulated in index order.
        let mut packed = vec![zero; nk * LANES];
        for b in 0..bn {
            let rrow = |j: usize| &r[(b * nj + j) * nk..][..nk];
            let mut j = 0;
            while j + LANES <= nj {
                for q in 0..LANES {
                    for (k, &v) in rrow(j + q).iter().enumerate() {
                        packed[k * LANES + q] = v;
                    }
                }
                for i in 0..ni {
                    let lrow = &l[(b * ni + i) * nk..][..nk];
                    let mut a = [zero; LANES];
                    for (&x, p) in lrow.iter().zip(packed.chunks_exact(LANES)) {
                        let Ok(p): Result<&[T; LANES], _> = p.try_into() else {
                            continue;
                        };
                        for q in 0..LANES {
                            a[q] = mac(a[q], x, p[q]);
                        }
                    }
                    let o = (b * ni + i) * nj + j;
                    out[o..o + LANES].copy_from_slice(&a);
                }
                j += LANES;
            }
            for j in j..nj {
                for i in 0..ni {
                    let lrow = &l[(b * ni + i) * nk..][..nk];
                    let mut acc = zero;
                    for (&x, &y) in lrow.iter().zip(rrow(j)) {
                        acc = mac(acc, x, y);
                    }
                    out[(b * ni + i) * nj + j] = acc;
                }
            }
        }
        out
    }
}

/// Checks a dimension list against a rank: in range, no repeats.
fn check_dims(d: &[i64], rank: usize, what: &str) -> KResult<Vec<usize>> {
    let mut out = Vec::with_capacity(d.len());
    for &x in d {
        let x = to_usize(x, what)?;
        if x >= rank || out.contains(&x) {
            return Err(format!("{what} {x} is out of range or repeated").into());
        }
        out.push(x);
    }
    Ok(out)
}

/// `t` with its dimensions taken in the order `dims` (a permutation), as
/// `transpose` copies it; borrowed, with its own shape, when no element
/// moves (the identity, or only dimensions of size 1 moved).
fn permuted<'t>(interp: &Interp<'_>, t: &'t Tensor, dims: &[usize]) -> KResult<Cow<'t, Tensor>> {
    // Dimensions of one element may move without moving any element: the
    // tensor is then taken as it is (the products read only its data).
    if dims
        .iter()
        .filter(|&&d| t.shape.get(d) != Some(&1))
        .is_sorted()
    {
        return Ok(Cow::Borrowed(t));
    }
    Ok(Cow::Owned(super::movement::permute(interp, t, dims)?))
}

#[allow(clippy::too_many_arguments)]
fn dot_core(
    interp: &Interp<'_>,
    lhs: &Tensor,
    rhs: &Tensor,
    lb: &[i64],
    rb: &[i64],
    lc: &[i64],
    rc: &[i64],
    out_elem: &ElementType,
    algo: (Option<FloatKind>, Option<FloatKind>, Option<FloatKind>),
) -> KResult<Tensor> {
    let (lr, rr) = (lhs.rank(), rhs.rank());
    let lb = check_dims(lb, lr, "lhs batching dimension")?;
    let rb = check_dims(rb, rr, "rhs batching dimension")?;
    let lc = check_dims(lc, lr, "lhs contracting dimension")?;
    let rc = check_dims(rc, rr, "rhs contracting dimension")?;
    if lb.len() != rb.len() || lc.len() != rc.len() {
        return Err("batching or contracting dimension lists differ in length".into());
    }
    if lb.iter().any(|d| lc.contains(d)) || rb.iter().any(|d| rc.contains(d)) {
        return Err("a dimension is both batching and contracting".into());
    }
    let pairs = lb.iter().zip(&rb).map(|p| ("batching", p));
    for (kind, (&a, &b)) in pairs.chain(lc.iter().zip(&rc).map(|p| ("contracting", p))) {
        if lhs.shape[a] != rhs.shape[b] {
            return Err(format!(
                "lhs {kind} dimension {a} ({}) and rhs {kind} dimension {b} ({}) differ",
                lhs.shape[a], rhs.shape[b]
            )
            .into());
        }
    }
    let lf: Vec<usize> = (0..lr)
        .filter(|d| !lb.contains(d) && !lc.contains(d))
        .collect();
    let rf: Vec<usize> = (0..rr)
        .filter(|d| !rb.contains(d) && !rc.contains(d))
        .collect();
    let mut shape: Vec<usize> = lb.iter().map(|&d| lhs.shape[d]).collect();
    shape.extend(lf.iter().map(|&d| lhs.shape[d]));
    shape.extend(rf.iter().map(|&d| rhs.shape[d]));
    interp.check_shape(&shape, lanes(out_elem))?;
    // Each result element is K multiply-adds; the inputs are converted and
    // permuted (two copies each) and the result converted once.
    let k_len = lc
        .iter()
        .fold(1u64, |a, &d| a.saturating_mul(lhs.shape[d] as u64));
    let out_n = num_elements(&shape);
    interp.charge(
        (out_n as u64).saturating_mul(k_len.max(1)),
        (tensor_bytes(lhs).saturating_add(tensor_bytes(rhs)))
            .saturating_mul(2)
            .saturating_add(lane_bytes(out_n, lanes(out_elem))),
    )?;
    let acc_elem = match algo.2 {
        Some(k) if matches!(out_elem, ElementType::Float(_)) => ElementType::Float(k),
        _ => out_elem.clone(),
    };
    let l = prepare(lhs, algo.0, &acc_elem);
    let r = prepare(rhs, algo.1, &acc_elem);
    let size = |t: &Tensor, ds: &[usize]| ds.iter().fold(1usize, |a, &d| a * t.shape[d]);
    let shape_loop = DotLoop {
        b: size(lhs, &lb),
        i: size(lhs, &lf),
        j: size(rhs, &rf),
        k: size(lhs, &lc),
    };
    let lorder: Vec<usize> = lb.iter().chain(&lf).chain(&lc).copied().collect();
    if interp.fast_kernels {
        // The engine takes the rhs as [B, K, J], and the lhs as [B, I, K]
        // or, for a product of one column, [B, K, I] (see `DotProduct`).
        let swapped = shape_loop.j == 1 && shape_loop.i > 1;
        let fast_lorder: Vec<usize> = if swapped {
            lb.iter().chain(&lc).chain(&lf).copied().collect()
        } else {
            lorder.clone()
        };
        let lp = permuted(interp, &l, &fast_lorder)?;
        let rorder: Vec<usize> = rb.iter().chain(&rc).chain(&rf).copied().collect();
        let rp = permuted(interp, &r, &rorder)?;
        let d = gemm::Dims {
            b: shape_loop.b,
            i: shape_loop.i,
            j: shape_loop.j,
            k: shape_loop.k,
        };
        let p = DotProduct {
            d,
            lp: &lp,
            rp: &rp,
            swapped,
        };
        if let Some(words) = fast_mac(&acc_elem, &p) {
            let out = Tensor::from_words(acc_elem, shape, words);
            if &out.elem == out_elem {
                return Ok(out);
            }
            return Ok(convert_tensor(&out, out_elem));
        }
    }
    let lp = permuted(interp, &l, &lorder)?;
    let rorder: Vec<usize> = rb.iter().chain(&rf).chain(&rc).copied().collect();
    let rp = permuted(interp, &r, &rorder)?;
    let data = run_mac(&shape_loop, &acc_elem, &lp, &rp)?;
    let out = Tensor::new(acc_elem, shape, &data);
    Ok(convert_tensor(&out, out_elem))
}

/// A multiply-accumulate computation the engine can run: each output a
/// chain `acc = mac(acc, x, y)` from a zero over its own sequence of pairs.
trait Product {
    /// Every output, computed on the engine with lanes read by `read`.
    fn run<T: Copy + Send + Sync>(
        &self,
        read: impl Fn(u64) -> T + Sync,
        zero: T,
        mac: impl gemm::Mac<T>,
    ) -> Vec<T>;

    /// Every output of an f32 or f64 product in hardware (`acc + x * y`
    /// from zero): [`Product::run`], unless the product can read its
    /// operands' storage in place.
    fn run_hw<F: HwFloat>(&self) -> Vec<F> {
        self.run(F::from_lane, F::ZERO, |a: F, x: F, y: F| a + x * y)
    }

    /// Output `o` alone, by the plain chain `acc = step(acc, x, y)` from
    /// `zero` on the operands' lanes (`zero` also stands for padding),
    /// ending early once `done(acc)`: the caller's promise that no further
    /// step changes `acc`.
    fn one(
        &self,
        o: usize,
        zero: u64,
        step: impl Fn(u64, u64, u64) -> u64,
        done: impl Fn(u64) -> bool,
    ) -> u64;

    /// Multiply-accumulate steps of all outputs together.
    fn macs(&self) -> u64;

    /// The left and right operands (whose elements, with zeros for
    /// padding, are all the steps read).
    fn operands(&self) -> [&Tensor; 2];
}

/// Every lane of `w` read by `read`, in order; pieces of a large vector on
/// threads (`par::fill`), each lane read the same way wherever it runs.
fn lanes_as<T: Copy + Send + Sync>(
    w: &Words,
    read: &(impl Fn(u64) -> T + Sync),
    zero: T,
) -> Vec<T> {
    let mut out = vec![zero; w.len()];
    super::par::fill(&mut out, |off, piece| {
        let mut buf = [0u64; BLOCK];
        for (i, chunk) in piece.chunks_mut(BLOCK).enumerate() {
            let lanes = &mut buf[..chunk.len()];
            w.read(off + i * BLOCK, lanes);
            for (o, &x) in chunk.iter_mut().zip(lanes.iter()) {
                *o = read(x);
            }
        }
    });
    out
}

/// A `dot_general` for the engine: `lp` as `[B, I, K]`, `rp` as `[B, K, J]`;
/// or, `swapped`, a product of one column (`J = 1`) with `lp` as
/// `[B, K, I]`, run as the engine's `[B, 1, K] × [B, K, I]` (the engine
/// puts columns in vector lanes, so a single column would fill one lane of
/// each vector) with each step given its operands in their own order:
/// every output is the same chain `mac(acc, A[b][i][k], B[b][k][0])` over
/// `k`, and `[B, 1, I]` is `[B, I, 1]` laid out.
struct DotProduct<'a> {
    d: gemm::Dims,
    lp: &'a Tensor,
    rp: &'a Tensor,
    swapped: bool,
}

impl DotProduct<'_> {
    /// The engine's run of the product on the operands' lanes `a` (of
    /// `lp`) and `b` (of `rp`), with `mac` given each step's lhs lane
    /// first whichever way the engine reads them.
    fn engine<T: Copy + Send + Sync>(
        &self,
        a: &[T],
        b: &[T],
        zero: T,
        mac: impl gemm::Mac<T>,
    ) -> Vec<T> {
        let d = self.d;
        if self.swapped {
            let lhs = gemm::Dense {
                data: b,
                i: 1,
                k: d.k,
            };
            let e = gemm::Dims { i: 1, j: d.i, ..d };
            return gemm::gemm(e, &lhs, a, zero, move |acc: T, x: T, y: T| {
                mac.mac(acc, y, x)
            });
        }
        let lhs = gemm::Dense {
            data: a,
            i: d.i,
            k: d.k,
        };
        gemm::gemm(d, &lhs, b, zero, mac)
    }
}

impl Product for DotProduct<'_> {
    fn run<T: Copy + Send + Sync>(
        &self,
        read: impl Fn(u64) -> T + Sync,
        zero: T,
        mac: impl gemm::Mac<T>,
    ) -> Vec<T> {
        let a = lanes_as(&self.lp.data, &read, zero);
        let b = lanes_as(&self.rp.data, &read, zero);
        self.engine(&a, &b, zero, mac)
    }

    /// The operands' words taken as they are when they are stored at the
    /// float's width (the loop-invariant weights of a recurrent step are
    /// not copied at every step), else read as `run` reads them.
    fn run_hw<F: HwFloat>(&self) -> Vec<F> {
        let a = F::lanes(&self.lp.data);
        let b = F::lanes(&self.rp.data);
        self.engine(&a, &b, F::ZERO, |a: F, x: F, y: F| a + x * y)
    }

    fn macs(&self) -> u64 {
        let d = self.d;
        [d.b, d.i, d.j, d.k]
            .iter()
            .fold(1u64, |m, &n| m.saturating_mul(n as u64))
    }

    fn operands(&self) -> [&Tensor; 2] {
        [self.lp, self.rp]
    }

    fn one(
        &self,
        o: usize,
        zero: u64,
        step: impl Fn(u64, u64, u64) -> u64,
        done: impl Fn(u64) -> bool,
    ) -> u64 {
        let d = self.d;
        let (b, i, j) = (o / (d.i * d.j), o / d.j % d.i, o % d.j);
        let mut acc = zero;
        for k in 0..d.k {
            let x = if self.swapped {
                self.lp.data.get((b * d.k + k) * d.i + i)
            } else {
                self.lp.data.get((b * d.i + i) * d.k + k)
            };
            let y = self.rp.data.get((b * d.k + k) * d.j + j);
            acc = step(acc, x, y);
            if done(acc) {
                break;
            }
        }
        acc
    }
}

/// f32 and f64, computed in hardware by [`Product::run_hw`].
trait HwFloat:
    Copy + Send + Sync + std::ops::Add<Output = Self> + std::ops::Mul<Output = Self>
{
    const ZERO: Self;
    /// A lane's value.
    fn from_lane(x: u64) -> Self;
    /// Every lane of `w`: borrowed when `w` stores words of this float's
    /// width, else read lane by lane.
    fn lanes(w: &Words) -> Cow<'_, [Self]>;
}

impl HwFloat for f32 {
    const ZERO: f32 = 0.0;
    fn from_lane(x: u64) -> f32 {
        f32::from_bits(x as u32)
    }
    fn lanes(w: &Words) -> Cow<'_, [f32]> {
        match w {
            // SAFETY: `f32` and `u32` have the same size and alignment,
            // and every bit pattern is an `f32`.
            Words::U32(v) => Cow::Borrowed(unsafe {
                std::slice::from_raw_parts(v.as_ptr().cast::<f32>(), v.len())
            }),
            _ => Cow::Owned(w.map_vec(f32::from_lane)),
        }
    }
}

impl HwFloat for f64 {
    const ZERO: f64 = 0.0;
    fn from_lane(x: u64) -> f64 {
        f64::from_bits(x)
    }
    fn lanes(w: &Words) -> Cow<'_, [f64]> {
        match w {
            // SAFETY: `f64` and `u64` have the same size and alignment,
            // and every bit pattern is an `f64`.
            Words::U64(v) => Cow::Borrowed(unsafe {
                std::slice::from_raw_parts(v.as_ptr().cast::<f64>(), v.len())
            }),
            _ => Cow::Owned(w.map_vec(f64::from_bits)),
        }
    }
}

/// The words of `p`'s result in the accumulation type `acc`, computed on
/// the engine (`gemm.rs`), or `None` for the types left to the plain loops
/// ([`run_mac`]: complex, the soft-float formats without a fast path,
/// f8E8M0FNU).
///
/// Each type computes in a representation whose operations give
/// `run_mac`'s bits: f32 and f64 in hardware; bf16 and f16 in `f32`
/// lanes, each product (exact in `f32`: 2·8 and 2·11 bits ≤ 24, within
/// `f32`'s range, products of bf16 subnormals included: see
/// `tests/kernels.rs`) and each sum (Figueroa: 24 ≥ 2p + 2) rounded once to
/// the format by [`gemm::round_bf16`] / [`gemm::round_f16`] (f16 by the
/// hardware's conversions with AVX-512: [`gemm::F16Mac`]; bf16 by two
/// fused multiply-adds, [`gemm::Bf16Mac`], when no nonzero product of the
/// operands is below 2⁻¹¹⁹, the whole product run again by the exact step
/// if an output comes out non-finite); the other
/// narrow formats in `f64` lanes through [`Narrow::round`], as `run_mac`
/// does; integers wrapping in `u64` (in `u32` for types of at most 32
/// bits). An output that comes out NaN is
/// recomputed alone by `run_mac`'s own step for its type (a NaN anywhere
/// in a chain leaves the output NaN, so every other output met no NaN and
/// has the same bits both ways).
fn fast_mac(acc: &ElementType, p: &impl Product) -> Option<Words> {
    let width = Width::of(acc);
    let words = match acc {
        ElementType::Float(FloatKind::F32) => {
            let out = p.run_hw::<f32>();
            let nans = nan_positions(&out, |v| v.is_nan());
            // In place: the words take the floats' own buffer.
            let mut w = Words::U32(out.into_iter().map(f32::to_bits).collect());
            let f = FloatKind::F32.format();
            fix_nans(&mut w, nans, p, f, 0, |a, x, y| soft_mac(f, a, x, y));
            w
        }
        ElementType::Float(FloatKind::F64) => {
            let out = p.run_hw::<f64>();
            let nans = nan_positions(&out, |v| v.is_nan());
            let mut w = Words::U64(out.into_iter().map(f64::to_bits).collect());
            let f = FloatKind::F64.format();
            fix_nans(&mut w, nans, p, f, 0, |a, x, y| soft_mac(f, a, x, y));
            w
        }
        ElementType::Float(kind) => {
            let f = kind.format();
            if !f.has_zero {
                return None;
            }
            if f.bits() <= 8 && p.macs() >= TABLE_MACS {
                // Every step is two lookups in tables of the format's own
                // operations: no NaN to recompute.
                let t = mac_tables(*kind)?;
                let out = p.run(
                    |x: u64| x as u8,
                    zero_bits(f),
                    |a: u8, x: u8, y: u8| {
                        t.add[(a as usize) << 8 | t.mul[(x as usize) << 8 | y as usize] as usize]
                    },
                );
                return Some(Words::collect(width, out.into_iter().map(u64::from)));
            }
            let n = Narrow::new(f)?;
            let (mut w, nans) = match kind {
                FloatKind::BF16 => {
                    let read = |x: u64| f32::from_bits((x as u32) << 16);
                    let exact =
                        |a: f32, x: f32, y: f32| gemm::round_bf16(a + gemm::round_bf16(x * y));
                    // Roundings by fused multiply-adds when no product or
                    // sum can be subnormal, kept when every output is
                    // finite (see `gemm::Bf16Mac`).
                    let least = p.operands().map(|t| match &t.data {
                        Words::U16(w) => Some(gemm::least_nonzero_bf16(w)),
                        _ => None,
                    });
                    let quick = match least {
                        [Some(a), Some(b)] if gemm::bf16_products_stay_normal(a, b) => {
                            Some(p.run(read, 0.0f32, gemm::Bf16Mac))
                        }
                        _ => None,
                    };
                    let out = match quick {
                        Some(out) if out.iter().all(|v| v.is_finite()) => out,
                        _ => p.run(read, 0.0f32, exact),
                    };
                    let w = Words::U16(out.iter().map(|v| (v.to_bits() >> 16) as u16).collect());
                    (w, nan_positions(&out, |v| v.is_nan()))
                }
                FloatKind::F16 => {
                    let out = p.run(gemm::f16_to_f32, 0.0f32, gemm::F16Mac);
                    let w = Words::U16(out.iter().map(|&v| gemm::f16_bits(v)).collect());
                    (w, nan_positions(&out, |v| v.is_nan()))
                }
                _ => {
                    let read = |x: u64| n.value(x);
                    let out = p.run(read, 0.0f64, |a: f64, x: f64, y: f64| {
                        n.round(a + n.round(x * y))
                    });
                    let w = Words::collect(width, out.iter().map(|&v| nan_or(v, &n)));
                    (w, nan_positions(&out, |v| v.is_nan()))
                }
            };
            let zero = arith::zero(f, false);
            // `run_mac`'s narrow step: fast unless its result is NaN.
            fix_nans(&mut w, nans, p, f, zero, |a, x, y| {
                let v = n.round(n.value(a) + n.round(n.value(x) * n.value(y)));
                if v.is_nan() {
                    soft_mac(f, a, x, y)
                } else {
                    n.bits(v)
                }
            });
            w
        }
        ElementType::Int(_, 1) => Words::collect(
            width,
            p.run(|x| x, 0u64, |a: u64, x: u64, y: u64| a | (x & y)),
        ),
        other => {
            let ik = int_kind(other)?;
            if ik.bits <= 32 {
                // Wrapping sums of wrapping products modulo 2³² have the low
                // 32 bits of those modulo 2⁶⁴, and the result keeps at most
                // 32: twice the lanes per vector.
                let out = p.run(
                    |x| x as u32,
                    0u32,
                    |a: u32, x: u32, y: u32| a.wrapping_add(x.wrapping_mul(y)),
                );
                Words::collect(width, out.into_iter().map(|v| ik.wrap(i128::from(v))))
            } else {
                let out = p.run(
                    |x| x,
                    0u64,
                    |a: u64, x: u64, y: u64| a.wrapping_add(x.wrapping_mul(y)),
                );
                Words::collect(width, out.into_iter().map(|v| ik.wrap(v as i64 as i128)))
            }
        }
    };
    Some(words)
}

/// Multiply-accumulate steps from which a product in a format of 8 bits or
/// fewer runs on [`MacTables`]: building a format's tables once costs
/// about as much as this many steps on the `f64` path.
const TABLE_MACS: u64 = 1 << 18;

/// Every product and every sum of a format of 8 bits or fewer, rounded
/// to nearest even as `arith::mul` and `arith::add` give them (NaNs
/// included): `mul[x << 8 | y]` and `add[a << 8 | b]`, by bit patterns.
struct MacTables {
    mul: Box<[u8; 1 << 16]>,
    add: Box<[u8; 1 << 16]>,
}

/// The tables of `kind`, built on first use (`None` for formats wider
/// than 8 bits).
fn mac_tables(kind: FloatKind) -> Option<&'static MacTables> {
    use std::sync::OnceLock;
    static TABLES: OnceLock<Vec<(FloatKind, OnceLock<MacTables>)>> = OnceLock::new();
    let all = TABLES.get_or_init(|| {
        FloatKind::ALL
            .iter()
            .filter(|k| k.bits() <= 8)
            .map(|&k| (k, OnceLock::new()))
            .collect()
    });
    let (_, cell) = all.iter().find(|(k, _)| *k == kind)?;
    Some(cell.get_or_init(|| {
        let f = kind.format();
        let n = 1usize << f.bits();
        let narrow = Narrow::new(f);
        let table = |op: fn(&Format, u64, u64, Rounding) -> u64, hw: fn(f64, f64) -> f64| {
            let mut t = Box::new([0u8; 1 << 16]);
            for x in 0..n as u64 {
                for y in 0..n as u64 {
                    // The f64 path where it gives the operation's bits
                    // (`Narrow`: exact operands, one rounding), the soft
                    // operation for NaNs and formats without it.
                    let fast = narrow.as_ref().and_then(|nw| {
                        let v = nw.round(hw(nw.value(x), nw.value(y)));
                        (!v.is_nan()).then(|| nw.bits(v))
                    });
                    let r = fast.unwrap_or_else(|| op(f, x, y, Rounding::NearestEven));
                    t[(x as usize) << 8 | y as usize] = r as u8;
                }
            }
            t
        };
        MacTables {
            mul: table(arith::mul, |a, b| a * b),
            add: table(arith::add, |a, b| a + b),
        }
    }))
}

/// The bit pattern of +0 in `f` (a format with a zero).
fn zero_bits(f: &Format) -> u8 {
    arith::zero(f, false) as u8
}

/// The pattern of `v`, or 0 for a NaN (replaced by [`fix_nans`]).
fn nan_or(v: f64, n: &Narrow) -> u64 {
    if v.is_nan() {
        0
    } else {
        n.bits(v)
    }
}

/// Recomputes the outputs flagged in `nans` one at a time by the plain
/// chain of `step` ([`Product::one`]), a multiply-accumulate in format `f`.
/// A chain ends at its first NaN: `step(acc, x, y)` adds `acc` first, and
/// an addition with a NaN first operand returns that NaN quieted, which
/// `acc` already is (every NaN an operation returns is quiet), so no later
/// step changes it.
fn fix_nans(
    w: &mut Words,
    nans: Vec<usize>,
    p: &impl Product,
    f: &Format,
    zero: u64,
    step: impl Fn(u64, u64, u64) -> u64,
) {
    for o in nans {
        w.set(o, p.one(o, zero, &step, |acc| f.is_nan(acc)));
    }
}

/// The places of the NaNs in `out`, in order (usually none: no buffer the
/// size of the output is made for them).
fn nan_positions<F>(out: &[F], is_nan: impl Fn(&F) -> bool) -> Vec<usize> {
    // Blocks are first tested whole, without a branch per element.
    const SCAN: usize = 1024;
    let mut found = Vec::new();
    for (b, block) in out.chunks(SCAN).enumerate() {
        if block.iter().fold(false, |any, v| any | is_nan(v)) {
            let at = block.iter().enumerate().filter(|(_, v)| is_nan(v));
            found.extend(at.map(|(i, _)| b * SCAN + i));
        }
    }
    found
}

/// Checks a computed result against the op's declared static shape.
fn check_declared(interp: &Interp<'_>, op: &Op, t: &Tensor) -> KResult<()> {
    if let Ok((shape, _)) = result_type(interp, op, 0) {
        if shape != t.shape {
            return Err(format!(
                "the result type has shape {shape:?} but the operands give {:?}",
                t.shape
            )
            .into());
        }
    }
    Ok(())
}

/// The element type to compute in for a possibly quantized result.
fn float_result_elem(interp: &Interp<'_>, op: &Op) -> KResult<ElementType> {
    let e = result_elem(interp, op, 0)?;
    Ok(match e {
        ElementType::Quant(q) => ElementType::Float(q.expressed),
        other => other,
    })
}

fn dot_numbers(op: &Op, field: &str) -> KResult<Vec<i64>> {
    if let Some(a) = op.attr("dot_dimension_numbers") {
        return Ok(a
            .field(field)
            .and_then(Attr::as_i64_list)
            .map(<[i64]>::to_vec)
            .unwrap_or_default());
    }
    Ok(attr_i64s(op, field)?.unwrap_or_default())
}

/// `dot_general` (spec: dot_general); see the module doc for the order,
/// the accumulation format and the `algorithm` attribute.
fn dot_general<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let lb = dot_numbers(op, "lhs_batching_dimensions")?;
    let rb = dot_numbers(op, "rhs_batching_dimensions")?;
    let lc = dot_numbers(op, "lhs_contracting_dimensions")?;
    let rc = dot_numbers(op, "rhs_contracting_dimensions")?;
    // An operand split into several components (bf16_6x, tf32_3x, …)
    // emulates more precision than its precision type: it is not rounded.
    let algo = match op.attr("algorithm") {
        Some(a) => {
            let single = |count: &str| a.field(count).and_then(Attr::as_i64).is_none_or(|c| c <= 1);
            (
                type_kind(a.field("lhs_precision_type")).filter(|_| single("lhs_component_count")),
                type_kind(a.field("rhs_precision_type")).filter(|_| single("rhs_component_count")),
                type_kind(a.field("accumulation_type")),
            )
        }
        None => (None, None, None),
    };
    let elem = float_result_elem(interp, op)?;
    let run = |interp: &Interp<'_>, a: &[Value]| -> KResult<Tensor> {
        let [l, r] = tensors(a)?[..] else {
            return Err("dot_general takes two operands".into());
        };
        // Operands of dynamic type whose sizes disagree at run time break
        // (C9) or (C10), which the verifier could only state as preconditions.
        let t = dot_core(interp, l, r, &lb, &rb, &lc, &rc, &elem, algo).map_err(|e| match e {
            KernelError::Message(m) if m.ends_with("differ") && m.starts_with("lhs ") => {
                let label = if m.starts_with("lhs batching") {
                    "(C9) dim(lhs, lhs_batching_dimensions...) = dim(rhs, rhs_batching_dimensions...)"
                } else {
                    "(C10) dim(lhs, lhs_contracting_dimensions...) = dim(rhs, rhs_contracting_dimensions...)"
                };
                KernelError::Message(format!("{label} does not hold for the run's values: {m}"))
            }
            other => other,
        })?;
        check_declared(interp, op, &t)?;
        Ok(t)
    };
    if any_quantized(interp, op, &args) {
        let t = {
            let floats = super::quant::dequantize_all(&args)?;
            run(interp, &floats)?
        };
        return dequantize_op_quantize(interp, op, vec![Value::tensor(t)], |a| {
            Ok(a[0].as_tensor()?.clone())
        });
    }
    Ok(vec![Value::tensor(run(interp, &args)?)])
}

/// `dot` (the legacy op): contracts the last dimension of `lhs` with the
/// first of `rhs` (ranks 1 or 2), as `dot_general` does.
fn dot<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let elem = float_result_elem(interp, op)?;
    let run = |interp: &Interp<'_>, a: &[Value]| -> KResult<Tensor> {
        let [l, r] = tensors(a)?[..] else {
            return Err("dot takes two operands".into());
        };
        if !(1..=2).contains(&l.rank()) || !(1..=2).contains(&r.rank()) {
            return Err("dot takes operands of rank 1 or 2".into());
        }
        let lc = [l.rank() as i64 - 1];
        let t = dot_core(interp, l, r, &[], &[], &lc, &[0], &elem, (None, None, None))?;
        check_declared(interp, op, &t)?;
        Ok(t)
    };
    if any_quantized(interp, op, &args) {
        let floats = super::quant::dequantize_all(&args)?;
        let t = run(interp, &floats)?;
        return dequantize_op_quantize(interp, op, vec![Value::tensor(t)], |a| {
            Ok(a[0].as_tensor()?.clone())
        });
    }
    Ok(vec![Value::tensor(run(interp, &args)?)])
}

// ---------------------------------------------------------------------------
// chlo.ragged_dot
// ---------------------------------------------------------------------------

fn ragged_numbers(op: &Op, field: &str) -> Vec<i64> {
    op.attr("ragged_dot_dimension_numbers")
        .and_then(|a| a.field(field))
        .and_then(Attr::as_i64_list)
        .map(<[i64]>::to_vec)
        .unwrap_or_default()
}

/// Dimension numbers with `removed` taken out (those above it shift down).
fn without(d: &[i64], removed: usize) -> Vec<i64> {
    d.iter()
        .map(|&x| if x > removed as i64 { x - 1 } else { x })
        .collect()
}

/// `chlo.ragged_dot`: a `dot_general` whose lhs ragged dimension is split
/// into groups by `group_sizes`. Mode 1 (ragged non-contracting dimension,
/// rhs group dimension): row `m` uses the rhs of the group holding it; rows
/// past the groups are zero. Mode 2 (ragged contracting dimension): one
/// result per group, contracting only that group's range. Mode 3 (ragged
/// batch dimension): a plain `dot_general`. Each dot accumulates as
/// `dot_general` does.
fn ragged_dot<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let elem = float_result_elem(interp, op)?;
    if any_quantized(interp, op, &args) {
        // As `dot_general`: the operands dequantized, the groups' dots in
        // the expressed type, the result quantized into its declared type.
        let floats = super::quant::dequantize_all(&args)?;
        let t = ragged_dot_in(interp, op, floats, elem)?;
        return dequantize_op_quantize(interp, op, t, |a| Ok(a[0].as_tensor()?.clone()));
    }
    ragged_dot_in(interp, op, args, elem)
}

/// `chlo.ragged_dot` of unquantized operands into a result of `elem`.
fn ragged_dot_in(
    interp: &mut Interp<'_>,
    op: &Op,
    args: Vec<Value>,
    elem: ElementType,
) -> KResult<Vec<Value>> {
    let [lhs, rhs, gs] = tensors(&args)?[..] else {
        return Err("ragged_dot takes lhs, rhs and group_sizes".into());
    };
    let lb = ragged_numbers(op, "lhs_batching_dimensions");
    let rb = ragged_numbers(op, "rhs_batching_dimensions");
    let lc = ragged_numbers(op, "lhs_contracting_dimensions");
    let rc = ragged_numbers(op, "rhs_contracting_dimensions");
    let lr = ragged_numbers(op, "lhs_ragged_dimensions");
    let rg = ragged_numbers(op, "rhs_group_dimensions");
    let (out_shape, _) = result_type(interp, op, 0)?;
    let &[r] = lr.as_slice() else {
        return Err("ragged_dot needs exactly one lhs ragged dimension".into());
    };
    let r = to_usize(r, "the ragged dimension")?;
    if r >= lhs.rank() {
        return Err("the ragged dimension is out of range".into());
    }
    let sizes: Vec<i128> = gs.ints().ok_or("group_sizes must be integers")?;
    let g = *gs.shape.last().ok_or("group_sizes must have rank ≥ 1")?;
    let algo = (None, None, None);
    let ri = r as i64;
    if lc.contains(&ri) {
        // Mode 2: one dot per group over its contracting range.
        if gs.rank() != 1 {
            return Err("ragged_dot mode 2 supports group_sizes of rank 1 only".into());
        }
        let pos = lc.iter().position(|&x| x == ri).unwrap_or(0);
        let rdim = to_usize(*rc.get(pos).ok_or("contracting lists differ")?, "dimension")?;
        if rdim >= rhs.rank() {
            return Err("an rhs contracting dimension is out of range".into());
        }
        let mut parts = Vec::with_capacity(g);
        let mut start = 0usize;
        for &sz in &sizes {
            let end = start.saturating_add(usize::try_from(sz.max(0)).unwrap_or(usize::MAX));
            let l = super::reduce::slice_dim(lhs, r, start, end);
            let rr = super::reduce::slice_dim(rhs, rdim, start, end);
            parts.push(dot_core(interp, &l, &rr, &lb, &rb, &lc, &rc, &elem, algo)?);
            start = end;
        }
        let mut data = Vec::new();
        for p in &parts {
            data.extend_from_slice(&p.lanes_vec());
        }
        let t = Tensor::new(elem.clone(), out_shape, &data);
        if t.data.len() != t.len() * t.lanes() {
            return Err("the result type does not match the groups".into());
        }
        return Ok(vec![Value::tensor(t)]);
    }
    if lb.contains(&ri) || rg.is_empty() {
        // Mode 3.
        let t = dot_core(interp, lhs, rhs, &lb, &rb, &lc, &rc, &elem, algo)?;
        if t.shape != out_shape {
            return Err("the result type does not match the dot".into());
        }
        return Ok(vec![Value::tensor(t)]);
    }
    // Mode 1.
    let &[gd] = rg.as_slice() else {
        return Err("ragged_dot mode 1 needs one rhs group dimension".into());
    };
    let gd = to_usize(gd, "the group dimension")?;
    if gd >= rhs.rank() || rhs.shape[gd] != g {
        return Err("the rhs group dimension does not match group_sizes".into());
    }
    let lf: Vec<usize> = (0..lhs.rank())
        .filter(|d| !lb.contains(&(*d as i64)) && !lc.contains(&(*d as i64)))
        .collect();
    let p_r = lb.len()
        + lf.iter()
            .position(|&d| d == r)
            .ok_or("bad ragged dimension")?;
    let (rb2, rc2) = (without(&rb, gd), without(&rc, gd));
    // One full dot per group is held at once.
    let mut all_groups = vec![g];
    all_groups.extend_from_slice(&out_shape);
    interp.check_shape(&all_groups, lanes(&elem))?;
    let mut groups = Vec::with_capacity(g);
    for gi in 0..g {
        let rhs_g = super::reduce::index_dim(rhs, gd, gi);
        groups.push(dot_core(
            interp, lhs, &rhs_g, &lb, &rb2, &lc, &rc2, &elem, algo,
        )?);
    }
    if out_shape.len() <= p_r || groups.iter().any(|t| t.shape != out_shape) {
        return Err("the result type does not match the dot".into());
    }
    let l = lanes(&elem);
    let zero = match &elem {
        ElementType::Float(k) | ElementType::Complex(k) => arith::zero(k.format(), false),
        _ => 0,
    };
    let n = num_elements(&out_shape);
    let mut data = vec![zero; n * l];
    let st = strides(&out_shape);
    let nb = lb.len();
    // group_sizes rows: one per batch index when it has the batch dims.
    let per_batch = gs.rank() > 1;
    let batch_count = num_elements(&gs.shape[..gs.rank() - 1]);
    let mut idx = vec![0usize; out_shape.len()];
    for (i, chunk) in data.chunks_exact_mut(l.max(1)).enumerate() {
        let mut rem = i;
        for (d, s) in st.iter().enumerate() {
            idx[d] = rem / s.max(&1);
            rem %= s.max(&1);
        }
        let row = if per_batch {
            let mut b = 0usize;
            for d in 0..nb {
                b = b * out_shape[d] + idx[d];
            }
            if b >= batch_count {
                return Err("group_sizes does not match the batch dimensions".into());
            }
            b
        } else {
            0
        };
        let m = idx[p_r] as i128;
        let mut start = 0i128;
        for gi in 0..g {
            let end = start + sizes[row * g + gi].max(0);
            if m >= start && m < end {
                groups[gi].data.read(i * l, chunk);
                break;
            }
            start = end;
        }
    }
    Ok(vec![Value::tensor(Tensor::new(elem, out_shape, &data))])
}

// ---------------------------------------------------------------------------
// convolution
// ---------------------------------------------------------------------------

struct ConvLoop {
    out_shape: Vec<usize>,
    /// Output dims: batch, feature, spatial.
    obd: usize,
    ofd: usize,
    osd: Vec<usize>,
    /// lhs strides of batch, feature and spatial dims.
    lsb: usize,
    lsf: usize,
    lss: Vec<usize>,
    /// rhs strides of input feature, output feature and spatial dims.
    rsi: usize,
    rso: usize,
    rss: Vec<usize>,
    in_batch_per_group: usize,
    ki: usize,
    ko_per_fgroup: usize,
    ko_per_bgroup: usize,
    kspatial: Vec<usize>,
    reverse: Vec<bool>,
    /// Per spatial dim: lhs coordinate for (output position, window position).
    table: Vec<Vec<Option<usize>>>,
    /// Per spatial dim: which window positions can meet an lhs element.
    lattice: Vec<Lattice>,
    /// Per spatial dim: the window stride and the rhs dilation (0 when not
    /// known as a `usize`: no [`Canon`] is made).
    steps: Vec<(usize, usize)>,
    /// The lhs sizes of batch, feature and spatial dims.
    lhs_sizes: (usize, usize, Vec<usize>),
}

/// Which window positions of one spatial dimension can meet an element of
/// the lhs rather than a hole of its dilation. Window position `w` of
/// output `o` reads the dilated lhs at `o·stride + w·rhs_dilation −
/// pad_low`, a hole unless that is a multiple of the lhs dilation: which
/// positions can meet an element depends on `o` only through `o·stride −
/// pad_low` modulo the lhs dilation, its class.
struct Lattice {
    /// The class of each output coordinate.
    class: Vec<u8>,
    /// Per class, per window position: whether it can meet an element.
    meets: Vec<Vec<bool>>,
}

/// Classes per dimension up to which [`Lattice`] tells them apart (a
/// dimension with more is one class whose positions all may meet
/// elements).
const MAX_CLASSES: usize = 8;

impl Lattice {
    /// The lattice of a dimension with `out` outputs and a window of
    /// `win` positions: stride `s`, lhs dilation `bd`, rhs dilation `wd`,
    /// low padding `lo` (attribute values anywhere in i64).
    fn new(out: usize, win: usize, s: i64, bd: i64, wd: i64, lo: i64) -> Lattice {
        let one = || Lattice {
            class: vec![0; out],
            meets: vec![vec![true; win]],
        };
        if bd <= 1 {
            return one();
        }
        let (s, bd, wd, lo) = (s as i128, bd as i128, wd as i128, lo as i128);
        let mut keys: Vec<i128> = Vec::new();
        let mut class = Vec::with_capacity(out);
        for o in 0..out {
            let k = (o as i128 * s - lo).rem_euclid(bd);
            let id = match keys.iter().position(|&x| x == k) {
                Some(id) => id,
                None if keys.len() < MAX_CLASSES => {
                    keys.push(k);
                    keys.len() - 1
                }
                None => return one(),
            };
            class.push(id as u8);
        }
        let meets = keys
            .iter()
            .map(|&k| {
                (0..win)
                    .map(|w| (k + w as i128 * wd).rem_euclid(bd) == 0)
                    .collect()
            })
            .collect();
        Lattice { class, meets }
    }
}

impl ConvLoop {
    /// Kernel window entries in row-major order: rhs spatial offset, and
    /// the window index per dimension (reversed where asked); none when a
    /// window dimension is empty.
    fn kernel_entries(&self) -> Vec<(usize, Vec<usize>)> {
        let s = self.osd.len();
        let mut entries = Vec::new();
        if self.kspatial.contains(&0) {
            return entries;
        }
        let mut kidx = vec![0usize; s];
        loop {
            let rsp = (0..s).map(|d| kidx[d] * self.rss[d]).sum();
            let w = (0..s)
                .map(|d| {
                    if self.reverse[d] {
                        self.kspatial[d] - 1 - kidx[d]
                    } else {
                        kidx[d]
                    }
                })
                .collect();
            entries.push((rsp, w));
            if !super::tensor::next_index(&mut kidx, &self.kspatial) {
                break;
            }
        }
        entries
    }

    /// The lhs and rhs base offsets of output feature `of` at output batch `ob`.
    fn bases(&self, ob: usize, of: usize) -> (usize, usize) {
        let fg = of / self.ko_per_fgroup.max(1);
        let bg = of / self.ko_per_bgroup.max(1);
        let lbatch = bg * self.in_batch_per_group + ob;
        (lbatch * self.lsb + fg * self.ki * self.lsf, of * self.rso)
    }
}

impl MacLoop for ConvLoop {
    #[allow(clippy::needless_range_loop)] // indexing keeps the chains in registers
    fn run<T: Copy>(&self, l: &[T], r: &[T], zero: T, mac: impl Fn(T, T, T) -> T) -> Vec<T> {
        let n = num_elements(&self.out_shape);
        let mut out = vec![zero; n];
        if n == 0 || self.kspatial.contains(&0) {
            // An empty window sums nothing: every output is the zero start.
            return out;
        }
        let s = self.osd.len();
        let ost = strides(&self.out_shape);
        let ko = self.out_shape[self.ofd];
        let fs = ost[self.ofd];
        let entries = self.kernel_entries();
        // Output positions: every output index with the feature fixed at 0.
        let mut pos_shape = self.out_shape.clone();
        pos_shape[self.ofd] = 1;
        let mut idx = vec![0usize; pos_shape.len()];
        let mut lsp: Vec<Option<usize>> = Vec::with_capacity(entries.len());
        let lv = |lb: usize, sp: Option<usize>, c: usize| match sp {
            Some(o) => l[lb + o + c * self.lsf],
            None => zero,
        };
        // The lhs spatial offset of each window entry at the position `idx`.
        let window = |idx: &[usize], lsp: &mut Vec<Option<usize>>| {
            lsp.clear();
            for (_, w) in &entries {
                let mut off = Some(0usize);
                for d in 0..s {
                    off = match (
                        off,
                        self.table[d][idx[self.osd[d]] * self.kspatial[d] + w[d]],
                    ) {
                        (Some(o), Some(c)) => Some(o + c * self.lss[d]),
                        _ => None,
                    };
                }
                lsp.push(off);
            }
        };
        let lin = |idx: &[usize]| -> usize { idx.iter().zip(&ost).map(|(i, s)| i * s).sum() };
        // Blocks of LANES output features: the rhs values interleaved by
        // (window entry, input feature), LANES independent chains side by
        // side, each accumulated in the spec's order.
        let mut packed = vec![zero; entries.len() * self.ki * LANES];
        let mut of = 0;
        while of + LANES <= ko {
            for q in 0..LANES {
                let rb = (of + q) * self.rso;
                for (e, (rsp, _)) in entries.iter().enumerate() {
                    for c in 0..self.ki {
                        packed[(e * self.ki + c) * LANES + q] = r[rb + rsp + c * self.rsi];
                    }
                }
            }
            idx.iter_mut().for_each(|x| *x = 0);
            loop {
                window(&idx, &mut lsp);
                let ob = idx[self.obd];
                let lbs: [usize; LANES] = std::array::from_fn(|q| self.bases(ob, of + q).0);
                let shared = lbs.iter().all(|&b| b == lbs[0]);
                let mut a = [zero; LANES];
                let mut chunks = packed.chunks_exact(LANES);
                for &sp in &lsp {
                    for c in 0..self.ki {
                        let Some(p) = chunks.next() else { break };
                        let Ok(p): Result<&[T; LANES], _> = p.try_into() else {
                            continue;
                        };
                        if shared {
                            let x = lv(lbs[0], sp, c);
                            for q in 0..LANES {
                                a[q] = mac(a[q], x, p[q]);
                            }
                        } else {
                            for q in 0..LANES {
                                a[q] = mac(a[q], lv(lbs[q], sp, c), p[q]);
                            }
                        }
                    }
                }
                let o = lin(&idx) + of * fs;
                for (q, &v) in a.iter().enumerate() {
                    out[o + q * fs] = v;
                }
                if !super::tensor::next_index(&mut idx, &pos_shape) {
                    break;
                }
            }
            of += LANES;
        }
        for of in of..ko {
            idx.iter_mut().for_each(|x| *x = 0);
            loop {
                window(&idx, &mut lsp);
                let (lb, rb) = self.bases(idx[self.obd], of);
                let mut acc = zero;
                for (&sp, (rsp, _)) in lsp.iter().zip(&entries) {
                    for c in 0..self.ki {
                        acc = mac(acc, lv(lb, sp, c), r[rb + rsp + c * self.rsi]);
                    }
                }
                out[lin(&idx) + of * fs] = acc;
                if !super::tensor::next_index(&mut idx, &pos_shape) {
                    break;
                }
            }
        }
        out
    }
}

/// A convolution for the engine (`gemm.rs`): per run of output features
/// that share their feature group and batch group, a matrix product of
/// `[output position, (window entry, input feature)]` (the lhs read
/// through the window tables as the engine packs it; padding gives the
/// zero) by `[(window entry, input feature), output feature]`. The
/// contraction runs over window entries in row-major order, then input
/// features: [`ConvLoop`]'s order. Groups of at most
/// `DIRECT_GROUP_WIDTH` output features (depthwise) run instead as one
/// [`gemm::lanewise`] product over every output feature ([`ConvGather`]),
/// in the same order.
struct ConvProduct<'a> {
    cl: &'a ConvLoop,
    l: &'a Tensor,
    r: &'a Tensor,
    /// Window entries: rhs spatial offset, window index per dimension.
    entries: Vec<(usize, Vec<usize>)>,
    /// The output shape with the feature dimension 1: output positions.
    pos_shape: Vec<usize>,
    /// The strides of `pos_shape`.
    pos_strides: Vec<usize>,
    /// The output positions split by the window entries that can meet lhs
    /// elements (see [`ConvProduct::new`]); none when every position's
    /// window may meet elements at every entry.
    phases: Option<Vec<Phase>>,
}

/// Output positions whose windows meet lhs elements at the same entries.
struct Phase {
    /// The positions (indices into `pos_shape`), increasing.
    rows: Vec<usize>,
    /// The window entries that can meet an element, increasing.
    ents: Vec<usize>,
}

/// Phases a convolution is split into at most.
const MAX_PHASES: usize = 64;

impl<'a> ConvProduct<'a> {
    /// The product of `l` by `r` over `cl`'s windows. With `skip_holes`,
    /// the window entries that meet only holes of the lhs dilation at a
    /// position are left out of its chain: each would add `0 · w` to the
    /// accumulator. That is exact when every `w` is finite (the caller's
    /// promise; integers always are): the product is a zero, and adding a
    /// zero of either sign to an accumulator changes it only if it is −0,
    /// which a chain that starts at +0 never is under rounding to nearest
    /// (a sum is −0 only when both addends are).
    fn new(cl: &'a ConvLoop, l: &'a Tensor, r: &'a Tensor, skip_holes: bool) -> ConvProduct<'a> {
        let entries = cl.kernel_entries();
        let mut pos_shape = cl.out_shape.clone();
        pos_shape[cl.ofd] = 1;
        let pos_strides = strides(&pos_shape);
        let mut p = ConvProduct {
            cl,
            l,
            r,
            entries,
            pos_shape,
            pos_strides,
            phases: None,
        };
        if skip_holes {
            p.phases = p.split();
        }
        p
    }

    /// The positions grouped by the classes of their coordinates, each
    /// group with the entries that can meet an element; none when that
    /// leaves no entry out or makes more than [`MAX_PHASES`] groups.
    fn split(&self) -> Option<Vec<Phase>> {
        let cl = self.cl;
        if cl.lattice.iter().all(|l| l.meets.len() == 1) {
            return None;
        }
        let radix: Vec<usize> = cl.lattice.iter().map(|l| l.meets.len()).collect();
        let combos = radix.iter().try_fold(1usize, |a, &r| {
            a.checked_mul(r).filter(|&n| n <= MAX_PHASES)
        })?;
        // The entries of each combination of classes (mixed radix, the
        // first spatial dimension most significant).
        let mut phases: Vec<Phase> = (0..combos)
            .map(|mut c| {
                let mut cls = vec![0usize; radix.len()];
                for d in (0..radix.len()).rev() {
                    cls[d] = c % radix[d];
                    c /= radix[d];
                }
                let ents = (0..self.entries.len())
                    .filter(|&e| {
                        let w = &self.entries[e].1;
                        (0..radix.len()).all(|d| cl.lattice[d].meets[cls[d]][w[d]])
                    })
                    .collect();
                Phase {
                    rows: Vec::new(),
                    ents,
                }
            })
            .collect();
        if phases.iter().all(|p| p.ents.len() == self.entries.len()) {
            return None;
        }
        let npos = num_elements(&self.pos_shape);
        for p in 0..npos {
            let mut c = 0;
            for (d, lat) in cl.lattice.iter().enumerate() {
                let coord = p / self.pos_strides[cl.osd[d]].max(1) % self.pos_shape[cl.osd[d]];
                c = c * radix[d] + lat.class[coord] as usize;
            }
            phases[c].rows.push(p);
        }
        phases.retain(|p| !p.rows.is_empty());
        Some(phases)
    }

    /// The lhs spatial offset of window entry `e` at output index `idx`
    /// (`None` in the padding).
    fn offset(&self, idx: &[usize], e: usize) -> Option<usize> {
        let cl = self.cl;
        let w = &self.entries[e].1;
        let mut off = 0;
        for d in 0..cl.osd.len() {
            off += cl.table[d][idx[cl.osd[d]] * cl.kspatial[d] + w[d]]? * cl.lss[d];
        }
        Some(off)
    }
}

/// Output features per group up to which a convolution runs on
/// [`gemm::lanewise`] rather than one [`gemm::gemm`] per group.
const DIRECT_GROUP_WIDTH: usize = 2;

/// The lhs of one feature/batch group, packed by output position.
struct ConvLhs<'a, T> {
    p: &'a ConvProduct<'a>,
    data: &'a [T],
    /// lhs offset of the group's first input feature.
    feature_base: usize,
    /// First lhs batch index of the batch group.
    batch_base: usize,
    /// The output position of each row (none: row `i` is position `i`).
    rows: Option<&'a [usize]>,
    /// The window entry of each run of `ki` contraction indices.
    ents: &'a [usize],
}

impl<T: Copy + Sync> ConvLhs<'_, T> {
    /// Copies the run of `n` input features from `src` (an lhs offset,
    /// `None` for padding) to the column `r` of the tile from `q` on,
    /// every `mr`-th lane.
    #[allow(clippy::too_many_arguments)]
    fn column(
        &self,
        src: Option<usize>,
        n: usize,
        r: usize,
        q: usize,
        mr: usize,
        pad: T,
        dst: &mut [T],
    ) {
        let lsf = self.p.cl.lsf;
        let column = dst[q * mr + r..].iter_mut().step_by(mr).take(n);
        match src {
            // Input features next to each other: one slice.
            Some(s) if lsf == 1 => {
                for (d, &v) in column.zip(&self.data[s..]) {
                    *d = v;
                }
            }
            Some(s) => {
                // A feature stride is at least 1 in a tensor with elements
                // (and this one has: the run is not empty).
                for (d, &v) in column.zip(self.data[s..].iter().step_by(lsf.max(1))) {
                    *d = v;
                }
            }
            None => column.for_each(|d| *d = pad),
        }
    }
}

/// Writes `pad` to the rows `rows..mr` of a packed tile of `kc` columns
/// (the rows past the lhs's last, [`gemm::Lhs::pack`]'s padding).
fn pad_missing_rows<T: Copy>(dst: &mut [T], rows: usize, mr: usize, kc: usize, pad: T) {
    for r in rows..mr {
        dst[r..]
            .iter_mut()
            .step_by(mr)
            .take(kc)
            .for_each(|d| *d = pad);
    }
}

/// Rows of a tile up to which `ConvLhs::pack` keeps their indices on the
/// stack (the engine's tiles have 4).
const PACK_ROWS: usize = 8;

impl<T: Copy + Sync> gemm::Lhs<T> for ConvLhs<'_, T> {
    fn pack(
        &self,
        _b: usize,
        i0: usize,
        rows: usize,
        k0: usize,
        kc: usize,
        mr: usize,
        pad: T,
        dst: &mut [T],
    ) {
        let cl = self.p.cl;
        let ki = cl.ki;
        let pst = &self.p.pos_strides;
        let rank = pst.len();
        let rows = rows.min(mr);
        pad_missing_rows(dst, rows, mr, kc, pad);
        if rows == 0 || ki == 0 {
            return;
        }
        // The output index and lhs base of each row of the tile: on the
        // stack for the usual ranks and tiles.
        let mut small = [0usize; PACK_ROWS * 8];
        let mut large = Vec::new();
        let idx: &mut [usize] = if rank <= 8 && rows <= PACK_ROWS {
            &mut small[..rows * rank]
        } else {
            large.resize(rows * rank, 0);
            &mut large
        };
        let mut bases = [0usize; PACK_ROWS];
        let mut large_bases = Vec::new();
        let lb: &mut [usize] = if rows <= PACK_ROWS {
            &mut bases[..rows]
        } else {
            large_bases.resize(rows, 0);
            &mut large_bases
        };
        for r in 0..rows {
            let ix = &mut idx[r * rank..][..rank];
            let mut rest = self.rows.map_or(i0 + r, |rs| rs[i0 + r]);
            for (x, &st) in ix.iter_mut().zip(pst) {
                *x = rest / st.max(1);
                rest %= st.max(1);
            }
            lb[r] = (self.batch_base + ix[cl.obd]) * cl.lsb + self.feature_base;
        }
        // Runs of input features of one window entry at a time.
        let (mut k, mut q) = (k0, 0);
        while k < k0 + kc {
            let (e, c0) = (self.ents[k / ki], k % ki);
            let n = (ki - c0).min(k0 + kc - k);
            let src = |r: usize| {
                self.p
                    .offset(&idx[r * rank..][..rank], e)
                    .map(|o| lb[r] + o + c0 * cl.lsf)
            };
            match (mr, rows, cl.lsf) {
                // A full tile of four rows of adjacent features: each
                // column of the run one group of four lanes.
                (4, 4, 1) => {
                    let srcs = [src(0), src(1), src(2), src(3)];
                    let run = |s: Option<usize>| self.data.get(s?..s?.checked_add(n)?);
                    if let [Some(a), Some(b), Some(c), Some(d)] = srcs.map(run) {
                        let cols = dst[q * 4..][..n * 4].chunks_exact_mut(4);
                        for ((((t, &x0), &x1), &x2), &x3) in cols.zip(a).zip(b).zip(c).zip(d) {
                            t.copy_from_slice(&[x0, x1, x2, x3]);
                        }
                    } else {
                        for (r, s) in srcs.into_iter().enumerate() {
                            self.column(s, n, r, q, mr, pad, dst);
                        }
                    }
                }
                _ => {
                    for r in 0..rows {
                        self.column(src(r), n, r, q, mr, pad, dst);
                    }
                }
            }
            q += n;
            k += n;
        }
    }
}

/// A convolution's lhs copied for [`CanonLhs`]: batch outermost, then the
/// spatial dims, input features innermost (adjacent), each spatial dim
/// extended to every coordinate `o·stride + w·rhs_dilation` a window
/// reads, the padding written out as the engine's zero. Window entry `w`
/// of output position `o` then reads at an offset that is a sum of a part
/// of `o` and a part of `w`, so a tile is packed by additions alone. The
/// values packed are the very values [`ConvLhs`] packs (the lhs element the
/// window tables name, or the zero the engine pads with).
struct Canon<T> {
    data: Vec<T>,
    /// Offset of each output position (feature 0, batch group 0).
    rows: Vec<usize>,
    /// Offset of each window entry (input feature 0).
    deltas: Vec<usize>,
    /// Stride of the lhs batch.
    batch_stride: usize,
}

/// Elements a [`Canon`] may hold beyond twice the lhs's.
const CANON_SLACK: usize = 1 << 12;

impl ConvProduct<'_> {
    /// The [`Canon`] of this product's lhs (`a`, its lanes): `None` when
    /// the coordinates a window reads are not one sum of an output part
    /// and a window part (each extended coordinate must name one lhs
    /// coordinate, or a hole or the padding, for every window that reads
    /// it), or when the copy would exceed twice the lhs and the output by
    /// more than [`CANON_SLACK`]. Holes of an lhs dilation are zeros in
    /// the copy, as the padding is.
    fn canon<T: Copy>(&self, a: &[T], zero: T) -> Option<Canon<T>> {
        let cl = self.cl;
        let (nb, nf, ref lsize) = cl.lhs_sizes;
        // The copy may be as large as twice the lhs and the output (a
        // transposed convolution's extended lhs is its dilated lhs).
        let room = a
            .len()
            .saturating_add(num_elements(&cl.out_shape))
            .saturating_mul(2)
            .saturating_add(CANON_SLACK);
        let s = cl.osd.len();
        if lsize.len() != s || cl.steps.len() != s || cl.table.len() != s {
            return None;
        }
        // Per spatial dim: the lhs coordinate at each extended coordinate.
        let mut srcs: Vec<Vec<Option<usize>>> = Vec::with_capacity(s);
        let mut size = nb.checked_mul(nf)?;
        for (d, &l_n) in lsize.iter().enumerate() {
            let (o_n, k_n) = (cl.out_shape[cl.osd[d]], cl.kspatial[d]);
            let (st, rd) = cl.steps[d];
            if o_n == 0 || k_n == 0 || st == 0 || rd == 0 {
                return None;
            }
            let ext = (o_n - 1)
                .checked_mul(st)?
                .checked_add((k_n - 1).checked_mul(rd)?)?
                .checked_add(1)?;
            size = size.checked_mul(ext)?;
            if size > room {
                return None;
            }
            let mut src: Vec<Option<Option<usize>>> = vec![None; ext];
            for o in 0..o_n {
                for w in 0..k_n {
                    let t = *cl.table[d].get(o * k_n + w)?;
                    if t.is_some_and(|c| c >= l_n) {
                        return None;
                    }
                    let slot = &mut src[o * st + w * rd];
                    match *slot {
                        None => *slot = Some(t),
                        Some(u) if u == t => {}
                        Some(_) => return None,
                    }
                }
            }
            // An extended coordinate no window reads holds the zero.
            srcs.push(src.into_iter().map(Option::flatten).collect());
        }
        let ext: Vec<usize> = srcs.iter().map(Vec::len).collect();
        let mut es = strides(&ext);
        es.iter_mut().for_each(|x| *x *= nf);
        let batch_stride = num_elements(&ext) * nf;
        // The lhs offset of each extended coordinate, per dim.
        let offs: Vec<Vec<Option<usize>>> = srcs
            .iter()
            .zip(&cl.lss)
            .map(|(src, &st)| src.iter().map(|c| c.map(|c| c * st)).collect())
            .collect();
        let (last, outer) = offs.split_last()?;
        let outer_ext = &ext[..s - 1];
        let mut data = Vec::with_capacity(size);
        let mut at = vec![0usize; s - 1];
        for b in 0..nb {
            loop {
                let base = (0..s - 1).try_fold(b * cl.lsb, |o, d| Some(o + outer[d][at[d]]?));
                for x in last {
                    match (base, x) {
                        (Some(o), Some(x)) if cl.lsf == 1 => {
                            data.extend_from_slice(a.get(o + x..o + x + nf)?)
                        }
                        (Some(o), Some(x)) => {
                            for f in 0..nf {
                                data.push(*a.get(o + x + f * cl.lsf)?);
                            }
                        }
                        _ => data.extend(std::iter::repeat_n(zero, nf)),
                    }
                }
                if !super::tensor::next_index(&mut at, outer_ext) {
                    break;
                }
            }
        }
        if data.len() != size {
            return None;
        }
        // Each position's offset, walked in row-major order.
        let mut walk: Vec<(usize, usize)> = self.pos_shape.iter().map(|&n| (n, 0)).collect();
        walk[cl.obd].1 = batch_stride;
        for d in 0..s {
            walk[cl.osd[d]].1 = cl.steps[d].0 * es[d];
        }
        let mut rows = Vec::with_capacity(num_elements(&self.pos_shape));
        super::reduce::for_each_offset::<()>(&walk, 0, |o| {
            rows.push(o);
            Ok(())
        })
        .ok()?;
        let deltas = self
            .entries
            .iter()
            .map(|(_, w)| (0..s).map(|d| w[d] * cl.steps[d].1 * es[d]).sum())
            .collect();
        Some(Canon {
            data,
            rows,
            deltas,
            batch_stride,
        })
    }
}

/// The lhs of one feature/batch group read from a [`Canon`]: row `i` is
/// output position `i`, contraction index `k` window entry `k / ki` and
/// input feature `k % ki` of the group.
struct CanonLhs<'a, T> {
    c: &'a Canon<T>,
    /// Offset of the group's batch and first input feature.
    base: usize,
    ki: usize,
    /// The output position of each row (none: row `i` is position `i`).
    rows: Option<&'a [usize]>,
    /// The window entry of each run of `ki` contraction indices (none:
    /// run `e` is entry `e`).
    ents: Option<&'a [usize]>,
}

impl<T: Copy + Sync> gemm::Lhs<T> for CanonLhs<'_, T> {
    fn pack(
        &self,
        _b: usize,
        i0: usize,
        rows: usize,
        k0: usize,
        kc: usize,
        mr: usize,
        pad: T,
        dst: &mut [T],
    ) {
        let rows = rows.min(mr);
        pad_missing_rows(dst, rows, mr, kc, pad);
        let ki = self.ki;
        if rows == 0 || ki == 0 {
            return;
        }
        let data = &self.c.data[..];
        let row = |r: usize| self.c.rows[self.rows.map_or(i0 + r, |p| p[i0 + r])] + self.base;
        let delta = |e: usize| self.c.deltas[self.ents.map_or(e, |es| es[e])];
        let (mut k, mut q) = (k0, 0);
        while k < k0 + kc {
            let (e, c0) = (k / ki, k % ki);
            let n = (ki - c0).min(k0 + kc - k);
            let off = delta(e) + c0;
            if mr == 4 && rows == 4 && ki == 1 {
                // One input feature: each window entry is one column of
                // the tile, the rest of the run of entries at once.
                let m = k0 + kc - k;
                let bases = [row(0), row(1), row(2), row(3)];
                let cols = dst[q * 4..][..m * 4].chunks_exact_mut(4);
                for (t, e) in cols.zip(e..e + m) {
                    let dl = delta(e);
                    t.copy_from_slice(&bases.map(|b| data[b + dl]));
                }
                q += m;
                k += m;
                continue;
            }
            if mr == 4 && rows == 4 {
                let run = |r: usize| &data[row(r) + off..][..n];
                let (a, b, c, d) = (run(0), run(1), run(2), run(3));
                let cols = dst[q * 4..][..n * 4].chunks_exact_mut(4);
                for ((((t, &x0), &x1), &x2), &x3) in cols.zip(a).zip(b).zip(c).zip(d) {
                    t.copy_from_slice(&[x0, x1, x2, x3]);
                }
            } else {
                for r in 0..rows {
                    let src = &data[row(r) + off..][..n];
                    for (j, &v) in src.iter().enumerate() {
                        dst[(q + j) * mr + r] = v;
                    }
                }
            }
            q += n;
            k += n;
        }
    }
}

/// The lhs of a convolution of small groups for [`gemm::lanewise`]: row
/// `i` is an output position, column `j` an output feature, and `X[i][k][j]`
/// the lhs element that output feature `j` meets at contraction index
/// `k = (window entry, input feature of its group)`.
struct ConvGather<'a, T> {
    p: &'a ConvProduct<'a>,
    data: &'a [T],
    /// Per output feature: the lhs offset of its group's first input
    /// feature in its batch group (output batch 0).
    feature_base: Vec<usize>,
    /// `feature_base[j] == j`: a row of features is one slice of the lhs.
    unit: bool,
    /// The output position of each row (none: row `i` is position `i`).
    rows: Option<&'a [usize]>,
    /// The window entry of each run of `ki` contraction indices.
    ents: &'a [usize],
}

impl<'a, T: Copy + Sync> ConvGather<'a, T> {
    fn new(
        p: &'a ConvProduct<'a>,
        data: &'a [T],
        rows: Option<&'a [usize]>,
        ents: &'a [usize],
    ) -> ConvGather<'a, T> {
        let cl = p.cl;
        let ko = cl.out_shape[cl.ofd];
        let feature_base: Vec<usize> = (0..ko)
            .map(|of| {
                let fg = of / cl.ko_per_fgroup.max(1);
                let bg = of / cl.ko_per_bgroup.max(1);
                bg * cl.in_batch_per_group * cl.lsb + fg * cl.ki * cl.lsf
            })
            .collect();
        let unit = feature_base.iter().enumerate().all(|(j, &b)| b == j);
        ConvGather {
            p,
            data,
            feature_base,
            unit,
            rows,
            ents,
        }
    }
}

impl<T: Copy + Sync> gemm::Gather<T> for ConvGather<'_, T> {
    fn gather(&self, i: usize, k0: usize, kc: usize, pad: T, dst: &mut [T]) {
        let cl = self.p.cl;
        let (ki, j) = (cl.ki.max(1), self.feature_base.len());
        let pst = &self.p.pos_strides;
        // The output index of the row: on the stack for the usual ranks.
        let mut small = [0usize; 8];
        let mut large = Vec::new();
        let idx: &mut [usize] = if pst.len() <= small.len() {
            &mut small[..pst.len()]
        } else {
            large.resize(pst.len(), 0);
            &mut large
        };
        let mut rest = self.rows.map_or(i, |rs| rs[i]);
        for (x, &st) in idx.iter_mut().zip(pst) {
            *x = rest / st.max(1);
            rest %= st.max(1);
        }
        let row = idx[cl.obd] * cl.lsb;
        let mut entry = (usize::MAX, None);
        for (q, out) in dst.chunks_exact_mut(j).take(kc).enumerate() {
            let (e, c) = (self.ents[(k0 + q) / ki], (k0 + q) % ki);
            if entry.0 != e {
                entry = (e, self.p.offset(idx, e));
            }
            match entry.1 {
                Some(o) => {
                    let base = row + o + c * cl.lsf;
                    if self.unit {
                        out.copy_from_slice(&self.data[base..][..j]);
                    } else {
                        for (d, &fb) in out.iter_mut().zip(&self.feature_base) {
                            *d = self.data[base + fb];
                        }
                    }
                }
                None => out.fill(pad),
            }
        }
    }
}

impl Product for ConvProduct<'_> {
    fn run<T: Copy + Send + Sync>(
        &self,
        read: impl Fn(u64) -> T + Sync,
        zero: T,
        mac: impl gemm::Mac<T>,
    ) -> Vec<T> {
        let cl = self.cl;
        let n = num_elements(&cl.out_shape);
        if n == 0 || self.entries.is_empty() {
            // An empty window sums nothing: every output is the zero start.
            return vec![zero; n];
        }
        // Made when a product's rows are scattered into it (a product
        // whose rows are the whole output in order is returned instead).
        let mut out: Option<Vec<T>> = None;
        let a = lanes_as(&self.l.data, &read, zero);
        let b = lanes_as(&self.r.data, &read, zero);
        let ost = strides(&cl.out_shape);
        let fs = ost[cl.ofd];
        let npos = num_elements(&self.pos_shape);
        // The output offset of each position (feature 0), walked in
        // row-major order.
        let walk: Vec<(usize, usize)> = self.pos_shape.iter().copied().zip(ost).collect();
        let mut pos_off = Vec::with_capacity(npos);
        let _ = super::reduce::for_each_offset::<()>(&walk, 0, |o| {
            pos_off.push(o);
            Ok(())
        });
        let ko = cl.out_shape[cl.ofd];
        let (fper, bper) = (cl.ko_per_fgroup.max(1), cl.ko_per_bgroup.max(1));
        let run = fper.min(bper);
        let every: Vec<usize> = (0..self.entries.len()).collect();
        let parts: Vec<(Option<&[usize]>, &[usize])> = match &self.phases {
            Some(ph) => ph
                .iter()
                .map(|p| (Some(&p.rows[..]), &p.ents[..]))
                .collect(),
            None => vec![(None, &every[..])],
        };
        // The lhs copied once for every phase and group of the engine's
        // products (when it may be).
        let lanewise = run <= DIRECT_GROUP_WIDTH && run < ko;
        let canon = if lanewise { None } else { self.canon(&a, zero) };
        for (rows, ents) in parts {
            let ni = rows.map_or(npos, |r| r.len());
            let kn = ents.len() * cl.ki;
            if ni == 0 || kn == 0 {
                // No entry meets an element: the chains add only zeros to
                // the zero start, which the output already holds.
                continue;
            }
            let position = |i: usize| rows.map_or(i, |r| r[i]);
            if lanewise {
                // Groups of one or two output features (depthwise): every
                // output feature at once, each reading its own group's lhs.
                let mut w = Vec::with_capacity(kn * ko);
                for &e in ents {
                    let rsp = self.entries[e].0;
                    for c in 0..cl.ki {
                        w.extend((0..ko).map(|of| b[of * cl.rso + rsp + c * cl.rsi]));
                    }
                }
                let x = ConvGather::new(self, &a, rows, ents);
                let d = gemm::Dims {
                    b: 1,
                    i: ni,
                    j: ko,
                    k: kn,
                };
                let res = gemm::lanewise(d, &x, &w, zero, mac);
                if rows.is_none()
                    && fs == 1
                    && pos_off.iter().enumerate().all(|(p, &o)| o == p * ko)
                {
                    // Features innermost: the rows are the output itself.
                    return res;
                }
                let out = out.get_or_insert_with(|| vec![zero; n]);
                for (i, row) in res.chunks_exact(ko).enumerate() {
                    let po = pos_off[position(i)];
                    for (q, &v) in row.iter().enumerate() {
                        out[po + q * fs] = v;
                    }
                }
                continue;
            }

            let mut o0 = 0;
            while o0 < ko {
                // Output features o0..o1 share their feature and batch group.
                let o1 = ((o0 / fper + 1) * fper).min((o0 / bper + 1) * bper).min(ko);
                let j = o1 - o0;
                let mut rmat = Vec::with_capacity(kn * j);
                for &e in ents {
                    let rsp = self.entries[e].0;
                    for c in 0..cl.ki {
                        rmat.extend((o0..o1).map(|of| b[of * cl.rso + rsp + c * cl.rsi]));
                    }
                }
                let (fbase, bbase) = (o0 / fper * cl.ki, o0 / bper * cl.in_batch_per_group);
                let d = gemm::Dims {
                    b: 1,
                    i: ni,
                    j,
                    k: kn,
                };
                let res = match &canon {
                    Some(c) => {
                        let lhs = CanonLhs {
                            c,
                            base: bbase * c.batch_stride + fbase,
                            ki: cl.ki,
                            rows,
                            ents: self.phases.is_some().then_some(ents),
                        };
                        gemm::gemm(d, &lhs, &rmat, zero, mac)
                    }
                    None => {
                        let lhs = ConvLhs {
                            p: self,
                            data: &a,
                            feature_base: fbase * cl.lsf,
                            batch_base: bbase,
                            rows,
                            ents,
                        };
                        gemm::gemm(d, &lhs, &rmat, zero, mac)
                    }
                };
                if rows.is_none()
                    && out.is_none()
                    && (o0, o1, fs) == (0, ko, 1)
                    && pos_off.iter().enumerate().all(|(p, &o)| o == p * ko)
                {
                    // One group, features innermost: the product's rows
                    // are the output itself, and the only part.
                    return res;
                }
                let out = out.get_or_insert_with(|| vec![zero; n]);
                for (i, row) in res.chunks_exact(j).enumerate() {
                    let po = pos_off[position(i)];
                    for (q, &v) in row.iter().enumerate() {
                        out[po + (o0 + q) * fs] = v;
                    }
                }
                o0 = o1;
            }
        }
        out.unwrap_or_else(|| vec![zero; n])
    }

    fn macs(&self) -> u64 {
        (num_elements(&self.cl.out_shape) as u64)
            .saturating_mul(self.entries.len() as u64)
            .saturating_mul(self.cl.ki as u64)
    }

    fn operands(&self) -> [&Tensor; 2] {
        [self.l, self.r]
    }

    fn one(
        &self,
        o: usize,
        zero: u64,
        step: impl Fn(u64, u64, u64) -> u64,
        done: impl Fn(u64) -> bool,
    ) -> u64 {
        let cl = self.cl;
        let ost = strides(&cl.out_shape);
        let mut idx: Vec<usize> = ost.iter().map(|&st| o / st.max(1)).collect();
        for (x, &n) in idx.iter_mut().zip(&cl.out_shape) {
            *x %= n.max(1);
        }
        let of = idx[cl.ofd];
        idx[cl.ofd] = 0;
        let (lb, rb) = cl.bases(idx[cl.obd], of);
        let mut acc = zero;
        for (e, (rsp, _)) in self.entries.iter().enumerate() {
            let off = self.offset(&idx, e);
            for c in 0..cl.ki {
                let x = match off {
                    Some(sp) => self.l.data.get(lb + sp + c * cl.lsf),
                    None => zero,
                };
                acc = step(acc, x, self.r.data.get(rb + rsp + c * cl.rsi));
                if done(acc) {
                    return acc;
                }
            }
        }
        acc
    }
}

/// `convolution` (spec: convolution): all dimension numbers, strides,
/// padding, lhs/rhs dilation, window reversal and feature/batch groups;
/// quantized operands by `dequantize_op_quantize` (hybrid: the result stays float).
fn convolution<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    conv_op(interp, op, args, None)
}

/// `dynamic_conv` (spec: dynamic_conv): `convolution` with the padding
/// given as an operand.
fn dynamic_conv<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    mut args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if args.len() != 3 {
        return Err("dynamic_conv takes lhs, rhs and padding".into());
    }
    let pad = args.pop().ok_or("missing padding")?;
    let pad = pad.as_tensor()?;
    let v = pad.ints().ok_or("padding must be integers")?;
    if pad.rank() != 2 || pad.shape[1] != 2 {
        return Err("padding must have shape [rank − 2, 2]".into());
    }
    let pairs = v
        .chunks_exact(2)
        .map(|c| {
            Ok((
                i64::try_from(c[0]).map_err(|_| "padding overflows")?,
                i64::try_from(c[1]).map_err(|_| "padding overflows")?,
            ))
        })
        .collect::<KResult<Vec<(i64, i64)>>>()?;
    conv_op(interp, op, args, Some(pairs))
}

fn conv_op<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
    pad: Option<Vec<(i64, i64)>>,
) -> KResult<Vec<Value>> {
    let elem = float_result_elem(interp, op)?;
    // A dynamic result dimension takes the size the convolution computes;
    // every static one must equal it.
    let (out_shape, _) = result_type_dyn(interp, op, 0)?;
    let run = |interp: &Interp<'_>, a: &[Value]| -> KResult<Tensor> {
        let [l, r] = tensors(a)?[..] else {
            return Err("convolution takes two operands".into());
        };
        conv_core(interp, op, l, r, &elem, &out_shape, pad.as_deref())
    };
    if any_quantized(interp, op, &args) {
        let floats = super::quant::dequantize_all(&args)?;
        let t = run(interp, &floats)?;
        return dequantize_op_quantize(interp, op, vec![Value::tensor(t)], |a| {
            Ok(a[0].as_tensor()?.clone())
        });
    }
    Ok(vec![Value::tensor(run(interp, &args)?)])
}

fn conv_core(
    interp: &Interp<'_>,
    op: &Op,
    lhs: &Tensor,
    rhs: &Tensor,
    elem: &ElementType,
    declared: &[Option<usize>],
    pad_operand: Option<&[(i64, i64)]>,
) -> KResult<Tensor> {
    let Some(Attr::Conv(dn)) = op.attr("dimension_numbers") else {
        return Err("missing `dimension_numbers`".into());
    };
    let n = lhs.rank();
    if n < 2 || rhs.rank() != n || declared.len() != n {
        return Err("lhs, rhs and result must have the same rank ≥ 2".into());
    }
    let s = n - 2;
    let d = |v: i64| -> KResult<usize> {
        let v = to_usize(v, "a dimension number")?;
        if v >= n {
            return Err(format!("dimension number {v} is out of range").into());
        }
        Ok(v)
    };
    let list = |v: &[i64]| -> KResult<Vec<usize>> {
        if v.len() != s {
            return Err("spatial dimension lists must have rank − 2 entries".into());
        }
        v.iter().map(|&x| d(x)).collect()
    };
    let (ibd, ifd, isd) = (
        d(dn.input_batch_dimension)?,
        d(dn.input_feature_dimension)?,
        list(&dn.input_spatial_dimensions)?,
    );
    let (kid, kod, ksd) = (
        d(dn.kernel_input_feature_dimension)?,
        d(dn.kernel_output_feature_dimension)?,
        list(&dn.kernel_spatial_dimensions)?,
    );
    let (obd, ofd, osd) = (
        d(dn.output_batch_dimension)?,
        d(dn.output_feature_dimension)?,
        list(&dn.output_spatial_dimensions)?,
    );
    let distinct = |a: usize, b: usize, rest: &[usize]| {
        let mut all = vec![a, b];
        all.extend_from_slice(rest);
        let mut sorted = all.clone();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() == all.len()
    };
    if !distinct(ibd, ifd, &isd) || !distinct(kid, kod, &ksd) || !distinct(obd, ofd, &osd) {
        return Err("the dimension numbers of an operand repeat a dimension".into());
    }
    let opt = |name: &str| -> KResult<Vec<i64>> {
        match attr_i64s(op, name)? {
            None => Ok(vec![1; s]),
            Some(v) if v.len() == s => Ok(v),
            Some(_) => Err(format!("`{name}` must have rank − 2 entries").into()),
        }
    };
    let strides_ = opt("window_strides")?;
    let lhs_dil = opt("lhs_dilation")?;
    let rhs_dil = opt("rhs_dilation")?;
    let pad = match pad_operand {
        Some(p) if p.len() == s => p.to_vec(),
        Some(_) => return Err("padding must have rank − 2 rows".into()),
        None => padding_pairs(op, s)?,
    };
    let reverse: Vec<bool> = match attr_i64s(op, "window_reversal")? {
        None => vec![false; s],
        Some(v) if v.len() == s => v.iter().map(|&x| x != 0).collect(),
        Some(_) => return Err("`window_reversal` must have rank − 2 entries".into()),
    };
    let g = attr_i64(op, "feature_group_count").unwrap_or(1);
    let bgc = attr_i64(op, "batch_group_count").unwrap_or(1);
    if g < 1 || bgc < 1 {
        return Err("group counts must be positive".into());
    }
    let (g, bgc) = (g as usize, bgc as usize);
    let (in_b, in_f) = (lhs.shape[ibd], lhs.shape[ifd]);
    let (ki, ko) = (rhs.shape[kid], rhs.shape[kod]);
    if in_f != ki.checked_mul(g).ok_or("overflow")? {
        return Err(format!(
            "input features ({in_f}) ≠ kernel input features ({ki}) × feature_group_count ({g})"
        )
        .into());
    }
    if ko % g != 0 || ko % bgc != 0 || in_b % bgc != 0 {
        return Err("output features or batch do not divide by the group counts".into());
    }
    let lshape: Vec<usize> = isd.iter().map(|&x| lhs.shape[x]).collect();
    let kshape: Vec<usize> = ksd.iter().map(|&x| rhs.shape[x]).collect();
    let kw: Vec<i64> = kshape.iter().map(|&x| x as i64).collect();
    let ws: super::reduce::WindowTable = super::reduce::window_table(
        &lshape,
        &kw,
        &strides_,
        &lhs_dil,
        &rhs_dil,
        &pad,
        &interp.limits,
    )?;
    let mut shape = vec![0usize; n];
    shape[obd] = in_b / bgc;
    shape[ofd] = ko;
    for (i, &o) in osd.iter().enumerate() {
        shape[o] = ws.0[i];
    }
    if shape
        .iter()
        .zip(declared)
        .any(|(&got, &want)| want.is_some_and(|w| w != got))
    {
        return Err(format!(
            "the result type has shape [{}] but the convolution gives {}",
            declared
                .iter()
                .map(|d| d.map_or("?".to_string(), |x| x.to_string()))
                .collect::<Vec<_>>()
                .join(", "),
            shape_text(&shape)
        )
        .into());
    }
    interp.check_shape(&shape, lanes(elem))?;
    // Each result element is (input features per group) × (window) multiply-
    // adds; the inputs are converted once and the window's entries listed.
    let window = kshape.iter().fold(1u64, |a, &x| a.saturating_mul(x as u64));
    interp.charge(
        (num_elements(&shape) as u64)
            .saturating_mul(ki.max(1) as u64)
            .saturating_mul(window.max(1)),
        (tensor_bytes(lhs).saturating_add(tensor_bytes(rhs)))
            .saturating_add(window.saturating_mul(48 + 8 * s as u64)),
    )?;
    let lst = strides(&lhs.shape);
    let rst = strides(&rhs.shape);
    let lattice = (0..s)
        .map(|d| {
            Lattice::new(
                ws.0[d],
                kshape[d],
                strides_[d],
                lhs_dil[d],
                rhs_dil[d],
                pad[d].0,
            )
        })
        .collect();
    let lp = ConvLoop {
        out_shape: shape.clone(),
        obd,
        ofd,
        osd,
        lsb: lst[ibd],
        lsf: lst[ifd],
        lss: isd.iter().map(|&x| lst[x]).collect(),
        rsi: rst[kid],
        rso: rst[kod],
        rss: ksd.iter().map(|&x| rst[x]).collect(),
        in_batch_per_group: in_b / bgc,
        ki,
        ko_per_fgroup: ko / g,
        ko_per_bgroup: ko / bgc,
        kspatial: kshape,
        reverse,
        table: ws.1,
        lattice,
        steps: strides_
            .iter()
            .zip(&rhs_dil)
            .map(|(&st, &rd)| {
                let u = |v: i64| usize::try_from(v).unwrap_or(0);
                (u(st), u(rd))
            })
            .collect(),
        lhs_sizes: (in_b, in_f, lshape.clone()),
    };
    let l = prepare(lhs, None, elem);
    let r = prepare(rhs, None, elem);
    if interp.fast_kernels {
        // Entries that meet only dilation holes are skipped when every
        // weight is finite (see `ConvProduct::new`).
        let dilated = lhs_dil.iter().any(|&x| x > 1);
        let finite = |t: &Tensor| match &t.elem {
            ElementType::Float(FloatKind::F32) => match &t.data {
                Words::U32(v) => v.iter().all(|&x| f32::from_bits(x).is_finite()),
                w => (0..w.len()).all(|i| f32::from_bits(w.get(i) as u32).is_finite()),
            },
            ElementType::Float(k) => {
                let f = k.format();
                (0..t.data.len()).all(|i| arith::is_finite(f, t.data.get(i)))
            }
            other => int_kind(other).is_some(),
        };
        let p = ConvProduct::new(&lp, &l, &r, dilated && finite(&r));
        if let Some(words) = fast_mac(elem, &p) {
            return Ok(Tensor::from_words(elem.clone(), shape, words));
        }
    }
    let data = run_mac(&lp, elem, &l, &r)?;
    Ok(Tensor::new(elem.clone(), shape, &data))
}

// ---------------------------------------------------------------------------
// fft
// ---------------------------------------------------------------------------

/// sin and cos of `2π·num/den` in f64, from this module's own polynomial:
/// the angle is reduced exactly to an octant by the rational `num/den`.
fn twiddle(num: usize, den: usize) -> (f64, f64) {
    // Reduce to [0, den) then to an eighth of the circle with symmetries.
    let num = num % den;
    // t = num/den in [0,1): quadrant q, remainder in [0, 1/4).
    let q = (4 * num) / den;
    let rem_num = 4 * num - q * den; // angle = (q + rem_num/den) * π/2
                                     // Angle within the quadrant: x = (π/2) · rem_num / den ∈ [0, π/2).
    let (s, c) = if 2 * rem_num <= den {
        let x = std::f64::consts::FRAC_PI_2 * (rem_num as f64 / den as f64);
        (sin_poly(x), cos_poly(x))
    } else {
        let x = std::f64::consts::FRAC_PI_2 * ((den - rem_num) as f64 / den as f64);
        (cos_poly(x), sin_poly(x))
    };
    match q {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// Taylor series for sin on [0, π/4] (error below 2⁻⁵³ relative).
fn sin_poly(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = x;
    let mut sum = x;
    for k in 1..12 {
        term *= -x2 / ((2 * k) as f64 * (2 * k + 1) as f64);
        sum += term;
    }
    sum
}

fn cos_poly(x: f64) -> f64 {
    let x2 = x * x;
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..12 {
        term *= -x2 / ((2 * k - 1) as f64 * (2 * k) as f64);
        sum += term;
    }
    sum
}

/// In-place DFT of `n` complex values at `base + i·stride` (inverse: sign
/// +, scaled by 1/n): radix-2 Cooley–Tukey for powers of two, the direct
/// sum otherwise.
fn dft_line(
    buf: &mut [(f64, f64)],
    base: usize,
    stride: usize,
    n: usize,
    inverse: bool,
    tw: &[(f64, f64)],
    tmp: &mut Vec<(f64, f64)>,
) {
    tmp.clear();
    if n.is_power_of_two() {
        // Bit-reversed load, then butterflies.
        let bits = n.trailing_zeros();
        tmp.resize(n, (0.0, 0.0));
        for j in 0..n {
            let rj = if bits == 0 {
                0
            } else {
                j.reverse_bits() >> (usize::BITS - bits)
            };
            tmp[rj] = buf[base + j * stride];
        }
        let mut len = 2;
        while len <= n {
            let step = n / len;
            for start in (0..n).step_by(len) {
                for k in 0..len / 2 {
                    let (s, c) = tw[k * step];
                    let s = if inverse { s } else { -s };
                    let (x, y) = tmp[start + k + len / 2];
                    let t = (x * c - y * s, x * s + y * c);
                    let u = tmp[start + k];
                    tmp[start + k] = (u.0 + t.0, u.1 + t.1);
                    tmp[start + k + len / 2] = (u.0 - t.0, u.1 - t.1);
                }
            }
            len *= 2;
        }
    } else {
        for k in 0..n {
            let (mut re, mut im) = (0.0f64, 0.0f64);
            for j in 0..n {
                let (x, y) = buf[base + j * stride];
                let (s, c) = tw[(j * k) % n];
                let s = if inverse { s } else { -s };
                re += x * c - y * s;
                im += x * s + y * c;
            }
            tmp.push((re, im));
        }
    }
    for (k, v) in tmp.iter().enumerate() {
        buf[base + k * stride] = if inverse {
            (v.0 / n as f64, v.1 / n as f64)
        } else {
            *v
        };
    }
}

/// Applies a DFT along dimension `dim` (length `n`) of a complex f64 tensor.
/// With `fast`, power-of-two lines go in groups through vector lanes
/// ([`dft_lines`]: the same bits as [`dft_line`] alone).
fn dft_dim(buf: &mut [(f64, f64)], shape: &[usize], dim: usize, inverse: bool, fast: bool) {
    let n = shape[dim];
    if n == 0 || buf.is_empty() {
        return;
    }
    let tw: Vec<(f64, f64)> = (0..n).map(|k| twiddle(k, n)).collect();
    // The buffer is a sequence of blocks of `n · inner` values (one per
    // index of the dimensions before `dim`), each holding `inner` lines
    // interleaved (those of the dimensions after it); blocks go to
    // threads, each line computed alone as before.
    let inner = strides(shape)[dim];
    let per_value = if n.is_power_of_two() {
        u64::from(n.trailing_zeros()) + 1
    } else {
        n as u64
    };
    // About ten floating-point operations per value and butterfly level.
    let work = (buf.len() as u64)
        .saturating_mul(per_value)
        .saturating_mul(10);
    let block = n * inner;
    let parts = super::par::parts(work);
    let per_item = (buf.len() / block).div_ceil(4 * parts).max(1) * block;
    let items: Vec<&mut [(f64, f64)]> = buf.chunks_mut(per_item).collect();
    super::par::each(items, work, |item| {
        if fast && n.is_power_of_two() && n > 1 {
            // Lines in groups of `FFT_LINES`, in vector lanes.
            let lines = item.len() / block * inner;
            let start = |line: usize| line / inner * block + line % inner;
            let (mut re, mut im) = (Vec::new(), Vec::new());
            let mut starts = Vec::with_capacity(FFT_LINES);
            for first in (0..lines).step_by(FFT_LINES) {
                starts.clear();
                starts.extend((first..lines.min(first + FFT_LINES)).map(start));
                dft_lines(item, &starts, inner, n, inverse, &tw, &mut re, &mut im);
            }
            return;
        }
        let mut tmp = Vec::with_capacity(n);
        for block in item.chunks_mut(block) {
            for base in 0..inner {
                dft_line(block, base, inner, n, inverse, &tw, &mut tmp);
            }
        }
    });
}

/// [`dft_line`] of a power of two `n` ≥ 2 on up to [`FFT_LINES`] lines at
/// once, line `l` the `n` values at `starts[l] + i·stride`: the same loads,
/// butterflies ([`lanes::fft_butterflies`], lane `l` line `l`) and scaling,
/// so each line gets the bits it gets alone. Lanes without a line compute
/// on zeros and are dropped.
#[allow(clippy::too_many_arguments)]
fn dft_lines(
    buf: &mut [(f64, f64)],
    starts: &[usize],
    stride: usize,
    n: usize,
    inverse: bool,
    tw: &[(f64, f64)],
    re: &mut Vec<[f64; FFT_LINES]>,
    im: &mut Vec<[f64; FFT_LINES]>,
) {
    let bits = n.trailing_zeros();
    re.clear();
    re.resize(n, [0.0; FFT_LINES]);
    im.clear();
    im.resize(n, [0.0; FFT_LINES]);
    for (l, &s0) in starts.iter().enumerate() {
        for j in 0..n {
            let rj = j.reverse_bits() >> (usize::BITS - bits);
            let (x, y) = buf[s0 + j * stride];
            re[rj][l] = x;
            im[rj][l] = y;
        }
    }
    lanes::fft_butterflies(re, im, tw, inverse);
    for (l, &s0) in starts.iter().enumerate() {
        for k in 0..n {
            buf[s0 + k * stride] = if inverse {
                (re[k][l] / n as f64, im[k][l] / n as f64)
            } else {
                (re[k][l], im[k][l])
            };
        }
    }
}

/// `fft` (spec: fft): FFT, IFFT, RFFT and IRFFT over the last
/// `size(fft_length)` dimensions, computed in f64 (see the module doc).
fn fft<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let [t] = tensors(&args)?[..] else {
        return Err("fft takes one operand".into());
    };
    let ty = op
        .attr("fft_type")
        .and_then(Attr::as_enum)
        .ok_or("missing `fft_type`")?;
    let lens = attr_i64s(op, "fft_length")?.ok_or("missing `fft_length`")?;
    let (out_shape, out_elem) = result_type(interp, op, 0)?;
    let rank = t.rank();
    let l = lens.len();
    if !(1..=3).contains(&l) || l > rank || out_shape.len() != rank {
        return Err("fft_length must have 1 to 3 entries, at most the rank".into());
    }
    let kind = float_kind(&t.elem).ok_or("fft takes floats or complex numbers")?;
    let complex_in = matches!(t.elem, ElementType::Complex(_));
    let want_complex_in = ty != "RFFT";
    if complex_in != want_complex_in {
        return Err(format!(
            "{ty} takes a {} operand",
            if want_complex_in { "complex" } else { "real" }
        )
        .into());
    }
    let out_kind = float_kind(&out_elem).ok_or("the result must be float or complex")?;
    if matches!(out_elem, ElementType::Complex(_)) == (ty == "IRFFT") {
        return Err(format!(
            "the result of {ty} must be {}",
            if ty == "IRFFT" { "real" } else { "complex" }
        )
        .into());
    }
    interp.check_shape(&out_shape, lanes(&out_elem))?;
    let lens: Vec<usize> = lens
        .iter()
        .map(|&x| to_usize(x, "fft_length"))
        .collect::<KResult<_>>()?;
    // Work shape: the operand's, with the last dimension the full length for RFFT/IRFFT.
    let mut work_shape = t.shape.clone();
    let last = rank - 1;
    if ty == "IRFFT" {
        let n = lens[l - 1];
        let half = if n == 0 { 0 } else { n / 2 + 1 };
        if t.shape[last] != half {
            return Err(format!(
                "IRFFT of length {n} takes {half} elements, not {}",
                t.shape[last]
            )
            .into());
        }
        work_shape[last] = n;
    }
    if lens.iter().any(|&n| !n.is_power_of_two() && n > (1 << 14)) {
        return Err("fft lengths above 16384 must be powers of two (direct DFT)".into());
    }
    for i in 0..l {
        if work_shape[rank - l + i] != lens[i] {
            return Err(
                format!("fft_length {lens:?} does not match the shape {:?}", t.shape).into(),
            );
        }
    }
    let expected_out: Vec<usize> = match ty {
        "RFFT" => {
            let mut s = t.shape.clone();
            s[last] = if s[last] == 0 { 0 } else { s[last] / 2 + 1 };
            s
        }
        "IRFFT" => work_shape.clone(),
        _ => t.shape.clone(),
    };
    if expected_out != out_shape {
        return Err(format!("the result shape {out_shape:?} should be {expected_out:?}").into());
    }
    // Per transformed dimension every element costs log2(n) butterflies
    // (radix 2) or n terms (direct DFT); the work buffer of complex f64 is
    // resized once (two copies) and each line's twiddles are tabled.
    let elements = num_elements(&work_shape).max(t.len()) as u64;
    let per_element = lens.iter().fold(0u64, |a, &n| {
        let c = if n.is_power_of_two() {
            u64::from(n.trailing_zeros()) + 1
        } else {
            n as u64
        };
        a.saturating_add(c)
    });
    let twiddles = lens.iter().fold(0u64, |a, &n| a.saturating_add(n as u64));
    interp.charge(
        elements.saturating_mul(per_element),
        elements.saturating_add(twiddles).saturating_mul(32),
    )?;
    // Load the operand as complex f64, in its own shape.
    interp.check_shape(&t.shape, 2)?;
    // The operand's lanes are read in blocks (no copy of them is made);
    // the buffer is made once at the size of the larger of the operand and
    // the work shape, and only resized in place.
    let mut buf: Vec<(f64, f64)> = Vec::with_capacity(num_elements(&work_shape).max(t.len()));
    // An even number of lanes per block: a complex element is never cut.
    const LANES: usize = 512;
    let mut block = [0u64; LANES];
    for off in (0..t.data.len()).step_by(LANES) {
        let lanes = &mut block[..(t.data.len() - off).min(LANES)];
        t.data.read(off, lanes);
        if complex_in {
            let pairs = lanes.chunks_exact(2);
            buf.extend(pairs.map(|e| (wide(kind, e[0]), wide(kind, e[1]))));
        } else {
            buf.extend(lanes.iter().map(|&e| (wide(kind, e), 0.0)));
        }
    }
    let mut shape = t.shape.clone();
    let outer_dims: Vec<usize> = (rank - l..last).collect();
    let fast = interp.fast_kernels;
    match ty {
        "FFT" => {
            for d in (rank - l..rank).rev() {
                dft_dim(&mut buf, &shape, d, false, fast);
            }
        }
        "IFFT" => {
            for d in rank - l..rank {
                dft_dim(&mut buf, &shape, d, true, fast);
            }
        }
        "RFFT" => {
            dft_dim(&mut buf, &shape, last, false, fast);
            let m = out_shape[last];
            resize_last(&mut buf, &shape, m, false);
            shape[last] = m;
            for &d in outer_dims.iter().rev() {
                dft_dim(&mut buf, &shape, d, false, fast);
            }
        }
        _ => {
            // IRFFT: inverse along the outer axes on the stored half, then
            // each last-axis line extended by Hermitian symmetry and inverted.
            for &d in &outer_dims {
                dft_dim(&mut buf, &shape, d, true, fast);
            }
            let n = work_shape[last];
            resize_last(&mut buf, &shape, n, true);
            shape[last] = n;
            dft_dim(&mut buf, &shape, last, true, fast);
        }
    }
    let data = if ty == "IRFFT" {
        Words::collect(
            Width::of(&out_elem),
            buf.iter().map(|&(re, _)| narrow(out_kind, re)),
        )
    } else {
        Words::collect(
            Width::of(&out_elem),
            buf.iter()
                .flat_map(|&(re, im)| [narrow(out_kind, re), narrow(out_kind, im)]),
        )
    };
    Ok(vec![Value::tensor(Tensor::from_words(
        out_elem, out_shape, data,
    ))])
}

/// `to_f64`, with f32's exact widening done in hardware (NaNs by
/// `to_f64`, which fixes their payload).
fn wide(kind: FloatKind, bits: u64) -> f64 {
    let v = f32::from_bits(bits as u32);
    if kind == FloatKind::F32 && !v.is_nan() {
        f64::from(v)
    } else {
        to_f64(kind, bits)
    }
}

/// An fft output in its format: `from_f64`, with the rounding to f32 done
/// in hardware (to nearest even, overflow to ∞, subnormals: IEEE's, as
/// `from_f64`'s); every NaN the format's default NaN (see the module doc).
fn narrow(kind: FloatKind, x: f64) -> u64 {
    if x.is_nan() {
        from_f64(kind, f64::NAN)
    } else if kind == FloatKind::F32 {
        (x as f32).to_bits() as u64
    } else {
        from_f64(kind, x)
    }
}

/// Changes the last dimension of `buf` (of `shape`) to `n`, in place:
/// truncating each line, or extending it with zeros or (with `hermitian`)
/// by `X[k] = conj(X[n − k])`.
fn resize_last(buf: &mut Vec<(f64, f64)>, shape: &[usize], n: usize, hermitian: bool) {
    let m = shape.last().copied().unwrap_or(1);
    let rows = num_elements(&shape[..shape.len().saturating_sub(1)]);
    let fill = |line: &mut [(f64, f64)]| {
        for k in m..n {
            line[k] = if hermitian && n - k < m {
                let (re, im) = line[n - k];
                (re, -im)
            } else {
                (0.0, 0.0)
            };
        }
    };
    if n <= m {
        // Lines move towards the front, each to a place at or before its
        // own: in order, no line is overwritten before it is moved.
        for r in 0..rows {
            buf.copy_within(r * m..r * m + n, r * n);
        }
        buf.truncate(rows * n);
    } else {
        // Lines move towards the back: from the last.
        buf.resize(rows * n, (0.0, 0.0));
        for r in (0..rows).rev() {
            buf.copy_within(r * m..r * m + m, r * n);
            fill(&mut buf[r * n..r * n + n]);
        }
    }
}

// ---------------------------------------------------------------------------
// cholesky, triangular_solve
// ---------------------------------------------------------------------------

fn real_kind(t: &Tensor, what: &str) -> KResult<FloatKind> {
    match t.elem {
        ElementType::Float(k) => Ok(k),
        _ => Err(format!("{what} takes real floats").into()),
    }
}

/// A real or complex number in f64 (real: imaginary part 0).
type C = (f64, f64);

fn c_sub(a: C, b: C) -> C {
    (a.0 - b.0, a.1 - b.1)
}
fn c_mul(a: C, b: C) -> C {
    (a.0 * b.0 - a.1 * b.1, a.0 * b.1 + a.1 * b.0)
}
/// Textbook division; exact real division when both are real.
fn c_div(a: C, b: C) -> C {
    if a.1 == 0.0 && b.1 == 0.0 {
        return (a.0 / b.0, 0.0);
    }
    let den = b.0 * b.0 + b.1 * b.1;
    ((a.0 * b.0 + a.1 * b.1) / den, (a.1 * b.0 - a.0 * b.1) / den)
}
fn c_conj(a: C) -> C {
    (a.0, -a.1)
}

/// Reads element `i` of a real or complex float tensor as f64.
fn read_c(t: &Tensor, kind: FloatKind, i: usize) -> C {
    if t.lanes() == 2 {
        (
            to_f64(kind, t.data.get(2 * i)),
            to_f64(kind, t.data.get(2 * i + 1)),
        )
    } else {
        (to_f64(kind, t.data.get(i)), 0.0)
    }
}

fn push_c(out: &mut Vec<u64>, kind: FloatKind, complex: bool, v: C) {
    out.push(from_f64(kind, v.0));
    if complex {
        out.push(from_f64(kind, v.1));
    }
}

/// The float kind of a real or complex float tensor.
fn float_parts(t: &Tensor, what: &str) -> KResult<(FloatKind, bool)> {
    match t.elem {
        ElementType::Float(k) => Ok((k, false)),
        ElementType::Complex(k) => Ok((k, true)),
        _ => Err(format!("{what} takes floats or complex numbers").into()),
    }
}

/// `cholesky` (spec: cholesky), in f64 (see the module doc).
fn cholesky<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let [a] = tensors(&args)?[..] else {
        return Err("cholesky takes one operand".into());
    };
    let (kind, complex) = float_parts(a, "cholesky")?;
    let lower = attr_bool(op, "lower", false);
    let r = a.rank();
    if r < 2 || a.shape[r - 1] != a.shape[r - 2] {
        return Err("cholesky takes square matrices".into());
    }
    interp.check_shape(&a.shape, a.lanes())?;
    let n = a.shape[r - 1];
    let mats = if n == 0 { 0 } else { a.len() / (n * n) };
    // About n³/3 multiply-adds per matrix, in one n × n matrix of complex f64.
    let nn = (n as u64).saturating_mul(n as u64);
    interp.charge(
        (mats as u64).saturating_mul(nn.saturating_mul(n as u64) / 3 + nn),
        nn.saturating_mul(16),
    )?;
    let mut data = Vec::with_capacity(a.data.len());
    let mut m: Vec<C> = vec![(0.0, 0.0); n * n];
    for b in 0..mats {
        let base = b * n * n;
        // A[i][j] for i ≥ j, from the triangle the op reads.
        let at = |i: usize, j: usize| {
            if lower {
                read_c(a, kind, base + i * n + j)
            } else {
                c_conj(read_c(a, kind, base + j * n + i))
            }
        };
        m.iter_mut().for_each(|x| *x = (0.0, 0.0));
        let mut ok = true;
        for j in 0..n {
            let mut s = at(j, j).0;
            for k in 0..j {
                let v = m[j * n + k];
                s -= v.0 * v.0 + v.1 * v.1;
            }
            if s.is_nan() || s <= 0.0 {
                ok = false;
                break;
            }
            let d = (s.sqrt(), 0.0);
            m[j * n + j] = d;
            for i in j + 1..n {
                let mut s = at(i, j);
                for k in 0..j {
                    s = c_sub(s, c_mul(m[i * n + k], c_conj(m[j * n + k])));
                }
                m[i * n + j] = c_div(s, d);
            }
        }
        for i in 0..n {
            for j in 0..n {
                let v = if !ok {
                    (f64::NAN, f64::NAN)
                } else if lower {
                    m[i * n + j]
                } else {
                    c_conj(m[j * n + i])
                };
                push_c(&mut data, kind, complex, v);
            }
        }
    }
    Ok(vec![Value::tensor(Tensor::new(
        a.elem.clone(),
        a.shape.clone(),
        &data,
    ))])
}

/// `triangular_solve` (spec: triangular_solve), in f64 (see the module doc).
fn triangular_solve<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let [a, b] = tensors(&args)?[..] else {
        return Err("triangular_solve takes a and b".into());
    };
    let (kind, complex) = float_parts(a, "triangular_solve")?;
    if b.elem != a.elem {
        return Err("a and b differ in element type".into());
    }
    let left = attr_bool(op, "left_side", false);
    let lower = attr_bool(op, "lower", false);
    let unit = attr_bool(op, "unit_diagonal", false);
    let tr = op.attr("transpose_a").and_then(Attr::as_enum);
    let trans = !matches!(tr, None | Some("NO_TRANSPOSE"));
    let adjoint = tr == Some("ADJOINT");
    let r = a.rank();
    if r < 2 || b.rank() != r || a.shape[r - 1] != a.shape[r - 2] {
        return Err("a must be square matrices and b have a's rank".into());
    }
    let m = a.shape[r - 1];
    let (rows, cols) = (b.shape[r - 2], b.shape[r - 1]);
    if a.shape[..r - 2] != b.shape[..r - 2] || (left && rows != m) || (!left && cols != m) {
        return Err("the shapes of a and b do not match".into());
    }
    interp.check_shape(&b.shape, b.lanes())?;
    let mats = num_elements(&a.shape[..r - 2]);
    // Each of b's elements costs about m / 2 multiply-adds, each matrix m²
    // to read; b is solved in complex f64, with one m × m matrix and a column.
    let mm = (m as u64).saturating_mul(m as u64);
    interp.charge(
        (b.len() as u64)
            .saturating_mul(m as u64 / 2 + 1)
            .saturating_add((mats as u64).saturating_mul(mm)),
        (b.len() as u64)
            .saturating_add(mm)
            .saturating_add(m as u64)
            .saturating_mul(16),
    )?;
    let mut out: Vec<C> = vec![(0.0, 0.0); b.len()];
    // op(a), keeping only the triangle a's `lower` names; lower after transposing?
    let eff_lower = lower != trans;
    let mut e: Vec<C> = vec![(0.0, 0.0); m * m];
    let mut x: Vec<C> = vec![(0.0, 0.0); m];
    for bi in 0..mats {
        let abase = bi * m * m;
        for i in 0..m {
            for j in 0..m {
                let (p, q) = if trans { (j, i) } else { (i, j) };
                let in_tri = if lower { p >= q } else { p <= q };
                e[i * m + j] = if !in_tri {
                    (0.0, 0.0)
                } else if p == q && unit {
                    (1.0, 0.0)
                } else {
                    let v = read_c(a, kind, abase + p * m + q);
                    if adjoint {
                        c_conj(v)
                    } else {
                        v
                    }
                };
            }
        }
        let bbase = bi * rows * cols;
        // Left: E x = b per column of b. Right: x E = b ⇔ Eᵀ xᵀ = bᵀ per row.
        let (systems, sys_stride, elem_stride) = if left {
            (cols, 1, cols)
        } else {
            (rows, cols, 1)
        };
        let lower_sys = if left { eff_lower } else { !eff_lower };
        let order: Vec<usize> = if lower_sys {
            (0..m).collect()
        } else {
            (0..m).rev().collect()
        };
        for sidx in 0..systems {
            let off = |i: usize| bbase + sidx * sys_stride + i * elem_stride;
            let coef = |i: usize, j: usize| if left { e[i * m + j] } else { e[j * m + i] };
            for &i in &order {
                let mut s = read_c(b, kind, off(i));
                for &j in &order {
                    if j == i {
                        break;
                    }
                    s = c_sub(s, c_mul(coef(i, j), x[j]));
                }
                x[i] = c_div(s, coef(i, i));
            }
            for (i, v) in x.iter().enumerate() {
                out[off(i)] = *v;
            }
        }
    }
    let mut data = Vec::with_capacity(b.data.len());
    for v in out {
        push_c(&mut data, kind, complex, v);
    }
    Ok(vec![Value::tensor(Tensor::new(
        b.elem.clone(),
        b.shape.clone(),
        &data,
    ))])
}

// ---------------------------------------------------------------------------
// batch_norm_*
// ---------------------------------------------------------------------------

/// Element-type arithmetic for the batch norm decompositions.
struct Bn {
    f: &'static Format,
    kind: FloatKind,
    shape: Vec<usize>,
    feature: usize,
    /// Stride and size of the feature dimension.
    fstride: usize,
    fsize: usize,
}

impl Bn {
    fn new(t: &Tensor, op: &Op) -> KResult<Bn> {
        let kind = real_kind(t, "batch_norm")?;
        let fi = attr_i64(op, "feature_index").ok_or("missing `feature_index`")?;
        let feature = to_usize(fi, "feature_index")?;
        if feature >= t.rank() {
            return Err("feature_index is out of range".into());
        }
        let st = strides(&t.shape);
        Ok(Bn {
            f: kind.format(),
            kind,
            shape: t.shape.clone(),
            feature,
            fstride: st[feature],
            fsize: t.shape[feature],
        })
    }
    fn feat(&self, i: usize) -> usize {
        (i / self.fstride) % self.fsize.max(1)
    }
    fn check_vec(&self, v: &Tensor) -> KResult<()> {
        if v.rank() != 1 || v.len() != self.fsize || v.elem != ElementType::Float(self.kind) {
            return Err(
                "scale, offset, mean and variance must be vectors of the feature size".into(),
            );
        }
        Ok(())
    }
    /// compute_sum: per feature, sequential in row-major order of the other dims.
    fn sum(&self, x: &[u64]) -> Vec<u64> {
        let mut acc = vec![arith::zero(self.f, false); self.fsize];
        let st = strides(&self.shape);
        let outer: Vec<(usize, usize)> = (0..self.shape.len())
            .filter(|&d| d != self.feature)
            .map(|d| (self.shape[d], st[d]))
            .collect();
        for (c, a) in acc.iter_mut().enumerate() {
            let _ = for_each_offset::<()>(&outer, c * self.fstride, |o| {
                *a = arith::add(self.f, *a, x[o], RNE);
                Ok(())
            });
        }
        acc
    }
    fn divisor(&self) -> u64 {
        let n = num_elements(&self.shape) / self.fsize.max(1);
        convert::from_int(self.f, n as i128, RNE)
    }
    fn mean(&self, x: &[u64]) -> Vec<u64> {
        let d = self.divisor();
        self.sum(x)
            .into_iter()
            .map(|s| arith::div(self.f, s, d, RNE))
            .collect()
    }
    fn epsilon(&self, op: &Op) -> u64 {
        match op.attr("epsilon") {
            Some(Attr::Float(bits, k)) => convert::convert_kind(*k, self.kind, *bits),
            _ => arith::zero(self.f, false),
        }
    }
    /// batch_norm_inference on lanes.
    fn inference(
        &self,
        x: &[u64],
        scale: &[u64],
        offset: &[u64],
        mean: &[u64],
        var: &[u64],
        eps: u64,
    ) -> Vec<u64> {
        let f = self.f;
        (0..x.len())
            .map(|i| {
                let c = self.feat(i);
                let centered = arith::sub(f, x[i], mean[c], RNE);
                let stddev = arith::sqrt(f, arith::add(f, var[c], eps, RNE), RNE);
                let norm = arith::div(f, centered, stddev, RNE);
                arith::add(f, arith::mul(f, scale[c], norm, RNE), offset[c], RNE)
            })
            .collect()
    }
}

fn bn_tensor(elem: &ElementType, shape: &[usize], data: Vec<u64>) -> Value {
    Value::tensor(Tensor::new(elem.clone(), shape.to_vec(), &data))
}

/// `batch_norm_inference` (spec: batch_norm_inference), per its decomposition.
fn batch_norm_inference<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let run = |a: &[Value]| -> KResult<Tensor> {
        let [x, scale, offset, mean, var] = tensors(a)?[..] else {
            return Err("batch_norm_inference takes five operands".into());
        };
        let bn = Bn::new(x, op)?;
        for v in [scale, offset, mean, var] {
            bn.check_vec(v)?;
        }
        let data = bn.inference(
            &x.lanes_vec(),
            &scale.lanes_vec(),
            &offset.lanes_vec(),
            &mean.lanes_vec(),
            &var.lanes_vec(),
            bn.epsilon(op),
        );
        Ok(Tensor::new(x.elem.clone(), x.shape.clone(), &data))
    };
    if any_quantized(interp, op, &args) {
        return dequantize_op_quantize(interp, op, args, run);
    }
    Ok(vec![Value::tensor(run(&args)?)])
}

/// `dequantize_batch_norm_grad_or_training_quantize`: runs a batch norm on
/// dequantized operands and quantizes each result to its declared type.
fn bn_quantized(
    interp: &Interp<'_>,
    op: &Op,
    args: &[Value],
    f: fn(&Op, &[Value]) -> KResult<Vec<Value>>,
) -> KResult<Vec<Value>> {
    let floats = super::quant::dequantize_all(args)?;
    let outs = f(op, &floats)?;
    outs.into_iter()
        .enumerate()
        .map(|(i, v)| {
            let t = v.into_tensor()?;
            Ok(Value::tensor(match result_elem(interp, op, i)? {
                ElementType::Quant(q) => super::quant::quantize(&t, &q)?,
                other => convert_tensor(&t, &other),
            }))
        })
        .collect()
}

/// `batch_norm_training` (spec: batch_norm_training), per its decomposition.
fn batch_norm_training<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if any_quantized(interp, op, &args) {
        return bn_quantized(interp, op, &args, bn_training_plain);
    }
    if let Some(x) = args.first() {
        interp.check_shape(&x.as_tensor()?.shape, 1)?;
    }
    bn_training_plain(op, &args)
}

fn bn_training_plain(op: &Op, args: &[Value]) -> KResult<Vec<Value>> {
    let [x, scale, offset] = tensors(args)?[..] else {
        return Err("batch_norm_training takes three operands".into());
    };
    let bn = Bn::new(x, op)?;
    bn.check_vec(scale)?;
    bn.check_vec(offset)?;
    let f = bn.f;
    let mean = bn.mean(&x.lanes_vec());
    let centered_sq: Vec<u64> = (0..x.len())
        .map(|i| {
            let c = arith::sub(f, x.data.get(i), mean[bn.feat(i)], RNE);
            arith::mul(f, c, c, RNE)
        })
        .collect();
    let var = bn.mean(&centered_sq);
    let out = bn.inference(
        &x.lanes_vec(),
        &scale.lanes_vec(),
        &offset.lanes_vec(),
        &mean,
        &var,
        bn.epsilon(op),
    );
    let vshape = [bn.fsize];
    Ok(vec![
        bn_tensor(&x.elem, &x.shape, out),
        bn_tensor(&x.elem, &vshape, mean),
        bn_tensor(&x.elem, &vshape, var),
    ])
}

/// `batch_norm_grad` (spec: batch_norm_grad), per its decomposition.
fn batch_norm_grad<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    if any_quantized(interp, op, &args) {
        return bn_quantized(interp, op, &args, bn_grad_plain);
    }
    bn_grad_plain(op, &args)
}

fn bn_grad_plain(op: &Op, args: &[Value]) -> KResult<Vec<Value>> {
    let [x, scale, mean, var, gy] = tensors(args)?[..] else {
        return Err("batch_norm_grad takes five operands".into());
    };
    let bn = Bn::new(x, op)?;
    for v in [scale, mean, var] {
        bn.check_vec(v)?;
    }
    if gy.shape != x.shape || gy.elem != x.elem {
        return Err("grad_output must have the operand's type".into());
    }
    let f = bn.f;
    let eps = bn.epsilon(op);
    let n = x.len();
    let c_of = |i: usize| bn.feat(i);
    let centered: Vec<u64> = (0..n)
        .map(|i| arith::sub(f, x.data.get(i), mean.data.get(c_of(i)), RNE))
        .collect();
    let var_eps: Vec<u64> = var
        .data
        .iter()
        .map(|v| arith::add(f, v, eps, RNE))
        .collect();
    let stddev: Vec<u64> = var_eps.iter().map(|&v| arith::sqrt(f, v, RNE)).collect();
    let normalized: Vec<u64> = (0..n)
        .map(|i| arith::div(f, centered[i], stddev[c_of(i)], RNE))
        .collect();
    let epf = bn.divisor();
    let i2 = bn.sum(&gy.lanes_vec());
    let gy_c: Vec<u64> = (0..n)
        .map(|i| arith::mul(f, gy.data.get(i), centered[i], RNE))
        .collect();
    let i3 = bn.sum(&gy_c);
    let grad_operand: Vec<u64> = (0..n)
        .map(|i| {
            let c = c_of(i);
            let i1 = arith::mul(f, gy.data.get(i), epf, RNE);
            let i4 = arith::mul(f, i3[c], centered[i], RNE);
            let i5 = arith::div(f, i4, var_eps[c], RNE);
            let i6 = arith::sub(f, arith::sub(f, i1, i2[c], RNE), i5, RNE);
            let k = arith::div(
                f,
                arith::div(f, scale.data.get(c), stddev[c], RNE),
                epf,
                RNE,
            );
            arith::mul(f, k, i6, RNE)
        })
        .collect();
    let gn: Vec<u64> = (0..n)
        .map(|i| arith::mul(f, gy.data.get(i), normalized[i], RNE))
        .collect();
    let grad_scale = bn.sum(&gn);
    let grad_offset = i2;
    let vshape = [bn.fsize];
    Ok(vec![
        bn_tensor(&x.elem, &x.shape, grad_operand),
        bn_tensor(&x.elem, &vshape, grad_scale),
        bn_tensor(&x.elem, &vshape, grad_offset),
    ])
}

#[cfg(test)]
mod tests {
    use super::super::reduce::{ints, run_main};
    use super::*;

    fn conv(lhs: &str, rhs: &str, out: &str, window: &str, attrs: &str) -> Vec<i64> {
        let text = format!(
            r#"func.func @main() -> {out} {{
  %a = stablehlo.constant {lhs}
  %b = stablehlo.constant {rhs}
  %r = stablehlo.convolution(%a, %b) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {{{window}}} {{{attrs}}} : ({}, {}) -> {out}
  func.return %r : {out}
}}"#,
            lhs.split(" : ").nth(1).unwrap_or(""),
            rhs.split(" : ").nth(1).unwrap_or(""),
        );
        ints(&run_main(&text)[0])
    }

    /// The product and sum tables of every format of 8 bits or fewer are
    /// soft-float's operations, on every pair of bit patterns.
    #[test]
    fn mac_tables_are_the_soft_float_operations() {
        let mut formats = 0;
        for &kind in FloatKind::ALL.iter().filter(|k| k.bits() <= 8) {
            let f = kind.format();
            let t = mac_tables(kind).expect("a table for every 8-bit format");
            let n = 1u64 << f.bits();
            for x in 0..n {
                for y in 0..n {
                    let i = (x as usize) << 8 | y as usize;
                    let mul = arith::mul(f, x, y, Rounding::NearestEven);
                    let add = arith::add(f, x, y, Rounding::NearestEven);
                    assert_eq!(t.mul[i] as u64, mul, "{} {x:#x} * {y:#x}", kind.name());
                    assert_eq!(t.add[i] as u64, add, "{} {x:#x} + {y:#x}", kind.name());
                }
            }
            formats += 1;
        }
        assert!(formats >= 8, "only {formats} formats of 8 bits or fewer");
    }

    #[test]
    fn conv_feature_groups_pair_input_and_output_features() {
        let r = conv(
            "dense<[[[1, 2, 3], [4, 5, 6]]]> : tensor<1x2x3xi32>",
            "dense<[[[10]], [[100]]]> : tensor<2x1x1xi32>",
            "tensor<1x2x3xi32>",
            "stride = [1]",
            "feature_group_count = 2 : i64, batch_group_count = 1 : i64",
        );
        assert_eq!(r, vec![10, 20, 30, 400, 500, 600]);
    }

    #[test]
    fn conv_batch_groups_pair_batches_and_output_features() {
        let r = conv(
            "dense<[[[3]], [[5]]]> : tensor<2x1x1xi32>",
            "dense<[[[10]], [[100]]]> : tensor<2x1x1xi32>",
            "tensor<1x2x1xi32>",
            "stride = [1]",
            "feature_group_count = 1 : i64, batch_group_count = 2 : i64",
        );
        assert_eq!(r, vec![30, 500]);
    }

    #[test]
    fn conv_rhs_dilation_spreads_the_window() {
        let r = conv(
            "dense<[[[1, 2, 3, 4, 5]]]> : tensor<1x1x5xi32>",
            "dense<[[[1, 10]]]> : tensor<1x1x2xi32>",
            "tensor<1x1x3xi32>",
            "stride = [1], rhs_dilate = [2]",
            "",
        );
        assert_eq!(r, vec![31, 42, 53]);
    }

    #[test]
    fn conv_lhs_dilation_padding_and_reversal() {
        // lhs dilated to [1, 0, 2, 0, 3], padded by one zero each side:
        // [0, 1, 0, 2, 0, 3, 0]; reversed window [10, 1] → x[i]·10 + x[i+1].
        let r = conv(
            "dense<[[[1, 2, 3]]]> : tensor<1x1x3xi32>",
            "dense<[[[1, 10]]]> : tensor<1x1x2xi32>",
            "tensor<1x1x6xi32>",
            "stride = [1], pad = [[1, 1]], lhs_dilate = [2], reverse = [true]",
            "",
        );
        assert_eq!(r, vec![1, 10, 2, 20, 3, 30]);
    }

    #[test]
    fn lattice_classes_agree_with_the_window_table() {
        // Every entry of the table that meets an element is one the
        // lattice says can; the lattice of an undilated lhs is one class.
        for (size, win, s, bd, wd, lo, hi) in [
            (5usize, 4i64, 1i64, 2i64, 1i64, 2i64, 2i64),
            (7, 3, 2, 3, 2, -1, 4),
            (4, 5, 3, 2, 1, 3, 0),
            (6, 2, 1, 1, 1, 0, 0),
        ] {
            let (out, table) = super::super::reduce::window_table(
                &[size],
                &[win],
                &[s],
                &[bd],
                &[wd],
                &[(lo, hi)],
                &super::super::Limits::default(),
            )
            .unwrap();
            let (out, w) = (out[0], win as usize);
            let lat = Lattice::new(out, w, s, bd, wd, lo);
            assert_eq!(lat.meets.len() == 1, bd == 1 || (s % bd == 0));
            for o in 0..out {
                for k in 0..w {
                    if table[0][o * w + k].is_some() {
                        assert!(lat.meets[lat.class[o] as usize][k], "{o} {k}");
                    }
                }
            }
            if bd > 1 {
                // A dilated lhs: each class leaves some window position out.
                assert!(lat.meets.iter().all(|m| m.iter().any(|&x| !x)));
            }
        }
    }

    #[test]
    fn conv_many_output_features_match_a_direct_sum() {
        // 2 feature groups of 3 input features each, 10 output features
        // (5 per group: one block of four and a tail), padding and stride.
        let (n, ci, w, ko, kw, g) = (2usize, 6usize, 7usize, 10usize, 3usize, 2usize);
        let x: Vec<i64> = (0..n * ci * w).map(|i| (i as i64 * 7 % 11) - 5).collect();
        let k: Vec<i64> = (0..ko * (ci / g) * kw)
            .map(|i| (i as i64 * 5 % 13) - 6)
            .collect();
        let wo = (w + 2 - kw) / 2 + 1;
        // The kernel's loop on flat data (NCW / OIW layouts).
        let cig = ci / g;
        let (out_shape, table) = super::super::reduce::window_table(
            &[w],
            &[kw as i64],
            &[2],
            &[1],
            &[1],
            &[(1, 1)],
            &super::super::Limits::default(),
        )
        .unwrap();
        assert_eq!(out_shape, vec![wo]);
        let lp = ConvLoop {
            out_shape: vec![n, ko, wo],
            obd: 0,
            ofd: 1,
            osd: vec![2],
            lsb: ci * w,
            lsf: w,
            lss: vec![1],
            rsi: kw,
            rso: cig * kw,
            rss: vec![1],
            in_batch_per_group: n,
            ki: cig,
            ko_per_fgroup: ko / g,
            ko_per_bgroup: ko,
            kspatial: vec![kw],
            reverse: vec![false],
            table,
            lattice: vec![Lattice::new(wo, kw, 2, 1, 1, 1)],
            steps: vec![(2, 1)],
            lhs_sizes: (n, ci, vec![w]),
        };
        let got = lp.run(&x, &k, 0i64, |acc, a, b| acc + a * b);
        for b in 0..n {
            for o in 0..ko {
                let grp = o / (ko / g);
                for p in 0..wo {
                    let mut want = 0;
                    for t in 0..kw {
                        let pos = (p * 2 + t) as i64 - 1;
                        if pos < 0 || pos >= w as i64 {
                            continue;
                        }
                        for c in 0..cig {
                            let xi = x[b * ci * w + (grp * cig + c) * w + pos as usize];
                            want += xi * k[o * cig * kw + c * kw + t];
                        }
                    }
                    assert_eq!(got[(b * ko + o) * wo + p], want, "b{b} o{o} p{p}");
                }
            }
        }
    }

    #[test]
    fn dot_general_batches_and_contracts() {
        let r = run_main(
            r#"func.func @main() -> tensor<2x1x1xi32> {
  %a = stablehlo.constant dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>
  %b = stablehlo.constant dense<[[[5], [6]], [[7], [8]]]> : tensor<2x2x1xi32>
  %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x1x2xi32>, tensor<2x2x1xi32>) -> tensor<2x1x1xi32>
  func.return %r : tensor<2x1x1xi32>
}"#,
        );
        assert_eq!(ints(&r[0]), vec![17, 53]);
    }

    fn f64s(t: &Tensor) -> Vec<f64> {
        t.data.iter().map(f64::from_bits).collect()
    }

    const BN_OPERAND: &str =
        "dense<[[[1.0, 2.0], [3.0, 4.0]], [[3.0, 4.0], [1.0, 2.0]]]> : tensor<2x2x2xf64>";

    #[test]
    fn batch_norm_spec_examples() {
        let r = run_main(&format!(
            r#"func.func @main() -> (tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) {{
  %x = stablehlo.constant {BN_OPERAND}
  %one = stablehlo.constant dense<1.0> : tensor<2xf64>
  %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf64>
  %g = stablehlo.constant dense<0.1> : tensor<2x2x2xf64>
  %i = "stablehlo.batch_norm_inference"(%x, %one, %one, %mean, %one) {{epsilon = 0.0 : f32, feature_index = 2 : i64}} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<2x2x2xf64>
  %o, %m, %v = "stablehlo.batch_norm_training"(%x, %one, %one) {{epsilon = 0.0 : f32, feature_index = 2 : i64}} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  %ga, %gs, %go = "stablehlo.batch_norm_grad"(%x, %one, %mean, %one, %g) {{epsilon = 0.0 : f32, feature_index = 2 : i64}} : (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>)
  func.return %i, %o, %m, %v, %ga, %gs, %go : tensor<2x2x2xf64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2x2x2xf64>, tensor<2xf64>, tensor<2xf64>
}}"#
        ));
        let normalized = vec![0.0, 0.0, 2.0, 2.0, 2.0, 2.0, 0.0, 0.0];
        assert_eq!(f64s(&r[0]), normalized);
        assert_eq!(f64s(&r[1]), normalized);
        assert_eq!(f64s(&r[2]), vec![2.0, 3.0]);
        assert_eq!(f64s(&r[3]), vec![1.0, 1.0]);
        assert!(f64s(&r[4]).iter().all(|v| v.abs() < 1e-15));
        assert!(f64s(&r[5]).iter().all(|v| v.abs() < 1e-15));
        assert!(f64s(&r[6]).iter().all(|v| (v - 0.4).abs() < 1e-15));
    }

    #[test]
    fn cholesky_lower_and_upper_factor_the_matrix() {
        let r = run_main(
            r#"func.func @main() -> (tensor<2x2xf64>, tensor<2x2xf64>) {
  %a = stablehlo.constant dense<[[4.0, 2.0], [2.0, 10.0]]> : tensor<2x2xf64>
  %l = stablehlo.cholesky %a, lower = true : tensor<2x2xf64>
  %u = stablehlo.cholesky %a : tensor<2x2xf64>
  func.return %l, %u : tensor<2x2xf64>, tensor<2x2xf64>
}"#,
        );
        assert_eq!(f64s(&r[0]), vec![2.0, 0.0, 1.0, 3.0]);
        assert_eq!(f64s(&r[1]), vec![2.0, 1.0, 0.0, 3.0]);
    }

    #[test]
    fn dot_algorithm_rounds_inputs_to_the_precision_type() {
        let text = |algo: &str| {
            format!(
                r#"func.func @main() -> tensor<f32> {{
  %a = stablehlo.constant dense<[1.00390625, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  %r = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0]{algo} : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>
  func.return %r : tensor<f32>
}}"#
            )
        };
        let get = |t: &str| f32::from_bits(run_main(t)[0].data.get(0) as u32);
        assert_eq!(get(&text("")), 3.0 + 1.0 / 256.0);
        let bf16 = ", algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>";
        assert_eq!(get(&text(bf16)), 3.0);
        let bf16x3 = ", algorithm = <lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = 3, rhs_component_count = 3, num_primitive_operations = 6, allow_imprecise_accumulation = false>";
        assert_eq!(get(&text(bf16x3)), 3.0 + 1.0 / 256.0);
    }

    #[test]
    fn radix2_and_direct_dft_agree() {
        let n = 8;
        let x: Vec<(f64, f64)> = (0..n)
            .map(|i| (i as f64 * 0.5 - 1.0, (i * i) as f64 / 7.0))
            .collect();
        let tw: Vec<(f64, f64)> = (0..n).map(|k| twiddle(k, n)).collect();
        let mut tmp = Vec::new();
        let mut fast = x.clone();
        dft_line(&mut fast, 0, 1, n, false, &tw, &mut tmp);
        for (k, v) in fast.iter().enumerate() {
            let (mut re, mut im) = (0.0, 0.0);
            for (j, &(a, b)) in x.iter().enumerate() {
                let (s, c) = twiddle(j * k, n);
                re += a * c + b * s;
                im += b * c - a * s;
            }
            assert!(
                (v.0 - re).abs() < 1e-12 && (v.1 - im).abs() < 1e-12,
                "bin {k}"
            );
        }
        dft_line(&mut fast, 0, 1, n, true, &tw, &mut tmp);
        for (a, b) in fast.iter().zip(&x) {
            assert!((a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12);
        }
    }

    #[test]
    fn twiddles_match_the_unit_circle() {
        for n in [1usize, 2, 3, 4, 5, 7, 8, 12, 17, 33] {
            for k in 0..n {
                let (s, c) = twiddle(k, n);
                let a = 2.0 * std::f64::consts::PI * k as f64 / n as f64;
                assert!((s - a.sin()).abs() < 1e-15, "sin {k}/{n}");
                assert!((c - a.cos()).abs() < 1e-15, "cos {k}/{n}");
            }
        }
    }

    #[test]
    fn dot_loop_accumulates_in_index_order() {
        let lp = DotLoop {
            b: 1,
            i: 1,
            j: 1,
            k: 3,
        };
        // A sequential fold records the order it sees.
        let out = lp.run(&[1u64, 2, 3], &[10u64, 20, 30], 0u64, |acc, x, y| {
            acc * 1000 + x * y
        });
        assert_eq!(out, vec![((10 * 1000) + 40) * 1000 + 90]);
    }

    /// Complex products in hardware (`complex_hw`) give the soft chain's
    /// bits: `acc + x·y` by `complex_mul` and `arith::add` from +0, in
    /// index order, for complex<f32> and complex<f64>, on parts of close
    /// exponents (cancellation) with ±0, ±∞, subnormals and NaNs mixed in
    /// (a NaN result sends the whole product to the soft chain).
    #[test]
    fn complex_products_in_hardware_match_the_soft_chain() {
        let mut state = 0x1f83_d9ab_fb41_bd6bu64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (b, i, j, k) = (2usize, 3usize, 4usize, 7usize);
        for kind in [FloatKind::F32, FloatKind::F64] {
            let f = kind.format();
            let sign = 1u64 << (f.bits() - 1);
            let exp_ones = ((1u64 << f.exp_bits) - 1) << f.man_bits;
            for special in [0u64, 30, 150] {
                let mut part = || {
                    let v = next();
                    if v % 1000 < special {
                        [0, sign, exp_ones, exp_ones | sign, exp_ones | 1, 1]
                            [(v >> 20) as usize % 6]
                    } else {
                        let e = (f.bias as u64 + (v >> 8) % 6) << f.man_bits;
                        (v >> 16 & sign) | e | (v & ((1 << f.man_bits) - 1))
                    }
                };
                let elem = ElementType::Complex(kind);
                let mut tensor = |shape: Vec<usize>| {
                    let n: usize = shape.iter().product();
                    let lanes: Vec<u64> = (0..2 * n).map(|_| part()).collect();
                    Tensor::new(elem.clone(), shape, &lanes)
                };
                let (l, r) = (tensor(vec![b, i, k]), tensor(vec![b, j, k]));
                let lp = DotLoop { b, i, j, k };
                let got = run_mac(&lp, &elem, &l, &r).unwrap();
                let (lv, rv) = (l.lanes_vec(), r.lanes_vec());
                let zero = arith::zero(f, false);
                for bb in 0..b {
                    for ii in 0..i {
                        for jj in 0..j {
                            let mut acc = (zero, zero);
                            for kk in 0..k {
                                let x = 2 * ((bb * i + ii) * k + kk);
                                let y = 2 * ((bb * j + jj) * k + kk);
                                let p = super::super::elementwise::complex_mul(
                                    f,
                                    (lv[x], lv[x + 1]),
                                    (rv[y], rv[y + 1]),
                                );
                                acc = (
                                    arith::add(f, acc.0, p.0, RNE),
                                    arith::add(f, acc.1, p.1, RNE),
                                );
                            }
                            let o = 2 * ((bb * i + ii) * j + jj);
                            assert_eq!((got[o], got[o + 1]), acc, "{kind:?} {special}");
                        }
                    }
                }
            }
        }
    }
}
