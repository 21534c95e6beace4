//! Instances of rules: for each rule and each element type it applies to,
//! a pair of small static-shape programs (`func.func @main`), the rule's
//! left-hand side and its right-hand side, that an equivalence decider (SMT,
//! exhaustive or sampled execution) can compare. The left-hand side is
//! generated from the root op's signature family; the right-hand side is
//! the rule applied to it by the legalizer's matcher, so what is checked is
//! exactly what `legalize` and the e-graph do.

use super::legalize::apply_rule;
use super::rules::Rule;
use crate::ir::parse::parse_program;
use crate::ir::Program;

/// Every float format, narrowest first.
pub const FLOATS: &[&str] = &[
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E3M4",
    "f8E4M3",
    "f8E4M3FN",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E5M2",
    "f8E5M2FNUZ",
    "f8E8M0FNU",
    "bf16",
    "f16",
    "f32",
    "f64",
];

/// The integer, boolean and complex element types instances are made for.
pub const OTHERS: &[&str] = &[
    "i1",
    "i8",
    "i16",
    "i32",
    "i64",
    "ui8",
    "ui16",
    "ui32",
    "ui64",
    "complex<f32>",
    "complex<f64>",
];

/// One instance: left-hand side, right-hand side, and a description
/// (rule, element type, signature).
pub type Instance = (Program, Program, String);

/// The instances of `rule` over tensors whose last dimension is 4.
pub fn instances(rule: &Rule) -> Vec<Instance> {
    instances_with(rule, 4)
}

/// The instances of `rule`, the elementwise operands having `n` elements
/// along their last dimension.
pub fn instances_with(rule: &Rule, n: usize) -> Vec<Instance> {
    let mut out = Vec::new();
    for e in FLOATS.iter().chain(OTHERS) {
        for (sig, text) in candidates(rule, e, n) {
            let Ok(lhs) = parse_program("lhs", &text) else {
                continue;
            };
            // Only well-typed left-hand sides: the element types the op
            // accepts.
            let report = crate::verify::verify_program(&lhs, &crate::verify::Options::default());
            if report.errors().next().is_some() {
                continue;
            }
            let Some(rhs) = apply_rule(&lhs, rule) else {
                continue;
            };
            out.push((lhs, rhs, format!("{} on {e}: {sig}", rule.name)));
        }
    }
    out
}

fn func(args: &[String], results: &[String], body: &str) -> String {
    let params: Vec<String> = args
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%a{i}: {t}"))
        .collect();
    format!(
        "func.func @main({}) -> ({}) {{\n{body}}}\n",
        params.join(", "),
        results.join(", ")
    )
}

/// One op `%r...` of `name` on all the arguments, returned.
fn one_op(name: &str, args: &[String], attrs: &str, results: &[String]) -> String {
    let ops: Vec<String> = (0..args.len()).map(|i| format!("%a{i}")).collect();
    let res_list = if results.len() == 1 {
        results[0].clone()
    } else {
        format!("({})", results.join(", "))
    };
    let lhs = if results.len() == 1 {
        "%r0".to_string()
    } else {
        format!("%r:{}", results.len())
    };
    let rets: Vec<String> = if results.len() == 1 {
        vec!["%r0".into()]
    } else {
        (0..results.len()).map(|i| format!("%r#{i}")).collect()
    };
    let body = format!(
        "  {lhs} = \"{name}\"({}) {attrs} : ({}) -> {res_list}\n  func.return {} : {}\n",
        ops.join(", "),
        args.join(", "),
        rets.join(", "),
        results.join(", ")
    );
    func(args, results, &body)
}

fn t(shape: &str, e: &str) -> String {
    if shape.is_empty() {
        format!("tensor<{e}>")
    } else {
        format!("tensor<{shape}x{e}>")
    }
}

/// A scalar literal of element type `e` for attributes.
fn scalar_literal(e: &str) -> String {
    match e {
        "i1" => "true".into(),
        e if e.starts_with('i') || e.starts_with("ui") => format!("3 : {e}"),
        e if e.starts_with("complex") => "1.0 : f32".into(),
        "f8E8M0FNU" => "2.0 : f32".into(),
        e => format!("1.5 : {e}"),
    }
}

