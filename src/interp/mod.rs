//! The executor: runs StableHLO and CHLO programs on soft-float tensors.
//!
//! [`Interp`] walks the ops of a function in order, keeping the value of
//! every SSA value in one environment indexed by [`ValueId`] (values are
//! numbered program-wide, so a callee's values never collide with its
//! caller's; recursive calls are refused). Each op is run by its *kernel*,
//! found by the op's name in [`registry`]; kernels live in one file per op
//! family and each names the spec section it implements.
//!
//! Limits ([`Limits`]) bound the elements of any one tensor, the bytes held by
//! a result, the bytes the whole run holds, the iterations of loops and the
//! calls, and the elements all ops handle together: an exceeded limit is an
//! error that names the op and the option that raises it, never an abort.

pub mod check;
pub mod chlo;
pub mod collective;
pub mod control;
pub mod elementwise;
pub mod fuse;
pub mod gemm;
pub mod lanes;
pub mod linalg;
pub mod literal;
mod memo;
pub mod memory;
pub mod movement;
pub mod par;
pub mod quant;
pub mod reduce;
pub mod region;
pub mod rng;
pub mod scalar;
pub mod tensor;
pub mod transcendental;
pub mod words;

use crate::ir::{Block, Op, Pos, Program, Region, Type, ValueId};
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;
use std::sync::{Arc, OnceLock};
pub use tensor::Tensor;

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Tensor(Arc<Tensor>),
    Tuple(Vec<Value>),
    Token,
}

impl Value {
    pub fn tensor(t: Tensor) -> Value {
        Value::Tensor(Arc::new(t))
    }
    pub fn as_tensor(&self) -> Result<&Tensor, String> {
        match self {
            Value::Tensor(t) => Ok(t),
            Value::Tuple(_) => Err("expected a tensor, got a tuple".into()),
            Value::Token => Err("expected a tensor, got a token".into()),
        }
    }
    /// The tensor, without copying when this is its only reference.
    pub fn into_tensor(self) -> Result<Tensor, String> {
        match self {
            Value::Tensor(t) => Ok(Arc::try_unwrap(t).unwrap_or_else(|t| (*t).clone())),
            Value::Tuple(_) => Err("expected a tensor, got a tuple".into()),
            Value::Token => Err("expected a tensor, got a token".into()),
        }
    }
}

/// Resource limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Elements of any one tensor.
    pub max_elements: u64,
    /// Iterations of all loops together.
    pub max_steps: u64,
    /// Bytes of any one tensor's storage.
    pub max_bytes: u64,
    /// Elements that all ops read and write together (the work of a run).
    pub max_work: u64,
    /// Bytes the process holds at any time (`memory.rs`).
    pub max_memory: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_elements: 1 << 28,
            max_steps: 10_000_000,
            max_bytes: 4 << 30,
            max_work: 1 << 32,
            max_memory: memory::default_limit(),
        }
    }
}

/// An error of a run, located at the op that raised it.
#[derive(Clone, Debug, PartialEq)]
pub struct RunError {
    pub pos: Pos,
    pub op: String,
    pub message: String,
}

impl RunError {
    /// The error of a message about `op`, at its place.
    pub(crate) fn at(op: &Op) -> impl Fn(String) -> RunError + Copy + '_ {
        move |message| RunError {
            pos: op.pos,
            op: op.name.clone(),
            message,
        }
    }
}

impl fmt::Display for RunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: {}: {}",
            self.pos.line, self.pos.col, self.op, self.message
        )
    }
}

/// A kernel's error: a message about the kernel's own op, or an error already
/// located inside a region the kernel ran.
#[derive(Clone, Debug)]
pub enum KernelError {
    Message(String),
    Located(RunError),
}

impl From<String> for KernelError {
    fn from(s: String) -> KernelError {
        KernelError::Message(s)
    }
}

impl From<&str> for KernelError {
    fn from(s: &str) -> KernelError {
        KernelError::Message(s.to_string())
    }
}

impl From<RunError> for KernelError {
    fn from(e: RunError) -> KernelError {
        KernelError::Located(e)
    }
}

pub type KResult<T> = Result<T, KernelError>;

/// A kernel: runs one op on its operand values, returns its result values.
pub type Kernel = for<'p> fn(&mut Interp<'p>, &'p Op, Vec<Value>) -> KResult<Vec<Value>>;

/// The kernel tables of the op families.
fn families() -> &'static [&'static [(&'static str, Kernel)]] {
    &[
        control::KERNELS,
        check::KERNELS,
        elementwise::KERNELS,
        quant::KERNELS,
        transcendental::KERNELS,
        rng::KERNELS,
        collective::KERNELS,
        chlo::KERNELS,
        movement::KERNELS,
        reduce::KERNELS,
        linalg::KERNELS,
    ]
}

/// Every kernel, by op name: the families' tables together.
pub fn registry() -> &'static HashMap<&'static str, Kernel> {
    static REGISTRY: OnceLock<HashMap<&'static str, Kernel>> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut map = HashMap::new();
        for family in families() {
            for &(name, k) in family.iter() {
                map.insert(name, k);
            }
        }
        map
    })
}

