//! The e-graph over the IR (on `egg`).
//!
//! An e-node is an op: its name, its attribute list and its result types
//! (both interned, so e-nodes hash and compare cheaply), and its children —
//! the operands' e-classes, then one e-class per region. Besides ops there
//! are five structural nodes:
//!
//! * `$arg` (index `k`): argument `k` of the function;
//! * `$result` (index `k`): result `k` of a multi-result op (the op's own
//!   e-class then has the tuple of its result types);
//! * `$region` (depth `k`): a region whose block arguments are `$bbarg`
//!   nodes of depth `k`; its children are the values it returns and its
//!   type is the list of its argument types (regions are de Bruijn levels:
//!   a region at nesting depth `k` binds the `$bbarg`s of depth `k`);
//! * `$bbarg` (index `k = depth << 16 | i`);
//! * `$return`: the function's results, then its side-effecting ops.
//!
//! Ops without results or with `has_side_effect` get a sequence number `k`
//! so two of them are never merged.
//!
//! The analysis carries each e-class's type; a merge of two e-classes of
//! different types is recorded as an error ([`TypeAnalysis::mismatches`]),
//! which makes any proof from that e-graph void.

use super::matcher::{Builder, Def, Graph};
use crate::ir::print::write_attr;
use crate::ir::{Attr, Block, Op, Program, Region, Type, ValueId};
use egg::{Analysis, DidMerge, EGraph, Id, Language};
use std::collections::HashMap;

/// An e-node.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HNode {
    /// Op name, or `$arg`, `$result`, `$region`, `$bbarg`, `$return`.
    pub op: egg::Symbol,
    /// Index into [`Tables::attrs`].
    pub attrs: u32,
    /// Index into [`Tables::types`]: the result types (for `$region`, the
    /// block argument types).
    pub ty: u32,
    /// Structural index (see the module doc); 0 for ordinary ops.
    pub k: u32,
    /// How many children are operands (the rest are regions).
    pub n_operands: u32,
    pub children: Vec<Id>,
}

impl Language for HNode {
    type Discriminant = (egg::Symbol, u32, u32, u32, usize);
    fn discriminant(&self) -> Self::Discriminant {
        (self.op, self.attrs, self.ty, self.k, self.children.len())
    }
    fn matches(&self, other: &Self) -> bool {
        self.discriminant() == other.discriminant() && self.n_operands == other.n_operands
    }
    fn children(&self) -> &[Id] {
        &self.children
    }
    fn children_mut(&mut self) -> &mut [Id] {
        &mut self.children
    }
}

impl std::fmt::Display for HNode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}|{}|{}|{}|{}",
            self.op, self.attrs, self.ty, self.k, self.n_operands
        )
    }
}

impl egg::FromOp for HNode {
    type Error = String;
    fn from_op(op: &str, children: Vec<Id>) -> Result<Self, String> {
        let p: Vec<&str> = op.split('|').collect();
        let num = |i: usize| -> Result<u32, String> {
            p.get(i)
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("bad e-node {op}"))
        };
        Ok(HNode {
            op: egg::Symbol::from(p[0]),
            attrs: num(1)?,
            ty: num(2)?,
            k: num(3)?,
            n_operands: num(4)?,
            children,
        })
    }
}

/// Interned attribute lists and type lists.
#[derive(Default, Debug)]
pub struct Tables {
    pub attrs: Vec<Vec<(String, Attr)>>,
    attr_ix: HashMap<String, u32>,
    pub types: Vec<Vec<Type>>,
    type_ix: HashMap<String, u32>,
}

impl Tables {
    /// The id of an attribute list; lists of the same attributes in
    /// another order have the same id (a program's op and a rule's
    /// right-hand side list them differently), the first list seen being
    /// the one kept.
    pub fn attrs_id(&mut self, attrs: &[(String, Attr)]) -> u32 {
        let mut parts: Vec<String> = attrs
            .iter()
            .map(|(n, a)| {
                let mut p = format!("{n}=");
                write_attr(&mut p, a);
                p
            })
            .collect();
        parts.sort();
        let mut key = String::new();
        for p in parts {
            key.push_str(&p);
            key.push(';');
        }
        if let Some(&i) = self.attr_ix.get(&key) {
            return i;
        }
        self.attrs.push(attrs.to_vec());
        let i = (self.attrs.len() - 1) as u32;
        self.attr_ix.insert(key, i);
        i
    }
    pub fn types_id(&mut self, types: &[Type]) -> u32 {
        let key: Vec<String> = types.iter().map(|t| t.to_string()).collect();
        let key = key.join(",");
        if let Some(&i) = self.type_ix.get(&key) {
            return i;
        }
        self.types.push(types.to_vec());
        let i = (self.types.len() - 1) as u32;
        self.type_ix.insert(key, i);
        i
    }
}

