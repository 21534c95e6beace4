//! Fused elementwise chains (`interp/fuse.rs`) give the unfused run's
//! bits: random chains of elementwise ops on f32, f64, bf16 and f16 (with
//! NaNs of any payload, ±∞, ±0 and subnormals among their inputs, iotas
//! along any dimension, splat constants and broadcast scalars), run with
//! `Interp::fusion` on and off, must agree bit for bit; and so must the
//! errors of the limits (the op they name, their text) at every work limit.
//! Random chains of integer ops (every width and signedness, shift counts
//! past the width, splat constants and broadcast scalars) likewise.

use hlocheck::float::{FloatKind, Format};
use hlocheck::interp::fuse::{fused_counts, fused_reduces};
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::types::ElementType;
use hlocheck::ir::{Block, Program};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
}

/// A float pattern: mostly moderate values, one in four special (NaN of
/// any payload and sign, ±∞, ±0, subnormals, any pattern).
fn float_bits(f: &Format, rng: &mut Rng) -> u64 {
    let width = f.bits();
    let all = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let sign = rng.below(2) << (width - 1);
    let man_mask = (1u64 << f.man_bits) - 1;
    let exp_max = (1u64 << f.exp_bits) - 1;
    if rng.below(4) == 0 {
        return match rng.below(6) {
            0 => rng.next() & all,
            1 => sign | (rng.next() & man_mask),
            2 => sign | (exp_max << f.man_bits),
            3 => sign | (exp_max << f.man_bits) | (rng.next() & man_mask).max(1),
            4 => sign | (exp_max << f.man_bits) | (1 << (f.man_bits - 1)),
            _ => sign,
        };
    }
    let mid = f.bias as i64;
    let e = (mid + rng.below(9) as i64 - 4).clamp(1, exp_max as i64 - 1);
    sign | ((e as u64) << f.man_bits) | (rng.next() & man_mask)
}

const KINDS: [FloatKind; 4] = [
    FloatKind::F32,
    FloatKind::F64,
    FloatKind::BF16,
    FloatKind::F16,
];

const UNARY: [&str; 19] = [
    "abs",
    "negate",
    "sqrt",
    "sign",
    "floor",
    "ceil",
    "round_nearest_even",
    "round_nearest_afz",
    "exponential",
    "exponential_minus_one",
    "log",
    "log_plus_one",
    "logistic",
    "sine",
    "cosine",
    "tan",
    "tanh",
    "cbrt",
    "rsqrt",
];

const BINARY: [&str; 9] = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "maximum",
    "minimum",
    "remainder",
    "power",
    "atan2",
];

fn ty(shape: &[usize], k: FloatKind) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s += &format!("{d}x");
    }
    s + k.name() + ">"
}

/// The shape of a random chain: rank 1 to 3, at least 32 elements (fused),
/// often several blocks of 256 lanes.
fn chain_shape(rng: &mut Rng) -> Vec<usize> {
    let rank = 1 + rng.below(3) as usize;
    let mut shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(9) as usize).collect();
    while shape.iter().product::<usize>() < 32 {
        shape[0] *= 2;
    }
    if rng.below(3) == 0 {
        shape[0] *= 40;
    }
    shape
}