/// What a check op found.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckOutcome {
    pub pos: Pos,
    pub check: String,
    pub passed: bool,
    pub detail: String,
}

/// The interpreter state of one process.
pub struct Interp<'p> {
    pub prog: &'p Program,
    funcs: HashMap<&'p str, &'p Op>,
    pub limits: Limits,
    steps: u64,
    /// Elements read and written, and element operations of kernels, so far
    /// (a `Cell`: kernels holding `&Interp` charge their work before doing it).
    work: std::cell::Cell<u64>,
    env: Vec<Option<Value>>,
    call_stack: Vec<&'p str>,
    /// Results of the check ops run so far.
    pub checks: Vec<CheckOutcome>,
    /// Values recorded by `interpreter.probe`, by probe id, in order.
    pub probes: HashMap<String, Vec<Value>>,
    prepared: HashMap<usize, Prepared, BuildAddressHasher>,
    block_deaths: HashMap<usize, Rc<BlockPlan>, BuildAddressHasher>,
    /// Whether loops and region bodies of scalars, and runs of scalar ops
    /// between other ops, run as compiled scalar code (`scalar.rs`; on by
    /// default). Off, every op runs through its
    /// kernel: the reference that compiled code is tested against.
    pub scalar_code: bool,
    /// Whether `dot_general`, `dot` and `convolution` run on the blocked,
    /// vectorised engine (`gemm.rs`; on by default). Off, they run their
    /// plain loops: the reference the engine is tested against.
    pub fast_kernels: bool,
    /// Whether chains of elementwise ops run fused (`fuse.rs`; on by
    /// default): evaluated block by block, only each chain's last result
    /// stored. Off, every op runs through its kernel: the reference the
    /// fused evaluation is tested against.
    pub fusion: bool,
    /// Whether pure ops inside loops give their kept results again when
    /// they read the very same operand tensors as on their last run
    /// (`memo.rs`; on by default). Off, every run of an op runs its kernel:
    /// the reference the reuse is tested against.
    pub loop_memo: bool,
    /// Op runs that gave kept results (`memo.rs`).
    pub reused: u64,
    /// Runs of scalar ops run as scalar code (`scalar::Segment`).
    pub segments_run: u64,
    /// `while` loops being run, one inside another.
    loop_depth: usize,
    memo: memo::Memo,
    /// Scalar code compiled from `while` ops and regions applied to scalars,
    /// by the op's or the region's address (`None`: not scalar code).
    compiled_loops: HashMap<usize, Option<Rc<scalar::Code>>, BuildAddressHasher>,
    compiled_regions: HashMap<usize, Option<Rc<scalar::Code>>, BuildAddressHasher>,
    /// This process's place in the process grid (`collective.rs`).
    pub process: collective::Process,
    /// Words drawn so far by `rng` (its hidden counter, `rng.rs`).
    pub rng_draws: u64,
    /// When set and raised, the run ends with an error before its next op
    /// (`hlocheck run` evaluates while the verifier works, and stops the
    /// evaluation of a program the verifier rejects).
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// Whether an op ends a block and hands its operands to the enclosing op.
fn is_terminator(name: &str) -> bool {
    matches!(
        name,
        "stablehlo.return" | "func.return" | "chlo.return" | "mhlo.return"
    )
}

