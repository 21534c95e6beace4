//! The process grid and the ops that talk across it (spec: "Distribution
//! and collective ops"): `interpreter.run_parallel`, `replica_id`,
//! `partition_id`, `all_reduce`, `all_gather`, `all_to_all`,
//! `reduce_scatter`, `collective_permute`, `collective_broadcast`, `send`,
//! `recv`, `infeed`, `outfeed`, and the reference interpreter's
//! `collective_reduce`.
//!
//! `"interpreter.run_parallel"(args...) {programs = [[@f, @g], ...]}` runs
//! one process per function: `programs[r][p]` is the function of replica `r`,
//! partition `p`. Each process runs on its own thread with its own
//! [`Interp`]; it takes as many of `args` as its function has parameters, in
//! process order (replica-major), and its results are appended to the op's
//! results in the same order. `infeed = [@q0, @q1, ...]` fills the infeed
//! queue: each `infeed` op pops the results of the next function. Outside
//! `run_parallel` a program is process (0, 0) of a 1×1 grid.
//!
//! Processes meet at collectives: a process contributes its operands under a
//! key made of the op name, its process group and the number of times it has
//! already met that group at that op, and waits until every member has
//! contributed; then each member computes its own result from all the
//! contributions (in group order). Reductions fold left in group order.
//! `send` appends to a FIFO queue per `channel_id`; `recv` waits for the
//! queue to be non-empty.
//!
//! A process never waits forever: when every process still running waits
//! for something no other process can give (a collective some member never
//! reaches, a `recv` without `send`), the run stops with an error naming the
//! waiting processes; a process that fails stops the others at their next
//! wait; and any single wait gives up after [`WAIT_LIMIT`].

use super::literal::tensor_from_attr;
use super::quant::to_destination_type;
use super::region::ScalarFn;
use super::tensor::{lanes, num_elements, Tensor};
use super::{result_type, CheckOutcome, Interp, KResult, Kernel, KernelError, Value};
use crate::ir::attr::Attr;
use crate::ir::types::Signedness;
use crate::ir::{ElementType, Op};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

pub const KERNELS: &[(&str, Kernel)] = &[
    ("interpreter.run_parallel", run_parallel),
    ("stablehlo.replica_id", replica_id),
    ("stablehlo.partition_id", partition_id),
    ("stablehlo.all_reduce", all_reduce),
    ("stablehlo.all_gather", all_gather),
    ("stablehlo.all_to_all", all_to_all),
    ("stablehlo.reduce_scatter", reduce_scatter),
    ("stablehlo.collective_permute", collective_permute),
    ("stablehlo.collective_broadcast", collective_broadcast),
    ("stablehlo.collective_reduce", collective_reduce),
    ("stablehlo.send", send),
    ("stablehlo.recv", recv),
    ("stablehlo.infeed", infeed),
    ("stablehlo.outfeed", outfeed),
];

/// The longest any one wait of a process may last.
pub const WAIT_LIMIT: Duration = Duration::from_secs(300);

/// A process: (replica id, partition id).
pub type ProcessId = (usize, usize);

/// The identity of one process of a grid, kept by its interpreter.
#[derive(Clone, Default)]
pub struct Process {
    pub replica: usize,
    pub partition: usize,
    grid: Option<Arc<Grid>>,
    /// How many times this process has met each (op, group).
    meetings: HashMap<(String, Vec<ProcessId>), u64>,
}

impl Process {
    /// `replica_id * num_partitions + partition_id`.
    pub fn flat_id(&self) -> u64 {
        let parts = self.grid.as_ref().map_or(1, |g| g.partitions);
        (self.replica * parts + self.partition) as u64
    }

    /// The grid, made (1×1) on first use outside `run_parallel`.
    fn grid(&mut self) -> Arc<Grid> {
        self.grid
            .get_or_insert_with(|| Arc::new(Grid::new(1, 1)))
            .clone()
    }

    fn id(&self) -> ProcessId {
        (self.replica, self.partition)
    }
}

/// What a process waits for.
#[derive(Clone, Debug)]
enum Wait {
    Meet(MeetKey),
    Recv(i64),
}

type MeetKey = (String, Vec<ProcessId>, u64);

struct Meet {
    contributions: Vec<Option<Vec<Value>>>,
    taken: usize,
}

struct GridState {
    meets: HashMap<MeetKey, Meet>,
    channels: HashMap<i64, VecDeque<Vec<Value>>>,
    infeed: VecDeque<Vec<Value>>,
    outfeed: Vec<Vec<Value>>,
    waiting: Vec<Option<Wait>>,
    done: Vec<bool>,
    failure: Option<String>,
}

/// The shared state of the processes of one `run_parallel`.
pub struct Grid {
    pub replicas: usize,
    pub partitions: usize,
    state: Mutex<GridState>,
    cv: Condvar,
}

type Guard<'a> = MutexGuard<'a, GridState>;

impl Grid {
    pub fn new(replicas: usize, partitions: usize) -> Grid {
        let n = replicas * partitions;
        Grid {
            replicas,
            partitions,
            state: Mutex::new(GridState {
                meets: HashMap::new(),
                channels: HashMap::new(),
                infeed: VecDeque::new(),
                outfeed: Vec::new(),
                waiting: vec![None; n],
                done: vec![false; n],
                failure: None,
            }),
            cv: Condvar::new(),
        }
    }

