//! Fusion of elementwise chains: a group of elementwise ops of one block
//! is evaluated block of lanes by block of lanes, and only the group's
//! last op (its *root*) stores a result; the intermediates never exist as
//! tensors.
//!
//! [`plan`] finds the groups of a block, once (`Interp` keeps the plan
//! with the block's deaths). Walking the block backwards, an op joins the
//! group of its users when it is elementwise on real floats (the ops of
//! [`Compute`]) or on integers of 8, 16, 32 or 64 bits (the ops whose
//! kernel is `elementwise::int_binary`, by `lanes::int_block`), or an
//! `iota`, a splat `constant` or a `broadcast_in_dim` (the *leaf* ops: a
//! broadcast scalar fills its slot once; a broadcast tensor is an input
//! read through the broadcast's strides, run by run, `spread_block`), its
//! result has the group's static shape,
//! and every use of its result is a direct operand of an op of that one
//! group, with no barrier op (checks, probes, calls, custom calls, ops
//! with regions) in between. A value used anywhere else — by another op,
//! inside a region, by the terminator — is stored, and read by the groups
//! that use it as an *input*. A group is kept when it has at least two
//! ops and [`FUSE_FROM`] elements.
//!
//! Each group is compiled to steps over scratch buffers of [`BLOCK`]
//! lanes (`slots`, reused once their last reader has run). Every step
//! applies the per-lane (or per-block) function of its op's kernel:
//! `elementwise::float2_block` (the kernels' `add` … `divide` loop),
//! `elementwise::pick_block`, `float::arith`, `float::convert`,
//! `elementary::unary_slice`, `movement::iota_float`, and every
//! intermediate lane is cut to its element's storage width as a stored
//! tensor's lane would be (a step whose lanes are always within that
//! width, an input's, an f32/f64 iota's or `add` … `divide`'s, is not
//! masked again); so the root's lanes are the unfused run's, bit for bit.
//! The blocks are split over threads by `Words::build_with` (or
//! `update_with`, over an input that dies at the root and has the root's
//! width).
//!
//! A group whose root has one use, as the input of a `reduce` that sums on
//! the hardware (one input, an f32/f64 `add` body, consecutive reduced
//! dimensions, two outputs or more: `reduce::sums_fused`), with no barrier
//! in between and holding at most one stored tensor of its shape, no wider
//! than the root (scalars aside), is *held*: the root is only accounted at
//! its place ([`Role::Held`]) and the `reduce` ([`Role::Reduce`],
//! `reduce::reduce_group`) evaluates the group a few thousand lanes at a
//! time ([`Ready::lanes`]), adding each lane to its output's sum as it
//! comes, in each output's sequential order; the root's tensor is never
//! stored. The group's inputs then die at the `reduce`. A NaN sum is
//! redone by the soft-float rule over the root evaluated whole, as
//! `reduce` redoes it.
//!
//! Everything else a run shows is the unfused run's: each fused op is
//! prepared (its static result checked against the limits) and charged
//! its work (the elements its kernel would read and write, a small
//! constant once) at its own place in the block, so errors name the same
//! op; a held root is checked and charged there as a stored one, and its
//! `reduce` as `run_op_with` runs the kernel. Only the memory a run holds
//! is smaller (an intermediate that is never stored cannot exceed
//! `--max-memory`).

use super::elementwise::{
    float2_block, int_op_of, pick_block, unary_hw_block, FloatOp, HwUnary, IntOp, ADD, DIV, MUL,
    SUB,
};
use super::lanes::int_block;
use super::movement::iota_float;
use super::tensor::{int_kind, num_elements, strides, IntKind, Tensor, Width, Words, BLOCK};
use super::{static_shape, Interp};
use crate::float::arith;
use crate::float::convert;
use crate::float::elementary::{self, Binary, Unary};
use crate::float::fast::Narrow;
use crate::float::FloatKind;
use crate::ir::attr::{Attr, DenseArray};
use crate::ir::{Block, ElementType, Op, Region, Type, ValueId};
use std::collections::HashMap;
use std::sync::Arc;

/// Groups of fewer elements are not fused (their kernels are cheap and
/// a block's scratch would cost more than it saves).
pub const FUSE_FROM: usize = 32;

/// The most ops one group holds (a longer chain is cut into groups).
const MAX_MEMBERS: usize = 256;

/// What an op of a block does in a fused run.
#[derive(Clone, Debug)]
pub(super) enum Role {
    /// Run by its kernel.
    Plain,
    /// Computed inside its group's root: only prepared and charged here.
    Member(Member),
    /// The last op of a group: evaluates the group, stores the result.
    Root(usize),
    /// The last op of a group that a `reduce` evaluates: accounted here as
    /// the root would be, nothing stored.
    Held(usize),
    /// A `reduce` of a held group's root: evaluates the group and sums its
    /// lanes as they come.
    Reduce(usize),
}

