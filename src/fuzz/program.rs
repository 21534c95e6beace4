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
    /// `%@{j}` in it names capture `j` (see `captures`).
    pub tail: String,
    /// The type of the op's value (result `pick` of `results`).
    pub result: TensorType,
    /// Every result type of an op with several results (empty when it has
    /// one): the op's value is result `pick`; the others are not used.
    pub results: Vec<TensorType>,
    pub pick: usize,
    /// The last `captures` operands are values the op's regions use
    /// (`%@{0}`, `%@{1}`, ... in `tail`), not operands of the op.
    pub captures: usize,
}

impl GenOp {
    /// A single-result op without captures.
    pub fn new(name: &str, operands: Vec<usize>, tail: String, result: TensorType) -> GenOp {
        GenOp {
            name: name.into(),
            operands,
            tail,
            result,
            results: Vec::new(),
            pick: 0,
            captures: 0,
        }
    }

    /// The types of every result, `result` at position `pick`.
    pub fn result_types(&self) -> Vec<TensorType> {
        if self.results.is_empty() {
            return vec![self.result.clone()];
        }
        let mut r = self.results.clone();
        if let Some(x) = r.get_mut(self.pick) {
            *x = self.result.clone();
        }
        r
    }

    /// The operands printed in the op's operand list (captures excluded).
    pub fn own_operands(&self) -> &[usize] {
        &self.operands[..self.operands.len() - self.captures.min(self.operands.len())]
    }
}

