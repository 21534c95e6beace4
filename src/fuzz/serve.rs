//! `hlocheck serve-target [--plant DEFECT,...]`: hlocheck's executor as a
//! fuzz target speaking `hlocheck-target/1`. Without plants it answers with
//! the executor's results (a campaign against it finds nothing); each
//! plant introduces one defect on purpose, to test that the fuzzer finds
//! and shrinks it:
//!
//! | plant | defect |
//! |---|---|
//! | `add-f16-rtz` | `stablehlo.add` on f16 rounds toward zero |
//! | `max-zero-sign` | `stablehlo.maximum` of +0 and −0 returns −0 |
//! | `convert-ftz` | `stablehlo.convert` flushes subnormal results to zero |
//! | `exp-ulp` | `stablehlo.exponential` on f32 is 8 ulp off |
//! | `crash-cosine` | the process exits on a program with `stablehlo.cosine` |
//! | `reject-remainder` | programs with `stablehlo.remainder` are rejected |
//! | `fma-fused` | a float `stablehlo.add` of a `stablehlo.multiply` whose result is not returned is computed as one fused multiply-add (one rounding): seen only in a fused run |

use super::program::{self, GenProgram};
use crate::float::{self, FloatKind, Rounding};
use crate::interp::literal::{from_npy, to_npy};
use crate::interp::tensor::Tensor;
use crate::ir::types::ElementType;
use serde_json::json;
use std::io::{BufRead, Write};

/// The plants `serve-target` knows.
pub const PLANTS: &[&str] = &[
    "add-f16-rtz",
    "max-zero-sign",
    "convert-ftz",
    "exp-ulp",
    "crash-cosine",
    "reject-remainder",
    "fma-fused",
];