/// A fused op's accounting at its own place in the block.
#[derive(Clone, Debug)]
pub(super) struct Member {
    /// Elements its kernel would read and write.
    work: u64,
    /// The kernel's own check of its result shape (`iota` and
    /// `broadcast_in_dim` check 8 bytes a lane; a constant its element
    /// count).
    check: Check,
    /// The result's shape.
    shape: Vec<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Check {
    None,
    Shape,
    Literal,
}

/// The fusion plan of one block.
#[derive(Debug)]
pub(super) struct Plan {
    /// One per op of the block.
    pub roles: Vec<Role>,
    pub groups: Vec<Group>,
    /// Per op, the op whose place its uses count at: a member's are its
    /// root's (the root reads the member's inputs), every other op's its own.
    place: Vec<usize>,
}

impl Plan {
    /// The place of the uses of op `i` (see [`Plan::place`]).
    pub fn use_place(&self, i: usize) -> usize {
        self.place.get(i).copied().unwrap_or(i)
    }
}

/// Elementwise ops of one argument.
#[derive(Clone, Copy, Debug)]
enum Un {
    Math(Unary),
    Abs,
    Negate,
    Sqrt,
    Sign,
    Floor,
    Ceil,
    RoundEven,
    RoundAfz,
}

/// Elementwise ops of two arguments.
#[derive(Clone, Copy, Debug)]
enum Bin {
    Arith(u8),
    Max,
    Min,
    Rem,
    Math(Binary),
}

/// What a step computes, for the current block of lanes.
#[derive(Clone, Debug)]
enum Node {
    /// The lanes of input `k` (a stored tensor of the group's shape).
    Input(usize),
    Iota {
        kind: FloatKind,
        inner: usize,
        size: usize,
    },
    Unary(Un, FloatKind, usize),
    Binary(Bin, FloatKind, usize, usize),
    Convert(FloatKind, FloatKind, usize),
    /// An integer op of two arguments, its lanes as a stored tensor's
    /// (sign-extended when signed: never masked).
    Int(IntOp, IntKind, usize, usize),
    /// Input `input` broadcast to the group's `shape`: the lane at result
    /// coordinates `c` is the operand's lane `Σ c[d]·strides[d]`.
    Spread {
        input: usize,
        shape: Vec<usize>,
        strides: Vec<usize>,
    },
}

/// A value the same in every lane, put in its slot once per piece.
#[derive(Clone, Debug)]
enum Fill {
    /// A splat constant's lane.
    Lane(u64),
    /// Lane 0 of input `k` (a one-element tensor, broadcast).
    Scalar(usize),
}

#[derive(Clone, Debug)]
struct Step {
    node: Node,
    /// Its slot, `None` for the root (written to the result's lanes).
    dst: Option<usize>,
    /// The storage mask of its element (a stored lane's bits).
    mask: u64,
}

/// One group: its ops, its inputs and its steps.
#[derive(Debug)]
pub(super) struct Group {
    /// The root's index in the block.
    pub root: usize,
    /// The `reduce` that evaluates the group (its root held, never stored).
    pub into: Option<usize>,
    /// Every op of the group (root included), indices in the block.
    ops: Vec<usize>,
    pub shape: Vec<usize>,
    pub n: usize,
    pub elem: ElementType,
    /// Stored values read, with the element type and lane count each must
    /// have (the group's shape, or one element for a broadcast scalar).
    pub inputs: Vec<ValueId>,
    input_types: Vec<(ElementType, Vec<usize>)>,
    fills: Vec<(usize, Fill)>,
    steps: Vec<Step>,
    slots: usize,
    /// The root's work (elements read and written by its kernel).
    pub root_work: u64,
}

/// The class of an op that may be fused.
enum Kind {
    Compute(Node),
    /// `iota`, splat `constant`, scalar `broadcast_in_dim`.
    Leaf(Leaf),
}

enum Leaf {
    Iota(FloatKind, usize),
    Splat(u64),
    Broadcast,
    /// A `broadcast_in_dim` of a tensor: per result dimension, the
    /// operand's stride along it (0 where the operand is broadcast).
    Spread(Vec<usize>),
}

/// Whether an op ends a fusion region: nothing is fused across it.
fn is_barrier(op: &Op) -> bool {
    let n = op.name.as_str();
    !op.regions.is_empty()
        || n.starts_with("check.")
        || n.starts_with("interpreter.")
        || n == "stablehlo.custom_call"
        || n == "func.call"
        || n == "stablehlo.composite"
}

fn unary_of(name: &str) -> Option<Un> {
    Some(match name {
        "stablehlo.abs" => Un::Abs,
        "stablehlo.negate" => Un::Negate,
        "stablehlo.sqrt" => Un::Sqrt,
        "stablehlo.sign" => Un::Sign,
        "stablehlo.floor" => Un::Floor,
        "stablehlo.ceil" => Un::Ceil,
        "stablehlo.round_nearest_even" => Un::RoundEven,
        "stablehlo.round_nearest_afz" => Un::RoundAfz,
        _ => Un::Math(super::transcendental::unary_function(name)?),
    })
}

fn binary_of(name: &str) -> Option<Bin> {
    Some(match name {
        "stablehlo.add" => Bin::Arith(0),
        "stablehlo.subtract" => Bin::Arith(1),
        "stablehlo.multiply" => Bin::Arith(2),
        "stablehlo.divide" => Bin::Arith(3),
        "stablehlo.maximum" => Bin::Max,
        "stablehlo.minimum" => Bin::Min,
        "stablehlo.remainder" => Bin::Rem,
        "stablehlo.power" => Bin::Math(Binary::Pow),
        "stablehlo.atan2" => Bin::Math(Binary::Atan2),
        _ => return None,
    })
}

fn float_op(code: u8) -> &'static FloatOp {
    match code {
        0 => &ADD,
        1 => &SUB,
        2 => &MUL,
        _ => &DIV,
    }
}

/// The static shape and float format of a value's declared type.
fn float_type(ty: &Type) -> Option<(Vec<usize>, FloatKind)> {
    match ty {
        Type::Tensor(t) => match t.elem {
            ElementType::Float(k) => Some((static_shape(ty)?, k)),
            _ => None,
        },
        _ => None,
    }
}

/// The static shape and element type of a value's declared type, when
/// fused ops may compute it: a float format, or an integer type of 8, 16,
/// 32 or 64 bits.
fn lane_type(ty: &Type) -> Option<(Vec<usize>, ElementType)> {
    match ty {
        Type::Tensor(t) => match t.elem {
            ElementType::Float(_) | ElementType::Int(_, 8 | 16 | 32 | 64) => {
                Some((static_shape(ty)?, t.elem.clone()))
            }
            _ => None,
        },
        _ => None,
    }
}

/// The fusable class of an integer op (see [`classify`]): the ops whose
/// kernel is `elementwise::int_binary`, splat constants and scalar
/// broadcasts of the type.
fn classify_int(
    interp: &Interp<'_>,
    op: &Op,
    shape: Vec<usize>,
    elem: &ElementType,
) -> Option<(Kind, Vec<usize>, u64, Member)> {
    let k = int_kind(elem)?;
    let n = checked_elements(&shape)?;
    let operand = |i: usize| lane_type(interp.ty(*op.operands.get(i)?));
    let same = |i: usize| operand(i).is_some_and(|(s, e)| s == shape && &e == elem);
    let member = |read: u64, check: Check| Member {
        work: read.saturating_add(n as u64),
        check,
        shape: shape.clone(),
    };
    let name = op.name.as_str();
    let kind = if let Some(o) = int_op_of(name) {
        if op.operands.len() != 2 || !same(0) || !same(1) {
            return None;
        }
        (
            Kind::Compute(Node::Int(o, k, 0, 0)),
            member(2 * n as u64, Check::None),
        )
    } else {
        let (leaf, member) = leaf_of(interp, op, &shape, elem, &member)?;
        (Kind::Leaf(leaf), member)
    };
    Some((kind.0, shape.clone(), u64::MAX, kind.1))
}