/// The type analysis: each e-class's type (an index into [`Tables::types`]).
#[derive(Default, Debug)]
pub struct TypeAnalysis {
    pub tables: Tables,
    /// Merges of e-classes of different types (each voids any proof).
    pub mismatches: Vec<String>,
}

impl Analysis<HNode> for TypeAnalysis {
    type Data = u32;
    fn make(_: &mut EGraph<HNode, Self>, enode: &HNode, _: Id) -> u32 {
        enode.ty
    }
    fn merge(&mut self, a: &mut u32, b: u32) -> DidMerge {
        if *a != b {
            let show = |i: u32| {
                self.tables
                    .types
                    .get(i as usize)
                    .map(|t| {
                        t.iter()
                            .map(|x| x.to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .unwrap_or_default()
            };
            let m = format!("merged e-classes of types ({}) and ({})", show(*a), show(b));
            self.mismatches.push(m);
        }
        DidMerge(false, false)
    }
}

/// The e-graph.
pub type HGraph = EGraph<HNode, TypeAnalysis>;

const ARG: &str = "$arg";
const RESULT: &str = "$result";
const REGION: &str = "$region";
const BBARG: &str = "$bbarg";
const RETURN: &str = "$return";

fn node(op: &str, attrs: u32, ty: u32, k: u32, n_operands: usize, children: Vec<Id>) -> HNode {
    HNode {
        op: egg::Symbol::from(op),
        attrs,
        ty,
        k,
        n_operands: n_operands as u32,
        children,
    }
}

/// Adds function `fname` of `prog` to `g`; returns its `$return` e-class.
pub fn add_function(g: &mut HGraph, prog: &Program, fname: &str) -> Result<Id, String> {
    let f = find_function(prog, fname)?;
    let block = f
        .regions
        .first()
        .and_then(|r| r.blocks.first())
        .ok_or_else(|| format!("@{fname} has no body"))?;
    let mut env: HashMap<ValueId, Id> = HashMap::new();
    for (i, a) in block.args.iter().enumerate() {
        let ty = g
            .analysis
            .tables
            .types_id(std::slice::from_ref(prog.ty(*a)));
        let id = g.add(node(ARG, 0, ty, i as u32, 0, vec![]));
        env.insert(*a, id);
    }
    let mut conv = Conv {
        prog,
        env,
        calls: vec![fname.to_string()],
        seq: 0,
        effects: Vec::new(),
    };
    let rets = conv.block(g, block, 0)?;
    let mut children = rets;
    let n = children.len();
    children.extend(conv.effects.iter().copied());
    let none = g.analysis.tables.types_id(&[]);
    Ok(g.add(node(RETURN, 0, none, 0, n, children)))
}

/// The e-class of result `k` (of type `ty`) of the multi-result op in
/// e-class `op` (what a multi-result rule's other results are joined to).
pub fn result_class(g: &mut HGraph, op: Id, k: usize, ty: &Type) -> Id {
    let t = g.analysis.tables.types_id(std::slice::from_ref(ty));
    g.add(node(RESULT, 0, t, k as u32, 1, vec![op]))
}

fn find_function<'p>(prog: &'p Program, name: &str) -> Result<&'p Op, String> {
    fn walk<'p>(ops: &'p [Op], name: &str) -> Option<&'p Op> {
        for op in ops {
            if op.name == "func.func"
                && op.attr("sym_name").and_then(Attr::as_str) == Some(name.as_bytes())
            {
                return Some(op);
            }
            if op.name == "builtin.module" {
                for r in &op.regions {
                    for b in &r.blocks {
                        if let Some(f) = walk(&b.ops, name) {
                            return Some(f);
                        }
                    }
                }
            }
        }
        None
    }
    walk(&prog.ops, name).ok_or_else(|| format!("no function @{name}"))
}

