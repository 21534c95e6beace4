//! `hlocheck equiv A.mlir B.mlir`: do two functions compute the same function?

use crate::ir::Program;
use crate::prove::{self, Method, Options, Outcome, Verdict};

/// Options of `hlocheck equiv`.
#[derive(clap::Parser, Debug)]
#[command(
    about = "Decide whether two functions with the same signature compute the same function",
    long_about = "Decide whether two functions with the same signature compute the same function: \
by SMT where every op is encoded exactly, else by running every input (when there are few \
enough), else by sampling. Exit status: 0 equal (or every difference within --max-ulp), \
1 a larger difference was found, 2 bad input, 3 undecided."
)]
struct Args {
    /// The first program.
    a: String,
    /// The second program.
    b: String,
    /// The function to compare (default: main, else the only public function).
    #[arg(long)]
    entry: Option<String>,
    /// The function of B, when its name differs from A's.
    #[arg(long)]
    entry_b: Option<String>,
    /// Print the verdict as JSON.
    #[arg(long)]
    json: bool,
    /// Number of sampled inputs (edge values first).
    #[arg(long, default_value_t = 100_000)]
    samples: u64,
    /// Seed of the sampled inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Z3's time limit, in milliseconds.
    #[arg(long, default_value_t = 10_000)]
    timeout_ms: u64,
    /// Accept differences of at most K ULP (exit status 0).
    #[arg(long)]
    max_ulp: Option<u128>,
    /// Largest number of inputs run exhaustively.
    #[arg(long, default_value_t = 1 << 18)]
    max_exhaustive: u64,
    /// Skip the SMT method.
    #[arg(long)]
    no_smt: bool,
}

fn load(path: &str) -> Result<crate::ir::Program, String> {
    // Only a regular file, up to the size limit (a FIFO or a link to a
    // device is an error, never a wait or an endless read).
    let bytes = super::read_file(std::path::Path::new(path)).map_err(|e| format!("{path}: {e}"))?;
    let text = String::from_utf8_lossy(&bytes);
    crate::ir::parse::parse_program(path, &text).map_err(|d| d.to_string())
}

/// `hlocheck equiv A.mlir B.mlir [--entry NAME] [--json] [--samples N] [--seed N] [--timeout-ms N] [--max-ulp K]`.
pub fn cmd_equiv(args: &[String]) -> i32 {
    let a: Args = match super::parse_args("equiv", args) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (pa, pb) = match (load(&a.a), load(&a.b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("hlocheck equiv: {e}");
            return 2;
        }
    };
    let fa = match prove::entry_name(&pa, a.entry.as_deref()) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("hlocheck equiv: {}: {e}", a.a);
            return 2;
        }
    };
    let fb = match prove::entry_name(&pb, a.entry_b.as_deref().or(a.entry.as_deref())) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("hlocheck equiv: {}: {e}", a.b);
            return 2;
        }
    };
    let opts = Options {
        rewriter: Some(&EgraphRewriter),
        smt: !a.no_smt,
        timeout_ms: a.timeout_ms,
        max_exhaustive: a.max_exhaustive,
        samples: a.samples,
        seed: a.seed,
        ..Options::default()
    };
    let v = prove::decide(&pa, &fa, &pb, &fb, &opts);
    let code = exit_code(&v, a.max_ulp);
    if a.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&to_json(&v, code)).unwrap_or_default()
        );
    } else if v.outcome == Outcome::BadInput {
        eprintln!("hlocheck equiv: {}", v.summary);
    } else {
        print!("{}", render(&v, &a.a, &fa, &a.b, &fb));
        if v.outcome == Outcome::Differ && code == 0 {
            if let Some(k) = a.max_ulp {
                println!("accepted: every difference found is within {k} ulp (--max-ulp {k})");
            }
        }
    }
    code
}