/// Serves requests from stdin until `quit` or end of input.
pub fn serve(plants: &[String]) -> i32 {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let hello = json!({"protocol": super::target::PROTOCOL, "name": "hlocheck",
        "version": env!("CARGO_PKG_VERSION"), "flush_subnormals": false});
    if writeln!(out, "{hello}").and_then(|_| out.flush()).is_err() {
        return 1;
    }
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(req) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        let id = req["id"].clone();
        if req["quit"].as_bool() == Some(true) {
            break;
        }
        let started = std::time::Instant::now();
        let reply = match answer(&req, plants) {
            Ok(outputs) => json!({"id": id, "status": "ok", "outputs": outputs,
                "time_ms": started.elapsed().as_secs_f64() * 1e3}),
            Err((status, stage, message)) => {
                json!({"id": id, "status": status, "stage": stage, "message": message})
            }
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
    0
}

type Failure = (&'static str, &'static str, String);

fn answer(req: &serde_json::Value, plants: &[String]) -> Result<Vec<String>, Failure> {
    let has = |p: &str| plants.iter().any(|x| x == p);
    let path = req["program"].as_str().unwrap_or("");
    let text =
        std::fs::read_to_string(path).map_err(|e| ("error", "read", format!("{path}: {e}")))?;
    if has("crash-cosine") && text.contains("stablehlo.cosine") {
        std::process::exit(70);
    }
    if has("reject-remainder") && text.contains("stablehlo.remainder") {
        return Err(("rejected", "compile", "remainder is not supported".into()));
    }
    let parsed = crate::ir::parse::parse_program(path, &text)
        .map_err(|d| ("rejected", "compile", d.to_string()))?;
    // Argument element types: the request's types, else the function's.
    let prog = GenProgram::from_mlir(&text).map_err(|e| ("rejected", "compile", e))?;
    let mut inputs = Vec::new();
    for (i, p) in req["inputs"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .enumerate()
    {
        let p = p.as_str().unwrap_or("");
        let elem = prog.args.get(i).map(|t| t.elem.clone()).ok_or((
            "error",
            "run",
            format!("no argument {i}"),
        ))?;
        let bytes = std::fs::read(p).map_err(|e| ("error", "run", format!("{p}: {e}")))?;
        inputs.push(
            from_npy(&bytes, &elem, 1 << 26).map_err(|e| ("error", "run", format!("{p}: {e}")))?,
        );
    }
    let outputs = if plants.is_empty() {
        program::run_parsed(&parsed, &inputs).map_err(|e| ("error", "run", e))?
    } else {
        run_planted(&prog, &inputs, plants).map_err(|e| ("error", "run", e))?
    };
    let dir = req["out_dir"].as_str().unwrap_or(".");
    let mut paths = Vec::new();
    for (i, t) in outputs.iter().enumerate() {
        let p = std::path::Path::new(dir).join(format!("out{i}.npy"));
        std::fs::write(&p, to_npy(t))
            .map_err(|e| ("error", "run", format!("{}: {e}", p.display())))?;
        paths.push(p.display().to_string());
    }
    Ok(paths)
}

/// Runs the program op by op, each op through the executor, then applies
/// the plants to that op's result.
fn run_planted(
    prog: &GenProgram,
    inputs: &[Tensor],
    plants: &[String],
) -> Result<Vec<Tensor>, String> {
    let mut values: Vec<Tensor> = inputs.to_vec();
    for i in 0..prog.ops.len() {
        let one = prog.single_op(i);
        let args: Vec<Tensor> = prog
            .single_op_inputs(i)
            .iter()
            .map(|&v| values[v].clone())
            .collect();
        let mut r = program::run(&one, &args)?
            .into_iter()
            .next()
            .ok_or("no result")?;
        let operands: Vec<&Tensor> = prog.ops[i].operands.iter().map(|&v| &values[v]).collect();
        plant(&prog.ops[i].name, &operands, &mut r, plants);
        if plants.iter().any(|p| p == "fma-fused") {
            fma_fused(prog, i, &values, &mut r);
        }
        values.push(r);
    }
    Ok(prog.results.iter().map(|&r| values[r].clone()).collect())
}

/// The `fma-fused` plant: `add(multiply(a, b), c)` (either operand order)
/// on a float type, where the product is not among the program's results,
/// becomes fma(a, b, c) element by element.
fn fma_fused(prog: &GenProgram, i: usize, values: &[Tensor], r: &mut Tensor) {
    let op = &prog.ops[i];
    let ElementType::Float(k) = r.elem else {
        return;
    };
    if op.name != "stablehlo.add" || op.operands.len() != 2 {
        return;
    }
    let n = prog.args.len();
    for (m, c) in [(0, 1), (1, 0)] {
        let v = op.operands[m];
        let Some(mul) = v.checked_sub(n).map(|j| &prog.ops[j]) else {
            continue;
        };
        if mul.name != "stablehlo.multiply" || mul.operands.len() != 2 || prog.results.contains(&v)
        {
            continue;
        }
        let (a, b, c) = (
            &values[mul.operands[0]],
            &values[mul.operands[1]],
            &values[op.operands[c]],
        );
        let len = r.data.len();
        if [a, b, c]
            .iter()
            .any(|t| t.elem != r.elem || t.data.len() != len)
        {
            continue;
        }
        let f = k.format();
        for j in 0..len {
            let v = float::arith::fma(
                f,
                a.data.get(j),
                b.data.get(j),
                c.data.get(j),
                Rounding::NearestEven,
            );
            r.data.set(j, v);
        }
        return;
    }
}

fn plant(op: &str, operands: &[&Tensor], r: &mut Tensor, plants: &[String]) {
    let has = |p: &str| plants.iter().any(|x| x == p);
    match (op, &r.elem) {
        ("stablehlo.add", ElementType::Float(FloatKind::F16)) if has("add-f16-rtz") => {
            let f = FloatKind::F16.format();
            r.for_each_lane(|k, out| {
                *out = float::arith::add(
                    f,
                    operands[0].data.get(k),
                    operands[1].data.get(k),
                    Rounding::TowardZero,
                );
            });
        }
        ("stablehlo.maximum", ElementType::Float(k)) if has("max-zero-sign") => {
            let f = k.format();
            r.for_each_lane(|j, out| {
                let (a, b) = (operands[0].data.get(j), operands[1].data.get(j));
                if f.is_zero(a) && f.is_zero(b) && f.is_negative(a) != f.is_negative(b) {
                    *out = float::arith::zero(f, true);
                }
            });
        }
        ("stablehlo.convert", ElementType::Float(k)) if has("convert-ftz") => {
            let (k, f) = (*k, k.format());
            r.for_each_lane(|_, out| {
                if super::values::is_subnormal(k, *out) {
                    *out = float::arith::zero(f, f.is_negative(*out));
                }
            });
        }
        ("stablehlo.exponential", ElementType::Float(FloatKind::F32)) if has("exp-ulp") => {
            r.for_each_lane(|_, out| {
                let x = f32::from_bits(*out as u32);
                if x.is_finite() && x > 0.0 && x < 1e30 {
                    *out = (*out as u32 + 8) as u64;
                }
            });
        }
        _ => {}
    }
}
