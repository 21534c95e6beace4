//! The IR: one representation of StableHLO, CHLO and surrounding MLIR
//! (`builtin.module`, `func.*`, `check.*`, `interpreter.*`, opaque ops of other
//! dialects) that the verifier, the executor and the e-graph all read.
//!
//! Every op is stored in MLIR's generic shape — name, operands, results,
//! attributes, regions — whatever syntax it was written in, so an op's
//! meaning never depends on whether it was written in pretty or generic form.
//! Values are numbered in the order they are defined in the text; the printer
//! defines them in the same order, so `parse(print(p)) == p`.

pub mod attr;
pub mod diag;
mod lexer;
pub mod parse;
pub mod print;
pub mod syntax;
pub mod types;

pub use attr::Attr;
pub use diag::Diagnostic;
pub use types::{ElementType, TensorType, Type};

/// A value: an op result or a block argument, indexing [`Program::value_types`].
pub type ValueId = u32;

/// A position in the source (1-based line and column). Positions are source
/// information only: they never take part in equality.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl PartialEq for Pos {
    fn eq(&self, _: &Pos) -> bool {
        true
    }
}

/// An operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    /// Full name, dialect included (`stablehlo.add`, `func.func`).
    pub name: String,
    pub operands: Vec<ValueId>,
    pub results: Vec<ValueId>,
    /// Attributes and properties, sorted by name, names unique.
    pub attrs: Vec<(String, Attr)>,
    pub regions: Vec<Region>,
    pub pos: Pos,
}

impl Op {
    /// An attribute by name.
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
            .map(|i| &self.attrs[i].1)
    }
}

/// A region: a list of blocks (StableHLO uses one block per region).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Region {
    pub blocks: Vec<Block>,
}

/// A block: arguments and ops.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Block {
    pub args: Vec<ValueId>,
    pub ops: Vec<Op>,
}

/// One parsed program: a file, or one `// -----` case of a file.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    /// The type of every value, indexed by [`ValueId`].
    pub value_types: Vec<Type>,
    /// The top-level ops (usually one `builtin.module`, or `func.func`s).
    pub ops: Vec<Op>,
}

impl Program {
    pub fn ty(&self, v: ValueId) -> &Type {
        &self.value_types[v as usize]
    }
}

/// A case of a source file: the text between `// -----` separators.
#[derive(Clone, Copy, Debug)]
pub struct Case {
    /// Byte range of the case in the file.
    pub start: usize,
    pub end: usize,
    /// 1-based line of the case's first line.
    pub line: u32,
}

/// Splits a file into cases at lines that are exactly `// -----`.
pub fn split_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let (mut start, mut line, mut case_line) = (0usize, 1u32, 1u32);
    let mut offset = 0usize;
    for l in text.split_inclusive('\n') {
        if l.trim_end() == "// -----" {
            cases.push(Case {
                start,
                end: offset,
                line: case_line,
            });
            start = offset + l.len();
            case_line = line + 1;
        }
        offset += l.len();
        line += 1;
    }
    cases.push(Case {
        start,
        end: text.len(),
        line: case_line,
    });
    cases
}
