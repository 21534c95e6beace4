//! `legalize` on every conformance program with CHLO ops (testdata/ and
//! interpret/): a file whose every CHLO op has a rule gives a program with
//! no CHLO op, that verifies, whose checks give the same verdicts as the
//! input's, and whose results are the input's bits. Files with ops that
//! have no exact rule name each such op with its position. Also the
//! speed of legalizing 10,000 ops.

mod common;

use hlocheck::cli::run::{test_file, Verdict};
use hlocheck::egraph::legalize;
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::print::print_program;

fn has_chlo(ops: &[hlocheck::ir::Op]) -> bool {
    ops.iter().any(|o| {
        o.name.starts_with("chlo.")
            || o.regions
                .iter()
                .any(|r| r.blocks.iter().any(|b| has_chlo(&b.ops)))
    })
}

#[test]
fn conformance_programs_with_chlo_legalize() {
    let Some(dir) = common::conformance_dir() else {
        eprintln!("no conformance suite; skipped");
        return;
    };
    let tmp = std::env::temp_dir().join(format!("hlocheck-legalize-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let (mut total, mut full, mut partial, mut same_verdicts) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for sub in ["testdata", "interpret"] {
        for f in common::mlir_files(&dir.join(sub)) {
            let text = common::read_text(&f);
            if !text.contains("chlo.") {
                continue;
            }
            // Every `// -----` case legalized on its own.
            let cases: Vec<_> = hlocheck::ir::parse::parse_file("x", &text)
                .into_iter()
                .filter_map(Result::ok)
                .collect();
            if !cases.iter().any(|p| has_chlo(&p.ops)) {
                continue;
            }
            total += 1;
            let ls: Vec<_> = cases.iter().map(legalize).collect();
            if ls.iter().any(|l| !l.left.is_empty()) {
                partial += 1;
                for u in ls.iter().flat_map(|l| l.left.iter()) {
                    assert!(
                        u.pos.line > 0,
                        "{}: {} has no position",
                        f.display(),
                        u.name
                    );
                }
                continue;
            }
            full += 1;
            let name = f.display().to_string();
            let mut out = String::new();
            for (i, l) in ls.iter().enumerate() {
                if has_chlo(&l.program.ops) {
                    failures.push(format!("{name}: CHLO ops left"));
                }
                let text = print_program(&l.program);
                let q = match parse_program("out", &text) {
                    Ok(q) => q,
                    Err(d) => {
                        failures.push(format!("{name}: output does not parse: {d}"));
                        continue;
                    }
                };
                let report = hlocheck::verify::verify_program(&q, &Default::default());
                if let Some(e) = report.errors().next() {
                    failures.push(format!(
                        "{name}: output does not verify: {} {}",
                        e.label, e.message
                    ));
                }
                if i > 0 {
                    out.push_str("\n// -----\n\n");
                }
                out.push_str(&text);
            }
            // The checks: same verdicts as the input (run on the input even
            // where its RUN line is disabled, as the output has none).
            let stripped: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("// RUN"))
                .map(|l| format!("{l}\n"))
                .collect();
            let a_path = tmp.join(format!("in-{full}.mlir"));
            let b_path = tmp.join(format!("out-{full}.mlir"));
            std::fs::write(&a_path, &stripped).unwrap();
            std::fs::write(&b_path, &out).unwrap();
            let a: Vec<Verdict> = test_file(&a_path, Default::default())
                .iter()
                .map(|c| c.verdict)
                .collect();
            let b: Vec<Verdict> = test_file(&b_path, Default::default())
                .iter()
                .map(|c| c.verdict)
                .collect();
            if a == b {
                same_verdicts += 1;
            } else {
                failures.push(format!("{name}: verdicts {a:?} became {b:?}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!("{total} programs with CHLO ops: {full} fully legalized ({same_verdicts} with the same check verdicts), {partial} with ops that have no exact rule");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(full >= 19, "only {full} programs fully legalized");
}

#[test]
fn ten_thousand_ops_legalize_in_under_a_second() {
    let mut body = String::from("func.func @main(%x: tensor<4x8xf32>, %y: tensor<8xf32>) -> tensor<4x8xf32> {\n  %v0 = stablehlo.add %x, %x : tensor<4x8xf32>\n");
    for i in 1..=10_000 {
        let op = match i % 4 {
            0 => "chlo.broadcast_add",
            1 => "chlo.broadcast_multiply",
            2 => "chlo.broadcast_maximum",
            _ => "chlo.broadcast_subtract",
        };
        body.push_str(&format!(
            "  %v{i} = {op} %v{}, %y : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>\n",
            i - 1
        ));
    }
    body.push_str("  return %v10000 : tensor<4x8xf32>\n}\n");
    let p = parse_program("big", &body).unwrap();
    let t0 = std::time::Instant::now();
    let l = legalize(&p);
    let out = print_program(&l.program);
    let dt = t0.elapsed();
    eprintln!("10,000 CHLO ops legalized and printed in {dt:?}");
    assert!(l.left.is_empty());
    assert!(!out.contains("chlo."));
    assert!(dt.as_secs_f64() < 1.0, "took {dt:?}");
}
