//! Scalar code run on lanes: one compiled block applied to many independent
//! sets of inputs side by side.
//!
//! A [`Lanes`] holds a register file in which every register is a row of
//! `width` lanes, lane `k` of each register belonging to the `k`-th
//! evaluation. Each instruction is one loop over the lanes of its operand
//! rows, so a reducer body applied to the running folds of many outputs
//! advances them all together, without a call, a tensor or an allocation
//! per op, and the loops of the simple rules (compares, selects, boolean
//! ops) are compiled to vector code.
//!
//! Every lane gets the bits of [`Code::run`] on its own inputs. Rows of
//! one lane are the scalar register file, run by the scalar loop itself.
//! On wider rows each instruction applies the same per-element rule
//! (`Bin::apply`, `Un::apply`, the converters), except where a loop reads
//! lanes on the hardware with the same result — IEEE `compare` of f32 and
//! f64 (as the `compare` kernel does it) and of bf16 and f16 (their values
//! widened to f32 exactly), and integer `compare` on the low bits of each
//! lane read with the comparison's signedness (as [`IntCompare::holds`]
//! reads them). `scalar_tests.rs` holds every instruction run on lanes to
//! the kernels.
//!
//! [`IntCompare::holds`]: super::super::elementwise::IntCompare::holds

use super::{convert_elem, execute, Bin, Code, CompiledBlock, Inst, Reg, Un};
use crate::float::arith::Direction;
use crate::float::elementary;
use crate::float::FloatKind;

/// The lanes of a [`Lanes`]' register file are at most this many (its
/// width is cut so that the file stays small, whatever the body's size).
const BUDGET: usize = 1 << 14;

/// One block of scalar code over a register file of rows of lanes.
#[derive(Clone)]
pub struct Lanes<'c> {
    block: &'c CompiledBlock,
    /// The registers of the code's inputs.
    inputs: Vec<Reg>,
    width: usize,
    /// Register `r` is `regs[r * width..(r + 1) * width]`.
    regs: Vec<u64>,
    /// The lanes of the returned values, while they are fed back.
    next: Vec<u64>,
    /// The lanes of a conversion.
    scratch: Vec<u64>,
}

impl Code {
    /// Block `i` of the code, run on rows of at most `width` lanes (at
    /// least one; fewer where the register file would be large: see
    /// [`Lanes::width`]), from the register file `entry` (as
    /// [`Code::registers`] gives it): every lane of a register starts with
    /// its entry value. `None` when there is no block `i`, `entry` is not
    /// the code's register file, or an instruction writes a register it
    /// reads (the compiler never emits one).
    pub fn lanes(&self, i: usize, entry: &[u64], width: usize) -> Option<Lanes<'_>> {
        let block = self.blocks.get(i)?;
        let n = self.init.len();
        if entry.len() != n {
            return None;
        }
        let fits = |r: Reg| (r as usize) < n;
        for inst in &block.insts {
            let (d, srcs) = match inst {
                &Inst::Bin(_, d, a, b) => (d, vec![a, b]),
                &Inst::Un(_, d, a) | &Inst::FloatConvert(_, d, a) | &Inst::Convert(_, d, a) => {
                    (d, vec![a])
                }
                &Inst::Select(d, p, t, f) => (d, vec![p, t, f]),
            };
            if !fits(d) || srcs.iter().any(|&s| !fits(s) || s == d) {
                return None;
            }
        }
        let inputs: Vec<Reg> = self.inputs.iter().map(|(r, _)| *r).collect();
        if !inputs.iter().chain(&block.returns).all(|&r| fits(r)) {
            return None;
        }
        let width = width.min(BUDGET / n.max(1)).max(1);
        let regs = entry
            .iter()
            .flat_map(|&v| std::iter::repeat_n(v, width))
            .collect();
        Some(Lanes {
            block,
            inputs,
            width,
            regs,
            next: vec![0; block.returns.len() * width],
            scratch: Vec::new(),
        })
    }
}

