//! Following calls: a `func.call` (and a `stablehlo.composite`, whose
//! decomposition is a call) is checked by walking the callee's body in the
//! caller's context. The callee's arguments take the values of the call's
//! operands — their symbolic dimension sizes and, for small integer tensors,
//! their tracked elements — so a dimension variable that the caller passes as
//! a `tensor<i64>` is known in the callee by the caller's term, and the
//! caller's assumptions (shape assertions, preconditions found so far) hold
//! there. What the callee needs is stated in the caller's terms, at the
//! callee's op, with the call sites that led there. The call's results take
//! the sizes and elements the callee returns.
//!
//! A private function that some call or composite names is checked only at
//! its calls; every other function (public, or never called) is checked on
//! its own, with fresh unknowns for its arguments, as is a function that no
//! followed call reached. A call is not followed (its results stay unknown,
//! reported as undecided) when it would recurse, when calls nest deeper than
//! [`MAX_CALL_DEPTH`] (or calls and regions together deeper than
//! [`MAX_NESTING`]), or when [`CALL_OP_BUDGET`] ops have been checked inside
//! calls already. A callee called again with the same operand values (the same
//! static shapes, or the same symbolic terms) is not walked again: the first
//! walk's findings stand for both, and its results are reused.

use super::{Kind, State};
use crate::ir::types::Type;
use crate::ir::{Attr, Op};
use crate::spec::eval::TensorVal;
use crate::spec::sym::{SBool, Sym};
use foldhash::HashSet;
use std::rc::Rc;

/// Calls nested deeper than this are not followed.
pub const MAX_CALL_DEPTH: usize = 32;

/// Ops checked inside followed calls, per program, after which further calls
/// are not followed.
pub const CALL_OP_BUDGET: usize = 100_000;

/// Blocks (function bodies and regions) nested inside each other, counted
/// across calls, beyond which calls are not followed: it bounds the depth of
/// the walk together with the parser's nesting limit.
pub const MAX_NESTING: usize = 160;

/// What a callee was called with: per operand, its dimension sizes, its
/// tracked elements and the conditions under which they are exact.
pub(crate) type CallKey = (String, Vec<CallOperand>);

/// One operand of a [`CallKey`].
pub(crate) type CallOperand = (Option<Vec<Sym>>, Option<Vec<Sym>>, Vec<SBool>);

/// What an earlier walk of a callee returned.
pub(crate) struct CallMemo {
    /// The values the callee returned, one per result.
    returned: Vec<Rc<TensorVal>>,
    /// The first unknown made during that walk: terms over unknowns from
    /// here on belong to that walk and are not reused.
    first_var: u32,
}

/// The function a symbol attribute names (the last part of a nested
/// reference, as the executor resolves it).
pub fn symbol_name(a: Option<&Attr>) -> Option<String> {
    match a? {
        Attr::SymbolRef(path) => path.last().cloned(),
        Attr::Str(s) => Some(String::from_utf8_lossy(s).into_owned()),
        _ => None,
    }
}

/// The function an op calls: `func.call`'s callee, `composite`'s
/// decomposition.
pub fn callee_of(op: &Op) -> Option<String> {
    match op.name.as_str() {
        "func.call" => symbol_name(op.attr("callee")),
        "stablehlo.composite" => symbol_name(op.attr("decomposition")),
        _ => None,
    }
}

/// Adds the functions that some op in `ops` (or in their regions) calls.
pub fn collect_callees(ops: &[Op], out: &mut HashSet<String>) {
    for op in ops {
        if let Some(c) = callee_of(op) {
            out.insert(c);
        }
        for r in &op.regions {
            for b in &r.blocks {
                collect_callees(&b.ops, out);
            }
        }
    }
}

/// Whether a `func.func` is private (or nested): only its module's calls
/// can reach it.
pub fn is_private(f: &Op) -> bool {
    matches!(
        f.attr("sym_visibility").and_then(|a| a.as_str()),
        Some(b"private" | b"nested")
    )
}

/// A `func.func`'s declared type.
fn function_type(f: &Op) -> Option<&crate::ir::types::FunctionType> {
    match f.attr("function_type") {
        Some(Attr::Type(Type::Function(ft))) => Some(ft),
        _ => None,
    }
}

