//! CHLO → StableHLO legalization: the rules applied directly to the IR, in
//! one pass per round, without saturation. Each CHLO op is replaced by the
//! right-hand side of the first rule (in file order) whose left-hand side
//! and condition match it; ops a rule introduces that are CHLO themselves
//! (`broadcast_zeta` → `zeta`) are legalized in the next round.

use super::matcher::{instantiate, matches, Builder, Def, Graph};
use super::rules::{by_root, Kind, Rule};
use crate::ir::types::Dim;
use crate::ir::{Attr, Block, Op, Pos, Program, Region, Type, ValueId};
use std::collections::HashMap;

/// The most groups a `ragged_dot` is unrolled into (a few ops each).
const MAX_GROUPS: u64 = 1 << 16;

/// A CHLO op that no rule rewrote.
#[derive(Clone, Debug, PartialEq)]
pub struct Unlegalized {
    pub name: String,
    pub pos: Pos,
    /// Why: no rule for the op, or why each rule did not apply.
    pub reason: String,
}

/// The outcome of legalizing a program.
#[derive(Clone, Debug)]
pub struct Legalized {
    pub program: Program,
    /// The CHLO ops left, in program order.
    pub left: Vec<Unlegalized>,
    /// The rules applied, with how often, in first-use order.
    pub applied: Vec<(String, usize)>,
    /// Whether every rule applied is `exact`.
    pub exact: bool,
}

/// Where each value is defined: (op, result index).
struct IrGraph<'p> {
    prog: &'p Program,
    defs: HashMap<ValueId, (&'p Op, usize)>,
}

impl<'p> IrGraph<'p> {
    fn new(prog: &'p Program) -> IrGraph<'p> {
        let mut defs = HashMap::new();
        fn walk<'p>(ops: &'p [Op], defs: &mut HashMap<ValueId, (&'p Op, usize)>) {
            for op in ops {
                for (i, r) in op.results.iter().enumerate() {
                    defs.insert(*r, (op, i));
                }
                for reg in &op.regions {
                    for b in &reg.blocks {
                        walk(&b.ops, defs);
                    }
                }
            }
        }
        walk(&prog.ops, &mut defs);
        IrGraph { prog, defs }
    }
}

impl Graph for IrGraph<'_> {
    type Id = ValueId;
    fn defs(&self, v: &ValueId) -> Vec<Def<'_, ValueId>> {
        match self.defs.get(v) {
            Some((op, i)) => vec![Def {
                name: &op.name,
                attrs: &op.attrs,
                operands: op.operands.clone(),
                types: op
                    .results
                    .iter()
                    .map(|r| self.prog.ty(*r).clone())
                    .collect(),
                result: *i,
                has_regions: !op.regions.is_empty(),
            }],
            None => vec![],
        }
    }
    fn ty(&self, v: &ValueId) -> Type {
        self.prog.ty(*v).clone()
    }
}

/// Builds right-hand sides as IR ops.
struct IrBuilder<'a> {
    types: &'a mut Vec<Type>,
    rename: &'a HashMap<ValueId, ValueId>,
    /// The ops of the block being built, innermost last.
    stack: Vec<(Vec<ValueId>, Vec<Op>)>,
    pos: Pos,
}

impl IrBuilder<'_> {
    fn new_value(&mut self, t: Type) -> ValueId {
        self.types.push(t);
        (self.types.len() - 1) as ValueId
    }
}

impl Builder for IrBuilder<'_> {
    type Id = ValueId;
    type Region = Region;
    fn op(
        &mut self,
        name: &str,
        mut attrs: Vec<(String, Attr)>,
        operands: Vec<ValueId>,
        types: Vec<Type>,
        regions: Vec<Region>,
    ) -> Result<Vec<ValueId>, String> {
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let results: Vec<ValueId> = types.into_iter().map(|t| self.new_value(t)).collect();
        let operands = operands
            .into_iter()
            .map(|o| *self.rename.get(&o).unwrap_or(&o))
            .collect();
        let op = Op {
            name: name.to_string(),
            operands,
            results: results.clone(),
            attrs,
            regions,
            pos: self.pos,
        };
        self.stack
            .last_mut()
            .ok_or("no block to build into")?
            .1
            .push(op);
        Ok(results)
    }
    fn begin_region(&mut self, arg_types: &[Type]) -> Vec<ValueId> {
        let args: Vec<ValueId> = arg_types
            .iter()
            .map(|t| self.new_value(t.clone()))
            .collect();
        self.stack.push((args.clone(), Vec::new()));
        args
    }
    fn end_region(&mut self, results: Vec<ValueId>) -> Result<Region, String> {
        self.op("stablehlo.return", vec![], results, vec![], vec![])?;
        let (args, ops) = self.stack.pop().ok_or("no region open")?;
        Ok(Region {
            blocks: vec![Block { args, ops }],
        })
    }
}

struct Pass<'p> {
    g: IrGraph<'p>,
    /// Apply only this rule (to ops of its root's name) instead of every
    /// rule to every CHLO op.
    only: Option<&'p Rule>,
    /// Use only `exact` rules (an op only an approx rule rewrites is left).
    exact_only: bool,
    types: Vec<Type>,
    rename: HashMap<ValueId, ValueId>,
    left: Vec<Unlegalized>,
    applied: Vec<(String, usize)>,
    exact: bool,
    changed: bool,
    /// The position given to ops built in Rust (`scan`).
    at: Pos,
}

impl<'p> Pass<'p> {
    fn ops(&mut self, ops: &'p [Op]) -> Vec<Op> {
        let mut out = Vec::with_capacity(ops.len());
        for op in ops {
            let wanted = match self.only {
                Some(r) => op.name == r.root().name,
                None => op.name.starts_with("chlo."),
            };
            if wanted && !op.results.is_empty() {
                match self.rewrite(op) {
                    Ok(mut new_ops) => {
                        out.append(&mut new_ops);
                        self.changed = true;
                        continue;
                    }
                    Err(reason) => self.left.push(Unlegalized {
                        name: op.name.clone(),
                        pos: op.pos,
                        reason,
                    }),
                }
            }
            let mut o = Op {
                name: op.name.clone(),
                operands: op
                    .operands
                    .iter()
                    .map(|v| *self.rename.get(v).unwrap_or(v))
                    .collect(),
                results: op.results.clone(),
                attrs: op.attrs.clone(),
                regions: Vec::with_capacity(op.regions.len()),
                pos: op.pos,
            };
            for r in &op.regions {
                o.regions.push(Region {
                    blocks: r
                        .blocks
                        .iter()
                        .map(|b| Block {
                            args: b.args.clone(),
                            ops: self.ops(&b.ops),
                        })
                        .collect(),
                });
            }
            out.push(o);
        }
        out
    }

    /// The ops replacing `op`, or why no rule applies.
    fn rewrite(&mut self, op: &'p Op) -> Result<Vec<Op>, String> {
        let only;
        let rules: &[&Rule] = match self.only {
            Some(r) => {
                only = [r];
                &only
            }
            None => match by_root().get(&op.name) {
                Some(r) => r,
                None if op.name == "chlo.scan" => return self.scan(op),
                None if op.name == "chlo.ragged_dot" => return self.ragged_dot(op),
                None => return Err("no rule rewrites this op".into()),
            },
        };
        let mut why = Vec::new();
        for rule in rules {
            if self.exact_only && rule.kind != Kind::Exact {
                why.push(format!("{}: not exact", rule.name));
                continue;
            }
            let Some(b) = matches(&self.g, rule, &op.results[0]).into_iter().next() else {
                why.push(format!("{}: does not match", rule.name));
                continue;
            };
            let mut builder = IrBuilder {
                types: &mut self.types,
                rename: &self.rename,
                stack: vec![(vec![], vec![])],
                pos: op.pos,
            };
            match instantiate(rule, &b, &mut builder) {
                Ok(results) => {
                    let ops = builder.stack.pop().map(|x| x.1).unwrap_or_default();
                    for (orig, new) in op.results.iter().zip(results) {
                        let new = *self.rename.get(&new).unwrap_or(&new);
                        self.rename.insert(*orig, new);
                    }
                    match self.applied.iter_mut().find(|(n, _)| n == &rule.name) {
                        Some(x) => x.1 += 1,
                        None => self.applied.push((rule.name.clone(), 1)),
                    }
                    if rule.kind != Kind::Exact {
                        self.exact = false;
                    }
                    return Ok(ops);
                }
                Err(e) => why.push(format!("{}: {e}", rule.name)),
            }
        }
        Err(format!("no rule applies ({})", why.join("; ")))
    }
}

/// A dense splat attribute of a static tensor type, from one element's bytes.
fn dense_splat(t: &Type, data: Vec<u8>) -> Result<Attr, String> {
    let tt = t.as_tensor().ok_or("a constant needs a tensor type")?;
    Ok(Attr::Dense(Box::new(crate::ir::attr::DenseElements {
        ty: tt.clone(),
        splat: true,
        data,
    })))
}

