//! Equality by rewriting: two functions in one e-graph, saturated with the
//! `exact` rules; equal for every input when their `$return` e-classes meet.

use super::lang::{add_function, result_class, GraphBuilder, HGraph, HNode, TypeAnalysis};
use super::matcher::{instantiate, matches};
use super::rules::{self, eval_type, Kind, Rule};
use crate::ir::Program;
use egg::{Id, TreeTerm};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Bounds on saturation.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Rounds of applying every rule everywhere.
    pub iterations: usize,
    /// E-nodes in the e-graph.
    pub nodes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            iterations: 16,
            nodes: 100_000,
        }
    }
}

/// One step of a proof: a rule applied (forward: left to right) to the
/// subterm `from`, and the subterm it gave (both cut at a depth).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub rule: String,
    pub forward: bool,
    pub from: String,
    pub term: String,
}

/// A proof that two functions are equal: the rule applications that take
/// the first function's term to the second's (egg's explanation), each
/// shown at the subterm it rewrites; a sub-proof shared by several
/// occurrences of a subterm is listed once.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    pub start: String,
    pub steps: Vec<Step>,
}

impl std::fmt::Display for Proof {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "  {}", self.start)?;
        if self.steps.is_empty() {
            writeln!(f, "  (the two functions are the same term)")?;
        }
        for s in &self.steps {
            let dir = if s.forward { "" } else { " (backwards)" };
            writeln!(f, "  {} = {}   by {}{dir}", s.from, s.term, s.rule)?;
        }
        Ok(())
    }
}

/// Whether function `fa` of `a` and `fb` of `b` are equal by the `exact`
/// rules of spec/rules/; `Some(proof)` only if their results meet in the
/// e-graph and no merge joined e-classes of different types.
pub fn rewrite_equal(
    a: &Program,
    fa: &str,
    b: &Program,
    fb: &str,
    limits: Limits,
) -> Option<Proof> {
    let exact: Vec<&Rule> = rules::all()
        .iter()
        .filter(|r| r.kind == Kind::Exact)
        .collect();
    rewrite_equal_with(a, fa, b, fb, &exact, limits)
}

/// [`rewrite_equal`] with a given rule set.
pub fn rewrite_equal_with(
    a: &Program,
    fa: &str,
    b: &Program,
    fb: &str,
    rules: &[&Rule],
    limits: Limits,
) -> Option<Proof> {
    let mut g = HGraph::new(TypeAnalysis::default()).with_explanations_enabled();
    let ra = add_function(&mut g, a, fa).ok()?;
    let rb = add_function(&mut g, b, fb).ok()?;
    g.rebuild();
    saturate(&mut g, rules, limits, Some((ra, rb)));
    if !g.analysis.mismatches.is_empty() || g.find(ra) != g.find(rb) {
        return None;
    }
    let ex = g.explain_id_equivalence(ra, rb);
    Some(proof_of(&ex.explanation_trees))
}

/// How deep a term of a proof is printed; deeper subterms print as `…`.
/// A function's term is a DAG that can be exponentially larger as a tree,
/// so terms are cut, and a step shows the subterm it rewrites.
const TERM_DEPTH: usize = 4;

/// The proof read off egg's tree explanation, whose shared sub-proofs are
/// visited once (egg's flat explanation repeats them at every occurrence,
/// exponentially often in a deep DAG).
fn proof_of(trees: &[Rc<TreeTerm<HNode>>]) -> Proof {
    let start = trees
        .first()
        .map(|t| render(&|d| initial(t, d), TERM_DEPTH))
        .unwrap_or_default();
    let mut steps = Vec::new();
    let mut seen = HashSet::new();
    walk(trees, &mut seen, &mut steps);
    Proof { start, steps }
}

