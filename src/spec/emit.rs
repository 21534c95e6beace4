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

impl Code for super::ast::Text {
    fn code(&self, out: &mut String) {
        // Text borrowed from the program: no allocation when built.
        let _ = write!(out, "t({:?})", &**self);
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

/// `Name{field:value,...}`: a struct literal.
fn literal(out: &mut String, name: &str, fields: &[(&str, &dyn Code)]) {
    out.push_str(name);
    out.push('{');
    for (i, (field, value)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(field);
        out.push(':');
        value.code(out);
    }
    out.push('}');
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

/// Fieldless enums, written `Type::Variant` by their `Debug` names.
macro_rules! unit_code {
    ($($t:ident),*) => {$(
        impl Code for $t {
            fn code(&self, out: &mut String) {
                unit(out, stringify!($t), self);
            }
        }
    )*};
}

unit_code!(MemberKind, UnOp, BinOp, CmpOp);

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
        let fields: [(&str, &dyn Code); 6] = [
            ("name", name),
            ("file", file),
            ("loc", loc),
            ("members", members),
            ("lets", lets),
            ("constraints", constraints),
        ];
        literal(out, "OpSpec", &fields);
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
        let fields: [(&str, &dyn Code); 8] = [
            ("label", label),
            ("kind", kind),
            ("name", name),
            ("optional", optional),
            ("variadic", variadic),
            ("ty", ty),
            ("default", default),
            ("loc", loc),
        ];
        literal(out, "Member", &fields);
    }
}

impl Code for TypeDesc {
    fn code(&self, out: &mut String) {
        let TypeDesc { alts } = self;
        literal(out, "TypeDesc", &[("alts", alts)]);
    }
}

impl Code for TypeAlt {
    fn code(&self, out: &mut String) {
        let TypeAlt { rank, base } = self;
        literal(out, "TypeAlt", &[("rank", rank), ("base", base)]);
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
        let fields: [(&str, &dyn Code); 4] = [
            ("name", name),
            ("params", params),
            ("body", body),
            ("loc", loc),
        ];
        literal(out, "Let", &fields);
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
        let fields: [(&str, &dyn Code); 5] = [
            ("label", label),
            ("guards", guards),
            ("body", body),
            ("note", note),
            ("loc", loc),
        ];
        literal(out, "Constraint", &fields);
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
                let fields: [(&str, &dyn Code); 4] = [
                    ("body", body),
                    ("vars", vars),
                    ("iter", iter),
                    ("filter", filter),
                ];
                literal(out, "ExprKind::Comprehension", &fields);
            }
            ExprKind::Forall { vars, iter, body } => {
                let fields: [(&str, &dyn Code); 3] =
                    [("vars", vars), ("iter", iter), ("body", body)];
                literal(out, "ExprKind::Forall", &fields);
            }
            ExprKind::Call { func, args } => {
                literal(out, "ExprKind::Call", &[("func", func), ("args", args)]);
            }
            ExprKind::Index { base, indices } => {
                let fields: [(&str, &dyn Code); 2] = [("base", base), ("indices", indices)];
                literal(out, "ExprKind::Index", &fields);
            }
            ExprKind::Unary(op, e) => call(out, "ExprKind::Unary", &[op, e]),
            ExprKind::Binary(op, a, b) => call(out, "ExprKind::Binary", &[op, a, b]),
            ExprKind::Compare { first, rest } => {
                let fields: [(&str, &dyn Code); 2] = [("first", first), ("rest", rest)];
                literal(out, "ExprKind::Compare", &fields);
            }
            ExprKind::Cond {
                cond,
                then,
                otherwise,
                keyword,
            } => {
                let fields: [(&str, &dyn Code); 4] = [
                    ("cond", cond),
                    ("then", then),
                    ("otherwise", otherwise),
                    ("keyword", keyword),
                ];
                literal(out, "ExprKind::Cond", &fields);
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
        literal(out, "Arg", &[("expr", expr), ("spread", spread)]);
    }
}

impl Code for Index {
    fn code(&self, out: &mut String) {
        match self {
            Index::At { expr, spread } => {
                literal(out, "Index::At", &[("expr", expr), ("spread", spread)]);
            }
            Index::Slice(lo, hi) => call(out, "Index::Slice", &[lo, hi]),
        }
    }
}