/// A splat `constant` or a scalar `broadcast_in_dim` of `elem` with the
/// result's `shape`, and its accounting.
fn leaf_of(
    interp: &Interp<'_>,
    op: &Op,
    shape: &[usize],
    elem: &ElementType,
    member: &dyn Fn(u64, Check) -> Member,
) -> Option<(Leaf, Member)> {
    let name = op.name.as_str();
    if name == "stablehlo.constant" {
        let Some(Attr::Dense(d)) = op.attr("value") else {
            return None;
        };
        let dims: Option<Vec<usize>> =
            d.ty.dims
                .as_ref()?
                .iter()
                .map(|x| x.and_then(|x| usize::try_from(x).ok()))
                .collect();
        if !d.splat || &d.ty.elem != elem || dims? != shape {
            return None;
        }
        // The lane as the kernel decodes it.
        let one = Tensor::from_dense(d, vec![1]).ok()?;
        let lane = one.data.try_get(0)?;
        Some((Leaf::Splat(lane), member(0, Check::Literal)))
    } else if name == "stablehlo.broadcast_in_dim" {
        let dims = match op.attr("broadcast_dimensions")? {
            Attr::DenseArray(DenseArray::I64(v) | DenseArray::Int(_, v)) => v,
            _ => return None,
        };
        let (s, e) = lane_type(interp.ty(*op.operands.first()?))?;
        if op.operands.len() != 1 || &e != elem {
            return None;
        }
        if s.is_empty() && dims.is_empty() {
            return Some((Leaf::Broadcast, member(1, Check::Shape)));
        }
        // Only what `movement::broadcast_to` takes: one distinct result
        // dimension per operand dimension, each of size 1 or the result's.
        let m = checked_elements(&s)?;
        if dims.len() != s.len() || m == 0 {
            return None;
        }
        let os = strides(&s);
        let mut ss = vec![0usize; shape.len()];
        let mut taken = vec![false; shape.len()];
        for (d, &r) in dims.iter().enumerate() {
            let r = usize::try_from(r).ok().filter(|&r| r < shape.len())?;
            if std::mem::replace(&mut taken[r], true) {
                return None;
            }
            match s[d] {
                1 => {}
                n if n == shape[r] => ss[r] = os[d],
                _ => return None,
            }
        }
        Some((Leaf::Spread(ss), member(m as u64, Check::Shape)))
    } else {
        None
    }
}

/// The fusable class of an op, with its result's shape, the storage mask
/// of its lanes and its work; operands are placeholders (0) in the
/// returned node.
fn classify(interp: &Interp<'_>, op: &Op) -> Option<(Kind, Vec<usize>, u64, Member)> {
    let [r] = op.results.as_slice() else {
        return None;
    };
    if !op.regions.is_empty() {
        return None;
    }
    let (shape, elem) = lane_type(interp.ty(*r))?;
    let ElementType::Float(kind) = elem else {
        return classify_int(interp, op, shape, &elem);
    };
    let n = checked_elements(&shape)?;
    let operand = |i: usize| -> Option<(Vec<usize>, FloatKind)> {
        float_type(interp.ty(*op.operands.get(i)?))
    };
    // Operand `i` is of the result's float type (compared in place).
    let same = |i: usize| {
        op.operands.get(i).is_some_and(|&v| match interp.ty(v) {
            Type::Tensor(t) => {
                t.elem == ElementType::Float(kind)
                    && t.dims.as_ref().is_some_and(|ds| {
                        ds.len() == shape.len()
                            && ds
                                .iter()
                                .zip(&shape)
                                .all(|(d, &s)| d.and_then(|d| usize::try_from(d).ok()) == Some(s))
                    })
            }
            _ => false,
        })
    };
    let name = op.name.as_str();
    let member = |read: u64, check: Check| Member {
        work: read.saturating_add(n as u64),
        check,
        shape: shape.clone(),
    };
    let plain = member(op.operands.len() as u64 * n as u64, Check::None);
    let k = if let Some(u) = unary_of(name) {
        if op.operands.len() != 1 || !same(0) {
            return None;
        }
        (Kind::Compute(Node::Unary(u, kind, 0)), plain)
    } else if let Some(b) = binary_of(name) {
        if op.operands.len() != 2 || !same(0) || !same(1) {
            return None;
        }
        (Kind::Compute(Node::Binary(b, kind, 0, 0)), plain)
    } else if name == "stablehlo.convert" {
        let (s, from) = operand(0)?;
        if op.operands.len() != 1 || s != shape {
            return None;
        }
        (Kind::Compute(Node::Convert(from, kind, 0)), plain)
    } else if name == "stablehlo.iota" {
        let dim = op.attr("iota_dimension").and_then(Attr::as_i64)?;
        let dim = usize::try_from(dim).ok().filter(|&d| d < shape.len())?;
        if !op.operands.is_empty() {
            return None;
        }
        (Kind::Leaf(Leaf::Iota(kind, dim)), member(0, Check::Shape))
    } else {
        let (leaf, m) = leaf_of(interp, op, &shape, &elem, &member)?;
        (Kind::Leaf(leaf), m)
    };
    Some((k.0, shape, mask_of(kind), k.1))
}