/// The attributes of a signed integer `compare` in direction `dir`.
fn signed_compare(dir: &str) -> Result<Vec<(String, Attr)>, String> {
    Ok(vec![
        (
            "comparison_direction".into(),
            parsed_attr(&format!("#stablehlo<comparison_direction {dir}>"))?,
        ),
        (
            "compare_type".into(),
            parsed_attr("#stablehlo<comparison_type SIGNED>")?,
        ),
    ])
}

fn parsed_attr(text: &str) -> Result<Attr, String> {
    crate::ir::parse::Parser::new(text, 0)
        .parse_attr()
        .map_err(|e| format!("{text}: {}", e.msg))
}

/// A static tensor type's dimensions.
fn static_dims(t: &Type) -> Result<Vec<u64>, String> {
    t.as_tensor()
        .and_then(|t| t.dims.clone())
        .and_then(|d| d.into_iter().collect::<Option<Vec<u64>>>())
        .ok_or_else(|| format!("{t} is not a static tensor type"))
}

fn with_dims(t: &Type, dims: Vec<u64>) -> Result<Type, String> {
    let tt = t.as_tensor().ok_or("not a tensor type")?;
    Ok(Type::Tensor(crate::ir::TensorType::ranked(
        dims.into_iter().map(Some).collect(),
        tt.elem.clone(),
    )))
}

/// A ranked tensor type's dimensions (`None` for a dynamic size).
fn ranked_dims(t: &Type) -> Option<Vec<Dim>> {
    t.as_tensor().and_then(|t| t.dims.clone())
}

/// `t` with dimensions `dims` (static or dynamic).
fn with_dim_list(t: &Type, dims: Vec<Dim>) -> Result<Type, String> {
    let tt = t.as_tensor().ok_or("not a tensor type")?;
    Ok(Type::Tensor(crate::ir::TensorType::ranked(
        dims,
        tt.elem.clone(),
    )))
}

/// The bytes of the element type's zero (+0), or of its NaN where the
/// format has no zero (f8E8M0FNU), as the executor fills empty results.
fn zero_bytes(e: &crate::ir::ElementType) -> Vec<u8> {
    use crate::ir::ElementType;
    let n = e.storage_bytes();
    match e {
        ElementType::Float(k) if !k.format().has_zero => {
            let z = crate::float::arith::zero(k.format(), false).to_le_bytes();
            z[..n.min(8)].to_vec()
        }
        _ => vec![0u8; n],
    }
}

/// The rank-0 tensor type of a tensor type's element type.
fn scalar_of(t: &Type) -> Result<Type, String> {
    Ok(scalar(&t.as_tensor().ok_or("not a tensor type")?.elem))
}

/// The rank-0 tensor type of `e`.
fn scalar(e: &crate::ir::ElementType) -> Type {
    Type::Tensor(crate::ir::TensorType::ranked(vec![], e.clone()))
}

impl<'p> Pass<'p> {
    fn value(&mut self, t: Type) -> ValueId {
        self.types.push(t);
        (self.types.len() - 1) as ValueId
    }

    /// Appends `name(operands) {attrs} : types` to `out`; returns its results.
    /// [`Self::emit`] of an op with no attributes or regions and one result.
    fn emit1(
        &mut self,
        out: &mut Vec<Op>,
        name: &str,
        operands: Vec<ValueId>,
        ty: Type,
    ) -> ValueId {
        self.emit(out, name, operands, vec![], vec![ty], vec![])[0]
    }

    fn emit(
        &mut self,
        out: &mut Vec<Op>,
        name: &str,
        operands: Vec<ValueId>,
        mut attrs: Vec<(String, Attr)>,
        types: Vec<Type>,
        regions: Vec<Region>,
    ) -> Vec<ValueId> {
        attrs.sort_by(|a, b| a.0.cmp(&b.0));
        let results: Vec<ValueId> = types.into_iter().map(|t| self.value(t)).collect();
        out.push(Op {
            name: name.into(),
            operands,
            results: results.clone(),
            attrs,
            regions,
            pos: self.at,
        });
        results
    }

    fn const_i64(&mut self, out: &mut Vec<Op>, v: i64) -> Result<ValueId, String> {
        let t = Type::Tensor(crate::ir::TensorType::ranked(
            vec![],
            crate::ir::ElementType::I64,
        ));
        let a = dense_splat(&t, v.to_le_bytes().to_vec())?;
        Ok(self.emit(
            out,
            "stablehlo.constant",
            vec![],
            vec![("value".into(), a)],
            vec![t],
            vec![],
        )[0])
    }