/// Appends the rewrites of a sequence of tree terms (each is joined to the
/// one before by its rule) and, once per shared sub-proof, of their children.
fn walk(
    seq: &[Rc<TreeTerm<HNode>>],
    seen: &mut HashSet<*const TreeTerm<HNode>>,
    out: &mut Vec<Step>,
) {
    for (i, t) in seq.iter().enumerate() {
        let rule = t
            .forward_rule
            .map(|r| (r, true))
            .or(t.backward_rule.map(|r| (r, false)));
        if let (Some((rule, forward)), Some(prev)) = (rule, i.checked_sub(1).map(|j| &seq[j])) {
            out.push(Step {
                rule: rule.to_string(),
                forward,
                from: render(&|d| last(prev, d), TERM_DEPTH),
                term: render(&|d| initial(t, d), TERM_DEPTH),
            });
        }
        if seen.insert(Rc::as_ptr(t)) {
            for c in &t.child_proofs {
                walk(c, seen, out);
            }
        }
    }
}

/// A term as a node and its children, cut at a depth.
struct Shown<'t> {
    node: &'t HNode,
    children: Vec<Shown<'t>>,
    cut: bool,
}

/// The first term of a tree term, to depth `d`.
fn initial(t: &TreeTerm<HNode>, d: usize) -> Shown<'_> {
    shown(t, d, true)
}

/// The last term of a tree term, to depth `d`.
fn last(t: &TreeTerm<HNode>, d: usize) -> Shown<'_> {
    shown(t, d, false)
}

/// The first (or last) term of a tree term: each child's proof read at
/// its first (or last) step.
fn shown(t: &TreeTerm<HNode>, d: usize, first: bool) -> Shown<'_> {
    Shown {
        node: &t.node,
        cut: d == 0 && !t.child_proofs.is_empty(),
        children: if d == 0 {
            Vec::new()
        } else {
            t.child_proofs
                .iter()
                .filter_map(|c| if first { c.first() } else { c.last() })
                .map(|c| shown(c, d - 1, first))
                .collect()
        },
    }
}

/// Applies every rule at every e-class, round after round, until nothing
/// changes, `stop`'s two e-classes meet, or a limit is reached.
pub fn saturate(g: &mut HGraph, rules: &[&Rule], limits: Limits, stop: Option<(Id, Id)>) {
    for _ in 0..limits.iterations {
        if let Some((x, y)) = stop {
            if g.find(x) == g.find(y) {
                return;
            }
        }
        let mut found = Vec::new();
        for rule in rules {
            let root = rule.root();
            let multi = root.results.len() != 1;
            let name = egg::Symbol::from(root.name.as_str());
            let result0 = egg::Symbol::from("$result");
            for class in g.classes() {
                // A multi-result op is matched at its result 0 (a `$result`
                // node over the op's tuple class).
                let hit = if multi {
                    class.nodes.iter().any(|n| {
                        n.op == result0
                            && n.k == 0
                            && g[n.children[0]].nodes.iter().any(|m| m.op == name)
                    })
                } else {
                    class.nodes.iter().any(|n| n.op == name)
                };
                if hit {
                    for b in matches(&*g, rule, &class.id) {
                        found.push((*rule, class.id, b));
                    }
                }
            }
        }
        let mut changed = false;
        // Needed only where a right-hand side builds a region (its
        // regions' nested ops are part of its op's pattern).
        let levels = if found
            .iter()
            .any(|(r, _, _)| r.rhs.iter().any(|o| !o.regions.is_empty()))
        {
            free_levels(g)
        } else {
            HashMap::new()
        };
        for (rule, id, b) in found {
            // The right-hand side's regions bind the level just above the
            // deepest one its operands use (so none of theirs is
            // captured): a rule applied in a function's body builds its
            // regions at level 1, as the function's own ops have theirs,
            // and the two meet when they are the same.
            let used = b
                .vals
                .iter()
                .map(|(_, v, _)| levels.get(v).copied().unwrap_or(u64::MAX))
                .fold(0u64, |a, m| a | m);
            let base = if used == 0 {
                0
            } else {
                63 - used.leading_zeros()
            };
            let mut builder = GraphBuilder::new(g, base);
            let Ok(res) = instantiate(rule, &b, &mut builder) else {
                continue;
            };
            if let Some(&r) = res.first() {
                changed |= g.union_trusted(id, r, rule.name.as_str());
            }
            // The other results of a multi-result root: each joined to the
            // matched op's own result of that index.
            // Only when result 0's class holds one op of the root's name:
            // two such ops with equal first results need not agree on the
            // others, and the match does not say which one it bound.
            if res.len() > 1 {
                let name = egg::Symbol::from(rule.root().name.as_str());
                let mut ops: Vec<Id> = g[id]
                    .nodes
                    .iter()
                    .filter(|n| n.op.as_str() == "$result" && n.k == 0)
                    .map(|n| g.find(n.children[0]))
                    .filter(|&c| g[c].nodes.iter().any(|m| m.op == name))
                    .collect();
                ops.sort();
                ops.dedup();
                if ops.len() != 1 {
                    continue;
                }
                let root = rule.root();
                for (k, &r) in res.iter().enumerate().skip(1) {
                    let Some(Ok(ty)) = root.types.get(k).map(|t| eval_type(t, &b)) else {
                        continue;
                    };
                    for &op in &ops {
                        let rk = result_class(g, op, k, &ty);
                        changed |= g.union_trusted(rk, r, rule.name.as_str());
                    }
                }
            }
        }
        g.rebuild();
        if !changed || g.total_size() > limits.nodes {
            return;
        }
    }
}