struct Conv<'p> {
    prog: &'p Program,
    env: HashMap<ValueId, Id>,
    /// The functions being inlined, innermost last.
    calls: Vec<String>,
    seq: u32,
    effects: Vec<Id>,
}

impl Conv<'_> {
    /// Adds a block's ops; returns the e-classes of its terminator's operands.
    fn block(&mut self, g: &mut HGraph, b: &Block, depth: u32) -> Result<Vec<Id>, String> {
        let mut rets = None;
        for op in &b.ops {
            if matches!(
                op.name.as_str(),
                "func.return" | "stablehlo.return" | "chlo.return"
            ) {
                rets = Some(self.operands(op)?);
                continue;
            }
            if op.name == "func.call" {
                // Inlined: the callee's body added with its arguments bound
                // to the call's operands (refused when recursive).
                let callee = match op.attr("callee") {
                    Some(Attr::SymbolRef(p)) => p.last().cloned().unwrap_or_default(),
                    _ => return Err("a call without a callee".into()),
                };
                if self.calls.contains(&callee) || self.calls.len() >= 64 {
                    return Err(format!(
                        "@{callee} is recursive: calls to it are not inlined"
                    ));
                }
                let f = find_function(self.prog, &callee)?;
                let body = match f.regions.first().map(|r| &r.blocks[..]) {
                    Some([b]) => b,
                    _ => return Err(format!("@{callee} has no single-block body")),
                };
                let args = self.operands(op)?;
                if args.len() != body.args.len() {
                    return Err(format!("the call to @{callee} has the wrong operand count"));
                }
                for (a, id) in body.args.iter().zip(args) {
                    self.env.insert(*a, id);
                }
                self.calls.push(callee);
                let rets = self.block(g, body, depth)?;
                self.calls.pop();
                if rets.len() != op.results.len() {
                    return Err("the callee returns a different number of values".into());
                }
                for (r, id) in op.results.iter().zip(rets) {
                    self.env.insert(*r, id);
                }
                continue;
            }
            let mut children = self.operands(op)?;
            let n = children.len();
            for r in &op.regions {
                children.push(self.region(g, r, depth + 1)?);
            }
            let types: Vec<Type> = op
                .results
                .iter()
                .map(|r| self.prog.ty(*r).clone())
                .collect();
            let ty = g.analysis.tables.types_id(&types);
            let attrs = g.analysis.tables.attrs_id(&op.attrs);
            let effect = op.results.is_empty()
                || matches!(op.attr("has_side_effect"), Some(Attr::Bool(true)));
            let k = if effect {
                self.seq += 1;
                self.seq
            } else {
                0
            };
            let id = g.add(node(&op.name, attrs, ty, k, n, children));
            if effect {
                self.effects.push(id);
            }
            if op.results.len() == 1 {
                self.env.insert(op.results[0], id);
            } else {
                for (i, r) in op.results.iter().enumerate() {
                    let t = g
                        .analysis
                        .tables
                        .types_id(std::slice::from_ref(self.prog.ty(*r)));
                    let rid = g.add(node(RESULT, 0, t, i as u32, 1, vec![id]));
                    self.env.insert(*r, rid);
                }
            }
        }
        rets.ok_or_else(|| "a block without a return".into())
    }

    fn operands(&self, op: &Op) -> Result<Vec<Id>, String> {
        op.operands
            .iter()
            .map(|v| {
                self.env
                    .get(v)
                    .copied()
                    .ok_or_else(|| format!("{}: operand %{v} is not defined before it", op.name))
            })
            .collect()
    }

    fn region(&mut self, g: &mut HGraph, r: &Region, depth: u32) -> Result<Id, String> {
        let [b] = &r.blocks[..] else {
            return Err("regions of several blocks are not represented".into());
        };
        if b.args.len() >= 1 << 16 || depth >= 1 << 15 {
            return Err("region too large".into());
        }
        let mut arg_types = Vec::new();
        for (i, a) in b.args.iter().enumerate() {
            let t = self.prog.ty(*a).clone();
            let ty = g.analysis.tables.types_id(std::slice::from_ref(&t));
            let id = g.add(node(BBARG, 0, ty, depth << 16 | i as u32, 0, vec![]));
            self.env.insert(*a, id);
            arg_types.push(t);
        }
        let rets = self.block(g, b, depth)?;
        let ty = g.analysis.tables.types_id(&arg_types);
        let n = rets.len();
        Ok(g.add(node(REGION, 0, ty, depth, n, rets)))
    }
}