    /// `chlo.ragged_dot` (in Rust: the number of ops depends on the group
    /// count, and the dimension numbers are taken apart). Mode 3 (the
    /// ragged dimension a batch dimension, or no rhs group dimension) is one
    /// `dot_general`. Mode 1 with rank-1 `group_sizes`: one `dot_general` per
    /// group of the lhs with that group's rhs (`slice` and `reshape` of the
    /// group dimension), and row `m` of the ragged dimension taken from the
    /// group `g` with start(g) <= m < start(g) + max(size(g), 0) by `select`,
    /// the format's zero past the groups (NaN in f8E8M0FNU, which has no
    /// zero, as the executor fills). The executor computes the same
    /// per-group dots (same accumulation) and picks rows the same way, so
    /// the bits agree. The bounds are taken in i64 with each size clamped to
    /// [0, M] and each end to M (M the ragged dimension's size): no sum
    /// wraps, a `ui64` size of 2^63 or more stays large (clamped before it
    /// is converted), and the rows a group holds are the executor's, whose
    /// sums are exact (i128). Mode 2 (ragged contracting dimension): see
    /// [`Self::ragged_dot_mode2`].
    ///
    /// Dynamic sizes: every mode. The sizes are read at run time
    /// (`get_dimension_size`): a group's rhs by `real_dynamic_slice` and
    /// `dynamic_reshape`, the rows by `dynamic_iota`, the bounds and zeros by
    /// `dynamic_broadcast_in_dim`. `group_sizes` must have a static size
    /// (the group count gives the number of ops). The executor runs a
    /// ragged_dot only when its result type is static; a dynamic result is
    /// lowered the same way, to the sizes the CHLO op defines.
    /// Quantized operands or results: `uniform_dequantize`, the float
    /// `chlo.ragged_dot` (lowered next round) and `uniform_quantize`, as the
    /// executor computes them (dequantize-op-quantize); an operand whose
    /// (expressed) float type is not the result's is converted to it first,
    /// as the executor's dot converts each operand to the type it
    /// accumulates in (operands of different types need a quantized one:
    /// CHLO's (CH8)).
    /// Mode 1 with `group_sizes` of rank > 1 (a row of sizes per batch
    /// index): the bounds are tensors of the batch dimensions, broadcast
    /// along them, when the lhs dimensions before the ragged one (contracting
    /// ones left out) are the batch dimensions in order, of static sizes
    /// (where the executor's row, picked by the batch index, is CHLO's).
    /// Not lowered: other `group_sizes` of rank > 1.
    fn ragged_dot(&mut self, op: &'p Op) -> Result<Vec<Op>, String> {
        use crate::ir::{ElementType, TensorType};
        let nums = |f: &str| -> Vec<i64> {
            op.attr("ragged_dot_dimension_numbers")
                .and_then(|a| a.field(f))
                .and_then(Attr::as_i64_list)
                .map(<[i64]>::to_vec)
                .unwrap_or_default()
        };
        let (lb, rb, lc, rc) = (
            nums("lhs_batching_dimensions"),
            nums("rhs_batching_dimensions"),
            nums("lhs_contracting_dimensions"),
            nums("rhs_contracting_dimensions"),
        );
        let (lr, rg) = (nums("lhs_ragged_dimensions"), nums("rhs_group_dimensions"));
        let [l, r, gs] = op.operands[..] else {
            return Err("ragged_dot takes three operands".into());
        };
        let ren = |p: &Self, v: ValueId| *p.rename.get(&v).unwrap_or(&v);
        let (l, r, gs) = (ren(self, l), ren(self, r), ren(self, gs));
        let ty = |p: &Self, v: ValueId| p.types[v as usize].clone();
        let (lt, rt, gt) = (ty(self, l), ty(self, r), ty(self, gs));
        let out_t = ty(self, op.results[0]);
        let ranked =
            |t: &Type| ranked_dims(t).ok_or_else(|| format!("{t} is not a ranked tensor type"));
        let (ld, rd, od) = (ranked(&lt)?, ranked(&rt)?, ranked(&out_t)?);
        let gd_dims = static_dims(&gt)
            .map_err(|_| format!("ragged_dot: group_sizes of static size is lowered, not {gt}"))?;
        let is_quant =
            |t: &Type| matches!(t.as_tensor().map(|t| &t.elem), Some(ElementType::Quant(_)));
        if is_quant(&lt) || is_quant(&rt) || is_quant(&out_t) {
            // The executor's dequantize-op-quantize, op for op: each
            // quantized operand dequantized, the ragged_dot of the expressed
            // type (legalized next round), a quantized result quantized.
            let expressed = |t: &Type| match t.as_tensor().map(|t| &t.elem) {
                Some(ElementType::Quant(q)) => Some(q.expressed),
                Some(ElementType::Float(k)) => Some(*k),
                _ => None,
            };
            // Operands of other float types (quantized or not) are
            // converted to the result's float type, as the executor's
            // dot converts each operand to the type it accumulates in.
            let k = expressed(&out_t)
                .filter(|_| expressed(&lt).is_some() && expressed(&rt).is_some())
                .ok_or(
                    "ragged_dot: quantized operands are lowered when the operands and the result are floats or quantized",
                )?;
            let float = |t: &Type| -> Result<Type, String> {
                let mut tt = t.as_tensor().ok_or("ragged_dot: a tensor operand")?.clone();
                tt.elem = ElementType::Float(k);
                Ok(Type::Tensor(tt))
            };
            self.at = op.pos;
            let mut out = Vec::new();
            let mut plain = |p: &mut Self, v: ValueId, t: &Type| -> Result<ValueId, String> {
                let mut v = v;
                if is_quant(t) {
                    let mut tt = t.as_tensor().ok_or("ragged_dot: a tensor operand")?.clone();
                    tt.elem = expressed(t)
                        .map(ElementType::Float)
                        .ok_or("ragged_dot: a quantized operand")?;
                    v = p.emit(
                        &mut out,
                        "stablehlo.uniform_dequantize",
                        vec![v],
                        vec![],
                        vec![Type::Tensor(tt)],
                        vec![],
                    )[0];
                }
                if expressed(t) != Some(k) {
                    v = p.emit1(&mut out, "stablehlo.convert", vec![v], float(t)?);
                }
                Ok(v)
            };
            let (lf, rf) = (plain(self, l, &lt)?, plain(self, r, &rt)?);
            let dot = self.emit(
                &mut out,
                "chlo.ragged_dot",
                vec![lf, rf, gs],
                op.attrs.clone(),
                vec![float(&out_t)?],
                vec![],
            )[0];
            let v = if is_quant(&out_t) {
                self.emit(
                    &mut out,
                    "stablehlo.uniform_quantize",
                    vec![dot],
                    vec![],
                    vec![out_t.clone()],
                    vec![],
                )[0]
            } else {
                dot
            };
            self.rename.insert(op.results[0], v);
            return Ok(out);
        }
        let &[ragged] = &lr[..] else {
            return Err("ragged_dot: one lhs ragged dimension is lowered".into());
        };
        if usize::try_from(ragged).map_or(true, |d| d >= ld.len()) {
            return Err(format!(
                "ragged_dot: ragged dimension {ragged} out of range"
            ));
        }
        let list = |v: &[i64]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let dot_attr = |lb: &[i64], rb: &[i64], lc: &[i64], rc: &[i64]| {
            parsed_attr(&format!(
                "#stablehlo.dot<lhs_batching_dimensions = [{}], rhs_batching_dimensions = [{}], lhs_contracting_dimensions = [{}], rhs_contracting_dimensions = [{}]>",
                list(lb), list(rb), list(lc), list(rc)
            ))
        };
        self.at = op.pos;
        let mut out = Vec::new();
        let done = |p: &mut Self, out: Vec<Op>, v: ValueId| {
            p.rename.insert(op.results[0], v);
            match p.applied.iter_mut().find(|(n, _)| n == "ragged_dot") {
                Some(x) => x.1 += 1,
                None => p.applied.push(("ragged_dot".into(), 1)),
            }
            Ok(out)
        };
        if lc.contains(&ragged) {
            let a = dot_attr(&lb, &rb, &lc, &rc)?;
            let pos = lc.iter().position(|&x| x == ragged).unwrap_or(0);
            let rdim = rc
                .get(pos)
                .copied()
                .ok_or("ragged_dot: contracting lists differ")?;
            let v = self.ragged_dot_mode2(&mut out, [l, r, gs], ragged, rdim, a, &out_t)?;
            return done(self, out, v);
        }
        if lb.contains(&ragged) || rg.is_empty() {
            let a = dot_attr(&lb, &rb, &lc, &rc)?;
            let d = self.emit(
                &mut out,
                "stablehlo.dot_general",
                vec![l, r],
                vec![("dot_dimension_numbers".into(), a)],
                vec![out_t],
                vec![],
            )[0];
            return done(self, out, d);
        }
        let &[gdim] = &rg[..] else {
            return Err("ragged_dot: one rhs group dimension is lowered".into());
        };
        let gdim = usize::try_from(gdim).map_err(|_| "ragged_dot: bad group dimension")?;
        let Some((&groups, lead)) = gd_dims.split_last() else {
            return Err("ragged_dot: group_sizes of rank 0".into());
        };
        if gdim >= rd.len() || rd[gdim].is_some_and(|n| n != groups) {
            return Err("ragged_dot: group_sizes does not match the group dimension".into());
        }
        // group_sizes of rank > 1: one row of sizes per batch index. The
        // executor picks the row by the result's batch index, which is
        // CHLO's row (the lhs dimensions before the ragged one, contracting
        // ones left out) when those dimensions are the batch dimensions, in
        // order, and of static sizes; that case alone is lowered.
        if !lead.is_empty() {
            let before: Vec<i64> = (0..ragged).filter(|d| !lc.contains(d)).collect();
            let sizes: Vec<Option<u64>> = lb
                .iter()
                .map(|&d| {
                    usize::try_from(d)
                        .ok()
                        .and_then(|d| ld.get(d).copied().flatten())
                })
                .collect();
            if before != lb || sizes != lead.iter().map(|&n| Some(n)).collect::<Vec<_>>() {
                return Err(
                    "ragged_dot: group_sizes of rank > 1 is lowered when its leading dimensions are the lhs batch dimensions, in order, of static sizes".into(),
                );
            }
        }
        let lead = lead.to_vec();
        if groups > MAX_GROUPS {
            return Err(format!(
                "ragged_dot: {groups} groups (at most {MAX_GROUPS} are unrolled)"
            ));
        }
        let rl = usize::try_from(ragged).map_err(|_| "ragged_dot: bad ragged dimension")?;
        if rl >= ld.len() {
            return Err("ragged_dot: bad ragged dimension".into());
        }
        let lf: Vec<usize> = (0..ld.len())
            .filter(|d| !lb.contains(&(*d as i64)) && !lc.contains(&(*d as i64)))
            .collect();
        let p_r = lb.len()
            + lf.iter()
                .position(|&d| d == rl)
                .ok_or("ragged_dot: bad ragged dimension")?;
        if p_r >= od.len() {
            return Err("ragged_dot: the result's rank does not match".into());
        }
        let adj = |v: &[i64]| -> Vec<i64> {
            v.iter()
                .map(|&x| if x > gdim as i64 { x - 1 } else { x })
                .collect()
        };
        let dattr = dot_attr(&lb, &adj(&rb), &lc, &adj(&rc))?;
        let elem = out_t.as_tensor().ok_or("ragged_dot: result")?.elem.clone();
        let out_static = od.iter().all(Option::is_some);
        let i64t = |dims: Vec<Dim>| Type::Tensor(TensorType::ranked(dims, ElementType::I64));
        let i1t = Type::Tensor(TensorType::ranked(od.clone(), ElementType::I1));
        // The result's sizes (a `tensor<rank x i64>`), read from the
        // operands where the result's are dynamic.
        let shape = if out_static {
            None
        } else {
            let rf: Vec<usize> = (0..rd.len())
                .filter(|&d| d != gdim && !rb.contains(&(d as i64)) && !rc.contains(&(d as i64)))
                .collect();
            let mut srcs: Vec<(ValueId, &[Dim], usize)> = Vec::new();
            for &d in &lb {
                srcs.push((l, &ld, d as usize));
            }
            srcs.extend(lf.iter().map(|&d| (l, &ld[..], d)));
            srcs.extend(rf.iter().map(|&d| (r, &rd[..], d)));
            if srcs.len() != od.len() {
                return Err("ragged_dot: the result's rank does not match".into());
            }
            let mut parts = Vec::with_capacity(od.len());
            for (a, (x, dims, d)) in srcs.into_iter().enumerate() {
                parts.push(match od[a] {
                    Some(n) => self.const_i64(&mut out, n as i64)?,
                    None => self.size_i64(&mut out, x, dims, d)?,
                });
            }
            Some(self.vector(&mut out, &parts)?)
        };
        let zero_bits = zero_bytes(&elem);
        let mut acc = match shape {
            None => {
                let zero = dense_splat(&out_t, zero_bits)?;
                self.emit(
                    &mut out,
                    "stablehlo.constant",
                    vec![],
                    vec![("value".into(), zero)],
                    vec![out_t.clone()],
                    vec![],
                )[0]
            }
            Some(s) => {
                let st = scalar_of(&out_t)?;
                let zero = dense_splat(&st, zero_bits)?;
                let z = self.emit(
                    &mut out,
                    "stablehlo.constant",
                    vec![],
                    vec![("value".into(), zero)],
                    vec![st],
                    vec![],
                )[0];
                self.splat(&mut out, z, s, out_t.clone())
            }
        };
        let rows = match shape {
            None => self.emit(
                &mut out,
                "stablehlo.iota",
                vec![],
                vec![(
                    "iota_dimension".into(),
                    Attr::Int(p_r as i128, ElementType::I64),
                )],
                vec![i64t(od.clone())],
                vec![],
            )[0],
            Some(s) => self.emit(
                &mut out,
                "stablehlo.dynamic_iota",
                vec![s],
                vec![(
                    "iota_dimension".into(),
                    Attr::Int(p_r as i128, ElementType::I64),
                )],
                vec![i64t(od.clone())],
                vec![],
            )[0],
        };
        let m = self.size_i64(&mut out, l, &ld, rl)?;
        // The bounds: one per row of group_sizes (`lead`, the batch
        // dimensions' sizes; none for rank-1 group_sizes).
        let lead_t = i64t(lead.iter().map(|&n| Some(n)).collect());
        let zero = self.const_i64(&mut out, 0)?;
        let mut start = self.broadcast_scalar(&mut out, zero, &lead_t);
        let m_lead = self.broadcast_scalar(&mut out, m, &lead_t);
        let lead_dims: Vec<i64> = (0..lead.len() as i64).collect();
        let bcast = |p: &mut Self, out: &mut Vec<Op>, v: ValueId| match shape {
            None => p.emit(
                out,
                "stablehlo.broadcast_in_dim",
                vec![v],
                vec![(
                    "broadcast_dimensions".into(),
                    Attr::DenseArray(crate::ir::attr::DenseArray::I64(lead_dims.clone())),
                )],
                vec![i64t(od.clone())],
                vec![],
            )[0],
            Some(s) => p.emit(
                out,
                "stablehlo.dynamic_broadcast_in_dim",
                vec![v, s],
                vec![(
                    "broadcast_dimensions".into(),
                    Attr::DenseArray(crate::ir::attr::DenseArray::I64(lead_dims.clone())),
                )],
                vec![i64t(od.clone())],
                vec![],
            )[0],
        };
        let cmp = signed_compare;
        let rhs_static = rd.iter().all(Option::is_some);
        let mut rg_dims = rd.clone();
        rg_dims.remove(gdim);
        let rg_t = with_dim_list(&rt, rg_dims)?;
        let mut sl_dims = rd.clone();
        sl_dims[gdim] = Some(1);
        let sl_t = with_dim_list(&rt, sl_dims)?;
        for g in 0..groups {
            let arr = |v: Vec<i64>| Attr::DenseArray(crate::ir::attr::DenseArray::I64(v));
            let rgv = if rhs_static {
                let lim: Vec<i64> = rd
                    .iter()
                    .enumerate()
                    .map(|(a, d)| {
                        if a == gdim {
                            g as i64 + 1
                        } else {
                            d.unwrap_or(0) as i64
                        }
                    })
                    .collect();
                let mut st = vec![0i64; rd.len()];
                st[gdim] = g as i64;
                let sl = self.emit(
                    &mut out,
                    "stablehlo.slice",
                    vec![r],
                    vec![
                        ("start_indices".into(), arr(st)),
                        ("limit_indices".into(), arr(lim)),
                        ("strides".into(), arr(vec![1; rd.len()])),
                    ],
                    vec![sl_t.clone()],
                    vec![],
                )[0];
                self.emit1(&mut out, "stablehlo.reshape", vec![sl], rg_t.clone())
            } else {
                let zero = self.const_i64(&mut out, 0)?;
                let gi = self.const_i64(&mut out, g as i64)?;
                let next = self.const_i64(&mut out, g as i64 + 1)?;
                let one = self.const_i64(&mut out, 1)?;
                let starts: Vec<ValueId> = (0..rd.len())
                    .map(|a| if a == gdim { gi } else { zero })
                    .collect();
                let start_v = self.vector(&mut out, &starts)?;
                let limit_v = self.sizes(&mut out, r, &rd, Some((gdim, next)))?;
                let strides = self.vector(&mut out, &vec![one; rd.len()])?;
                let sl = self.emit1(
                    &mut out,
                    "stablehlo.real_dynamic_slice",
                    vec![r, start_v, limit_v, strides],
                    sl_t.clone(),
                );
                self.reshaped(&mut out, sl, rg_t.clone(), r, &rd, gdim, true)?
            };
            let dot = self.emit(
                &mut out,
                "stablehlo.dot_general",
                vec![l, rgv],
                vec![("dot_dimension_numbers".into(), dattr.clone())],
                vec![out_t.clone()],
                vec![],
            )[0];
            let size = self.group_size_rows(&mut out, gs, &gt, &lead, g as i64, m)?;
            let end = self.emit1(&mut out, "stablehlo.add", vec![start, size], lead_t.clone());
            let end = self.emit1(
                &mut out,
                "stablehlo.minimum",
                vec![end, m_lead],
                lead_t.clone(),
            );
            let bs = bcast(self, &mut out, start);
            let be = bcast(self, &mut out, end);
            let ge = self.emit(
                &mut out,
                "stablehlo.compare",
                vec![rows, bs],
                cmp("GE")?,
                vec![i1t.clone()],
                vec![],
            )[0];
            let lt = self.emit(
                &mut out,
                "stablehlo.compare",
                vec![rows, be],
                cmp("LT")?,
                vec![i1t.clone()],
                vec![],
            )[0];
            let mk = self.emit1(&mut out, "stablehlo.and", vec![ge, lt], i1t.clone());
            acc = self.emit1(
                &mut out,
                "stablehlo.select",
                vec![mk, dot, acc],
                out_t.clone(),
            );
            start = end;
        }
        done(self, out, acc)
    }