    fn lock(&self) -> Result<Guard<'_>, String> {
        self.state
            .lock()
            .map_err(|_| "a process panicked while holding the grid".to_string())
    }

    fn flat(&self, p: ProcessId) -> usize {
        p.0 * self.partitions + p.1
    }

    fn name(&self, flat: usize) -> String {
        let parts = self.partitions.max(1);
        format!("({}, {})", flat / parts, flat % parts)
    }

    fn satisfied(st: &GridState, w: &Wait) -> bool {
        match w {
            Wait::Meet(k) => st
                .meets
                .get(k)
                .is_some_and(|m| m.contributions.iter().all(Option::is_some)),
            Wait::Recv(c) => st.channels.get(c).is_some_and(|q| !q.is_empty()),
        }
    }

    /// Declares a deadlock when every running process waits in vain.
    fn detect_deadlock(&self, st: &mut GridState) {
        if st.failure.is_some() {
            return;
        }
        let mut stuck = Vec::new();
        for i in 0..st.done.len() {
            if st.done[i] {
                continue;
            }
            match &st.waiting[i] {
                Some(w) if !Self::satisfied(st, w) => stuck.push((i, w.clone())),
                _ => return,
            }
        }
        if stuck.is_empty() {
            return;
        }
        let what: Vec<String> = stuck
            .iter()
            .map(|(i, w)| {
                let at = match w {
                    Wait::Meet((op, group, _)) => format!("{op} with group {group:?}"),
                    Wait::Recv(c) => format!("recv on channel {c}"),
                };
                format!("process {} waits at {at}", self.name(*i))
            })
            .collect();
        st.failure = Some(format!(
            "deadlock: {}; no running process can satisfy them",
            what.join("; ")
        ));
        self.cv.notify_all();
    }

    /// Waits until `w` is satisfied; errors on deadlock, failure or timeout.
    fn wait<'a>(&'a self, mut st: Guard<'a>, me: usize, w: Wait) -> Result<Guard<'a>, String> {
        st.waiting[me] = Some(w.clone());
        self.detect_deadlock(&mut st);
        let start = Instant::now();
        loop {
            if let Some(f) = &st.failure {
                let f = f.clone();
                st.waiting[me] = None;
                return Err(f);
            }
            if Self::satisfied(&st, &w) {
                st.waiting[me] = None;
                return Ok(st);
            }
            let left = WAIT_LIMIT.saturating_sub(start.elapsed());
            if left.is_zero() {
                st.waiting[me] = None;
                return Err(format!(
                    "process {} waited more than {} s; giving up",
                    self.name(me),
                    WAIT_LIMIT.as_secs()
                ));
            }
            st = self
                .cv
                .wait_timeout(st, left.min(Duration::from_millis(500)))
                .map_err(|_| "a process panicked while holding the grid".to_string())?
                .0;
        }
    }

    /// Marks a process as finished (and the run as failed when it failed).
    fn finish(&self, me: usize, failed: Option<&str>) {
        if let Ok(mut st) = self.state.lock() {
            st.done[me] = true;
            st.waiting[me] = None;
            if let Some(m) = failed {
                if st.failure.is_none() {
                    st.failure = Some(format!("process {} failed: {m}", self.name(me)));
                }
            }
            self.detect_deadlock(&mut st);
            self.cv.notify_all();
        }
    }
}

/// Contributes `values` to the meeting of `group` at `op`; returns every
/// member's contribution in group order.
fn meet(
    interp: &mut Interp<'_>,
    op: &str,
    group: &[ProcessId],
    values: Vec<Value>,
) -> KResult<Vec<Vec<Value>>> {
    let me = interp.process.id();
    let index = group
        .iter()
        .position(|&p| p == me)
        .ok_or("this process is not in its own group")?;
    if group.len() == 1 {
        return Ok(vec![values]);
    }
    let grid = interp.process.grid();
    for &(r, p) in group {
        if r >= grid.replicas || p >= grid.partitions {
            return Err(format!(
                "process ({r}, {p}) is outside the {}×{} process grid",
                grid.replicas, grid.partitions
            )
            .into());
        }
    }
    let seq = interp
        .process
        .meetings
        .entry((op.to_string(), group.to_vec()))
        .or_insert(0);
    let key: MeetKey = (op.to_string(), group.to_vec(), *seq);
    *seq += 1;
    let me_flat = grid.flat(me);
    let mut st = grid.lock()?;
    let entry = st.meets.entry(key.clone()).or_insert_with(|| Meet {
        contributions: vec![None; group.len()],
        taken: 0,
    });
    entry.contributions[index] = Some(values);
    grid.cv.notify_all();
    let mut st = grid.wait(st, me_flat, Wait::Meet(key.clone()))?;
    let m = st.meets.get_mut(&key).ok_or("a meeting vanished")?;
    let all: Vec<Vec<Value>> = m
        .contributions
        .iter()
        .map(|c| c.clone().unwrap_or_default())
        .collect();
    m.taken += 1;
    if m.taken == group.len() {
        st.meets.remove(&key);
    }
    Ok(all)
}

// ---------------------------------------------------------------------------
// Process groups
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Strategy {
    CrossReplica,
    CrossPartition,
    CrossReplicaAndPartition,
    FlattenedIds,
}

fn channel_id(op: &Op) -> i64 {
    op.attr("channel_handle")
        .and_then(|a| a.field("handle"))
        .and_then(Attr::as_i64)
        .or_else(|| op.attr("channel_id").and_then(Attr::as_i64))
        .unwrap_or(0)
}