/// The elements of a shape, `None` on overflow.
fn checked_elements(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// The storage mask of a float format's lanes.
fn mask_of(kind: FloatKind) -> u64 {
    match Width::of(&ElementType::Float(kind)).bytes() {
        1 => 0xFF,
        2 => 0xFFFF,
        4 => 0xFFFF_FFFF,
        _ => u64::MAX,
    }
}

/// Whether a step's lanes are always within its element's width, so that
/// its storage mask would change nothing: f32 and f64 iotas (`to_bits`),
/// and f32/f64 `add` … `divide` (`to_bits` of the hardware result, or
/// `float::arith`'s NaN: an operand quieted, which cuts it to the format,
/// or the canonical NaN).
fn within_width(node: &Node) -> bool {
    matches!(
        node,
        Node::Iota {
            kind: FloatKind::F32 | FloatKind::F64,
            ..
        } | Node::Binary(Bin::Arith(_), FloatKind::F32 | FloatKind::F64, _, _)
    )
}

/// Every value a region (at any depth) reads.
pub(super) fn uses_inside(regions: &[Region], out: &mut Vec<ValueId>) {
    for r in regions {
        for b in &r.blocks {
            for o in &b.ops {
                out.extend_from_slice(&o.operands);
                uses_inside(&o.regions, out);
            }
        }
    }
}

/// The fusion plan of a block (`None` when no group is worth fusing).
pub(super) fn plan(interp: &Interp<'_>, block: &Block) -> Option<Plan> {
    let ops = &block.ops;
    // Each use of a value: the op, and whether it is a direct operand; one
    // list sorted by value (stably: a value's uses stay in op order), read
    // by `users` (no map of small vectors to build).
    let mut uses: Vec<(ValueId, (usize, bool))> = Vec::new();
    let mut barriers_before = Vec::with_capacity(ops.len() + 1);
    let mut barriers = 0usize;
    let mut inside = Vec::new();
    for (j, op) in ops.iter().enumerate() {
        barriers_before.push(barriers);
        if is_barrier(op) {
            barriers += 1;
        }
        for &v in &op.operands {
            uses.push((v, (j, true)));
        }
        inside.clear();
        uses_inside(&op.regions, &mut inside);
        for &v in &inside {
            uses.push((v, (j, false)));
        }
    }
    barriers_before.push(barriers);
    uses.sort_by_key(|u| u.0);
    let users = |v: ValueId| -> &[(ValueId, (usize, bool))] {
        let lo = uses.partition_point(|u| u.0 < v);
        let hi = uses.partition_point(|u| u.0 <= v);
        &uses[lo..hi]
    };

    struct Draft {
        root: usize,
        shape: Vec<usize>,
        ops: Vec<usize>,
    }
    let mut roles = vec![Role::Plain; ops.len()];
    let mut group_of: Vec<Option<usize>> = vec![None; ops.len()];
    let mut drafts: Vec<Draft> = Vec::new();
    let mut classes: Vec<Option<(Kind, u64)>> = (0..ops.len()).map(|_| None).collect();
    // The last op may be the terminator; it is never fused.
    for i in (0..ops.len()).rev() {
        let op = &ops[i];
        if is_barrier(op) {
            continue;
        }
        let Some((kind, shape, mask, member)) = classify(interp, op) else {
            continue;
        };
        let users = users(op.results[0]);
        let mut target = None;
        let mut ok = !users.is_empty();
        for &(_, (j, direct)) in users {
            let g = group_of[j];
            let same_stretch = barriers_before[j] == barriers_before[i + 1];
            if !direct || g.is_none() || !same_stretch || (target.is_some() && target != g) {
                ok = false;
                break;
            }
            target = g;
        }
        let target =
            target.filter(|&g| ok && drafts[g].shape == shape && drafts[g].ops.len() < MAX_MEMBERS);
        match (target, &kind) {
            (Some(g), _) => {
                drafts[g].ops.push(i);
                group_of[i] = Some(g);
                roles[i] = Role::Member(member);
            }
            (None, Kind::Compute(_)) => {
                group_of[i] = Some(drafts.len());
                drafts.push(Draft {
                    root: i,
                    shape,
                    ops: vec![i],
                });
            }
            (None, Kind::Leaf(_)) => continue,
        }
        classes[i] = Some((kind, mask));
    }

    let mut groups = Vec::new();
    for d in drafts {
        let n = checked_elements(&d.shape).unwrap_or(0);
        if d.ops.len() < 2 || n < FUSE_FROM {
            for &i in &d.ops {
                roles[i] = Role::Plain;
            }
            continue;
        }
        let mut members = d.ops.clone();
        members.sort_unstable();
        match compile(interp, ops, &members, &classes, &d.shape, n) {
            Some(g) => {
                roles[d.root] = Role::Root(groups.len());
                groups.push(g);
            }
            None => {
                for &i in &members {
                    roles[i] = Role::Plain;
                }
            }
        }
    }
    if groups.is_empty() {
        return None;
    }
    for (k, g) in groups.iter_mut().enumerate() {
        if let [(_, (j, true))] = *users(ops[g.root].results[0]) {
            let same_stretch = barriers_before[j] == barriers_before[g.root + 1];
            if same_stretch && reduces_into(interp, g, &ops[g.root], &ops[j]) {
                g.into = Some(j);
                roles[g.root] = Role::Held(k);
                roles[j] = Role::Reduce(k);
            }
        }
    }
    let mut place: Vec<usize> = (0..ops.len()).collect();
    for g in &groups {
        for &i in &g.ops {
            place[i] = g.into.unwrap_or(g.root);
        }
    }
    Some(Plan {
        roles,
        groups,
        place,
    })
}

/// Whether `op`, the only user of the root of group `g`, is a `reduce`
/// that may evaluate the group itself: its one input is the root, its body
/// an f32/f64 addition that sums on the hardware (`reduce::sums_fused`),
/// its reduced dimensions consecutive; and the group holds until then at
/// most one stored tensor of its shape, no wider than the root (scalars
/// aside), so that the run holds no more in between than the unfused run,
/// which holds the root's result there.
fn reduces_into(interp: &Interp<'_>, g: &Group, root: &Op, op: &Op) -> bool {
    let [input, init] = op.operands.as_slice() else {
        return false;
    };
    if op.name != "stablehlo.reduce" || op.results.len() != 1 || Some(input) != root.results.first()
    {
        return false;
    }
    let init_elem = float_type(interp.ty(*init)).map(|(_, k)| ElementType::Float(k));
    if init_elem.as_ref() != Some(&g.elem)
        || !super::reduce::sums_fused(interp, op, &g.elem, &g.shape)
    {
        return false;
    }
    let mut full = g
        .input_types
        .iter()
        .filter(|(_, s)| checked_elements(s) == Some(g.n));
    match (full.next(), full.next()) {
        (None, _) => true,
        (Some((e, _)), None) => e.storage_bytes() <= g.elem.storage_bytes(),
        _ => false,
    }
}

/// The steps of one group (`members` in block order, the root last).
fn compile(
    interp: &Interp<'_>,
    ops: &[Op],
    members: &[usize],
    classes: &[Option<(Kind, u64)>],
    shape: &[usize],
    n: usize,
) -> Option<Group> {
    let root = *members.last()?;
    let root_op = &ops[root];
    let elem = super::elem_type(interp.ty(*root_op.results.first()?))?.clone();
    // Where each value of the group is: its slot.
    let mut slot_of: HashMap<ValueId, usize> = HashMap::new();
    // The last step reading each value (to free its slot after it).
    let mut last_read: HashMap<ValueId, usize> = HashMap::new();
    for (s, &i) in members.iter().enumerate() {
        for &v in &ops[i].operands {
            last_read.insert(v, s);
        }
    }
    let mut free: Vec<usize> = Vec::new();
    let mut slots = 0usize;
    let mut alloc = |free: &mut Vec<usize>| {
        free.pop().unwrap_or_else(|| {
            slots += 1;
            slots - 1
        })
    };
    let mut inputs: Vec<ValueId> = Vec::new();
    let mut input_types: Vec<(ElementType, Vec<usize>)> = Vec::new();
    // Each stored value is read once, whatever the ops reading it.
    let mut input = |v: ValueId, elem: ElementType, shape: &[usize]| -> Option<usize> {
        match inputs.iter().position(|&u| u == v) {
            Some(k) => (input_types[k].0 == elem && input_types[k].1 == shape).then_some(k),
            None => {
                inputs.push(v);
                input_types.push((elem, shape.to_vec()));
                Some(inputs.len() - 1)
            }
        }
    };
    let mut fills: Vec<(usize, Fill)> = Vec::new();
    let mut steps: Vec<Step> = Vec::new();
    // Fixed slots (constants) are never freed.
    let mut fixed: Vec<usize> = Vec::new();
    for (s, &i) in members.iter().enumerate() {
        let op = &ops[i];
        let (kind, mask) = classes[i].as_ref()?;
        let is_root = i == root;
        // Operand slots: a value of the group, or an input read here.
        let mut args = Vec::with_capacity(op.operands.len());
        if matches!(kind, Kind::Compute(_)) {
            for &v in &op.operands {
                let slot = match slot_of.get(&v) {
                    Some(&x) => x,
                    None => {
                        let (oshape, oe) = lane_type(interp.ty(v))?;
                        if oshape != shape {
                            return None;
                        }
                        let k = input(v, oe, shape)?;
                        let x = alloc(&mut free);
                        // A float tensor's words are unsigned and read
                        // zero-extended: the lanes are cut already (an
                        // integer's are read as the integer ops take them).
                        steps.push(Step {
                            node: Node::Input(k),
                            dst: Some(x),
                            mask: u64::MAX,
                        });
                        slot_of.insert(v, x);
                        x
                    }
                };
                args.push(slot);
            }
        }
        let node = match kind {
            Kind::Compute(Node::Unary(u, k, _)) => Node::Unary(*u, *k, *args.first()?),
            Kind::Compute(Node::Binary(b, k, _, _)) => {
                Node::Binary(*b, *k, *args.first()?, *args.get(1)?)
            }
            Kind::Compute(Node::Convert(f, t, _)) => Node::Convert(*f, *t, *args.first()?),
            Kind::Compute(Node::Int(o, k, _, _)) => {
                Node::Int(*o, *k, *args.first()?, *args.get(1)?)
            }
            Kind::Compute(_) => return None,
            Kind::Leaf(Leaf::Iota(k, dim)) => {
                let inner = strides(shape).get(*dim).copied()?;
                let size = *shape.get(*dim)?;
                if inner == 0 || size == 0 {
                    return None;
                }
                Node::Iota {
                    kind: *k,
                    inner,
                    size,
                }
            }
            Kind::Leaf(Leaf::Splat(lane)) => {
                // A fresh slot: one freed by an earlier step would be
                // written again by that step in every block.
                let x = alloc(&mut Vec::new());
                fixed.push(x);
                fills.push((x, Fill::Lane(*lane)));
                slot_of.insert(op.results[0], x);
                continue;
            }
            Kind::Leaf(Leaf::Spread(ss)) => {
                let v = *op.operands.first()?;
                let (os, oe) = lane_type(interp.ty(v))?;
                Node::Spread {
                    input: input(v, oe, &os)?,
                    shape: shape.to_vec(),
                    strides: ss.clone(),
                }
            }
            Kind::Leaf(Leaf::Broadcast) => {
                let v = *op.operands.first()?;
                let (os, oe) = lane_type(interp.ty(v))?;
                let k = input(v, oe, &os)?;
                let x = alloc(&mut Vec::new());
                fixed.push(x);
                fills.push((x, Fill::Scalar(k)));
                slot_of.insert(op.results[0], x);
                continue;
            }
        };
        // The destination before the sources are freed: a step never
        // writes a slot it reads.
        let dst = if is_root {
            None
        } else {
            let x = alloc(&mut free);
            slot_of.insert(op.results[0], x);
            Some(x)
        };
        let mask = if within_width(&node) { u64::MAX } else { *mask };
        steps.push(Step { node, dst, mask });
        for &v in &op.operands {
            if last_read.get(&v) == Some(&s) {
                if let Some(&x) = slot_of.get(&v) {
                    if !fixed.contains(&x) && !free.contains(&x) {
                        free.push(x);
                    }
                }
            }
        }
    }
    let root_work = classify(interp, root_op)?.3.work;
    Some(Group {
        root,
        into: None,
        ops: members.to_vec(),
        shape: shape.to_vec(),
        n,
        elem,
        inputs,
        input_types,
        fills,
        steps,
        slots,
        root_work,
    })
}

impl Group {
    /// Whether a value read at the root has the type the plan expects.
    pub fn input_fits(&self, k: usize, t: &Tensor) -> bool {
        self.input_types.get(k).is_some_and(|(e, shape)| {
            &t.elem == e && t.shape == *shape && Some(t.data.len()) == checked_elements(shape)
        })
    }

    /// The group made ready to evaluate any lanes of its root on `inputs`
    /// (in the order of [`Group::inputs`]): the lanes the same everywhere
    /// and the converters, made once.
    pub fn ready<'a>(&'a self, inputs: &'a [Arc<Tensor>]) -> Ready<'a> {
        let fills = self
            .fills
            .iter()
            .map(|(x, f)| {
                let lane = match f {
                    Fill::Lane(l) => *l,
                    Fill::Scalar(k) => inputs.get(*k).and_then(|t| t.data.try_get(0)).unwrap_or(0),
                };
                (*x, lane)
            })
            .collect();
        let converters = self
            .steps
            .iter()
            .map(|s| match s.node {
                Node::Convert(f, t, _) if f != t => Some(Converter::new(f, t, self.n)),
                Node::Iota { kind, size, .. } if iota_converts(kind, size) => {
                    Some(Converter::new(FloatKind::F32, kind, self.n))
                }
                _ => None,
            })
            .collect();
        Ready {
            group: self,
            inputs,
            fills,
            converters,
        }
    }

    /// Evaluates the group on its inputs (in the order of `inputs`; an
    /// input the caller holds the only reference to may be written over).
    pub fn run(&self, mut inputs: Vec<Arc<Tensor>>) -> Tensor {
        let w = Width::of(&self.elem);
        // Over an input that has the result's shape and width and that
        // nothing else holds.
        // (Not one a step spreads: its lanes are read out of order.)
        let spread = |k: usize| {
            self.steps
                .iter()
                .any(|s| matches!(s.node, Node::Spread { input, .. } if input == k))
        };
        let over = (0..inputs.len()).find(|&k| {
            self.input_types[k].1 == self.shape
                && !spread(k)
                && Width::of(&inputs[k].elem) == w
                && Arc::strong_count(&inputs[k]) == 1
                && Arc::weak_count(&inputs[k]) == 0
        });
        if let Some(k) = over {
            let placeholder = Arc::new(Tensor::from_words(
                self.elem.clone(),
                Vec::new(),
                Words::zeros(w, 0),
            ));
            let taken = std::mem::replace(&mut inputs[k], placeholder);
            match Arc::try_unwrap(taken) {
                Ok(mut t) => {
                    let ready = self.ready(&inputs);
                    t.data.update_with(
                        || ready.scratch(),
                        |slots, off, lanes| {
                            self.eval(&inputs, &ready.converters, slots, off, lanes, Some(k))
                        },
                    );
                    t.elem = self.elem.clone();
                    t.shape = self.shape.clone();
                    return t;
                }
                Err(t) => inputs[k] = t,
            }
        }
        let ready = self.ready(&inputs);
        let data = Words::build_with(
            w,
            self.n,
            || ready.scratch(),
            |slots, off, lanes| ready.lanes(slots, off, lanes),
        );
        Tensor::from_words(self.elem.clone(), self.shape.clone(), data)
    }

    /// One block: every step in order, the root's into `out` (which holds
    /// input `over`'s lanes when the result is written over it).
    fn eval(
        &self,
        inputs: &[Arc<Tensor>],
        converters: &[Option<Converter>],
        slots: &mut [Vec<u64>],
        off: usize,
        out: &mut [u64],
        over: Option<usize>,
    ) {
        let len = out.len();
        for (j, step) in self.steps.iter().enumerate() {
            let Some(x) = step.dst else {
                compute(&step.node, slots, converters.get(j), off, out);
                continue;
            };
            let mut buf = std::mem::take(&mut slots[x]);
            let o = &mut buf[..len];
            match step.node {
                Node::Input(k) if over == Some(k) => o.copy_from_slice(out),
                Node::Input(k) => match inputs.get(k) {
                    Some(t) => t.data.read(off, o),
                    None => o.fill(0),
                },
                Node::Spread {
                    input,
                    ref shape,
                    ref strides,
                } => match inputs.get(input) {
                    Some(t) => spread_block(&t.data, shape, strides, off, o),
                    None => o.fill(0),
                },
                ref node => compute(node, slots, converters.get(j), off, o),
            }
            if step.mask != u64::MAX {
                super::lanes::and_mask(o, step.mask);
            }
            slots[x] = buf;
        }
    }
}

/// A group ready to evaluate ([`Group::ready`]).
pub(super) struct Ready<'a> {
    group: &'a Group,
    inputs: &'a [Arc<Tensor>],
    fills: Vec<(usize, u64)>,
    converters: Vec<Option<Converter>>,
}