impl State<'_> {
    /// Checks the callee of `op` (a `func.call`, or a `composite` with
    /// `types_checked_by_spec`, whose spec compares the types itself) in the
    /// current context and gives the op's results the callee's results.
    pub(crate) fn follow_call(&mut self, op: &Op, callee: &str, types_checked_by_spec: bool) {
        let Some(f) = self.func_ops.get(callee).copied() else {
            if !types_checked_by_spec {
                self.push(
                    Kind::Error,
                    op,
                    "callee",
                    format!("there is no function named @{callee}"),
                    None,
                );
            }
            return;
        };
        let Some(ft) = function_type(f) else { return };
        let prog = self.prog;
        let ty = |v: &u32| prog.value_types.get(*v as usize).unwrap_or(&Type::None);
        let arg_types: Vec<&Type> = op.operands.iter().map(ty).collect();
        let result_types: Vec<&Type> = op.results.iter().map(ty).collect();
        let mismatch = if arg_types.len() != ft.inputs.len() {
            Some(format!(
                "@{callee} takes {} arguments, but the call passes {}",
                ft.inputs.len(),
                arg_types.len()
            ))
        } else if result_types.len() != ft.results.len() {
            Some(format!(
                "@{callee} returns {} results, but the call expects {}",
                ft.results.len(),
                result_types.len()
            ))
        } else if let Some(i) = (0..arg_types.len()).find(|&i| *arg_types[i] != ft.inputs[i]) {
            Some(format!(
                "operand {i} has type {}, but @{callee} takes {}",
                arg_types[i], ft.inputs[i]
            ))
        } else {
            (0..result_types.len())
                .find(|&i| *result_types[i] != ft.results[i])
                .map(|i| {
                    format!(
                        "result {i} has type {}, but @{callee} returns {}",
                        result_types[i], ft.results[i]
                    )
                })
        };
        if let Some(m) = mismatch {
            if !types_checked_by_spec {
                self.push(Kind::Error, op, "callee", m, None);
            }
            return;
        }
        // A body of one block ending in `func.return`; declarations (no body)
        // and bodies of several blocks are not followed.
        let body = match f.regions.first().map(|r| r.blocks.as_slice()) {
            Some([b]) => b,
            _ => return,
        };
        let ret = match body.ops.last() {
            Some(r) if r.name == "func.return" && r.operands.len() == op.results.len() => r,
            _ => return,
        };
        if body.args.len() != op.operands.len() {
            return;
        }
        let why_not = if self.active.iter().any(|a| a == callee) {
            Some(format!("the call of @{callee} is recursive"))
        } else if self.call_sites.len() >= MAX_CALL_DEPTH {
            Some(format!(
                "calls are nested more than {MAX_CALL_DEPTH} deep here"
            ))
        } else if self.nesting >= MAX_NESTING {
            Some(format!(
                "calls and regions are nested more than {MAX_NESTING} deep here"
            ))
        } else if self.ops_in_calls > CALL_OP_BUDGET {
            Some(format!(
                "{CALL_OP_BUDGET} ops have been checked inside calls already"
            ))
        } else {
            None
        };
        if let Some(why) = why_not {
            self.push(
                Kind::Unknown,
                op,
                "call",
                format!("@{callee} is not checked at this call ({why}); its results are taken as unknown"),
                None,
            );
            return;
        }
        let key: CallKey = (
            callee.to_string(),
            op.operands
                .iter()
                .map(|v| {
                    let t = self.val(*v);
                    let conds = t.exact_if.iter().map(|f| f.cond.clone()).collect();
                    (t.dims.clone(), t.contents.clone(), conds)
                })
                .collect(),
        );
        if let Some(m) = self.call_memo.get(&key) {
            let returned = m.returned.clone();
            let first_var = m.first_var;
            self.take_results(op, &returned, Some(first_var));
            return;
        }
        let first_var = self.vars.len() as u32;
        for (i, (&a, &v)) in body.args.iter().zip(&op.operands).enumerate() {
            let mut t = (*self.val(v)).clone();
            if t.contents.is_none() {
                // Elements the caller does not track are free in the callee,
                // unknowns outside the entry function's terms.
                let first = self.vars.len() as u32;
                t.contents = self.fresh_value(a, &format!("@{callee}.arg{i}")).contents;
                if t.contents.is_some() {
                    let why = self.untracked_why(v);
                    self.mark_internal(first, &why);
                    self.untracked.insert(a, why);
                }
            }
            self.set_val(a, t);
        }
        self.walked.insert(callee.to_string());
        self.active.push(callee.to_string());
        self.call_sites.push(op.pos);
        self.walk(&body.ops);
        self.call_sites.pop();
        self.active.pop();
        let returned: Vec<Rc<TensorVal>> = ret.operands.iter().map(|v| self.val(*v)).collect();
        self.take_results(op, &returned, None);
        self.call_memo.insert(
            key,
            CallMemo {
                returned,
                first_var,
            },
        );
    }

    /// Gives the call's results the returned sizes (where the result type
    /// has `?`) and elements. With `fresh_from`, terms over the unknowns made
    /// from that one on (inside an earlier walk of the callee) are not taken:
    /// those results keep their own fresh unknowns.
    fn take_results(&mut self, op: &Op, returned: &[Rc<TensorVal>], fresh_from: Option<u32>) {
        let usable = |s: &Sym| {
            fresh_from.is_none_or(|first| {
                let mut vs = Vec::new();
                s.vars(&mut vs);
                vs.iter().all(|v| *v < first)
            })
        };
        for (&r, ret) in op.results.iter().zip(returned) {
            let mut t = (*self.val(r)).clone();
            if let (Some(dims), Some(rdims)) = (&mut t.dims, &ret.dims) {
                if dims.len() == rdims.len() {
                    for (d, rd) in dims.iter_mut().zip(rdims) {
                        // A declared size stays; an unknown one takes the
                        // callee's.
                        if d.as_const().is_none() && usable(rd) {
                            *d = rd.clone();
                        }
                    }
                }
            }
            let mut tracked = false;
            if let Some(c) = &ret.contents {
                let n = match &t.ty {
                    Type::Tensor(tt) => tt.num_elements(),
                    _ => None,
                };
                // The conditions under which the returned elements are
                // exact come with them.
                if n == Some(c.len() as u64)
                    && c.iter().all(usable)
                    && ret.exact_if.iter().all(|f| {
                        let mut vs = Vec::new();
                        f.cond.vars(&mut vs);
                        fresh_from.is_none_or(|first| vs.iter().all(|v| *v < first))
                    })
                {
                    t.contents = Some(c.clone());
                    t.exact_if = ret.exact_if.clone();
                    tracked = true;
                }
            }
            if !tracked {
                let why: Rc<str> = format!("returned by the call at line {}", op.pos.line).into();
                self.untracked.insert(r, why);
            }
            self.set_val(r, t);
        }
    }
}
