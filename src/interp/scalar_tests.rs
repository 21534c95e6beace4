//! Scalar code against the kernels: every op scalar code compiles, on every
//! element type, gives the kernel's bits over edge values (zeros, extremes,
//! subnormals, infinities, NaNs with payloads; every pattern of the 8-bit
//! and narrower formats), and compiles exactly where the kernel accepts the
//! types.

use super::*;
use crate::interp::tensor::int_kind;
use crate::interp::Limits;
use crate::ir::parse::parse_program;
use crate::ir::types::Signedness;

/// Integer, boolean and `index` element types, and every float format.
fn element_types() -> Vec<ElementType> {
    let mut v = vec![ElementType::I1, ElementType::Index];
    for s in [
        Signedness::Signless,
        Signedness::Unsigned,
        Signedness::Signed,
    ] {
        for w in [2, 4, 8, 16, 32, 33, 64] {
            v.push(ElementType::Int(s, w));
        }
    }
    v.extend(FloatKind::ALL.iter().map(|&k| ElementType::Float(k)));
    v
}

/// A reproducible stream of pseudo-random words.
fn words(seed: u64, n: usize) -> impl Iterator<Item = u64> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

/// Edge values of an element type, as canonical lanes; at most about `max`.
fn samples(elem: &ElementType, max: usize) -> Vec<u64> {
    let mut out: Vec<u64> = match elem {
        ElementType::Float(k) => {
            let f = k.format();
            let bits = k.bits();
            if (1u64 << bits.min(63)) as usize <= max {
                (0..1u64 << bits).collect()
            } else {
                // Every sign, exponent field edge and mantissa edge, then
                // random patterns.
                let (e, m) = (f.exp_bits, f.man_bits);
                let top_e = (1u64 << e) - 1;
                let top_m = (1u64 << m) - 1;
                let mut v = Vec::new();
                for sign in [0, 1u64 << (bits - 1)] {
                    for ef in [
                        0,
                        1,
                        2,
                        top_e / 2 - 1,
                        top_e / 2,
                        top_e / 2 + 1,
                        top_e - 1,
                        top_e,
                    ] {
                        for mf in [0, 1, 2, top_m / 2, top_m - 1, top_m] {
                            v.push(sign | (ef << m) | (mf & top_m));
                        }
                    }
                }
                let mask = if bits >= 64 {
                    u64::MAX
                } else {
                    (1 << bits) - 1
                };
                v.extend(words(bits as u64, max.saturating_sub(v.len())).map(|w| w & mask));
                v
            }
        }
        other => {
            let k = int_kind(other).unwrap_or(IntKind {
                bits: 64,
                signed: true,
            });
            let b = k.bits as i128;
            let mut v: Vec<i128> = vec![
                0,
                1,
                2,
                3,
                5,
                7,
                -1,
                -2,
                -7,
                k.min(),
                k.max(),
                k.min() + 1,
                k.max() - 1,
                b - 1,
                b,
                b + 1,
                63,
                64,
                65,
            ];
            v.extend(words(b as u64, 24).map(|w| w as i64 as i128));
            v.into_iter().map(|x| k.wrap(x)).collect()
        }
    };
    out.sort_unstable();
    out.dedup();
    out
}

/// A program of one op in two functions: `@scalar` on rank-0 tensors and
/// `@wide` on tensors of `n` elements.
fn program(op: &str, attrs: &str, args: &[ElementType], result: &ElementType, n: usize) -> String {
    let mut text = String::new();
    for (name, shape) in [("scalar", String::new()), ("wide", format!("{n}x"))] {
        let params: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, t)| format!("%a{i}: tensor<{shape}{t}>"))
            .collect();
        let names: Vec<String> = (0..args.len()).map(|i| format!("%a{i}")).collect();
        let types: Vec<String> = args.iter().map(|t| format!("tensor<{shape}{t}>")).collect();
        text += &format!(
            "func.func @{name}({}) -> tensor<{shape}{result}> {{\n  %r = \"{op}\"({}) {attrs} : ({}) -> tensor<{shape}{result}>\n  func.return %r : tensor<{shape}{result}>\n}}\n",
            params.join(", "),
            names.join(", "),
            types.join(", "),
        );
    }
    text
}

fn function<'p>(interp: &Interp<'p>, name: &str) -> &'p Region {
    &interp.function(name).expect("the function exists").regions[0]
}

/// Runs `op` on every tuple of `inputs` (one lane per argument) by the
/// kernel on tensors, by the interpreter on rank-0 tensors (the first
/// tuples), and as compiled scalar code, one tuple at a time and on lanes
/// (`Lanes`, rows of 13: the last one partial); all must agree bit for
/// bit. Where
/// the kernel refuses the types, the op must not compile. Returns whether
/// it compiled.
fn agree(
    op: &str,
    attrs: &str,
    args: &[ElementType],
    result: &ElementType,
    inputs: &[Vec<u64>],
) -> bool {
    let n = inputs.len();
    let text = program(op, attrs, args, result, n);
    let prog = parse_program("t.mlir", &text).unwrap_or_else(|d| panic!("{d}\n{text}"));
    let mut interp = Interp::new(&prog, Limits::default());
    let what = format!("{op} {attrs} on {args:?} -> {result}");
    let wide_args: Vec<Value> = args
        .iter()
        .enumerate()
        .map(|(j, t)| {
            Value::tensor(Tensor::collect(
                t.clone(),
                vec![n],
                inputs.iter().map(|tuple| tuple[j]),
            ))
        })
        .collect();
    let region = function(&interp, "scalar");
    let code = Code::region(&interp, region);
    let wide = match interp.call("wide", wide_args) {
        Ok(mut out) => out.remove(0).into_tensor().unwrap(),
        Err(e) => {
            assert!(code.is_none(), "{what}: compiled, but the kernel says {e}");
            return false;
        }
    };
    let code =
        code.unwrap_or_else(|| panic!("{what}: the kernel runs it, but it does not compile"));
    assert_eq!(&wide.elem, result, "{what}");
    let mut regs = code.registers(&interp).expect("nothing is captured");
    let mut scratch = Vec::new();
    for (i, tuple) in inputs.iter().enumerate() {
        for (j, &lane) in tuple.iter().enumerate() {
            code.set_input(&mut regs, j, lane);
        }
        let returns = code.run(0, &mut regs, &mut scratch).to_vec();
        assert_eq!(returns.len(), 1, "{what}");
        let got = regs[returns[0] as usize];
        assert_eq!(got, wide.data.get(i), "{what}: inputs {tuple:#x?}");
        if i < 16 {
            let scalar_args = tuple
                .iter()
                .zip(args)
                .map(|(&lane, t)| Value::tensor(Tensor::scalar(t.clone(), &[lane])))
                .collect();
            let out = interp.call("scalar", scalar_args).unwrap();
            let t = out[0].as_tensor().unwrap();
            assert_eq!(
                (&t.elem, &t.lanes_vec()[..]),
                (result, &[got][..]),
                "{what}"
            );
        }
    }
    let entry = code.registers(&interp).expect("nothing is captured");
    let mut lanes = code
        .lanes(0, &entry, 13)
        .expect("compiled code runs on lanes");
    assert_eq!(lanes.width(), 13);
    for (c, chunk) in inputs.chunks(13).enumerate() {
        for (j, _) in args.iter().enumerate() {
            for (lane, tuple) in lanes.input_mut(j).iter_mut().zip(chunk) {
                *lane = tuple[j];
            }
        }
        lanes.run(chunk.len());
        for (k, tuple) in chunk.iter().enumerate() {
            let want = wide.data.get(c * 13 + k);
            let got = lanes.returned(0)[k];
            assert_eq!(got, want, "{what} on lanes: inputs {tuple:#x?}");
        }
    }
    true
}

/// Every tuple of one lane from each list.
fn tuples(lists: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    for list in lists {
        out = out
            .into_iter()
            .flat_map(|t| {
                list.iter().map(move |&x| {
                    let mut t = t.clone();
                    t.push(x);
                    t
                })
            })
            .collect();
    }
    out
}

/// The float math functions of two arguments that scalar code compiles,
/// besides the ops of `INT_BINARY`.
const MATH_BINARY: &[&str] = &[
    "stablehlo.atan2",
    "chlo.next_after",
    "chlo.polygamma",
    "chlo.zeta",
];