/// A random program `@main(%a, %b)` of elementwise ops over one shape,
/// and its arguments. Values of other formats come from `convert`; some
/// intermediates are returned too (so they are stored), and some are used
/// twice.
fn random_chain(seed: u64) -> (String, Vec<Value>) {
    let mut rng = Rng(seed | 1);
    let shape = chain_shape(&mut rng);
    let rank = shape.len();
    let n: usize = shape.iter().product();
    let base = *rng.pick(&KINDS);
    let t = ty(&shape, base);
    let mut body = String::new();
    // The values of each format: names.
    let mut vals: Vec<(String, FloatKind)> = vec![("%a".into(), base), ("%b".into(), base)];
    let ops = 3 + rng.below(12);
    for i in 0..ops {
        let name = format!("%v{i}");
        let of = |vals: &[(String, FloatKind)], k: FloatKind, rng: &mut Rng| -> Option<String> {
            let c: Vec<&String> = vals.iter().filter(|v| v.1 == k).map(|v| &v.0).collect();
            if c.is_empty() {
                return None;
            }
            // Mostly the newest values, so the ops form chains.
            let j = c.len() - 1 - (rng.below(c.len().min(3) as u64) as usize);
            Some(c[j].clone())
        };
        let k = vals.last().map_or(base, |v| v.1);
        let tk = ty(&shape, k);
        let line = match rng.below(10) {
            0 => format!(
                "{name} = stablehlo.iota dim = {} : {tk}",
                rng.below(rank as u64)
            ),
            1 => {
                let f = k.format();
                let bits = float_bits(f, &mut rng);
                let digits = (f.bits() as usize).div_ceil(4);
                format!("{name} = stablehlo.constant dense<0x{bits:0digits$X}> : {tk}")
            }
            2 => {
                let f = k.format();
                let bits = float_bits(f, &mut rng);
                let digits = (f.bits() as usize).div_ceil(4);
                let s = ty(&[], k);
                format!(
                    "{name}_s = stablehlo.constant dense<0x{bits:0digits$X}> : {s}\n  {name} = stablehlo.broadcast_in_dim {name}_s, dims = [] : ({s}) -> {tk}"
                )
            }
            3 => {
                let to = *rng.pick(&KINDS);
                let x = of(&vals, k, &mut rng).unwrap_or_else(|| "%a".into());
                let k = vals.iter().find(|v| v.0 == x).map_or(base, |v| v.1);
                vals.push((name.clone(), to));
                body += &format!(
                    "  {name} = stablehlo.convert {x} : ({}) -> {}\n",
                    ty(&shape, k),
                    ty(&shape, to)
                );
                continue;
            }
            4..=6 => {
                let op = rng.pick(&UNARY);
                let x = of(&vals, k, &mut rng).unwrap_or_default();
                format!("{name} = stablehlo.{op} {x} : {tk}")
            }
            _ => {
                let op = rng.pick(&BINARY);
                let x = of(&vals, k, &mut rng).unwrap_or_default();
                let y = of(&vals, k, &mut rng).unwrap_or_default();
                format!("{name} = stablehlo.{op} {x}, {y} : {tk}")
            }
        };
        body += "  ";
        body += &line;
        body += "\n";
        vals.push((name, k));
    }
    // The last value, and now and then an earlier one as well.
    let last = vals.last().cloned().unwrap_or(("%a".into(), base));
    let mut results = vec![last];
    if rng.below(3) == 0 && vals.len() > 3 {
        let j = 2 + rng.below(vals.len() as u64 - 3) as usize;
        results.push(vals[j].clone());
    }
    let names: Vec<String> = results.iter().map(|r| r.0.clone()).collect();
    let types: Vec<String> = results.iter().map(|r| ty(&shape, r.1)).collect();
    let text = format!(
        "func.func @main(%a: {t}, %b: {t}) -> ({}) {{\n{body}  func.return {} : {}\n}}\n",
        types.join(", "),
        names.join(", "),
        types.join(", ")
    );
    let elem = ElementType::Float(base);
    let args = (0..2)
        .map(|_| {
            let lanes: Vec<u64> = (0..n)
                .map(|_| float_bits(base.format(), &mut rng))
                .collect();
            Value::tensor(Tensor::new(elem.clone(), shape.clone(), &lanes))
        })
        .collect();
    (text, args)
}

fn parse(text: &str) -> Program {
    parse_program("t.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"))
}

