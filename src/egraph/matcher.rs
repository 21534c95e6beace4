//! The one matcher and instantiator of rules, over any graph of ops: the IR
//! (for `legalize`, each value has one definition) and the e-graph (each
//! e-class has many). A left-hand side is matched from its root op back
//! through the ops that define its operands; a right-hand side is built
//! through a [`Builder`].

use super::rules::{eval_attr, eval_cond, eval_type, Bindings, OpPat, RegionPat, Rule};
use crate::ir::{Attr, Type};

/// One definition of a value: the op that computes it and which result it is.
pub struct Def<'a, I> {
    pub name: &'a str,
    pub attrs: &'a [(String, Attr)],
    pub operands: Vec<I>,
    /// The result types of the op.
    pub types: Vec<Type>,
    /// Which result of the op the value is.
    pub result: usize,
    /// The op has regions (left-hand sides never match those).
    pub has_regions: bool,
}

/// A graph of ops that patterns match in.
pub trait Graph {
    type Id: Clone + PartialEq + std::fmt::Debug;
    /// Every definition of `v` (one in the IR; the nodes of an e-class).
    fn defs(&self, v: &Self::Id) -> Vec<Def<'_, Self::Id>>;
    /// The type of `v`.
    fn ty(&self, v: &Self::Id) -> Type;
}

/// Something that a right-hand side is built into.
pub trait Builder {
    type Id: Clone + std::fmt::Debug;
    type Region;
    /// Adds an op; returns its results.
    fn op(
        &mut self,
        name: &str,
        attrs: Vec<(String, Attr)>,
        operands: Vec<Self::Id>,
        types: Vec<Type>,
        regions: Vec<Self::Region>,
    ) -> Result<Vec<Self::Id>, String>;
    /// Opens a region with arguments of these types; returns the arguments.
    fn begin_region(&mut self, arg_types: &[Type]) -> Vec<Self::Id>;
    /// Closes the innermost region, returning these values.
    fn end_region(&mut self, results: Vec<Self::Id>) -> Result<Self::Region, String>;
}

/// Every way the left-hand side of `rule` matches with its root result
/// `root_result` being the value `v` of `g`. The root op's own
/// definition is `root` (so callers that already have it need not search).
pub fn matches<G: Graph>(g: &G, rule: &Rule, v: &G::Id) -> Vec<Bindings<G::Id>> {
    let root = rule.root();
    let mut out = Vec::new();
    // The root's first result is the value matched.
    let Some(first) = root.results.first() else {
        return out;
    };
    let start = Bindings::default();
    match_value(g, rule, first, v, start, &mut |b| {
        let ok = match &rule.cond {
            Some(c) => eval_cond(c, &b).unwrap_or(false),
            None => true,
        };
        if ok {
            out.push(b);
        }
    });
    out
}

/// Matches the pattern variable `var` against value `v`: through the
/// left-hand side op that defines `var` if there is one, else binding it.
fn match_value<G: Graph>(
    g: &G,
    rule: &Rule,
    var: &str,
    v: &G::Id,
    b: Bindings<G::Id>,
    k: &mut dyn FnMut(Bindings<G::Id>),
) {
    if let Some((_, id, _)) = b.val(var) {
        if id == v {
            k(b);
        }
        return;
    }
    let def = rule.lhs.iter().find(|o| o.results.iter().any(|r| r == var));
    let Some(op) = def else {
        let mut b = b;
        b.vals.push((var.to_string(), v.clone(), g.ty(v)));
        k(b);
        return;
    };
    let idx = op.results.iter().position(|r| r == var).unwrap_or(0);
    for d in g.defs(v) {
        if d.name != op.name
            || d.result != idx
            || d.has_regions
            || d.operands.len() != op.operands.len()
            || d.types.len() != op.types.len()
        {
            continue;
        }
        let Some(mut b) = match_attrs(op, d.attrs, b.clone()) else {
            continue;
        };
        // Results: bind each result variable (their ids are not known for
        // the other results; they are bound by type only) and type.
        let mut ok = true;
        for (t, texpr) in d.types.iter().zip(&op.types) {
            if !bind_type(texpr, t, &mut b) {
                ok = false;
                break;
            }
        }
        if !ok {
            continue;
        }
        b.vals.push((var.to_string(), v.clone(), g.ty(v)));
        match_operands(g, rule, &op.operands, &d.operands, 0, b, k);
    }
}