/// Candidate left-hand sides for `rule` on element type `e`: (signature, text).
fn candidates(rule: &Rule, e: &str, n: usize) -> Vec<(String, String)> {
    let root = rule.root();
    let name = root.name.as_str();
    let v = |s: &str| t(s, e);
    let nn = n.to_string();
    let mut out = Vec::new();
    let mut push = |args: Vec<String>, attrs: &str, results: Vec<String>| {
        let sig = format!("({}) -> ({})", args.join(", "), results.join(", "));
        out.push((sig, one_op(name, &args, attrs, &results)));
    };
    if let Some(op) = name.strip_prefix("chlo.broadcast_") {
        if op == "complex" && !matches!(e, "f32" | "f64") {
            return out;
        }
        let res_e = match op {
            "compare" => "i1".to_string(),
            "complex" => format!("complex<{e}>"),
            _ => e.to_string(),
        };
        let attrs = if op == "compare" {
            "{comparison_direction = #stablehlo<comparison_direction LT>}"
        } else {
            ""
        };
        let with_bd = |extra: &str| {
            if attrs.is_empty() {
                format!("{{{extra}}}")
            } else {
                format!("{}, {extra}}}", &attrs[..attrs.len() - 1])
            }
        };
        if op == "select" {
            push(
                vec![t(&nn, "i1"), v("2x1"), v(&format!("2x{n}"))],
                "",
                vec![v(&format!("2x{n}"))],
            );
            push(vec![t(&nn, "i1"), v(&nn), v(&nn)], "", vec![v(&nn)]);
            return out;
        }
        push(vec![v(&nn), v(&nn)], attrs, vec![t(&nn, &res_e)]);
        push(
            vec![v("2x1"), v(&nn)],
            attrs,
            vec![t(&format!("2x{n}"), &res_e)],
        );
        push(
            vec![v(&format!("2x{n}")), v("2")],
            &with_bd("broadcast_dimensions = array<i64: 0>"),
            vec![t(&format!("2x{n}"), &res_e)],
        );
        return out;
    }
    match name {
        "chlo.constant" => {
            let lit = match e {
                "i1" => "true".to_string(),
                e if e.starts_with('i') || e.starts_with("ui") => "3".into(),
                e if e.starts_with("complex") => "(1.0, 2.0)".into(),
                _ => "1.0".into(),
            };
            push(
                vec![],
                &format!("{{value = dense<{lit}> : {}}}", v(&nn)),
                vec![v(&nn)],
            );
        }
        "chlo.constant_like" => push(
            vec![v(&nn)],
            &format!("{{value = {}}}", scalar_literal(e)),
            vec![v(&nn)],
        ),
        "chlo.is_inf" | "chlo.is_pos_inf" | "chlo.is_neg_inf" => {
            push(vec![v(&nn)], "", vec![t(&nn, "i1")])
        }
        "chlo.mulhi" => push(vec![v(&nn), v(&nn)], "", vec![v(&nn)]),
        "chlo.top_k" => {
            let k = n.min(2);
            push(
                vec![v(&format!("3x{n}"))],
                &format!("{{k = {k} : i64}}"),
                vec![v(&format!("3x{k}")), t(&format!("3x{k}"), "i32")],
            );
        }
        "chlo.next_after" => push(vec![v(&nn), v(&nn)], "", vec![v(&nn)]),
        _ => {
            // Elementwise ops: every operand and result of type tensor<nxE>
            // (a left-hand side of several ops is written out op by op).
            let inputs: Vec<&String> = rule
                .lhs
                .iter()
                .flat_map(|o| o.operands.iter())
                .filter(|x| !rule.lhs.iter().any(|o| o.results.contains(x)))
                .fold(Vec::new(), |mut acc, x| {
                    if !acc.contains(&x) {
                        acc.push(x);
                    }
                    acc
                });
            let ty = v(&nn);
            let mut body = String::new();
            let mut args = Vec::new();
            args.resize(inputs.len(), ty.clone());
            let rename = |x: &str| -> String {
                match inputs.iter().position(|y| *y == x) {
                    Some(i) => format!("%a{i}"),
                    None => format!("%{x}"),
                }
            };
            let mut last = String::new();
            for o in &rule.lhs {
                if !o.attrs.is_empty() || o.results.len() != 1 {
                    return vec![];
                }
                let ops: Vec<String> = o.operands.iter().map(|x| rename(x)).collect();
                let tys = vec![ty.clone(); ops.len()];
                body.push_str(&format!(
                    "  %{} = \"{}\"({}) : ({}) -> {ty}\n",
                    o.results[0],
                    o.name,
                    ops.join(", "),
                    tys.join(", ")
                ));
                last = o.results[0].clone();
            }
            body.push_str(&format!("  func.return %{last} : {ty}\n"));
            let sig = format!("({}) -> {ty}", args.join(", "));
            out.push((sig, func(&args, std::slice::from_ref(&ty), &body)));
        }
    }
    out
}
