//! Results reused inside loops: an op run again on the very tensors it read
//! last time gives the same results, so they are kept and given again.
//!
//! StableHLO ops are functions of their operands and attributes, and the
//! executor's kernels are deterministic, so an op that reads the same
//! operand *objects* (the same `Arc<Tensor>`, not merely equal contents) as
//! on its last run computes the same results. Inside a `while` body that is
//! what a loop-invariant op does: a transposed weight, an `iota`, a
//! broadcast constant, a value passed through the loop unchanged.
//!
//! Identity is sound because a tensor shared by an `Arc` is never changed:
//! a kernel writes into an operand's storage only after taking it out of
//! its `Arc` (`Arc::try_unwrap`, one strong reference), which ends that
//! `Arc`. The memo holds `Weak` references to the operands it saw, so an
//! `Arc` it compares against is never freed and its address never reused
//! while the entry lives: the same address held by a live value is the same,
//! unchanged tensor.
//!
//! An op is a candidate on its first run in a loop (its operands' `Weak`
//! references kept, nothing else), its results are kept only when it reads
//! the same operands on its next run, and given again from then on while
//! they stay the same; ops that read new tensors each iteration hold
//! nothing but those references. Held results count against the memory
//! limit like any value (at most [`Memo::MAX_BYTES`] of them, or a
//! sixteenth of the limit), and are dropped when the outermost loop ends.
//! A reused result is charged the work the op's run is charged (its
//! operands read and its results written), so the work limit stops a
//! program at the same op whether results are reused or not.
//!
//! Not reused: ops with effects or hidden state (`rng`, `custom_call`,
//! tokens, collectives, `composite`), control flow (`while`, `if`, `case`,
//! `call`: the ops inside them are reused one by one), ops outside the
//! `stablehlo` and `chlo` dialects, and ops whose regions read values
//! defined outside them.

use super::{Tensor, Value};
use crate::ir::{Op, Region, ValueId};
use std::collections::HashSet;
use std::sync::{Arc, Weak};

/// What the memo knows of one op.
pub(super) enum Entry {
    /// The operands of its last run.
    Seen(Vec<Weak<Tensor>>),
    /// The operands of its last two runs, the same, and the results.
    Kept(Vec<Weak<Tensor>>, Vec<Value>),
}

/// The memo of a run: entries by op address, and the bytes of the results
/// it holds.
#[derive(Default)]
pub(super) struct Memo {
    pub entries: std::collections::HashMap<usize, Entry, super::BuildAddressHasher>,
    pub bytes: u64,
}

impl Memo {
    /// Results held at most, in bytes (a sixteenth of the memory limit when
    /// that is less).
    pub const MAX_BYTES: u64 = 64 << 20;

    pub fn clear(&mut self) {
        self.entries.clear();
        self.bytes = 0;
    }
}

/// Whether an op's results may be reused (see the module comment).
pub(super) fn reusable(op: &Op) -> bool {
    let name = op.name.as_str();
    if !(name.starts_with("stablehlo.") || name.starts_with("chlo.")) {
        return false;
    }
    const NOT: &[&str] = &[
        "stablehlo.rng",
        "stablehlo.custom_call",
        "stablehlo.composite",
        "stablehlo.while",
        "stablehlo.if",
        "stablehlo.case",
        "stablehlo.return",
        "stablehlo.infeed",
        "stablehlo.outfeed",
        "stablehlo.send",
        "stablehlo.recv",
        "stablehlo.after_all",
        "stablehlo.create_token",
        "stablehlo.all_reduce",
        "stablehlo.all_gather",
        "stablehlo.all_to_all",
        "stablehlo.reduce_scatter",
        "stablehlo.collective_permute",
        "stablehlo.collective_broadcast",
        "stablehlo.partition_id",
        "stablehlo.replica_id",
        "chlo.return",
    ];
    if NOT.contains(&name) {
        return false;
    }
    !captures(&op.regions)
}

/// Whether the ops of `regions` read a value defined outside them.
fn captures(regions: &[Region]) -> bool {
    fn used(regions: &[Region], inside: &HashSet<ValueId>) -> bool {
        regions.iter().flat_map(|r| &r.blocks).any(|b| {
            b.ops.iter().any(|op| {
                op.operands.iter().any(|v| !inside.contains(v)) || used(&op.regions, inside)
            })
        })
    }
    if regions.is_empty() {
        return false;
    }
    let mut inside = HashSet::new();
    super::scalar::defined_inside(regions, &mut inside);
    used(regions, &inside)
}

/// `Weak` references to the tensors of `values`; `None` when one is not a
/// tensor.
pub(super) fn refs(values: &[Value]) -> Option<Vec<Weak<Tensor>>> {
    values
        .iter()
        .map(|v| match v {
            Value::Tensor(t) => Some(Arc::downgrade(t)),
            _ => None,
        })
        .collect()
}

/// Whether `seen` are references to the tensors of `values`, in order.
pub(super) fn same(seen: &[Weak<Tensor>], values: &[Value]) -> bool {
    seen.len() == values.len()
        && seen.iter().zip(values).all(|(w, v)| match v {
            Value::Tensor(t) => std::ptr::eq(w.as_ptr(), Arc::as_ptr(t)),
            _ => false,
        })
}

/// Makes `seen` the references to the tensors of `values` (in its own
/// storage); `false` when one is not a tensor.
pub(super) fn refill(seen: &mut Vec<Weak<Tensor>>, values: &[Value]) -> bool {
    seen.clear();
    for v in values {
        match v {
            Value::Tensor(t) => seen.push(Arc::downgrade(t)),
            _ => return false,
        }
    }
    true
}
