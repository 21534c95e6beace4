//! Printing ops and expressions back in the spec language (for
//! `hlocheck spec OP` and for error messages).

use super::ast::*;

/// The op's block in canonical form: declarations, lets, constraints (with
/// their groups), notes and not-encoded sentences.
pub fn render(op: &OpSpec) -> String {
    let mut out = format!("op {} {{\n", op.name);
    for m in &op.members {
        out.push_str("  ");
        if let Some(l) = &m.label {
            out.push_str(&format!("({l}) "));
        }
        out.push_str(&format!(
            "{} {}{}: {}{}",
            m.kind.keyword(),
            m.name,
            if m.optional { "?" } else { "" },
            if m.variadic { "variadic " } else { "" },
            render_type(&m.ty)
        ));
        if let Some(d) = &m.default {
            out.push_str(&format!(" = {}", render_expr(d)));
        }
        out.push('\n');
    }
    for l in &op.lets {
        out.push_str(&format!("  let {}", l.name));
        if !l.params.is_empty() {
            out.push_str(&format!("({})", l.params.join(", ")));
        }
        out.push_str(&format!(" = {}\n", render_expr(&l.body)));
    }
    let mut open: Vec<&Expr> = Vec::new();
    for c in &op.constraints {
        // Close and open groups so that the guards match.
        let common = open
            .iter()
            .zip(&c.guards)
            .take_while(|(a, b)| **a == *b)
            .count();
        while open.len() > common {
            open.pop();
            out.push_str(&format!("{}}}\n", "  ".repeat(open.len() + 1)));
        }
        for g in &c.guards[common..] {
            out.push_str(&format!(
                "{}if {} {{\n",
                "  ".repeat(open.len() + 1),
                render_expr(g)
            ));
            open.push(g);
        }
        let indent = "  ".repeat(open.len() + 1);
        match &c.body {
            ConstraintBody::Formula(e) => {
                out.push_str(&format!("{indent}({}) {}", c.label, render_expr(e)))
            }
            ConstraintBody::NotEncoded(s) => {
                out.push_str(&format!("{indent}({}) not_encoded {}", c.label, quote(s)))
            }
        }
        if let Some(n) = &c.note {
            out.push_str(&format!("\n{indent}  note {}", quote(n)));
        }
        out.push('\n');
    }
    while !open.is_empty() {
        open.pop();
        out.push_str(&format!("{}}}\n", "  ".repeat(open.len() + 1)));
    }
    out.push_str("}\n");
    out
}

fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// `tensor` or `type` with its element classes: `tensor<float | si32>`.
fn with_classes(word: &str, cs: &[ElemClass]) -> String {
    if cs.is_empty() {
        return word.to_string();
    }
    let names: Vec<&str> = cs
        .iter()
        .map(|c| match c {
            ElemClass::Bool => "bool",
            ElemClass::Integer => "integer",
            ElemClass::Signed => "signed",
            ElemClass::Unsigned => "unsigned",
            ElemClass::Float => "float",
            ElemClass::Complex => "complex",
            ElemClass::Named(n) => n,
        })
        .collect();
    format!("{word}<{}>", names.join(" | "))
}