impl Ready<'_> {
    /// Scratch for [`Ready::lanes`]: the group's slots, the fixed ones
    /// filled (one per thread, reused from call to call).
    pub fn scratch(&self) -> Vec<Vec<u64>> {
        // No block is longer than the group's lanes.
        let len = BLOCK.min(self.group.n.max(1));
        let mut slots = vec![vec![0u64; len]; self.group.slots];
        for &(x, lane) in &self.fills {
            if let Some(s) = slots.get_mut(x) {
                s.fill(lane);
            }
        }
        slots
    }

    /// The root's lanes `off .. off + out.len()` (any length, within the
    /// group's lanes), block by block.
    pub fn lanes(&self, slots: &mut [Vec<u64>], off: usize, out: &mut [u64]) {
        for (k, piece) in out.chunks_mut(BLOCK).enumerate() {
            let at = off + k * BLOCK;
            self.group
                .eval(self.inputs, &self.converters, slots, at, piece, None);
        }
    }
}

/// A vector pass of `lanes`: true when some lane needs the per-lane rule.
type Pass = fn(&[u64], &mut [u64]) -> bool;

/// A float conversion, made once per run of a group (or per `convert`
/// op, `elementwise.rs`): the per-lane rule `convert::converter`, applied
/// to a block by a vector pass (f32 ⇄ bf16, f16, f64) or a table of its
/// results (a source of at most 16 bits into a target of at most 16), the
/// lanes a pass does not settle by the per-lane rule itself.
pub(crate) struct Converter {
    /// The vector pass of the pair, when it has one.
    pass: Option<Pass>,
    lane: Box<dyn Fn(u64) -> u64 + Sync>,
    table: Option<Arc<Vec<u16>>>,
    /// `lane`'s results for every pattern of a source of at most 8 bits
    /// whose results do not fit `table` (f32, f64), made for this
    /// conversion when it converts at least four times as many elements.
    small: Option<Vec<u64>>,
    /// From f32 (false) or f64 (true) into a format with a `Narrow` fast
    /// path: the vector passes `lanes::f32_to_narrow`/`f64_to_narrow`.
    narrow: Option<(Narrow, bool)>,
}