fn use_global_device_ids(op: &Op) -> bool {
    matches!(
        op.attr("use_global_device_ids"),
        Some(Attr::Unit) | Some(Attr::Bool(true))
    )
}

/// The strategy of all_gather, all_reduce, reduce_scatter.
fn reducing_strategy(op: &Op) -> KResult<Strategy> {
    let (c, g) = (channel_id(op), use_global_device_ids(op));
    Ok(match (c > 0, g) {
        (false, false) => Strategy::CrossReplica,
        (true, false) => Strategy::CrossReplicaAndPartition,
        (true, true) => Strategy::FlattenedIds,
        (false, true) => return Err("use_global_device_ids needs a positive channel_id".into()),
    })
}

/// The strategy of all_to_all, collective_permute, collective_broadcast.
fn simple_strategy(op: &Op) -> Strategy {
    if channel_id(op) > 0 {
        Strategy::CrossPartition
    } else {
        Strategy::CrossReplica
    }
}

/// The rows of a 2-dimensional integer attribute; negative entries (padding) dropped.
fn groups_attr(interp: &Interp<'_>, op: &Op, name: &str) -> KResult<Vec<Vec<i64>>> {
    let Some(a) = op.attr(name) else {
        return Ok(Vec::new());
    };
    let t = tensor_from_attr(a, interp.limits.max_elements)?;
    let vals = t
        .ints()
        .ok_or_else(|| format!("`{name}` must hold integers"))?;
    match t.shape.as_slice() {
        [] => Ok(vec![vec![vals[0] as i64]]),
        [_] => Ok(vec![vals.iter().map(|&v| v as i64).collect()]),
        [rows, cols] => Ok((0..*rows)
            .map(|r| {
                vals[r * cols..(r + 1) * cols]
                    .iter()
                    .filter(|&&v| v >= 0)
                    .map(|&v| v as i64)
                    .collect()
            })
            .collect()),
        _ => Err(format!("`{name}` must be 2-dimensional").into()),
    }
}

/// The process groups of a strategy (spec: "Collective ops").
fn process_groups(
    strategy: Strategy,
    groups: &[Vec<i64>],
    replicas: usize,
    partitions: usize,
) -> KResult<Vec<Vec<ProcessId>>> {
    let bound = match strategy {
        Strategy::CrossReplica | Strategy::CrossReplicaAndPartition => replicas,
        Strategy::CrossPartition => partitions,
        Strategy::FlattenedIds => replicas * partitions,
    };
    let all: Vec<Vec<i64>>;
    let groups = if groups.iter().all(|g| g.is_empty()) {
        all = vec![(0..bound as i64).collect()];
        &all
    } else {
        groups
    };
    let mut seen = vec![false; bound];
    for &id in groups.iter().flatten() {
        let i = usize::try_from(id)
            .ok()
            .filter(|&i| i < bound)
            .ok_or_else(|| format!("group id {id} is out of range [0, {bound})"))?;
        if seen[i] {
            return Err(format!("group id {id} appears twice").into());
        }
        seen[i] = true;
    }
    let ids = |g: &Vec<i64>| g.iter().map(|&v| v as usize).collect::<Vec<_>>();
    let mut out = Vec::new();
    for g in groups {
        let g = ids(g);
        match strategy {
            Strategy::CrossReplica => {
                for p in 0..partitions {
                    out.push(g.iter().map(|&r| (r, p)).collect());
                }
            }
            Strategy::CrossPartition => {
                for r in 0..replicas {
                    out.push(g.iter().map(|&p| (r, p)).collect());
                }
            }
            Strategy::CrossReplicaAndPartition => {
                let mut pg = Vec::new();
                for p in 0..partitions {
                    pg.extend(g.iter().map(|&r| (r, p)));
                }
                out.push(pg);
            }
            Strategy::FlattenedIds => {
                let parts = partitions.max(1);
                out.push(g.iter().map(|&f| (f / parts, f % parts)).collect());
            }
        }
    }
    Ok(out)
}

/// The group of this process, and its index in it; `None` when in no group.
fn my_group(
    interp: &mut Interp<'_>,
    strategy: Strategy,
    groups: &[Vec<i64>],
) -> KResult<Option<(Vec<ProcessId>, usize)>> {
    let grid = interp.process.grid();
    let me = interp.process.id();
    let all = process_groups(strategy, groups, grid.replicas, grid.partitions)?;
    Ok(all
        .into_iter()
        .find_map(|g| g.iter().position(|&p| p == me).map(|i| (g, i))))
}

/// The group of this process, required to exist.
fn required_group(
    interp: &mut Interp<'_>,
    strategy: Strategy,
    groups: &[Vec<i64>],
) -> KResult<(Vec<ProcessId>, usize)> {
    my_group(interp, strategy, groups)?.ok_or_else(|| {
        KernelError::from(format!(
            "process {:?} is in none of the process groups",
            interp.process.id()
        ))
    })
}

// ---------------------------------------------------------------------------
// Tensor helpers
// ---------------------------------------------------------------------------

/// Operand `i` of every member's contribution.
fn column(all: &[Vec<Value>], i: usize) -> KResult<Vec<&Tensor>> {
    all.iter()
        .map(|c| {
            c.get(i)
                .ok_or_else(|| KernelError::from("a process gave fewer operands"))?
                .as_tensor()
                .map_err(KernelError::from)
        })
        .collect()
}