pub fn render_type(t: &TypeDesc) -> String {
    t.alts
        .iter()
        .map(|a| {
            let base = match &a.base {
                TypeBase::Tensor(cs) => with_classes("tensor", cs),
                TypeBase::Quantized => "quantized".into(),
                TypeBase::PerTensorQuantized => "per_tensor_quantized".into(),
                TypeBase::PerAxisQuantized => "per_axis_quantized".into(),
                TypeBase::Token => "token".into(),
                TypeBase::Tuple => "tuple".into(),
                TypeBase::Value => "value".into(),
                TypeBase::Function => "function".into(),
                TypeBase::Enum(ns) => format!("enum({})", ns.join(", ")),
                TypeBase::String => "string".into(),
                TypeBase::Dict => "dict".into(),
                TypeBase::Type(cs) => with_classes("type", cs),
                TypeBase::Scalar(n) => n.clone(),
            };
            match a.rank {
                Some(r) => format!("{r}d {base}"),
                None => base,
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

// Binding strength, loosest first.
const P_KEYWORD: u8 = 0;
const P_COND: u8 = 1;
const P_OR: u8 = 2;
const P_AND: u8 = 3;
const P_CMP: u8 = 4;
const P_CONCAT: u8 = 5;
const P_ADD: u8 = 6;
const P_MUL: u8 = 7;
const P_UNARY: u8 = 8;
const P_ATOM: u8 = 9;

fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Cond { keyword: true, .. } | ExprKind::Forall { .. } => P_KEYWORD,
        ExprKind::Cond { .. } => P_COND,
        ExprKind::Binary(op, ..) => match op {
            BinOp::Or => P_OR,
            BinOp::And => P_AND,
            BinOp::Concat => P_CONCAT,
            BinOp::Add | BinOp::Sub => P_ADD,
            BinOp::Mul | BinOp::Div | BinOp::Rem => P_MUL,
        },
        ExprKind::Compare { .. } => P_CMP,
        ExprKind::Unary(..) => P_UNARY,
        ExprKind::Int(v) if *v < 0 => P_UNARY,
        _ => P_ATOM,
    }
}

/// An expression in the spec language, parenthesised only where needed.
pub fn render_expr(e: &Expr) -> String {
    at(e, P_KEYWORD)
}

fn at(e: &Expr, min: u8) -> String {
    let s = bare(e);
    if prec(e) < min {
        format!("({s})")
    } else {
        s
    }
}

fn bare(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Str(s) => quote(s),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Name(n) => n.to_string(),
        ExprKind::List(items) => format!(
            "[{}]",
            items.iter().map(render_expr).collect::<Vec<_>>().join(", ")
        ),
        ExprKind::Comprehension {
            body,
            vars,
            iter,
            filter,
        } => format!(
            "[{} for {} in {}{}]",
            render_expr(body),
            vars.join(", "),
            at(iter, P_COND),
            filter
                .as_ref()
                .map(|f| format!(" if {}", render_expr(f)))
                .unwrap_or_default()
        ),
        ExprKind::Forall { vars, iter, body } => format!(
            "forall {} in {}: {}",
            vars.join(", "),
            at(iter, P_COND),
            render_expr(body)
        ),
        ExprKind::Call { func, args } => format!(
            "{func}({})",
            args.iter()
                .map(|a| format!(
                    "{}{}",
                    render_expr(&a.expr),
                    if a.spread { "..." } else { "" }
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExprKind::Index { base, indices } => format!(
            "{}[{}]",
            at(base, P_ATOM),
            indices
                .iter()
                .map(|i| match i {
                    Index::At { expr, spread } =>
                        format!("{}{}", render_expr(expr), if *spread { "..." } else { "" }),
                    Index::Slice(a, b) => format!(
                        "{}:{}",
                        a.as_ref().map(|x| at(x, P_COND)).unwrap_or_default(),
                        b.as_ref().map(|x| at(x, P_COND)).unwrap_or_default()
                    ),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
        ExprKind::Unary(op, a) => match op {
            UnOp::Neg => format!("-{}", at(a, P_UNARY)),
            UnOp::Not => format!("!{}", at(a, P_UNARY)),
        },
        ExprKind::Binary(op, a, b) => {
            let p = prec(e);
            // Left-associative: the right operand needs a tighter binding.
            format!("{} {} {}", at(a, p), op.symbol(), at(b, p + 1))
        }
        ExprKind::Compare { first, rest } => {
            let mut s = at(first, P_CONCAT);
            for (op, x) in rest {
                s.push_str(&format!(" {} {}", op.symbol(), at(x, P_CONCAT)));
            }
            s
        }
        ExprKind::Cond {
            cond,
            then,
            otherwise,
            keyword,
        } => {
            if *keyword {
                let mut s = format!("if {} then {}", render_expr(cond), render_expr(then));
                if let Some(o) = otherwise {
                    s.push_str(&format!(" else {}", render_expr(o)));
                }
                s
            } else {
                format!(
                    "{} ? {} : {}",
                    at(cond, P_OR),
                    at(then, P_COND),
                    at(otherwise.as_ref().expect("?: has both branches"), P_COND)
                )
            }
        }
        ExprKind::Spread(a) => format!("{}...", at(a, P_ATOM)),
        ExprKind::TensorOf(a) => format!("tensor<{}>", at(a, P_ADD)),
        ExprKind::ComplexOf(a) => format!("complex<{}>", at(a, P_ADD)),
    }
}
