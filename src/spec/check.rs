//! Load-time checks of a parsed op: unique names and labels, every name
//! resolvable, builtins called with the right number of arguments, no
//! recursive `let`s.

use std::collections::{HashMap, HashSet};

use super::ast::*;
use super::builtins::{function_arity, is_constant};
use super::SpecError;

pub fn check_op(op: &OpSpec) -> Result<(), SpecError> {
    let err = |loc: Loc, message: String| SpecError {
        file: op.file,
        loc,
        message: format!("{}: {message}", op.name),
    };
    let mut seen = HashSet::new();
    for m in &op.members {
        if !seen.insert(&*m.name) {
            return Err(err(m.loc, format!("member `{}` is declared twice", m.name)));
        }
        if function_arity(&m.name).is_some()
            && m.name != "shape"
            && m.name != "min"
            && m.name != "max"
        {
            // Members may shadow a builtin only where the spec does so.
            return Err(err(
                m.loc,
                format!("member `{}` has the name of a builtin", m.name),
            ));
        }
    }
    let mut input_labels = HashSet::new();
    for m in &op.members {
        if let Some(l) = &m.label {
            if !input_labels.insert(&**l) {
                return Err(err(m.loc, format!("input label `({l})` is used twice")));
            }
        }
    }
    for l in &op.lets {
        if !seen.insert(&*l.name) {
            return Err(err(
                l.loc,
                format!("`let {}` clashes with a member or another let", l.name),
            ));
        }
    }
    let mut labels = HashSet::new();
    for c in &op.constraints {
        if !labels.insert(&*c.label) {
            return Err(err(c.loc, format!("label `({})` is used twice", c.label)));
        }
    }
    let enums: HashSet<&str> = op
        .members
        .iter()
        .flat_map(|m| m.ty.alts.iter())
        .filter_map(|a| match &a.base {
            TypeBase::Enum(names) => Some(names.iter().map(String::as_str)),
            _ => None,
        })
        .flatten()
        .collect();
    let cx = Cx { op, enums };
    let mut scope = Vec::new();
    for m in &op.members {
        if let Some(d) = &m.default {
            cx.expr(d, &mut scope).map_err(|(loc, msg)| err(loc, msg))?;
        }
    }
    for l in &op.lets {
        let mut scope: Vec<&str> = l.params.iter().map(|v| &**v).collect();
        cx.expr(&l.body, &mut scope)
            .map_err(|(loc, msg)| err(loc, msg))?;
    }
    for c in &op.constraints {
        for g in &c.guards {
            cx.expr(g, &mut scope).map_err(|(loc, msg)| err(loc, msg))?;
        }
        if let ConstraintBody::Formula(e) = &c.body {
            cx.expr(e, &mut scope).map_err(|(loc, msg)| err(loc, msg))?;
        }
    }
    // No recursion among lets.
    let deps: HashMap<&str, Vec<&str>> = op
        .lets
        .iter()
        .map(|l| {
            let mut names = Vec::new();
            collect_names(&l.body, &mut names);
            let names = names
                .into_iter()
                .filter(|n| op.let_def(n).is_some() && !l.params.iter().any(|p| p == n))
                .collect();
            (&*l.name, names)
        })
        .collect();
    for l in &op.lets {
        let mut stack = vec![&*l.name];
        let mut visited = HashSet::new();
        while let Some(n) = stack.pop() {
            for d in deps.get(n).into_iter().flatten() {
                if *d == l.name {
                    return Err(err(l.loc, format!("`let {}` refers to itself", l.name)));
                }
                if visited.insert(*d) {
                    stack.push(d);
                }
            }
        }
    }
    Ok(())
}

/// Every name used (bare or called) in an expression.
pub fn collect_names<'a>(e: &'a Expr, out: &mut Vec<&'a str>) {
    walk(e, &mut |e| match &e.kind {
        ExprKind::Name(n) => out.push(n),
        ExprKind::Call { func, .. } => out.push(func),
        _ => {}
    });
}