/// Concatenates tensors along `dim`.
fn concat(parts: &[&Tensor], dim: usize) -> KResult<Tensor> {
    let first = parts.first().ok_or("nothing to concatenate")?;
    if dim >= first.rank() {
        return Err(format!("dimension {dim} is out of range for rank {}", first.rank()).into());
    }
    for p in parts {
        if p.rank() != first.rank()
            || p.elem != first.elem
            || p.shape
                .iter()
                .zip(&first.shape)
                .enumerate()
                .any(|(d, (a, b))| d != dim && a != b)
        {
            return Err("the processes' operands differ in type".into());
        }
    }
    let l = first.lanes();
    let outer = num_elements(&first.shape[..dim]);
    let inner = num_elements(&first.shape[dim + 1..]) * l;
    let mut shape = first.shape.clone();
    shape[dim] = parts.iter().map(|p| p.shape[dim]).sum();
    let mut data = Vec::with_capacity(num_elements(&shape) * l);
    for o in 0..outer {
        for p in parts {
            let chunk = p.shape[dim] * inner;
            p.data.extend_vec(o * chunk..(o + 1) * chunk, &mut data);
        }
    }
    Ok(Tensor::new(first.elem.clone(), shape, &data))
}

/// Splits a tensor into `count` equal parts along `dim`.
fn split(t: &Tensor, dim: usize, count: usize) -> KResult<Vec<Tensor>> {
    if dim >= t.rank() {
        return Err(format!("dimension {dim} is out of range for rank {}", t.rank()).into());
    }
    if count == 0 || !t.shape[dim].is_multiple_of(count) {
        return Err(format!(
            "dimension {dim} of size {} does not split into {count} parts",
            t.shape[dim]
        )
        .into());
    }
    let l = t.lanes();
    let outer = num_elements(&t.shape[..dim]);
    let inner = num_elements(&t.shape[dim + 1..]) * l;
    let part = t.shape[dim] / count;
    let mut shape = t.shape.clone();
    shape[dim] = part;
    let mut out = Vec::with_capacity(count);
    for k in 0..count {
        let mut data = Vec::with_capacity(outer * part * inner);
        for o in 0..outer {
            let base = o * t.shape[dim] * inner + k * part * inner;
            t.data.extend_vec(base..base + part * inner, &mut data);
        }
        out.push(Tensor::new(t.elem.clone(), shape.clone(), &data));
    }
    Ok(out)
}

/// A tensor of zeros (the zero point for quantized types) of result `i`'s type.
fn zeros(interp: &Interp<'_>, op: &Op, i: usize) -> KResult<Tensor> {
    let (shape, elem) = result_type(interp, op, i)?;
    let zero = match &elem {
        ElementType::Quant(q) => super::tensor::int_kind(&elem).map_or(0, |k| {
            k.wrap(q.zero_points.first().copied().unwrap_or(0) as i128)
        }),
        _ => 0,
    };
    Ok(Tensor::filled(
        elem.clone(),
        shape,
        &vec![zero; lanes(&elem)],
    ))
}

/// Folds the tensors (all of one shape) element by element with a region,
/// left to right, after converting them to the region's argument type
/// (spec: `to_destination_type`).
fn reduce_all<'p>(
    interp: &mut Interp<'p>,
    region: &'p crate::ir::Region,
    values: &[&Tensor],
) -> KResult<Tensor> {
    let f = ScalarFn::new(interp, region)?;
    if f.arity() != 2 {
        return Err("the computation must take two arguments".into());
    }
    let e = f
        .arg_type(0)
        .cloned()
        .ok_or("the computation has no arguments")?;
    let first = values.first().ok_or("nothing to reduce")?;
    let conv: Vec<Tensor> = values
        .iter()
        .map(|t| {
            if t.shape != first.shape {
                Err(KernelError::from("the processes' operands differ in shape"))
            } else {
                Ok(to_destination_type(t, &e)?)
            }
        })
        .collect::<KResult<_>>()?;
    let mut acc = conv[0].clone();
    let l = acc.lanes();
    if let (Some(g), 1) = (f.fast_binary(), l) {
        for t in &conv[1..] {
            acc.data.update(|off, lanes| {
                for (k, a) in lanes.iter_mut().enumerate() {
                    *a = g(*a, t.data.get(off + k));
                }
            });
        }
        return Ok(acc);
    }
    for t in &conv[1..] {
        for i in 0..acc.len() {
            let r = f.call(interp, &[&acc.elem_lanes(i), &t.elem_lanes(i)])?;
            let r = r
                .into_iter()
                .next()
                .ok_or("the computation returned nothing")?;
            if r.len() != l {
                return Err("the computation returned a value of another type".into());
            }
            acc.data.write(i * l, &r);
        }
    }
    Ok(acc)
}

fn i64_attr(op: &Op, name: &str) -> KResult<i64> {
    op.attr(name)
        .and_then(Attr::as_i64)
        .ok_or_else(|| format!("missing `{name}`").into())
}

fn dim_attr(op: &Op, name: &str) -> KResult<usize> {
    usize::try_from(i64_attr(op, name)?).map_err(|_| format!("`{name}` is negative").into())
}

// ---------------------------------------------------------------------------
// Kernels
// ---------------------------------------------------------------------------

fn id_tensor(interp: &Interp<'_>, op: &Op, v: usize) -> KResult<Vec<Value>> {
    let elem =
        super::result_elem(interp, op, 0).unwrap_or(ElementType::Int(Signedness::Unsigned, 32));
    Ok(vec![Value::tensor(Tensor::from_i64(
        elem,
        vec![],
        &[v as i64],
    ))])
}