/// Runs `@main` with fusion off and on under `limits`, with each of
/// `fast` (the engine's kernels or the plain loops): every result (or
/// error, text included) must be the same. Returns the fused run's result
/// with the first of `fast`, and `count` of the fused plan of `@main`.
fn agree(
    text: &str,
    args: &[Value],
    limits: Limits,
    fast: &[bool],
    count: fn(&Interp<'_>, &Block) -> usize,
) -> (Result<Vec<Value>, String>, usize) {
    let prog = parse(text);
    let mut outs = Vec::new();
    let mut counted = 0;
    for &fast in fast {
        for fusion in [false, true] {
            let mut interp = Interp::new(&prog, limits);
            interp.fusion = fusion;
            interp.fast_kernels = fast;
            if fusion && outs.len() == 1 {
                let f = interp.function("main").expect("main");
                counted = count(&interp, &f.regions[0].blocks[0]);
            }
            outs.push(interp.call("main", args.to_vec()));
        }
    }
    for o in &outs[1..] {
        assert!(
            *o == outs[0],
            "runs differ:\n{text}\n{:?}",
            outs.iter().map(|o| o.as_ref().err()).collect::<Vec<_>>()
        );
    }
    (outs.swap_remove(1), counted)
}

/// [`agree`] with the engine's kernels, counting the fused ops.
fn same_both_ways(
    text: &str,
    args: &[Value],
    limits: Limits,
) -> (Result<Vec<Value>, String>, usize) {
    agree(text, args, limits, &[true], |i, b| fused_counts(i, b).0)
}

#[test]
fn random_chains_agree_bit_for_bit() {
    let mut fused_ops = 0;
    let mut nans = 0;
    for seed in 0..400u64 {
        let (text, args) = random_chain(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (out, fused) = same_both_ways(&text, &args, Limits::default());
        let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
        fused_ops += fused;
        nans += usize::from(out.iter().any(|v| {
            v.as_tensor().is_ok_and(|t| match t.elem {
                ElementType::Float(k) => t.data.iter().any(|b| k.format().is_nan(b)),
                _ => false,
            })
        }));
    }
    assert!(fused_ops > 1000, "only {fused_ops} ops fused");
    assert!(nans > 100, "only {nans} results with NaNs");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

    #[test]
    fn proptest_chains_agree(seed in proptest::prelude::any::<u64>()) {
        let (text, args) = random_chain(seed);
        let (out, _) = same_both_ways(&text, &args, Limits::default());
        proptest::prop_assert!(out.is_ok(), "{:?}\n{}", out.err(), text);
    }
}

const INT_TYPES: [(&str, u32, bool); 8] = [
    ("i8", 8, true),
    ("ui8", 8, false),
    ("i16", 16, true),
    ("ui16", 16, false),
    ("i32", 32, true),
    ("ui32", 32, false),
    ("i64", 64, true),
    ("ui64", 64, false),
];

const INT_BINARY: [&str; 11] = [
    "add",
    "subtract",
    "multiply",
    "maximum",
    "minimum",
    "and",
    "or",
    "xor",
    "shift_left",
    "shift_right_logical",
    "shift_right_arithmetic",
];

/// An integer of `bits` bits as a lane (sign-extended when signed): often
/// a small shift count (up to past the width), an extreme, or any value.
fn int_lane(bits: u32, signed: bool, rng: &mut Rng) -> u64 {
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let raw = match rng.below(5) {
        0 => rng.below(u64::from(bits) + 4),
        1 => *rng.pick(&[0, mask, mask >> 1, (mask >> 1) + 1, 1]),
        _ => rng.next() & mask,
    };
    if signed && bits < 64 && (raw >> (bits - 1)) & 1 == 1 {
        raw | !mask
    } else {
        raw
    }
}

/// A lane as an MLIR integer literal of its type.
fn int_literal(lane: u64, signed: bool) -> String {
    if signed {
        (lane as i64).to_string()
    } else {
        lane.to_string()
    }
}

/// A random program `@main(%a, %b)` of integer elementwise ops of one type
/// over one shape (splat constants, broadcast scalars, some intermediates
/// returned), and its arguments.
fn random_int_chain(seed: u64) -> (String, Vec<Value>) {
    let mut rng = Rng(seed | 1);
    let shape = chain_shape(&mut rng);
    let n: usize = shape.iter().product();
    let (name, bits, signed) = *rng.pick(&INT_TYPES);
    let mut t = String::from("tensor<");
    for d in &shape {
        t += &format!("{d}x");
    }
    t += name;
    t += ">";
    let s = format!("tensor<{name}>");
    let mut vals: Vec<String> = vec!["%a".into(), "%b".into()];
    let mut body = String::new();
    for i in 0..3 + rng.below(14) {
        let v = format!("%v{i}");
        let lit = int_literal(int_lane(bits, signed, &mut rng), signed);
        let pick = |vals: &[String], rng: &mut Rng| {
            vals[vals.len() - 1 - rng.below(vals.len().min(4) as u64) as usize].clone()
        };
        let line = match rng.below(8) {
            0 => format!("{v} = stablehlo.constant dense<{lit}> : {t}"),
            1 => format!(
                "{v}_s = stablehlo.constant dense<{lit}> : {s}\n  {v} = stablehlo.broadcast_in_dim {v}_s, dims = [] : ({s}) -> {t}"
            ),
            _ => {
                let op = rng.pick(&INT_BINARY);
                let (x, y) = (pick(&vals, &mut rng), pick(&vals, &mut rng));
                format!("{v} = stablehlo.{op} {x}, {y} : {t}")
            }
        };
        body += &format!("  {line}\n");
        vals.push(v);
    }
    let mut results = vec![vals.last().cloned().unwrap_or_default()];
    if rng.below(3) == 0 && vals.len() > 3 {
        results.push(vals[2 + rng.below(vals.len() as u64 - 3) as usize].clone());
    }
    let types = vec![t.clone(); results.len()].join(", ");
    let text = format!(
        "func.func @main(%a: {t}, %b: {t}) -> ({types}) {{\n{body}  func.return {} : {types}\n}}\n",
        results.join(", ")
    );
    let sign = if signed {
        hlocheck::ir::types::Signedness::Signless
    } else {
        hlocheck::ir::types::Signedness::Unsigned
    };
    let elem = ElementType::Int(sign, bits);
    let args = (0..2)
        .map(|_| {
            let lanes: Vec<u64> = (0..n).map(|_| int_lane(bits, signed, &mut rng)).collect();
            Value::tensor(Tensor::new(elem.clone(), shape.clone(), &lanes))
        })
        .collect();
    (text, args)
}

/// Runs `seeds` programs of `random` fused and unfused, with the engine's
/// kernels and with the plain loops (all must agree and succeed); returns
/// how many ops were fused in all.
fn fused_agreeing(random: fn(u64) -> (String, Vec<Value>), seeds: u64) -> usize {
    let mut fused_ops = 0;
    for seed in 0..seeds {
        let (text, args) = random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (out, fused) = agree(&text, &args, Limits::default(), &[true, false], |i, b| {
            fused_counts(i, b).0
        });
        out.unwrap_or_else(|e| panic!("{e}\n{text}"));
        fused_ops += fused;
    }
    fused_ops
}

#[test]
fn random_integer_chains_agree_bit_for_bit() {
    let fused_ops = fused_agreeing(random_int_chain, 400);
    assert!(fused_ops > 1000, "only {fused_ops} ops fused");
}

/// A random program whose chain adds tensors broadcast from arguments of
/// lower rank (any order of `broadcast_dimensions`, dimensions of size 1
/// spread), in f32 or i32, and its arguments.
fn random_spread_chain(seed: u64) -> (String, Vec<Value>) {
    let mut rng = Rng(seed | 1);
    let rank = 1 + rng.below(4) as usize;
    let mut shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(7) as usize).collect();
    while shape.iter().product::<usize>() < 40 {
        let d = rng.below(rank as u64) as usize;
        shape[d] += 3;
    }
    let (name, elem) = if rng.below(2) == 0 {
        ("f32", ElementType::Float(FloatKind::F32))
    } else {
        (
            "i32",
            ElementType::Int(hlocheck::ir::types::Signedness::Signless, 32),
        )
    };
    let ty = |s: &[usize]| {
        let mut t = String::from("tensor<");
        for d in s {
            t += &format!("{d}x");
        }
        t + name + ">"
    };
    let t = ty(&shape);
    let mut params = format!("%a: {t}");
    let mut body = String::new();
    let mut args = vec![shape.clone()];
    let mut last = "%a".to_string();
    for i in 0..1 + rng.below(4) {
        // The operand: some result dimensions in a random order, each of
        // its size or 1.
        let mut dims: Vec<usize> = (0..rank).filter(|_| rng.below(2) == 0).collect();
        for j in (1..dims.len()).rev() {
            let k = rng.below(j as u64 + 1) as usize;
            dims.swap(j, k);
        }
        let os: Vec<usize> = dims
            .iter()
            .map(|&d| if rng.below(3) == 0 { 1 } else { shape[d] })
            .collect();
        let ds: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
        params += &format!(", %c{i}: {}", ty(&os));
        let op = *rng.pick(&["add", "multiply", "maximum", "subtract"]);
        body += &format!(
            "  %s{i} = stablehlo.broadcast_in_dim %c{i}, dims = [{}] : ({}) -> {t}\n  %v{i} = stablehlo.{op} {last}, %s{i} : {t}\n",
            ds.join(", "),
            ty(&os)
        );
        last = format!("%v{i}");
        args.push(os);
    }
    body += &format!("  %r = stablehlo.negate {last} : {t}\n");
    let text = format!("func.func @main({params}) -> {t} {{\n{body}  func.return %r : {t}\n}}\n");
    let values = args
        .iter()
        .map(|s| {
            let m: usize = s.iter().product();
            let lanes: Vec<u64> = (0..m)
                .map(|_| match elem {
                    ElementType::Float(k) => float_bits(k.format(), &mut rng),
                    _ => int_lane(32, true, &mut rng),
                })
                .collect();
            Value::tensor(Tensor::new(elem.clone(), s.clone(), &lanes))
        })
        .collect();
    (text, values)
}

#[test]
fn broadcast_tensors_spread_inside_groups_bit_for_bit() {
    // Every broadcast and every op but the root joins its group.
    let fused_ops = fused_agreeing(random_spread_chain, 300);
    assert!(fused_ops > 700, "only {fused_ops} ops fused");
}

/// A broadcast of a tensor of the result's very shape (`dims = [0, 1]`)
/// that dies at the root, where the group may write its result over it:
/// the broadcast still reads the tensor's own lanes.
#[test]
fn a_spread_input_is_not_written_over() {
    let text = "func.func @main(%a: tensor<1x64xf32>, %b: tensor<64x1xf32>) -> tensor<1x64xf32> {
  %t = stablehlo.transpose %b, dims = [1, 0] : (tensor<64x1xf32>) -> tensor<1x64xf32>
  %s = stablehlo.broadcast_in_dim %t, dims = [0, 1] : (tensor<1x64xf32>) -> tensor<1x64xf32>
  %r0 = stablehlo.multiply %a, %s : tensor<1x64xf32>
  %r = stablehlo.add %r0, %t : tensor<1x64xf32>
  func.return %r : tensor<1x64xf32>
}
";
    let mut rng = Rng(5);
    let a: Vec<u64> = (0..64)
        .map(|_| float_bits(FloatKind::F32.format(), &mut rng))
        .collect();
    let b: Vec<u64> = (0..64)
        .map(|_| float_bits(FloatKind::F32.format(), &mut rng))
        .collect();
    let elem = ElementType::Float(FloatKind::F32);
    let args = vec![
        Value::tensor(Tensor::new(elem.clone(), vec![1, 64], &a)),
        Value::tensor(Tensor::new(elem, vec![64, 1], &b)),
    ];
    let (out, fused) = agree(text, &args, Limits::default(), &[true], |i, b| {
        fused_counts(i, b).0
    });
    assert!(out.is_ok(), "{out:?}");
    assert_eq!(fused, 2);
}