    /// Element `g` of the rank-1 `group_sizes` `gs` (of type `gt`) as a
    /// `tensor<i64>` clamped to [0, `k`] (`k` a `tensor<i64>` >= 0). An
    /// unsigned 64-bit size is clamped before it is converted, so a size of
    /// 2^63 or more is `k`, as in the executor (which reads sizes as i128).
    fn group_size(
        &mut self,
        out: &mut Vec<Op>,
        gs: ValueId,
        gt: &Type,
        g: i64,
        k: ValueId,
    ) -> Result<ValueId, String> {
        use crate::ir::types::Signedness;
        use crate::ir::ElementType;
        let ge = gt
            .as_tensor()
            .ok_or("ragged_dot: group_sizes")?
            .elem
            .clone();
        let arr = |v: Vec<i64>| Attr::DenseArray(crate::ir::attr::DenseArray::I64(v));
        let one_t = with_dim_list(gt, vec![Some(1)])?;
        let s1 = self.emit(
            out,
            "stablehlo.slice",
            vec![gs],
            vec![
                ("start_indices".into(), arr(vec![g])),
                ("limit_indices".into(), arr(vec![g + 1])),
                ("strides".into(), arr(vec![1])),
            ],
            vec![one_t],
            vec![],
        )[0];
        let s = self.emit1(out, "stablehlo.reshape", vec![s1], scalar(&ge));
        let i64s = scalar(&ElementType::I64);
        match ge {
            ElementType::Int(Signedness::Unsigned, 64) => {
                let ku = self.emit1(out, "stablehlo.convert", vec![k], scalar(&ge));
                let c = self.emit1(out, "stablehlo.minimum", vec![s, ku], scalar(&ge));
                Ok(self.emit1(out, "stablehlo.convert", vec![c], i64s))
            }
            ElementType::Int(_, _) => {
                let s = if ge == ElementType::I64 {
                    s
                } else {
                    self.emit1(out, "stablehlo.convert", vec![s], i64s.clone())
                };
                let zero = self.const_i64(out, 0)?;
                let s = self.emit1(out, "stablehlo.maximum", vec![s, zero], i64s.clone());
                Ok(self.emit1(out, "stablehlo.minimum", vec![s, k], i64s))
            }
            _ => Err(format!("ragged_dot: group_sizes of integers, not {ge}")),
        }
    }

    /// The rank-0 `v` broadcast to the static type `to` (`v` itself when
    /// `to` has rank 0).
    fn broadcast_scalar(&mut self, out: &mut Vec<Op>, v: ValueId, to: &Type) -> ValueId {
        if ranked_dims(to).is_some_and(|d| d.is_empty()) {
            return v;
        }
        self.emit(
            out,
            "stablehlo.broadcast_in_dim",
            vec![v],
            vec![(
                "broadcast_dimensions".into(),
                Attr::DenseArray(crate::ir::attr::DenseArray::I64(vec![])),
            )],
            vec![to.clone()],
            vec![],
        )[0]
    }