/// `replica_id` (spec: replica_id).
fn replica_id(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    id_tensor(interp, op, interp.process.replica)
}

/// `partition_id` (spec: partition_id).
fn partition_id(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    id_tensor(interp, op, interp.process.partition)
}

/// `all_reduce` (spec: all_reduce): every member gets the left fold of the
/// members' operands in group order.
fn all_reduce<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let strategy = reducing_strategy(op)?;
    let groups = groups_attr(interp, op, "replica_groups")?;
    let (group, _) = required_group(interp, strategy, &groups)?;
    let region = op.regions.first().ok_or("all_reduce needs a computation")?;
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let vals = column(&all, i)?;
        out.push(Value::tensor(reduce_all(interp, region, &vals)?));
    }
    Ok(out)
}

/// `collective_reduce` (the reference interpreter's): like all_reduce, but
/// only the first member of each group gets the reduction; the others get zeros.
fn collective_reduce<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let strategy = reducing_strategy(op)?;
    let groups = groups_attr(interp, op, "replica_groups")?;
    let (group, index) = required_group(interp, strategy, &groups)?;
    let region = op
        .regions
        .first()
        .ok_or("collective_reduce needs a computation")?;
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        if index != 0 {
            out.push(Value::tensor(zeros(interp, op, i)?));
            continue;
        }
        let vals = column(&all, i)?;
        out.push(Value::tensor(reduce_all(interp, region, &vals)?));
    }
    Ok(out)
}

/// `all_gather` (spec: all_gather).
fn all_gather<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let strategy = reducing_strategy(op)?;
    let dim = dim_attr(op, "all_gather_dim")?;
    let groups = groups_attr(interp, op, "replica_groups")?;
    let (group, _) = required_group(interp, strategy, &groups)?;
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let parts = column(&all, i)?;
        out.push(Value::tensor(concat(&parts, dim)?));
    }
    Ok(out)
}

/// `all_to_all` (spec: all_to_all).
fn all_to_all<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let strategy = simple_strategy(op);
    let split_dim = dim_attr(op, "split_dimension")?;
    let concat_dim = dim_attr(op, "concat_dimension")?;
    let count = dim_attr(op, "split_count")?;
    let groups = groups_attr(interp, op, "replica_groups")?;
    let (group, index) = required_group(interp, strategy, &groups)?;
    if group.len() != count {
        return Err(format!(
            "split_count {count} differs from the group size {}",
            group.len()
        )
        .into());
    }
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let mut mine = Vec::with_capacity(count);
        for c in &all {
            let t = c
                .get(i)
                .ok_or("a process gave fewer operands")?
                .as_tensor()?;
            let mut parts = split(t, split_dim, count)?;
            mine.push(parts.swap_remove(index));
        }
        let refs: Vec<&Tensor> = mine.iter().collect();
        out.push(Value::tensor(concat(&refs, concat_dim)?));
    }
    Ok(out)
}

/// `reduce_scatter` (spec: reduce_scatter).
fn reduce_scatter<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let strategy = reducing_strategy(op)?;
    let dim = dim_attr(op, "scatter_dimension")?;
    let groups = groups_attr(interp, op, "replica_groups")?;
    let (group, index) = required_group(interp, strategy, &groups)?;
    let region = op
        .regions
        .first()
        .ok_or("reduce_scatter needs a computation")?;
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let vals = column(&all, i)?;
        let reduced = reduce_all(interp, region, &vals)?;
        let mut parts = split(&reduced, dim, group.len())?;
        out.push(Value::tensor(parts.swap_remove(index)));
    }
    Ok(out)
}

/// The processes of this process's scope (same partition for
/// cross_replica, same replica for cross_partition) with the given ids.
fn scope_processes(interp: &Interp<'_>, strategy: Strategy, ids: &[usize]) -> Vec<ProcessId> {
    let me = interp.process.id();
    ids.iter()
        .map(|&i| match strategy {
            Strategy::CrossPartition => (me.0, i),
            _ => (i, me.1),
        })
        .collect()
}

/// `collective_permute` (spec: collective_permute): the processes named by
/// the pairs meet; each target gets its source's operand, others zeros.
fn collective_permute<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let strategy = simple_strategy(op);
    let pairs = groups_attr(interp, op, "source_target_pairs")?;
    let grid = interp.process.grid();
    let bound = match strategy {
        Strategy::CrossPartition => grid.partitions,
        _ => grid.replicas,
    };
    let mut pair_ids = Vec::with_capacity(pairs.len());
    for p in &pairs {
        let [s, t] = p.as_slice() else {
            return Err("source_target_pairs must have 2 columns".into());
        };
        let ok = |v: i64| usize::try_from(v).ok().filter(|&v| v < bound);
        match (ok(*s), ok(*t)) {
            (Some(s), Some(t)) => pair_ids.push((s, t)),
            _ => return Err(format!("pair [{s}, {t}] is out of range [0, {bound})").into()),
        }
    }
    let me = interp.process.id();
    let my_id = if strategy == Strategy::CrossPartition {
        me.1
    } else {
        me.0
    };
    let mut ids: Vec<usize> = pair_ids.iter().flat_map(|&(s, t)| [s, t]).collect();
    ids.sort_unstable();
    ids.dedup();
    if !ids.contains(&my_id) {
        return Ok(vec![Value::tensor(zeros(interp, op, 0)?)]);
    }
    let group = scope_processes(interp, strategy, &ids);
    let all = meet(interp, &op.name, &group, args)?;
    match pair_ids.iter().find(|&&(_, t)| t == my_id) {
        Some(&(s, _)) => {
            let k = ids.iter().position(|&i| i == s).ok_or("no source")?;
            let v = all[k]
                .first()
                .cloned()
                .ok_or("the source gave no operand")?;
            Ok(vec![v])
        }
        None => Ok(vec![Value::tensor(zeros(interp, op, 0)?)]),
    }
}