/// Each e-class's free region levels: a bit per level of the `$bbarg`s
/// some term of the class uses and no region of that term binds (a
/// `$region` of level `L` binds `L` and the levels above it, as
/// extraction reads them). Every term of a class counts, so a
/// right-hand side built over the class captures none of them.
fn free_levels(g: &HGraph) -> HashMap<Id, u64> {
    let mut ids: Vec<Id> = g.classes().map(|c| c.id).collect();
    ids.sort();
    let mut m: HashMap<Id, u64> = ids.iter().map(|&i| (i, 0)).collect();
    // A union of bits, growing to a fixpoint (children are mostly older
    // e-classes, so one pass in id order settles most).
    loop {
        let mut changed = false;
        for &id in &ids {
            let mut d = 0u64;
            for n in &g[id].nodes {
                let mut e = 0u64;
                for c in &n.children {
                    e |= m.get(&g.find(*c)).copied().unwrap_or(0);
                }
                match n.op.as_str() {
                    "$bbarg" => e |= 1u64 << (n.k >> 16).min(63),
                    "$region" => e &= 1u64.checked_shl(n.k).map_or(u64::MAX, |b| b - 1),
                    _ => {}
                }
                d |= e;
            }
            let slot = m.entry(id).or_insert(0);
            if *slot != d {
                *slot = d;
                changed = true;
            }
        }
        if !changed {
            return m;
        }
    }
}

/// A term as `op(children…)`: `%argN` for arguments, `^D.I` for block
/// arguments, `#N(x)` for result N of a multi-result op, `…` where the
/// term is cut.
fn render<'t>(term: &dyn Fn(usize) -> Shown<'t>, depth: usize) -> String {
    fn go(t: &Shown) -> String {
        let n = t.node;
        if t.cut {
            return "…".into();
        }
        let kids: Vec<String> = t.children.iter().map(go).collect();
        match n.op.as_str() {
            "$arg" => format!("%arg{}", n.k),
            "$bbarg" => format!("^{}.{}", n.k >> 16, n.k & 0xFFFF),
            "$result" => format!("#{}({})", n.k, kids.join(", ")),
            "$region" => format!("{{{}}}", kids.join(", ")),
            "$return" => format!("return({})", kids.join(", ")),
            op => format!(
                "{}({})",
                op.trim_start_matches("stablehlo."),
                kids.join(", ")
            ),
        }
    }
    go(&term(depth))
}