/// Calls `f` on `e` and every subexpression.
pub fn walk<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Str(_) | ExprKind::Bool(_) | ExprKind::Name(_) => {}
        ExprKind::List(items) => items.iter().for_each(|i| walk(i, f)),
        ExprKind::Comprehension {
            body, iter, filter, ..
        } => {
            walk(iter, f);
            walk(body, f);
            if let Some(c) = filter {
                walk(c, f);
            }
        }
        ExprKind::Forall { body, iter, .. } => {
            walk(iter, f);
            walk(body, f);
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| walk(&a.expr, f)),
        ExprKind::Index { base, indices } => {
            walk(base, f);
            for i in indices {
                match i {
                    Index::At { expr, .. } => walk(expr, f),
                    Index::Slice(a, b) => {
                        a.iter().chain(b.iter()).for_each(|e| walk(e, f));
                    }
                }
            }
        }
        ExprKind::Unary(_, a)
        | ExprKind::Spread(a)
        | ExprKind::TensorOf(a)
        | ExprKind::ComplexOf(a) => walk(a, f),
        ExprKind::Binary(_, a, b) => {
            walk(a, f);
            walk(b, f);
        }
        ExprKind::Compare { first, rest } => {
            walk(first, f);
            rest.iter().for_each(|(_, e)| walk(e, f));
        }
        ExprKind::Cond {
            cond,
            then,
            otherwise,
            ..
        } => {
            walk(cond, f);
            walk(then, f);
            if let Some(o) = otherwise {
                walk(o, f);
            }
        }
    }
}

struct Cx<'a> {
    op: &'a OpSpec,
    enums: HashSet<&'a str>,
}

type CResult = Result<(), (Loc, String)>;

impl<'a> Cx<'a> {
    fn expr(&self, e: &'a Expr, scope: &mut Vec<&'a str>) -> CResult {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Str(_) | ExprKind::Bool(_) => Ok(()),
            ExprKind::Name(n) => {
                if scope.contains(&&**n)
                    || self.op.member(n).is_some()
                    || is_constant(n)
                    || self.enums.contains(&**n)
                {
                    return Ok(());
                }
                if let Some(l) = self.op.let_def(n) {
                    if !l.params.is_empty() {
                        return Err((
                            e.loc,
                            format!("`{n}` takes {} argument(s); call it", l.params.len()),
                        ));
                    }
                    return Ok(());
                }
                if function_arity(n).is_some() {
                    return Err((e.loc, format!("builtin `{n}` must be called")));
                }
                Err((e.loc, format!("unknown name `{n}`")))
            }
            ExprKind::List(items) => items.iter().try_for_each(|i| self.expr(i, scope)),
            ExprKind::Comprehension {
                body,
                vars,
                iter,
                filter,
            } => {
                self.expr(iter, scope)?;
                let n = scope.len();
                scope.extend(vars.iter().map(|v| &**v));
                let mut r = self.expr(body, scope);
                if let (Ok(()), Some(c)) = (&r, filter) {
                    r = self.expr(c, scope);
                }
                scope.truncate(n);
                r
            }
            ExprKind::Forall { body, vars, iter } => {
                self.expr(iter, scope)?;
                let n = scope.len();
                scope.extend(vars.iter().map(|v| &**v));
                let r = self.expr(body, scope);
                scope.truncate(n);
                r
            }
            ExprKind::Call { func, args } => {
                let n = args.len();
                if let Some(l) = self.op.let_def(func) {
                    if l.params.len() != n {
                        return Err((
                            e.loc,
                            format!("`{func}` takes {} argument(s), given {n}", l.params.len()),
                        ));
                    }
                } else if let Some(a) = function_arity(func) {
                    if !a.accepts(n) {
                        return Err((e.loc, format!("builtin `{func}` given {n} argument(s)")));
                    }
                } else {
                    return Err((e.loc, format!("unknown function `{func}`")));
                }
                args.iter().try_for_each(|a| self.expr(&a.expr, scope))
            }
            ExprKind::Index { base, indices } => {
                self.expr(base, scope)?;
                for i in indices {
                    match i {
                        Index::At { expr, .. } => self.expr(expr, scope)?,
                        Index::Slice(a, b) => {
                            for x in a.iter().chain(b.iter()) {
                                self.expr(x, scope)?;
                            }
                        }
                    }
                }
                Ok(())
            }
            ExprKind::Unary(_, a)
            | ExprKind::Spread(a)
            | ExprKind::TensorOf(a)
            | ExprKind::ComplexOf(a) => self.expr(a, scope),
            ExprKind::Binary(_, a, b) => {
                self.expr(a, scope)?;
                self.expr(b, scope)
            }
            ExprKind::Compare { first, rest } => {
                self.expr(first, scope)?;
                rest.iter().try_for_each(|(_, x)| self.expr(x, scope))
            }
            ExprKind::Cond {
                cond,
                then,
                otherwise,
                ..
            } => {
                self.expr(cond, scope)?;
                self.expr(then, scope)?;
                if let Some(o) = otherwise {
                    self.expr(o, scope)?;
                }
                Ok(())
            }
        }
    }
}