/// The rounds of a counter-based generator (JAX's threefry, in a loop):
/// fused, with the same results and the same work-limit errors.
const INT_ROUNDS: &str = "func.func @main(%x: tensor<64x9xui32>, %y: tensor<64x9xui32>) -> (tensor<64x9xui32>, tensor<64x9xui32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %r:3 = stablehlo.while(%i = %c0, %a = %x, %b = %y) : tensor<i32>, tensor<64x9xui32>, tensor<64x9xui32>
    cond {
    %n = stablehlo.constant dense<5> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %k = stablehlo.constant dense<13> : tensor<ui32>
    %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<ui32>) -> tensor<64x9xui32>
    %c32 = stablehlo.constant dense<32> : tensor<ui32>
    %m = stablehlo.subtract %c32, %k : tensor<ui32>
    %mb = stablehlo.broadcast_in_dim %m, dims = [] : (tensor<ui32>) -> tensor<64x9xui32>
    %s = stablehlo.add %a, %b : tensor<64x9xui32>
    %l = stablehlo.shift_left %b, %kb : tensor<64x9xui32>
    %h = stablehlo.shift_right_logical %b, %mb : tensor<64x9xui32>
    %o = stablehlo.or %l, %h : tensor<64x9xui32>
    %z = stablehlo.xor %s, %o : tensor<64x9xui32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %s, %z : tensor<i32>, tensor<64x9xui32>, tensor<64x9xui32>
  }
  func.return %r#1, %r#2 : tensor<64x9xui32>, tensor<64x9xui32>
}
";

