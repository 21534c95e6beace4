//! CHLO → StableHLO legalization: the rules applied directly to the IR, in
//! one pass per round, without saturation. Each CHLO op is replaced by the
//! right-hand side of the first rule (in file order) whose left-hand side
//! and condition match it; ops a rule introduces that are CHLO themselves
//! (`broadcast_zeta` → `zeta`) are legalized in the next round.

use super::matcher::{instantiate, matches, Builder, Def, Graph};
use super::rules::{by_root, Kind, Rule};
use crate::ir::{Attr, Block, Op, Pos, Program, Region, Type, ValueId};
use std::collections::HashMap;

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
    types: Vec<Type>,
    rename: HashMap<ValueId, ValueId>,
    left: Vec<Unlegalized>,
    applied: Vec<(String, usize)>,
    exact: bool,
    changed: bool,
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
                None => return Err("no rule rewrites this op".into()),
            },
        };
        let mut why = Vec::new();
        for rule in rules {
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

/// Legalizes every CHLO op of `prog` that a rule rewrites (at most 8
/// rounds, for rules whose right-hand sides hold CHLO ops).
pub fn legalize(prog: &Program) -> Legalized {
    let mut cur = prog.clone();
    let mut applied: Vec<(String, usize)> = Vec::new();
    let mut exact = true;
    for _ in 0..8 {
        let mut pass = Pass {
            g: IrGraph::new(&cur),
            only: None,
            types: cur.value_types.clone(),
            rename: HashMap::new(),
            left: Vec::new(),
            applied: Vec::new(),
            exact: true,
            changed: false,
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
        // Done when nothing changed, or when no CHLO op is left (a right-hand
        // side may have introduced some: they are legalized next round).
        if !changed || (left.is_empty() && collect_chlo(&cur.ops).is_empty()) {
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
        types: prog.value_types.clone(),
        rename: HashMap::new(),
        left: Vec::new(),
        applied: Vec::new(),
        exact: true,
        changed: false,
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