/// 0 equal (or within `max_ulp`), 1 a larger difference, 2 bad input, 3 undecided.
pub fn exit_code(v: &Verdict, max_ulp: Option<u128>) -> i32 {
    match v.outcome {
        Outcome::Equivalent | Outcome::NoDifferenceFound => 0,
        Outcome::Differ => match max_ulp {
            Some(k) if !v.results.is_empty() && v.max_ulp() <= prove::Ulp(k) => 0,
            _ => 1,
        },
        Outcome::BadInput => 2,
        Outcome::Undecided => 3,
    }
}

/// The human-readable report.
pub fn render(v: &Verdict, a: &str, fa: &str, b: &str, fb: &str) -> String {
    let mut s = format!("A: {a} @{fa}\nB: {b} @{fb}\n");
    s.push_str(&v.summary);
    if let Some(m) = v.method {
        if !v.summary.contains(m.name()) {
            s.push_str(&format!("  [{}]", m.name()));
        }
    }
    s.push('\n');
    if let Some(p) = &v.proof {
        s.push_str(&format!("proof:\n{p}\n"));
    }
    let table = !v.results.is_empty()
        && matches!(v.method, Some(Method::Exhaustive | Method::Sampling))
        && (v.unary_elementwise || v.outcome == Outcome::Differ);
    if table {
        let rows: Vec<prove::accuracy::Row> = v
            .results
            .iter()
            .map(|r| prove::accuracy::Row {
                label: if v.results.len() == 1 {
                    r.elem.clone()
                } else {
                    format!("result {}: {}", r.index, r.elem)
                },
                method: v.method.map(|m| m.name()).unwrap_or("—").to_string(),
                inputs: prove::ulp::group(v.inputs_covered),
                stats: r,
                extra: vec![],
            })
            .collect();
        s.push('\n');
        s.push_str(&prove::accuracy::table(
            "format",
            "A",
            "B",
            false,
            &[],
            &rows,
        ));
    }
    if let Some(c) = &v.counterexample {
        s.push_str("\ncounterexample (confirmed by the executor):\n");
        for i in &c.inputs {
            s.push_str(&format!("  {i}\n"));
        }
        for (i, (x, y)) in c.a.iter().zip(&c.b).enumerate() {
            s.push_str(&format!(
                "  result {i}: A gives {x}\n            B gives {y}\n"
            ));
        }
    }
    for n in &v.notes {
        s.push_str(&format!("note: {n}\n"));
    }
    s
}

/// The JSON form of a verdict.
pub fn to_json(v: &Verdict, code: i32) -> serde_json::Value {
    let outcome = match v.outcome {
        Outcome::Equivalent => "equivalent",
        Outcome::NoDifferenceFound => "no_difference_found",
        Outcome::Differ => "differ",
        Outcome::Undecided => "undecided",
        Outcome::BadInput => "bad_input",
    };
    let results: Vec<serde_json::Value> = v.results.iter().map(|r| r.to_json()).collect();
    serde_json::json!({
        "verdict": v.summary,
        "outcome": outcome,
        "method": v.method.map(|m| m.name()),
        "inputs_covered": v.inputs_covered.to_string(),
        "results": results,
        "counterexample": v.counterexample.as_ref().map(|c| serde_json::json!({
            "inputs": c.inputs, "a": c.a, "b": c.b,
        })),
        "proof": v.proof,
        "uninterpreted": v.uninterpreted,
        "notes": v.notes,
        "exit_status": code,
    })
}

/// Method 1 of `equiv`: both functions in one e-graph, saturated with the
/// `exact` rules of spec/rules/ (`egraph::rewrite_equal`); the proof is the
/// chain of rule applications.
struct EgraphRewriter;

impl prove::Rewriter for EgraphRewriter {
    fn rewrite_equal(&self, a: &Program, fa: &str, b: &Program, fb: &str) -> Option<String> {
        crate::egraph::rewrite_equal(a, fa, b, fb, crate::egraph::Limits::default())
            .map(|p| p.to_string())
    }
}
