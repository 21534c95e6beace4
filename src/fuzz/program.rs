//! The fuzzer's program form: a straight-line function of single-result ops
//! in generic syntax, easy to print, cut into sub-programs and shrink.
//!
//! Value `k` is argument `k` when `k < args.len()`, else the result of op
//! `k - args.len()`. Each op keeps the text between its operand list and its
//! type (`tail`: regions and attribute dictionary, in MLIR's generic form),
//! so any op the parser reads can be carried without a per-op model here.

use crate::interp::tensor::Tensor;
use crate::interp::{Interp, Limits, Value};
use crate::ir::types::TensorType;
use serde_json::json;

/// One op: `%r = "name"(operands) tail : (operand types) -> result`.
#[derive(Clone, Debug, PartialEq)]
pub struct GenOp {
    pub name: String,
    pub operands: Vec<usize>,
    /// Regions and attributes in generic form, e.g. ` {dimension = 0 : i64}`.
    pub tail: String,
    pub result: TensorType,
}

/// A straight-line program: arguments, ops, and the values it returns.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GenProgram {
    pub args: Vec<TensorType>,
    pub ops: Vec<GenOp>,
    pub results: Vec<usize>,
}

impl GenProgram {
    /// The type of value `v`.
    pub fn ty(&self, v: usize) -> &TensorType {
        if v < self.args.len() {
            &self.args[v]
        } else {
            &self.ops[v - self.args.len()].result
        }
    }

    /// The number of values (arguments and op results).
    pub fn num_values(&self) -> usize {
        self.args.len() + self.ops.len()
    }

    /// The value defined by op `i`.
    pub fn value_of_op(&self, i: usize) -> usize {
        self.args.len() + i
    }

    /// Values no op uses (the natural results of a generated program).
    pub fn leaves(&self) -> Vec<usize> {
        let mut used = vec![false; self.num_values()];
        for op in &self.ops {
            for &o in &op.operands {
                if let Some(u) = used.get_mut(o) {
                    *u = true;
                }
            }
        }
        (self.args.len()..self.num_values())
            .filter(|&v| !used[v])
            .collect()
    }