impl<'p> Interp<'p> {
    pub fn new(prog: &'p Program, limits: Limits) -> Interp<'p> {
        let mut funcs = HashMap::new();
        fn collect<'a>(ops: &'a [Op], funcs: &mut HashMap<&'a str, &'a Op>) {
            for op in ops {
                match op.name.as_str() {
                    "func.func" => {
                        if let Some(name) = op.attr("sym_name").and_then(|a| a.as_str()) {
                            if let Ok(name) = std::str::from_utf8(name) {
                                funcs.entry(name).or_insert(op);
                            }
                        }
                    }
                    "builtin.module" => {
                        for r in &op.regions {
                            for b in &r.blocks {
                                collect(&b.ops, funcs);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        collect(&prog.ops, &mut funcs);
        Interp {
            prog,
            funcs,
            limits,
            steps: 0,
            work: std::cell::Cell::new(0),
            env: vec![None; prog.value_types.len()],
            call_stack: Vec::new(),
            checks: Vec::new(),
            probes: HashMap::new(),
            prepared: HashMap::default(),
            block_deaths: HashMap::default(),
            scalar_code: true,
            fast_kernels: true,
            fusion: true,
            loop_memo: true,
            reused: 0,
            segments_run: 0,
            loop_depth: 0,
            memo: memo::Memo::default(),
            compiled_loops: HashMap::default(),
            compiled_regions: HashMap::default(),
            process: collective::Process::default(),
            rng_draws: 0,
            stop: None,
        }
    }

    /// Names of the functions of the program.
    pub fn function_names(&self) -> Vec<&'p str> {
        let mut v: Vec<&str> = self.funcs.keys().copied().collect();
        v.sort();
        v
    }

    /// The `func.func` op of a function.
    pub fn function(&self, name: &str) -> Option<&'p Op> {
        self.funcs.get(name).copied()
    }

    /// The entry function: `main`, else the only public function, else the only function.
    pub fn default_entry(&self) -> Option<&'p str> {
        if self.funcs.contains_key("main") {
            return Some("main");
        }
        let public: Vec<&str> = self
            .funcs
            .iter()
            .filter(|(_, op)| {
                op.attr("sym_visibility")
                    .and_then(|a| a.as_str())
                    .is_none_or(|v| v == b"public")
            })
            .map(|(n, _)| *n)
            .collect();
        match public.as_slice() {
            [one] => Some(one),
            _ if self.funcs.len() == 1 => self.funcs.keys().next().copied(),
            _ => None,
        }
    }

    /// The declared type of a value.
    pub fn ty(&self, v: ValueId) -> &'p Type {
        self.prog.ty(v)
    }

    /// Counts one loop iteration or call against the step limit.
    pub fn step(&mut self) -> Result<(), String> {
        self.steps += 1;
        if self.steps > self.limits.max_steps {
            return Err(format!(
                "the step limit ({} loop iterations and calls) is exceeded; raise it with --max-steps",
                self.limits.max_steps
            ));
        }
        Ok(())
    }

    /// The work counted so far (`add_work`).
    pub fn work(&self) -> u64 {
        self.work.get()
    }

    /// Counts `elements` read or written, or element operations a kernel is
    /// about to do, against the work limit.
    pub fn add_work(&self, elements: u64) -> Result<(), String> {
        let work = self.work.get().saturating_add(elements);
        self.work.set(work);
        if work > self.limits.max_work {
            return Err(format!(
                "the work limit ({} element operations, reads and writes of all ops) is exceeded; raise it with --max-work",
                self.limits.max_work
            ));
        }
        Ok(())
    }

    /// Charges a kernel, before it starts, with the element operations it
    /// will do (`work`, against `--max-work`) and the bytes of the
    /// temporaries it will allocate besides its results (`temporary`,
    /// against `--max-memory`), so that one huge op stops at once.
    pub fn charge(&self, work: u64, temporary: u64) -> Result<(), String> {
        self.add_work(work)?;
        let total = memory::live().saturating_add(temporary);
        if total > self.limits.max_memory {
            return Err(format!(
                "the op's temporaries of {temporary} bytes would make the run hold {total} bytes, more than the memory limit ({} bytes); raise it with --max-memory",
                self.limits.max_memory
            ));
        }
        Ok(())
    }

    /// Checks the bytes the process holds (and held at its peak since the
    /// last check) against the memory limit.
    pub fn check_memory(&self) -> Result<(), String> {
        let peak = memory::peak().max(memory::live());
        if peak > self.limits.max_memory {
            return Err(format!(
                "the run held {peak} bytes, more than the memory limit ({} bytes); raise it with --max-memory",
                self.limits.max_memory
            ));
        }
        Ok(())
    }

    /// Checks a shape a kernel is about to allocate against the limits,
    /// counting 8 bytes per lane (at least what the tensor will take).
    pub fn check_shape(&self, shape: &[usize], lanes: usize) -> Result<(), String> {
        self.check_stored(shape, 8 * lanes)
    }

    /// Checks a tensor of `shape` whose elements take `width` bytes each
    /// (`ElementType::storage_bytes`, as `tensor::Words` stores them)
    /// against the limits.
    pub fn check_stored(&self, shape: &[usize], width: usize) -> Result<(), String> {
        let bytes = self.check_bytes(shape, width)?;
        let total = memory::live().saturating_add(bytes);
        if total > self.limits.max_memory {
            return Err(format!(
                "a tensor of {bytes} bytes would make the run hold {total} bytes, more than the memory limit ({} bytes); raise it with --max-memory",
                self.limits.max_memory
            ));
        }
        Ok(())
    }

    /// Checks one tensor's shape against the element and size limits;
    /// returns its bytes.
    pub fn check_size(&self, shape: &[usize], lanes: usize) -> Result<u64, String> {
        self.check_bytes(shape, 8 * lanes)
    }

    fn check_bytes(&self, shape: &[usize], width: usize) -> Result<u64, String> {
        let mut n: u64 = 1;
        for &d in shape {
            n = n.saturating_mul(d as u64);
        }
        if n > self.limits.max_elements {
            return Err(format!(
                "a tensor of {n} elements exceeds the element limit ({}); raise it with --max-elements",
                self.limits.max_elements
            ));
        }
        let bytes = n.saturating_mul(width as u64);
        if bytes > self.limits.max_bytes {
            return Err(format!(
                "a tensor of {bytes} bytes exceeds the tensor size limit ({} bytes); raise it with --max-bytes",
                self.limits.max_bytes
            ));
        }
        Ok(bytes)
    }

    /// Calls a function by name; an error is rendered as `line:col: op: message`.
    pub fn call(&mut self, name: &str, args: Vec<Value>) -> Result<Vec<Value>, String> {
        self.call_located(name, args).map_err(|e| match e {
            KernelError::Message(m) => m,
            KernelError::Located(e) => e.to_string(),
        })
    }

    /// Calls a function, keeping the location of an error raised inside it.
    pub fn call_located(&mut self, name: &str, args: Vec<Value>) -> KResult<Vec<Value>> {
        let (fname, func) = self
            .funcs
            .get_key_value(name)
            .map(|(k, f)| (*k, *f))
            .ok_or_else(|| format!("no function named @{name}"))?;
        if self.call_stack.contains(&fname) {
            return Err(format!("recursive call of @{name} is not supported").into());
        }
        if self.call_stack.len() >= 200 {
            return Err(
                "calls nest more than 200 deep, the executor's fixed limit (no option raises it)"
                    .into(),
            );
        }
        // A call from the program counts as a step (the entry call does not).
        if !self.call_stack.is_empty() {
            self.step()?;
        }
        let region = func
            .regions
            .first()
            .filter(|r| !r.blocks.is_empty())
            .ok_or_else(|| format!("@{name} is a declaration without a body; it cannot be run"))?;
        self.call_stack.push(fname);
        let r = self.run_region(region, args);
        self.call_stack.pop();
        Ok(r?)
    }

    /// Runs the first block of a region with the given arguments; returns the
    /// operands of its terminator.
    pub fn run_region(
        &mut self,
        region: &'p Region,
        args: Vec<Value>,
    ) -> Result<Vec<Value>, RunError> {
        match region.blocks.first() {
            Some(b) => self.run_block(b, args),
            None => Err(RunError {
                pos: Pos::default(),
                op: "region".into(),
                message: "empty region".into(),
            }),
        }
    }

    /// Runs a block; returns the operands of its terminator.
    pub fn run_block(
        &mut self,
        block: &'p Block,
        args: Vec<Value>,
    ) -> Result<Vec<Value>, RunError> {
        if args.len() != block.args.len() {
            return Err(RunError {
                pos: block.ops.first().map(|o| o.pos).unwrap_or_default(),
                op: "block".into(),
                message: format!(
                    "the block takes {} arguments but {} were given",
                    block.args.len(),
                    args.len()
                ),
            });
        }
        for (i, (&id, v)) in block.args.iter().zip(args).enumerate() {
            if let Err(m) = check_value_type(&v, self.ty(id)) {
                return Err(RunError {
                    pos: block.ops.first().map(|o| o.pos).unwrap_or_default(),
                    op: "block".into(),
                    message: format!("argument {i} of the block: {m}"),
                });
            }
            self.env[id as usize] = Some(v);
        }
        let planned = self.deaths(block);
        let deaths = &planned.deaths;
        let n = block.ops.len();
        let mut i = 0;
        while let Some(op) = block.ops.get(i) {
            let dying = &deaths[i];
            // Only a block's last op can be its terminator.
            if i + 1 == n && is_terminator(&op.name) {
                let out = self
                    .operands(&op.operands, &dying.moved)
                    .map_err(|message| RunError {
                        pos: op.pos,
                        op: op.name.clone(),
                        message,
                    });
                self.forget(&dying.moved);
                self.forget(&dying.kept);
                return out;
            }
            if let Some(seg) = planned.segments.get(i).and_then(Option::as_ref) {
                if !self.stopped() && seg.run(self) {
                    for d in &deaths[seg.start..seg.end] {
                        self.forget(&d.moved);
                        self.forget(&d.kept);
                    }
                    i = seg.end;
                    continue;
                }
            }
            match planned.plan.as_ref().map(|p| (p, &p.roles[i])) {
                Some((_, fuse::Role::Member(m))) => self.account_member(op, m)?,
                Some((p, fuse::Role::Root(g))) => {
                    self.run_fused(op, &p.groups[*g], &dying.moved)?
                }
                Some((p, fuse::Role::Held(g))) => self.account_held(op, &p.groups[*g])?,
                Some((p, fuse::Role::Reduce(g))) => {
                    self.run_reduce_fused(op, &p.groups[*g], &dying.moved)?
                }
                _ => self.run_op_with(op, &dying.moved)?,
            }
            self.forget(&dying.moved);
            self.forget(&dying.kept);
            i += 1;
        }
        Err(RunError {
            pos: block.ops.last().map(|o| o.pos).unwrap_or_default(),
            op: block
                .ops
                .last()
                .map_or_else(|| "block".to_string(), |o| o.name.clone()),
            message: "the block ends without a return; there are no results to give".into(),
        })
    }

    /// Drops the values of `ids` from the environment.
    fn forget(&mut self, ids: &[ValueId]) {
        for &v in ids {
            if let Some(slot) = self.env.get_mut(v as usize) {
                *slot = None;
            }
        }
    }

    /// The values of an op's operands: moved out of the environment when
    /// this op is their last use (so a kernel may reuse their storage),
    /// cloned otherwise.
    fn operands(&mut self, ids: &[ValueId], dying: &[ValueId]) -> Result<Vec<Value>, String> {
        let mut out = Vec::with_capacity(ids.len());
        for (j, &v) in ids.iter().enumerate() {
            let last_use_here = dying.contains(&v) && !ids[j + 1..].contains(&v);
            let value = if last_use_here {
                self.env.get_mut(v as usize).and_then(Option::take)
            } else {
                self.env.get(v as usize).and_then(|x| x.clone())
            };
            out.push(value.ok_or_else(|| format!("value #{v} is used before it is defined"))?);
        }
        Ok(out)
    }

    /// For each op of a block, the values defined in the block (arguments
    /// and results) whose last use is that op — directly or inside its
    /// regions — or that are never used (they die where they are defined).
    /// Values from enclosing blocks are never dropped here: a loop body runs
    /// again. With fusion on, the block's fusion plan comes with them, and
    /// the uses by a fused op count at its group's root (which reads them).
    /// Computed once per block.
    fn deaths(&mut self, block: &'p Block) -> Rc<BlockPlan> {
        let key = block as *const Block as usize;
        if let Some(d) = self.block_deaths.get(&key) {
            if d.fused == self.fusion && d.scalar == self.scalar_code {
                return d.clone();
            }
        }
        let plan = if self.fusion {
            fuse::plan(self, block)
        } else {
            None
        };
        let place = |i: usize| plan.as_ref().map_or(i, |p| p.use_place(i));
        let mut last: HashMap<ValueId, usize> = HashMap::new();
        for &a in &block.args {
            last.insert(a, 0);
        }
        // The values each op's regions use, for the ops that have regions.
        let mut inside: Vec<Vec<ValueId>> = vec![Vec::new(); block.ops.len()];
        for (i, op) in block.ops.iter().enumerate() {
            fuse::uses_inside(&op.regions, &mut inside[i]);
            let at = place(i);
            for v in op.operands.iter().chain(&inside[i]) {
                if let Some(l) = last.get_mut(v) {
                    *l = (*l).max(at);
                }
            }
            for &r in &op.results {
                last.insert(r, i);
            }
        }
        let segments = if self.scalar_code {
            let plain = |i: usize| {
                plan.as_ref()
                    .is_none_or(|p| matches!(p.roles.get(i), Some(fuse::Role::Plain)))
            };
            scalar::Segment::find(self, block, plain, &last)
        } else {
            Vec::new()
        };
        let mut deaths = vec![Deaths::default(); block.ops.len().max(1)];
        let top = deaths.len() - 1;
        for (v, i) in last {
            let i = i.min(top);
            if inside.get(i).is_some_and(|vs| vs.contains(&v)) {
                deaths[i].kept.push(v);
            } else {
                deaths[i].moved.push(v);
            }
        }
        let d = Rc::new(BlockPlan {
            fused: self.fusion,
            scalar: self.scalar_code,
            deaths,
            plan,
            segments,
        });
        self.block_deaths.insert(key, d.clone());
        d
    }

    /// The scalar code of a `while` op, compiled on first use.
    pub fn compiled_loop(&mut self, op: &'p Op) -> Option<Rc<scalar::Code>> {
        if !self.scalar_code {
            return None;
        }
        let key = op as *const Op as usize;
        if let Some(c) = self.compiled_loops.get(&key) {
            return c.clone();
        }
        let c = scalar::Code::while_loop(self, op).map(Rc::new);
        self.compiled_loops.insert(key, c.clone());
        c
    }

    /// The scalar code of a region applied to scalars, compiled on first use.
    pub fn compiled_region(&mut self, region: &'p Region) -> Option<Rc<scalar::Code>> {
        if !self.scalar_code {
            return None;
        }
        let key = region as *const Region as usize;
        if let Some(c) = self.compiled_regions.get(&key) {
            return c.clone();
        }
        let c = scalar::Code::region(self, region).map(Rc::new);
        self.compiled_regions.insert(key, c.clone());
        c
    }

    /// The value of an SSA value.
    pub fn get(&self, v: ValueId) -> Result<Value, String> {
        self.env
            .get(v as usize)
            .and_then(|x| x.clone())
            .ok_or_else(|| format!("value #{v} is used before it is defined"))
    }

    /// The kernel of an op, found and checked against the limits once.
    fn prepare(&mut self, op: &'p Op) -> Result<Prepared, RunError> {
        let key = op as *const Op as usize;
        if let Some(p) = self.prepared.get(&key) {
            return Ok(p.clone());
        }
        let located = RunError::at(op);
        let kernel = *registry()
            .get(op.name.as_str())
            .ok_or_else(|| located("the executor has no kernel for this op".into()))?;
        // Refuse results the limits forbid before any kernel allocates them.
        for &r in &op.results {
            if let Some(shape) = static_shape(self.ty(r)) {
                let width = elem_type(self.ty(r)).map_or(8, |e| e.storage_bytes());
                self.check_stored(&shape, width).map_err(located)?;
            }
        }
        let p = Prepared {
            kernel,
            is_constant: op.name == "stablehlo.constant",
            constant: None,
            reusable: memo::reusable(op),
        };
        self.prepared.insert(key, p.clone());
        Ok(p)
    }

    /// Whether the run was asked to stop (`stop`).
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Runs one op, binding its results.
    pub fn run_op(&mut self, op: &'p Op) -> Result<(), RunError> {
        self.run_op_with(op, &[])
    }

    /// Runs one op; `dying` lists values whose last use it is.
    fn run_op_with(&mut self, op: &'p Op, dying: &[ValueId]) -> Result<(), RunError> {
        let located = RunError::at(op);
        if self.stopped() {
            return Err(located("the run was stopped".into()));
        }
        let prepared = self.prepare(op)?;
        if let (Some(v), [id]) = (prepared.constant, op.results.as_slice()) {
            self.env[*id as usize] = Some(v);
            return Ok(());
        }
        let reuse = prepared.reusable && self.loop_memo && self.loop_depth > 0;
        if reuse && self.reuse(op)? {
            return Ok(());
        }
        let kernel = prepared.kernel;
        let args = self.operands(&op.operands, dying).map_err(located)?;
        let read: u64 = args.iter().map(value_elements).sum();
        let again = reuse && self.note_operands(op, &args);
        memory::reset_peak();
        let results = kernel(self, op, args);
        self.bind_results(op, results, read)?;
        if again {
            self.keep(op);
        }
        // A constant's value never changes: keep a small one for the next
        // run of the op (a large one would hold its memory to the end).
        if prepared.is_constant {
            if let (Some(p), [id]) = (
                self.prepared.get_mut(&(op as *const Op as usize)),
                op.results.as_slice(),
            ) {
                p.constant = self.env[*id as usize]
                    .clone()
                    .filter(|v| matches!(v, Value::Tensor(t) if t.data.len() <= 4096));
            }
        }
        Ok(())
    }

    /// Binds an op's kept results when it reads the very operands of its
    /// last runs (`memo.rs`), charging the work its run is charged.
    fn reuse(&mut self, op: &'p Op) -> Result<bool, RunError> {
        let Some(memo::Entry::Kept(seen, results)) =
            self.memo.entries.get(&(op as *const Op as usize))
        else {
            return Ok(false);
        };
        let env = &self.env;
        let value = |v: ValueId| env.get(v as usize).and_then(Option::as_ref);
        let same = seen.len() == op.operands.len()
            && seen.iter().zip(&op.operands).all(|(w, &v)| {
                matches!(value(v), Some(Value::Tensor(t)) if std::ptr::eq(w.as_ptr(), Arc::as_ptr(t)))
            });
        if !same || results.len() != op.results.len() {
            return Ok(false);
        }
        let read: u64 = op
            .operands
            .iter()
            .filter_map(|&v| value(v))
            .map(value_elements)
            .sum();
        let written: u64 = results.iter().map(value_elements).sum();
        let results = results.clone();
        self.add_work(read.saturating_add(written))
            .map_err(RunError::at(op))?;
        for (&id, v) in op.results.iter().zip(results) {
            self.env[id as usize] = Some(v);
        }
        self.reused += 1;
        Ok(true)
    }

    /// Records the operands an op is about to read in a loop; whether
    /// they are the ones of its previous run.
    fn note_operands(&mut self, op: &'p Op, args: &[Value]) -> bool {
        let key = op as *const Op as usize;
        let Some(entry) = self.memo.entries.get_mut(&key) else {
            if let Some(seen) = memo::refs(args) {
                self.memo.entries.insert(key, memo::Entry::Seen(seen));
            }
            return false;
        };
        let mut seen = match std::mem::replace(entry, memo::Entry::Seen(Vec::new())) {
            memo::Entry::Seen(seen) if memo::same(&seen, args) => {
                *entry = memo::Entry::Seen(seen);
                return true;
            }
            memo::Entry::Seen(seen) => seen,
            memo::Entry::Kept(seen, results) => {
                let bytes: u64 = results.iter().map(value_bytes).sum();
                self.memo.bytes = self.memo.bytes.saturating_sub(bytes);
                seen
            }
        };
        if memo::refill(&mut seen, args) {
            *entry = memo::Entry::Seen(seen);
        } else {
            self.memo.entries.remove(&key);
        }
        false
    }

    /// Keeps the results an op just bound, read from the operands of its
    /// previous run too (`note_operands`), within the memo's bytes.
    fn keep(&mut self, op: &'p Op) {
        let results: Option<Vec<Value>> = op
            .results
            .iter()
            .map(|&r| self.env.get(r as usize).cloned().flatten())
            .collect();
        let Some(results) = results else { return };
        let bytes: u64 = results.iter().map(value_bytes).sum();
        let cap = memo::Memo::MAX_BYTES.min(self.limits.max_memory / 16);
        if self.memo.bytes.saturating_add(bytes) > cap {
            return;
        }
        let key = op as *const Op as usize;
        if let Some(entry) = self.memo.entries.get_mut(&key) {
            if let memo::Entry::Seen(seen) = std::mem::replace(entry, memo::Entry::Seen(Vec::new()))
            {
                *entry = memo::Entry::Kept(seen, results);
                self.memo.bytes += bytes;
            }
        }
    }

    /// Runs `f` as the body of a loop: ops inside it may reuse their
    /// results (`memo.rs`); the kept results are dropped when the
    /// outermost loop ends.
    pub fn in_loop<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.loop_depth += 1;
        let r = f(self);
        self.loop_depth -= 1;
        if self.loop_depth == 0 {
            self.memo.clear();
        }
        r
    }

    /// What follows an op's kernel: its results counted, the memory its
    /// run held checked, its work (`read` and the elements written)
    /// charged, each result checked against the limits and its declared
    /// type and bound.
    fn bind_results(
        &mut self,
        op: &'p Op,
        results: KResult<Vec<Value>>,
        read: u64,
    ) -> Result<(), RunError> {
        let located = RunError::at(op);
        let results = match results {
            Ok(r) => r,
            Err(KernelError::Message(m)) => return Err(located(m)),
            Err(KernelError::Located(e)) => return Err(e),
        };
        if results.len() != op.results.len() {
            return Err(located(format!(
                "the kernel produced {} results for {} declared",
                results.len(),
                op.results.len()
            )));
        }
        self.check_memory().map_err(located)?;
        let written: u64 = results.iter().map(value_elements).sum();
        self.add_work(read.saturating_add(written))
            .map_err(located)?;
        for (i, (&id, v)) in op.results.iter().zip(results).enumerate() {
            if let Value::Tensor(t) = &v {
                // The result is held already: its memory was checked above.
                self.check_size(&t.shape, t.lanes()).map_err(located)?;
            }
            check_value_type(&v, self.ty(id)).map_err(|m| located(format!("result {i}: {m}")))?;
            self.env[id as usize] = Some(v);
        }
        Ok(())
    }
}

/// The values of a block that die at one of its ops (`Interp::deaths`).
#[derive(Clone, Default)]
struct Deaths {
    /// Values the op's kernel may take over when they are its operands.
    moved: Vec<ValueId>,
    /// Values the op's regions read: they stay in the environment until the
    /// op has run, even when they are its operands too.
    kept: Vec<ValueId>,
}

/// A block's deaths and fusion plan (`Interp::deaths`).
struct BlockPlan {
    /// Whether they were made with fusion on.
    fused: bool,
    /// Whether they were made with scalar code on.
    scalar: bool,
    /// One per op.
    deaths: Vec<Deaths>,
    plan: Option<fuse::Plan>,
    /// The runs of scalar ops compiled to scalar code, at their first op
    /// (empty with `scalar_code` off).
    segments: Vec<Option<Rc<scalar::Segment>>>,
}

/// An op made ready to run: its kernel, and a constant's value once computed.
#[derive(Clone)]
struct Prepared {
    kernel: Kernel,
    is_constant: bool,
    constant: Option<Value>,
    /// Whether its results may be reused in loops (`memo::reusable`).
    reusable: bool,
}

type BuildAddressHasher = std::hash::BuildHasherDefault<AddressHasher>;

/// Hashes an op's address (keys of [`Interp::prepared`]).
#[derive(Default)]
struct AddressHasher(u64);

impl std::hash::Hasher for AddressHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01B3);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(29);
    }
}