impl Lanes<'_> {
    /// Lanes per register: the most evaluations one [`Lanes::run`] does.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The lanes of input `i` (`width` of them; empty past the inputs).
    pub fn input(&self, i: usize) -> &[u64] {
        match self.inputs.get(i) {
            Some(&r) => &self.regs[r as usize * self.width..][..self.width],
            None => &[],
        }
    }

    /// The lanes of input `i`, to set (empty past the inputs).
    pub fn input_mut(&mut self, i: usize) -> &mut [u64] {
        match self.inputs.get(i) {
            Some(&r) => &mut self.regs[r as usize * self.width..][..self.width],
            None => &mut [],
        }
    }

    /// Runs the block on the first `m` lanes (at most the width) of every
    /// register: `m` evaluations, each on its own lane of the inputs.
    pub fn run(&mut self, m: usize) {
        if self.width == 1 {
            // Rows of one lane are the scalar register file: the scalar
            // loop, without the vector loops' set-up per instruction.
            if m > 0 {
                execute(&self.block.insts, &mut self.regs, &mut self.scratch);
            }
            return;
        }
        let m = m.min(self.width);
        execute_lanes(
            &self.block.insts,
            &mut self.regs,
            self.width,
            m,
            &mut self.scratch,
        );
    }

    /// The lanes of the `j`-th value the block returns, after a run
    /// (`width` of them, the first `m` of the run meaningful; empty past
    /// the returned values).
    pub fn returned(&self, j: usize) -> &[u64] {
        match self.block.returns.get(j) {
            Some(&r) => &self.regs[r as usize * self.width..][..self.width],
            None => &[],
        }
    }

    /// Sets the first `m` lanes of the first inputs to those of the values
    /// the last run returned, in order (a reducer's accumulators: a run
    /// then this is one step of `m` folds).
    pub fn feed_back(&mut self, m: usize) {
        let (w, m) = (self.width, m.min(self.width));
        // Through `next`: a returned register may be an input.
        for (j, &r) in self.block.returns.iter().enumerate() {
            let r = r as usize;
            self.next[j * w..j * w + m].copy_from_slice(&self.regs[r * w..r * w + m]);
        }
        let fed = self.block.returns.len().min(self.inputs.len());
        for (j, &r) in self.inputs[..fed].iter().enumerate() {
            let r = r as usize;
            self.regs[r * w..r * w + m].copy_from_slice(&self.next[j * w..j * w + m]);
        }
    }
}

/// Runs instructions on the first `m` lanes of a register file of rows of
/// `w` lanes (`m <= w`; no instruction writes a register it reads, and
/// every register is in the file: checked by [`Code::lanes`]), compiled
/// for AVX-512, AVX2 and the baseline and chosen at run time (`lanes::isa`),
/// so that the loops of the simple rules keep many lanes per register.
fn execute_lanes(insts: &[Inst], regs: &mut [u64], w: usize, m: usize, scratch: &mut Vec<u64>) {
    #[cfg(target_arch = "x86_64")]
    {
        use super::super::lanes::{isa, Isa};
        #[target_feature(enable = "avx512f,avx512vl,avx512dq,avx512bw,avx2,fma")]
        unsafe fn v512(insts: &[Inst], regs: &mut [u64], w: usize, m: usize, s: &mut Vec<u64>) {
            execute_on(insts, regs, w, m, s)
        }
        #[target_feature(enable = "avx2,fma")]
        unsafe fn v256(insts: &[Inst], regs: &mut [u64], w: usize, m: usize, s: &mut Vec<u64>) {
            execute_on(insts, regs, w, m, s)
        }
        match isa() {
            // SAFETY: the processor reported these features.
            Isa::Avx512 => return unsafe { v512(insts, regs, w, m, scratch) },
            // SAFETY: as above.
            Isa::Avx2 => return unsafe { v256(insts, regs, w, m, scratch) },
            Isa::Base => {}
        }
    }
    execute_on(insts, regs, w, m, scratch)
}