#[test]
fn integer_rounds_fuse_with_the_same_results_and_errors() {
    let mut rng = Rng(77);
    let elem = ElementType::Int(hlocheck::ir::types::Signedness::Unsigned, 32);
    let args: Vec<Value> = (0..2)
        .map(|_| {
            let lanes: Vec<u64> = (0..64 * 9).map(|_| rng.next() & 0xFFFF_FFFF).collect();
            Value::tensor(Tensor::new(elem.clone(), vec![64, 9], &lanes))
        })
        .collect();
    let prog = parse(INT_ROUNDS);
    let mut interp = Interp::new(&prog, Limits::default());
    let f = interp.function("main").expect("main");
    let body = &f.regions[0].blocks[0].ops[1].regions[1].blocks[0];
    assert!(
        fused_counts(&interp, body).0 >= 5,
        "the rounds are not fused"
    );
    interp.fusion = true;
    let out = interp.call("main", args.clone()).expect("runs");
    // The rounds by hand.
    let (mut a, mut b): (Vec<u32>, Vec<u32>) = (
        args[0]
            .as_tensor()
            .expect("t")
            .data
            .iter()
            .map(|x| x as u32)
            .collect(),
        args[1]
            .as_tensor()
            .expect("t")
            .data
            .iter()
            .map(|x| x as u32)
            .collect(),
    );
    for _ in 0..5 {
        for (a, b) in a.iter_mut().zip(b.iter_mut()) {
            let s = a.wrapping_add(*b);
            *b = s ^ b.rotate_left(13);
            *a = s;
        }
    }
    let got: Vec<Vec<u32>> = out
        .iter()
        .map(|v| {
            v.as_tensor()
                .expect("t")
                .data
                .iter()
                .map(|x| x as u32)
                .collect()
        })
        .collect();
    assert_eq!(got, vec![a, b]);
    let mut errors = std::collections::BTreeSet::new();
    for limit in (0..30 * 64 * 9).step_by(53) {
        let limits = Limits {
            max_work: limit,
            ..Limits::default()
        };
        if let (Err(e), _) = same_both_ways(INT_ROUNDS, &args, limits) {
            errors.insert(e.split(':').take(2).collect::<Vec<_>>().join(":"));
        }
    }
    assert!(errors.len() >= 8, "{errors:?}");
}

/// The benchmark shapes: iotas along every dimension of a rank-3 shape,
/// a splat, a broadcast scalar; everything fused into one stored result.
const IOTA_CHAIN: &str = "func.func @main() -> tensor<5x7x33xf32> {
  %i = stablehlo.iota dim = 0 : tensor<5x7x33xf32>
  %j = stablehlo.iota dim = 1 : tensor<5x7x33xf32>
  %k = stablehlo.iota dim = 2 : tensor<5x7x33xf32>
  %s = stablehlo.constant dense<0.00123> : tensor<5x7x33xf32>
  %c = stablehlo.constant dense<-2.5> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<5x7x33xf32>
  %a = stablehlo.multiply %i, %s : tensor<5x7x33xf32>
  %x = stablehlo.add %a, %j : tensor<5x7x33xf32>
  %y = stablehlo.multiply %x, %k : tensor<5x7x33xf32>
  %z = stablehlo.sine %y : tensor<5x7x33xf32>
  %w = stablehlo.add %z, %a : tensor<5x7x33xf32>
  %v = stablehlo.multiply %w, %b : tensor<5x7x33xf32>
  %u = stablehlo.convert %v : (tensor<5x7x33xf32>) -> tensor<5x7x33xbf16>
  %t = stablehlo.convert %u : (tensor<5x7x33xbf16>) -> tensor<5x7x33xf32>
  %r = stablehlo.divide %t, %y : tensor<5x7x33xf32>
  func.return %r : tensor<5x7x33xf32>
}
";

#[test]
fn iotas_of_every_dimension_fuse() {
    let (out, fused) = same_both_ways(IOTA_CHAIN, &[], Limits::default());
    assert!(out.is_ok(), "{out:?}");
    // Everything but the root and the scalar constant.
    assert_eq!(fused, 13);
}