    /// Group `g`'s sizes of the `group_sizes` `gs` (of type `gt`, of static
    /// shape `lead` ++ [groups]): a `tensor<lead x i64>`, each size clamped
    /// to [0, `k`] (`k` a `tensor<i64>` >= 0) as [`Self::group_size`] clamps
    /// one.
    fn group_size_rows(
        &mut self,
        out: &mut Vec<Op>,
        gs: ValueId,
        gt: &Type,
        lead: &[u64],
        g: i64,
        k: ValueId,
    ) -> Result<ValueId, String> {
        use crate::ir::types::Signedness;
        use crate::ir::ElementType;
        if lead.is_empty() {
            return self.group_size(out, gs, gt, g, k);
        }
        let ge = gt
            .as_tensor()
            .ok_or("ragged_dot: group_sizes")?
            .elem
            .clone();
        let arr = |v: Vec<i64>| Attr::DenseArray(crate::ir::attr::DenseArray::I64(v));
        let rank = lead.len() + 1;
        let mut start = vec![0i64; rank];
        start[rank - 1] = g;
        let mut limit: Vec<i64> = lead.iter().map(|&n| n as i64).collect();
        limit.push(g + 1);
        let mut one_dims: Vec<Dim> = lead.iter().map(|&n| Some(n)).collect();
        one_dims.push(Some(1));
        let one_t = with_dim_list(gt, one_dims)?;
        let lead_dims: Vec<Dim> = lead.iter().map(|&n| Some(n)).collect();
        let row_t = with_dim_list(gt, lead_dims.clone())?;
        let i64_t = Type::Tensor(crate::ir::TensorType::ranked(lead_dims, ElementType::I64));
        let s1 = self.emit(
            out,
            "stablehlo.slice",
            vec![gs],
            vec![
                ("start_indices".into(), arr(start)),
                ("limit_indices".into(), arr(limit)),
                ("strides".into(), arr(vec![1; rank])),
            ],
            vec![one_t],
            vec![],
        )[0];
        let s = self.emit1(out, "stablehlo.reshape", vec![s1], row_t.clone());
        match ge {
            ElementType::Int(Signedness::Unsigned, 64) => {
                let ku = self.emit1(out, "stablehlo.convert", vec![k], scalar(&ge));
                let ku = self.broadcast_scalar(out, ku, &row_t);
                let c = self.emit1(out, "stablehlo.minimum", vec![s, ku], row_t);
                Ok(self.emit1(out, "stablehlo.convert", vec![c], i64_t))
            }
            ElementType::Int(_, _) => {
                let s = if ge == ElementType::I64 {
                    s
                } else {
                    self.emit1(out, "stablehlo.convert", vec![s], i64_t.clone())
                };
                let zero = self.const_i64(out, 0)?;
                let zero = self.broadcast_scalar(out, zero, &i64_t);
                let kb = self.broadcast_scalar(out, k, &i64_t);
                let s = self.emit1(out, "stablehlo.maximum", vec![s, zero], i64_t.clone());
                Ok(self.emit1(out, "stablehlo.minimum", vec![s, kb], i64_t))
            }
            _ => Err(format!("ragged_dot: group_sizes of integers, not {ge}")),
        }
    }

    /// The scalar `v` broadcast to the sizes `shape` (a `tensor<rank x i64>`).
    fn splat(&mut self, out: &mut Vec<Op>, v: ValueId, shape: ValueId, to: Type) -> ValueId {
        self.emit(
            out,
            "stablehlo.dynamic_broadcast_in_dim",
            vec![v, shape],
            vec![(
                "broadcast_dimensions".into(),
                Attr::DenseArray(crate::ir::attr::DenseArray::I64(vec![])),
            )],
            vec![to],
            vec![],
        )[0]
    }
    /// Mode 2 of `chlo.ragged_dot` (the ragged dimension `ragged` of the lhs
    /// is contracted with dimension `rdim` of the rhs): result `g` along the
    /// new leading dimension is the `dot_general` (numbers `dims`) of both
    /// operands with every contracting position outside group `g`'s range
    /// [start, end) set to zero (`iota`, `compare`, `select`), the ranges
    /// from `group_sizes` at run time, each size clamped to [0, K] and each
    /// bound to K (K the ragged dimension's size), as the executor clamps
    /// its slices. The executor contracts the group's slice only; here the
    /// positions outside it add products 0·0 = +0 to the accumulator, which
    /// starts at +0 and so is never −0: adding +0 changes no bit (a NaN or
    /// ∞ stays), and the positions inside are accumulated in the same order.
    /// Static sizes and element types with a zero only; otherwise (dynamic
    /// sizes, f8E8M0FNU) [`Self::ragged_dot_mode2_sliced`]. Sizes are read
    /// by [`Self::group_size`] (ui64 sizes of 2^63 and more clamp to K).
    /// Not lowered: `group_sizes` of rank > 1 (the executor has no such
    /// mode 2), quantized operands ([`Self::ragged_dot`] dequantizes them first).
    fn ragged_dot_mode2(
        &mut self,
        out: &mut Vec<Op>,
        [l, r, gs]: [ValueId; 3],
        ragged: i64,
        rdim: i64,
        dims: Attr,
        out_t: &Type,
    ) -> Result<ValueId, String> {
        use crate::ir::{ElementType, TensorType};
        let ty = |p: &Self, v: ValueId| p.types[v as usize].clone();
        let (lt, rt, gt) = (ty(self, l), ty(self, r), ty(self, gs));
        let gd = static_dims(&gt)?;
        if gd.len() != 1 {
            return Err("ragged_dot: mode 2 is lowered for rank-1 group_sizes".into());
        }
        let elem = |t: &Type| t.as_tensor().map(|t| t.elem.clone());
        let (le, re, oe) = (elem(&lt), elem(&rt), elem(out_t));
        let with_zero = |e: &Option<ElementType>| match e {
            Some(ElementType::Float(k)) => k.format().has_zero,
            Some(ElementType::Complex(_) | ElementType::Int(..)) => true,
            _ => false,
        };
        let all_static =
            static_dims(&lt).is_ok() && static_dims(&rt).is_ok() && static_dims(out_t).is_ok();
        if !all_static || !with_zero(&le) || !with_zero(&re) || !with_zero(&oe) {
            return self.ragged_dot_mode2_sliced(out, [l, r, gs], ragged, rdim, dims, out_t);
        }
        let (ld, rd, od) = (static_dims(&lt)?, static_dims(&rt)?, static_dims(out_t)?);
        let (rl, rr) = (ragged as usize, rdim as usize);
        if rl >= ld.len() || rr >= rd.len() || ld[rl] != rd[rr] || od.first() != Some(&gd[0]) {
            return Err("ragged_dot: bad mode 2 dimensions".into());
        }
        let k = ld[rl] as i64;
        let groups = gd[0];
        if groups > MAX_GROUPS {
            return Err(format!(
                "ragged_dot: {groups} groups (at most {MAX_GROUPS} are unrolled)"
            ));
        }
        let i64t = |dims: &[u64]| {
            Type::Tensor(TensorType::ranked(
                dims.iter().map(|&d| Some(d)).collect(),
                ElementType::I64,
            ))
        };
        let i1t = |dims: &[u64]| {
            Type::Tensor(TensorType::ranked(
                dims.iter().map(|&d| Some(d)).collect(),
                ElementType::I1,
            ))
        };
        let zeros = |p: &mut Self, out: &mut Vec<Op>, t: &Type| -> Result<ValueId, String> {
            let n = t.as_tensor().ok_or("a tensor type")?.elem.storage_bytes();
            let a = dense_splat(t, vec![0u8; n])?;
            Ok(p.emit(
                out,
                "stablehlo.constant",
                vec![],
                vec![("value".into(), a)],
                vec![t.clone()],
                vec![],
            )[0])
        };
        if groups == 0 {
            return zeros(self, out, out_t);
        }
        let arr = |v: Vec<i64>| Attr::DenseArray(crate::ir::attr::DenseArray::I64(v));
        let iota = |p: &mut Self, out: &mut Vec<Op>, dims: &[u64], d: usize| {
            p.emit(
                out,
                "stablehlo.iota",
                vec![],
                vec![(
                    "iota_dimension".into(),
                    Attr::Int(d as i128, ElementType::I64),
                )],
                vec![i64t(dims)],
                vec![],
            )[0]
        };
        let bcast = |p: &mut Self, out: &mut Vec<Op>, v: ValueId, dims: &[u64]| {
            p.emit(
                out,
                "stablehlo.broadcast_in_dim",
                vec![v],
                vec![("broadcast_dimensions".into(), arr(vec![]))],
                vec![i64t(dims)],
                vec![],
            )[0]
        };
        let cmp = signed_compare;
        // in[start, end) along dimension `d` of a tensor of sizes `dims`.
        let mask = |p: &mut Self,
                    out: &mut Vec<Op>,
                    pos: ValueId,
                    dims: &[u64],
                    start: ValueId,
                    end: ValueId|
         -> Result<ValueId, String> {
            let bs = bcast(p, out, start, dims);
            let be = bcast(p, out, end, dims);
            let ge = p.emit(
                out,
                "stablehlo.compare",
                vec![pos, bs],
                cmp("GE")?,
                vec![i1t(dims)],
                vec![],
            )[0];
            let lt = p.emit(
                out,
                "stablehlo.compare",
                vec![pos, be],
                cmp("LT")?,
                vec![i1t(dims)],
                vec![],
            )[0];
            Ok(p.emit1(out, "stablehlo.and", vec![ge, lt], i1t(dims)))
        };
        let scalar = i64t(&[]);
        let lpos = iota(self, out, &ld, rl);
        let rpos = iota(self, out, &rd, rr);
        let lzero = zeros(self, out, &lt)?;
        let rzero = zeros(self, out, &rt)?;
        let zero = self.const_i64(out, 0)?;
        let kc = self.const_i64(out, k)?;
        let dot_dims = od[1..].to_vec();
        let dot_t = with_dims(out_t, dot_dims.clone())?;
        let mut one_dims = vec![1];
        one_dims.extend_from_slice(&dot_dims);
        let one_t = with_dims(out_t, one_dims)?;
        let mut start = zero;
        let mut parts = Vec::new();
        for g in 0..groups as i64 {
            let size = self.group_size(out, gs, &gt, g, kc)?;
            let end = self.emit1(out, "stablehlo.add", vec![start, size], scalar.clone());
            let end = self.emit1(out, "stablehlo.minimum", vec![end, kc], scalar.clone());
            let ml = mask(self, out, lpos, &ld, start, end)?;
            let mr = mask(self, out, rpos, &rd, start, end)?;
            let lg = self.emit1(out, "stablehlo.select", vec![ml, l, lzero], lt.clone());
            let rg = self.emit1(out, "stablehlo.select", vec![mr, r, rzero], rt.clone());
            let d = self.emit(
                out,
                "stablehlo.dot_general",
                vec![lg, rg],
                vec![("dot_dimension_numbers".into(), dims.clone())],
                vec![dot_t.clone()],
                vec![],
            )[0];
            parts.push(self.emit1(out, "stablehlo.reshape", vec![d], one_t.clone()));
            start = end;
        }
        if parts.len() == 1 {
            return Ok(parts[0]);
        }
        Ok(self.emit(
            out,
            "stablehlo.concatenate",
            parts,
            vec![("dimension".into(), Attr::Int(0, ElementType::I64))],
            vec![out_t.clone()],
            vec![],
        )[0])
    }