/// [`execute_lanes`]' body, inlined into each of its versions.
#[inline(always)]
fn execute_on(insts: &[Inst], regs: &mut [u64], w: usize, m: usize, scratch: &mut Vec<u64>) {
    for inst in insts {
        match inst {
            &Inst::Bin(rule, d, a, b) => {
                let (out, src) = split(regs, w, m, d);
                bin_lanes(rule, out, src.row(a), src.row(b));
            }
            &Inst::Un(rule, d, a) => {
                let (out, src) = split(regs, w, m, d);
                un_lanes(rule, out, src.row(a));
            }
            &Inst::Select(d, p, t, f) => {
                let (out, src) = split(regs, w, m, d);
                let (p, t, f) = (src.row(p), src.row(t), src.row(f));
                // By a mask, not a branch: a select of the two loads
                // would be compiled to a gather of the chosen addresses.
                for (o, ((&p, &t), &f)) in out.iter_mut().zip(p.iter().zip(t).zip(f)) {
                    let keep = u64::from(p != 0).wrapping_neg();
                    *o = (t & keep) | (f & !keep);
                }
            }
            Inst::FloatConvert(f, d, a) => {
                let (out, src) = split(regs, w, m, *d);
                for (o, &x) in out.iter_mut().zip(src.row(*a)) {
                    *o = f(x);
                }
            }
            Inst::Convert(types, d, a) => {
                let (out, src) = split(regs, w, m, *d);
                let x = src.row(*a);
                scratch.clear();
                convert_elem(&types.0, &types.1, x, scratch);
                if scratch.len() == out.len() {
                    out.copy_from_slice(scratch);
                } else {
                    // Not reached (one-lane types give a lane per lane):
                    // lane by lane, as `execute` does.
                    for (o, &x) in out.iter_mut().zip(x) {
                        scratch.clear();
                        convert_elem(&types.0, &types.1, &[x], scratch);
                        *o = scratch.first().copied().unwrap_or(0);
                    }
                }
            }
        }
    }
}

/// The first `m` lanes of register `d`, to write, and the other registers
/// of a file of rows of `w` lanes, to read.
#[inline(always)]
fn split(regs: &mut [u64], w: usize, m: usize, d: Reg) -> (&mut [u64], Rows<'_>) {
    let d = d as usize;
    let (lo, rest) = regs.split_at_mut(d * w);
    let (dst, hi) = rest.split_at_mut(w);
    (&mut dst[..m], Rows { lo, hi, d, w, m })
}

/// The registers of a file of rows of `w` lanes but one, `d`: those
/// before it (`lo`) and after it (`hi`).
struct Rows<'a> {
    lo: &'a [u64],
    hi: &'a [u64],
    d: usize,
    w: usize,
    m: usize,
}

impl<'a> Rows<'a> {
    /// The first `m` lanes of register `s` (not `d`, and in the file:
    /// [`Code::lanes`] checks both).
    #[inline(always)]
    fn row(&self, s: Reg) -> &'a [u64] {
        let s = s as usize;
        if s < self.d {
            &self.lo[s * self.w..][..self.m]
        } else {
            &self.hi[(s - self.d - 1) * self.w..][..self.m]
        }
    }
}

/// `out[k] = f(x[k], y[k])`.
#[inline(always)]
fn zip2(out: &mut [u64], x: &[u64], y: &[u64], f: impl Fn(u64, u64) -> u64) {
    for (o, (&x, &y)) in out.iter_mut().zip(x.iter().zip(y)) {
        *o = f(x, y);
    }
}

/// `compare` of lanes read as `T` by `read`, ordered by `T`'s `PartialOrd`
/// (unordered: only `NE` holds), one loop per direction.
#[inline(always)]
fn compare_lanes<T: PartialOrd>(
    dir: Direction,
    out: &mut [u64],
    x: &[u64],
    y: &[u64],
    read: impl Fn(u64) -> T,
) {
    match dir {
        Direction::Eq => zip2(out, x, y, |p, q| (read(p) == read(q)) as u64),
        Direction::Ne => zip2(out, x, y, |p, q| (read(p) != read(q)) as u64),
        Direction::Lt => zip2(out, x, y, |p, q| (read(p) < read(q)) as u64),
        Direction::Le => zip2(out, x, y, |p, q| (read(p) <= read(q)) as u64),
        Direction::Gt => zip2(out, x, y, |p, q| (read(p) > read(q)) as u64),
        Direction::Ge => zip2(out, x, y, |p, q| (read(p) >= read(q)) as u64),
    }
}

