//! The formal spec: the files of `spec/`, embedded in the binary, parsed into
//! [`ast::OpSpec`]s. The language is documented in `spec/README.md`.
//!
//! ```
//! let spec = hlocheck::spec::Spec::embedded().unwrap();
//! let concat = spec.op("stablehlo.concatenate").unwrap();
//! assert!(concat.constraint("C6").unwrap().is_encoded());
//! ```

pub mod ast;
mod built;
pub mod builtins;
pub mod check;
#[cfg(test)]
mod emit;
mod error;
pub mod eval;
mod lexer;
pub mod parse;
mod render;
pub mod sym;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use ast::OpSpec;
pub use error::SpecError;
pub use render::{render, render_expr, render_type};

/// The spec files, by name, as embedded in the binary: the list is the
/// build script's, which parses and checks these files and prepares their
/// ops (`built`).
pub const FILES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/spec_files.rs"));

/// Each file parsed, in the order given: the files split between two
/// threads (the larger ones first, alternately), or all on the calling
/// thread when no thread can be started.
fn parse_files(files: &[(&'static str, &str)]) -> Vec<Result<Vec<OpSpec>, SpecError>> {
    let parse = |i: usize| parse::parse_file(files[i].0, files[i].1);
    let mut order: Vec<usize> = (0..files.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(files[i].1.len()));
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    let (mut load_mine, mut load_theirs) = (0usize, 0usize);
    for i in order {
        if load_mine <= load_theirs {
            load_mine += files[i].1.len();
            mine.push(i);
        } else {
            load_theirs += files[i].1.len();
            theirs.push(i);
        }
    }
    let mut out: Vec<Option<Result<Vec<OpSpec>, SpecError>>> = files.iter().map(|_| None).collect();
    std::thread::scope(|s| {
        let other = std::thread::Builder::new()
            .stack_size(16 << 20)
            .spawn_scoped(s, || {
                theirs.iter().map(|&i| (i, parse(i))).collect::<Vec<_>>()
            })
            .ok();
        for &i in &mine {
            out[i] = Some(parse(i));
        }
        let rest = match other.map(|h| h.join()) {
            Some(Ok(rest)) => rest,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => theirs.iter().map(|&i| (i, parse(i))).collect(),
        };
        for (i, r) in rest {
            out[i] = Some(r);
        }
    });
    out.into_iter()
        .map(|r| r.expect("every file parsed"))
        .collect()
}

/// All ops of all spec files.
#[derive(Debug)]
pub struct Spec {
    ops: Vec<OpSpec>,
    by_name: HashMap<String, usize>,
}

impl Spec {
    /// Parses and checks the given files (name, text).
    pub fn load(files: &[(&'static str, &str)]) -> Result<Spec, SpecError> {
        let mut ops: Vec<OpSpec> = Vec::new();
        let mut by_name = HashMap::new();
        // The files are parsed on threads (a start-up cost of every command
        // that verifies); checks and errors then follow in file order, as
        // if parsed one after another.
        let parsed = parse_files(files);
        for ((file, _), parsed) in files.iter().zip(parsed) {
            for op in parsed? {
                check::check_op(&op)?;
                if let Some(&i) = by_name.get(&*op.name) {
                    let first: &OpSpec = &ops[i];
                    return Err(SpecError {
                        file,
                        loc: op.loc,
                        message: format!(
                            "op `{}` is already defined at spec/{}:{}",
                            op.name, first.file, first.loc
                        ),
                    });
                }
                by_name.insert(op.name.to_string(), ops.len());
                ops.push(op);
            }
        }
        Ok(Spec { ops, by_name })
    }

    /// The spec embedded in the binary, parsed once.
    pub fn embedded() -> Result<&'static Spec, &'static SpecError> {
        static SPEC: OnceLock<Result<Spec, SpecError>> = OnceLock::new();
        SPEC.get_or_init(|| Spec::load(FILES)).as_ref()
    }

    /// The op of the embedded spec with this fully qualified name, as the
    /// build parsed and checked it (`built`), built the first time it is
    /// asked for: a command that verifies a program builds only the ops the
    /// program uses. The tests hold every op built this way equal to the
    /// whole spec's, location included.
    pub fn embedded_op(name: &str) -> Option<&'static OpSpec> {
        // A pointer per op, not the op: the cells span a page or two, and
        // the first write to a page of statics that was read before costs
        // every core running this process a TLB flush.
        static OPS: [OnceLock<&'static OpSpec>; built::COUNT] =
            [const { OnceLock::new() }; built::COUNT];
        let (i, build) = built::builder(name)?;
        Some(OPS[i].get_or_init(|| Box::leak(Box::new(build()))))
    }

    /// The op with this fully qualified name (`stablehlo.add`).
    pub fn op(&self, name: &str) -> Option<&OpSpec> {
        self.by_name.get(name).map(|&i| &self.ops[i])
    }

    /// All ops, in file order.
    pub fn ops(&self) -> &[OpSpec] {
        &self.ops
    }

    /// Per op: which labels are encoded and which are kept as not encoded.
    pub fn coverage(&self) -> Vec<OpCoverage> {
        self.ops
            .iter()
            .map(|op| {
                let (enc, not): (Vec<_>, Vec<_>) =
                    op.constraints.iter().partition(|c| c.is_encoded());
                OpCoverage {
                    op: op.name.to_string(),
                    encoded: enc.iter().map(|c| c.label.to_string()).collect(),
                    not_encoded: not.iter().map(|c| c.label.to_string()).collect(),
                }
            })
            .collect()
    }

    /// The coverage listing with a "tested" column: how many of each op's
    /// encoded constraints `tested(op, label)` says a test violates.
    pub fn coverage_listing_tested(&self, tested: &dyn Fn(&str, &str) -> bool) -> String {
        let cov = self.coverage();
        let mut out = String::new();
        let (mut enc, mut not, mut tst) = (0, 0, 0);
        for c in &cov {
            let t = c.encoded.iter().filter(|l| tested(&c.op, l)).count();
            enc += c.encoded.len();
            not += c.not_encoded.len();
            tst += t;
            out.push_str(&format!(
                "{:<40} encoded {:>2}  tested {:>2}  not encoded {:>2}",
                c.op,
                c.encoded.len(),
                t,
                c.not_encoded.len()
            ));
            if !c.not_encoded.is_empty() {
                out.push_str(&format!("  ({})", c.not_encoded.join(", ")));
            }
            out.push('\n');
        }
        out.push_str(&format!(
            "{} ops, {} constraints: {} encoded ({} tested), {} not encoded\n",
            cov.len(),
            enc + not,
            enc,
            tst,
            not
        ));
        out
    }

    /// The coverage listing as text: one line per op and a total, with no
    /// constraint counted as tested.
    pub fn coverage_listing(&self) -> String {
        self.coverage_listing_tested(&|_, _| false)
    }
}

/// Coverage of one op's constraints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpCoverage {
    pub op: String,
    pub encoded: Vec<String>,
    pub not_encoded: Vec<String>,
}

#[cfg(test)]
mod tests;