/// The bytes of `elements` elements of `lanes` lanes each, for charging
/// a kernel's temporaries (`Interp::charge`); saturating.
pub fn lane_bytes(elements: usize, lanes: usize) -> u64 {
    (elements as u64)
        .saturating_mul(lanes as u64)
        .saturating_mul(8)
}

/// The bytes of a tensor's elements, for charging a kernel's copies of it.
pub fn tensor_bytes(t: &Tensor) -> u64 {
    lane_bytes(t.len(), t.lanes())
}

/// The bytes of a value's tensors.
fn value_bytes(v: &Value) -> u64 {
    match v {
        Value::Tensor(t) => t.data.bytes() as u64,
        Value::Tuple(items) => items.iter().map(value_bytes).sum(),
        Value::Token => 0,
    }
}

/// The elements a value holds (tuples: all their tensors').
fn value_elements(v: &Value) -> u64 {
    match v {
        Value::Tensor(t) => t.data.len() as u64,
        Value::Tuple(items) => items.iter().map(value_elements).sum(),
        Value::Token => 0,
    }
}

/// Checks a value against a declared type: a tensor's element type and its
/// static dimensions, a tuple's items, a token.
pub fn check_value_type(v: &Value, ty: &Type) -> Result<(), String> {
    match (v, ty) {
        (Value::Tensor(t), Type::Tensor(tt)) => {
            if t.elem != tt.elem {
                return Err(format!(
                    "a tensor of {} elements where {ty} is declared",
                    t.elem
                ));
            }
            if let Some(dims) = &tt.dims {
                let fits = dims.len() == t.shape.len()
                    && dims
                        .iter()
                        .zip(&t.shape)
                        .all(|(d, &n)| d.is_none_or(|d| d == n as u64));
                let shape = || tensor::shape_text(&t.shape);
                if !fits {
                    return Err(format!(
                        "a tensor of shape {} where {ty} is declared",
                        shape()
                    ));
                }
                // A dynamic dimension with a bound holds at most that many.
                let bounds = tt.bounds().unwrap_or(&[]);
                for (d, (&n, b)) in t.shape.iter().zip(bounds).enumerate() {
                    if let Some(b) = *b {
                        if dims[d].is_none() && n as u64 > b.max(0) as u64 {
                            return Err(format!(
                                "a tensor of shape {} where {ty} is declared: dimension {d} exceeds its bound {b}",
                                shape()
                            ));
                        }
                    }
                }
            }
            Ok(())
        }
        (Value::Tuple(items), Type::Tuple(types)) => {
            if items.len() != types.len() {
                return Err(format!(
                    "a tuple of {} items where {ty} is declared",
                    items.len()
                ));
            }
            for (item, t) in items.iter().zip(types) {
                check_value_type(item, t)?;
            }
            Ok(())
        }
        (Value::Token, Type::Token) => Ok(()),
        // Types the executor does not model (opaque, unranked) are not checked.
        (_, Type::Opaque(_) | Type::None | Type::Function(_)) => Ok(()),
        (Value::Tensor(_), _) => Err(format!("a tensor where {ty} is declared")),
        (Value::Tuple(_), _) => Err(format!("a tuple where {ty} is declared")),
        (Value::Token, _) => Err(format!("a token where {ty} is declared")),
    }
}