// ---------------------------------------------------------------------------
// Extraction
// ---------------------------------------------------------------------------

/// The cost of a term: the number of e-nodes (fewest ops), the default.
pub struct FewestOps;

impl egg::CostFunction<HNode> for FewestOps {
    type Cost = usize;
    fn cost<C>(&mut self, enode: &HNode, mut costs: C) -> usize
    where
        C: FnMut(Id) -> usize,
    {
        let own = usize::from(!enode.op.as_str().starts_with('$'));
        enode
            .children
            .iter()
            .fold(own, |acc, &c| acc.saturating_add(costs(c)))
    }
}

/// Extracts the function whose `$return` e-class is `root` as `func.func
/// @name`, its signature that of `template` (a function of the same
/// arguments), choosing each e-class's term by `cost`.
pub fn extract<CF: egg::CostFunction<HNode>>(
    g: &HGraph,
    root: Id,
    template: &Program,
    fname: &str,
    cost: CF,
) -> Result<Program, String> {
    let ex = egg::Extractor::new(g, cost);
    let (_, expr) = ex.find_best(root);
    let f = find_function(template, fname)?;
    let block = f
        .regions
        .first()
        .and_then(|r| r.blocks.first())
        .ok_or("no body")?;
    let mut prog = Program::default();
    let mut args = Vec::new();
    for a in &block.args {
        prog.value_types.push(template.ty(*a).clone());
        args.push((prog.value_types.len() - 1) as ValueId);
    }
    let nodes = expr.as_ref();
    // Which region depths each node depends on (a bit per depth, bit 0
    // unused), a region binding its own depth.
    let mut deps: Vec<u64> = Vec::with_capacity(nodes.len());
    for n in nodes {
        let mut d = 0u64;
        for c in &n.children {
            d |= deps[usize::from(*c)];
        }
        let op = n.op.as_str();
        if op == BBARG {
            d |= 1u64 << ((n.k >> 16).min(63));
        }
        if op == REGION {
            d &= (1u64 << n.k.min(63)) - 1;
        }
        deps.push(d);
    }
    let mut em = Emit {
        g,
        nodes,
        deps: &deps,
        prog: &mut prog,
        scopes: vec![Scope {
            level: 0,
            args: args.clone(),
            ops: vec![],
            memo: HashMap::new(),
        }],
    };
    let root_ix = nodes.len() - 1;
    let rn = &nodes[root_ix];
    if rn.op.as_str() != RETURN {
        return Err("the root is not a function".into());
    }
    let mut rets = Vec::new();
    for (i, c) in rn.children.iter().enumerate() {
        let v = em.emit(usize::from(*c))?;
        if i < rn.n_operands as usize {
            rets.push(v.first().copied().ok_or("a result without a value")?);
        }
    }
    let mut scope = em.scopes.pop().ok_or("no scope")?;
    let ret_types: Vec<Type> = rets.iter().map(|r| prog.ty(*r).clone()).collect();
    scope.ops.push(Op {
        name: "func.return".into(),
        operands: rets,
        results: vec![],
        attrs: vec![],
        regions: vec![],
        pos: Default::default(),
    });
    let mut attrs = f.attrs.clone();
    let arg_types: Vec<Type> = args.iter().map(|a| prog.ty(*a).clone()).collect();
    for (n, a) in attrs.iter_mut() {
        if n == "function_type" {
            *a = Attr::Type(Type::Function(Box::new(crate::ir::types::FunctionType {
                inputs: arg_types.clone(),
                results: ret_types.clone(),
            })));
        }
    }
    prog.ops.push(Op {
        name: "func.func".into(),
        operands: vec![],
        results: vec![],
        attrs,
        regions: vec![Region {
            blocks: vec![Block {
                args,
                ops: scope.ops,
            }],
        }],
        pos: Default::default(),
    });
    // Renumber values in definition order.
    crate::ir::parse::parse_program("extracted", &crate::ir::print::print_program(&prog))
        .map_err(|d| format!("extraction printed an unreadable program: {d}"))
}

struct Scope {
    level: u32,
    args: Vec<ValueId>,
    ops: Vec<Op>,
    memo: HashMap<usize, Vec<ValueId>>,
}