    /// MLIR text of the program: one public function `@main`.
    pub fn text(&self) -> String {
        let mut s = String::from("func.func @main(");
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(&format!("%v{i}: {a}"));
        }
        s.push_str(") -> (");
        let rtys: Vec<String> = self
            .results
            .iter()
            .map(|&r| self.ty(r).to_string())
            .collect();
        s.push_str(&rtys.join(", "));
        s.push_str(") {\n");
        for (i, op) in self.ops.iter().enumerate() {
            let v = self.value_of_op(i);
            let names: Vec<String> = op.operands.iter().map(|o| format!("%v{o}")).collect();
            let tys: Vec<String> = op
                .operands
                .iter()
                .map(|&o| self.ty(o).to_string())
                .collect();
            s.push_str(&format!(
                "  %v{v} = \"{}\"({}){} : ({}) -> {}\n",
                op.name,
                names.join(", "),
                rename_locals(&op.tail, i),
                tys.join(", "),
                op.result
            ));
        }
        let names: Vec<String> = self.results.iter().map(|r| format!("%v{r}")).collect();
        s.push_str(&format!(
            "  \"func.return\"({}) : ({}) -> ()\n}}\n",
            names.join(", "),
            rtys.join(", ")
        ));
        s
    }

    /// The same ops, returning every op's result (to read intermediate values).
    pub fn with_all_results(&self) -> GenProgram {
        let mut p = self.clone();
        p.results = (self.args.len()..self.num_values()).collect();
        p
    }

    /// A one-op program: op `i` of this program with its operands as arguments.
    pub fn single_op(&self, i: usize) -> GenProgram {
        let op = &self.ops[i];
        let mut args = Vec::new();
        let mut operands = Vec::new();
        for &o in &op.operands {
            // One argument per distinct operand value.
            match op.operands.iter().position(|&x| x == o) {
                Some(first) if first < operands.len() => operands.push(operands[first]),
                _ => {
                    operands.push(args.len());
                    args.push(self.ty(o).clone());
                }
            }
        }
        let n = args.len();
        GenProgram {
            args,
            ops: vec![GenOp {
                operands,
                ..op.clone()
            }],
            results: vec![n],
        }
    }

    /// The distinct operand values of op `i`, in the order `single_op` takes them.
    pub fn single_op_inputs(&self, i: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &o in &self.ops[i].operands {
            if !out.contains(&o) {
                out.push(o);
            }
        }
        out
    }

    /// Number of ops other than constants (the size of a repro).
    pub fn size(&self) -> usize {
        self.ops
            .iter()
            .filter(|o| o.name != "stablehlo.constant")
            .count()
    }

    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "args": self.args.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
            "ops": self.ops.iter().map(|o| json!({
                "name": o.name, "operands": o.operands, "tail": o.tail,
                "result": o.result.to_string(),
            })).collect::<Vec<_>>(),
            "results": self.results,
        })
    }

    pub fn from_json(v: &serde_json::Value) -> Result<GenProgram, String> {
        let ty = |t: &serde_json::Value| -> Result<TensorType, String> {
            let s = t.as_str().ok_or("a type must be a string")?;
            parse_tensor_type(s)
        };
        let list = |k: &str| v[k].as_array().cloned().ok_or(format!("no '{k}' list"));
        let mut p = GenProgram::default();
        for a in list("args")? {
            p.args.push(ty(&a)?);
        }
        for o in list("ops")? {
            let operands = o["operands"]
                .as_array()
                .ok_or("op without operands")?
                .iter()
                .map(|x| x.as_u64().map(|x| x as usize).ok_or("bad operand"))
                .collect::<Result<Vec<_>, _>>()?;
            p.ops.push(GenOp {
                name: o["name"].as_str().ok_or("op without name")?.to_string(),
                operands,
                tail: o["tail"].as_str().unwrap_or("").to_string(),
                result: ty(&o["result"])?,
            });
        }
        for r in list("results")? {
            p.results.push(r.as_u64().ok_or("bad result")? as usize);
        }
        let n = p.num_values();
        for (i, op) in p.ops.iter().enumerate() {
            if op.operands.iter().any(|&o| o >= p.args.len() + i) {
                return Err(format!("op {i} uses a value defined after it"));
            }
        }
        if p.results.iter().any(|&r| r >= n) {
            return Err("a result names no value".into());
        }
        Ok(p)
    }
}

/// Parses a tensor type written as MLIR text (`tensor<2x?xf32>`).
pub fn parse_tensor_type(s: &str) -> Result<TensorType, String> {
    let text = format!("func.func @f(%a: {s}) {{\n  \"func.return\"() : () -> ()\n}}\n");
    let prog = crate::ir::parse::parse_program("<type>", &text).map_err(|d| d.message)?;
    prog.value_types
        .first()
        .and_then(|t| t.as_tensor())
        .cloned()
        .ok_or_else(|| format!("'{s}' is not a tensor type"))
}

/// Renames the values local to an op's regions (`%x` → `%r{i}_x`), so the
/// regions of different ops never share names.
fn rename_locals(tail: &str, i: usize) -> String {
    let mut out = String::with_capacity(tail.len() + 16);
    let mut in_string = false;
    for c in tail.chars() {
        out.push(c);
        if c == '"' {
            in_string = !in_string;
        } else if c == '%' && !in_string {
            out.push_str(&format!("r{i}_"));
        }
    }
    out
}

/// Parses and runs a program with hlocheck's executor.
pub fn run(prog: &GenProgram, inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let text = prog.text();
    let parsed = crate::ir::parse::parse_program("<fuzz>", &text).map_err(|d| d.to_string())?;
    run_parsed(&parsed, inputs)
}

/// Runs `@main` of a parsed program.
pub fn run_parsed(parsed: &crate::ir::Program, inputs: &[Tensor]) -> Result<Vec<Tensor>, String> {
    let limits = Limits {
        max_elements: 1 << 22,
        max_steps: 1_000_000,
        max_bytes: 1 << 28,
        ..Limits::default()
    };
    let mut interp = Interp::new(parsed, limits);
    let args = inputs.iter().cloned().map(Value::tensor).collect();
    let outs = interp.call("main", args)?;
    outs.into_iter().map(|v| v.into_tensor()).collect()
}