fn match_operands<G: Graph>(
    g: &G,
    rule: &Rule,
    vars: &[String],
    ids: &[G::Id],
    i: usize,
    b: Bindings<G::Id>,
    k: &mut dyn FnMut(Bindings<G::Id>),
) {
    if i == vars.len() {
        k(b);
        return;
    }
    match_value(g, rule, &vars[i], &ids[i], b, &mut |b| {
        match_operands(g, rule, vars, ids, i + 1, b, k)
    });
}

/// Binds a type variable, or checks a type expression, against `t`.
fn bind_type<I: Clone>(texpr: &super::rules::Expr, t: &Type, b: &mut Bindings<I>) -> bool {
    if let super::rules::Expr::TypeVar(n) = texpr {
        match b.ty(n) {
            Some(u) => return u == t,
            None => {
                b.types.push((n.clone(), t.clone()));
                return true;
            }
        }
    }
    eval_type(texpr, b).map(|u| &u == t).unwrap_or(false)
}

fn match_attrs<I: Clone>(
    op: &OpPat,
    attrs: &[(String, Attr)],
    mut b: Bindings<I>,
) -> Option<Bindings<I>> {
    for (n, a) in attrs {
        if !op.other_attrs && !op.attrs.iter().any(|p| &p.name == n) {
            return None;
        }
        let _ = a;
    }
    for p in &op.attrs {
        let have = attrs.iter().find(|(n, _)| n == &p.name).map(|x| &x.1);
        match (&p.value, have) {
            (super::rules::Expr::AttrVar(v), Some(a)) => match b.attr(v) {
                Some(x) if x != a => return None,
                Some(_) => {}
                None => b.attrs.push((v.clone(), a.clone())),
            },
            (_, None) if p.optional => {}
            (_, None) => return None,
            (e, Some(a)) => match eval_attr(e, &b) {
                Ok(Some(x)) if &x == a => {}
                _ => return None,
            },
        }
    }
    Some(b)
}

/// Builds the right-hand side of `rule` under bindings `b`; returns the
/// values of the root's results.
pub fn instantiate<B: Builder>(
    rule: &Rule,
    b: &Bindings<B::Id>,
    builder: &mut B,
) -> Result<Vec<B::Id>, String> {
    let mut env: Vec<(String, B::Id)> = b
        .vals
        .iter()
        .map(|(n, i, _)| (n.clone(), i.clone()))
        .collect();
    let mut b = b.clone();
    build_ops(&rule.rhs, &mut env, &mut b, builder)?;
    rule.root()
        .results
        .iter()
        .map(|r| {
            env.iter()
                .rev()
                .find(|(n, _)| n == r)
                .map(|x| x.1.clone())
                .ok_or_else(|| format!("%{r} is not defined"))
        })
        .collect()
}

fn build_ops<B: Builder>(
    ops: &[OpPat],
    env: &mut Vec<(String, B::Id)>,
    b: &mut Bindings<B::Id>,
    builder: &mut B,
) -> Result<(), String> {
    let lookup = |env: &Vec<(String, B::Id)>, n: &str| {
        env.iter()
            .rev()
            .find(|(m, _)| m == n)
            .map(|x| x.1.clone())
            .ok_or_else(|| format!("%{n} is not defined"))
    };
    for op in ops {
        if op.name.is_empty() {
            let v = lookup(env, &op.operands[0])?;
            env.push((op.results[0].clone(), v));
            continue;
        }
        let operands = op
            .operands
            .iter()
            .map(|o| lookup(env, o))
            .collect::<Result<Vec<_>, _>>()?;
        if op.name == "sizes_at" || op.name == "splat_like" {
            let id = if op.name == "sizes_at" {
                sizes_at(op, &operands, b, builder)?
            } else {
                splat_like(op, &operands, b, builder)?
            };
            let t = eval_type(&op.types[0], b)?;
            env.push((op.results[0].clone(), id.clone()));
            b.vals.push((op.results[0].clone(), id, t));
            continue;
        }
        let mut attrs = Vec::new();
        for p in &op.attrs {
            if let Some(a) = eval_attr(&p.value, b)? {
                attrs.push((p.name.clone(), a));
            }
        }
        let types = op
            .types
            .iter()
            .map(|t| eval_type(t, b))
            .collect::<Result<Vec<_>, _>>()?;
        let mut regions = Vec::new();
        for r in &op.regions {
            regions.push(build_region(r, env, b, builder)?);
        }
        let res = builder.op(&op.name, attrs, operands, types.clone(), regions)?;
        for ((n, id), t) in op.results.iter().zip(res).zip(types) {
            env.push((n.clone(), id.clone()));
            b.vals.push((n.clone(), id, t));
        }
    }
    Ok(())
}