impl Converter {
    /// The conversion `from` → `to` for a group of `n` elements (a table is
    /// made when `n` is at least four times its size, and kept).
    pub(crate) fn new(from: FloatKind, to: FloatKind, n: usize) -> Converter {
        use super::lanes;
        use FloatKind::{BF16, F16, F32, F64};
        let pass: Option<Pass> = match (from, to) {
            (F32, BF16) => Some(lanes::f32_to_bf16),
            (BF16, F32) => Some(lanes::bf16_to_f32),
            (F32, F64) => Some(lanes::f32_to_f64),
            (F64, F32) => Some(lanes::f64_to_f32),
            (F16, F32) => Some(lanes::f16_to_f32),
            (F32, F16) => Some(lanes::f32_to_f16),
            _ => None,
        };
        let table = match pass {
            Some(_) => None,
            None => conversion_table(from, to, n),
        };
        let lane = convert::converter(from, to);
        let small = (pass.is_none() && table.is_none() && from.bits() <= 8 && n >= 4 << 8)
            .then(|| (0..1u64 << from.bits()).map(&lane).collect());
        let narrow = match (pass, from) {
            (None, F32 | F64) => Narrow::new(to.format()).map(|n| (n, from == F64)),
            _ => None,
        };
        Converter {
            pass,
            lane: Box::new(lane),
            table,
            small,
            narrow,
        }
    }

    /// `o[i] = lane(xs[i])`.
    pub(crate) fn block(&self, xs: &[u64], o: &mut [u64]) {
        let redo = match (self.pass, &self.table, &self.small) {
            (Some(pass), _, _) => pass(xs, o),
            (None, Some(t), _) => super::lanes::lookup16(t, xs, o),
            (None, None, Some(t)) => {
                let mut outside = false;
                for (o, &x) in o.iter_mut().zip(xs) {
                    match t.get(x as usize) {
                        Some(&v) => *o = v,
                        None => outside = true,
                    }
                }
                outside
            }
            (None, None, None) => match &self.narrow {
                Some((n, false)) => super::lanes::f32_to_narrow(n, xs, o),
                Some((n, true)) => super::lanes::f64_to_narrow(n, xs, o),
                None => true,
            },
        };
        if redo {
            for (o, &x) in o.iter_mut().zip(xs) {
                *o = (self.lane)(x);
            }
        }
    }
}

/// Whether a float `iota` of `kind` whose dimension has `size` values is
/// computed in f32 and converted ([`convert_in_place`]) rather than value
/// by value (`iota_float`'s `convert::from_int`): every value is below
/// 2^24, so exact in f32, and one rounding of it to `kind` is the rounding
/// of the integer (`iota_values_round_as_integers` checks every kind).
pub(crate) fn iota_converts(kind: FloatKind, size: usize) -> bool {
    !matches!(kind, FloatKind::F32 | FloatKind::F64) && size <= 1 << 24
}

/// `o[i] = conv(o[i])`, a block at a time through a copy.
pub(crate) fn convert_in_place(conv: &Converter, o: &mut [u64]) {
    let mut copy = [0u64; 512];
    for run in o.chunks_mut(copy.len()) {
        let copy = &mut copy[..run.len()];
        copy.copy_from_slice(run);
        conv.block(copy, run);
    }
}

/// The results of `convert::converter(from, to)` for every bit pattern of
/// `from`, when `from` is at most 16 bits wide, every result fits 16 bits,
/// and `n` is at least four times the table's size; made once per pair
/// and kept for the process.
fn conversion_table(from: FloatKind, to: FloatKind, n: usize) -> Option<Arc<Vec<u16>>> {
    use std::sync::{Mutex, OnceLock};
    type Tables = Mutex<HashMap<(FloatKind, FloatKind), Option<Arc<Vec<u16>>>>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let size = match Width::of(&ElementType::Float(from)) {
        Width::U8 | Width::I8 => 1usize << 8,
        Width::U16 | Width::I16 => 1 << 16,
        _ => return None,
    };
    if !matches!(
        Width::of(&ElementType::Float(to)),
        Width::U8 | Width::I8 | Width::U16 | Width::I16
    ) || n < 4 * size
    {
        return None;
    }
    let tables = TABLES.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(t) = tables.lock().ok()?.get(&(from, to)) {
        return t.clone();
    }
    let conv = convert::converter(from, to);
    let table: Option<Vec<u16>> = (0..size as u64)
        .map(|x| u16::try_from(conv(x)).ok())
        .collect();
    let table = table.map(Arc::new);
    tables.lock().ok()?.insert((from, to), table.clone());
    table
}