    /// Mode 2 of `chlo.ragged_dot` by slices: result `g` is the
    /// `dot_general` of the two operands' slices along the contracted ragged
    /// dimension over group `g`'s range [start, end) (`real_dynamic_slice`
    /// with bounds computed at run time, each size clamped to [0, K] and
    /// each bound to K, K the ragged dimension's size read at run time),
    /// which is what the executor contracts: the same operands, so the same
    /// accumulation, an empty range included (a sum of nothing: +0, or NaN
    /// in f8E8M0FNU). Used where operands or result have dynamic sizes and
    /// where an element type has no zero to mask with (f8E8M0FNU).
    fn ragged_dot_mode2_sliced(
        &mut self,
        out: &mut Vec<Op>,
        [l, r, gs]: [ValueId; 3],
        ragged: i64,
        rdim: i64,
        dims: Attr,
        out_t: &Type,
    ) -> Result<ValueId, String> {
        use crate::ir::ElementType;
        let ty = |p: &Self, v: ValueId| p.types[v as usize].clone();
        let (lt, rt, gt) = (ty(self, l), ty(self, r), ty(self, gs));
        let ranked = |t: &Type| ranked_dims(t).ok_or_else(|| format!("{t} is not ranked"));
        let (ld, rd, od) = (ranked(&lt)?, ranked(&rt)?, ranked(out_t)?);
        let gd = static_dims(&gt)?;
        let (Ok(rl), Ok(rr)) = (usize::try_from(ragged), usize::try_from(rdim)) else {
            return Err("ragged_dot: bad mode 2 dimensions".into());
        };
        let differ = matches!((ld.get(rl), rd.get(rr)), (Some(Some(a)), Some(Some(b))) if a != b);
        if rl >= ld.len()
            || rr >= rd.len()
            || differ
            || gd.len() != 1
            || od.is_empty()
            || od[0].is_some_and(|n| n != gd[0])
        {
            return Err("ragged_dot: bad mode 2 dimensions".into());
        }
        let groups = gd[0];
        if groups > MAX_GROUPS {
            return Err(format!(
                "ragged_dot: {groups} groups (at most {MAX_GROUPS} are unrolled)"
            ));
        }
        let k = self.size_i64(out, l, &ld, rl)?;
        let zero = self.const_i64(out, 0)?;
        let one = self.const_i64(out, 1)?;
        let scalar = scalar(&ElementType::I64);
        let dot_dims = od[1..].to_vec();
        let dot_t = with_dim_list(out_t, dot_dims.clone())?;
        let mut one_dims = vec![Some(1)];
        one_dims.extend_from_slice(&dot_dims);
        let one_t = with_dim_list(out_t, one_dims)?;
        let mut lsd = ld.clone();
        lsd[rl] = None;
        let mut rsd = rd.clone();
        rsd[rr] = None;
        let (ls_t, rs_t) = (with_dim_list(&lt, lsd)?, with_dim_list(&rt, rsd)?);
        // x[..., start:end, ...] along `d` (dimensions `xd`).
        let slice = |p: &mut Self,
                     out: &mut Vec<Op>,
                     x: ValueId,
                     xd: &[Dim],
                     d: usize,
                     start: ValueId,
                     end: ValueId,
                     to: Type|
         -> Result<ValueId, String> {
            let starts: Vec<ValueId> = (0..xd.len())
                .map(|a| if a == d { start } else { zero })
                .collect();
            let sv = p.vector(out, &starts)?;
            let lv = p.sizes(out, x, xd, Some((d, end)))?;
            let st = p.vector(out, &vec![one; xd.len()])?;
            Ok(p.emit1(out, "stablehlo.real_dynamic_slice", vec![x, sv, lv, st], to))
        };
        let mut start = zero;
        let mut parts = Vec::new();
        // With no group, one empty group gives the result's other sizes.
        for g in 0..groups.max(1) as i64 {
            let end = if groups == 0 {
                zero
            } else {
                let size = self.group_size(out, gs, &gt, g, k)?;
                let end = self.emit1(out, "stablehlo.add", vec![start, size], scalar.clone());
                self.emit1(out, "stablehlo.minimum", vec![end, k], scalar.clone())
            };
            let ls = slice(self, out, l, &ld, rl, start, end, ls_t.clone())?;
            let rs = slice(self, out, r, &rd, rr, start, end, rs_t.clone())?;
            let d = self.emit(
                out,
                "stablehlo.dot_general",
                vec![ls, rs],
                vec![("dot_dimension_numbers".into(), dims.clone())],
                vec![dot_t.clone()],
                vec![],
            )[0];
            let part = if dot_dims.iter().all(Option::is_some) {
                self.emit1(out, "stablehlo.reshape", vec![d], one_t.clone())
            } else {
                let mut sz = vec![one];
                for a in 0..dot_dims.len() {
                    sz.push(self.size_i64(out, d, &dot_dims, a)?);
                }
                let shape = self.vector(out, &sz)?;
                self.emit1(
                    out,
                    "stablehlo.dynamic_reshape",
                    vec![d, shape],
                    one_t.clone(),
                )
            };
            parts.push(part);
            start = end;
        }
        if groups == 0 {
            // [0:0) of the one part along its leading dimension.
            let mut ed = vec![Some(1)];
            ed.extend_from_slice(&dot_dims);
            return slice(self, out, parts[0], &ed, 0, zero, zero, out_t.clone());
        }
        if parts.len() == 1 {
            return Ok(parts[0]);
        }
        Ok(self.emit(
            out,
            "stablehlo.concatenate",
            parts,
            vec![("dimension".into(), Attr::Int(0, ElementType::I64))],
            vec![out_t.clone()],
            vec![],
        )[0])
    }

