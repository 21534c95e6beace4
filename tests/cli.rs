//! The command line, run as a process: `hlocheck run` and `hlocheck test`.

use std::path::PathBuf;
use std::process::Command;

fn hlocheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .args(args)
        .output()
        .expect("run hlocheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A scratch folder of this test binary's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hlocheck-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const ADD: &str = "func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %r = stablehlo.add %a, %b : tensor<3xf32>
  func.return %r : tensor<3xf32>
}
";

#[test]
fn run_takes_arguments_as_dense_literals_and_prints_results_as_literals() {
    let dir = scratch("literal");
    let file = dir.join("add.mlir");
    std::fs::write(&file, ADD).unwrap();
    let (code, out, err) = hlocheck(&[
        "run",
        file.to_str().unwrap(),
        "--arg",
        "dense<[1.0, 2.0, 3.0]> : tensor<3xf32>",
        "--arg",
        "dense<0.5> : tensor<3xf32>",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "dense<[1.5e+00, 2.5e+00, 3.5e+00]> : tensor<3xf32>"
    );
}

#[test]
fn run_writes_npy_files_that_read_back_as_arguments() {
    let dir = scratch("npy");
    let file = dir.join("add.mlir");
    std::fs::write(&file, ADD).unwrap();
    let out1 = dir.join("first");
    let (code, _, err) = hlocheck(&[
        "run",
        file.to_str().unwrap(),
        "--seed",
        "7",
        "--out",
        out1.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let npy = out1.join("result0.npy");
    let bytes = std::fs::read(&npy).unwrap();
    assert!(bytes.starts_with(b"\x93NUMPY"));
    // The result fed back as both arguments doubles it.
    let (code, out, err) = hlocheck(&[
        "run",
        file.to_str().unwrap(),
        "--arg",
        npy.to_str().unwrap(),
        "--arg",
        npy.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("tensor<3xf32>"), "{out}");
}

#[test]
fn run_with_time_reports_the_phases_on_stderr_only() {
    let dir = scratch("time");
    let file = dir.join("add.mlir");
    std::fs::write(&file, ADD).unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = hlocheck(&["run", f, "--seed", "1", "--time"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, hlocheck(&["run", f, "--seed", "1"]).1);
    let line = err.lines().find(|l| l.starts_with("time: ")).unwrap_or("");
    for phase in ["read and parse", "evaluation", "output"] {
        assert!(line.contains(&format!("{phase} ")), "{err}");
    }
}

#[test]
fn run_with_a_seed_is_reproducible() {
    let dir = scratch("seed");
    let file = dir.join("add.mlir");
    std::fs::write(&file, ADD).unwrap();
    let f = file.to_str().unwrap();
    let a = hlocheck(&["run", f, "--seed", "3"]);
    let b = hlocheck(&["run", f, "--seed", "3"]);
    let c = hlocheck(&["run", f, "--seed", "4"]);
    assert_eq!(a.0, 0, "{}", a.2);
    assert_eq!(a.1, b.1);
    assert_ne!(a.1, c.1);
}

#[test]
fn run_without_arguments_says_how_to_give_them() {
    let dir = scratch("noargs");
    let file = dir.join("add.mlir");
    std::fs::write(&file, ADD).unwrap();
    let (code, _, err) = hlocheck(&["run", file.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("--arg") && err.contains("--seed"), "{err}");
}

#[test]
fn run_reports_an_exceeded_limit_at_the_op() {
    let dir = scratch("limit");
    let file = dir.join("big.mlir");
    std::fs::write(
        &file,
        "func.func @main() -> tensor<1000x1000xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<1000x1000xf32>
  func.return %z : tensor<1000x1000xf32>
}
",
    )
    .unwrap();
    let (code, _, err) = hlocheck(&["run", file.to_str().unwrap(), "--max-elements", "1000"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(":2:") && err.contains("element limit"),
        "{err}"
    );
}

#[test]
fn test_prints_one_verdict_line_per_failure_and_a_summary_and_writes_json() {
    let dir = scratch("test");
    let pass = dir.join("pass.mlir");
    std::fs::write(
        &pass,
        "func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  check.expect_eq_const %b, dense<[2, 4]> : tensor<2xi32>
  func.return
}
// -----
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %a, dense<[1, 3]> : tensor<2xi32>
  func.return
}
",
    )
    .unwrap();
    let disabled = dir.join("disabled.mlir");
    std::fs::write(
        &disabled,
        "// RUN-DISABLED: not run\nfunc.func @main() {\n  func.return\n}\n",
    )
    .unwrap();
    let json = dir.join("report.json");
    let (code, out, _) = hlocheck(&[
        "test",
        pass.to_str().unwrap(),
        disabled.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert_eq!(out.lines().last(), Some("1 passed, 1 failed, 1 skipped"));
    assert!(out.contains("pass.mlir:8: failed"), "{out}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["passed"], 1);
    assert_eq!(report["cases"].as_array().map(Vec::len), Some(3));
}