const UNARY: &[&str] = &[
    "stablehlo.not",
    "stablehlo.popcnt",
    "stablehlo.count_leading_zeros",
    "stablehlo.abs",
    "stablehlo.negate",
    "stablehlo.sign",
    "stablehlo.sqrt",
    "stablehlo.floor",
    "stablehlo.ceil",
    "stablehlo.round_nearest_even",
    "stablehlo.round_nearest_afz",
    "stablehlo.exponential",
    "stablehlo.exponential_minus_one",
    "stablehlo.log",
    "stablehlo.log_plus_one",
    "stablehlo.logistic",
    "stablehlo.sine",
    "stablehlo.cosine",
    "stablehlo.tan",
    "stablehlo.tanh",
    "stablehlo.cbrt",
    "stablehlo.rsqrt",
    "chlo.acos",
    "chlo.acosh",
    "chlo.asin",
    "chlo.asinh",
    "chlo.atan",
    "chlo.atanh",
    "chlo.cosh",
    "chlo.sinh",
    "chlo.tan",
    "chlo.erf",
    "chlo.erfc",
    "chlo.erf_inv",
    "chlo.lgamma",
    "chlo.digamma",
    "chlo.bessel_i1e",
];

/// The operands of `op` on elements of type `elem`: edge values, or for the
/// special functions (slow, very slow far from the origin) a few values
/// near it and the special values.
fn operands(op: &str, elem: &ElementType, max: usize) -> Vec<u64> {
    let slow = matches!(
        op,
        "chlo.polygamma" | "chlo.zeta" | "chlo.lgamma" | "chlo.digamma"
    );
    match elem {
        ElementType::Float(k) if slow && k.bits() > 8 => {
            let mut v: Vec<u64> = [
                0.0,
                -0.0,
                0.5,
                1.0,
                2.0,
                3.0,
                -1.5,
                10.0,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
            ]
            .iter()
            .map(|&x| crate::float::from_f64(*k, x))
            .collect();
            v.sort_unstable();
            v.dedup();
            v
        }
        _ => samples(elem, max),
    }
}

#[test]
fn binary_ops_give_the_kernels_bits() {
    for op in INT_BINARY.iter().chain(MATH_BINARY) {
        let mut compiled = 0;
        for t in element_types() {
            let s = operands(op, &t, 64);
            let inputs = tuples(&[s.clone(), s]);
            compiled += agree(op, "", &[t.clone(), t.clone()], &t, &inputs) as usize;
        }
        assert!(compiled > 0, "{op} never compiled");
    }
}

#[test]
fn unary_ops_give_the_kernels_bits() {
    for op in UNARY {
        let mut compiled = 0;
        for t in element_types() {
            let inputs = tuples(&[operands(op, &t, 300)]);
            compiled += agree(op, "", std::slice::from_ref(&t), &t, &inputs) as usize;
        }
        assert!(compiled > 0, "{op} never compiled");
    }
}

#[test]
fn is_finite_and_reduce_precision_give_the_kernels_bits() {
    for t in element_types() {
        let inputs = tuples(&[samples(&t, 300)]);
        let floats = matches!(t, ElementType::Float(_));
        assert_eq!(
            agree(
                "stablehlo.is_finite",
                "",
                std::slice::from_ref(&t),
                &ElementType::I1,
                &inputs
            ),
            floats
        );
        for (e, m) in [(5, 2), (8, 7), (2, 0), (11, 52), (0, 3)] {
            let attrs = format!("{{exponent_bits = {e} : i32, mantissa_bits = {m} : i32}}");
            let ok = agree(
                "stablehlo.reduce_precision",
                &attrs,
                std::slice::from_ref(&t),
                &t,
                &inputs,
            );
            assert_eq!(ok, floats && e > 0, "reduce_precision e{e}m{m} on {t}");
        }
    }
}

#[test]
fn compare_gives_the_kernels_bits_in_every_direction_and_type() {
    for t in element_types() {
        let s = samples(&t, 48);
        let inputs = tuples(&[s.clone(), s]);
        for dir in ["EQ", "NE", "GE", "GT", "LE", "LT"] {
            for ctype in ["", "SIGNED", "UNSIGNED", "FLOAT", "TOTALORDER"] {
                let mut attrs =
                    format!("comparison_direction = #stablehlo<comparison_direction {dir}>");
                if !ctype.is_empty() {
                    attrs += &format!(", compare_type = #stablehlo<comparison_type {ctype}>");
                }
                let attrs = format!("{{{attrs}}}");
                assert!(agree(
                    "stablehlo.compare",
                    &attrs,
                    &[t.clone(), t.clone()],
                    &ElementType::I1,
                    &inputs
                ));
            }
        }
    }
}

#[test]
fn select_clamp_and_convert_give_the_kernels_bits() {
    let types = element_types();
    for t in &types {
        let s = samples(t, 24);
        let inputs = tuples(&[vec![0, 1], s.clone(), s.clone()]);
        assert!(agree(
            "stablehlo.select",
            "",
            &[ElementType::I1, t.clone(), t.clone()],
            t,
            &inputs
        ));
        let inputs = tuples(&[s.clone(), s.clone(), s]);
        assert!(agree(
            "stablehlo.clamp",
            "",
            &[t.clone(), t.clone(), t.clone()],
            t,
            &inputs
        ));
    }
    for from in &types {
        let inputs = tuples(&[samples(from, 300)]);
        for to in &types {
            assert!(
                agree(
                    "stablehlo.convert",
                    "",
                    std::slice::from_ref(from),
                    to,
                    &inputs
                ),
                "{from} -> {to}"
            );
        }
    }
}

#[test]
fn ill_typed_and_unsupported_ops_do_not_compile() {
    let cases = [
        // Operand types differ from the result's.
        "func.func @f(%a: tensor<i32>, %b: tensor<i64>) -> tensor<i32> {
  %r = \"stablehlo.add\"(%a, %b) : (tensor<i32>, tensor<i64>) -> tensor<i32>
  func.return %r : tensor<i32>
}",
        // Not rank 0.
        "func.func @f(%a: tensor<1xf32>) -> tensor<1xf32> {
  %r = stablehlo.negate %a : tensor<1xf32>
  func.return %r : tensor<1xf32>
}",
        // Complex elements.
        "func.func @f(%a: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %r = stablehlo.negate %a : tensor<complex<f32>>
  func.return %r : tensor<complex<f32>>
}",
        // Quantized elements.
        "func.func @f(%a: tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>> {
  %r = stablehlo.negate %a : tensor<!quant.uniform<i8:f32, 0.5:-10>>
  func.return %r : tensor<!quant.uniform<i8:f32, 0.5:-10>>
}",
        // An op outside the elementwise set.
        "func.func @f(%a: tensor<f32>) -> tensor<1xf32> {
  %r = stablehlo.reshape %a : (tensor<f32>) -> tensor<1xf32>
  func.return %r : tensor<1xf32>
}",
        // No terminator.
        "func.func @f(%a: tensor<f32>) {
  %r = stablehlo.negate %a : tensor<f32>
}",
        // A constant of another type than its result.
        "func.func @f() -> tensor<f32> {
  %r = \"stablehlo.constant\"() {value = dense<1> : tensor<i32>} : () -> tensor<f32>
  func.return %r : tensor<f32>
}",
    ];
    for text in cases {
        let prog = parse_program("t.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"));
        let interp = Interp::new(&prog, Limits::default());
        let region = function(&interp, "f");
        assert!(Code::region(&interp, region).is_none(), "compiled: {text}");
    }
}

/// A value used before its definition (which the parser refuses, so the
/// program is made by swapping two ops of a parsed one) is not compiled:
/// the interpreter reports it, both ways.
#[test]
fn values_used_before_their_definition_are_left_to_the_interpreter() {
    let text = "func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.while(%n = %zero, %x = %a) : tensor<i32>, tensor<f32>
   cond {
    %lim = stablehlo.constant dense<3> : tensor<i32>
    %c = stablehlo.compare LT, %n, %lim, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n1 = stablehlo.add %n, %one : tensor<i32>
    %s = stablehlo.negate %x : tensor<f32>
    %y = stablehlo.add %x, %s : tensor<f32>
    stablehlo.return %n1, %y : tensor<i32>, tensor<f32>
  }
  func.return %r#1 : tensor<f32>
}";
    let mut prog = parse_program("t.mlir", text).unwrap();
    let body = &mut prog.ops[0].regions[0].blocks[0].ops[1].regions[1].blocks[0];
    assert_eq!(body.ops[2].name, "stablehlo.negate");
    body.ops.swap(2, 3);
    let args = vec![scalar_value(&ElementType::Float(FloatKind::F32), 0)];
    let mut outcomes = Vec::new();
    for scalar_code in [false, true] {
        let mut interp = Interp::new(&prog, Limits::default());
        interp.scalar_code = scalar_code;
        outcomes.push(interp.call("main", args.clone()));
        assert_eq!(compiled_count(&interp), 0);
    }
    assert_eq!(outcomes[0], outcomes[1]);
    let e = outcomes[0].clone().unwrap_err();
    assert!(e.contains("is used before it is defined"), "{e}");
}