/// `collective_broadcast` (spec: collective_broadcast): every member of a
/// group gets the operand of the group's first member; others get zeros.
fn collective_broadcast<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: Vec<Value>,
) -> KResult<Vec<Value>> {
    let strategy = simple_strategy(op);
    let groups = groups_attr(interp, op, "replica_groups")?;
    let grid = interp.process.grid();
    let bound = match strategy {
        Strategy::CrossPartition => grid.partitions,
        _ => grid.replicas,
    };
    // Groups need not cover every id here: build them by hand.
    for &id in groups.iter().flatten() {
        if usize::try_from(id).ok().filter(|&i| i < bound).is_none() {
            return Err(format!("group id {id} is out of range [0, {bound})").into());
        }
    }
    let me = interp.process.id();
    let my_id = if strategy == Strategy::CrossPartition {
        me.1
    } else {
        me.0
    };
    let Some(g) = groups.iter().find(|g| g.contains(&(my_id as i64))) else {
        return (0..op.results.len())
            .map(|i| Ok(Value::tensor(zeros(interp, op, i)?)))
            .collect();
    };
    let ids: Vec<usize> = g.iter().map(|&v| v as usize).collect();
    let group = scope_processes(interp, strategy, &ids);
    let mut args = args;
    // `has_dynamic_root` (the reference interpreter's extension): a last
    // operand holds, per data operand, the index in the group of its source.
    let roots: Vec<i128> = if op.attr("has_dynamic_root").is_some() {
        let r = args.pop().ok_or("missing the root operand")?;
        r.as_tensor()?
            .ints()
            .ok_or("the root operand must hold integers")?
    } else {
        Vec::new()
    };
    let n = args.len();
    let all = meet(interp, &op.name, &group, args)?;
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        let root = roots.get(k).or(roots.first()).copied().unwrap_or(0);
        let src = usize::try_from(root)
            .ok()
            .filter(|&r| r < all.len())
            .ok_or_else(|| format!("root {root} is outside the group"))?;
        out.push(
            all[src]
                .get(k)
                .cloned()
                .ok_or("the root gave too few operands")?,
        );
    }
    Ok(out)
}

/// `send` (spec: send): appends the inputs to the channel's queue.
fn send(interp: &mut Interp<'_>, op: &Op, mut args: Vec<Value>) -> KResult<Vec<Value>> {
    if !matches!(args.last(), Some(Value::Token)) {
        return Err("send takes its token last".into());
    }
    args.pop();
    let c = channel_id(op);
    let grid = interp.process.grid();
    let mut st = grid.lock()?;
    st.channels.entry(c).or_default().push_back(args);
    grid.cv.notify_all();
    Ok(vec![Value::Token])
}

/// `recv` (spec: recv): waits for the channel's oldest message.
fn recv(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    let c = channel_id(op);
    let grid = interp.process.grid();
    let me = grid.flat(interp.process.id());
    let st = grid.lock()?;
    let mut st = grid.wait(st, me, Wait::Recv(c))?;
    let mut vals = st
        .channels
        .get_mut(&c)
        .and_then(VecDeque::pop_front)
        .ok_or("the channel is empty")?;
    drop(st);
    if vals.len() + 1 != op.results.len() {
        return Err(format!(
            "received {} values but the op has {} results before its token",
            vals.len(),
            op.results.len().saturating_sub(1)
        )
        .into());
    }
    vals.push(Value::Token);
    Ok(vals)
}

/// `infeed` (spec: infeed): the next entry of the infeed queue.
fn infeed(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    let grid = interp.process.grid();
    let mut vals = grid
        .lock()?
        .infeed
        .pop_front()
        .ok_or("the infeed is empty (give run_parallel an `infeed` list)")?;
    if vals.len() + 1 != op.results.len() {
        return Err(format!(
            "the infeed holds {} values but the op has {} results before its token",
            vals.len(),
            op.results.len().saturating_sub(1)
        )
        .into());
    }
    vals.push(Value::Token);
    Ok(vals)
}

/// `outfeed` (spec: outfeed): appends the inputs to the grid's outfeed.
fn outfeed(interp: &mut Interp<'_>, _: &Op, mut args: Vec<Value>) -> KResult<Vec<Value>> {
    if !matches!(args.last(), Some(Value::Token)) {
        return Err("outfeed takes its token last".into());
    }
    args.pop();
    let grid = interp.process.grid();
    grid.lock()?.outfeed.push(args);
    Ok(vec![Value::Token])
}

fn symbol(a: &Attr) -> Option<&str> {
    match a {
        Attr::SymbolRef(path) => path.last().map(String::as_str),
        Attr::Str(s) => std::str::from_utf8(s).ok(),
        _ => None,
    }
}

fn symbol_list(a: &Attr) -> Option<Vec<&str>> {
    match a {
        Attr::Array(items) => items.iter().map(symbol).collect(),
        _ => None,
    }
}

