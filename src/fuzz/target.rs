//! Driving a target: a long-lived process speaking the `hlocheck-target/1`
//! protocol (newline-delimited JSON on stdin/stdout; programs and `.npy`
//! tensors in files). A target that exits or stops answering within the
//! time limit is restarted for the next program.

use super::program::GenProgram;
use crate::interp::literal::{from_npy, to_npy};
use crate::interp::tensor::Tensor;
use serde_json::json;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The bundled target drivers: name → script text, started as
/// `PYTHON SCRIPT`. Each script speaks the protocol of `protocol.md`.
pub const BUNDLED: &[(&str, &str)] = &[
    ("xla-cpu", include_str!("targets/xla_cpu.py")),
    ("reference", include_str!("targets/reference.py")),
    ("iree-cpu", include_str!("targets/iree_cpu.py")),
];

/// The protocol code every bundled driver imports (`from protocol import
/// ...`), written beside the driver's script.
const PROTOCOL_PY: &str = include_str!("targets/protocol.py");

/// The protocol's name, checked in the target's hello line.
pub const PROTOCOL: &str = "hlocheck-target/1";

/// How to start a target.
#[derive(Clone, Debug)]
pub struct TargetSpec {
    /// The name findings are filed under.
    pub name: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// Per-program time limit.
    pub timeout: Duration,
}

impl TargetSpec {
    /// A bundled target by name (`hlocheck`, or a script of [`BUNDLED`]),
    /// written into `dir` when it is a script.
    pub fn bundled(
        name: &str,
        python: &str,
        dir: &Path,
        plant: &[String],
    ) -> Result<TargetSpec, String> {
        let timeout = Duration::from_secs(60);
        if name == "hlocheck" {
            let exe =
                std::env::current_exe().map_err(|e| format!("cannot find hlocheck itself: {e}"))?;
            let mut argv = vec![exe.display().to_string(), "serve-target".into()];
            if !plant.is_empty() {
                argv.push("--plant".into());
                argv.push(plant.join(","));
            }
            return Ok(TargetSpec {
                name: name.into(),
                argv,
                timeout,
            });
        }
        let Some((_, script)) = BUNDLED.iter().find(|(n, _)| *n == name) else {
            let mut names: Vec<&str> = BUNDLED.iter().map(|(n, _)| *n).collect();
            names.push("hlocheck");
            return Err(format!(
                "no bundled target '{name}' (bundled: {}); use --target-cmd CMD for others",
                names.join(", ")
            ));
        };
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(format!("{}.py", name.replace('-', "_")));
        let shared = dir.join("protocol.py");
        for (p, text) in [(&shared, PROTOCOL_PY), (&path, *script)] {
            std::fs::write(p, text).map_err(|e| format!("{}: {e}", p.display()))?;
        }
        Ok(TargetSpec {
            name: name.into(),
            argv: vec![python.into(), path.display().to_string()],
            timeout,
        })
    }

    /// A target given as a command line (split on whitespace).
    pub fn command(cmd: &str) -> Result<TargetSpec, String> {
        let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
        if argv.is_empty() {
            return Err("--target-cmd needs a command".into());
        }
        Ok(TargetSpec {
            name: String::new(),
            argv,
            timeout: Duration::from_secs(60),
        })
    }
}

/// What a target said about itself.
#[derive(Clone, Debug, Default)]
pub struct Hello {
    pub name: String,
    pub version: String,
    pub flush_subnormals: Option<bool>,
}