#[test]
fn limits_that_forbid_scalars_leave_the_code_to_the_interpreter() {
    let text = "func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %r = stablehlo.negate %a : tensor<f32>
  func.return %r : tensor<f32>
}";
    let prog = parse_program("t.mlir", text).unwrap();
    let mut interp = Interp::new(&prog, Limits::default());
    let code = Code::region(&interp, function(&interp, "f")).unwrap();
    assert!(code.registers(&interp).is_some());
    for limits in [
        Limits {
            max_elements: 0,
            ..Limits::default()
        },
        Limits {
            max_bytes: 7,
            ..Limits::default()
        },
    ] {
        // Limits are read when the code is entered, not when it is compiled.
        interp.limits = limits;
        assert!(code.registers(&interp).is_none());
    }
    // A compiled loop under such limits: the interpreter's error, both ways.
    let limits = Limits {
        max_elements: 0,
        ..Limits::default()
    };
    let (out, _) = same_both_ways(&counting_loops(1), &[i32_value(3)], limits);
    assert!(out.unwrap_err().contains("element limit"));
}

// ---------------------------------------------------------------------------
// Whole programs with scalar code on and off
// ---------------------------------------------------------------------------

/// What running `@main` gives: its results, or its error.
type Outcome = Result<Vec<Value>, String>;

/// The loops and regions compiled to scalar code.
fn compiled_count(interp: &Interp<'_>) -> usize {
    interp
        .compiled_loops
        .values()
        .chain(interp.compiled_regions.values())
        .filter(|c| c.is_some())
        .count()
}

/// Runs `@main` of `text` on `args` under `limits` with scalar code off
/// (every op through its kernel) and on: both must give the same outcome
/// (values bit for bit, errors word for word) after the same number of
/// counted loop iterations. Returns the outcome and how many loops and
/// regions were compiled to scalar code.
fn same_both_ways(text: &str, args: &[Value], limits: Limits) -> (Outcome, usize) {
    let (out, compiled, _) = same_both_ways_counted(text, args, limits);
    (out, compiled)
}

/// [`same_both_ways`], also returning the loop iterations counted.
fn same_both_ways_counted(text: &str, args: &[Value], limits: Limits) -> (Outcome, usize, u64) {
    let prog = parse_program("t.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"));
    let mut reference = Interp::new(&prog, limits);
    reference.scalar_code = false;
    let want = reference.call("main", args.to_vec());
    assert_eq!(compiled_count(&reference), 0);
    let mut interp = Interp::new(&prog, limits);
    let got = interp.call("main", args.to_vec());
    assert_eq!(got, want, "{text}\non {args:?}");
    assert_eq!(interp.steps, reference.steps, "{text}");
    (got, compiled_count(&interp), interp.steps)
}

/// One op in generic form: `%result = "name"(%operands) {attrs} : (types) -> type`.
fn gen_op(result: &str, name: &str, attrs: &str, operands: &[(&str, &str)], ty: &str) -> String {
    let names: Vec<String> = operands.iter().map(|(v, _)| format!("%{v}")).collect();
    let types: Vec<String> = operands
        .iter()
        .map(|(_, t)| format!("tensor<{t}>"))
        .collect();
    format!(
        "    %{result} = \"{name}\"({}) {attrs} : ({}) -> tensor<{ty}>\n",
        names.join(", "),
        types.join(", ")
    )
}

fn compare_attrs(dir: &str, ctype: &str) -> String {
    let mut a = format!("{{comparison_direction = #stablehlo<comparison_direction {dir}>");
    if !ctype.is_empty() {
        a += &format!(", compare_type = #stablehlo<comparison_type {ctype}>");
    }
    a + "}"
}

/// The body of a loop over `%a`, `%b` of type `t` (and the counter as `t`
/// in `%c`, the captured `%k`): many ops of `t`'s domain, ending in `%a1`,
/// `%b1`.
fn loop_body(elem: &ElementType) -> String {
    let t = &elem.to_string();
    let mut s = gen_op("c", "stablehlo.convert", "", &[("n", "i32")], t);
    let bin = |s: &mut String, r: &str, op: &str, x: &str, y: &str| {
        *s += &gen_op(r, op, "", &[(x, t), (y, t)], t);
    };
    let un = |s: &mut String, r: &str, op: &str, x: &str| {
        *s += &gen_op(r, op, "", &[(x, t)], t);
    };
    let cmp = |s: &mut String, r: &str, dir: &str, ctype: &str, x: &str, y: &str| {
        *s += &gen_op(
            r,
            "stablehlo.compare",
            &compare_attrs(dir, ctype),
            &[(x, t), (y, t)],
            "i1",
        );
    };
    let sel = |s: &mut String, r: &str, p: &str, x: &str, y: &str| {
        *s += &gen_op(r, "stablehlo.select", "", &[(p, "i1"), (x, t), (y, t)], t);
    };
    let round_trip = |s: &mut String, r: &str, x: &str, via: &str| {
        let mid = format!("{r}_via");
        *s += &gen_op(&mid, "stablehlo.convert", "", &[(x, t)], via);
        *s += &gen_op(r, "stablehlo.convert", "", &[(&mid, via)], t);
    };
    match domain(elem).unwrap() {
        Domain::Bool => {
            bin(&mut s, "s1", "stablehlo.and", "a", "b");
            bin(&mut s, "s2", "stablehlo.or", "s1", "c");
            bin(&mut s, "s3", "stablehlo.xor", "s2", "k");
            un(&mut s, "s4", "stablehlo.not", "s3");
            bin(&mut s, "s5", "stablehlo.add", "s4", "a");
            bin(&mut s, "s6", "stablehlo.multiply", "s5", "b");
            bin(&mut s, "s7", "stablehlo.maximum", "s6", "c");
            bin(&mut s, "s8", "stablehlo.minimum", "s7", "s3");
            cmp(&mut s, "p1", "LT", "", "a", "b");
            cmp(&mut s, "p2", "GE", "SIGNED", "s8", "c");
            sel(&mut s, "s9", "p1", "s8", "s2");
            s += &gen_op(
                "s10",
                "stablehlo.clamp",
                "",
                &[("a", t), ("s9", t), ("b", t)],
                t,
            );
            round_trip(&mut s, "s11", "s10", "f32");
            round_trip(&mut s, "s12", "s11", "i32");
            sel(&mut s, "a1", "p2", "s12", "s4");
            bin(&mut s, "b1", "stablehlo.xor", "s6", "p1");
        }
        Domain::Int(_) => {
            bin(&mut s, "s1", "stablehlo.add", "a", "b");
            bin(&mut s, "s2", "stablehlo.subtract", "s1", "c");
            bin(&mut s, "s3", "stablehlo.multiply", "s2", "k");
            bin(&mut s, "s4", "stablehlo.divide", "s3", "b");
            bin(&mut s, "s5", "stablehlo.remainder", "a", "s4");
            bin(&mut s, "s6", "stablehlo.shift_left", "s5", "c");
            bin(&mut s, "s7", "stablehlo.shift_right_arithmetic", "s3", "c");
            bin(&mut s, "s8", "stablehlo.shift_right_logical", "s1", "c");
            bin(&mut s, "s9", "stablehlo.power", "b", "c");
            bin(&mut s, "s10", "stablehlo.and", "s6", "s9");
            bin(&mut s, "s11", "stablehlo.or", "s10", "s7");
            bin(&mut s, "s12", "stablehlo.xor", "s11", "s8");
            un(&mut s, "s13", "stablehlo.not", "s12");
            bin(&mut s, "s14", "stablehlo.maximum", "s13", "a");
            bin(&mut s, "s15", "stablehlo.minimum", "s14", "s2");
            un(&mut s, "s16", "stablehlo.abs", "s15");
            un(&mut s, "s17", "stablehlo.negate", "s16");
            un(&mut s, "s18", "stablehlo.sign", "s4");
            un(&mut s, "s19", "stablehlo.popcnt", "s12");
            un(&mut s, "s20", "stablehlo.count_leading_zeros", "s17");
            cmp(&mut s, "p1", "GT", "", "s17", "s12");
            cmp(&mut s, "p2", "LE", "UNSIGNED", "s19", "s20");
            cmp(&mut s, "p3", "NE", "SIGNED", "s18", "c");
            sel(&mut s, "s21", "p1", "s17", "s20");
            s += &gen_op(
                "s22",
                "stablehlo.clamp",
                "",
                &[("s20", t), ("s21", t), ("s12", t)],
                t,
            );
            round_trip(&mut s, "s23", "s22", "f32");
            round_trip(&mut s, "s24", "s12", "i8");
            round_trip(&mut s, "s25", "s9", "ui16");
            sel(&mut s, "a1", "p2", "s23", "s24");
            bin(&mut s, "s26", "stablehlo.add", "s25", "s18");
            sel(&mut s, "b1", "p3", "s26", "s5");
        }
        Domain::Float(_) => {
            bin(&mut s, "s1", "stablehlo.add", "a", "c");
            bin(&mut s, "s2", "stablehlo.subtract", "s1", "b");
            bin(&mut s, "s3", "stablehlo.multiply", "s2", "k");
            bin(&mut s, "s4", "stablehlo.divide", "s3", "a");
            bin(&mut s, "s5", "stablehlo.remainder", "s4", "b");
            bin(&mut s, "s6", "stablehlo.maximum", "s5", "a");
            bin(&mut s, "s7", "stablehlo.minimum", "s6", "s3");
            bin(&mut s, "s8", "stablehlo.power", "b", "c");
            bin(&mut s, "s9", "stablehlo.atan2", "s8", "s7");
            un(&mut s, "s10", "stablehlo.sqrt", "s9");
            un(&mut s, "s11", "stablehlo.exponential", "s4");
            un(&mut s, "s12", "stablehlo.log", "s11");
            un(&mut s, "s13", "stablehlo.sine", "s12");
            un(&mut s, "s14", "stablehlo.tanh", "s3");
            un(&mut s, "s15", "stablehlo.floor", "s3");
            un(&mut s, "s16", "stablehlo.ceil", "s4");
            un(&mut s, "s17", "stablehlo.round_nearest_even", "s2");
            un(&mut s, "s18", "stablehlo.round_nearest_afz", "s2");
            un(&mut s, "s19", "stablehlo.abs", "s13");
            un(&mut s, "s20", "stablehlo.negate", "s19");
            un(&mut s, "s21", "stablehlo.sign", "s20");
            un(&mut s, "s22", "chlo.erf", "s14");
            s += &gen_op("f1", "stablehlo.is_finite", "", &[("s10", t)], "i1");
            cmp(&mut s, "p1", "LT", "TOTALORDER", "s15", "s16");
            cmp(&mut s, "p2", "EQ", "FLOAT", "s17", "s18");
            cmp(&mut s, "p3", "GE", "", "s21", "s22");
            sel(&mut s, "s23", "f1", "s10", "s1");
            sel(&mut s, "s24", "p1", "s23", "s22");
            s += &gen_op(
                "s25",
                "stablehlo.clamp",
                "",
                &[("s20", t), ("s24", t), ("s19", t)],
                t,
            );
            s += &gen_op(
                "s26",
                "stablehlo.reduce_precision",
                "{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}",
                &[("s25", t)],
                t,
            );
            round_trip(&mut s, "s27", "s26", "f64");
            round_trip(&mut s, "s28", "s3", "i32");
            round_trip(&mut s, "s29", "s5", "bf16");
            round_trip(&mut s, "s30", "s1", "f8E4M3FN");
            sel(&mut s, "s31", "p2", "s27", "s28");
            bin(&mut s, "a1", "stablehlo.add", "s31", "s30");
            sel(&mut s, "b1", "p3", "s29", "s12");
        }
        Domain::Complex(_) => unreachable!("no complex types here"),
    }
    s
}