/// `interpreter.run_parallel`: runs a grid of processes (see the module doc).
fn run_parallel<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    if interp
        .process
        .grid
        .as_ref()
        .is_some_and(|g| g.replicas * g.partitions > 1)
    {
        return Err("run_parallel cannot run inside a process of another run_parallel".into());
    }
    let programs: Vec<Vec<&str>> = match op.attr("programs") {
        Some(Attr::Array(rows)) => rows
            .iter()
            .map(symbol_list)
            .collect::<Option<_>>()
            .ok_or("`programs` must be a list of lists of functions")?,
        _ => return Err("missing `programs`".into()),
    };
    let replicas = programs.len();
    let partitions = programs.first().map_or(0, Vec::len);
    if replicas == 0 || partitions == 0 || programs.iter().any(|r| r.len() != partitions) {
        return Err("`programs` must be a non-empty rectangle of functions".into());
    }
    let grid = Arc::new(Grid::new(replicas, partitions));
    if let Some(a) = op.attr("infeed") {
        let names = symbol_list(a).ok_or("`infeed` must be a list of functions")?;
        let mut queue = VecDeque::new();
        for name in names {
            queue.push_back(interp.call_located(name, Vec::new())?);
        }
        grid.lock()?.infeed = queue;
    }
    // Hand each process its arguments.
    let mut rest = args.into_iter();
    let mut jobs = Vec::with_capacity(replicas * partitions);
    for (r, row) in programs.iter().enumerate() {
        for (p, &name) in row.iter().enumerate() {
            let func = interp
                .function(name)
                .ok_or_else(|| format!("no function named @{name}"))?;
            let arity = func
                .regions
                .first()
                .and_then(|rg| rg.blocks.first())
                .map_or(0, |b| b.args.len());
            let a: Vec<Value> = rest.by_ref().take(arity).collect();
            if a.len() != arity {
                return Err(format!("too few operands for @{name} of process ({r}, {p})").into());
            }
            jobs.push((r, p, name, a));
        }
    }
    if rest.next().is_some() {
        return Err("more operands than the processes' functions take".into());
    }
    let prog = interp.prog;
    let limits = interp.limits;
    type Outcome = (KResult<Vec<Value>>, Vec<CheckOutcome>);
    let outcomes: Vec<Outcome> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .into_iter()
            .map(|(r, p, name, a)| {
                let grid = grid.clone();
                std::thread::Builder::new()
                    .stack_size(64 << 20)
                    .spawn_scoped(s, move || {
                        let mut sub = Interp::new(prog, limits);
                        sub.process = Process {
                            replica: r,
                            partition: p,
                            grid: Some(grid.clone()),
                            meetings: HashMap::new(),
                        };
                        let res = sub.call_located(name, a);
                        let msg = res.as_ref().err().map(|e| match e {
                            KernelError::Message(m) => m.clone(),
                            KernelError::Located(e) => e.to_string(),
                        });
                        grid.finish(r * partitions + p, msg.as_deref());
                        (res, sub.checks)
                    })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| match h {
                Ok(h) => h
                    .join()
                    .unwrap_or_else(|_| (Err("a process panicked".into()), Vec::new())),
                Err(e) => (
                    Err(format!("cannot start a process: {e}").into()),
                    Vec::new(),
                ),
            })
            .collect()
    });
    // Report the error of the process that failed first, if any.
    let first_failure = grid.lock()?.failure.clone();
    let mut results = Vec::new();
    let mut errors = Vec::new();
    for (i, (res, checks)) in outcomes.into_iter().enumerate() {
        interp.checks.extend(checks);
        match res {
            Ok(v) => results.extend(v),
            Err(e) => errors.push((i, e)),
        }
    }
    if !errors.is_empty() {
        let origin = first_failure.as_deref().and_then(|f| {
            errors
                .iter()
                .position(|(i, _)| f.starts_with(&format!("process {} failed", grid.name(*i))))
        });
        let (i, e) = errors.swap_remove(origin.unwrap_or(0));
        return Err(match e {
            KernelError::Located(e) => KernelError::Located(e),
            KernelError::Message(m) => format!("process {}: {m}", grid.name(i)).into(),
        });
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_groups_follow_the_spec_examples() {
        let g = vec![vec![0, 1], vec![2, 3]];
        let cr = process_groups(Strategy::CrossReplica, &g, 4, 2).unwrap();
        assert_eq!(
            cr,
            vec![
                vec![(0, 0), (1, 0)],
                vec![(0, 1), (1, 1)],
                vec![(2, 0), (3, 0)],
                vec![(2, 1), (3, 1)]
            ]
        );
        let crp = process_groups(Strategy::CrossReplicaAndPartition, &g, 4, 2).unwrap();
        assert_eq!(
            crp,
            vec![
                vec![(0, 0), (1, 0), (0, 1), (1, 1)],
                vec![(2, 0), (3, 0), (2, 1), (3, 1)]
            ]
        );
        let cp = process_groups(Strategy::CrossPartition, &[vec![0, 1]], 2, 2).unwrap();
        assert_eq!(cp, vec![vec![(0, 0), (0, 1)], vec![(1, 0), (1, 1)]]);
        let f = process_groups(
            Strategy::FlattenedIds,
            &[vec![0, 1, 2, 3], vec![4, 5, 6, 7]],
            4,
            2,
        )
        .unwrap();
        assert_eq!(
            f,
            vec![
                vec![(0, 0), (0, 1), (1, 0), (1, 1)],
                vec![(2, 0), (2, 1), (3, 0), (3, 1)]
            ]
        );
    }

    #[test]
    fn bad_groups_are_errors() {
        assert!(process_groups(Strategy::CrossReplica, &[vec![0, 0]], 2, 1).is_err());
        assert!(process_groups(Strategy::CrossReplica, &[vec![0, 5]], 2, 1).is_err());
    }

    #[test]
    fn split_and_concat_are_inverse() {
        let t = Tensor::from_i64(
            ElementType::Int(Signedness::Signless, 64),
            vec![2, 4],
            &[1, 2, 3, 4, 5, 6, 7, 8],
        );
        let parts = split(&t, 1, 2).unwrap();
        assert_eq!(parts[0].lanes_vec(), vec![1, 2, 5, 6]);
        assert_eq!(parts[1].lanes_vec(), vec![3, 4, 7, 8]);
        let refs: Vec<&Tensor> = parts.iter().collect();
        assert_eq!(concat(&refs, 1).unwrap(), t);
        let rows = concat(&refs, 0).unwrap();
        assert_eq!(rows.shape, vec![4, 2]);
        assert_eq!(rows.lanes_vec(), vec![1, 2, 5, 6, 3, 4, 7, 8]);
    }

    /// Runs `@main` of a program text; returns its results.
    fn run_main(text: &str) -> Result<Vec<Value>, String> {
        let prog = crate::ir::parse::parse_program("t.mlir", text).map_err(|d| d.to_string())?;
        let mut interp = Interp::new(&prog, super::super::Limits::default());
        interp.call("main", Vec::new())
    }

    #[test]
    fn quantized_all_reduce_requantizes_into_the_computation_type() {
        // Storage i8 promoted to i16 (same scale): 50.0 + 50.0 = 100.0 is
        // 200 in storage, beyond i8 but within i16.
        let text = r#"
!q8 = !quant.uniform<i8:f32, 0.5>
!q16 = !quant.uniform<i16:f32, 0.5>
func.func @f(%x : tensor<2xf32>) -> tensor<2x!q16> {
  %q = stablehlo.uniform_quantize %x : (tensor<2xf32>) -> tensor<2x!q8>
  %r = "stablehlo.all_reduce"(%q) ({
    ^bb0(%a: tensor<!q16>, %b: tensor<!q16>):
      %s = stablehlo.add %a, %b : tensor<!q16>
      stablehlo.return %s : tensor<!q16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x!q8>) -> tensor<2x!q16>
  return %r : tensor<2x!q16>
}
func.func @main() -> (tensor<2xf32>, tensor<2xf32>) {
  %a = stablehlo.constant dense<[50.0, -3.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[50.0, 1.5]> : tensor<2xf32>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f], [@f]]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2x!q16>, tensor<2x!q16>)
  %d0 = stablehlo.uniform_dequantize %r#0 : (tensor<2x!q16>) -> tensor<2xf32>
  %d1 = stablehlo.uniform_dequantize %r#1 : (tensor<2x!q16>) -> tensor<2xf32>
  return %d0, %d1 : tensor<2xf32>, tensor<2xf32>
}
"#;
        let r = run_main(text).unwrap();
        for v in &r {
            let t = v.as_tensor().unwrap();
            let got: Vec<f32> = t.data.iter().map(|x| f32::from_bits(x as u32)).collect();
            assert_eq!(got, [100.0, -1.5]);
        }
    }

    const ALL_REDUCE_AND_SEND: &str = r#"