/// Ops whose constant operands are kept as constants in a one-op program
/// (shapes, sizes and paddings given as tensors: an argument there would
/// make the result type depend on input values).
pub const CONSTANT_OPERANDS: &[&str] = &[
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.dynamic_iota",
    "stablehlo.dynamic_pad",
    "stablehlo.dynamic_gather",
    "stablehlo.dynamic_conv",
    "stablehlo.dynamic_reshape",
    "stablehlo.rng",
    "chlo.ragged_dot",
];

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

    /// The name of value `v` in the program text (`%v3`, or `%v3#1` for
    /// result 1 of an op with several).
    pub fn name(&self, v: usize) -> String {
        match v.checked_sub(self.args.len()).and_then(|i| self.ops.get(i)) {
            Some(op) if !op.results.is_empty() => format!("%v{v}#{}", op.pick),
            _ => format!("%v{v}"),
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
            let own = op.own_operands();
            let names: Vec<String> = own.iter().map(|&o| self.name(o)).collect();
            let tys: Vec<String> = own.iter().map(|&o| self.ty(o).to_string()).collect();
            let mut tail = rename_locals(&op.tail, i);
            for (j, &c) in op.operands[own.len()..].iter().enumerate() {
                tail = tail.replace(&format!("%@{{{j}}}"), &self.name(c));
            }
            let (def, rt) = if op.results.is_empty() {
                (format!("%v{v}"), op.result.to_string())
            } else {
                let rts: Vec<String> = op.result_types().iter().map(|t| t.to_string()).collect();
                (
                    format!("%v{v}:{}", rts.len()),
                    format!("({})", rts.join(", ")),
                )
            };
            s.push_str(&format!(
                "  {def} = \"{}\"({}){} : ({}) -> {rt}\n",
                op.name,
                names.join(", "),
                tail,
                tys.join(", "),
            ));
        }
        let names: Vec<String> = self.results.iter().map(|&r| self.name(r)).collect();
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

    /// Whether operand `o` of op `i` is kept as its constant op in
    /// [`single_op`](Self::single_op) (see [`CONSTANT_OPERANDS`]).
    fn inlined(&self, i: usize, o: usize) -> bool {
        CONSTANT_OPERANDS.contains(&self.ops[i].name.as_str())
            && o >= self.args.len()
            && self.ops[o - self.args.len()].name == "stablehlo.constant"
    }

    /// A one-op program: op `i` of this program with its operands as
    /// arguments (constant shape operands of [`CONSTANT_OPERANDS`] ops stay
    /// constants).
    pub fn single_op(&self, i: usize) -> GenProgram {
        let op = &self.ops[i];
        let inputs = self.single_op_inputs(i);
        let mut p = GenProgram {
            args: inputs.iter().map(|&v| self.ty(v).clone()).collect(),
            ..GenProgram::default()
        };
        let n = p.args.len();
        let mut consts: Vec<(usize, usize)> = Vec::new();
        let mut operands = Vec::new();
        for &o in &op.operands {
            if let Some(a) = inputs.iter().position(|&x| x == o) {
                operands.push(a);
            } else if let Some(&(_, c)) = consts.iter().find(|(x, _)| *x == o) {
                operands.push(c);
            } else {
                let c = n + p.ops.len();
                p.ops.push(self.ops[o - self.args.len()].clone());
                consts.push((o, c));
                operands.push(c);
            }
        }
        p.ops.push(GenOp {
            operands,
            ..op.clone()
        });
        p.results = vec![p.num_values() - 1];
        p
    }

    /// The distinct operand values of op `i`, in the order `single_op` takes them.
    pub fn single_op_inputs(&self, i: usize) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for &o in &self.ops[i].operands {
            if !out.contains(&o) && !self.inlined(i, o) {
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
                "results": o.results.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
                "pick": o.pick, "captures": o.captures,
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
            let mut results = Vec::new();
            for t in o["results"].as_array().cloned().unwrap_or_default() {
                results.push(ty(&t)?);
            }
            let pick = o["pick"].as_u64().unwrap_or(0) as usize;
            let captures = o["captures"].as_u64().unwrap_or(0) as usize;
            if (!results.is_empty() && pick >= results.len()) || captures > operands.len() {
                return Err("bad result pick or capture count".into());
            }
            p.ops.push(GenOp {
                results,
                pick,
                captures,
                ..GenOp::new(
                    o["name"].as_str().ok_or("op without name")?,
                    operands,
                    o["tail"].as_str().unwrap_or("").to_string(),
                    ty(&o["result"])?,
                )
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
    let mut chars = tail.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == '"' {
            in_string = !in_string;
        } else if c == '%' && !in_string && chars.peek() != Some(&'@') {
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
        // A use of `%x#j`: result j of an op with several, which becomes its pick.
        let mut fixed: Vec<bool> = Vec::new();
        fn resolve(
            p: &mut GenProgram,
            names: &std::collections::HashMap<String, usize>,
            fixed: &mut [bool],
            n: &str,
        ) -> Result<usize, String> {
            if let Some(&v) = names.get(n) {
                return Ok(v);
            }
            let (base, j) = n
                .split_once('#')
                .ok_or_else(|| format!("unknown value {n}"))?;
            let v = *names
                .get(base)
                .ok_or_else(|| format!("unknown value {n}"))?;
            let j: usize = j.parse().map_err(|_| format!("bad value {n}"))?;
            let i = v
                .checked_sub(p.args.len())
                .ok_or_else(|| format!("unknown value {n}"))?;
            let op = &mut p.ops[i];
            if j >= op.results.len() {
                return Err(format!("unknown value {n}"));
            }
            if fixed[i] && op.pick != j {
                return Err(format!("two results of one op are used: {n}"));
            }
            fixed[i] = true;
            op.pick = j;
            op.result = op.results[j].clone();
            Ok(v)
        }
        for t in op_texts {
            if let Some(rest) = t.strip_prefix("\"func.return\"(") {
                let inner = rest.split(')').next().unwrap_or("");
                for n in inner.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let v = resolve(&mut p, &names, &mut fixed, n)?;
                    p.results.push(v);
                }
                break;
            }
            let (res, rest) = t
                .split_once(" = ")
                .ok_or_else(|| format!("an op without a result: {t}"))?;
            let (res, count) = match res.split_once(':') {
                Some((r, n)) => (
                    r,
                    n.trim().parse::<usize>().map_err(|_| "bad result count")?,
                ),
                None => (res, 1),
            };
            if res.contains(',') {
                return Err(format!("an op with several result names: {t}"));
            }
            let rest = rest.strip_prefix('"').ok_or("bad op")?;
            let (name, rest) = rest.split_once('"').ok_or("bad op name")?;
            let rest = rest.strip_prefix('(').ok_or("bad operand list")?;
            let (operands, rest) = rest.split_once(')').ok_or("bad operand list")?;
            let mut ops = Vec::new();
            for n in operands.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                ops.push(resolve(&mut p, &names, &mut fixed, n)?);
            }
            let colon = rest.rfind(" : (").ok_or("no type")?;
            // Values of the function its regions use become captures.
            let mut tail = String::new();
            let mut captured: Vec<usize> = Vec::new();
            let body = &rest[..colon];
            let mut k = 0;
            while k < body.len() {
                let c = body[k..].chars().next().unwrap_or(' ');
                if c == '%' {
                    let end = body[k + 1..]
                        .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '#'))
                        .map_or(body.len(), |e| k + 1 + e);
                    let tok = &body[k..end];
                    let outer = names.contains_key(tok)
                        || tok
                            .split_once('#')
                            .is_some_and(|(b, _)| names.contains_key(b));
                    if outer {
                        let v = resolve(&mut p, &names, &mut fixed, tok)?;
                        let j = match captured.iter().position(|&x| x == v) {
                            Some(j) => j,
                            None => {
                                captured.push(v);
                                captured.len() - 1
                            }
                        };
                        tail.push_str(&format!("%@{{{j}}}"));
                    } else {
                        tail.push_str(tok);
                    }
                    k = end;
                } else {
                    tail.push(c);
                    k += c.len_utf8();
                }
            }
            let rt = rest[colon..]
                .rsplit_once(" -> ")
                .ok_or("no result type")?
                .1
                .trim();
            let mut results = Vec::new();
            if count > 1 {
                let inner = rt
                    .strip_prefix('(')
                    .and_then(|r| r.strip_suffix(')'))
                    .ok_or("bad result types")?;
                for t in split_top(inner) {
                    results.push(parse_tensor_type(t.trim())?);
                }
                if results.len() != count {
                    return Err(format!("{count} results, {} types", results.len()));
                }
            }
            let result = match results.first() {
                Some(t) => t.clone(),
                None => parse_tensor_type(rt)?,
            };
            names.insert(res.trim().to_string(), p.num_values());
            let ncap = captured.len();
            ops.extend(captured);
            fixed.push(false);
            p.ops.push(GenOp {
                results,
                captures: ncap,
                ..GenOp::new(name, ops, tail, result)
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