/// Every work limit from 0 to past the run's whole work: the same error
/// (op, position, text) or the same result, fused or not.
#[test]
fn work_limit_errors_are_the_unfused_ones() {
    let n = 5 * 7 * 33;
    let mut errors = std::collections::BTreeSet::new();
    let mut limit = 0u64;
    while limit < 40 * n as u64 {
        let limits = Limits {
            max_work: limit,
            ..Limits::default()
        };
        if let (Err(e), _) = same_both_ways(IOTA_CHAIN, &[], limits) {
            errors.insert(e.split(':').take(2).collect::<Vec<_>>().join(":"));
        }
        limit += 97;
    }
    // Errors at many different ops.
    assert!(errors.len() >= 10, "{errors:?}");
}

/// The element and size limits fail at the same op with the same text.
#[test]
fn size_limit_errors_are_the_unfused_ones() {
    for (elements, bytes) in [(100, u64::MAX), (1 << 20, 4000), (1 << 20, 8000)] {
        let limits = Limits {
            max_elements: elements,
            max_bytes: bytes,
            ..Limits::default()
        };
        let (out, _) = same_both_ways(IOTA_CHAIN, &[], limits);
        assert!(out.is_err());
    }
}

/// In a loop body, a small constant is charged on the first iteration
/// only, as the unfused run keeps it: the work limits agree there too.
#[test]
fn loop_bodies_fuse_with_the_same_work() {
    let text = "func.func @main(%x: tensor<64xf32>) -> tensor<64xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<5> : tensor<i32>
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      %h = stablehlo.constant dense<0.5> : tensor<64xf32>
      %io = stablehlo.iota dim = 0 : tensor<64xf32>
      %m = stablehlo.multiply %v, %h : tensor<64xf32>
      %s = stablehlo.sine %m : tensor<64xf32>
      %w = stablehlo.add %s, %io : tensor<64xf32>
      stablehlo.return %j, %w : tensor<i32>, tensor<64xf32>
    }
  func.return %r#1 : tensor<64xf32>
}
";
    let mut rng = Rng(7);
    let lanes: Vec<u64> = (0..64)
        .map(|_| float_bits(FloatKind::F32.format(), &mut rng))
        .collect();
    let x = Value::tensor(Tensor::new(
        ElementType::Float(FloatKind::F32),
        vec![64],
        &lanes,
    ));
    let mut errors = 0;
    for limit in (0..3000).step_by(7) {
        let limits = Limits {
            max_work: limit,
            ..Limits::default()
        };
        let (out, _) = same_both_ways(text, std::slice::from_ref(&x), limits);
        errors += usize::from(out.is_err());
    }
    assert!(errors > 100);
}

/// A value a probe reads, or the terminator returns, is stored; a chain
/// does not reach across a probe.
#[test]
fn probes_and_returns_are_not_fused_over() {
    let text = "func.func @main(%x: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %a = stablehlo.sine %x : tensor<64xf32>
  %b = stablehlo.cosine %a : tensor<64xf32>
  %c = stablehlo.exponential %x : tensor<64xf32>
  %d = stablehlo.log %c : tensor<64xf32>
  %p = \"interpreter.probe\"(%b) {probe_id = \"b\"} : (tensor<64xf32>) -> tensor<64xf32>
  %e = stablehlo.add %d, %p : tensor<64xf32>
  func.return %e, %b : tensor<64xf32>, tensor<64xf32>
}
";
    let x = Value::tensor(Tensor::new(
        ElementType::Float(FloatKind::F32),
        vec![64],
        &(0..64)
            .map(|i| (i as f32 * 0.1).to_bits() as u64)
            .collect::<Vec<_>>(),
    ));
    let (out, fused) = same_both_ways(text, &[x], Limits::default());
    assert!(out.is_ok(), "{out:?}");
    // %a into %b (stored: probed and returned), %c into %d (stored: the
    // chain stops at the probe); %e alone.
    assert_eq!(fused, 2);
}

// ---------------------------------------------------------------------------
// Groups fused into the `reduce` that sums their root
// ---------------------------------------------------------------------------

/// `n` lanes of format `k`: with `specials`, the patterns of [`float_bits`]
/// (NaNs of any payload, ±∞, ±0, subnormals); without, moderate values of
/// both signs only, so that most sums are not NaN.
fn lanes_of(k: FloatKind, n: usize, specials: bool, rng: &mut Rng) -> Vec<u64> {
    let f = k.format();
    (0..n)
        .map(|_| loop {
            let x = float_bits(f, rng);
            let exp = (x >> f.man_bits) & ((1u64 << f.exp_bits) - 1);
            if specials || (exp != 0 && exp != (1u64 << f.exp_bits) - 1) {
                break x;
            }
        })
        .collect()
}