func.func @f(%x : tensor<2xi64>, %t : !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  %t2 = "stablehlo.send"(%r, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  return %r, %t2 : tensor<2xi64>, !stablehlo.token
}
func.func @g(%x : tensor<2xi64>, %t : !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi64>) -> tensor<2xi64>
  %v, %t2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  %m = stablehlo.multiply %r, %v : tensor<2xi64>
  return %m, %t2 : tensor<2xi64>, !stablehlo.token
}
func.func @main() -> (tensor<2xi64>, tensor<2xi64>) {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = stablehlo.constant dense<[10, 20]> : tensor<2xi64>
  %t = stablehlo.after_all : !stablehlo.token
  %r:4 = "interpreter.run_parallel"(%a, %t, %b, %t) {programs = [[@f], [@g]]} : (tensor<2xi64>, !stablehlo.token, tensor<2xi64>, !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token, tensor<2xi64>, !stablehlo.token)
  return %r#0, %r#2 : tensor<2xi64>, tensor<2xi64>
}
"#;

    #[test]
    fn run_parallel_meets_at_all_reduce_and_passes_messages() {
        let r = run_main(ALL_REDUCE_AND_SEND).unwrap();
        let ints = |v: &Value| v.as_tensor().unwrap().ints().unwrap();
        assert_eq!(ints(&r[0]), vec![11, 22]);
        assert_eq!(ints(&r[1]), vec![121, 484]);
    }

    #[test]
    fn a_recv_without_send_is_reported_not_hung() {
        let text = ALL_REDUCE_AND_SEND.replace("handle = 1, type = 2", "handle = 9, type = 2");
        let e = run_main(&text).unwrap_err();
        assert!(e.contains("deadlock"), "{e}");
    }

    #[test]
    fn a_lone_waiter_is_a_deadlock_not_a_hang() {
        let grid = Grid::new(2, 1);
        grid.finish(1, None);
        let st = grid.lock().unwrap();
        let r = grid.wait(st, 0, Wait::Recv(7));
        assert!(r.is_err_and(|e| e.contains("deadlock")));
    }
}