/// A loop of `%n` (i32) from 0 to `%limit` over variables `vars` of type
/// `t` through `body`, which reads `%n`, the variables, the captured `%k`
/// and defines the values `returns` names. `@main` takes the variables'
/// initial values, `%k` and `%limit`, and returns the loop's results.
fn while_program(t: &ElementType, vars: &[&str], body: &str, returns: &[&str]) -> String {
    let t = t.to_string();
    let list = |f: &dyn Fn(&str) -> String| vars.iter().map(|v| f(v)).collect::<Vec<_>>();
    let params = list(&|v| format!("%{v}0: tensor<{t}>, ")).concat();
    let inits = list(&|v| format!(", %{v}0")).concat();
    let types = list(&|_| format!(", tensor<{t}>")).concat();
    let cond_args = list(&|v| format!(", %c{v}: tensor<{t}>")).concat();
    let body_args = list(&|v| format!(", %{v}: tensor<{t}>")).concat();
    let outs = (0..vars.len())
        .map(|i| format!(", %r#{}", i + 1))
        .collect::<String>();
    let rets = returns
        .iter()
        .map(|r| format!(", %{r}"))
        .collect::<String>();
    let n = vars.len() + 1;
    format!(
        "func.func @main({params}%k: tensor<{t}>, %limit: tensor<i32>) -> (tensor<i32>{types}) {{
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r:{n} = \"stablehlo.while\"(%zero{inits}) ({{
  ^bb0(%cn: tensor<i32>{cond_args}):
    %p = stablehlo.compare LT, %cn, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    \"stablehlo.return\"(%p) : (tensor<i1>) -> ()
  }}, {{
  ^bb0(%n: tensor<i32>{body_args}):
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n1 = stablehlo.add %n, %one : tensor<i32>
{body}    \"stablehlo.return\"(%n1{rets}) : (tensor<i32>{types}) -> ()
  }}) : (tensor<i32>{types}) -> (tensor<i32>{types})
  func.return %r#0{outs} : tensor<i32>{types}
}}"
    )
}

/// A loop over `%a`, `%b` through `body`, which defines `%a1`, `%b1`.
fn loop_program(t: &ElementType, body: &str) -> String {
    while_program(t, &["a", "b"], body, &["a1", "b1"])
}

/// Whether the first `while` of `@main` runs as scalar code on `args`:
/// the ops before it run by the interpreter, then [`run_while`] on its
/// operands.
fn loop_runs_compiled(text: &str, args: &[Value]) -> bool {
    let prog = parse_program("t.mlir", text).unwrap();
    let mut interp = Interp::new(&prog, Limits::default());
    let block = &function(&interp, "main").blocks[0];
    for (&id, v) in block.args.iter().zip(args) {
        interp.env[id as usize] = Some(v.clone());
    }
    for op in &block.ops {
        if op.name == "stablehlo.while" {
            let operands: Vec<Value> = op
                .operands
                .iter()
                .map(|&v| interp.get(v).unwrap())
                .collect();
            return run_while(&mut interp, op, &operands).unwrap().is_some();
        }
        interp.run_op(op).unwrap();
    }
    panic!("no loop in {text}")
}

fn scalar_value(t: &ElementType, lane: u64) -> Value {
    Value::tensor(Tensor::scalar(t.clone(), &[lane]))
}

fn i32_value(v: i32) -> Value {
    scalar_value(
        &ElementType::Int(Signedness::Signless, 32),
        v as u32 as i64 as u64,
    )
}

/// Loops of many ops on every element type, from edge values, run 70
/// times (so the counter as a shift count passes every width of 64 bits
/// or less): compiled, and the same bits as the kernels give.
#[test]
fn loops_of_every_type_give_the_kernels_bits() {
    for t in element_types() {
        let text = loop_program(&t, &loop_body(&t));
        let s = samples(&t, 64);
        let mut compiled_runs = 0;
        for (i, w) in words(7, 12).enumerate() {
            let pick = |j: u64| s[(j % s.len() as u64) as usize];
            let args = [
                scalar_value(&t, pick(w)),
                scalar_value(&t, pick(w >> 16)),
                scalar_value(&t, pick(w >> 32)),
                i32_value(if i == 0 { 0 } else { 70 }),
            ];
            let (out, compiled) = same_both_ways(&text, &args, Limits::default());
            let out = out.unwrap_or_else(|e| panic!("{t}: {e}"));
            assert!(loop_runs_compiled(&text, &args), "{t}");
            assert_eq!(
                out[0].as_tensor().unwrap().lanes_vec(),
                [if i == 0 { 0 } else { 70 }]
            );
            compiled_runs += compiled;
        }
        assert_eq!(compiled_runs, 12, "the loop on {t} did not compile");
    }
}