/// The lanes `off ..` of `w` broadcast to `shape` (see [`Node::Spread`]
/// and [`Words::spread`]).
fn spread_block(w: &Words, shape: &[usize], strides: &[usize], off: usize, o: &mut [u64]) {
    w.spread(shape, strides, off, o)
}

/// One step of a block into `o`, its operands read from `slots`.
fn compute(
    node: &Node,
    slots: &[Vec<u64>],
    converter: Option<&Option<Converter>>,
    off: usize,
    o: &mut [u64],
) {
    let len = o.len();
    let arg = |x: usize| &slots[x][..len];
    match *node {
        // Read by `Group::eval`.
        Node::Input(_) | Node::Spread { .. } => {}
        Node::Iota {
            kind: FloatKind::F32,
            inner: 1,
            size,
        } => {
            // Along the last dimension: consecutive values, wrapping at `size`.
            if size <= 1 << 31 {
                super::lanes::iota_f32(off % size, size, o);
            } else {
                let mut v = off % size;
                for o in o.iter_mut() {
                    *o = (v as f32).to_bits() as u64;
                    v += 1;
                    if v == size {
                        v = 0;
                    }
                }
            }
        }
        Node::Iota { kind, inner, size } if !matches!(converter, Some(Some(_))) => {
            let mut v = (off / inner) % size;
            let mut at = off % inner;
            let mut rest = &mut o[..];
            while !rest.is_empty() {
                let m = (inner - at).min(rest.len());
                let (run, tail) = rest.split_at_mut(m);
                super::lanes::fill(run, iota_float(kind, v));
                rest = tail;
                at = 0;
                v = if v + 1 == size { 0 } else { v + 1 };
            }
        }
        Node::Iota { inner, size, .. } => {
            // Values below 2^24 (`iota_converts`): the f32 iota, exact,
            // rounded once to the kind as `iota_float` rounds the integer.
            let f32_iota = Node::Iota {
                kind: FloatKind::F32,
                inner,
                size,
            };
            compute(&f32_iota, slots, None, off, o);
            if let Some(Some(conv)) = converter {
                convert_in_place(conv, o);
            }
        }
        Node::Unary(u, kind, a) => {
            let xs = arg(a);
            let f = kind.format();
            let each = |o: &mut [u64], g: &dyn Fn(u64) -> u64| {
                for (o, &x) in o.iter_mut().zip(xs) {
                    *o = g(x);
                }
            };
            match u {
                Un::Math(m) => super::transcendental::unary_block(kind, m, xs, o),
                Un::Abs => each(o, &|x| arith::abs(f, x)),
                Un::Negate => each(o, &|x| arith::negate(f, x)),
                Un::Sign => each(o, &|x| arith::sign(f, x)),
                Un::Sqrt | Un::Floor | Un::Ceil | Un::RoundEven | Un::RoundAfz => {
                    let op = match u {
                        Un::Sqrt => HwUnary::Sqrt,
                        Un::Floor => HwUnary::Floor,
                        Un::Ceil => HwUnary::Ceil,
                        Un::RoundEven => HwUnary::RoundEven,
                        _ => HwUnary::RoundAfz,
                    };
                    if !unary_hw_block(kind, op, xs, o) {
                        each(o, &|x| op.soft(f, x));
                    }
                }
            }
        }
        Node::Binary(b, kind, a, c) => {
            let (xs, ys) = (arg(a), arg(c));
            match b {
                Bin::Arith(code) => float2_block(kind, float_op(code), xs, ys, o),
                Bin::Max => pick_block(kind, true, xs, ys, o),
                Bin::Min => pick_block(kind, false, xs, ys, o),
                Bin::Rem => {
                    let f = kind.format();
                    for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
                        *o = arith::remainder(f, x, y);
                    }
                }
                Bin::Math(m) => {
                    for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
                        *o = elementary::binary(kind, m, x, y);
                    }
                }
            }
        }
        Node::Int(op, k, a, c) => int_block(k, op, arg(a), arg(c), o),
        Node::Convert(_, _, a) => {
            let xs = arg(a);
            match converter {
                Some(Some(conv)) => conv.block(xs, o),
                // A conversion to the same type is the operand.
                _ => o.copy_from_slice(xs),
            }
        }
    }
}

impl<'p> Interp<'p> {
    /// A fused op at its own place: prepared (its static result checked
    /// against the limits) and charged its kernel's work, as the kernel
    /// would be; a small constant is charged once, as `run_op_with` keeps it.
    pub(super) fn account_member(&mut self, op: &'p Op, m: &Member) -> Result<(), super::RunError> {
        let located = super::RunError::at(op);
        let prepared = self.prepare(op)?;
        if prepared.constant.is_some() {
            return Ok(());
        }
        match m.check {
            Check::None => {}
            Check::Shape => self.check_shape(&m.shape, 1).map_err(located)?,
            Check::Literal => {
                let n = num_elements(&m.shape) as u64;
                if n > self.limits.max_elements {
                    return Err(located(format!(
                        "a literal of {n} elements exceeds the element limit ({}); raise it with --max-elements",
                        self.limits.max_elements
                    )));
                }
            }
        }
        self.add_work(m.work).map_err(located)?;
        if prepared.is_constant && num_elements(&m.shape) <= 4096 {
            // Kept as `run_op_with` keeps a small constant, so that the
            // next run of the op is not charged either.
            if let Ok(mut v) = (prepared.kernel)(self, op, Vec::new()) {
                if let (Some(v), Some(p)) =
                    (v.pop(), self.prepared.get_mut(&(op as *const Op as usize)))
                {
                    p.constant = Some(v);
                }
            }
        }
        Ok(())
    }

    /// The inputs of a group, read at `op`: taken from the environment
    /// when they die there (`dying`), shared otherwise.
    fn group_inputs(
        &mut self,
        op: &'p Op,
        group: &Group,
        dying: &[ValueId],
    ) -> Result<Vec<Arc<Tensor>>, super::RunError> {
        let located = super::RunError::at(op);
        let mut inputs = Vec::with_capacity(group.inputs.len());
        for (k, &v) in group.inputs.iter().enumerate() {
            let value = if dying.contains(&v) {
                self.env.get_mut(v as usize).and_then(Option::take)
            } else {
                self.env.get(v as usize).and_then(|x| x.clone())
            };
            let t = match value {
                Some(super::Value::Tensor(t)) if group.input_fits(k, &t) => t,
                Some(_) => {
                    return Err(located(format!(
                        "value #{v} does not have the type the fused ops were planned for"
                    )))
                }
                None => return Err(located(format!("value #{v} is used before it is defined"))),
            };
            inputs.push(t);
        }
        Ok(inputs)
    }

