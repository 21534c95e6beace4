//! `hlocheck legalize FILE [-o OUT]`: CHLO → StableHLO by the rules of
//! `spec/rules/`, printed in canonical pretty form.

use crate::egraph::legalize;
use crate::ir::parse::parse_file;
use crate::ir::print::print_program;

#[derive(clap::Parser, Debug)]
#[command(about = "rewrite every CHLO op into StableHLO by the rules of spec/rules/")]
struct Args {
    /// The MLIR file (every `// -----` case is legalized).
    file: String,
    /// Write the result here instead of to standard output.
    #[arg(short = 'o', long = "output")]
    out: Option<String>,
    /// List the rules applied, with counts, on standard error.
    #[arg(long)]
    stats: bool,
}

/// Exit status: 0 when no CHLO op is left, 1 when some op has no rule
/// (each is named, file:line:col), 2 on bad input.
pub fn cmd_legalize(args: &[String]) -> i32 {
    let a: Args = match crate::cli::parse_args("legalize", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let text = match crate::cli::read_file(std::path::Path::new(&a.file)) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("hlocheck legalize: {}: {e}", a.file);
            return 2;
        }
    };
    let mut out = String::new();
    let mut left = 0usize;
    let mut approx = false;
    for (i, case) in parse_file(&a.file, &text).into_iter().enumerate() {
        let prog = match case {
            Ok(p) => p,
            Err(d) => {
                eprintln!("{d}");
                return 2;
            }
        };
        let l = legalize::legalize(&prog);
        for u in &l.left {
            left += 1;
            eprintln!(
                "{}:{}:{}: error: {}: {}",
                a.file, u.pos.line, u.pos.col, u.name, u.reason
            );
        }
        if a.stats {
            for (rule, n) in &l.applied {
                eprintln!("{rule}: {n}");
            }
        }
        approx |= !l.exact;
        if i > 0 {
            out.push_str("\n// -----\n\n");
        }
        out.push_str(&print_program(&l.program));
    }
    if approx {
        eprintln!(
            "hlocheck legalize: note: approximate rules were used; the result is not bit-exact"
        );
    }
    match &a.out {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &out) {
                eprintln!("hlocheck legalize: {path}: {e}");
                return 2;
            }
        }
        None => print!("{out}"),
    }
    if left > 0 {
        1
    } else {
        0
    }
}
