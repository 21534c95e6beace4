//! Rust code that builds a parsed op: the build script parses and checks the
//! embedded spec files once, at build time, and writes each op as a function
//! returning its [`OpSpec`], so that a process that verifies a program only
//! builds the syntax trees of the ops it uses, without lexing, parsing or
//! checking their text (`Spec::embedded_op`). The code calls the short
//! constructors of `spec::built`.
//!
//! Every type is written field by field with a pattern naming every field, so
//! a field added to the syntax tree and not written here fails to build.

use super::ast::*;
use std::fmt::Write;

/// A value written as a Rust expression that builds it.
pub trait Code {
    fn code(&self, out: &mut String);
}

/// The Rust code of `x`.
pub fn code_of(x: &dyn Code) -> String {
    let mut out = String::new();
    x.code(&mut out);
    out
}

impl Code for String {
    fn code(&self, out: &mut String) {
        // `Debug` of a `str` is a Rust string literal.
        let _ = write!(out, "s({self:?})");
    }
}

impl Code for &'static str {
    fn code(&self, out: &mut String) {
        let _ = write!(out, "{self:?}");
    }
}

impl Code for bool {
    fn code(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Code for u32 {
    fn code(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl Code for i64 {
    fn code(&self, out: &mut String) {
        // `-9223372036854775808` is not a literal of `i64`.
        if *self == i64::MIN {
            out.push_str("i64::MIN");
        } else {
            let _ = write!(out, "{self}");
        }
    }
}

impl<T: Code> Code for Option<T> {
    fn code(&self, out: &mut String) {
        match self {
            None => out.push_str("None"),
            Some(x) => {
                out.push_str("Some(");
                x.code(out);
                out.push(')');
            }
        }
    }
}

impl<T: Code> Code for Box<T> {
    fn code(&self, out: &mut String) {
        out.push_str("Box::new(");
        (**self).code(out);
        out.push(')');
    }
}

impl<T: Code> Code for Vec<T> {
    fn code(&self, out: &mut String) {
        if self.is_empty() {
            out.push_str("Vec::new()");
            return;
        }
        out.push_str("vec![");
        for (i, x) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            x.code(out);
        }
        out.push(']');
    }
}

impl<A: Code, B: Code> Code for (A, B) {
    fn code(&self, out: &mut String) {
        out.push('(');
        self.0.code(out);
        out.push(',');
        self.1.code(out);
        out.push(')');
    }
}

/// `Name(a, b, ...)`: a call of a constructor or a tuple variant.
fn call(out: &mut String, name: &str, args: &[&dyn Code]) {
    out.push_str(name);
    out.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        a.code(out);
    }
    out.push(')');
}

/// A fieldless enum value, `Type::Variant`, by its `Debug` name.
fn unit(out: &mut String, ty: &str, v: &dyn std::fmt::Debug) {
    let _ = write!(out, "{ty}::{v:?}");
}

impl Code for Loc {
    fn code(&self, out: &mut String) {
        let Loc { line, col } = self;
        call(out, "loc", &[line, col]);
    }
}

impl Code for MemberKind {
    fn code(&self, out: &mut String) {
        unit(out, "MemberKind", self);
    }
}

impl Code for UnOp {
    fn code(&self, out: &mut String) {
        unit(out, "UnOp", self);
    }
}

impl Code for BinOp {
    fn code(&self, out: &mut String) {
        unit(out, "BinOp", self);
    }
}

impl Code for CmpOp {
    fn code(&self, out: &mut String) {
        unit(out, "CmpOp", self);
    }
}

impl Code for OpSpec {
    fn code(&self, out: &mut String) {
        let OpSpec {
            name,
            file,
            loc,
            members,
            lets,
            constraints,
        } = self;
        out.push_str("OpSpec{name:");
        name.code(out);
        out.push_str(",file:");
        file.code(out);
        out.push_str(",loc:");
        loc.code(out);
        out.push_str(",members:");
        members.code(out);
        out.push_str(",lets:");
        lets.code(out);
        out.push_str(",constraints:");
        constraints.code(out);
        out.push('}');
    }
}

impl Code for Member {
    fn code(&self, out: &mut String) {
        let Member {
            label,
            kind,
            name,
            optional,
            variadic,
            ty,
            default,
            loc,
        } = self;
        call(
            out,
            "member",
            &[label, kind, name, optional, variadic, ty, default, loc],
        );
    }
}

impl Code for TypeDesc {
    fn code(&self, out: &mut String) {
        let TypeDesc { alts } = self;
        out.push_str("TypeDesc{alts:");
        alts.code(out);
        out.push('}');
    }
}

impl Code for TypeAlt {
    fn code(&self, out: &mut String) {
        let TypeAlt { rank, base } = self;
        out.push_str("TypeAlt{rank:");
        rank.code(out);
        out.push_str(",base:");
        base.code(out);
        out.push('}');
    }
}

impl Code for TypeBase {
    fn code(&self, out: &mut String) {
        match self {
            TypeBase::Tensor(cs) => call(out, "TypeBase::Tensor", &[cs]),
            TypeBase::Enum(vs) => call(out, "TypeBase::Enum", &[vs]),
            TypeBase::Type(cs) => call(out, "TypeBase::Type", &[cs]),
            TypeBase::Scalar(s) => call(out, "TypeBase::Scalar", &[s]),
            TypeBase::Quantized
            | TypeBase::PerTensorQuantized
            | TypeBase::PerAxisQuantized
            | TypeBase::Token
            | TypeBase::Tuple
            | TypeBase::Value
            | TypeBase::Function
            | TypeBase::String
            | TypeBase::Dict => unit(out, "TypeBase", self),
        }
    }
}

impl Code for ElemClass {
    fn code(&self, out: &mut String) {
        match self {
            ElemClass::Named(s) => call(out, "ElemClass::Named", &[s]),
            ElemClass::Bool
            | ElemClass::Integer
            | ElemClass::Signed
            | ElemClass::Unsigned
            | ElemClass::Float
            | ElemClass::Complex => unit(out, "ElemClass", self),
        }
    }
}

impl Code for Let {
    fn code(&self, out: &mut String) {
        let Let {
            name,
            params,
            body,
            loc,
        } = self;
        out.push_str("Let{name:");
        name.code(out);
        out.push_str(",params:");
        params.code(out);
        out.push_str(",body:");
        body.code(out);
        out.push_str(",loc:");
        loc.code(out);
        out.push('}');
    }
}

impl Code for Constraint {
    fn code(&self, out: &mut String) {
        let Constraint {
            label,
            guards,
            body,
            note,
            loc,
        } = self;
        call(out, "constraint", &[label, guards, body, note, loc]);
    }
}

impl Code for ConstraintBody {
    fn code(&self, out: &mut String) {
        match self {
            ConstraintBody::Formula(e) => call(out, "ConstraintBody::Formula", &[e]),
            ConstraintBody::NotEncoded(s) => call(out, "ConstraintBody::NotEncoded", &[s]),
        }
    }
}

impl Code for Expr {
    fn code(&self, out: &mut String) {
        let Expr { kind, loc } = self;
        let Loc { line, col } = loc;
        call(out, "x", &[kind, line, col]);
    }
}

impl Code for ExprKind {
    fn code(&self, out: &mut String) {
        match self {
            ExprKind::Int(v) => call(out, "ExprKind::Int", &[v]),
            ExprKind::Str(s) => call(out, "ExprKind::Str", &[s]),
            ExprKind::Bool(b) => call(out, "ExprKind::Bool", &[b]),
            ExprKind::Name(n) => call(out, "ExprKind::Name", &[n]),
            ExprKind::List(items) => call(out, "ExprKind::List", &[items]),
            ExprKind::Comprehension {
                body,
                vars,
                iter,
                filter,
            } => {
                out.push_str("ExprKind::Comprehension{body:");
                body.code(out);
                out.push_str(",vars:");
                vars.code(out);
                out.push_str(",iter:");
                iter.code(out);
                out.push_str(",filter:");
                filter.code(out);
                out.push('}');
            }
            ExprKind::Forall { vars, iter, body } => {
                out.push_str("ExprKind::Forall{vars:");
                vars.code(out);
                out.push_str(",iter:");
                iter.code(out);
                out.push_str(",body:");
                body.code(out);
                out.push('}');
            }
            ExprKind::Call { func, args } => {
                out.push_str("ExprKind::Call{func:");
                func.code(out);
                out.push_str(",args:");
                args.code(out);
                out.push('}');
            }
            ExprKind::Index { base, indices } => {
                out.push_str("ExprKind::Index{base:");
                base.code(out);
                out.push_str(",indices:");
                indices.code(out);
                out.push('}');
            }
            ExprKind::Unary(op, e) => call(out, "ExprKind::Unary", &[op, e]),
            ExprKind::Binary(op, a, b) => call(out, "ExprKind::Binary", &[op, a, b]),
            ExprKind::Compare { first, rest } => {
                out.push_str("ExprKind::Compare{first:");
                first.code(out);
                out.push_str(",rest:");
                rest.code(out);
                out.push('}');
            }
            ExprKind::Cond {
                cond,
                then,
                otherwise,
                keyword,
            } => {
                out.push_str("ExprKind::Cond{cond:");
                cond.code(out);
                out.push_str(",then:");
                then.code(out);
                out.push_str(",otherwise:");
                otherwise.code(out);
                out.push_str(",keyword:");
                keyword.code(out);
                out.push('}');
            }
            ExprKind::Spread(e) => call(out, "ExprKind::Spread", &[e]),
            ExprKind::TensorOf(e) => call(out, "ExprKind::TensorOf", &[e]),
            ExprKind::ComplexOf(e) => call(out, "ExprKind::ComplexOf", &[e]),
        }
    }
}

impl Code for Arg {
    fn code(&self, out: &mut String) {
        let Arg { expr, spread } = self;
        out.push_str("Arg{expr:");
        expr.code(out);
        out.push_str(",spread:");
        spread.code(out);
        out.push('}');
    }
}

impl Code for Index {
    fn code(&self, out: &mut String) {
        match self {
            Index::At { expr, spread } => {
                out.push_str("Index::At{expr:");
                expr.code(out);
                out.push_str(",spread:");
                spread.code(out);
                out.push('}');
            }
            Index::Slice(lo, hi) => call(out, "Index::Slice", &[lo, hi]),
        }
    }
}