struct Emit<'a> {
    g: &'a HGraph,
    nodes: &'a [HNode],
    deps: &'a [u64],
    prog: &'a mut Program,
    scopes: Vec<Scope>,
}

impl Emit<'_> {
    fn new_value(&mut self, t: Type) -> ValueId {
        self.prog.value_types.push(t);
        (self.prog.value_types.len() - 1) as ValueId
    }

    fn types(&self, i: u32) -> Vec<Type> {
        self.g
            .analysis
            .tables
            .types
            .get(i as usize)
            .cloned()
            .unwrap_or_default()
    }

    /// The values of node `i`, emitted in the innermost scope at its level.
    fn emit(&mut self, i: usize) -> Result<Vec<ValueId>, String> {
        let level = 63 - self.deps[i].leading_zeros().min(63);
        let level = if self.deps[i] == 0 { 0 } else { level };
        let target = self
            .scopes
            .iter()
            .rposition(|s| s.level == level || (level == 0 && s.level == 0))
            .ok_or("a value used outside its region")?;
        for s in self.scopes[target..].iter().rev() {
            if let Some(v) = s.memo.get(&i) {
                return Ok(v.clone());
            }
        }
        let n = self.nodes[i].clone();
        let vals = match n.op.as_str() {
            ARG => vec![*self.scopes[0]
                .args
                .get(n.k as usize)
                .ok_or("argument out of range")?],
            BBARG => {
                let (d, j) = (n.k >> 16, (n.k & 0xFFFF) as usize);
                let s = self
                    .scopes
                    .iter()
                    .rev()
                    .find(|s| s.level == d)
                    .ok_or("a block argument outside its region")?;
                vec![*s.args.get(j).ok_or("block argument out of range")?]
            }
            RESULT => {
                let v = self.emit(usize::from(n.children[0]))?;
                vec![*v.get(n.k as usize).ok_or("result out of range")?]
            }
            REGION | RETURN => return Err("a region used as a value".into()),
            name => {
                let mut operands = Vec::new();
                for c in &n.children[..n.n_operands as usize] {
                    let v = self.emit(usize::from(*c))?;
                    operands.push(*v.first().ok_or("an operand without a value")?);
                }
                let mut regions = Vec::new();
                for c in &n.children[n.n_operands as usize..] {
                    regions.push(self.region(usize::from(*c))?);
                }
                let types = self.types(n.ty);
                let results: Vec<ValueId> = types.into_iter().map(|t| self.new_value(t)).collect();
                let attrs = self
                    .g
                    .analysis
                    .tables
                    .attrs
                    .get(n.attrs as usize)
                    .cloned()
                    .unwrap_or_default();
                let op = Op {
                    name: name.to_string(),
                    operands,
                    results: results.clone(),
                    attrs,
                    regions,
                    pos: Default::default(),
                };
                // Emit into the target scope (the op's level).
                let target = self
                    .scopes
                    .iter()
                    .rposition(|s| s.level == level || (level == 0 && s.level == 0))
                    .ok_or("a value used outside its region")?;
                self.scopes[target].ops.push(op);
                results
            }
        };
        let target = self
            .scopes
            .iter()
            .rposition(|s| s.level == level || (level == 0 && s.level == 0))
            .ok_or("a value used outside its region")?;
        self.scopes[target].memo.insert(i, vals.clone());
        Ok(vals)
    }

    fn region(&mut self, i: usize) -> Result<Region, String> {
        let n = self.nodes[i].clone();
        if n.op.as_str() != REGION {
            return Err("expected a region".into());
        }
        let arg_types = self.types(n.ty);
        let args: Vec<ValueId> = arg_types.into_iter().map(|t| self.new_value(t)).collect();
        self.scopes.push(Scope {
            level: n.k,
            args: args.clone(),
            ops: vec![],
            memo: HashMap::new(),
        });
        let mut rets = Vec::new();
        for c in &n.children {
            let v = self.emit(usize::from(*c))?;
            rets.push(*v.first().ok_or("a region result without a value")?);
        }
        let mut s = self.scopes.pop().ok_or("no scope")?;
        s.ops.push(Op {
            name: "stablehlo.return".into(),
            operands: rets,
            results: vec![],
            attrs: vec![],
            regions: vec![],
            pos: Default::default(),
        });
        Ok(Region {
            blocks: vec![Block { args, ops: s.ops }],
        })
    }
}

