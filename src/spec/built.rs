//! The embedded spec's ops as the build parsed and checked them: one
//! function per op that builds its syntax tree (written by `emit`, from the
//! build script), found by name. A process that verifies a program builds
//! only the ops it uses, and never lexes, parses or checks spec text.

use super::ast::*;

/// The generated code's short constructors.
fn s(text: &str) -> String {
    text.to_string()
}

fn t(text: &'static str) -> Text {
    Text::Borrowed(text)
}

fn loc(line: u32, col: u32) -> Loc {
    Loc { line, col }
}

fn x(kind: ExprKind, line: u32, col: u32) -> Expr {
    Expr {
        kind,
        loc: Loc { line, col },
    }
}

/// A function that builds one op.
type Builder = fn() -> OpSpec;

// `COUNT`, and `OPS`: (name, builder) for every op of the embedded files,
// sorted by name.
include!(concat!(env!("OUT_DIR"), "/spec_ops.rs"));

/// The builder of the op with this name.
pub fn builder(name: &str) -> Option<(usize, Builder)> {
    let i = OPS.binary_search_by(|(n, _)| (*n).cmp(name)).ok()?;
    Some((i, OPS[i].1))
}