    /// `chlo.scan` as a `stablehlo.while` (in Rust rather than a rule: its
    /// operand lists are variadic, which patterns cannot express). The loop
    /// carries a step counter, the inputs, the carries and one accumulator
    /// per output (zeros at first). Step `i` visits position `i` along
    /// `dimension` (`L − 1 − i` when `is_reverse`): each input's slice there
    /// (`dynamic_slice` and a `reshape` dropping the dimension) and the
    /// carries go to the scan's own body, inlined; its output slices are
    /// written at that position (`dynamic_update_slice`), its carries carried.
    /// The executor runs the body on the same slices in the same order, so
    /// the bits are the same.
    ///
    /// With dynamic sizes the same loop reads the sizes at run time
    /// (`get_dimension_size` of the carried inputs): the scan length, the
    /// slices (`real_dynamic_slice` and `dynamic_reshape`), and the outputs'
    /// zeros (`dynamic_broadcast_in_dim` to the sizes of the matching input,
    /// since an output has its input's shape, (CH3)). Inputs whose scan
    /// lengths differ, which the executor rejects, are outside (CH3): the
    /// loop takes the first input's length.
    ///
    /// Quantized (per-tensor) inputs, carries and outputs: the loop moves
    /// their storage as the executor's slices and stacking do, and the body's
    /// ops are the scan's own; an output's first value, a zero splat of its
    /// quantized type, is overwritten at every position. Per-axis quantized
    /// types are not lowered: StableHLO's `dynamic_slice`,
    /// `dynamic_update_slice` and `real_dynamic_slice` take no per-axis
    /// quantized tensors, and a round trip through floats is not exact for
    /// every scale.
    fn scan(&mut self, op: &'p Op) -> Result<Vec<Op>, String> {
        let seg: Vec<i64> = match op.attr("operandSegmentSizes") {
            Some(Attr::DenseArray(crate::ir::attr::DenseArray::Int(_, v)))
            | Some(Attr::DenseArray(crate::ir::attr::DenseArray::I64(v))) => v.clone(),
            _ => return Err("scan: no `operandSegmentSizes`".into()),
        };
        let [ni, nc] = seg[..] else {
            return Err("scan: `operandSegmentSizes` must have two entries".into());
        };
        let (Ok(ni), Ok(nc)) = (usize::try_from(ni), usize::try_from(nc)) else {
            return Err("scan: negative `operandSegmentSizes`".into());
        };
        if ni == 0 || ni.checked_add(nc) != Some(op.operands.len()) || op.results.len() < nc {
            return Err("scan: operand or result counts do not match".into());
        }
        let n_out = op.results.len() - nc;
        if n_out > ni {
            return Err("scan: more outputs than inputs".into());
        }
        let d = op
            .attr("dimension")
            .and_then(Attr::as_i64)
            .and_then(|d| usize::try_from(d).ok())
            .ok_or("scan: no `dimension`")?;
        let reverse = matches!(op.attr("is_reverse"), Some(Attr::Bool(true)));
        let body = match op.regions.first().map(|r| &r.blocks[..]) {
            Some([b]) => b,
            _ => return Err("scan: the body must be one block".into()),
        };
        let Some((term, body_ops)) = body.ops.split_last() else {
            return Err("scan: empty body".into());
        };
        if term.operands.len() != n_out + nc || body.args.len() != ni + nc {
            return Err("scan: the body's arguments or results do not match".into());
        }
        let ty = |p: &Self, v: ValueId| p.types[v as usize].clone();
        let in_types: Vec<Type> = op.operands.iter().map(|v| ty(self, *v)).collect();
        let out_types: Vec<Type> = op.results.iter().map(|v| ty(self, *v)).collect();
        for t in in_types.iter().chain(&out_types) {
            match t.as_tensor() {
                Some(tt) if tt.dims.is_none() => {
                    return Err("scan: unranked tensors are not lowered".into())
                }
                Some(tt) if matches!(&tt.elem, crate::ir::ElementType::Quant(q) if q.axis.is_some()) => {
                    return Err("scan: per-axis quantized tensors are not lowered".into())
                }
                _ => {}
            }
        }
        let scanned: Vec<Vec<Dim>> = in_types[..ni]
            .iter()
            .map(|t| ranked_dims(t).ok_or("scan: an input is not a ranked tensor"))
            .collect::<Result<_, _>>()?;
        if scanned.iter().any(|dims| dims.len() <= d) {
            return Err("scan: `dimension` out of range".into());
        }
        self.at = op.pos;
        let mut out = Vec::new();
        let zero = self.const_i64(&mut out, 0)?;
        let operands: Vec<ValueId> = op
            .operands
            .iter()
            .map(|v| *self.rename.get(v).unwrap_or(v))
            .collect();
        let mut init = vec![zero];
        init.extend(&operands);
        for k in 0..n_out {
            let t = &out_types[k];
            let tt = t.as_tensor().ok_or("scan: an output is not a tensor")?;
            let z = if static_dims(t).is_ok() {
                let c = dense_splat(t, vec![0u8; tt.elem.storage_bytes()])?;
                self.emit(
                    &mut out,
                    "stablehlo.constant",
                    vec![],
                    vec![("value".into(), c)],
                    vec![t.clone()],
                    vec![],
                )[0]
            } else {
                let c = self.emit(
                    &mut out,
                    "stablehlo.constant",
                    vec![],
                    vec![(
                        "value".into(),
                        dense_splat(&scalar(&tt.elem), vec![0u8; tt.elem.storage_bytes()])?,
                    )],
                    vec![scalar(&tt.elem)],
                    vec![],
                )[0];
                let sizes = self.sizes(&mut out, operands[k], &scanned[k], None)?;
                self.emit(
                    &mut out,
                    "stablehlo.dynamic_broadcast_in_dim",
                    vec![c, sizes],
                    vec![(
                        "broadcast_dimensions".into(),
                        Attr::DenseArray(crate::ir::attr::DenseArray::I64(vec![])),
                    )],
                    vec![t.clone()],
                    vec![],
                )[0]
            };
            init.push(z);
        }
        let loop_types: Vec<Type> = init.iter().map(|v| ty(self, *v)).collect();
        let i1 = scalar(&crate::ir::ElementType::I1);
        // cond: i < L
        let cargs: Vec<ValueId> = loop_types.iter().map(|t| self.value(t.clone())).collect();
        let mut cops = Vec::new();
        let l = self.size_i64(&mut cops, cargs[1], &scanned[0], d)?;
        let lt = self.emit(
            &mut cops,
            "stablehlo.compare",
            vec![cargs[0], l],
            signed_compare("LT")?,
            vec![i1],
            vec![],
        );
        self.emit(&mut cops, "stablehlo.return", lt, vec![], vec![], vec![]);
        // body
        let bargs: Vec<ValueId> = loop_types.iter().map(|t| self.value(t.clone())).collect();
        let mut bops = Vec::new();
        let i = bargs[0];
        let it = ty(self, i);
        let idx = if reverse {
            let last = match scanned[0][d] {
                Some(n) => self.const_i64(&mut bops, n as i64 - 1)?,
                None => {
                    let l = self.size_i64(&mut bops, bargs[1], &scanned[0], d)?;
                    let one = self.const_i64(&mut bops, 1)?;
                    self.emit1(&mut bops, "stablehlo.subtract", vec![l, one], it.clone())
                }
            };
            self.emit1(&mut bops, "stablehlo.subtract", vec![last, i], it.clone())
        } else {
            i
        };
        let z = self.const_i64(&mut bops, 0)?;
        for j in 0..ni {
            let dims = &scanned[j];
            let mut sdims = dims.clone();
            sdims[d] = Some(1);
            let st = with_dim_list(&in_types[j], sdims.clone())?;
            let at = ty(self, body.args[j]);
            let x = bargs[1 + j];
            let sl = if dims.iter().all(Option::is_some) {
                let starts: Vec<ValueId> = (0..dims.len())
                    .map(|a| if a == d { idx } else { z })
                    .collect();
                let mut opnds = vec![x];
                opnds.extend(starts);
                let sizes = sdims.iter().map(|&s| s.unwrap_or(1) as i64).collect();
                let ds = self.emit(
                    &mut bops,
                    "stablehlo.dynamic_slice",
                    opnds,
                    vec![(
                        "slice_sizes".into(),
                        Attr::DenseArray(crate::ir::attr::DenseArray::I64(sizes)),
                    )],
                    vec![st],
                    vec![],
                );
                self.emit1(&mut bops, "stablehlo.reshape", ds, at)
            } else {
                // start: idx at `d`, 0 elsewhere; limit: idx + 1 at `d`,
                // the input's size elsewhere; strides: 1.
                let one = self.const_i64(&mut bops, 1)?;
                let next = self.emit1(&mut bops, "stablehlo.add", vec![idx, one], it.clone());
                let starts: Vec<ValueId> = (0..dims.len())
                    .map(|a| if a == d { idx } else { z })
                    .collect();
                let start = self.vector(&mut bops, &starts)?;
                let limit = self.sizes(&mut bops, x, dims, Some((d, next)))?;
                let ones = vec![one; dims.len()];
                let strides = self.vector(&mut bops, &ones)?;
                let rs = self.emit1(
                    &mut bops,
                    "stablehlo.real_dynamic_slice",
                    vec![x, start, limit, strides],
                    st,
                );
                self.reshaped(&mut bops, rs, at, x, dims, d, true)?
            };
            self.rename.insert(body.args[j], sl);
        }
        for k in 0..nc {
            self.rename.insert(body.args[ni + k], bargs[1 + ni + k]);
        }
        let mut inner = self.ops(body_ops);
        bops.append(&mut inner);
        let ret: Vec<ValueId> = term
            .operands
            .iter()
            .map(|v| *self.rename.get(v).unwrap_or(v))
            .collect();
        let mut next = Vec::with_capacity(bargs.len());
        let one = self.const_i64(&mut bops, 1)?;
        next.push(self.emit1(&mut bops, "stablehlo.add", vec![i, one], it));
        next.extend(&bargs[1..1 + ni]);
        next.extend(&ret[n_out..]);
        for k in 0..n_out {
            let odims = ranked_dims(&out_types[k]).ok_or("scan: an output is not ranked")?;
            if odims.len() != scanned[k].len() {
                return Err("scan: an output's rank differs from its input's".into());
            }
            let mut udims = odims.clone();
            udims[d] = Some(1);
            let ut = with_dim_list(&out_types[k], udims)?;
            // The update's sizes: the input's, 1 along `d` (CH3).
            let u = self.reshaped(&mut bops, ret[k], ut, bargs[1 + k], &scanned[k], d, false)?;
            let mut opnds = vec![bargs[1 + ni + nc + k], u];
            opnds.extend((0..odims.len()).map(|a| if a == d { idx } else { z }));
            let t = out_types[k].clone();
            next.push(self.emit1(&mut bops, "stablehlo.dynamic_update_slice", opnds, t));
        }
        self.emit(&mut bops, "stablehlo.return", next, vec![], vec![], vec![]);
        let w = self.emit(
            &mut out,
            "stablehlo.while",
            init,
            vec![],
            loop_types,
            vec![
                Region {
                    blocks: vec![Block {
                        args: cargs,
                        ops: cops,
                    }],
                },
                Region {
                    blocks: vec![Block {
                        args: bargs,
                        ops: bops,
                    }],
                },
            ],
        );
        for k in 0..n_out {
            self.rename.insert(op.results[k], w[1 + ni + nc + k]);
        }
        for k in 0..nc {
            self.rename.insert(op.results[n_out + k], w[1 + ni + k]);
        }
        match self.applied.iter_mut().find(|(n, _)| n == "scan") {
            Some(x) => x.1 += 1,
            None => self.applied.push(("scan".into(), 1)),
        }
        Ok(out)
    }