// ---------------------------------------------------------------------------
// Rules on the e-graph (the matcher of matcher.rs)
// ---------------------------------------------------------------------------

impl Graph for HGraph {
    type Id = Id;
    fn defs(&self, v: &Id) -> Vec<Def<'_, Id>> {
        let mut out = Vec::new();
        let class = &self[*v];
        for n in &class.nodes {
            let op = n.op.as_str();
            let (def_node, result) = if op == RESULT {
                // Every op node of the tuple class.
                for m in &self[n.children[0]].nodes {
                    if !m.op.as_str().starts_with('$') {
                        out.push(self.def_of(m, n.k as usize));
                    }
                }
                continue;
            } else if op.starts_with('$') {
                continue;
            } else {
                (n, 0)
            };
            if self
                .analysis
                .tables
                .types
                .get(def_node.ty as usize)
                .map(|t| t.len())
                == Some(1)
            {
                out.push(self.def_of(def_node, result));
            }
        }
        out
    }
    fn ty(&self, v: &Id) -> Type {
        let t = self[*v].data;
        self.analysis
            .tables
            .types
            .get(t as usize)
            .and_then(|t| t.first().cloned())
            .unwrap_or(Type::None)
    }
}

trait DefOf {
    fn def_of<'a>(&'a self, n: &'a HNode, result: usize) -> Def<'a, Id>;
}

impl DefOf for HGraph {
    fn def_of<'a>(&'a self, n: &'a HNode, result: usize) -> Def<'a, Id> {
        Def {
            name: n.op.as_str(),
            attrs: self
                .analysis
                .tables
                .attrs
                .get(n.attrs as usize)
                .map(|a| a.as_slice())
                .unwrap_or(&[]),
            operands: n.children[..n.n_operands as usize].to_vec(),
            types: self
                .analysis
                .tables
                .types
                .get(n.ty as usize)
                .cloned()
                .unwrap_or_default(),
            result,
            has_regions: n.children.len() > n.n_operands as usize,
        }
    }
}

/// Builds right-hand sides into the e-graph.
pub struct GraphBuilder<'a> {
    pub g: &'a mut HGraph,
    /// Depth of the regions being built (a right-hand side's regions are
    /// numbered from `base_depth + 1`, the caller choosing `base_depth` at
    /// or above every level the right-hand side's operands use).
    depth: Vec<(u32, Vec<Type>)>,
    base_depth: u32,
}

impl<'a> GraphBuilder<'a> {
    pub fn new(g: &'a mut HGraph, base_depth: u32) -> Self {
        GraphBuilder {
            g,
            depth: vec![],
            base_depth,
        }
    }
}

impl Builder for GraphBuilder<'_> {
    type Id = Id;
    type Region = Id;
    fn op(
        &mut self,
        name: &str,
        mut attrs: Vec<(String, Attr)>,
        operands: Vec<Id>,
        types: Vec<Type>,
        regions: Vec<Id>,
    ) -> Result<Vec<Id>, String> {
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let a = self.g.analysis.tables.attrs_id(&attrs);
        let t = self.g.analysis.tables.types_id(&types);
        let n = operands.len();
        let mut children = operands;
        children.extend(regions);
        let id = self.g.add(node(name, a, t, 0, n, children));
        if types.len() == 1 {
            return Ok(vec![id]);
        }
        let mut out = Vec::new();
        for (i, ty) in types.iter().enumerate() {
            let ti = self.g.analysis.tables.types_id(std::slice::from_ref(ty));
            out.push(self.g.add(node(RESULT, 0, ti, i as u32, 1, vec![id])));
        }
        Ok(out)
    }
    fn begin_region(&mut self, arg_types: &[Type]) -> Vec<Id> {
        let d = self.base_depth + self.depth.len() as u32 + 1;
        self.depth.push((d, arg_types.to_vec()));
        arg_types
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let ti = self.g.analysis.tables.types_id(std::slice::from_ref(t));
                self.g
                    .add(node(BBARG, 0, ti, d << 16 | i as u32, 0, vec![]))
            })
            .collect()
    }
    fn end_region(&mut self, results: Vec<Id>) -> Result<Id, String> {
        let (d, types) = self.depth.pop().ok_or("no region open")?;
        let ty = self.g.analysis.tables.types_id(&types);
        let n = results.len();
        Ok(self.g.add(node(REGION, 0, ty, d, n, results)))
    }
}