/// The macro `%s = sizes_at(%x) {axes = A} : tensor<Rxi32>` of right-hand
/// sides: the sizes of `%x` placed at the result axes `A` (operand
/// dimension `i` at axis `A[i]`), 1 at the other axes, as StableHLO ops:
/// one `get_dimension_size` and `reshape` per operand dimension, constants
/// of 1 for the other axes, joined by a `concatenate`.
fn sizes_at<B: Builder>(
    op: &OpPat,
    operands: &[B::Id],
    b: &Bindings<B::Id>,
    builder: &mut B,
) -> Result<B::Id, String> {
    let [x] = operands else {
        return Err("sizes_at takes one operand".into());
    };
    let axes_attr = op
        .attrs
        .iter()
        .find(|a| a.name == "axes")
        .ok_or("sizes_at needs `axes`")?;
    let axes = eval_attr(&axes_attr.value, b)?
        .and_then(|a| a.as_i64_list().map(|l| l.to_vec()))
        .ok_or("sizes_at: `axes` is not an i64 array")?;
    let out = eval_type(op.types.first().ok_or("sizes_at needs a type")?, b)?;
    let rank = match out.as_tensor().and_then(|t| t.dims.clone()) {
        Some(d) if d.len() == 1 => d[0].ok_or("sizes_at: the result's size is dynamic")? as usize,
        _ => return Err("sizes_at: the result is not a 1-D tensor".into()),
    };
    emit_sizes(x, &axes, rank, out, builder)
}

/// The ops of `sizes_at`: a `tensor<rank x i32>` of `x`'s sizes at `axes`.
fn emit_sizes<B: Builder>(
    x: &B::Id,
    axes: &[i64],
    rank: usize,
    out: Type,
    builder: &mut B,
) -> Result<B::Id, String> {
    use crate::ir::{ElementType, TensorType};
    let i32t = ElementType::I32;
    let scalar = Type::Tensor(TensorType::ranked(vec![], i32t.clone()));
    let one = Type::Tensor(TensorType::ranked(vec![Some(1)], i32t.clone()));
    let mut parts = Vec::with_capacity(rank);
    for a in 0..rank as i64 {
        let part = match axes.iter().position(|&d| d == a) {
            Some(i) => {
                let s = builder.op(
                    "stablehlo.get_dimension_size",
                    vec![("dimension".into(), Attr::Int(i as i128, ElementType::I64))],
                    vec![x.clone()],
                    vec![scalar.clone()],
                    vec![],
                )?;
                builder.op("stablehlo.reshape", vec![], s, vec![one.clone()], vec![])?
            }
            None => builder.op(
                "stablehlo.constant",
                vec![("value".into(), splat_attr(&one, &1i32.to_le_bytes())?)],
                vec![],
                vec![one.clone()],
                vec![],
            )?,
        };
        parts.extend(part);
    }
    if parts.len() == 1 {
        return Ok(parts.remove(0));
    }
    let r = builder.op(
        "stablehlo.concatenate",
        vec![("dimension".into(), Attr::Int(0, ElementType::I64))],
        parts,
        vec![out],
        vec![],
    )?;
    r.into_iter()
        .next()
        .ok_or_else(|| "concatenate gave no result".into())
}