/// A program summing, over `dims`, a chain on `%a` with an iota and a
/// splat constant (and a broadcast scalar), from the init value `%init`;
/// with `twice`, the chain's last value is returned as well (a second
/// use: it must be stored, and the reduce not fused with it).
fn reduce_program(shape: &[usize], dims: &[usize], k: FloatKind, op: &str, twice: bool) -> String {
    let t = ty(shape, k);
    let s = ty(&[], k);
    let out: Vec<usize> = (0..shape.len())
        .filter(|d| !dims.contains(d))
        .map(|d| shape[d])
        .collect();
    let o = ty(&out, k);
    let dims: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    let iota_dim = shape.len() - 1;
    let (results, types) = if twice {
        ("%r, %y".to_string(), format!("{o}, {t}"))
    } else {
        ("%r".to_string(), o.clone())
    };
    format!(
        "func.func @main(%a: {t}, %init: {s}, %q: {s}) -> ({types}) {{
  %i = stablehlo.iota dim = {iota_dim} : {t}
  %c = stablehlo.constant dense<0.375> : {t}
  %b = stablehlo.broadcast_in_dim %q, dims = [] : ({s}) -> {t}
  %m = stablehlo.multiply %i, %c : {t}
  %x = stablehlo.add %m, %b : {t}
  %y = stablehlo.{op} %x, %a : {t}
  %r = stablehlo.reduce(%y init: %init) applies stablehlo.add across dimensions = [{}] : ({t}, {s}) -> {o}
  func.return {results} : {types}
}}
",
        dims.join(", ")
    )
}

/// [`agree`] with the engine's kernels and with the plain loops, counting
/// the reduces the fused plan evaluates groups in.
fn same_four_ways(
    text: &str,
    args: &[Value],
    limits: Limits,
) -> (Result<Vec<Value>, String>, usize) {
    agree(text, args, limits, &[true, false], fused_reduces)
}

/// The arguments of [`reduce_program`]: `%a`, the init value, `%q`.
fn reduce_args(
    shape: &[usize],
    k: FloatKind,
    specials: bool,
    init: u64,
    rng: &mut Rng,
) -> Vec<Value> {
    let elem = ElementType::Float(k);
    let n = shape.iter().product();
    let q = lanes_of(k, 1, false, rng);
    vec![
        Value::tensor(Tensor::new(
            elem.clone(),
            shape.to_vec(),
            &lanes_of(k, n, specials, rng),
        )),
        Value::tensor(Tensor::new(elem.clone(), vec![], &[init])),
        Value::tensor(Tensor::new(elem, vec![], &q)),
    ]
}

/// Sums of fused groups over every set of consecutive dimensions of
/// shapes of odd sizes (rows shorter and longer than a tile's, columns
/// wider than a tile, rank 1 to 3), f32 and f64, from inits of every kind
/// (NaN payloads, ±∞, −0, 1.5), over lanes with and without NaNs, ±∞ and
/// −0: the unfused run's bits, the plain loops' too. Non-consecutive
/// dimensions and a root returned as well are not fused, and agree.
#[test]
fn reduce_fused_groups_agree_bit_for_bit() {
    let shapes: &[&[usize]] = &[
        &[37],
        &[5, 7],
        &[3, 1000],
        &[1000, 3],
        &[2, 5000],
        &[33, 65],
        // Full groups of 16 short rows held whole in a tile.
        &[40, 20],
        &[4, 7, 9],
        &[3, 17, 301],
        &[6, 5, 1],
        &[6, 7, 1],
        &[1, 40, 3],
    ];
    let mut rng = Rng(11);
    let mut fused = 0;
    let mut nan_sums = 0;
    let mut runs = 0;
    for &k in &[FloatKind::F32, FloatKind::F64] {
        let f = k.format();
        let inits = [
            0,
            f.sign_mask(),
            f.inf(false).expect("inf"),
            f.inf(true).expect("-inf"),
            f.canonical_nan().expect("nan") | 3,
            f.sign_mask() | f.canonical_nan().expect("nan") | 5,
            match k {
                FloatKind::F32 => 1.5f32.to_bits() as u64,
                _ => 1.5f64.to_bits(),
            },
        ];
        for shape in shapes {
            let rank = shape.len();
            // Every set of consecutive dimensions, the empty one, and one
            // that is not consecutive.
            let mut sets: Vec<Vec<usize>> = vec![vec![]];
            for first in 0..rank {
                for last in first..rank {
                    sets.push((first..=last).collect());
                }
            }
            if rank == 3 {
                sets.push(vec![0, 2]);
            }
            for dims in &sets {
                let consecutive = dims.windows(2).all(|w| w[1] == w[0] + 1);
                let outputs: usize = (0..rank)
                    .filter(|d| !dims.contains(d))
                    .map(|d| shape[d])
                    .product();
                for twice in [false, true] {
                    let op = *rng.pick(&["add", "multiply", "subtract", "maximum", "divide"]);
                    let text = reduce_program(shape, dims, k, op, twice);
                    let specials = rng.below(2) == 0;
                    let init = *rng.pick(&inits);
                    let args = reduce_args(shape, k, specials, init, &mut rng);
                    let (out, reduces) = same_four_ways(&text, &args, Limits::default());
                    let out = out.unwrap_or_else(|e| panic!("{e}\n{text}"));
                    // Groups of fewer than 32 elements are not fused at all.
                    let n: usize = shape.iter().product();
                    let expect = consecutive && !twice && outputs >= 2 && n >= 32;
                    assert_eq!(reduces, usize::from(expect), "{text}");
                    fused += reduces;
                    runs += 1;
                    let sums = out[0].as_tensor().expect("tensor");
                    nan_sums += sums.data.iter().filter(|&x| f.is_nan(x)).count();
                }
            }
        }
    }
    assert!(fused >= 60, "only {fused} of {runs} reduces fused");
    assert!(nan_sums >= 100, "only {nan_sums} NaN sums");
}