/// A binary rule on rows of lanes.
#[inline(always)]
fn bin_lanes(rule: Bin, out: &mut [u64], x: &[u64], y: &[u64]) {
    match rule {
        // IEEE comparison on the hardware: unordered when either is NaN,
        // ±0 equal, otherwise the order of the values, which is
        // `arith::compare`'s. bf16 and f16 values are exact in f32.
        Bin::FCmp(FloatKind::F32, dir, false) => {
            compare_lanes(dir, out, x, y, |v| f32::from_bits(v as u32))
        }
        Bin::FCmp(FloatKind::F64, dir, false) => compare_lanes(dir, out, x, y, f64::from_bits),
        Bin::FCmp(FloatKind::BF16, dir, false) => compare_lanes(dir, out, x, y, |v| {
            f32::from_bits((v as u32 & 0xFFFF) << 16)
        }),
        Bin::FCmp(FloatKind::F16, dir, false) => {
            compare_lanes(dir, out, x, y, super::super::gemm::f16_to_f32)
        }
        Bin::ICmp(ic, dir) => {
            // `holds` compares the values of the low `bits` bits read as
            // `k`: sign-extended when signed and wider than one bit (as
            // `IntKind::wrap` extends), else zero-extended.
            let k = ic.read_kind();
            let bits = k.bits.clamp(1, 64);
            if k.signed && bits > 1 {
                let s = 64 - bits;
                compare_lanes(dir, out, x, y, |v| ((v << s) as i64) >> s)
            } else {
                let mask = u64::MAX >> (64 - bits);
                compare_lanes(dir, out, x, y, |v| v & mask)
            }
        }
        Bin::BOr => zip2(out, x, y, |x, y| x | y),
        Bin::BAnd => zip2(out, x, y, |x, y| x & y),
        Bin::BAnd1 => zip2(out, x, y, |x, y| x & y & 1),
        Bin::BOr1 => zip2(out, x, y, |x, y| (x | y) & 1),
        Bin::BXor1 => zip2(out, x, y, |x, y| (x ^ y) & 1),
        _ => zip2(out, x, y, |x, y| rule.apply(x, y)),
    }
}

/// A unary rule on rows of lanes.
#[inline(always)]
fn un_lanes(rule: Un, out: &mut [u64], x: &[u64]) {
    match rule {
        Un::Copy => out.copy_from_slice(x),
        Un::FMath(kind, g) => elementary::unary_slice(kind, g, x, out),
        _ => {
            for (o, &x) in out.iter_mut().zip(x) {
                *o = rule.apply(x);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::float::arith;

    /// The IEEE compares read on the hardware (bf16 and f16 widened to
    /// f32, or to f64 one lane at a time) give `arith::compare_op`'s
    /// answers: every bf16 and f16 pattern
    /// against every pattern of the edge exponents and mantissas of both
    /// signs and a spread of others, in every direction.
    #[test]
    fn narrow_compares_on_the_hardware_match_arith() {
        use Direction::{Eq, Ge, Gt, Le, Lt, Ne};
        for kind in [FloatKind::BF16, FloatKind::F16] {
            let f = kind.format();
            let (e, m) = (f.exp_bits, f.man_bits);
            let (top_e, top_m) = ((1u64 << e) - 1, (1u64 << m) - 1);
            let mut ys: Vec<u64> = (0..1u64 << 16).step_by(2053).collect();
            for sign in [0, 1u64 << 15] {
                for ef in [0, 1, top_e / 2, top_e - 1, top_e] {
                    for mf in [0, 1, top_m / 2 + 1, top_m] {
                        ys.push(sign | ef << m | mf);
                    }
                }
            }
            let xs: Vec<u64> = (0..1u64 << 16).collect();
            let mut out = vec![0; xs.len()];
            for &y in &ys {
                let y_lanes = vec![y; xs.len()];
                for dir in [Eq, Ne, Lt, Le, Gt, Ge] {
                    bin_lanes(Bin::FCmp(kind, dir, false), &mut out, &xs, &y_lanes);
                    let rule = Bin::FCmp(kind, dir, false);
                    for (&x, &got) in xs.iter().zip(&out) {
                        let want = arith::compare_op(f, x, y, dir, false) as u64;
                        assert_eq!(got, want, "{kind:?} {x:#x} {dir:?} {y:#x}");
                        assert_eq!(rule.apply(x, y), want, "{kind:?} {x:#x} {dir:?} {y:#x}");
                    }
                }
            }
        }
    }
}