/// A splat dense attribute of tensor type `t` with one element's bytes.
fn splat_attr(t: &Type, data: &[u8]) -> Result<Attr, String> {
    let tt = t.as_tensor().ok_or("a splat needs a tensor type")?;
    Ok(Attr::Dense(Box::new(crate::ir::attr::DenseElements {
        ty: tt.clone(),
        splat: true,
        data: data.to_vec(),
    })))
}

/// The macro `%c = splat_like(%x) {value = V} : TYPE` of right-hand sides: a
/// constant of `TYPE` (the shape of `%x`) with every element `V`'s (a splat
/// attribute): a `constant` when `TYPE` is static, else a scalar constant
/// stretched to `%x`'s sizes at run time by `dynamic_broadcast_in_dim`.
fn splat_like<B: Builder>(
    op: &OpPat,
    operands: &[B::Id],
    b: &Bindings<B::Id>,
    builder: &mut B,
) -> Result<B::Id, String> {
    use crate::ir::TensorType;
    let [x] = operands else {
        return Err("splat_like takes one operand".into());
    };
    let v = op
        .attrs
        .iter()
        .find(|a| a.name == "value")
        .ok_or("splat_like needs `value`")?;
    let data = match eval_attr(&v.value, b)? {
        Some(Attr::Dense(d)) if d.splat => d.data.clone(),
        _ => return Err("splat_like: `value` is not a splat".into()),
    };
    let out = eval_type(op.types.first().ok_or("splat_like needs a type")?, b)?;
    let tt = out
        .as_tensor()
        .ok_or("splat_like: the result is not a tensor")?
        .clone();
    let first = |r: Vec<B::Id>| {
        r.into_iter()
            .next()
            .ok_or_else(|| "an op gave no result".to_string())
    };
    if tt.num_elements().is_some() {
        let c = builder.op(
            "stablehlo.constant",
            vec![("value".into(), splat_attr(&out, &data)?)],
            vec![],
            vec![out.clone()],
            vec![],
        )?;
        return first(c);
    }
    let rank = tt
        .dims
        .as_ref()
        .map(|d| d.len())
        .ok_or("splat_like: unranked")?;
    let scalar = Type::Tensor(TensorType::ranked(vec![], tt.elem.clone()));
    let c = builder.op(
        "stablehlo.constant",
        vec![("value".into(), splat_attr(&scalar, &data)?)],
        vec![],
        vec![scalar],
        vec![],
    )?;
    let sizes_t = Type::Tensor(TensorType::ranked(
        vec![Some(rank as u64)],
        crate::ir::ElementType::I32,
    ));
    let axes: Vec<i64> = (0..rank as i64).collect();
    let s = emit_sizes(x, &axes, rank, sizes_t, builder)?;
    let r = builder.op(
        "stablehlo.dynamic_broadcast_in_dim",
        vec![(
            "broadcast_dimensions".into(),
            Attr::DenseArray(crate::ir::attr::DenseArray::I64(vec![])),
        )],
        vec![first(c)?, s],
        vec![out],
        vec![],
    )?;
    first(r)
}

fn build_region<B: Builder>(
    r: &RegionPat,
    env: &mut Vec<(String, B::Id)>,
    b: &mut Bindings<B::Id>,
    builder: &mut B,
) -> Result<B::Region, String> {
    let types = r
        .args
        .iter()
        .map(|(_, t)| eval_type(t, b))
        .collect::<Result<Vec<_>, _>>()?;
    let args = builder.begin_region(&types);
    let mark = env.len();
    for (((n, _), id), t) in r.args.iter().zip(args).zip(types) {
        env.push((n.clone(), id.clone()));
        b.vals.push((n.clone(), id, t));
    }
    build_ops(&r.ops, env, b, builder)?;
    let ret = r
        .ret
        .iter()
        .map(|n| {
            env.iter()
                .rev()
                .find(|(m, _)| m == n)
                .map(|x| x.1.clone())
                .ok_or_else(|| format!("%{n} is not defined"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    env.truncate(mark);
    builder.end_region(ret)
}
