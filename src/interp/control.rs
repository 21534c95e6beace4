//! Control flow, calls, constants, tuples and tokens (spec: "Control flow",
//! `constant`, `tuple`, `get_tuple_element`, `optimization_barrier`,
//! `after_all`, `create_token`, `composite`, `custom_call`).

use super::literal::tensor_from_attr;
use super::{Interp, KResult, Kernel, Value};
use crate::ir::attr::Attr;
use crate::ir::Op;

pub const KERNELS: &[(&str, Kernel)] = &[
    ("stablehlo.constant", constant),
    ("func.call", call),
    ("stablehlo.while", while_),
    ("stablehlo.if", if_),
    ("stablehlo.case", case),
    ("stablehlo.optimization_barrier", pass_through),
    ("stablehlo.tuple", tuple),
    ("stablehlo.get_tuple_element", get_tuple_element),
    ("stablehlo.after_all", token),
    ("stablehlo.create_token", token),
    ("stablehlo.composite", composite),
    ("stablehlo.custom_call", custom_call),
];

/// `constant` (spec: constant): the tensor of the `value` attribute.
fn constant(interp: &mut Interp<'_>, op: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    let v = op.attr("value").ok_or("missing `value`")?;
    Ok(vec![Value::tensor(tensor_from_attr(
        v,
        interp.limits.max_elements,
    )?)])
}

fn symbol(a: Option<&Attr>) -> Option<&str> {
    match a {
        Some(Attr::SymbolRef(path)) => path.last().map(String::as_str),
        Some(Attr::Str(s)) => std::str::from_utf8(s).ok(),
        _ => None,
    }
}

/// `func.call`: runs the callee.
fn call(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let callee = symbol(op.attr("callee")).ok_or("missing `callee`")?;
    interp.call_located(callee, args)
}

/// The single boolean of a predicate tensor.
fn predicate(v: &Value) -> KResult<bool> {
    let t = v.as_tensor()?;
    if t.len() != 1 {
        return Err("a predicate must have exactly one element".into());
    }
    Ok(t.data.get(0) != 0)
}

/// `while` (spec: while): runs `body` while `cond` yields true.
fn while_<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let [cond, body] = op.regions.as_slice() else {
        return Err("while needs a cond and a body region".into());
    };
    if let Some(out) = super::scalar::run_while(interp, op, &args)? {
        return Ok(out);
    }
    interp.in_loop(|interp| {
        let mut state = args;
        loop {
            let c = interp.run_region(cond, state.clone())?;
            if !predicate(c.first().ok_or("cond yields nothing")?)? {
                return Ok(state);
            }
            interp.step()?;
            state = interp.run_region(body, state)?;
        }
    })
}

/// `if` (spec: if): runs one branch.
fn if_<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let p = predicate(args.first().ok_or("missing predicate")?)?;
    let r = op
        .regions
        .get(if p { 0 } else { 1 })
        .ok_or("missing branch")?;
    Ok(interp.run_region(r, vec![])?)
}

/// `case` (spec: case): runs branch `index`, or the last one when out of range.
fn case<'p>(interp: &mut Interp<'p>, op: &'p Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let t = args.first().ok_or("missing index")?.as_tensor()?;
    let i = t.int_at(0).ok_or("the index must be an integer")?;
    let n = op.regions.len();
    if n == 0 {
        return Err("case has no branches".into());
    }
    let i = if i < 0 || i >= n as i128 {
        n - 1
    } else {
        i as usize
    };
    Ok(interp.run_region(&op.regions[i], vec![])?)
}

fn pass_through(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    Ok(args)
}

fn tuple(_: &mut Interp<'_>, _: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    Ok(vec![Value::Tuple(args)])
}

fn get_tuple_element(_: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let i = op
        .attr("index")
        .and_then(Attr::as_i64)
        .ok_or("missing `index`")?;
    match args.into_iter().next() {
        Some(Value::Tuple(items)) => usize::try_from(i)
            .ok()
            .and_then(|i| items.into_iter().nth(i))
            .map(|v| vec![v])
            .ok_or_else(|| "the index is out of range".into()),
        _ => Err("the operand is not a tuple".into()),
    }
}

fn token(_: &mut Interp<'_>, _: &Op, _: Vec<Value>) -> KResult<Vec<Value>> {
    Ok(vec![Value::Token])
}

/// `composite` (spec: composite): calls its decomposition.
fn composite(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let f = symbol(op.attr("decomposition")).ok_or("missing `decomposition`")?;
    interp.call_located(f, args)
}

/// `custom_call`: the `check.*` targets of test data and JAX's
/// `shape_assertion`; other targets have no meaning the spec defines, and
/// are an error.
fn custom_call(interp: &mut Interp<'_>, op: &Op, args: Vec<Value>) -> KResult<Vec<Value>> {
    let target = match op.attr("call_target_name") {
        Some(Attr::Str(s)) => String::from_utf8_lossy(s).into_owned(),
        _ => return Err("missing `call_target_name`".into()),
    };
    if let Some(r) = super::check::custom_call_check(interp, op, &target, &args) {
        return r;
    }
    if target == "shape_assertion" {
        return shape_assertion(op, &args);
    }
    Err(format!("custom_call @{target} has no defined semantics").into())
}

/// JAX's `shape_assertion` (in shape-polymorphic exports): its first operand,
/// a boolean scalar, must be true; otherwise the run stops with the
/// attribute `error_message`, each `{k}` replaced by the integer scalar
/// operand `k + 1`. It has no results.
fn shape_assertion(op: &Op, args: &[Value]) -> KResult<Vec<Value>> {
    if !op.results.is_empty() {
        return Err("custom_call @shape_assertion has no results".into());
    }
    let scalar = |v: &Value| -> Option<i128> {
        let t = v.as_tensor().ok()?;
        if t.rank() != 0 {
            return None;
        }
        t.int_at(0)
    };
    let holds = match args.first() {
        Some(v)
            if v.as_tensor()
                .is_ok_and(|t| t.elem == crate::ir::ElementType::I1) =>
        {
            scalar(v).ok_or("custom_call @shape_assertion: the assertion must be a tensor<i1>")?
        }
        _ => {
            return Err(
                "custom_call @shape_assertion: the first operand must be a tensor<i1>".into(),
            )
        }
    };
    if holds != 0 {
        return Ok(Vec::new());
    }
    let inputs = args[1..]
        .iter()
        .map(|v| {
            scalar(v)
                .ok_or("custom_call @shape_assertion: the message's inputs must be integer scalars")
        })
        .collect::<Result<Vec<i128>, _>>()?;
    let template = match op.attr("error_message") {
        Some(Attr::Str(s)) => String::from_utf8_lossy(s).into_owned(),
        _ => "the shape assertion does not hold".to_string(),
    };
    let mut message = template;
    for (k, v) in inputs.iter().enumerate() {
        message = message.replace(&format!("{{{k}}}"), &v.to_string());
    }
    Err(
        format!("custom_call @shape_assertion does not hold for the run's values: {message}")
            .into(),
    )
}