    /// A group's root: its inputs read (taken when they die here), the
    /// group evaluated, the result checked and bound as `run_op_with` does.
    pub(super) fn run_fused(
        &mut self,
        op: &'p Op,
        group: &Group,
        dying: &[ValueId],
    ) -> Result<(), super::RunError> {
        let located = super::RunError::at(op);
        self.prepare(op)?;
        let inputs = self.group_inputs(op, group, dying)?;
        super::memory::reset_peak();
        let t = group.run(inputs);
        self.charge_root(op, group, t.lanes())?;
        let v = super::Value::tensor(t);
        let id = op.results[0];
        super::check_value_type(&v, self.ty(id)).map_err(|m| located(format!("result 0: {m}")))?;
        self.env[id as usize] = Some(v);
        Ok(())
    }

    /// The root of a group that its `reduce` evaluates: everything
    /// [`Interp::run_fused`] checks and charges, in its order (its inputs
    /// looked at, not taken), but nothing evaluated or stored.
    pub(super) fn account_held(
        &mut self,
        op: &'p Op,
        group: &Group,
    ) -> Result<(), super::RunError> {
        self.prepare(op)?;
        self.group_inputs(op, group, &[])?;
        super::memory::reset_peak();
        self.charge_root(op, group, 1)
    }

    /// What a group's root is charged once it is evaluated (or, held, in
    /// its place): the memory held, its work, its size in `lanes` per element.
    fn charge_root(
        &mut self,
        op: &'p Op,
        group: &Group,
        lanes: usize,
    ) -> Result<(), super::RunError> {
        let located = super::RunError::at(op);
        self.check_memory().map_err(located)?;
        self.add_work(group.root_work).map_err(located)?;
        self.check_size(&group.shape, lanes).map_err(located)?;
        Ok(())
    }

    /// A `reduce` of a held group's root: run as `run_op_with` runs the
    /// kernel (the same checks, work and errors), the group's inputs read
    /// in place of the root's value (`reduce::reduce_group`).
    pub(super) fn run_reduce_fused(
        &mut self,
        op: &'p Op,
        group: &Group,
        dying: &[ValueId],
    ) -> Result<(), super::RunError> {
        let located = super::RunError::at(op);
        self.prepare(op)?;
        // An input that is the init value too is taken by the operands.
        let taken: Vec<ValueId> = dying
            .iter()
            .copied()
            .filter(|v| !op.operands.contains(v))
            .collect();
        let inputs = self.group_inputs(op, group, &taken)?;
        let init = self
            .operands(op.operands.get(1..).unwrap_or(&[]), dying)
            .map_err(located)?;
        let read = (group.n as u64).saturating_add(init.iter().map(super::value_elements).sum());
        super::memory::reset_peak();
        let results = super::reduce::reduce_group(self, op, group, inputs, init);
        self.bind_results(op, results, read)
    }
}

/// The `reduce` ops of a block that evaluate a fused group, for tests.
pub fn fused_reduces(interp: &Interp<'_>, block: &Block) -> usize {
    plan(interp, block).map_or(0, |p| {
        p.roles
            .iter()
            .filter(|r| matches!(r, Role::Reduce(_)))
            .count()
    })
}

/// The ops of a block that a plan fuses, for tests: (members, roots).
pub fn fused_counts(interp: &Interp<'_>, block: &Block) -> (usize, usize) {
    match plan(interp, block) {
        Some(p) => (
            p.roles
                .iter()
                .filter(|r| matches!(r, Role::Member(_)))
                .count(),
            p.groups.len(),
        ),
        None => (0, 0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The f32 iota pass gives `usize as f32` at every offset, wrapping
    /// at the dimension's size, past 2^24 (where rounding starts) too.
    #[test]
    fn f32_iota_pass_counts_and_wraps_as_the_lane_rule() {
        for (off, size, len) in [
            (0, 7, 50),
            (5, 7, 3),
            (3, 1 << 25, 1000),
            ((1 << 24) - 3, 1 << 24, 9),
            (0, 1, 4),
        ] {
            let mut o = vec![0u64; len];
            super::super::lanes::iota_f32(off % size, size, &mut o);
            let mut v = off % size;
            for (k, &x) in o.iter().enumerate() {
                assert_eq!(
                    x,
                    (v as f32).to_bits() as u64,
                    "off {off} size {size} lane {k}"
                );
                v = if v + 1 == size { 0 } else { v + 1 };
            }
        }
    }

    /// Every narrow float iota value, made in f32 and converted by the
    /// group's converter, has `iota_float`'s bits: all values below 2^17
    /// and a spread of larger ones up to 2^24 (where f16 and the 8-bit
    /// formats overflow), for every kind `iota_converts` takes.
    #[test]
    fn iota_values_round_as_integers() {
        let values: Vec<usize> = (0..1usize << 17)
            .chain((1usize << 17..=1 << 24).step_by(997))
            .chain([(1 << 24) - 1, 1 << 24, 65_519, 65_520, 65_535, 65_536])
            .collect();
        for &kind in FloatKind::ALL {
            if !iota_converts(kind, 1 << 24) {
                continue;
            }
            let conv = Converter::new(FloatKind::F32, kind, usize::MAX);
            let mut o: Vec<u64> = values
                .iter()
                .map(|&v| (v as f32).to_bits() as u64)
                .collect();
            convert_in_place(&conv, &mut o);
            for (&v, &r) in values.iter().zip(&o) {
                assert_eq!(r, iota_float(kind, v), "{kind:?} iota value {v}");
            }
        }
    }

    /// A group's conversions (vector passes, tables, per-lane rule) give
    /// `convert::converter`'s bits on every pattern of every source of at
    /// most 16 bits, and on spread f32 and f64 patterns (NaN payloads,
    /// infinities, subnormals included), into every other kind tried.
    #[test]
    fn block_conversions_match_the_lane_rule() {
        use FloatKind::*;
        let kinds = [
            F64, F32, BF16, F16, F8E4M3FN, F8E5M2, F8E4M3FNUZ, F8E8M0FNU, F6E2M3FN, F4E2M1FN,
        ];
        for &from in &kinds {
            let xs: Vec<u64> = match from {
                F64 => (0..1u64 << 18)
                    .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i << 52))
                    .chain([0, 1 << 63, 1, 0x7FF0 << 48, 0x7FF8 << 48 | 5, 0xFFF4 << 48])
                    .collect(),
                F32 => (0..1u64 << 32)
                    .step_by(16_411)
                    .chain([0, 1 << 31, 1, 0x7F80_0000, 0x7FC0_0001, 0xFF80_0001])
                    .collect(),
                k => (0..1u64 << k.bits()).collect(),
            };
            for &to in &kinds {
                if to == from {
                    continue;
                }
                let lane = convert::converter(from, to);
                for n in [0, usize::MAX] {
                    let conv = Converter::new(from, to, n);
                    for chunk in xs.chunks(BLOCK) {
                        let mut o = vec![0u64; chunk.len()];
                        conv.block(chunk, &mut o);
                        for (&x, &r) in chunk.iter().zip(&o) {
                            assert_eq!(r, lane(x), "{from:?} -> {to:?} of {x:#x}");
                        }
                    }
                }
            }
        }
    }
}