/// A target's answer to one program.
#[derive(Clone, Debug)]
pub enum Reply {
    Ok(Vec<Tensor>),
    Rejected {
        stage: String,
        message: String,
    },
    Error {
        stage: String,
        message: String,
    },
    /// The process exited or stopped answering.
    Crashed(String),
    /// The driver does not hand the program to its implementation (outside
    /// what the driver can drive, e.g. a dialect the implementation does
    /// not claim): counted, never a finding.
    Skipped(String),
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// A started target.
pub struct Target {
    pub spec: TargetSpec,
    pub hello: Hello,
    run: Option<Running>,
    dir: PathBuf,
    next_id: u64,
    /// Restarts after crashes.
    pub restarts: usize,
}

fn start(spec: &TargetSpec) -> Result<(Running, Hello), String> {
    let mut child = Command::new(&spec.argv[0])
        .args(&spec.argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start '{}': {e}", spec.argv.join(" ")))?;
    let stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut run = Running {
        child,
        stdin,
        lines: rx,
    };
    let line = match run.lines.recv_timeout(Duration::from_secs(120)) {
        Ok(l) => l,
        Err(_) => {
            let _ = run.child.kill();
            let _ = run.child.wait();
            return Err(format!("'{}' sent no hello line", spec.argv.join(" ")));
        }
    };
    let v: serde_json::Value = serde_json::from_str(&line)
        .map_err(|e| format!("the target's hello line is not JSON ({e}): {line}"))?;
    if v["protocol"].as_str() != Some(PROTOCOL) {
        let _ = run.child.kill();
        let _ = run.child.wait();
        return Err(format!("the target does not speak {PROTOCOL}: {line}"));
    }
    if let Some(f) = v["fatal"].as_str() {
        let _ = run.child.wait();
        return Err(f.to_string());
    }
    let hello = Hello {
        name: v["name"].as_str().unwrap_or("").to_string(),
        version: v["version"].as_str().unwrap_or("").to_string(),
        flush_subnormals: v["flush_subnormals"].as_bool(),
    };
    Ok((run, hello))
}

impl Target {
    /// Starts a target; `dir` holds the files exchanged with it.
    pub fn start(spec: TargetSpec, dir: &Path) -> Result<Target, String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let (run, hello) = start(&spec)?;
        let mut spec = spec;
        if spec.name.is_empty() {
            spec.name = if hello.name.is_empty() {
                "target".into()
            } else {
                hello.name.clone()
            };
        }
        Ok(Target {
            spec,
            hello,
            run: Some(run),
            dir: dir.to_path_buf(),
            next_id: 0,
            restarts: 0,
        })
    }

    fn kill(&mut self) {
        if let Some(mut r) = self.run.take() {
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }

    /// Runs a program on inputs.
    pub fn run(&mut self, prog: &GenProgram, inputs: &[Tensor]) -> Reply {
        if self.run.is_none() {
            match start(&self.spec) {
                Ok((r, _)) => {
                    self.run = Some(r);
                    self.restarts += 1;
                }
                Err(e) => return Reply::Crashed(format!("restart failed: {e}")),
            }
        }
        let id = self.next_id;
        self.next_id += 1;
        let req_dir = self.dir.join(format!("req{}", id % 4));
        let out_dir = req_dir.join("out");
        let _ = std::fs::remove_dir_all(&req_dir);
        if let Err(e) = std::fs::create_dir_all(&out_dir) {
            return Reply::Crashed(format!("{}: {e}", out_dir.display()));
        }
        let prog_path = req_dir.join("prog.mlir");
        if let Err(e) = std::fs::write(&prog_path, prog.text()) {
            return Reply::Crashed(format!("{}: {e}", prog_path.display()));
        }
        let mut in_paths = Vec::new();
        for (i, t) in inputs.iter().enumerate() {
            let p = req_dir.join(format!("in{i}.npy"));
            if let Err(e) = std::fs::write(&p, to_npy(t)) {
                return Reply::Crashed(format!("{}: {e}", p.display()));
            }
            in_paths.push(abs(&p));
        }
        let input_types: Vec<String> = prog.args.iter().map(|t| t.to_string()).collect();
        let output_types: Vec<String> = prog
            .results
            .iter()
            .map(|&r| prog.ty(r).to_string())
            .collect();
        let req = json!({
            "id": id, "program": abs(&prog_path), "entry": "main", "inputs": in_paths,
            "input_types": input_types, "output_types": output_types, "out_dir": abs(&out_dir),
        });
        let timeout = self.spec.timeout;
        let Some(run) = self.run.as_mut() else {
            return Reply::Crashed("not running".into());
        };
        if writeln!(run.stdin, "{req}")
            .and_then(|_| run.stdin.flush())
            .is_err()
        {
            self.kill();
            return Reply::Crashed("the target closed its input".into());
        }
        let line = loop {
            match run.lines.recv_timeout(timeout) {
                Ok(l) => match serde_json::from_str::<serde_json::Value>(&l) {
                    Ok(v) if v["id"].as_u64() == Some(id) => break v,
                    _ => continue,
                },
                Err(RecvTimeoutError::Timeout) => {
                    self.kill();
                    return Reply::Crashed(format!("no answer within {} s", timeout.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let status = run.child.wait().map(|s| s.to_string()).unwrap_or_default();
                    self.kill();
                    return Reply::Crashed(format!("the target exited ({status})"));
                }
            }
        };
        let text = |k: &str| line[k].as_str().unwrap_or("").to_string();
        match line["status"].as_str() {
            Some("ok") => {
                let outs = line["outputs"].as_array().cloned().unwrap_or_default();
                if outs.len() != prog.results.len() {
                    return Reply::Error {
                        stage: "protocol".into(),
                        message: format!(
                            "{} outputs for {} results",
                            outs.len(),
                            prog.results.len()
                        ),
                    };
                }
                let mut tensors = Vec::new();
                for (o, &r) in outs.iter().zip(&prog.results) {
                    let path = o.as_str().unwrap_or("");
                    let t = std::fs::read(path)
                        .map_err(|e| format!("{path}: {e}"))
                        .and_then(|b| from_npy(&b, &prog.ty(r).elem, 1 << 26));
                    match t {
                        Ok(t) => tensors.push(t),
                        Err(e) => {
                            return Reply::Error {
                                stage: "protocol".into(),
                                message: format!("output {path}: {e}"),
                            }
                        }
                    }
                }
                Reply::Ok(tensors)
            }
            Some("skipped") => Reply::Skipped(text("message")),
            Some("rejected") => Reply::Rejected {
                stage: text("stage"),
                message: text("message"),
            },
            _ => Reply::Error {
                stage: text("stage"),
                message: text("message"),
            },
        }
    }
}

fn abs(p: &Path) -> String {
    std::fs::canonicalize(p)
        .unwrap_or_else(|_| p.to_path_buf())
        .display()
        .to_string()
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some(r) = self.run.as_mut() {
            let _ = writeln!(r.stdin, "{}", json!({"id": self.next_id, "quit": true}));
            let _ = r.stdin.flush();
            // Give it a moment to exit on its own.
            for _ in 0..20 {
                if let Ok(Some(_)) = r.child.try_wait() {
                    self.run = None;
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        self.kill();
    }
}