/// A loop of `%n` from 0 to `%limit` (an argument), adding 0.5 to an f32
/// each time, run `loops` times one after the other.
fn counting_loops(loops: usize) -> String {
    let mut text = String::from(
        "func.func @main(%limit: tensor<i32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<f32>
",
    );
    for i in 0..loops {
        let acc = if i == 0 {
            "%acc0".to_string()
        } else {
            format!("%r{}#1", i - 1)
        };
        text += &format!(
            "  %r{i}:2 = stablehlo.while(%n = %zero, %acc = {acc}) : tensor<i32>, tensor<f32>
   cond {{
    %c = stablehlo.compare LT, %n, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }} do {{
    %one = stablehlo.constant dense<1> : tensor<i32>
    %n1 = stablehlo.add %n, %one : tensor<i32>
    %h = stablehlo.constant dense<0.5> : tensor<f32>
    %acc1 = stablehlo.add %acc, %h : tensor<f32>
    stablehlo.return %n1, %acc1 : tensor<i32>, tensor<f32>
  }}
"
        );
    }
    text + &format!("  func.return %r{}#1 : tensor<f32>\n}}", loops - 1)
}

/// Compiled loops count every iteration against `--max-steps` as the
/// interpreter does, across loops, and stop at the same iteration with the
/// same error at the same op.
#[test]
fn compiled_loops_keep_the_step_limit() {
    let limits = Limits {
        max_steps: 100,
        ..Limits::default()
    };
    let one = counting_loops(1);
    let (out, compiled) = same_both_ways(&one, &[i32_value(100)], limits);
    assert_eq!(compiled, 1);
    let out = out.unwrap();
    assert_eq!(
        out[0].as_tensor().unwrap().lanes_vec(),
        [50f32.to_bits() as u64]
    );
    let (out, compiled) = same_both_ways(&one, &[i32_value(101)], limits);
    assert_eq!(compiled, 1);
    let e = out.unwrap_err();
    assert!(
        e.contains("stablehlo.while: the step limit (100 loop iterations and calls) is exceeded; raise it with --max-steps"),
        "{e}"
    );
    // The second of two loops of 60 iterations exceeds a limit of 100: the
    // error is located at the second loop (line 15).
    let (out, compiled) = same_both_ways(&counting_loops(2), &[i32_value(60)], limits);
    assert_eq!(compiled, 2);
    let e = out.unwrap_err();
    assert!(
        e.starts_with("15:3: stablehlo.while: the step limit"),
        "{e}"
    );
    // An endless loop stops at the limit.
    let endless = one.replace("LT, %n, %limit", "NE, %limit, %limit");
    let endless = endless.replace("NE, %limit, %limit", "EQ, %limit, %limit");
    let (out, _) = same_both_ways(&endless, &[i32_value(0)], limits);
    assert!(out.unwrap_err().contains("step limit"));
}

/// A loop whose body has an op on a tensor that is not a scalar, or a
/// nested loop, is run by the interpreter (a nested scalar loop compiled);
/// the results are the same.
#[test]
fn loops_that_are_not_scalar_code_fall_back() {
    let reshaping = counting_loops(1).replace(
        "%acc1 = stablehlo.add %acc, %h : tensor<f32>",
        "%w = stablehlo.reshape %acc : (tensor<f32>) -> tensor<1xf32>
    %v = stablehlo.reshape %w : (tensor<1xf32>) -> tensor<f32>
    %acc1 = stablehlo.add %v, %h : tensor<f32>",
    );
    let (out, compiled) = same_both_ways(&reshaping, &[i32_value(10)], Limits::default());
    assert_eq!(compiled, 0);
    assert_eq!(
        out.unwrap()[0].as_tensor().unwrap().lanes_vec(),
        [5f32.to_bits() as u64]
    );
    // A loop in a loop: the inner one adds 0.5 `%limit` times.
    let nested = "func.func @main(%limit: tensor<i32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<f32>
  %r:2 = stablehlo.while(%m = %zero, %outer = %acc0) : tensor<i32>, tensor<f32>
   cond {
    %c = stablehlo.compare LT, %m, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %one = stablehlo.constant dense<1> : tensor<i32>
    %m1 = stablehlo.add %m, %one : tensor<i32>
    %s:2 = stablehlo.while(%n = %zero, %acc = %outer) : tensor<i32>, tensor<f32>
     cond {
      %d = stablehlo.compare LT, %n, %limit, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %d : tensor<i1>
    } do {
      %n1 = stablehlo.add %n, %one : tensor<i32>
      %h = stablehlo.constant dense<0.5> : tensor<f32>
      %acc1 = stablehlo.add %acc, %h : tensor<f32>
      stablehlo.return %n1, %acc1 : tensor<i32>, tensor<f32>
    }
    stablehlo.return %m1, %s#1 : tensor<i32>, tensor<f32>
  }
  func.return %r#1 : tensor<f32>
}";
    let (out, compiled) = same_both_ways(nested, &[i32_value(30)], Limits::default());
    assert_eq!(compiled, 1);
    assert_eq!(
        out.unwrap()[0].as_tensor().unwrap().lanes_vec(),
        [450f32.to_bits() as u64]
    );
    // The step limit counts the iterations of both loops: 30 + 30·30.
    let limits = Limits {
        max_steps: 930,
        ..Limits::default()
    };
    assert!(same_both_ways(nested, &[i32_value(30)], limits).0.is_ok());
    let limits = Limits {
        max_steps: 929,
        ..Limits::default()
    };
    let e = same_both_ways(nested, &[i32_value(30)], limits)
        .0
        .unwrap_err();
    assert!(e.contains("step limit"), "{e}");
}

/// Values that are not of their declared types (arguments given as other
/// types) leave loops and regions to the interpreter, whatever it makes of
/// them; ops the kernels refuse are never compiled, and the interpreter's
/// error is reported as before.
#[test]
fn ill_typed_values_and_refused_ops_are_left_to_the_interpreter() {
    let t = ElementType::Int(Signedness::Signless, 32);
    let text = loop_program(&t, &loop_body(&t));
    let i64t = ElementType::Int(Signedness::Signless, 64);
    let f32t = ElementType::Float(FloatKind::F32);
    for args in [
        // A loop variable of another type.
        [
            scalar_value(&i64t, 5),
            scalar_value(&t, 3),
            scalar_value(&t, 9),
            i32_value(4),
        ],
        // A captured value of another type.
        [
            scalar_value(&t, 5),
            scalar_value(&t, 3),
            scalar_value(&f32t, 1f32.to_bits() as u64),
            i32_value(4),
        ],
        // A captured value that is not a scalar.
        [
            scalar_value(&t, 5),
            scalar_value(&t, 3),
            Value::tensor(Tensor::new(t.clone(), vec![2], &[1, 2])),
            i32_value(4),
        ],
        // A loop variable that is a tuple.
        [
            Value::Tuple(vec![]),
            scalar_value(&t, 3),
            scalar_value(&t, 9),
            i32_value(4),
        ],
    ] {
        let _ = same_both_ways(&text, &args, Limits::default());
        assert!(!loop_runs_compiled(&text, &args));
    }
    // Ops whose kernels refuse their types: the same error both ways.
    for (op, ty) in [
        ("stablehlo.subtract", "i1"),
        ("stablehlo.sqrt", "i32"),
        ("stablehlo.shift_left", "f32"),
        ("stablehlo.popcnt", "bf16"),
    ] {
        let elem = ElementType::Int(Signedness::Signless, 1);
        let elem = element_types()
            .into_iter()
            .find(|e| e.to_string() == ty)
            .unwrap_or(elem);
        let arity = if op == "stablehlo.subtract" || op == "stablehlo.shift_left" {
            2
        } else {
            1
        };
        let operands: Vec<(&str, &str)> = [("a", ty), ("b", ty)][..arity].to_vec();
        let body = gen_op("a1", op, "", &operands, ty) + &gen_op("b1", op, "", &operands, ty);
        let (out, compiled) = same_both_ways(
            &loop_program(&elem, &body),
            &[
                scalar_value(&elem, 1),
                scalar_value(&elem, 0),
                scalar_value(&elem, 0),
                i32_value(3),
            ],
            Limits::default(),
        );
        assert_eq!(compiled, 0, "{op} on {ty}");
        assert!(out.is_err(), "{op} on {ty}");
    }
    // An attribute the kernel refuses.
    let f32t_name = "f32";
    let body = gen_op(
        "a1",
        "stablehlo.reduce_precision",
        "{exponent_bits = 0 : i32, mantissa_bits = 2 : i32}",
        &[("a", f32t_name)],
        f32t_name,
    ) + &gen_op("b1", "stablehlo.negate", "", &[("b", f32t_name)], f32t_name);
    let one = f32t.clone();
    let (out, compiled) = same_both_ways(
        &loop_program(&one, &body),
        &[
            scalar_value(&one, 0),
            scalar_value(&one, 0),
            scalar_value(&one, 0),
            i32_value(3),
        ],
        Limits::default(),
    );
    assert_eq!(compiled, 0);
    assert!(out.unwrap_err().contains("exponent_bits 0"));
}