    /// Size `a` of `x` (dimensions `dims`) as a `tensor<i64>`: a constant
    /// when static, else `get_dimension_size` converted.
    fn size_i64(
        &mut self,
        out: &mut Vec<Op>,
        x: ValueId,
        dims: &[Dim],
        a: usize,
    ) -> Result<ValueId, String> {
        match dims.get(a) {
            Some(Some(n)) => {
                let n = i64::try_from(*n).map_err(|_| "a size past i64")?;
                self.const_i64(out, n)
            }
            Some(None) => {
                let s = self.emit(
                    out,
                    "stablehlo.get_dimension_size",
                    vec![x],
                    vec![(
                        "dimension".into(),
                        Attr::Int(a as i128, crate::ir::ElementType::I64),
                    )],
                    vec![scalar(&crate::ir::ElementType::I32)],
                    vec![],
                )[0];
                Ok(self.emit1(
                    out,
                    "stablehlo.convert",
                    vec![s],
                    scalar(&crate::ir::ElementType::I64),
                ))
            }
            None => Err("a dimension out of range".into()),
        }
    }

    /// The `tensor<N x i64>` of the scalars `parts` (N >= 1).
    fn vector(&mut self, out: &mut Vec<Op>, parts: &[ValueId]) -> Result<ValueId, String> {
        use crate::ir::{ElementType, TensorType};
        let one = Type::Tensor(TensorType::ranked(vec![Some(1)], ElementType::I64));
        let cols: Vec<ValueId> = parts
            .iter()
            .map(|&p| self.emit1(out, "stablehlo.reshape", vec![p], one.clone()))
            .collect();
        match cols[..] {
            [] => Err("scan: an empty size vector".into()),
            [c] => Ok(c),
            _ => {
                let t = Type::Tensor(TensorType::ranked(
                    vec![Some(cols.len() as u64)],
                    ElementType::I64,
                ));
                Ok(self.emit(
                    out,
                    "stablehlo.concatenate",
                    cols,
                    vec![("dimension".into(), Attr::Int(0, ElementType::I64))],
                    vec![t],
                    vec![],
                )[0])
            }
        }
    }

    /// The sizes of `x` (dimensions `dims`) as a `tensor<rank x i64>`, with
    /// the size at `put.0` replaced by the scalar `put.1`.
    fn sizes(
        &mut self,
        out: &mut Vec<Op>,
        x: ValueId,
        dims: &[Dim],
        put: Option<(usize, ValueId)>,
    ) -> Result<ValueId, String> {
        let mut parts = Vec::with_capacity(dims.len());
        for a in 0..dims.len() {
            parts.push(match put {
                Some((p, v)) if p == a => v,
                _ => self.size_i64(out, x, dims, a)?,
            });
        }
        self.vector(out, &parts)
    }

    /// `v` reshaped to type `to`: a `reshape` when both types are static,
    /// else a `dynamic_reshape` to the sizes of `x` (dimensions `dims`) read
    /// at run time, with dimension `d` left out (`drop`) or of size 1.
    #[allow(clippy::too_many_arguments)]
    fn reshaped(
        &mut self,
        out: &mut Vec<Op>,
        v: ValueId,
        to: Type,
        x: ValueId,
        dims: &[Dim],
        d: usize,
        drop: bool,
    ) -> Result<ValueId, String> {
        let from = self.types[v as usize].clone();
        if static_dims(&from).is_ok() && static_dims(&to).is_ok() {
            return Ok(self.emit1(out, "stablehlo.reshape", vec![v], to));
        }
        let mut parts = Vec::with_capacity(dims.len());
        for a in 0..dims.len() {
            if a != d {
                parts.push(self.size_i64(out, x, dims, a)?);
            } else if !drop {
                parts.push(self.const_i64(out, 1)?);
            }
        }
        let shape = self.vector(out, &parts)?;
        Ok(self.emit1(out, "stablehlo.dynamic_reshape", vec![v, shape], to))
    }
}

/// Legalizes every CHLO op of `prog` that a rule rewrites (at most 8
/// rounds, for rules whose right-hand sides hold CHLO ops).
pub fn legalize(prog: &Program) -> Legalized {
    legalize_with(prog, false)
}

/// [`legalize`] with the `exact` rules alone: the result has the same bits
/// as `prog` on every input, and an op that only `approx` rules rewrite is
/// left (in [`Legalized::left`]). The certificate of an exact rule
/// (`hlocheck prove`) legalizes its right-hand side so: `broadcast_zeta`'s
/// `chlo.zeta` stays the executor's op, whose approximations by the rules
/// of `special.rules` have certificates of their own.
pub fn legalize_exact(prog: &Program) -> Legalized {
    legalize_with(prog, true)
}

fn legalize_with(prog: &Program, exact_only: bool) -> Legalized {
    let mut cur = prog.clone();
    let mut applied: Vec<(String, usize)> = Vec::new();
    let mut exact = true;
    for _ in 0..8 {
        let mut pass = Pass {
            g: IrGraph::new(&cur),
            only: None,
            exact_only,
            types: cur.value_types.clone(),
            rename: HashMap::new(),
            left: Vec::new(),
            applied: Vec::new(),
            exact: true,
            changed: false,
            at: Pos::default(),
        };
        let ops = pass.ops(&cur.ops);
        exact &= pass.exact;
        for (n, c) in pass.applied {
            match applied.iter_mut().find(|(m, _)| *m == n) {
                Some(x) => x.1 += c,
                None => applied.push((n, c)),
            }
        }
        let next = Program {
            value_types: pass.types,
            ops,
        };
        let (changed, left) = (pass.changed, pass.left);
        cur = next;
        // A right-hand side may hold CHLO ops (`broadcast_next_after` →
        // `next_after`, a narrow format computed through the f32 rule): they
        // are legalized in another round while any is left.
        if !changed || collect_chlo(&cur.ops).is_empty() {
            return Legalized {
                program: cur,
                left,
                applied,
                exact,
            };
        }
    }
    let left = collect_chlo(&cur.ops);
    Legalized {
        program: cur,
        left,
        applied,
        exact,
    }
}

fn collect_chlo(ops: &[Op]) -> Vec<Unlegalized> {
    let mut out = Vec::new();
    for op in ops {
        if op.name.starts_with("chlo.") {
            out.push(Unlegalized {
                name: op.name.clone(),
                pos: op.pos,
                reason: "still present after 8 rounds".into(),
            });
        }
        for r in &op.regions {
            for b in &r.blocks {
                out.extend(collect_chlo(&b.ops));
            }
        }
    }
    out
}

/// `prog` with `rule` applied (once per op that its left-hand side matches),
/// printed and read back so values are numbered canonically; `None` when the
/// rule matches nowhere.
pub fn apply_rule(prog: &Program, rule: &Rule) -> Option<Program> {
    let mut pass = Pass {
        g: IrGraph::new(prog),
        only: Some(rule),
        exact_only: false,
        types: prog.value_types.clone(),
        rename: HashMap::new(),
        left: Vec::new(),
        applied: Vec::new(),
        exact: true,
        changed: false,
        at: Pos::default(),
    };
    let ops = pass.ops(&prog.ops);
    if pass.applied.is_empty() {
        return None;
    }
    let out = Program {
        value_types: pass.types,
        ops,
    };
    crate::ir::parse::parse_program("rhs", &crate::ir::print::print_program(&out)).ok()
}
