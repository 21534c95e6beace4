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
    for phase in [
        "read and parse",
        "verification",
        "arguments",
        "evaluation",
        "output",
    ] {
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

// ----- hardening: no crash, hang or runaway memory on any input -----

/// Runs hlocheck with stdout sent to `stdout` (a file or /dev/full).
fn hlocheck_to(args: &[&str], stdout: std::process::Stdio) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .args(args)
        .stdout(stdout)
        .output()
        .expect("run hlocheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f.to_str().unwrap().to_string()
}

#[test]
fn verify_compares_a_boolean_with_a_float_without_overflowing_its_stack() {
    let dir = scratch("boolfloat");
    let f = write(
        &dir,
        "a2a.mlir",
        "func.func @main(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = \"stablehlo.all_to_all\"(%arg0) {split_dimension = true, concat_dimension = 1.0 : f32, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
",
    );
    let (code, out, err) = hlocheck(&["verify", &f]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("stablehlo.all_to_all ("), "{out}");
}

#[test]
fn run_refuses_what_the_verifier_rejects_with_its_label() {
    let dir = scratch("refuse");
    let f = write(
        &dir,
        "q.mlir",
        "func.func @main(%arg0: tensor<2xf32>) -> tensor<2x!quant.uniform<i8<10:-10>:f32, 0.5:0>> {
  %0 = stablehlo.uniform_quantize %arg0 : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8<10:-10>:f32, 0.5:0>>
  return %0 : tensor<2x!quant.uniform<i8<10:-10>:f32, 0.5:0>>
}
",
    );
    let (code, _, err) = hlocheck(&["run", &f, "--arg", "dense<[1.0, 2.0]> : tensor<2xf32>"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("error:") && err.contains("C3)"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// The evaluation runs beside the verifier, but a rejected program shows
/// only the verifier's error: not the evaluation's own error, not an
/// argument error, and not what a long loop before the bad op would do.
#[test]
fn run_shows_the_verifiers_error_whatever_the_evaluation_did() {
    let dir = scratch("beside");
    let f = write(
        &dir,
        "late.mlir",
        "func.func @main(%a: tensor<2xf32>) -> tensor<3x2xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<5000000> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r = stablehlo.while(%i = %c0) : tensor<i64>
   cond {
    %lt = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %next = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %next : tensor<i64>
  }
  %bad = stablehlo.broadcast_in_dim %a, dims = [5] : (tensor<2xf32>) -> tensor<3x2xf32>
  return %bad : tensor<3x2xf32>
}
",
    );
    let (_, verdict, _) = hlocheck(&["verify", &f]);
    let lit = "dense<[1.0, 2.0]> : tensor<2xf32>";
    for args in [
        vec!["run", &f, "--arg", lit, "--max-steps", "100000000"],
        vec!["run", &f, "--arg", lit, "--max-steps", "10"],
        vec!["run", &f],
        vec!["run", &f, "--arg", lit, "--arg", lit],
    ] {
        let (code, out, err) = hlocheck(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 3, "{args:?}: {err}");
        assert!(
            err.contains("error:") && err.contains("stablehlo.broadcast_in_dim"),
            "{args:?}: {err}"
        );
        assert!(
            !err.contains("step limit") && !err.contains("takes"),
            "{args:?}: {err}"
        );
        assert!(
            verdict.contains(err.lines().next().unwrap()),
            "{verdict}\n{err}"
        );
    }
}

#[test]
fn run_checks_arguments_against_the_parameter_types() {
    let dir = scratch("argtypes");
    let f = write(&dir, "add.mlir", ADD);
    // Wrong element type and shape.
    let (code, _, err) = hlocheck(&[
        "run",
        &f,
        "--arg",
        "dense<[1, 2]> : tensor<2xi32>",
        "--arg",
        "dense<0.5> : tensor<3xf32>",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("argument 0 of @main"), "{err}");
    // Text after the literal.
    let (code, _, err) = hlocheck(&[
        "run",
        &f,
        "--arg",
        "dense<0.5> : tensor<3xf32> junk",
        "--arg",
        "dense<0.5> : tensor<3xf32>",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("after the literal"), "{err}");
}

/// A .npy file with the given header dict and data.
fn npy(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut header = dict.to_string();
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    out
}

#[test]
fn run_checks_npy_dtype_order_and_shape() {
    let dir = scratch("npycheck");
    let f = write(&dir, "add.mlir", ADD);
    let data = [0u8; 12];
    let cases = [
        (
            "{'descr': '<i4', 'fortran_order': False, 'shape': (3,), }",
            "dtype",
        ),
        (
            "{'descr': '<f4', 'fortran_order':True, 'shape': (3,), }",
            "Fortran",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }",
            "shape",
        ),
        (
            "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), } x",
            "malformed",
        ),
    ];
    for (i, (dict, what)) in cases.iter().enumerate() {
        let path = dir.join(format!("a{i}.npy"));
        std::fs::write(&path, npy(dict, &data)).unwrap();
        let p = path.to_str().unwrap();
        let (code, _, err) = hlocheck(&["run", &f, "--arg", p, "--arg", p]);
        assert_eq!(code, 2, "{dict}: {err}");
        assert!(err.contains(what), "{dict}: {err}");
    }
    let good = dir.join("good.npy");
    std::fs::write(
        &good,
        npy(
            "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }",
            &data,
        ),
    )
    .unwrap();
    let g = good.to_str().unwrap();
    let (code, out, err) = hlocheck(&["run", &f, "--arg", g, "--arg", g]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("dense<[0.0"), "{out}");
}

#[test]
fn output_errors_end_cleanly() {
    let dir = scratch("output");
    let f = write(&dir, "add.mlir", ADD);
    for args in [
        vec!["fmt", f.as_str()],
        vec!["parse", f.as_str()],
        vec!["verify", f.as_str()],
        vec!["spec", "add"],
        vec!["run", f.as_str(), "--seed", "1"],
        vec!["test", f.as_str()],
    ] {
        if let Ok(full) = std::fs::File::create("/dev/full") {
            let (code, err) = hlocheck_to(&args, full.into());
            assert_eq!(code, 1, "{args:?}: {err}");
            assert!(err.contains("cannot write the output"), "{args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
        }
        // A reader that has gone: quiet, no panic.
        let mut child = Command::new(env!("CARGO_BIN_EXE_hlocheck"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.status.code().is_some(), "{args:?}: killed by a signal");
    }
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_a_usage_error() {
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .arg("parse")
        .arg(std::ffi::OsStr::from_bytes(b"\xff.mlir"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not valid UTF-8"));
}

#[test]
fn usage_errors_exit_2_and_help_exits_0_for_every_command() {
    for cmd in ["parse", "fmt", "spec", "verify", "run", "test"] {
        let (code, out, err) = hlocheck(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd}: {err}");
        assert!(out.contains("Usage"), "{cmd}: {out}");
        let (code, _, err) = hlocheck(&[cmd, "--no-such-option"]);
        assert_eq!(code, 2, "{cmd}: {err}");
    }
    let (code, out, _) = hlocheck(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("hlocheck "), "{out}");
    let (code, _, _) = hlocheck(&["test", "x", "--jobs", "0"]);
    assert_eq!(code, 2);
    // Counts that would start billions of target processes or draw
    // programs of billions of ops are usage errors, not endless runs.
    for (opt, value) in [
        ("--jobs", "4294967296"),
        ("--jobs", "257"),
        ("--jobs", "0"),
        ("--max-ops", "18446744073709551615"),
        ("--max-ops", "10001"),
        ("--max-ops", "0"),
    ] {
        let (code, _, err) = hlocheck(&[
            "fuzz",
            "--target",
            "hlocheck",
            "--programs",
            "1",
            opt,
            value,
        ]);
        assert_eq!(code, 2, "fuzz {opt} {value}: {err}");
        assert!(err.contains(opt), "fuzz {opt} {value}: {err}");
    }
}

#[cfg(unix)]
#[test]
fn special_files_and_link_cycles_are_not_read_or_walked_forever() {
    let dir = scratch("special");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.mlir")).unwrap();
    let tree = dir.join("tree");
    std::fs::create_dir_all(tree.join("sub")).unwrap();
    write(&tree.join("sub"), "add.mlir", ADD);
    std::os::unix::fs::symlink("..", tree.join("sub/up")).unwrap();
    std::os::unix::fs::symlink(".", tree.join("self")).unwrap();
    std::os::unix::fs::symlink(".", tree.join("self2")).unwrap();
    std::os::unix::fs::symlink("nowhere.mlir", tree.join("broken.mlir")).unwrap();
    let zero = dir.join("zero.mlir");
    let (code, out, err) = hlocheck(&["parse", zero.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("not a regular file"), "{out}");
    // Every command that reads a program refuses the device (and a FIFO)
    // instead of reading forever or waiting for a writer.
    let fifo = dir.join("fifo.mlir");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let add = write(&dir, "add.mlir", ADD);
    for path in [
        Some(zero.clone()),
        made.ok().filter(|s| s.success()).map(|_| fifo),
    ]
    .into_iter()
    .flatten()
    {
        let p = path.to_str().unwrap();
        for args in [
            vec!["fmt", p],
            vec!["legalize", p],
            vec!["equiv", p, add.as_str()],
            vec!["equiv", add.as_str(), p],
        ] {
            let (code, out, err) = hlocheck(&args);
            assert_eq!(code, 2, "{args:?}: {out}{err}");
            assert!(err.contains("not a regular file"), "{args:?}: {err}");
        }
    }
    let (code, out, err) = hlocheck(&["parse", tree.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    // add.mlir once, and the broken link as its own failure.
    assert!(out.ends_with("parsed 1 of 2 cases\n"), "{out}");
    assert!(out.contains("broken.mlir"), "{out}");
}

#[test]
fn calls_count_as_steps_and_work_is_limited() {
    let dir = scratch("calls");
    // 2^30 calls if nothing stops them.
    let mut src = String::from(
        "func.func @main() -> tensor<f32> {
  %0 = call @f0() : () -> tensor<f32>
  return %0 : tensor<f32>
}
",
    );
    for i in 0..30 {
        src.push_str(&format!(
            "func.func private @f{i}() -> tensor<f32> {{
  %0 = call @f{j}() : () -> tensor<f32>
  %1 = call @f{j}() : () -> tensor<f32>
  %2 = stablehlo.add %0, %1 : tensor<f32>
  return %2 : tensor<f32>
}}
",
            j = i + 1
        ));
    }
    src.push_str(
        "func.func private @f30() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  return %0 : tensor<f32>
}
",
    );
    let f = write(&dir, "calls.mlir", &src);
    let (code, _, err) = hlocheck(&["run", &f, "--max-steps", "10000"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("--max-steps") && err.contains("func.call"),
        "{err}"
    );
    // A loop of large adds: stopped by the work limit.
    let f = write(
        &dir,
        "work.mlir",
        "func.func @main() -> tensor<i64> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %x = stablehlo.constant dense<1.0> : tensor<1000000xf32>
  %r:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i64>, tensor<1000000xf32>
  cond {
    %n = stablehlo.constant dense<1000000> : tensor<i64>
    %p = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %one : tensor<i64>
    %b = stablehlo.add %a, %a : tensor<1000000xf32>
    stablehlo.return %j, %b : tensor<i64>, tensor<1000000xf32>
  }
  return %r#0 : tensor<i64>
}
",
    );
    let (code, _, err) = hlocheck(&["run", &f, "--max-work", "100000000"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("--max-work"), "{err}");
}

#[test]
fn exponential_aliases_and_long_lines_are_bounded() {
    let dir = scratch("alias");
    let mut src = String::from("#a0 = [1, 2]\n");
    for i in 1..60 {
        src.push_str(&format!("#a{i} = [#a{j}, #a{j}]\n", j = i - 1));
    }
    src.push_str("func.func @main() attributes {x = #a59} {\n  return\n}\n");
    let f = write(&dir, "alias.mlir", &src);
    let (code, out, _) = hlocheck(&["parse", &f]);
    assert_eq!(code, 1);
    assert!(out.contains("aliases expand to more than"), "{out}");
    // A 40,000-op program on one line parses in linear time.
    let mut ops = String::new();
    for i in 0..40000 {
        ops.push_str(&format!(
            "%{} = stablehlo.add %{i}, %{i} : tensor<f32> ",
            i + 1
        ));
    }
    let f = write(
        &dir,
        "line.mlir",
        &format!("func.func @main(%0: tensor<f32>) -> tensor<f32> {{ {ops}return %40000 : tensor<f32> }}\n"),
    );
    let started = std::time::Instant::now();
    let (code, out, _) = hlocheck(&["parse", &f]);
    assert_eq!(code, 0, "{out}");
    assert!(started.elapsed().as_secs() < 10);
}

#[test]
fn fmt_writes_a_non_commutative_reducer_in_full() {
    let dir = scratch("fmtreduce");
    let f = write(
        &dir,
        "r.mlir",
        "func.func @main(%a: tensor<4xf32>, %i: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%a init: %i) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %s = stablehlo.subtract %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<f32>
}
",
    );
    let (code, out, err) = hlocheck(&["parse", "--roundtrip", &f]);
    assert_eq!(code, 0, "{out}{err}");
}

/// `depth` `case` ops, each in the region of the one before.
fn nested_cases(depth: usize) -> String {
    let mut body = String::from(
        "%c = stablehlo.constant dense<1.0> : tensor<f32>\n stablehlo.return %c : tensor<f32>\n",
    );
    for d in 0..depth {
        body = format!(
            "%p{d} = stablehlo.constant dense<0> : tensor<i32>
 %r{d} = \"stablehlo.case\"(%p{d}) ({{
{body} }}) : (tensor<i32>) -> tensor<f32>
 stablehlo.return %r{d} : tensor<f32>
"
        );
    }
    let body = body.replace(
        &format!("stablehlo.return %r{} : tensor<f32>\n", depth - 1),
        &format!("func.return %r{} : tensor<f32>\n", depth - 1),
    );
    format!("func.func @main() -> tensor<f32> {{\n{body}}}\n")
}

#[test]
fn the_deepest_nest_accepted_prints_in_generic_form_that_parses_back_and_runs() {
    let dir = scratch("deep");
    let f = write(&dir, "deep.mlir", &nested_cases(99));
    let (code, out, err) = hlocheck(&["parse", "--roundtrip", &f]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = hlocheck(&["run", &f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "dense<1.0e+00> : tensor<f32>");
    let f = write(&dir, "deeper.mlir", &nested_cases(101));
    let (code, out, _) = hlocheck(&["parse", &f]);
    assert_eq!(code, 1);
    assert!(out.contains("regions nest deeper than 100 levels"), "{out}");
}

#[test]
fn run_errors_use_the_projects_words_not_rust_debug_names() {
    let dir = scratch("words");
    let f = write(
        &dir,
        "popcnt.mlir",
        "func.func @main(%a: tensor<2xbf16>) -> tensor<2xbf16> {
  %r = \"stablehlo.popcnt\"(%a) : (tensor<2xbf16>) -> tensor<2xbf16>
  func.return %r : tensor<2xbf16>
}
",
    );
    let (_, _, err) = hlocheck(&["run", &f, "--seed", "1"]);
    assert!(!err.contains("BF16") && !err.contains("IntKind"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Under an address-space limit (`ulimit -v`) the default memory limit is
/// at most half of it: a random argument too large for it is refused with
/// the limit's message (a bad argument: exit status 2), before it is
/// drawn, instead of failing to allocate (an abort).
#[cfg(target_os = "linux")]
#[test]
fn the_default_memory_limit_keeps_within_the_address_space_limit() {
    let dir = scratch("aslimit");
    let f = write(
        &dir,
        "big.mlir",
        "func.func @main(%a: tensor<250000000xf32>) -> tensor<f32> {
  %i = stablehlo.constant dense<0.0> : tensor<f32>
  return %i : tensor<f32>
}
",
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 3000000; exec \"$0\" run --seed 1 \"$1\"")
        .arg(env!("CARGO_BIN_EXE_hlocheck"))
        .arg(&f)
        .output()
        .expect("run bash");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--max-memory") && err.contains("argument 0"),
        "{err}"
    );
}

#[test]
fn a_jax_shape_assertion_passes_or_stops_the_run_with_its_message() {
    let prog = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/programs/shape_poly_ok.mlir"
    );
    let rows = "dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]]> : tensor<1x8xf32>";
    let (code, out, err) = hlocheck(&[
        "run",
        prog,
        "--arg",
        "dense<1> : tensor<i64>",
        "--arg",
        rows,
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.trim(),
        "dense<[[2.0e+00, 4.0e+00, 6.0e+00, 8.0e+00], [1.0e+01, 1.2e+01, 1.4e+01, 1.6e+01]]> : tensor<2x4xf32>"
    );
    let (code, _, err) = hlocheck(&[
        "run",
        prog,
        "--arg",
        "dense<3> : tensor<i64>",
        "--arg",
        rows,
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(":10:5: stablehlo.custom_call: custom_call @shape_assertion does not hold for the run's values: b must equal the leading dimension"),
        "{err}"
    );
}

#[test]
fn a_shape_assertion_message_takes_its_inputs_values() {
    let dir = scratch("shape-assertion");
    let file = dir.join("assert.mlir");
    std::fs::write(
        &file,
        "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %d = stablehlo.get_dimension_size %a, dim = 0 : (tensor<?xf32>) -> tensor<i32>
  %c = stablehlo.constant dense<3> : tensor<i32>
  %ok = stablehlo.compare GE, %d, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%ok, %d, %c) {api_version = 2 : i32, error_message = \"n = {0}, at least {1} expected ({0})\", has_side_effect = true} : (tensor<i1>, tensor<i32>, tensor<i32>) -> ()
  return %a : tensor<?xf32>
}
",
    )
    .unwrap();
    let f = file.to_str().unwrap();
    let (code, out, err) = hlocheck(&["run", f, "--arg", "dense<[1.0, 2.0, 3.0]> : tensor<3xf32>"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("tensor<3xf32>"), "{out}");
    let (code, _, err) = hlocheck(&["run", f, "--arg", "dense<[1.0, 2.0]> : tensor<2xf32>"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("n = 2, at least 3 expected (2)"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `hlocheck equiv` of a `chlo.top_k` program and its hand-written
/// `sort` + `slice`: proven by rewriting (the rule's sort meets the
/// program's); with the comparator reversed it is not (and the sides
/// differ).
#[test]
fn equiv_proves_top_k_against_its_sort_by_rewriting() {
    let p = |name: &str| {
        format!(
            "{}/tests/programs/equiv/{name}.mlir",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let (code, out, err) = hlocheck(&["equiv", &p("top_k"), &p("top_k_sort")]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("equivalent (proven by rewriting)"), "{out}");
    let (code, out, err) = hlocheck(&["equiv", &p("top_k"), &p("top_k_sort_ascending")]);
    assert_ne!(code, 0, "{out}{err}");
    assert!(!out.contains("proven by rewriting"), "{out}");
    assert!(out.contains("not equivalent"), "{out}");
}

/// `hlocheck` links no Z3 (its start would cost a millisecond more); the
/// commands and programs that need the solver are handed to `hlocheck-z3`,
/// and both binaries answer every command alike.
#[test]
fn hlocheck_links_no_z3_and_answers_as_hlocheck_z3_does() {
    let fast = std::fs::read(env!("CARGO_BIN_EXE_hlocheck")).unwrap();
    let full = std::fs::read(env!("CARGO_BIN_EXE_hlocheck-z3")).unwrap();
    let names_libz3 = |b: &[u8]| b.windows(5).any(|w| w == b"libz3");
    assert!(!names_libz3(&fast), "hlocheck names libz3");
    assert!(names_libz3(&full), "hlocheck-z3 does not name libz3");

    let dir = scratch("z3split");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let add = write("add.mlir", ADD);
    let dynamic = write(
        "dyn.mlir",
        "func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %r = stablehlo.add %a, %a : tensor<?xf32>
  func.return %r : tensor<?xf32>
}
",
    );
    let wrong = write(
        "wrong.mlir",
        "func.func @main(%a: tensor<3xf32>) -> tensor<4xf32> {
  %r = stablehlo.add %a, %a : tensor<4xf32>
  func.return %r : tensor<4xf32>
}
",
    );
    let dynamic_wrong = write(
        "dynwrong.mlir",
        "func.func @main(%a: tensor<?xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %r = stablehlo.add %a, %b : tensor<2xf32>
  func.return %r : tensor<2xf32>
}
",
    );
    let lit = "dense<[1.0, 2.0, 3.0]> : tensor<3xf32>";
    let cases: Vec<Vec<&str>> = vec![
        vec!["run", &add, "--arg", lit, "--arg", lit],
        vec!["run", &add, "--seed", "3", "--time"],
        vec!["run", &dynamic, "--arg", lit],
        vec!["run", &wrong, "--seed", "1"],
        vec!["run", &dynamic_wrong, "--seed", "1"],
        vec!["run", "no-such-file.mlir"],
        vec!["run", &add, "--no-such-flag"],
        vec!["verify", &dynamic_wrong],
        vec!["no-such-command"],
        vec!["--version"],
    ];
    for args in cases {
        let via = |exe: &str| {
            let out = Command::new(exe).args(&args).output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr)
                .lines()
                .filter(|l| !l.starts_with("time: "))
                .collect::<Vec<_>>()
                .join("\n");
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
                err,
            )
        };
        let a = via(env!("CARGO_BIN_EXE_hlocheck"));
        let b = via(env!("CARGO_BIN_EXE_hlocheck-z3"));
        assert_eq!(a, b, "hlocheck {args:?}");
    }
}