/// The verifier's errors for a program (empty when it verifies).
pub fn verify_errors(prog: &GenProgram) -> Vec<String> {
    let text = prog.text();
    match crate::ir::parse::parse_program("<fuzz>", &text) {
        Err(d) => vec![format!("parse: {}", d.message)],
        Ok(p) => crate::verify::verify_program(&p, &crate::verify::Options::default())
            .errors()
            .map(|f| f.headline())
            .collect(),
    }
}

impl GenProgram {
    /// Reads a program of the fuzzer's form back from MLIR text: one
    /// function `@main` (or the only function) whose body is a straight line
    /// of single-result ops. Any spelling the parser reads is accepted; the
    /// ops are taken from the parser's generic printing.
    pub fn from_mlir(text: &str) -> Result<GenProgram, String> {
        let parsed =
            crate::ir::parse::parse_program("<program>", text).map_err(|d| d.to_string())?;
        let generic = crate::ir::print::print_generic(&parsed);
        let mut p = GenProgram::default();
        let mut names: std::collections::HashMap<String, usize> = Default::default();
        let mut lines = generic.lines().peekable();
        // The function header: `^bb0(%arg0: T, ...):`.
        let mut in_func = false;
        let mut op_texts: Vec<String> = Vec::new();
        while let Some(line) = lines.next() {
            if !in_func {
                if line.starts_with("\"func.func\"") {
                    in_func = true;
                    if let Some(h) = lines.peek() {
                        if let Some(args) =
                            h.strip_prefix("^bb0(").and_then(|s| s.strip_suffix("):"))
                        {
                            for a in split_top(args) {
                                let (n, t) = a.split_once(": ").ok_or("bad argument")?;
                                names.insert(n.trim().to_string(), p.args.len());
                                p.args.push(parse_tensor_type(t.trim())?);
                            }
                            lines.next();
                        }
                    }
                }
                continue;
            }
            if line.starts_with("}) {") {
                break;
            }
            let is_start = line.starts_with("  %") || line.starts_with("  \"");
            if is_start && !line.starts_with("  }") {
                op_texts.push(line.trim_start().to_string());
            } else if let Some(last) = op_texts.last_mut() {
                last.push('\n');
                last.push_str(line);
            }
        }
        if !in_func {
            return Err("no function".into());
        }
        for t in op_texts {
            if let Some(rest) = t.strip_prefix("\"func.return\"(") {
                let inner = rest.split(')').next().unwrap_or("");
                for n in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    p.results
                        .push(*names.get(n).ok_or_else(|| format!("unknown value {n}"))?);
                }
                break;
            }
            let (res, rest) = t
                .split_once(" = ")
                .ok_or_else(|| format!("an op without one result: {t}"))?;
            if res.contains(':') || res.contains(',') {
                return Err(format!("an op with several results: {t}"));
            }
            let rest = rest.strip_prefix('"').ok_or("bad op")?;
            let (name, rest) = rest.split_once('"').ok_or("bad op name")?;
            let rest = rest.strip_prefix('(').ok_or("bad operand list")?;
            let (operands, rest) = rest.split_once(')').ok_or("bad operand list")?;
            let mut ops = Vec::new();
            for n in operands.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                ops.push(*names.get(n).ok_or_else(|| format!("unknown value {n}"))?);
            }
            let colon = rest.rfind(" : (").ok_or("no type")?;
            let tail = rest[..colon].to_string();
            let rt = rest[colon..].rsplit_once(" -> ").ok_or("no result type")?.1;
            names.insert(res.trim().to_string(), p.num_values());
            p.ops.push(GenOp {
                name: name.to_string(),
                operands: ops,
                tail,
                result: parse_tensor_type(rt.trim())?,
            });
        }
        Ok(p)
    }
}

/// Splits at commas outside `<>`, `()`, `[]`, `{}`.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '<' | '(' | '[' | '{' => depth += 1,
            '>' | ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}