/// The static shape of a ranked tensor type, if every dimension is known.
pub fn static_shape(t: &Type) -> Option<Vec<usize>> {
    match t {
        Type::Tensor(t) => t
            .dims
            .as_ref()?
            .iter()
            .map(|d| d.and_then(|d| usize::try_from(d).ok()))
            .collect(),
        _ => None,
    }
}

/// The element type of a tensor type.
pub fn elem_type(t: &Type) -> Option<&crate::ir::ElementType> {
    match t {
        Type::Tensor(t) => Some(&t.elem),
        _ => None,
    }
}

/// The static shape and element type of an op's result `i`.
pub fn result_type(
    interp: &Interp<'_>,
    op: &Op,
    i: usize,
) -> Result<(Vec<usize>, crate::ir::ElementType), String> {
    let id = *op
        .results
        .get(i)
        .ok_or_else(|| format!("the op has no result {i}"))?;
    let ty = interp.ty(id);
    let elem = elem_type(ty)
        .ok_or_else(|| format!("result {i} is not a tensor"))?
        .clone();
    let shape = static_shape(ty).ok_or_else(|| {
        format!("result {i} has a dynamic type; this op needs its shape from the program")
    })?;
    Ok((shape, elem))
}

/// The element type of an op's result `i`.
pub fn result_elem(
    interp: &Interp<'_>,
    op: &Op,
    i: usize,
) -> Result<crate::ir::ElementType, String> {
    let id = *op
        .results
        .get(i)
        .ok_or_else(|| format!("the op has no result {i}"))?;
    elem_type(interp.ty(id))
        .cloned()
        .ok_or_else(|| format!("result {i} is not a tensor"))
}

/// The declared dimensions (`None` for `?`) and element type of an op's result `i`.
pub fn result_type_dyn(
    interp: &Interp<'_>,
    op: &Op,
    i: usize,
) -> Result<(Vec<Option<usize>>, crate::ir::ElementType), String> {
    let id = *op
        .results
        .get(i)
        .ok_or_else(|| format!("the op has no result {i}"))?;
    match interp.ty(id) {
        Type::Tensor(t) => {
            let dims = t
                .dims
                .as_ref()
                .ok_or_else(|| format!("result {i} is unranked"))?
                .iter()
                .map(|d| d.and_then(|d| usize::try_from(d).ok()))
                .collect();
            Ok((dims, t.elem.clone()))
        }
        _ => Err(format!("result {i} is not a tensor")),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_op_has_at_most_one_kernel() {
        let mut seen = std::collections::HashSet::new();
        for family in super::families() {
            for (name, _) in family.iter() {
                assert!(seen.insert(*name), "{name} has two kernels");
            }
        }
    }
}