/// `reduce` (an argmax of two inputs), `sort` (a comparator of two keys),
/// `map` and `reduce_window` whose bodies are scalar code, on every element
/// type: compiled, and the same bits as running the bodies.
#[test]
fn region_bodies_give_the_interpreters_bits() {
    let i32t = ElementType::Int(Signedness::Signless, 32);
    for elem in element_types() {
        let t = &elem.to_string();
        let ctype = if matches!(elem, ElementType::Float(_)) {
            "TOTALORDER"
        } else {
            ""
        };
        let cmp = |r: &str, dir: &str, x: &str, y: &str, ty: &str, ct: &str| {
            gen_op(
                r,
                "stablehlo.compare",
                &compare_attrs(dir, ct),
                &[(x, ty), (y, ty)],
                "i1",
            )
        };
        let sel = |r: &str, p: &str, x: &str, y: &str, ty: &str| {
            gen_op(
                r,
                "stablehlo.select",
                "",
                &[(p, "i1"), (x, ty), (y, ty)],
                ty,
            )
        };
        let reduce_body = cmp("gt", "GT", "a", "b", t, ctype)
            + &sel("m", "gt", "a", "b", t)
            + &sel("mi", "gt", "ai", "bi", "i32");
        let sort_body = cmp("gt", "GT", "x0", "y0", t, ctype)
            + &cmp("eq", "EQ", "x0", "y0", t, ctype)
            + &cmp("lt", "LT", "x1", "y1", "i32", "")
            + &gen_op(
                "both",
                "stablehlo.and",
                "",
                &[("eq", "i1"), ("lt", "i1")],
                "i1",
            )
            + &gen_op(
                "p",
                "stablehlo.or",
                "",
                &[("gt", "i1"), ("both", "i1")],
                "i1",
            );
        let map_body = gen_op("p", "stablehlo.multiply", "", &[("x", t), ("y", t)], t)
            + &gen_op("q", "stablehlo.add", "", &[("p", t), ("x", t)], t);
        let window_body = cmp("gt", "GT", "a", "b", t, ctype) + &sel("m", "gt", "a", "b", t);
        let text = format!(
            "func.func @main(%v: tensor<16x{t}>, %w: tensor<16x{t}>, %i: tensor<16xi32>, %v0: tensor<{t}>, %i0: tensor<i32>) -> (tensor<{t}>, tensor<i32>, tensor<16x{t}>, tensor<16xi32>, tensor<16x{t}>, tensor<14x{t}>) {{
  %r:2 = \"stablehlo.reduce\"(%v, %i, %v0, %i0) ({{
  ^bb0(%a: tensor<{t}>, %ai: tensor<i32>, %b: tensor<{t}>, %bi: tensor<i32>):
{reduce_body}    \"stablehlo.return\"(%m, %mi) : (tensor<{t}>, tensor<i32>) -> ()
  }}) {{dimensions = array<i64: 0>}} : (tensor<16x{t}>, tensor<16xi32>, tensor<{t}>, tensor<i32>) -> (tensor<{t}>, tensor<i32>)
  %s:2 = \"stablehlo.sort\"(%v, %i) ({{
  ^bb0(%x0: tensor<{t}>, %y0: tensor<{t}>, %x1: tensor<i32>, %y1: tensor<i32>):
{sort_body}    \"stablehlo.return\"(%p) : (tensor<i1>) -> ()
  }}) {{dimension = 0 : i64, is_stable = true}} : (tensor<16x{t}>, tensor<16xi32>) -> (tensor<16x{t}>, tensor<16xi32>)
  %m = \"stablehlo.map\"(%v, %w) ({{
  ^bb0(%x: tensor<{t}>, %y: tensor<{t}>):
{map_body}    \"stablehlo.return\"(%q) : (tensor<{t}>) -> ()
  }}) {{dimensions = array<i64: 0>}} : (tensor<16x{t}>, tensor<16x{t}>) -> tensor<16x{t}>
  %rw = \"stablehlo.reduce_window\"(%v, %v0) ({{
  ^bb0(%a: tensor<{t}>, %b: tensor<{t}>):
{window_body}    \"stablehlo.return\"(%m) : (tensor<{t}>) -> ()
  }}) {{window_dimensions = array<i64: 3>}} : (tensor<16x{t}>, tensor<{t}>) -> tensor<14x{t}>
  func.return %r#0, %r#1, %s#0, %s#1, %m, %rw : tensor<{t}>, tensor<i32>, tensor<16x{t}>, tensor<16xi32>, tensor<16x{t}>, tensor<14x{t}>
}}"
        );
        let s = samples(&elem, 64);
        for seed in 0..4 {
            let mut pick = words(seed + 11, 32).map(|w| s[(w % s.len() as u64) as usize]);
            let v: Vec<u64> = pick.by_ref().take(16).collect();
            let w: Vec<u64> = pick.by_ref().take(16).collect();
            let vector = |data: Vec<u64>, elem: &ElementType| {
                Value::tensor(Tensor::new(elem.clone(), vec![16], &data))
            };
            let args = [
                vector(v, &elem),
                vector(w, &elem),
                vector((0..16).collect(), &i32t),
                scalar_value(&elem, s[seed as usize % s.len()]),
                i32_value(-1),
            ];
            let (out, compiled) = same_both_ways(&text, &args, Limits::default());
            out.unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(compiled, 4, "{t}");
        }
    }
}

/// `reduce` by JAX's argmax (`GT`) or argmin (`LT`) reducer over values of
/// type `t` and `i32` indices: the value that wins (a NaN always does) and
/// the lowest index among equal values. With `payload`, a third `i32`
/// operand follows the winning value, plus a captured argument `%c` (so the
/// body reads a value from outside).
fn arg_reduce_program(
    t: &ElementType,
    dir: &str,
    (shape, dims): (&[usize], &[usize]),
    payload: bool,
) -> String {
    let ctype = if matches!(t, ElementType::Float(_)) {
        "FLOAT"
    } else {
        ""
    };
    let t = &t.to_string();
    let cmp = |r: &str, dir: &str, x: &str, y: &str, ty: &str, ct: &str| {
        gen_op(
            r,
            "stablehlo.compare",
            &compare_attrs(dir, ct),
            &[(x, ty), (y, ty)],
            "i1",
        )
    };
    let bool_op =
        |r: &str, name: &str, x: &str, y: &str| gen_op(r, name, "", &[(x, "i1"), (y, "i1")], "i1");
    let sel = |r: &str, p: &str, x: &str, y: &str, ty: &str| {
        gen_op(
            r,
            "stablehlo.select",
            "",
            &[(p, "i1"), (x, ty), (y, ty)],
            ty,
        )
    };
    let mut body = cmp("win", dir, "a", "b", t, ctype)
        + &cmp("nan", "NE", "a", "a", t, ctype)
        + &bool_op("keep", "stablehlo.or", "win", "nan")
        + &cmp("eq", "EQ", "a", "b", t, ctype)
        + &cmp("lower", "LT", "ai", "bi", "i32", "SIGNED")
        + &bool_op("tie", "stablehlo.and", "eq", "lower")
        + &bool_op("keepi", "stablehlo.or", "keep", "tie")
        + &sel("m", "keep", "a", "b", t)
        + &sel("mi", "keepi", "ai", "bi", "i32");
    let dims_of = |s: &[usize]| s.iter().map(|d| format!("{d}x")).collect::<String>();
    let out: Vec<usize> = (0..shape.len())
        .filter(|d| !dims.contains(d))
        .map(|d| shape[d])
        .collect();
    let (ins, outs) = (dims_of(shape), dims_of(&out));
    let dims: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    let dims = match dims.as_slice() {
        [] => "array<i64>".to_string(),
        _ => format!("array<i64: {}>", dims.join(", ")),
    };
    let (mut operands, mut args, mut rets, mut types) = (
        vec!["%v", "%i"],
        format!("%a: tensor<{t}>, %ai: tensor<i32>"),
        vec!["%m", "%mi"],
        vec![format!("tensor<{outs}{t}>"), format!("tensor<{outs}i32>")],
    );
    let mut params =
        format!("%v: tensor<{ins}{t}>, %i: tensor<{ins}i32>, %v0: tensor<{t}>, %i0: tensor<i32>");
    let mut in_types = format!("tensor<{ins}{t}>, tensor<{ins}i32>");
    let mut init_types = format!("tensor<{t}>, tensor<i32>");
    if payload {
        body += &(sel("sp", "keep", "ap", "bp", "i32")
            + &gen_op(
                "mp",
                "stablehlo.add",
                "",
                &[("sp", "i32"), ("c", "i32")],
                "i32",
            ));
        operands.push("%p");
        args += ", %ap: tensor<i32>";
        rets.push("%mp");
        types.push(format!("tensor<{outs}i32>"));
        params += &format!(", %p: tensor<{ins}i32>, %p0: tensor<i32>, %c: tensor<i32>");
        in_types += &format!(", tensor<{ins}i32>");
        init_types += ", tensor<i32>";
    }
    let inits: Vec<String> = operands.iter().map(|o| format!("{o}0")).collect();
    let xs = args
        .replace("%a:", "%b:")
        .replace("%ai:", "%bi:")
        .replace("%ap:", "%bp:");
    let ret_types: Vec<String> = rets
        .iter()
        .map(|r| {
            if r == &"%m" {
                format!("tensor<{t}>")
            } else {
                "tensor<i32>".into()
            }
        })
        .collect();
    let results: Vec<String> = (0..rets.len()).map(|k| format!("%r#{k}")).collect();
    format!(
        "func.func @main({params}) -> ({types}) {{
  %r:{n} = \"stablehlo.reduce\"({operands}, {inits}) ({{
  ^bb0({args}, {xs}):
{body}    \"stablehlo.return\"({rets}) : ({ret_types}) -> ()
  }}) {{dimensions = {dims}}} : ({in_types}, {init_types}) -> ({types})
  func.return {results} : {types}
}}",
        types = types.join(", "),
        n = rets.len(),
        operands = operands.join(", "),
        inits = inits.join(", "),
        rets = rets.join(", "),
        ret_types = ret_types.join(", "),
        results = results.join(", "),
    )
}