/// Sums large enough to be split over threads (rows and columns).
#[test]
fn reduce_fused_groups_on_threads_agree() {
    let mut rng = Rng(5);
    for (shape, dims, k) in [
        (&[1024usize, 600][..], &[1usize][..], FloatKind::F32),
        (&[700, 800], &[0], FloatKind::F32),
        (&[300, 41, 53], &[1], FloatKind::F64),
        (&[9, 70000], &[1], FloatKind::F64),
        (&[3, 6000, 31], &[2], FloatKind::F32),
    ] {
        for specials in [false, true] {
            let text = reduce_program(shape, dims, k, "add", false);
            let init = lanes_of(k, 1, false, &mut rng)[0];
            let args = reduce_args(shape, k, specials, init, &mut rng);
            let (out, reduces) = same_four_ways(&text, &args, Limits::default());
            assert!(out.is_ok(), "{out:?}");
            assert_eq!(reduces, 1);
        }
    }
}

/// The benchmark's program: fused, and the unfused bits.
#[test]
fn reduce_of_the_benchmark_chain_is_fused() {
    let text = "func.func @main() -> tensor<1024xf32> {
  %i = stablehlo.iota dim = 0 : tensor<1024x1024xf32>
  %j = stablehlo.iota dim = 1 : tensor<1024x1024xf32>
  %k = stablehlo.constant dense<0.001> : tensor<1024x1024xf32>
  %x = stablehlo.multiply %j, %k : tensor<1024x1024xf32>
  %y = stablehlo.add %x, %i : tensor<1024x1024xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024xf32>
  func.return %r : tensor<1024xf32>
}
";
    let (out, reduces) = same_four_ways(text, &[], Limits::default());
    assert!(out.is_ok(), "{out:?}");
    assert_eq!(reduces, 1);
}

/// The limits fail at the same op with the same text when a reduce
/// evaluates the group: every work limit, and the element, size and
/// memory limits.
#[test]
fn reduce_fused_limit_errors_are_the_unfused_ones() {
    let shape = [6, 50];
    let k = FloatKind::F32;
    let text = reduce_program(&shape, &[1], k, "add", false);
    let mut rng = Rng(3);
    let args = reduce_args(&shape, k, false, 0, &mut rng);
    let mut errors = std::collections::BTreeSet::new();
    let mut limit = 0u64;
    while limit < 4000 {
        let limits = Limits {
            max_work: limit,
            ..Limits::default()
        };
        let (out, reduces) = same_four_ways(&text, &args, limits);
        assert_eq!(reduces, 1);
        if let Err(e) = out {
            errors.insert(e.split(':').take(2).collect::<Vec<_>>().join(":"));
        }
        limit += 13;
    }
    // Errors at the iota, the constant, the broadcast, each op of the
    // chain and the reduce.
    assert!(errors.len() >= 6, "{errors:?}");
    for (elements, bytes) in [(100, u64::MAX), (1 << 20, 1500), (1 << 20, 2000)] {
        let limits = Limits {
            max_elements: elements,
            max_bytes: bytes,
            ..Limits::default()
        };
        let (out, _) = same_four_ways(&text, &args, limits);
        assert!(out.is_err());
    }
}

/// A group that broadcasts the reduce's init value reads it as an input
/// at the reduce, which takes it as its operand too.
#[test]
fn reduce_of_a_group_reading_the_init_value() {
    let text = "func.func @main(%a: tensor<9x40xf64>, %init: tensor<f64>) -> tensor<9xf64> {
  %b = stablehlo.broadcast_in_dim %init, dims = [] : (tensor<f64>) -> tensor<9x40xf64>
  %i = stablehlo.iota dim = 0 : tensor<9x40xf64>
  %x = stablehlo.multiply %a, %b : tensor<9x40xf64>
  %y = stablehlo.subtract %x, %i : tensor<9x40xf64>
  %r = stablehlo.reduce(%y init: %init) applies stablehlo.add across dimensions = [1] : (tensor<9x40xf64>, tensor<f64>) -> tensor<9xf64>
  func.return %r : tensor<9xf64>
}
";
    let mut rng = Rng(9);
    let k = FloatKind::F64;
    let elem = ElementType::Float(k);
    for specials in [false, true] {
        let args = vec![
            Value::tensor(Tensor::new(
                elem.clone(),
                vec![9, 40],
                &lanes_of(k, 360, specials, &mut rng),
            )),
            Value::tensor(Tensor::new(elem.clone(), vec![], &[(-0.75f64).to_bits()])),
        ];
        let (out, reduces) = same_four_ways(text, &args, Limits::default());
        assert!(out.is_ok(), "{out:?}");
        assert_eq!(reduces, 1);
    }
}