/// The argmax and argmin reducers (several outputs, a body of compares,
/// boolean ops and selects) give the interpreter's bits with scalar code,
/// where the folds run on lanes (`reduce::fold_lanes`), as without it,
/// where they run on whole tensors (`VecBody`, four outputs or more) or
/// call by call; and count the same steps, failing at the same one under a
/// step limit just too small. Values are drawn from a few, so that ties are
/// common, NaNs of several payloads, ±0 and ±∞ among them; init values are
/// −∞ (+∞), the extremes, NaN; indices are positions or a few repeated
/// values; output counts 0, 1, 3, 4, 40, 100, 130, 300 and 500 (rows of
/// lanes filled, partial, several, split over threads), one, two or no
/// reduced dimensions, empty folds.
#[test]
fn arg_reductions_on_lanes_give_the_interpreters_bits() {
    let i32t = ElementType::Int(Signedness::Signless, 32);
    let types = [
        ElementType::Float(FloatKind::F32),
        ElementType::Float(FloatKind::F64),
        ElementType::Float(FloatKind::BF16),
        ElementType::Float(FloatKind::F16),
        ElementType::Float(FloatKind::F8E5M2),
        ElementType::Int(Signedness::Signless, 32),
        ElementType::Int(Signedness::Unsigned, 8),
        ElementType::Int(Signedness::Signless, 64),
        ElementType::I1,
    ];
    let cases: &[(&[usize], &[usize])] = &[
        (&[7], &[0]),
        (&[3, 11], &[1]),
        (&[4, 9], &[1]),
        (&[100, 6], &[1]),
        (&[6, 100], &[0]),
        (&[130, 3], &[1]),
        (&[300, 5], &[1]),
        (&[5, 4, 6], &[0, 2]),
        (&[3, 2, 5, 4], &[1, 3]),
        (&[4, 3], &[]),
        (&[2, 0], &[1]),
        (&[0, 5], &[1]),
        // Work enough to split rows of outputs over threads.
        (&[40, 3000], &[1]),
        (&[500, 300], &[1]),
    ];
    let mut seed = 0;
    for t in &types {
        let s = samples(t, 64);
        let (low, high) = match t {
            ElementType::Float(k) => (
                crate::float::from_f64(*k, f64::NEG_INFINITY),
                crate::float::from_f64(*k, f64::INFINITY),
            ),
            _ => {
                let k = int_kind(t).expect("an integer type");
                (k.wrap(k.min()), k.wrap(k.max()))
            }
        };
        let mut palette: Vec<u64> = s.iter().copied().step_by(7).take(3).collect();
        if let ElementType::Float(k) = t {
            palette.extend([0.0, -0.0, f64::NAN, 1.0].map(|x| crate::float::from_f64(*k, x)));
            // NaNs of other payloads and signs, where the format has them.
            palette.extend(s.iter().filter(|&&x| k.format().is_nan(x)).take(3));
        }
        palette.extend([low, high]);
        for (dir, init) in [("GT", low), ("LT", high)] {
            for &(shape, dims) in cases {
                for payload in [false, true] {
                    seed += 1;
                    let text = arg_reduce_program(t, dir, (shape, dims), payload);
                    let len: usize = shape.iter().product();
                    let mut pick = words(seed, 3 * len + 4);
                    let mut draw = |n: usize| (pick.next().unwrap_or(0) % n as u64) as usize;
                    let v: Vec<u64> = (0..len).map(|_| palette[draw(palette.len())]).collect();
                    let i: Vec<u64> = if seed % 2 == 0 {
                        (0..len as u64).collect()
                    } else {
                        (0..len).map(|_| draw(3) as u64).collect()
                    };
                    let init = if seed % 3 == 0 {
                        palette[draw(palette.len())]
                    } else {
                        init
                    };
                    let tensor = |elem: &ElementType, data: &[u64]| {
                        Value::tensor(Tensor::new(elem.clone(), shape.to_vec(), data))
                    };
                    let mut args = vec![
                        tensor(t, &v),
                        tensor(&i32t, &i),
                        scalar_value(t, init),
                        i32_value(if seed % 2 == 0 { 0 } else { -1 }),
                    ];
                    if payload {
                        let p: Vec<u64> = (0..len).map(|_| draw(1000) as u64).collect();
                        args.extend([tensor(&i32t, &p), i32_value(7), i32_value(-3)]);
                    }
                    let (out, compiled, steps) =
                        same_both_ways_counted(&text, &args, Limits::default());
                    out.unwrap_or_else(|e| panic!("{t} {dir} {shape:?}: {e}\n{text}"));
                    assert_eq!(compiled, 1, "{t} {dir} {shape:?}");
                    if steps > 0 {
                        let limits = Limits {
                            max_steps: steps - 1,
                            ..Limits::default()
                        };
                        let (out, _, _) = same_both_ways_counted(&text, &args, limits);
                        assert!(out.is_err(), "{t} {dir} {shape:?}: the step limit holds");
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Random loops
// ---------------------------------------------------------------------------

const INT_BINARY: &[&str] = &[
    "stablehlo.add",
    "stablehlo.subtract",
    "stablehlo.multiply",
    "stablehlo.divide",
    "stablehlo.remainder",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.power",
    "stablehlo.and",
    "stablehlo.or",
    "stablehlo.xor",
    "stablehlo.shift_left",
    "stablehlo.shift_right_logical",
    "stablehlo.shift_right_arithmetic",
];
const INT_UNARY: &[&str] = &[
    "stablehlo.not",
    "stablehlo.popcnt",
    "stablehlo.count_leading_zeros",
    "stablehlo.abs",
    "stablehlo.negate",
    "stablehlo.sign",
];
const BOOL_BINARY: &[&str] = &[
    "stablehlo.add",
    "stablehlo.multiply",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.and",
    "stablehlo.or",
    "stablehlo.xor",
];
const FLOAT_BINARY: &[&str] = &[
    "stablehlo.add",
    "stablehlo.subtract",
    "stablehlo.multiply",
    "stablehlo.divide",
    "stablehlo.remainder",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.power",
    "stablehlo.atan2",
    "chlo.next_after",
];
const FLOAT_UNARY: &[&str] = &[
    "stablehlo.abs",
    "stablehlo.negate",
    "stablehlo.sign",
    "stablehlo.sqrt",
    "stablehlo.rsqrt",
    "stablehlo.cbrt",
    "stablehlo.floor",
    "stablehlo.ceil",
    "stablehlo.round_nearest_even",
    "stablehlo.round_nearest_afz",
    "stablehlo.exponential",
    "stablehlo.exponential_minus_one",
    "stablehlo.log",
    "stablehlo.log_plus_one",
    "stablehlo.logistic",
    "stablehlo.sine",
    "stablehlo.cosine",
    "stablehlo.tanh",
    "chlo.atan",
    "chlo.sinh",
    "chlo.erf",
];

/// A random loop (reproducible from `seed`) over a counter and three
/// variables of one element type, whose body is a random sequence of
/// elementwise ops (now and then one the kernels refuse for the type)
/// reading the variables, the counter and a captured argument; with its
/// arguments and a random step limit (often below the iterations run).
fn random_loop(seed: u64) -> (String, Vec<Value>, Limits) {
    random_loop_with(seed, false)
}

/// [`random_loop`]; `mixed`: first and now and then, a value goes through
/// a tensor (broadcast to two elements, sliced, reshaped back to rank 0),
/// so the loop is not scalar code and its body runs in the interpreter,
/// scalar ops between tensor ops; with a random work limit too.
fn random_loop_with(seed: u64, mixed: bool) -> (String, Vec<Value>, Limits) {
    let mut rng = words(seed, 10_000);
    let mut next = move |n: usize| (rng.next().unwrap_or(0) % n.max(1) as u64) as usize;
    let types = element_types();
    let elem = types[next(types.len())].clone();
    let t = &elem.to_string();
    let (binary, unary): (&[&str], &[&str]) = match domain(&elem).unwrap() {
        Domain::Bool => (BOOL_BINARY, &["stablehlo.not"]),
        Domain::Int(_) => (INT_BINARY, INT_UNARY),
        _ => (FLOAT_BINARY, FLOAT_UNARY),
    };
    let s = samples(&elem, 64);
    let mut names: Vec<String> = ["a", "b", "d", "k", "c"].map(String::from).to_vec();
    let mut body = gen_op("c", "stablehlo.convert", "", &[("n", "i32")], t);
    for i in 0..1 + next(10) {
        let r = format!("v{i}");
        let x = names[next(names.len())].clone();
        let y = names[next(names.len())].clone();
        let z = names[next(names.len())].clone();
        let (x, y, z) = (x.as_str(), y.as_str(), z.as_str());
        if mixed && (i == 0 || next(4) == 0) {
            let (b, l) = (format!("t{i}"), format!("l{i}"));
            body += &gen_op(
                &b,
                "stablehlo.broadcast_in_dim",
                "{broadcast_dimensions = array<i64>}",
                &[(x, t)],
                &format!("2x{t}"),
            );
            body += &format!(
                "    %{l} = \"stablehlo.slice\"(%{b}) {{start_indices = array<i64: 1>, limit_indices = array<i64: 2>, strides = array<i64: 1>}} : (tensor<2x{t}>) -> tensor<1x{t}>\n"
            );
            body += &format!(
                "    %{r} = \"stablehlo.reshape\"(%{l}) : (tensor<1x{t}>) -> tensor<{t}>\n"
            );
            names.push(r);
            continue;
        }
        match next(16) {
            0..=4 => body += &gen_op(&r, binary[next(binary.len())], "", &[(x, t), (y, t)], t),
            5..=7 => body += &gen_op(&r, unary[next(unary.len())], "", &[(x, t)], t),
            8 => {
                // Any op, whether or not the kernel takes this type.
                let all: Vec<&str> = INT_BINARY.iter().chain(FLOAT_BINARY).copied().collect();
                body += &gen_op(&r, all[next(all.len())], "", &[(x, t), (y, t)], t);
            }
            9 | 10 => {
                let dir = ["EQ", "NE", "GE", "GT", "LE", "LT"][next(6)];
                let ctype = ["", "SIGNED", "UNSIGNED", "FLOAT", "TOTALORDER"][next(5)];
                let p = format!("p{i}");
                body += &gen_op(
                    &p,
                    "stablehlo.compare",
                    &compare_attrs(dir, ctype),
                    &[(x, t), (y, t)],
                    "i1",
                );
                body += &gen_op(&r, "stablehlo.select", "", &[(&p, "i1"), (y, t), (z, t)], t);
            }
            11 => body += &gen_op(&r, "stablehlo.clamp", "", &[(x, t), (y, t), (z, t)], t),
            12 => {
                let via = types[next(types.len())].to_string();
                let mid = format!("w{i}");
                body += &gen_op(&mid, "stablehlo.convert", "", &[(x, t)], &via);
                body += &gen_op(&r, "stablehlo.convert", "", &[(&mid, &via)], t);
            }
            13 => {
                let lit =
                    super::super::literal::format_value(&scalar_value(&elem, s[next(s.len())]));
                body += &format!(
                    "    %{r} = \"stablehlo.constant\"() {{value = {lit}}} : () -> tensor<{t}>\n"
                );
            }
            14 => {
                let attrs = format!(
                    "{{exponent_bits = {} : i32, mantissa_bits = {} : i32}}",
                    next(10),
                    next(11)
                );
                body += &gen_op(&r, "stablehlo.reduce_precision", &attrs, &[(x, t)], t);
            }
            _ => {
                // The kernel refuses all but floats.
                let p = format!("p{i}");
                body += &gen_op(&p, "stablehlo.is_finite", "", &[(x, t)], "i1");
                body += &gen_op(&r, "stablehlo.select", "", &[(&p, "i1"), (y, t), (z, t)], t);
            }
        }
        names.push(r);
    }
    let returns = [0, 1, 2].map(|_| names[next(names.len())].clone());
    let returns = returns.each_ref().map(String::as_str);
    let text = while_program(&elem, &["a", "b", "d"], &body, &returns);
    let args = vec![
        scalar_value(&elem, s[next(s.len())]),
        scalar_value(&elem, s[next(s.len())]),
        scalar_value(&elem, s[next(s.len())]),
        scalar_value(&elem, s[next(s.len())]),
        i32_value(next(40) as i32),
    ];
    let limits = Limits {
        max_steps: 1 + next(60) as u64,
        max_work: if mixed {
            next(1500) as u64
        } else {
            Limits::default().max_work
        },
        ..Limits::default()
    };
    (text, args, limits)
}

/// Random loops give the same outcome with scalar code on and off. A loop
/// whose body ran without error (the loop ended, or stopped at the step
/// limit after an iteration) must have compiled: scalar code takes every
/// op and type these loops use where the kernel takes it.
#[test]
fn random_loops_give_the_same_outcome_both_ways() {
    let (mut compiled, mut failed, mut finished) = (0, 0, 0);
    for seed in 0..400 {
        let (text, args, limits) = random_loop(seed);
        let (out, c, steps) = same_both_ways_counted(&text, &args, limits);
        compiled += c;
        let ran = match &out {
            Ok(_) => true,
            Err(e) => e.contains("the step limit"),
        };
        if ran && steps > 0 {
            assert_eq!(
                c, 1,
                "did not compile ({out:?} after {steps} steps):\n{text}"
            );
        }
        if out.is_ok() {
            finished += 1;
        } else {
            failed += 1;
        }
    }
    assert!(compiled > 200, "{compiled} of 400 compiled");
    assert!(
        failed > 40 && finished > 100,
        "{failed} failed, {finished} finished"
    );
}

/// Random loops whose bodies mix scalar ops with tensor ops run in the
/// interpreter, the runs of scalar ops between the tensor ops as scalar
/// code (`Segment`): the same outcome as with scalar code off, after the
/// same loop iterations and the same work counted, the work limit cutting
/// the loops at random places.
#[test]
fn scalar_runs_between_tensor_ops_give_the_same_outcome_both_ways() {
    let (mut runs, mut work_stops, mut finished) = (0, 0, 0);
    for seed in 0..400 {
        let (text, args, limits) = random_loop_with(seed, true);
        let prog = parse_program("t.mlir", &text).unwrap_or_else(|d| panic!("{d}\n{text}"));
        let mut reference = Interp::new(&prog, limits);
        reference.scalar_code = false;
        let want = reference.call("main", args.clone());
        let mut interp = Interp::new(&prog, limits);
        let got = interp.call("main", args.clone());
        assert_eq!(got, want, "{text}\non {args:?} under {limits:?}");
        assert_eq!(interp.steps, reference.steps, "{text}");
        assert_eq!(interp.work.get(), reference.work.get(), "{text}");
        assert_eq!(reference.segments_run, 0);
        runs += interp.segments_run;
        match &got {
            Ok(_) => finished += 1,
            Err(e) if e.contains("work limit") => work_stops += 1,
            Err(_) => {}
        }
    }
    assert!(runs > 1000, "{runs} runs of scalar code");
    assert!(
        work_stops > 40 && finished > 40,
        "{work_stops} stopped by the work limit, {finished} finished"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

    #[test]
    fn random_loops_agree(seed in proptest::prelude::any::<u64>()) {
        let (text, args, limits) = random_loop(seed);
        let _ = same_both_ways(&text, &args, limits);
    }
}
