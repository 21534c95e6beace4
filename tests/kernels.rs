//! The blocked, vectorised multiply-accumulate engine (`interp/gemm.rs`)
//! gives the plain loops' bits: `dot_general` and `convolution` run with
//! `Interp::fast_kernels` on and off on the same operands must agree bit
//! for bit (NaN payloads and signs included), for every element type, on
//! shapes that exercise partial tiles, blocks of the contraction, threads,
//! empty dimensions, batch dimensions, several contracting dimensions and
//! transposed layouts, with NaN, ±∞, −0 and subnormal operands. The
//! roundings the bf16 and f16 paths do in `f32` lanes are checked against
//! soft-float directly.

use hlocheck::float::{arith, FloatKind, Format, Rounding};
use hlocheck::interp::gemm::{round_bf16, round_f16};
use hlocheck::interp::tensor::Tensor;
use hlocheck::interp::{Interp, Limits, Value};
use hlocheck::ir::parse::parse_program;
use hlocheck::ir::types::{ElementType, Signedness};

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
        self.next() % n
    }
}

/// A float pattern: mostly values of moderate magnitude (so that sums do
/// not all overflow), with specials (NaN of any payload, ±∞, ±0,
/// subnormals, the largest value) and arbitrary patterns mixed in at rate
/// `special` per mille.
fn float_bits(f: &Format, rng: &mut Rng, special: u64) -> u64 {
    let width = f.bits();
    let all = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let sign = if f.signed {
        (rng.below(2)) << (width - 1)
    } else {
        0
    };
    let man_mask = (1u64 << f.man_bits) - 1;
    let exp_max = (1u64 << f.exp_bits) - 1;
    let roll = rng.below(1000);
    if roll < special {
        return match rng.below(6) {
            0 => rng.next() & all,
            1 => sign | (rng.next() & man_mask), // zero or subnormal
            2 => sign | (exp_max << f.man_bits), // ∞ (or NaN/finite)
            3 => all,                            // NaN in most formats
            4 => sign | ((exp_max << f.man_bits) | (rng.next() & man_mask)),
            _ => sign, // ±0
        };
    }
    let mid = (f.bias as i64).clamp(1, exp_max as i64 - 1);
    let spread = (exp_max as i64 / 8).clamp(1, 3);
    let e = (mid + rng.below(2 * spread as u64 + 1) as i64 - spread).clamp(1, exp_max as i64 - 1);
    sign | ((e as u64) << f.man_bits) | (rng.next() & man_mask)
}

/// The lanes of `n` elements of `elem`.
fn lanes(elem: &ElementType, n: usize, rng: &mut Rng, special: u64) -> Vec<u64> {
    match elem {
        ElementType::Float(k) => (0..n)
            .map(|_| float_bits(k.format(), rng, special))
            .collect(),
        ElementType::Complex(k) => (0..2 * n)
            .map(|_| float_bits(k.format(), rng, special))
            .collect(),
        ElementType::Int(s, w) => (0..n)
            .map(|_| {
                let v = rng.next();
                let w = *w;
                if w == 64 {
                    v
                } else if *s == Signedness::Unsigned || w == 1 {
                    v & ((1u64 << w) - 1)
                } else {
                    (((v << (64 - w)) as i64) >> (64 - w)) as u64
                }
            })
            .collect(),
        other => panic!("no lanes for {other:?}"),
    }
}

fn type_name(elem: &ElementType) -> String {
    match elem {
        ElementType::Float(k) => k.name().to_string(),
        ElementType::Complex(k) => format!("complex<{}>", k.name()),
        ElementType::Int(_, 1) => "i1".to_string(),
        ElementType::Int(Signedness::Unsigned, w) => format!("ui{w}"),
        ElementType::Int(_, w) => format!("i{w}"),
        other => panic!("no name for {other:?}"),
    }
}

fn tensor_type(shape: &[usize], elem: &ElementType) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s += &format!("{d}x");
    }
    s + &type_name(elem) + ">"
}

/// Operands of shapes `lhs` and `rhs` drawn by [`lanes`] (`special` as
/// there), run fast and plain by [`same_both_ways`].
fn random_operands_agree(
    text: &str,
    elem: &ElementType,
    (lhs, rhs): (&[usize], &[usize]),
    rng: &mut Rng,
    special: u64,
) -> usize {
    let mut operand = |shape: &[usize]| {
        let n = shape.iter().product();
        Value::tensor(Tensor::new(
            elem.clone(),
            shape.to_vec(),
            &lanes(elem, n, rng, special),
        ))
    };
    let a = operand(lhs);
    let b = operand(rhs);
    same_both_ways(text, a, b)
}

/// Runs `@main(a, b)` with the engine on and off; both must give the same
/// values, bit for bit. Returns how many results held a NaN (to show that
/// the NaN fix-up was exercised).
fn same_both_ways(text: &str, a: Value, b: Value) -> usize {
    same_both_ways_on(text, vec![a, b])
}

/// [`same_both_ways`] with any arguments.
fn same_both_ways_on(text: &str, args: Vec<Value>) -> usize {
    let prog = parse_program("t.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"));
    let mut outs = Vec::new();
    for fast in [false, true] {
        let mut interp = Interp::new(&prog, Limits::default());
        interp.fast_kernels = fast;
        outs.push(interp.call("main", args.clone()));
    }
    let (want, got) = (&outs[0], &outs[1]);
    let want = want.as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let got = got.as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(want == got, "engine differs from the plain loops:\n{text}");
    usize::from(want.iter().any(has_nan))
}

/// Whether a float or complex tensor holds a NaN.
fn has_nan(v: &Value) -> bool {
    let Ok(t) = v.as_tensor() else { return false };
    let kind = match &t.elem {
        ElementType::Float(k) | ElementType::Complex(k) => *k,
        _ => return false,
    };
    t.lanes_vec().iter().any(|&b| kind.format().is_nan(b))
}

/// Every element type the kernels take: all float formats, complex,
/// integers of every width and signedness, i1.
fn element_types() -> Vec<ElementType> {
    let mut v: Vec<ElementType> = FloatKind::ALL
        .iter()
        .map(|&k| ElementType::Float(k))
        .collect();
    v.push(ElementType::Complex(FloatKind::F32));
    v.push(ElementType::Complex(FloatKind::F64));
    for w in [1, 8, 16, 32, 64] {
        v.push(ElementType::Int(Signedness::Signless, w));
    }
    for w in [8, 32] {
        v.push(ElementType::Int(Signedness::Unsigned, w));
    }
    v
}

/// One dot_general case: operand shapes and dimension numbers.
struct DotCase {
    lhs: Vec<usize>,
    rhs: Vec<usize>,
    lb: Vec<usize>,
    rb: Vec<usize>,
    lc: Vec<usize>,
    rc: Vec<usize>,
}

impl DotCase {
    fn result_shape(&self) -> Vec<usize> {
        let mut s: Vec<usize> = self.lb.iter().map(|&d| self.lhs[d]).collect();
        s.extend(
            (0..self.lhs.len())
                .filter(|d| !self.lb.contains(d) && !self.lc.contains(d))
                .map(|d| self.lhs[d]),
        );
        s.extend(
            (0..self.rhs.len())
                .filter(|d| !self.rb.contains(d) && !self.rc.contains(d))
                .map(|d| self.rhs[d]),
        );
        s
    }

    fn program(&self, elem: &ElementType) -> String {
        let list = |v: &[usize]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (lt, rt) = (tensor_type(&self.lhs, elem), tensor_type(&self.rhs, elem));
        let ot = tensor_type(&self.result_shape(), elem);
        format!(
            "func.func @main(%a: {lt}, %b: {rt}) -> {ot} {{
  %r = \"stablehlo.dot_general\"(%a, %b) {{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [{}], rhs_batching_dimensions = [{}], lhs_contracting_dimensions = [{}], rhs_contracting_dimensions = [{}]>}} : ({lt}, {rt}) -> {ot}
  func.return %r : {ot}
}}",
            list(&self.lb),
            list(&self.rb),
            list(&self.lc),
            list(&self.rc)
        )
    }
}

fn case(
    lhs: &[usize],
    rhs: &[usize],
    lb: &[usize],
    rb: &[usize],
    lc: &[usize],
    rc: &[usize],
) -> DotCase {
    DotCase {
        lhs: lhs.to_vec(),
        rhs: rhs.to_vec(),
        lb: lb.to_vec(),
        rb: rb.to_vec(),
        lc: lc.to_vec(),
        rc: rc.to_vec(),
    }
}

/// Shapes small enough for every element type (the plain soft-float loops
/// are slow): partial tiles, empty dimensions, batches, several
/// contracting dimensions, transposed layouts, vectors.
fn small_cases() -> Vec<DotCase> {
    vec![
        case(&[5, 7], &[7, 3], &[], &[], &[1], &[0]),
        case(&[1, 1], &[1, 1], &[], &[], &[1], &[0]),
        case(&[9, 13], &[13, 37], &[], &[], &[1], &[0]),
        case(&[13, 9], &[37, 13], &[], &[], &[0], &[1]),
        case(&[0, 4], &[4, 5], &[], &[], &[1], &[0]),
        case(&[3, 0], &[0, 5], &[], &[], &[1], &[0]),
        case(&[3, 4], &[4, 0], &[], &[], &[1], &[0]),
        case(&[2, 5, 6], &[2, 6, 7], &[0], &[0], &[2], &[1]),
        case(&[3, 4, 2, 5], &[4, 3, 2, 6], &[0], &[1], &[1, 2], &[0, 2]),
        case(&[6, 3, 4], &[4, 6, 2], &[], &[], &[0, 2], &[1, 0]),
        case(&[8], &[8], &[], &[], &[0], &[0]),
        case(&[8], &[8, 3], &[], &[], &[0], &[0]),
        case(&[0, 3, 4], &[0, 4, 2], &[0], &[0], &[2], &[1]),
        // One column (run as the column's transpose times the matrix's):
        // a matrix times a vector, a column of one, and a batch whose
        // rows lie across the contraction.
        case(&[7, 5], &[5], &[], &[], &[1], &[0]),
        case(&[6, 4], &[4, 1], &[], &[], &[1], &[0]),
        case(&[2, 5, 9], &[2, 5], &[0], &[0], &[1], &[1]),
    ]
}

#[test]
fn dot_general_engine_matches_the_plain_loops_for_every_type() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut nan_results = 0;
    for elem in element_types() {
        for c in small_cases() {
            let text = c.program(&elem);
            for special in [0, 30, 300] {
                nan_results +=
                    random_operands_agree(&text, &elem, (&c.lhs, &c.rhs), &mut rng, special);
            }
        }
    }
    assert!(
        nan_results > 0,
        "no result held a NaN: the fix-up went untested"
    );
}

/// Shapes that take every path of the engine: partial register tiles,
/// several blocks of rows, contraction blocks (K above 256), enough work
/// for threads, batches, transposed operands.
#[test]
fn dot_general_engine_matches_the_plain_loops_on_large_shapes() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let types = [
        ElementType::Float(FloatKind::F32),
        ElementType::Float(FloatKind::F64),
        ElementType::Float(FloatKind::BF16),
        ElementType::Float(FloatKind::F16),
        ElementType::Float(FloatKind::F8E4M3FN),
        // Formats of 8 bits or fewer run on tables of their operations
        // from 2^18 steps on: most of these cases.
        ElementType::Float(FloatKind::F8E5M2),
        ElementType::Float(FloatKind::F8E4M3FNUZ),
        ElementType::Float(FloatKind::F6E3M2FN),
        ElementType::Float(FloatKind::F4E2M1FN),
        ElementType::Int(Signedness::Signless, 32),
        ElementType::Int(Signedness::Signless, 8),
    ];
    let cases = [
        case(&[70, 300], &[300, 45], &[], &[], &[1], &[0]),
        case(&[300, 67], &[33, 300], &[], &[], &[0], &[1]),
        case(&[3, 33, 130], &[3, 130, 65], &[0], &[0], &[2], &[1]),
        case(&[130, 3, 9], &[9, 3, 129], &[], &[], &[1, 2], &[1, 0]),
        // Few columns (panels of one vector): a long contraction with
        // threads, and a vector-like product.
        case(&[150, 300], &[300, 10], &[], &[], &[1], &[0]),
        case(&[2, 700], &[700, 7], &[], &[], &[1], &[0]),
        case(&[2, 40, 70], &[2, 70, 16], &[0], &[0], &[2], &[1]),
        // Few rows (the right operand read in place, not packed): whole
        // panels and an edge, two contraction blocks, batches.
        case(&[3, 8, 300], &[3, 300, 70], &[0], &[0], &[2], &[1]),
        // One row (a vector times a matrix, a decoding step): rows that
        // advance alone, over two contraction blocks.
        case(&[600], &[600, 40], &[], &[], &[0], &[0]),
        // One column: a long matrix times a vector, and batches of rows
        // lying across the contraction (the lhs read as it is stored).
        case(&[70, 300], &[300], &[], &[], &[1], &[0]),
        case(&[40, 8, 70], &[40, 8], &[0], &[0], &[1], &[1]),
    ];
    for elem in types {
        for c in &cases {
            let text = c.program(&elem);
            for special in [0, 2] {
                random_operands_agree(&text, &elem, (&c.lhs, &c.rhs), &mut rng, special);
            }
        }
    }
}

/// One convolution case, in MLIR's pretty layout syntax.
struct ConvCase {
    /// lhs, rhs and result layouts, e.g. `[b, 0, 1, f]`, `[0, 1, i, o]`.
    layouts: (&'static str, &'static str, &'static str),
    lhs: Vec<usize>,
    rhs: Vec<usize>,
    stride: Vec<usize>,
    pad: Vec<(i64, i64)>,
    lhs_dil: Vec<usize>,
    rhs_dil: Vec<usize>,
    reverse: Vec<bool>,
    groups: (usize, usize),
}

/// Positions of `b`/`f` (or `i`/`o`) and the spatial digits in a layout.
fn layout_dims(layout: &str) -> (usize, usize, Vec<usize>) {
    let items: Vec<&str> = layout
        .trim_matches(|c| c == '[' || c == ']')
        .split(',')
        .map(str::trim)
        .collect();
    let find = |names: &[&str]| items.iter().position(|x| names.contains(x)).unwrap();
    let mut spatial = vec![0; items.len() - 2];
    for (p, x) in items.iter().enumerate() {
        if let Ok(d) = x.parse::<usize>() {
            spatial[d] = p;
        }
    }
    (find(&["b", "i"]), find(&["f", "o"]), spatial)
}

impl ConvCase {
    fn result_shape(&self) -> Vec<usize> {
        let (lb, lf, ls) = layout_dims(self.layouts.0);
        let (_, ko, ks) = layout_dims(self.layouts.1);
        let (ob, of, os) = layout_dims(self.layouts.2);
        let _ = lf;
        let mut out = vec![0; self.lhs.len()];
        out[ob] = self.lhs[lb] / self.groups.1;
        out[of] = self.rhs[ko];
        for d in 0..ls.len() {
            let n = self.lhs[ls[d]];
            let dilated = if n == 0 {
                0
            } else {
                (n - 1) * self.lhs_dil[d] + 1
            };
            let padded = dilated as i64 + self.pad[d].0 + self.pad[d].1;
            let k = self.rhs[ks[d]];
            let window = if k == 0 {
                0
            } else {
                (k - 1) * self.rhs_dil[d] + 1
            } as i64;
            out[os[d]] = if padded < window {
                0
            } else {
                ((padded - window) / self.stride[d] as i64 + 1) as usize
            };
        }
        out
    }

    fn program(&self, elem: &ElementType) -> String {
        let list = |v: &[usize]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let pads = self
            .pad
            .iter()
            .map(|(a, b)| format!("[{a}, {b}]"))
            .collect::<Vec<_>>()
            .join(", ");
        let rev = self
            .reverse
            .iter()
            .map(|r| r.to_string())
            .collect::<Vec<_>>()
            .join(", ");
        let (lt, rt) = (tensor_type(&self.lhs, elem), tensor_type(&self.rhs, elem));
        let ot = tensor_type(&self.result_shape(), elem);
        format!(
            "func.func @main(%a: {lt}, %b: {rt}) -> {ot} {{
  %r = stablehlo.convolution(%a, %b) dim_numbers = {}x{}->{}, window = {{stride = [{}], pad = [{pads}], lhs_dilate = [{}], rhs_dilate = [{}], reverse = [{rev}]}} {{batch_group_count = {} : i64, feature_group_count = {} : i64}} : ({lt}, {rt}) -> {ot}
  func.return %r : {ot}
}}",
            self.layouts.0,
            self.layouts.1,
            self.layouts.2,
            list(&self.stride),
            list(&self.lhs_dil),
            list(&self.rhs_dil),
            self.groups.1,
            self.groups.0,
        )
    }
}

fn conv_cases() -> Vec<ConvCase> {
    let nhwc = ("[b, 0, 1, f]", "[0, 1, i, o]", "[b, 0, 1, f]");
    let nchw = ("[b, f, 0, 1]", "[o, i, 0, 1]", "[b, f, 0, 1]");
    let odd = ("[f, 1, b, 0]", "[1, o, 0, i]", "[0, f, b, 1]");
    let c2 = |layouts, lhs: &[usize], rhs: &[usize]| ConvCase {
        layouts,
        lhs: lhs.to_vec(),
        rhs: rhs.to_vec(),
        stride: vec![1, 1],
        pad: vec![(0, 0), (0, 0)],
        lhs_dil: vec![1, 1],
        rhs_dil: vec![1, 1],
        reverse: vec![false, false],
        groups: (1, 1),
    };
    vec![
        c2(nhwc, &[2, 6, 7, 3], &[3, 3, 3, 5]),
        ConvCase {
            pad: vec![(1, 1), (2, 0)],
            ..c2(nhwc, &[1, 9, 8, 4], &[3, 2, 4, 37])
        },
        ConvCase {
            stride: vec![2, 3],
            pad: vec![(1, 2), (-1, 1)],
            lhs_dil: vec![2, 1],
            rhs_dil: vec![1, 2],
            reverse: vec![true, false],
            ..c2(nchw, &[2, 3, 7, 9], &[4, 3, 2, 3])
        },
        ConvCase {
            groups: (2, 1),
            ..c2(nchw, &[2, 4, 5, 5], &[6, 2, 3, 3])
        },
        ConvCase {
            groups: (1, 2),
            ..c2(nhwc, &[4, 5, 5, 3], &[2, 2, 3, 6])
        },
        ConvCase {
            pad: vec![(1, 1), (1, 1)],
            reverse: vec![false, true],
            ..c2(odd, &[3, 5, 2, 6], &[4, 5, 3, 3])
        },
        // One input feature (each window entry one column of a tile):
        // padded; strided, with rhs dilation, a reversed window and
        // negative padding.
        ConvCase {
            pad: vec![(1, 1), (1, 1)],
            ..c2(nhwc, &[2, 9, 7, 1], &[3, 3, 1, 6])
        },
        ConvCase {
            stride: vec![2, 1],
            pad: vec![(2, 1), (-1, 2)],
            rhs_dil: vec![2, 1],
            reverse: vec![false, true],
            ..c2(nchw, &[3, 1, 9, 8], &[5, 1, 2, 3])
        },
        // A weight gradient's layout: features outermost (strided), the
        // batch innermost, a window as large as the padded input.
        ConvCase {
            pad: vec![(1, 1), (1, 1)],
            ..c2(
                ("[f, 0, 1, b]", "[i, 0, 1, o]", "[0, 1, b, f]"),
                &[4, 6, 6, 3],
                &[4, 6, 6, 5],
            )
        },
        // An empty window, an empty batch.
        c2(nhwc, &[1, 4, 4, 2], &[0, 2, 2, 3]),
        c2(nhwc, &[0, 4, 4, 2], &[2, 2, 2, 3]),
        // One spatial dimension, more than one contraction block (K = 3·100).
        ConvCase {
            layouts: ("[b, 0, f]", "[0, i, o]", "[b, 0, f]"),
            lhs: vec![2, 40, 100],
            rhs: vec![3, 100, 35],
            stride: vec![1],
            pad: vec![(1, 1)],
            lhs_dil: vec![1],
            rhs_dil: vec![1],
            reverse: vec![false],
            groups: (1, 1),
        },
        // Groups of one or two output features (the lanewise engine):
        // depthwise in NHWC (features in one slice) with padding, with a
        // channel multiplier of 2, strides, both dilations and a reversed
        // window; in NCHW and an odd layout (features strided); two input
        // features per group; batch groups of one output feature; an empty
        // window; more window entries than one gathered block holds.
        ConvCase {
            pad: vec![(1, 1), (1, 1)],
            groups: (8, 1),
            ..c2(nhwc, &[2, 7, 6, 8], &[3, 3, 1, 8])
        },
        ConvCase {
            stride: vec![2, 1],
            pad: vec![(1, 2), (0, 1)],
            lhs_dil: vec![1, 2],
            rhs_dil: vec![1, 2],
            reverse: vec![true, false],
            groups: (4, 1),
            ..c2(nhwc, &[2, 9, 8, 4], &[3, 2, 1, 8])
        },
        ConvCase {
            stride: vec![1, 2],
            pad: vec![(2, 0), (1, 1)],
            groups: (6, 1),
            ..c2(nchw, &[2, 6, 5, 5], &[6, 1, 3, 3])
        },
        ConvCase {
            pad: vec![(0, 1), (1, 1)],
            reverse: vec![true, true],
            groups: (6, 1),
            ..c2(odd, &[6, 5, 2, 4], &[3, 6, 2, 1])
        },
        ConvCase {
            pad: vec![(1, 0), (-1, 1)],
            groups: (3, 1),
            ..c2(nhwc, &[1, 5, 6, 6], &[2, 2, 2, 6])
        },
        ConvCase {
            pad: vec![(1, 1), (0, 0)],
            groups: (1, 3),
            ..c2(nhwc, &[6, 5, 5, 2], &[2, 2, 2, 3])
        },
        ConvCase {
            groups: (1, 4),
            stride: vec![2, 2],
            ..c2(nchw, &[8, 2, 5, 6], &[8, 2, 2, 2])
        },
        ConvCase {
            groups: (4, 1),
            ..c2(nhwc, &[1, 4, 4, 4], &[0, 2, 1, 4])
        },
        ConvCase {
            layouts: ("[b, 0, f]", "[0, i, o]", "[b, 0, f]"),
            lhs: vec![1, 12, 600],
            rhs: vec![9, 1, 600],
            stride: vec![1],
            pad: vec![(4, 4)],
            lhs_dil: vec![1],
            rhs_dil: vec![1],
            reverse: vec![false],
            groups: (600, 1),
        },
        // Three spatial dimensions.
        ConvCase {
            layouts: ("[b, 0, 1, 2, f]", "[0, 1, 2, i, o]", "[b, f, 0, 1, 2]"),
            lhs: vec![1, 4, 5, 3, 2],
            rhs: vec![2, 2, 2, 2, 3],
            stride: vec![1, 2, 1],
            pad: vec![(0, 1), (1, 0), (0, 0)],
            lhs_dil: vec![1, 1, 1],
            rhs_dil: vec![1, 1, 2],
            reverse: vec![false, false, true],
            groups: (1, 1),
        },
    ]
}

#[test]
fn convolution_engine_matches_the_plain_loops() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let types = [
        ElementType::Float(FloatKind::F32),
        ElementType::Float(FloatKind::F64),
        ElementType::Float(FloatKind::BF16),
        ElementType::Float(FloatKind::F16),
        ElementType::Float(FloatKind::F8E4M3FNUZ),
        ElementType::Float(FloatKind::F8E5M2),
        ElementType::Float(FloatKind::F4E2M1FN),
        ElementType::Complex(FloatKind::F32),
        ElementType::Int(Signedness::Signless, 32),
        ElementType::Int(Signedness::Signless, 1),
    ];
    for elem in types {
        for c in conv_cases() {
            let text = c.program(&elem);
            for special in [0, 20, 300] {
                random_operands_agree(&text, &elem, (&c.lhs, &c.rhs), &mut rng, special);
            }
        }
    }
    // Large enough for threads: a depthwise convolution as in MobileNet
    // and a grouped one, in the formats the engine computes in f32/f64
    // lanes.
    let nhwc = ("[b, 0, 1, f]", "[0, 1, i, o]", "[b, 0, 1, f]");
    let big = [
        ConvCase {
            layouts: nhwc,
            lhs: vec![2, 40, 40, 32],
            rhs: vec![3, 3, 1, 32],
            stride: vec![1, 1],
            pad: vec![(1, 1), (1, 1)],
            lhs_dil: vec![1, 1],
            rhs_dil: vec![1, 1],
            reverse: vec![false, false],
            groups: (32, 1),
        },
        ConvCase {
            layouts: nhwc,
            lhs: vec![2, 33, 31, 16],
            rhs: vec![3, 3, 2, 16],
            stride: vec![2, 1],
            pad: vec![(1, 1), (0, 2)],
            lhs_dil: vec![1, 1],
            rhs_dil: vec![1, 1],
            reverse: vec![false, false],
            groups: (8, 1),
        },
    ];
    for kind in [
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::BF16,
        FloatKind::F16,
    ] {
        let elem = ElementType::Float(kind);
        for c in &big {
            let text = c.program(&elem);
            for special in [0, 500] {
                random_operands_agree(&text, &elem, (&c.lhs, &c.rhs), &mut rng, special);
            }
        }
    }
}

/// Transposed convolutions (a dilated lhs): the engine leaves out the
/// window entries that meet only dilation holes when every weight is
/// finite, and must still give the plain loops' bits. The lhs holds every
/// special (NaN, ±∞, ±0, subnormals); the weights are finite but hold ±0
/// and subnormals, or else also ±∞ and NaN (where nothing may be left out:
/// `0 · ∞` is NaN). Strides, paddings (negative too), both dilations,
/// reversal, groups, one to three spatial dimensions.
#[test]
fn transposed_convolution_skipping_holes_matches_the_plain_loops() {
    let mut rng = Rng(0x0DD5_EED5_1234_0001);
    let nhwc = ("[b, 0, 1, f]", "[0, 1, i, o]", "[b, 0, 1, f]");
    let nchw = ("[b, f, 0, 1]", "[o, i, 0, 1]", "[b, f, 0, 1]");
    let base = |layouts, lhs: &[usize], rhs: &[usize]| ConvCase {
        layouts,
        lhs: lhs.to_vec(),
        rhs: rhs.to_vec(),
        stride: vec![1, 1],
        pad: vec![(2, 2), (2, 2)],
        lhs_dil: vec![2, 2],
        rhs_dil: vec![1, 1],
        reverse: vec![false, false],
        groups: (1, 1),
    };
    let cases = vec![
        base(nhwc, &[2, 6, 5, 8], &[4, 4, 8, 6]),
        ConvCase {
            stride: vec![1, 2],
            pad: vec![(1, 3), (-1, 2)],
            lhs_dil: vec![3, 2],
            reverse: vec![true, false],
            ..base(nchw, &[2, 5, 7, 6], &[7, 5, 3, 4])
        },
        ConvCase {
            stride: vec![2, 1],
            pad: vec![(0, 1), (2, 1)],
            lhs_dil: vec![2, 3],
            rhs_dil: vec![2, 1],
            ..base(nhwc, &[1, 7, 6, 5], &[3, 3, 5, 9])
        },
        // The stride a multiple of the dilation: one class per dimension.
        ConvCase {
            stride: vec![2, 2],
            ..base(nhwc, &[1, 6, 6, 4], &[3, 3, 4, 5])
        },
        // Depthwise and grouped (the lanewise engine), batch groups.
        ConvCase {
            groups: (6, 1),
            ..base(nhwc, &[2, 5, 6, 6], &[3, 4, 1, 12])
        },
        ConvCase {
            groups: (2, 1),
            ..base(nchw, &[2, 4, 5, 5], &[6, 2, 4, 3])
        },
        ConvCase {
            groups: (1, 2),
            ..base(nhwc, &[4, 5, 4, 3], &[2, 3, 3, 6])
        },
        // One spatial dimension with a long contraction; three dimensions.
        ConvCase {
            layouts: ("[b, 0, f]", "[0, i, o]", "[b, 0, f]"),
            lhs: vec![2, 30, 70],
            rhs: vec![5, 70, 33],
            stride: vec![1],
            pad: vec![(4, 4)],
            lhs_dil: vec![4],
            rhs_dil: vec![1],
            reverse: vec![false],
            groups: (1, 1),
        },
        ConvCase {
            layouts: ("[b, 0, 1, 2, f]", "[0, 1, 2, i, o]", "[b, f, 0, 1, 2]"),
            lhs: vec![1, 3, 4, 3, 2],
            rhs: vec![2, 3, 2, 2, 3],
            stride: vec![1, 1, 2],
            pad: vec![(1, 1), (2, 2), (1, 0)],
            lhs_dil: vec![2, 2, 2],
            rhs_dil: vec![1, 1, 1],
            reverse: vec![false, true, false],
            groups: (1, 1),
        },
    ];
    let types = [
        ElementType::Float(FloatKind::F32),
        ElementType::Float(FloatKind::F64),
        ElementType::Float(FloatKind::BF16),
        ElementType::Float(FloatKind::F16),
        ElementType::Float(FloatKind::F8E4M3FN),
        ElementType::Float(FloatKind::F8E5M2),
        ElementType::Int(Signedness::Signless, 32),
        ElementType::Int(Signedness::Unsigned, 8),
        ElementType::Int(Signedness::Signless, 1),
    ];
    let mut nans = 0;
    for elem in &types {
        for c in &cases {
            let text = c.program(elem);
            let tensor = |shape: &[usize], v: Vec<u64>| {
                Value::tensor(Tensor::new(elem.clone(), shape.to_vec(), &v))
            };
            let n = |shape: &[usize]| shape.iter().product::<usize>();
            for special in [0, 100, 400] {
                let lhs = lanes(elem, n(&c.lhs), &mut rng, special);
                let mut rhs = lanes(elem, n(&c.rhs), &mut rng, special);
                if let ElementType::Float(k) = elem {
                    // Finite weights: every special that is not becomes a
                    // zero of either sign.
                    let f = k.format();
                    for w in &mut rhs {
                        if !arith::is_finite(f, *w) {
                            *w = arith::zero(f, rng.below(2) == 1);
                        }
                    }
                }
                let args = vec![tensor(&c.lhs, lhs.clone()), tensor(&c.rhs, rhs.clone())];
                nans += same_both_ways_on(&text, args);
                if let ElementType::Float(k) = elem {
                    // One weight infinite (or NaN, in formats without ∞):
                    // the holes' products are NaN, nothing may be skipped.
                    let f = k.format();
                    let top = 1u64 << (f.bits() - 1);
                    let exp_ones = ((1u64 << f.exp_bits) - 1) << f.man_bits;
                    let special_bits = [exp_ones, top - 1, top, top | (top - 1)]
                        .into_iter()
                        .find(|&b| !arith::is_finite(f, b))
                        .expect("a format with a non-finite value");
                    let at = rng.below(rhs.len() as u64) as usize;
                    rhs[at] = special_bits;
                    let args = vec![tensor(&c.lhs, lhs), tensor(&c.rhs, rhs)];
                    nans += same_both_ways_on(&text, args);
                }
            }
        }
    }
    assert!(
        nans > 0,
        "no NaN result: the non-finite weights were not exercised"
    );
}

/// The product of two bfloat16 values computed in `f32` and rounded by
/// `round_bf16` is soft-float's correctly rounded product, for every pair
/// of significands at exponents that reach the subnormal range (where
/// `f32` itself rounds first), the normal range and overflow.
#[test]
fn bf16_products_in_f32_are_correctly_rounded() {
    let f = FloatKind::BF16.format();
    let value = |b: u64| f32::from_bits((b as u32) << 16);
    let mut checked = 0u64;
    for a in 0..0x8000u64 {
        for bexp in [0u64, 1, 2, 3, 6, 127, 200, 250, 254] {
            for m in 0..0x80u64 {
                for sign in [0u64, 0x8000] {
                    let b = sign | (bexp << 7) | m;
                    let got = (round_bf16(value(a) * value(b)).to_bits() >> 16) as u64;
                    let want = arith::mul(f, a, b, Rounding::NearestEven);
                    if f.is_nan(want) {
                        assert!(f.is_nan(got), "{a:#x} × {b:#x}");
                    } else {
                        assert_eq!(got, want, "{a:#x} × {b:#x}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 10_000_000);
}

/// Sums of two bfloat16 values, and products and sums of two binary16
/// values, computed in `f32` and rounded once, are soft-float's (random
/// pairs, with exponents close together and far apart, and specials).
#[test]
fn bf16_and_f16_sums_and_f16_products_in_f32_are_correctly_rounded() {
    let mut rng = Rng(0xBF16_F16F_0000_0001);
    let bf = FloatKind::BF16.format();
    let h = FloatKind::F16.format();
    let bf_value = |b: u64| f32::from_bits((b as u32) << 16);
    let n = hlocheck::float::fast::Narrow::new(h).unwrap();
    let h_value = |b: u64| n.value(b) as f32;
    let h_bits = |v: f32| n.bits(v as f64);
    for _ in 0..2_000_000 {
        let (a, b) = (rng.next() & 0xFFFF, rng.next() & 0xFFFF);
        // Exponents close together make the ties and cancellations.
        let b2 = (b & 0x80FF) | (a & 0x7F00);
        for b in [b, b2] {
            let got = (round_bf16(bf_value(a) + bf_value(b)).to_bits() >> 16) as u64;
            let want = arith::add(bf, a, b, Rounding::NearestEven);
            if bf.is_nan(want) {
                assert!(bf.is_nan(got));
            } else {
                assert_eq!(got, want, "bf16 {a:#x} + {b:#x}");
            }
            let b = b & 0xFFFF;
            let hb2 = (b & 0x83FF) | (a & 0x7C00);
            for b in [b, hb2] {
                for (op, x) in [(0, h_value(a) + h_value(b)), (1, h_value(a) * h_value(b))] {
                    let r = round_f16(x);
                    let want = if op == 0 {
                        arith::add(h, a, b, Rounding::NearestEven)
                    } else {
                        arith::mul(h, a, b, Rounding::NearestEven)
                    };
                    if h.is_nan(want) {
                        assert!(r.is_nan(), "f16 op {op} {a:#x} {b:#x}");
                    } else {
                        assert_eq!(h_bits(r), want, "f16 op {op} {a:#x} {b:#x}");
                    }
                }
            }
        }
    }
}

/// One reduce_window case: input shape, window, strides, base and window
/// dilations, padding.
struct WindowCase {
    shape: Vec<usize>,
    win: Vec<i64>,
    strides: Vec<i64>,
    base: Vec<i64>,
    dil: Vec<i64>,
    pad: Vec<(i64, i64)>,
}

impl WindowCase {
    fn out_shape(&self) -> Vec<usize> {
        (0..self.shape.len())
            .map(|d| {
                let s = self.shape[d] as i64;
                let dilated = if s == 0 {
                    0
                } else {
                    (s - 1) * self.base[d] + 1
                };
                let padded = dilated + self.pad[d].0 + self.pad[d].1;
                let dw = if self.win[d] == 0 {
                    0
                } else {
                    (self.win[d] - 1) * self.dil[d] + 1
                };
                if padded < dw || padded < 0 {
                    0
                } else {
                    ((padded - dw) / self.strides[d] + 1) as usize
                }
            })
            .collect()
    }

    /// `@main(input, init)` folding each window with `op` (its operands in
    /// the body's argument order, or swapped).
    fn program(&self, elem: &ElementType, op: &str, swapped: bool) -> String {
        let st = tensor_type(&[], elem);
        let args = if swapped { "%y, %x" } else { "%x, %y" };
        let body = format!("%m = \"stablehlo.{op}\"({args}) : ({st}, {st}) -> {st}");
        self.program_with(elem, &body)
    }

    /// `@main(input, init)` folding each window with a body of the ops
    /// `body`, whose arguments are `%x` and `%y` and whose result is `%m`.
    fn program_with(&self, elem: &ElementType, body: &str) -> String {
        let list = |v: &[i64]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (it, ot) = (
            tensor_type(&self.shape, elem),
            tensor_type(&self.out_shape(), elem),
        );
        let st = tensor_type(&[], elem);
        let pad = self
            .pad
            .iter()
            .map(|(l, h)| format!("[{l}, {h}]"))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "func.func @main(%a: {it}, %b: {st}) -> {ot} {{
  %r = \"stablehlo.reduce_window\"(%a, %b) ({{
  ^bb0(%x: {st}, %y: {st}):
    {body}
    \"stablehlo.return\"(%m) : ({st}) -> ()
  }}) {{window_dimensions = array<i64: {}>, window_strides = array<i64: {}>, base_dilations = array<i64: {}>, window_dilations = array<i64: {}>, padding = dense<[{pad}]> : tensor<{}x2xi64>}} : ({it}, {st}) -> {ot}
  func.return %r : {ot}
}}",
            list(&self.win),
            list(&self.strides),
            list(&self.base),
            list(&self.dil),
            self.shape.len()
        )
    }
}

fn window_case(
    shape: &[usize],
    win: &[i64],
    strides: &[i64],
    base: &[i64],
    dil: &[i64],
    pad: &[(i64, i64)],
) -> WindowCase {
    WindowCase {
        shape: shape.to_vec(),
        win: win.to_vec(),
        strides: strides.to_vec(),
        base: base.to_vec(),
        dil: dil.to_vec(),
        pad: pad.to_vec(),
    }
}

/// `reduce_window` with a one-op body (maximum, minimum, add, multiply,
/// either operand order) gives the same bits with `fast_kernels` on (the
/// direct fold, with hardware f32 and bf16 rules) and off (the window walk
/// calling the body's rule per position): every element type those bodies
/// take, odd shapes, strides, dilations, padding (negative too), empty
/// inputs and windows, NaN, ±∞, −0 and subnormal operands and inits.
#[test]
fn reduce_window_fast_fold_matches_the_walk() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let cases = vec![
        window_case(
            &[2, 8, 8, 3],
            &[1, 2, 2, 1],
            &[1, 2, 2, 1],
            &[1; 4],
            &[1; 4],
            &[(0, 0); 4],
        ),
        window_case(
            &[5, 7],
            &[3, 2],
            &[2, 1],
            &[1, 1],
            &[1, 1],
            &[(1, 2), (0, 1)],
        ),
        window_case(
            &[4, 6],
            &[2, 3],
            &[1, 2],
            &[2, 1],
            &[1, 2],
            &[(0, 0), (2, 1)],
        ),
        window_case(&[7], &[3], &[2], &[1], &[1], &[(1, 1)]),
        window_case(&[9], &[2], &[3], &[2], &[3], &[(-1, 2)]),
        window_case(
            &[3, 0, 2],
            &[1, 1, 1],
            &[1, 1, 1],
            &[1; 3],
            &[1; 3],
            &[(0, 0); 3],
        ),
        window_case(
            &[3, 4],
            &[0, 2],
            &[1, 1],
            &[1, 1],
            &[1, 1],
            &[(0, 0), (0, 0)],
        ),
        window_case(
            &[2, 3],
            &[2, 2],
            &[1, 1],
            &[1, 1],
            &[1, 1],
            &[(3, 3), (3, 3)],
        ),
        // One-position window dimensions after the last wider one: padded,
        // base-dilated (holes), and a window of one position everywhere.
        window_case(
            &[4, 6, 3],
            &[2, 2, 1],
            &[1, 2, 1],
            &[1, 1, 1],
            &[1, 1, 1],
            &[(0, 0), (1, 0), (1, 1)],
        ),
        window_case(
            &[3, 4, 5],
            &[1, 3, 1],
            &[1, 1, 2],
            &[1, 1, 2],
            &[1, 1, 1],
            &[(0, 0), (0, 1), (1, 1)],
        ),
        window_case(
            &[3, 4],
            &[1, 1],
            &[1, 2],
            &[1, 1],
            &[1, 1],
            &[(1, 0), (0, 1)],
        ),
        // Rows along a last dimension of one window position: pooling as
        // in MobileNet (stride 2, SAME padding), a strided last dimension
        // (outputs two apart), and two one-position dimensions at the end
        // (one of them padded).
        window_case(
            &[2, 12, 11, 8],
            &[1, 3, 3, 1],
            &[1, 2, 2, 1],
            &[1; 4],
            &[1; 4],
            &[(0, 0), (0, 1), (1, 1), (0, 0)],
        ),
        window_case(
            &[3, 5, 6],
            &[2, 1, 1],
            &[1, 1, 2],
            &[1, 1, 1],
            &[2, 1, 1],
            &[(0, 0), (0, 0), (0, 0)],
        ),
        // Rows along a last dimension of a wider window: pooling in NCHW
        // (stride 2, SAME padding), a dilated window over padding, and a
        // window as wide as each row (rows of one output).
        window_case(
            &[2, 3, 9, 10],
            &[1, 1, 3, 3],
            &[1, 1, 2, 2],
            &[1; 4],
            &[1; 4],
            &[(0, 0), (0, 0), (0, 1), (1, 1)],
        ),
        window_case(
            &[3, 11],
            &[2, 3],
            &[1, 1],
            &[1, 1],
            &[1, 2],
            &[(0, 0), (2, 2)],
        ),
        window_case(
            &[2, 4, 6, 5],
            &[1, 1, 6, 5],
            &[1; 4],
            &[1; 4],
            &[1; 4],
            &[(0, 0); 4],
        ),
        window_case(
            &[2, 5, 3, 2, 4],
            &[1, 2, 1, 1, 1],
            &[1, 1, 2, 1, 1],
            &[1, 2, 1, 1, 1],
            &[1; 5],
            &[(0, 0), (1, 0), (0, 0), (1, 0), (0, 0)],
        ),
    ];
    let mut nan_results = 0;
    for elem in element_types() {
        if matches!(elem, ElementType::Complex(_)) {
            continue;
        }
        for c in &cases {
            for op in ["maximum", "minimum", "add", "multiply"] {
                for swapped in [false, true] {
                    let text = c.program(&elem, op, swapped);
                    for special in [0, 100, 400] {
                        let n: usize = c.shape.iter().product();
                        let a = Tensor::new(
                            elem.clone(),
                            c.shape.clone(),
                            &lanes(&elem, n, &mut rng, special),
                        );
                        let b =
                            Tensor::new(elem.clone(), vec![], &lanes(&elem, 1, &mut rng, special));
                        nan_results += same_both_ways(&text, Value::tensor(a), Value::tensor(b));
                    }
                }
            }
        }
    }
    assert!(nan_results > 0, "no result held a NaN");
    // Large enough for threads, in the formats with hardware rules.
    let big = window_case(
        &[2, 128, 64, 16],
        &[1, 3, 3, 1],
        &[1, 2, 2, 1],
        &[1; 4],
        &[1; 4],
        &[(0, 0), (1, 1), (1, 1), (0, 0)],
    );
    let big_nchw = window_case(
        &[2, 16, 64, 96],
        &[1, 1, 3, 3],
        &[1, 1, 2, 2],
        &[1; 4],
        &[1; 4],
        &[(0, 0), (0, 0), (1, 1), (0, 1)],
    );
    for (kind, big) in [FloatKind::F32, FloatKind::BF16, FloatKind::F16]
        .into_iter()
        .flat_map(|k| [(k, &big), (k, &big_nchw)])
    {
        let elem = ElementType::Float(kind);
        for op in ["maximum", "minimum", "add", "multiply"] {
            let text = big.program(&elem, op, false);
            let n: usize = big.shape.iter().product();
            let a = Tensor::new(
                elem.clone(),
                big.shape.clone(),
                &lanes(&elem, n, &mut rng, 20),
            );
            let b = Tensor::new(elem.clone(), vec![], &lanes(&elem, 1, &mut rng, 0));
            same_both_ways(&text, Value::tensor(a), Value::tensor(b));
        }
    }
}

/// `select_and_scatter` with a one-compare select (every direction,
/// either operand order, float order and total order) and an `add`
/// scatter: the same bits with `fast_kernels` on (a fold over each
/// window's offsets) and off (the walk calling the select per position),
/// over padded, strided and overlapping windows, in f32, f64, bf16, f16
/// and i32, with NaN and signed zeros among the operands.
#[test]
fn select_and_scatter_fast_selection_matches_the_walk() {
    let mut rng = Rng(0x6A09_E667_F3BC_C909);
    let cases = [
        window_case(
            &[2, 8, 8, 3],
            &[1, 2, 2, 1],
            &[1, 2, 2, 1],
            &[1; 4],
            &[1; 4],
            &[(0, 0); 4],
        ),
        window_case(
            &[5, 7],
            &[3, 3],
            &[2, 1],
            &[1, 1],
            &[1, 1],
            &[(1, 1), (1, 2)],
        ),
        window_case(&[9], &[4], &[3], &[1], &[1], &[(2, 2)]),
        window_case(
            &[1, 12, 11, 2],
            &[1, 3, 3, 1],
            &[1, 2, 2, 1],
            &[1; 4],
            &[1; 4],
            &[(0, 0), (0, 1), (1, 1), (0, 0)],
        ),
    ];
    let elems = [
        ElementType::Float(FloatKind::F32),
        ElementType::Float(FloatKind::F64),
        ElementType::Float(FloatKind::BF16),
        ElementType::Float(FloatKind::F16),
        ElementType::Int(Signedness::Signless, 32),
    ];
    for elem in &elems {
        let st = tensor_type(&[], elem);
        let ctypes: &[&str] = if matches!(elem, ElementType::Float(_)) {
            &["FLOAT", "TOTALORDER"]
        } else {
            &["SIGNED"]
        };
        for c in &cases {
            let (it, ot) = (
                tensor_type(&c.shape, elem),
                tensor_type(&c.out_shape(), elem),
            );
            let pad = c
                .pad
                .iter()
                .map(|(l, h)| format!("[{l}, {h}]"))
                .collect::<Vec<_>>()
                .join(", ");
            let list = |v: &[i64]| {
                v.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            for dir in ["GE", "GT", "LE", "LT"] {
                for ctype in ctypes {
                    for args in ["%x, %y", "%y, %x"] {
                        let text = format!(
                            "func.func @main(%a: {it}, %s: {ot}, %i: {st}) -> {it} {{
  %r = \"stablehlo.select_and_scatter\"(%a, %s, %i) ({{
  ^bb0(%x: {st}, %y: {st}):
    %c = stablehlo.compare {dir}, {args}, {ctype} : ({st}, {st}) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }}, {{
  ^bb0(%x: {st}, %y: {st}):
    %m = stablehlo.add %x, %y : {st}
    stablehlo.return %m : {st}
  }}) {{window_dimensions = array<i64: {}>, window_strides = array<i64: {}>, padding = dense<[{pad}]> : tensor<{}x2xi64>}} : ({it}, {ot}, {st}) -> {it}
  func.return %r : {it}
}}",
                            list(&c.win),
                            list(&c.strides),
                            c.shape.len()
                        );
                        let n: usize = c.shape.iter().product();
                        let m: usize = c.out_shape().iter().product();
                        // Few distinct values, so that ties are common.
                        let few: Vec<u64> = lanes(elem, 6, &mut rng, 300);
                        let a: Vec<u64> = (0..n).map(|_| few[rng.below(6) as usize]).collect();
                        let args = vec![
                            Value::tensor(Tensor::new(elem.clone(), c.shape.clone(), &a)),
                            // Sources with specials: sums that meet NaNs
                            // and infinities of both signs.
                            Value::tensor(Tensor::new(
                                elem.clone(),
                                c.out_shape(),
                                &lanes(elem, m, &mut rng, 200),
                            )),
                            Value::tensor(Tensor::new(
                                elem.clone(),
                                vec![],
                                &lanes(elem, 1, &mut rng, 0),
                            )),
                        ];
                        same_both_ways_on(&text, args);
                    }
                }
            }
        }
    }
}

/// Init values worth folding from: random ones, and the patterns that are
/// identities of some body (±0, ±∞, one), so that running folds (windows
/// computed from prefixes) are taken as well as left.
fn window_inits(elem: &ElementType, rng: &mut Rng) -> Vec<u64> {
    let mut v = lanes(elem, 2, rng, 400);
    match elem {
        ElementType::Float(k) => {
            let f = k.format();
            let width = f.bits();
            let sign = if f.signed { 1u64 << (width - 1) } else { 0 };
            let inf = ((1u64 << f.exp_bits) - 1) << f.man_bits;
            let one = (f.bias as u64) << f.man_bits;
            v.extend([0, sign, inf, sign | inf, one]);
        }
        _ => v.extend([0, 1]),
    }
    v
}

/// `reduce_window` windows that are running folds (cumulative sums,
/// maxima and products along any dimension, with padding after the input
/// and outputs of padding alone, strided, beside padded one-position
/// dimensions) and windows close to them that are not (reversed, moving,
/// dilated): the same bits with `fast_kernels` on and off, in every
/// element type those bodies take, from random and identity inits.
#[test]
fn reduce_window_running_folds_match_the_walk() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let cases = running_fold_cases();
    let mut scans = 0;
    for elem in element_types() {
        if matches!(elem, ElementType::Complex(_)) {
            continue;
        }
        for c in &cases {
            for op in ["maximum", "minimum", "add", "multiply"] {
                for swapped in [false, true] {
                    let text = c.program(&elem, op, swapped);
                    for init in window_inits(&elem, &mut rng) {
                        let n: usize = c.shape.iter().product();
                        let a = Tensor::new(
                            elem.clone(),
                            c.shape.clone(),
                            &lanes(&elem, n, &mut rng, 100),
                        );
                        let b = Tensor::new(elem.clone(), vec![], &[init]);
                        same_both_ways(&text, Value::tensor(a), Value::tensor(b));
                        scans += usize::from(c.win.iter().any(|&w| w >= 8));
                    }
                }
            }
        }
    }
    assert!(scans > 0);
}

/// Running folds by bodies of several ops (a log-add-exp as cumulative
/// log-sum-exp writes it, with its NaN select; the maximum of a sum and
/// its accumulator), which the executor runs by the body: the same bits
/// with `fast_kernels` on (prefixes, by a call per step or on tensors over
/// the lines) and off (the window walk), over the shapes of
/// [`running_fold_cases`] and in every element type the bodies take.
#[test]
fn reduce_window_running_folds_of_larger_bodies_match_the_walk() {
    let mut rng = Rng(0x6A09_E667_F3BC_C908);
    let cases = running_fold_cases();
    let mut nans = 0;
    for elem in element_types() {
        if matches!(elem, ElementType::Complex(_)) {
            continue;
        }
        let st = tensor_type(&[], &elem);
        let bt = tensor_type(&[], &ElementType::Int(Signedness::Signless, 1));
        let mut bodies = vec![format!(
            "%s = stablehlo.add %x, %y : {st}
    %m = stablehlo.maximum %s, %x : {st}"
        )];
        if matches!(elem, ElementType::Float(_)) {
            bodies.push(format!(
                "%mx = stablehlo.maximum %x, %y : {st}
    %d = stablehlo.subtract %x, %y : {st}
    %n = stablehlo.compare NE, %d, %d, FLOAT : ({st}, {st}) -> {bt}
    %s = stablehlo.add %x, %y : {st}
    %ab = stablehlo.abs %d : {st}
    %ng = stablehlo.negate %ab : {st}
    %e = stablehlo.exponential %ng : {st}
    %l = stablehlo.log_plus_one %e : {st}
    %t = stablehlo.add %mx, %l : {st}
    %m = stablehlo.select %n, %s, %t : {bt}, {st}"
            ));
        }
        for c in &cases {
            for body in &bodies {
                let text = c.program_with(&elem, body);
                for init in window_inits(&elem, &mut rng) {
                    let n: usize = c.shape.iter().product();
                    let a = Tensor::new(
                        elem.clone(),
                        c.shape.clone(),
                        &lanes(&elem, n, &mut rng, 100),
                    );
                    let b = Tensor::new(elem.clone(), vec![], &[init]);
                    nans += same_both_ways(&text, Value::tensor(a), Value::tensor(b));
                }
            }
        }
    }
    assert!(nans > 0);
}

/// Windows that are running folds (cumulative sums, maxima and products
/// along any dimension, with padding after the input and outputs of
/// padding alone, strided, beside padded one-position dimensions) and
/// windows close to them that are not (reversed, moving, dilated).
fn running_fold_cases() -> Vec<WindowCase> {
    vec![
        window_case(
            &[3, 20],
            &[1, 20],
            &[1, 1],
            &[1, 1],
            &[1, 1],
            &[(0, 0), (19, 0)],
        ),
        window_case(
            &[12, 5],
            &[12, 1],
            &[1, 1],
            &[1, 1],
            &[1, 1],
            &[(11, 0), (0, 0)],
        ),
        window_case(
            &[2, 10, 3],
            &[1, 10, 1],
            &[1, 1, 1],
            &[1; 3],
            &[1; 3],
            &[(0, 0), (9, 0), (0, 0)],
        ),
        window_case(&[10], &[10], &[1], &[1], &[1], &[(9, 3)]),
        window_case(&[10], &[16], &[2], &[1], &[1], &[(15, 4)]),
        window_case(&[9], &[8], &[1], &[1], &[1], &[(12, 0)]),
        window_case(
            &[6, 9],
            &[1, 9],
            &[2, 1],
            &[1, 2],
            &[1, 1],
            &[(1, 1), (8, 0)],
        ),
        // Not running folds: reversed, moving, dilated.
        window_case(&[10], &[10], &[1], &[1], &[1], &[(0, 9)]),
        window_case(&[20], &[8], &[1], &[1], &[1], &[(7, 0)]),
        window_case(&[10], &[9], &[1], &[1], &[2], &[(16, 0)]),
        window_case(&[10], &[9], &[1], &[2], &[1], &[(8, 0)]),
    ]
}

/// A running fold whose padding makes more windows than a tensor may hold
/// is refused with the element limit's error, at once, not built.
#[test]
fn reduce_window_running_fold_with_enormous_padding_is_refused() {
    let elem = ElementType::Float(FloatKind::F32);
    let c = window_case(
        &[10],
        &[10],
        &[1],
        &[1],
        &[1],
        &[(1_000_000_000_000_000, 0)],
    );
    let text = c.program(&elem, "add", false);
    let prog = parse_program("t.mlir", &text).unwrap_or_else(|d| panic!("{d}"));
    let mut interp = Interp::new(&prog, Limits::default());
    let got = interp.call(
        "main",
        vec![
            Value::tensor(Tensor::new(elem.clone(), vec![10], &[0x3F80_0000; 10])),
            Value::tensor(Tensor::new(elem.clone(), vec![], &[0])),
        ],
    );
    let err = match got {
        Ok(_) => panic!("a run of 10^15 windows was accepted"),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("element limit"), "{err}");
}

/// A cumulative f32 sum along a line of 300,000 elements: each output is
/// the sequential sum of its prefix, with no window table (whose 9·10^10
/// entries no limit would allow) and no work per window position.
#[test]
fn reduce_window_cumulative_sum_of_a_long_line() {
    let n = 300_000usize;
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let elem = ElementType::Float(FloatKind::F32);
    let c = window_case(
        &[1, n],
        &[1, n as i64],
        &[1, 1],
        &[1, 1],
        &[1, 1],
        &[(0, 0), (n as i64 - 1, 0)],
    );
    let text = c.program(&elem, "add", false);
    let prog = parse_program("t.mlir", &text).unwrap_or_else(|d| panic!("{d}"));
    let xs = lanes(&elem, n, &mut rng, 0);
    let mut interp = Interp::new(&prog, Limits::default());
    let out = interp
        .call(
            "main",
            vec![
                Value::tensor(Tensor::new(elem.clone(), vec![1, n], &xs)),
                Value::tensor(Tensor::new(elem.clone(), vec![], &[0])),
            ],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    let got = out[0].as_tensor().expect("a tensor").lanes_vec();
    let mut acc = 0f32;
    for (i, &x) in xs.iter().enumerate() {
        acc += f32::from_bits(x as u32);
        assert_eq!(got[i], acc.to_bits() as u64, "prefix {i}");
    }
}

/// Elementwise maximum and minimum of f32, bf16 and f64 compare integer
/// keys of total order (`elementwise::pick_lane`): the same bits as
/// `arith::maximum`/`minimum` for every bf16 pattern against edge and
/// random patterns, and for random and edge pairs of f32 and f64 (NaN of
/// any payload and sign, ±∞, ±0, subnormals).
#[test]
fn float_maximum_minimum_by_keys_match_arith() {
    use hlocheck::interp::elementwise::pick_lane;
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let check = |kind: FloatKind, x: u64, y: u64| {
        let f = kind.format();
        assert_eq!(
            pick_lane(kind, true, x, y),
            arith::maximum(f, x, y),
            "{kind:?} maximum {x:#x} {y:#x}"
        );
        assert_eq!(
            pick_lane(kind, false, x, y),
            arith::minimum(f, x, y),
            "{kind:?} minimum {x:#x} {y:#x}"
        );
    };
    for kind in [FloatKind::BF16, FloatKind::F16] {
        let mut ys: Vec<u64> = vec![
            0, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x0001, 0x8001, 0x3F80, 0xBF80, 0x7C00,
            0xFC00, 0x7C01, 0xFE00, 0x7BFF, 0x3C00,
        ];
        ys.extend((0..40).map(|_| float_bits(kind.format(), &mut rng, 300)));
        for x in 0..=0xFFFFu64 {
            for &y in &ys {
                check(kind, x, y);
                check(kind, y, x);
            }
        }
    }
    for kind in [FloatKind::F32, FloatKind::F64] {
        let f = kind.format();
        let sign = 1u64 << (f.bits() - 1);
        let edges = [0, sign, 1, sign | 1, f.all_mask() >> 1, f.all_mask()];
        for &x in &edges {
            for &y in &edges {
                check(kind, x, y);
            }
        }
        for _ in 0..400_000 {
            let x = float_bits(f, &mut rng, 300);
            let y = if rng.below(4) == 0 {
                x ^ sign
            } else {
                float_bits(f, &mut rng, 300)
            };
            check(kind, x, y);
        }
    }
}

/// A soft-float binary operation of `float::arith`.
type ArithFn = fn(&Format, u64, u64, Rounding) -> u64;

/// f32 and f64 `add`, `subtract`, `multiply` and `divide` (in hardware,
/// NaN results by soft-float) and `compare` with `FLOAT` (in hardware)
/// give `float::arith`'s bits, into a new tensor and
/// over either dying operand, for every pair of edge values and random
/// pairs (NaN of any payload and sign, ±∞, ±0, subnormals), on tensors of
/// several blocks.
#[test]
fn float_arithmetic_and_compare_in_hardware_match_arith() {
    use hlocheck::float::arith::Direction;
    let mut rng = Rng(0x5EED_F10A_7000_0001);
    for kind in [FloatKind::F32, FloatKind::F64] {
        let f = kind.format();
        let name = if kind == FloatKind::F32 { "f32" } else { "f64" };
        let elem = ElementType::Float(kind);
        let sign = 1u64 << (f.bits() - 1);
        let inf = (f.all_mask() >> 1) & !((1u64 << f.man_bits) - 1);
        let edges = [
            0,
            sign,
            1,
            sign | 1,
            inf,
            inf | sign,
            inf | 1,
            inf | sign | 5,
            inf - 1,
            f.all_mask() >> 1,
            f.all_mask(),
        ];
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for &x in &edges {
            for &y in &edges {
                xs.push(x);
                ys.push(y);
            }
        }
        while xs.len() < 3000 {
            let x = float_bits(f, &mut rng, 300);
            let y = match rng.below(4) {
                0 => x ^ sign,
                1 => x,
                _ => float_bits(f, &mut rng, 300),
            };
            xs.push(x);
            ys.push(y);
        }
        let n = xs.len();
        let ty = format!("tensor<{n}x{name}>");
        let value = |v: &[u64]| Value::tensor(Tensor::new(elem.clone(), vec![n], v));
        let run = |text: &str, keep_x: bool, keep_y: bool| -> Vec<u64> {
            let prog = parse_program("t.mlir", text).unwrap_or_else(|d| panic!("{d}\n{text}"));
            let mut interp = Interp::new(&prog, Limits::default());
            let (x, y) = (value(&xs), value(&ys));
            // A clone held here keeps that operand alive past the op.
            let held = (keep_x.then(|| x.clone()), keep_y.then(|| y.clone()));
            let out = interp
                .call("main", vec![x, y])
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
            drop(held);
            out[0].as_tensor().unwrap().lanes_vec()
        };
        let arith_ops: [(&str, ArithFn); 4] = [
            ("add", arith::add),
            ("subtract", arith::sub),
            ("multiply", arith::mul),
            ("divide", arith::div),
        ];
        for (op, want) in arith_ops {
            let text = format!(
                "func.func @main(%x: {ty}, %y: {ty}) -> {ty} {{\n  %r = stablehlo.{op} %x, %y : {ty}\n  return %r : {ty}\n}}\n"
            );
            for (keep_x, keep_y) in [(true, true), (false, false), (true, false)] {
                let got = run(&text, keep_x, keep_y);
                for i in 0..n {
                    assert_eq!(
                        got[i],
                        want(f, xs[i], ys[i], Rounding::NearestEven),
                        "{name} {op} {:#x} {:#x} (keep {keep_x} {keep_y})",
                        xs[i],
                        ys[i]
                    );
                }
            }
        }
        let directions = [
            ("EQ", Direction::Eq),
            ("NE", Direction::Ne),
            ("LT", Direction::Lt),
            ("LE", Direction::Le),
            ("GT", Direction::Gt),
            ("GE", Direction::Ge),
        ];
        for (d, dir) in directions {
            for ctype in ["", ", compare_type = #stablehlo<comparison_type FLOAT>"] {
                let text = format!(
                    "func.func @main(%x: {ty}, %y: {ty}) -> tensor<{n}xi1> {{\n  %r = \"stablehlo.compare\"(%x, %y) {{comparison_direction = #stablehlo<comparison_direction {d}>{ctype}}} : ({ty}, {ty}) -> tensor<{n}xi1>\n  return %r : tensor<{n}xi1>\n}}\n"
                );
                let got = run(&text, false, false);
                for i in 0..n {
                    assert_eq!(
                        got[i],
                        arith::compare_op(f, xs[i], ys[i], dir, false) as u64,
                        "{name} compare {d} {:#x} {:#x}",
                        xs[i],
                        ys[i]
                    );
                }
            }
        }
    }
}

/// The hardware conversions of `float::convert::converter` (f32 → bf16 by
/// rounding the low bits, bf16 → f32 and f32 → f64 widening, f64 → f32 in
/// hardware) give `convert`'s bits: every bf16 pattern, f32 patterns spread
/// over the whole range (every exponent, ties, the largest values and the
/// rounding into ∞, subnormals, NaN payloads of both signs), and f64
/// patterns at f32's edges and random.
#[test]
fn float_conversions_in_hardware_match_soft_float() {
    use hlocheck::float::convert::{convert, converter};
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let bf16: Vec<u64> = (0..1u64 << 16).collect();
    let mut f32s: Vec<u64> = (0..1u64 << 32).step_by(4_099).collect();
    for e in 0..256u64 {
        for low in [0u64, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0x1_8000, 0x7F_FFFF] {
            for sign in [0u64, 1 << 31] {
                f32s.push(sign | e << 23 | low);
            }
        }
    }
    f32s.extend((0..100_000).map(|_| rng.next() & 0xFFFF_FFFF));
    let mut f64s: Vec<u64> = (0..200_000).map(|_| rng.next()).collect();
    for &x in f32s.iter().step_by(7) {
        let v = f32::from_bits(x as u32) as f64;
        for d in [-2i64, -1, 0, 1, 2, 1 << 28, (1 << 28) - 1, (1 << 28) + 1] {
            f64s.push(v.to_bits().wrapping_add(d as u64));
        }
    }
    f64s.extend([
        0x47EF_FFFF_F000_0000,
        0x47EF_FFFF_EFFF_FFFF,
        0x36A0_0000_0000_0000,
        0x3690_0000_0000_0000,
        0x3690_0000_0000_0001,
        0x7FF0_0000_0000_0000,
        0xFFF8_0000_0000_0001,
        0x8000_0000_0000_0000,
    ]);
    let pairs = [
        (FloatKind::F32, FloatKind::BF16, &f32s),
        (FloatKind::BF16, FloatKind::F32, &bf16),
        (FloatKind::F32, FloatKind::F64, &f32s),
        (FloatKind::F64, FloatKind::F32, &f64s),
    ];
    for (from, to, xs) in pairs {
        let c = converter(from, to);
        let (ff, tf) = (from.format(), to.format());
        for &x in xs.iter() {
            assert_eq!(
                c(x),
                convert(ff, tf, x, Rounding::NearestEven),
                "{} -> {}: {x:#x}",
                from.name(),
                to.name()
            );
        }
    }
}

/// `unary_slice` on blocks too short to build a table (the memo of the
/// 16-bit formats, filled pattern by pattern) gives `unary`'s bits on every
/// pattern of bf16 and f16, filling the memo and reading it back.
#[test]
fn unary_memos_give_the_generic_results() {
    use hlocheck::float::elementary::{unary, unary_slice, Unary};
    for k in [FloatKind::BF16, FloatKind::F16] {
        let f = k.format();
        let xs: Vec<u64> = (0..1u64 << f.bits())
            .chain((0..1u64 << f.bits()).step_by(7).map(|x| x | !f.all_mask()))
            .collect();
        for g in [Unary::Sin, Unary::Cos] {
            for round in 0..2 {
                for block in xs.chunks(256) {
                    let mut out = vec![0; block.len()];
                    unary_slice(k, g, block, &mut out);
                    for (&x, &o) in block.iter().zip(&out) {
                        assert_eq!(o, unary(k, g, x), "{} {g:?} {x:#x} {round}", k.name());
                    }
                }
            }
        }
    }
}

/// `reduce` by addition over any dims of an f32 or f64 tensor gives the
/// same bits with `fast_kernels` on (every output's chain side by side
/// with others, pieces on threads) as the one-output-at-a-time fold, NaN
/// rules included.
#[test]
fn reduce_sums_side_by_side_match_the_one_output_fold() {
    let mut rng = Rng(0x005E_ED0F_5A45);
    let cases: [(&[usize], &[usize]); 7] = [
        (&[1024, 300], &[1]),
        (&[300, 1024], &[0]),
        (&[5, 37, 33], &[1]),
        (&[5, 37, 33], &[0, 2]),
        (&[17, 3, 70], &[1, 2]),
        (&[64, 2, 2048], &[2]),
        (&[3, 1], &[1]),
    ];
    for kind in [FloatKind::F32, FloatKind::F64] {
        let elem = ElementType::Float(kind);
        let name = kind.name();
        for (shape, dims) in cases {
            let out: Vec<usize> = (0..shape.len())
                .filter(|d| !dims.contains(d))
                .map(|d| shape[d])
                .collect();
            let dims_text: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
            let text = format!(
                "func.func @main(%a: {t}, %z: tensor<{name}>) -> {o} {{\n  %r = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [{d}] : ({t}, tensor<{name}>) -> {o}\n  func.return %r : {o}\n}}",
                t = tensor_type(shape, &elem),
                o = tensor_type(&out, &elem),
                d = dims_text.join(", "),
            );
            for special in [0, 1, 30] {
                let n: usize = shape.iter().product();
                let a = Tensor::new(
                    elem.clone(),
                    shape.to_vec(),
                    &lanes(&elem, n, &mut rng, special),
                );
                let z = Tensor::new(elem.clone(), vec![], &lanes(&elem, 1, &mut rng, 0));
                same_both_ways(&text, Value::tensor(a), Value::tensor(z));
            }
        }
    }
}

/// `gemm::f16_to_f32` is the exact value of every binary16 pattern, and
/// `gemm::f16_bits` its inverse on every value that is not NaN.
#[test]
fn f16_lane_conversions_are_exact_for_every_pattern() {
    use hlocheck::interp::gemm::{f16_bits, f16_to_f32};
    let h = FloatKind::F16.format();
    let n = hlocheck::float::fast::Narrow::new(h).unwrap();
    for b in 0..1u64 << 16 {
        let v = f16_to_f32(b);
        if h.is_nan(b) {
            assert!(v.is_nan(), "{b:#x}");
            continue;
        }
        assert_eq!(v.to_bits(), (n.value(b) as f32).to_bits(), "{b:#x}");
        assert_eq!(u64::from(f16_bits(v)), b, "{b:#x}");
    }
}

/// One binary16 operand pattern for the engine's f16 step: random
/// patterns, or (at rate `edge` per mille) edge values: ±0, subnormals,
/// the smallest normals, the largest finite values (whose sums overflow
/// to ∞), ±∞ and NaNs.
fn f16_operand(rng: &mut Rng, edge: u64) -> u64 {
    let sign = rng.below(2) << 15;
    if rng.below(1000) >= edge {
        // Moderate exponents, so that chains run long before overflowing.
        return sign | (rng.below(12) + 9) << 10 | rng.below(1 << 10);
    }
    sign | match rng.below(8) {
        0 => 0,
        1 => rng.below(1 << 10),
        2 => 1 << 10 | rng.below(1 << 10),
        3 => 0x7BFF - rng.below(8),
        4 => 0x7C00,
        5 => 0x7C00 | (1 + rng.below(0x3FF)),
        6 => rng.below(1 << 15),
        _ => (rng.below(4) + 28) << 10 | rng.below(1 << 10),
    }
}

/// The engine's f16 step (`gemm::F16Mac`, hardware conversions with
/// AVX-512) gives the scalar step's bits (`round_f16(acc + round_f16(x ·
/// y))`, itself checked against soft-float above) on every output, NaN
/// for NaN: random and adversarial operands (overflow to ∞ and back to
/// NaN, subnormal products and sums, −0), panels of one and two vectors,
/// partial tiles and blocks of the contraction.
#[test]
fn f16_engine_step_matches_the_scalar_step() {
    use hlocheck::interp::gemm::{self, f16_to_f32, Dense, Dims, F16Mac};
    let mut rng = Rng(0xF16F_16F1_6F16_0001);
    let shapes = [
        (5, 40, 70),
        (9, 300, 33),
        (4, 3, 16),
        (13, 520, 7),
        (1, 2, 64),
    ];
    for (i, k, j) in shapes {
        for edge in [0, 30, 300, 1000] {
            let a: Vec<f32> = (0..i * k)
                .map(|_| f16_to_f32(f16_operand(&mut rng, edge)))
                .collect();
            let b: Vec<f32> = (0..k * j)
                .map(|_| f16_to_f32(f16_operand(&mut rng, edge)))
                .collect();
            let d = Dims { b: 1, i, j, k };
            let lhs = Dense { data: &a, i, k };
            let fast = gemm::gemm(d, &lhs, &b, 0.0f32, F16Mac);
            let plain = gemm::gemm(d, &lhs, &b, 0.0f32, |acc: f32, x: f32, y: f32| {
                round_f16(acc + round_f16(x * y))
            });
            for (o, (f, p)) in fast.iter().zip(&plain).enumerate() {
                if p.is_nan() {
                    assert!(f.is_nan(), "{i}x{k}x{j} edge {edge} output {o}");
                } else {
                    assert_eq!(
                        f.to_bits(),
                        p.to_bits(),
                        "{i}x{k}x{j} edge {edge} output {o}"
                    );
                }
            }
        }
    }
    // One step from +0 on every pattern x against edge values y.
    let edges: Vec<u64> = (0..64).map(|_| f16_operand(&mut rng, 1000)).collect();
    let xs: Vec<f32> = (0..1u64 << 16).map(f16_to_f32).collect();
    for chunk in edges.chunks(16) {
        let mut b = vec![0.0f32; 16];
        for (c, &e) in chunk.iter().enumerate() {
            b[c] = f16_to_f32(e);
        }
        let d = Dims {
            b: 1,
            i: xs.len(),
            j: 16,
            k: 1,
        };
        let lhs = Dense {
            data: &xs,
            i: xs.len(),
            k: 1,
        };
        let fast = gemm::gemm(d, &lhs, &b, 0.0f32, F16Mac);
        for (o, f) in fast.iter().enumerate() {
            let p = round_f16(0.0 + round_f16(xs[o / 16] * b[o % 16]));
            if p.is_nan() {
                assert!(f.is_nan());
            } else {
                assert_eq!(
                    f.to_bits(),
                    p.to_bits(),
                    "{:#x} × {:#x}",
                    o / 16,
                    chunk[o % 16]
                );
            }
        }
    }
}

/// `stablehlo.convert` between float types (vector passes, tables and
/// `converter`'s exact-value path) gives `convert`'s bits: f32 and f64
/// patterns spread over every exponent (ties, subnormal results, overflow,
/// ±∞, NaN payloads) into f16 and the f8, f6 and f4 formats, and every
/// pattern of the 16- and 8-bit formats into f32 and f64.
#[test]
fn convert_op_matches_soft_float_conversion() {
    use hlocheck::float::convert::convert;
    let mut rng = Rng(0xC0_4E47_F16F_8E4D);
    let mut f32s: Vec<u64> = (0..1u64 << 32).step_by(65_537).collect();
    for e in 0..256u64 {
        for low in [
            0u64, 1, 0xFFF, 0x1000, 0x1001, 0x1_FFFF, 0x2_0000, 0x7F_FFFF,
        ] {
            for sign in [0u64, 1 << 31] {
                f32s.push(sign | e << 23 | low);
            }
        }
    }
    // Ties of every target's last place (1 to 10 fraction bits), their
    // neighbours and the ties above an odd last place, at every exponent.
    for e in 0..256u64 {
        for man in 1..=10u64 {
            let tie = 1u64 << (22 - man);
            for low in [tie - 1, tie, tie + 1, 3 * tie, 3 * tie - 1] {
                f32s.push(e << 23 | low);
                f32s.push(1 << 31 | e << 23 | low);
            }
        }
    }
    f32s.extend((0..30_000).map(|_| rng.next() & 0xFFFF_FFFF));
    let mut f64s: Vec<u64> = (0..30_000).map(|_| rng.next()).collect();
    for e in 0x3E0..0x420u64 {
        for low in [0u64, 1, 1 << 41, (1 << 42) - 1, 1 << 42, 1 << 51] {
            f64s.push(e << 52 | low);
        }
        for man in 1..=10u64 {
            let tie = 1u64 << (51 - man);
            for low in [tie - 1, tie, tie + 1, 3 * tie] {
                f64s.push(e << 52 | low);
                f64s.push(1 << 63 | e << 52 | low);
            }
        }
    }
    let narrow = [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::F8E3M4,
        FloatKind::F8E4M3,
        FloatKind::F8E8M0FNU,
        FloatKind::F6E3M2FN,
        FloatKind::F6E2M3FN,
        FloatKind::F4E2M1FN,
    ];
    let mut pairs: Vec<(FloatKind, FloatKind, Vec<u64>)> = Vec::new();
    for &t in &narrow {
        pairs.push((FloatKind::F32, t, f32s.clone()));
        pairs.push((FloatKind::F64, t, f64s.clone()));
        let all: Vec<u64> = (0..1u64 << t.bits()).collect();
        pairs.push((t, FloatKind::F32, all.clone()));
        pairs.push((t, FloatKind::F64, all));
    }
    for (from, to, xs) in pairs {
        let (ff, tf) = (from.format(), to.format());
        let text = format!(
            "func.func @main(%a: tensor<{n}x{f}>, %b: tensor<{n}x{f}>) -> tensor<{n}x{t}> {{\n  \
             %r = stablehlo.convert %a : (tensor<{n}x{f}>) -> tensor<{n}x{t}>\n  \
             return %r : tensor<{n}x{t}>\n}}\n",
            n = xs.len(),
            f = from.name(),
            t = to.name()
        );
        let prog = parse_program("t.mlir", &text).unwrap_or_else(|d| panic!("{d}\n{text}"));
        let a = Tensor::new(ElementType::Float(from), vec![xs.len()], &xs);
        let mut interp = Interp::new(&prog, Limits::default());
        let out = interp
            .call("main", vec![Value::tensor(a.clone()), Value::tensor(a)])
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let got = out[0].as_tensor().unwrap().lanes_vec();
        for (&x, &g) in xs.iter().zip(&got) {
            assert_eq!(
                g,
                convert(ff, tf, x, Rounding::NearestEven),
                "{} -> {}: {x:#x}",
                from.name(),
                to.name()
            );
        }
    }
}

/// A bf16 pattern of magnitude 2^e·(1 + m/128), random sign and `m`, with
/// `e` in `lo..=hi`; zeros at rate 1/16.
fn bf16_in(rng: &mut Rng, lo: i32, hi: i32) -> u64 {
    if rng.below(16) == 0 {
        return rng.below(2) << 15;
    }
    let e = lo + rng.below((hi - lo + 1) as u64) as i32;
    (rng.below(2) << 15) | (((e + 127) as u64) << 7) | rng.below(128)
}

/// `gemm::Bf16Mac` (bf16 roundings by two fused multiply-adds) keeps its
/// promise: its rounding is `round_bf16` on every `f32` but subnormals,
/// −0 (+0) and magnitudes from 2¹¹² (non-finite), checked on every high
/// half with the low halves of ties, their neighbours and more; and on
/// products whose nonzero products are at least 2⁻¹¹⁹, every output it
/// gives finite has the exact step's bits, while operands near the top of
/// the range make non-finite outputs (which the caller recomputes).
#[test]
fn bf16_engine_step_by_fused_multiply_adds_matches_the_exact_step() {
    use hlocheck::interp::gemm::{self, round_bf16_fma, Bf16Mac, Dense, Dims};
    let mut rng = Rng(0xBF16_F3A0_0000_0001);
    let lows = [0u32, 1, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0x4000, 0xC000];
    for high in 0..1u32 << 16 {
        for low in lows.iter().copied().chain([rng.next() as u32 & 0xFFFF]) {
            let x = f32::from_bits(high << 16 | low);
            let got = round_bf16_fma(x);
            if x.is_nan() || x.abs() >= 2f32.powi(112) {
                assert!(!got.is_finite(), "{:#x}", x.to_bits());
            } else if x.is_subnormal() {
                continue;
            } else if x == 0.0 {
                assert_eq!(got.to_bits(), 0, "{:#x}", x.to_bits());
            } else {
                assert_eq!(got.to_bits(), round_bf16(x).to_bits(), "{:#x}", x.to_bits());
            }
        }
    }
    let value = |w: u64| f32::from_bits((w as u32) << 16);
    let shapes = [
        (5, 40, 70),
        (9, 300, 33),
        (4, 3, 16),
        (13, 520, 7),
        (1, 2, 64),
        (8, 700, 48),
    ];
    let (mut finite, mut overflowed) = (0usize, 0usize);
    // Exponent ranges of both operands: products at least 2⁻¹¹⁹ (down to
    // the edge), cancellation-prone, and near the top (overflow).
    let ranges = [(-3, 3), (-59, -50), (-59, 60), (40, 63)];
    for (i, k, j) in shapes {
        for &(lo, hi) in &ranges {
            let a: Vec<f32> = (0..i * k)
                .map(|_| value(bf16_in(&mut rng, lo, hi)))
                .collect();
            let b: Vec<f32> = (0..k * j)
                .map(|_| value(bf16_in(&mut rng, lo, hi)))
                .collect();
            let d = Dims { b: 1, i, j, k };
            let lhs = Dense { data: &a, i, k };
            let fast = gemm::gemm(d, &lhs, &b, 0.0f32, Bf16Mac);
            let exact = gemm::gemm(d, &lhs, &b, 0.0f32, |acc: f32, x: f32, y: f32| {
                round_bf16(acc + round_bf16(x * y))
            });
            for (o, (f, e)) in fast.iter().zip(&exact).enumerate() {
                if f.is_finite() {
                    finite += 1;
                    assert_eq!(
                        f.to_bits(),
                        e.to_bits(),
                        "{i}x{k}x{j} {lo}..{hi} output {o}"
                    );
                } else {
                    overflowed += 1;
                }
            }
        }
    }
    assert!(
        finite > 2_500 && overflowed > 0,
        "{finite} finite, {overflowed} not"
    );
}

/// `dot_general` in bf16 through the fused multiply-add roundings (nonzero
/// products at least 2⁻¹¹⁹), through them and then again by the exact step
/// (an output overflows, or is NaN, or an exact sum of 2¹¹² that the
/// roundings take to ∞), and by the exact step alone (a product below
/// 2⁻¹¹⁹) gives the plain loops' bits.
#[test]
fn bf16_dot_general_on_every_rounding_path_matches_the_plain_loops() {
    let elem = ElementType::Float(FloatKind::BF16);
    let mut rng = Rng(0xD07B_F16D_07BF_16D0);
    let c = case(&[21, 300], &[300, 37], &[], &[], &[1], &[0]);
    let text = c.program(&elem);
    let operand = |rng: &mut Rng, shape: &[usize], lo: i32, hi: i32, odd: Option<u64>| {
        let n: usize = shape.iter().product();
        let mut lanes: Vec<u64> = (0..n).map(|_| bf16_in(rng, lo, hi)).collect();
        if let Some(w) = odd {
            let at = rng.below(n as u64) as usize;
            lanes[at] = w;
        }
        Value::tensor(Tensor::new(elem.clone(), shape.to_vec(), &lanes))
    };
    // Huge, NaN, a subnormal (its products fall below 2⁻¹¹⁹), none.
    for odd in [
        None,
        Some(0x7E80u64),
        Some(0x7FC1),
        Some(0x0005),
        Some(0x8001),
    ] {
        for (lo, hi) in [(-8, 8), (-59, -50), (55, 63)] {
            let a = operand(&mut rng, &c.lhs, lo, hi, odd);
            let b = operand(&mut rng, &c.rhs, lo, hi, None);
            same_both_ways(&text, a, b);
        }
    }
    // Sums that reach 2¹¹² only at their last step: the fused multiply-add
    // rounding overflows there although the exact sum is finite.
    let c = case(&[3, 4], &[4, 5], &[], &[], &[1], &[0]);
    let big = |shape: &[usize]| {
        let n: usize = shape.iter().product();
        Value::tensor(Tensor::new(elem.clone(), shape.to_vec(), &vec![0x5B00; n]))
    };
    same_both_ways(&c.program(&elem), big(&c.lhs), big(&c.rhs));
}

/// The hardware paths of `sqrt`, `floor`, `ceil`, `round_nearest_even`
/// and `round_nearest_afz` (`elementwise::unary_hw_block`) give the soft
/// rules' bits: every bf16 and f16 pattern, f32 patterns over every
/// exponent (halves, ties, ±0, subnormals, NaN payloads) and random, f64
/// patterns at the same edges and random.
#[test]
fn unary_roundings_and_sqrt_in_hardware_match_soft_float() {
    use hlocheck::interp::elementwise::{unary_hw_block, HwUnary};
    let mut rng = Rng(0x5B27_0F10_0C31_0001);
    let all16: Vec<u64> = (0..1u64 << 16).collect();
    let mut f32s: Vec<u64> = (0..1u64 << 32).step_by(7_919).collect();
    for e in 0..256u64 {
        for low in [
            0u64, 1, 0x3F_FFFF, 0x40_0000, 0x40_0001, 0x7F_FFFF, 0x20_0000,
        ] {
            for sign in [0u64, 1 << 31] {
                f32s.push(sign | e << 23 | low);
            }
        }
    }
    f32s.extend((0..100_000).map(|_| rng.next() & 0xFFFF_FFFF));
    let mut f64s: Vec<u64> = (0..100_000).map(|_| rng.next()).collect();
    for e in 0..2048u64 {
        for low in [0u64, 1, 1 << 51, (1 << 51) + 1, (1 << 52) - 1, 1 << 50] {
            for sign in [0u64, 1 << 63] {
                f64s.push(sign | e << 52 | low);
            }
        }
    }
    let ops = [
        HwUnary::Sqrt,
        HwUnary::Floor,
        HwUnary::Ceil,
        HwUnary::RoundEven,
        HwUnary::RoundAfz,
    ];
    let kinds = [
        (FloatKind::F32, &f32s),
        (FloatKind::F64, &f64s),
        (FloatKind::BF16, &all16),
        (FloatKind::F16, &all16),
    ];
    for (kind, xs) in kinds {
        let f = kind.format();
        for op in ops {
            let mut out = vec![0u64; xs.len()];
            assert!(unary_hw_block(kind, op, xs, &mut out));
            for (&x, &o) in xs.iter().zip(&out) {
                assert_eq!(o, op.soft(f, x), "{op:?} {}: {x:#x}", kind.name());
            }
        }
    }
    let mut out = [0u64; 1];
    assert!(!unary_hw_block(
        FloatKind::F8E4M3FN,
        HwUnary::Sqrt,
        &[1],
        &mut out
    ));
}

/// `convert` between integer types, from f32, f64, bf16 and f16 to every
/// integer type and from every integer type to f32 and f64 (done in
/// hardware) gives `convert_elem`'s lane for every element: float operands
/// at the integer ranges' edges (±2^w, ±2^w ± 1 ulp, halves), NaN, ±∞, ±0,
/// subnormals and random patterns; integer operands at the edges and
/// random.
#[test]
fn numeric_conversions_in_hardware_match_convert_elem() {
    use hlocheck::interp::elementwise::{convert_elem, convert_tensor};
    let mut rng = Rng(0xC0E7_1A7E_0000_0001);
    let mut ints = Vec::new();
    for w in [8u32, 16, 32, 64] {
        for s in [Signedness::Signless, Signedness::Unsigned] {
            ints.push(ElementType::Int(s, w));
        }
    }
    let floats = [
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::BF16,
        FloatKind::F16,
    ];
    let mut values: Vec<f64> = vec![0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 0.99, -0.99];
    for p in [7, 8, 15, 16, 31, 32, 63, 64, 100] {
        let t = 2f64.powi(p);
        for v in [
            t,
            t - 1.0,
            t + 1.0,
            t - 0.5,
            t * (1.0 - 1e-7),
            t * (1.0 + 1e-7),
        ] {
            values.push(v);
            values.push(-v);
        }
    }
    values.extend([
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::NAN,
        -f64::NAN,
        1e-40,
        -1e-310,
    ]);
    for kind in floats {
        let elem = ElementType::Float(kind);
        let f = kind.format();
        let mut lanes: Vec<u64> = values
            .iter()
            .map(|&v| {
                hlocheck::float::convert::convert(
                    FloatKind::F64.format(),
                    f,
                    v.to_bits(),
                    Rounding::NearestEven,
                )
            })
            .collect();
        lanes.extend((0..20_000).map(|_| float_bits(f, &mut rng, 100)));
        let t = Tensor::new(elem.clone(), vec![lanes.len()], &lanes);
        for to in &ints {
            let got = convert_tensor(&t, to).lanes_vec();
            for (i, &x) in t.lanes_vec().iter().enumerate() {
                let mut want = Vec::new();
                convert_elem(&elem, to, &[x], &mut want);
                assert_eq!(got[i], want[0], "{} {x:#x} -> {to:?}", kind.name());
            }
        }
    }
    for from in &ints {
        let xs: Vec<u64> = {
            let mut v: Vec<u64> = lanes(from, 20_000, &mut rng, 0);
            let w = match from {
                ElementType::Int(_, w) => *w,
                _ => 64,
            };
            for e in [
                0u64,
                1,
                u64::MAX,
                1 << (w - 1),
                (1 << (w - 1)) - 1,
                1 << 24,
                (1 << 24) + 1,
            ] {
                let mut probe = Vec::new();
                convert_elem(
                    &ElementType::Int(Signedness::Unsigned, 64),
                    from,
                    &[e],
                    &mut probe,
                );
                v.push(probe[0]);
            }
            v
        };
        let t = Tensor::new(from.clone(), vec![xs.len()], &xs);
        let targets = ints
            .iter()
            .cloned()
            .chain(floats[..2].iter().map(|&k| ElementType::Float(k)));
        for to in targets {
            let got = convert_tensor(&t, &to).lanes_vec();
            for (i, &x) in t.lanes_vec().iter().enumerate() {
                let mut want = Vec::new();
                convert_elem(from, &to, &[x], &mut want);
                assert_eq!(got[i], want[0], "{from:?} {x:#x} -> {to:?}");
            }
        }
    }
}

/// `convert` into and out of complex types (one converter per part) gives
/// `convert_elem`'s lanes: every float format and complex<f32/f64> into
/// complex<f32> and complex<f64>, and complex into every float format,
/// with NaN payloads, ±∞, ±0, subnormals and random parts.
#[test]
fn complex_conversions_match_convert_elem() {
    use hlocheck::interp::elementwise::{convert_elem, convert_tensor};
    let mut rng = Rng(0xC0A1_EC07_0000_0001);
    let complexes = [
        ElementType::Complex(FloatKind::F32),
        ElementType::Complex(FloatKind::F64),
    ];
    let sources = FloatKind::ALL
        .iter()
        .map(|&k| ElementType::Float(k))
        .chain(complexes.iter().cloned());
    for from in sources {
        let n = 3_000;
        let t = Tensor::new(from.clone(), vec![n], &lanes(&from, n, &mut rng, 200));
        let targets: Vec<ElementType> = match from {
            ElementType::Complex(_) => FloatKind::ALL
                .iter()
                .map(|&k| ElementType::Float(k))
                .chain(complexes.iter().cloned())
                .collect(),
            _ => complexes.to_vec(),
        };
        let l = t.lanes();
        // A conversion to the same type is the operand itself.
        for to in targets.into_iter().filter(|to| *to != from) {
            let got = convert_tensor(&t, &to).lanes_vec();
            let mut want = Vec::new();
            for e in t.lanes_vec().chunks_exact(l) {
                convert_elem(&from, &to, e, &mut want);
            }
            assert_eq!(got.len(), want.len(), "{from:?} -> {to:?}");
            if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
                panic!(
                    "{from:?} -> {to:?}: lane {i}: {:#x}, not {:#x}",
                    got[i], want[i]
                );
            }
        }
    }
}

/// `@main(a, init)`: a `reduce` of `a` (of `shape`, element type `ty`)
/// across `dims` to `out` with the one-op body `op`.
fn reduce_program(ty: &str, shape: &str, dims: &str, out: &str, op: &str) -> String {
    // `out` empty: a rank-0 result.
    let out = if out.is_empty() {
        ty.to_string()
    } else {
        format!("{out}x{ty}")
    };
    format!(
        "func.func @main(%a: tensor<{shape}x{ty}>, %i: tensor<{ty}>) -> tensor<{out}> {{\n\
         %r = stablehlo.reduce(%a init: %i) across dimensions = [{dims}] : (tensor<{shape}x{ty}>, tensor<{ty}>) -> tensor<{out}>\n\
         reducer(%x: tensor<{ty}>, %y: tensor<{ty}>) {{\n\
         %s = stablehlo.{op} %x, %y : tensor<{ty}>\n\
         stablehlo.return %s : tensor<{ty}>\n\
         }}\n\
         return %r : tensor<{out}>\n\
         }}\n"
    )
}

/// `reduce` with a one-op body other than an f32 sum (maximum, minimum,
/// multiply; maximum and minimum of bf16, f16 and f64) over leading,
/// middle and all dimensions (one output) folds in hardware with the plain
/// fold's bits: NaN payloads, ±0 ties, ±∞ and random values.
#[test]
fn reduce_one_op_folds_in_hardware_match_the_plain_fold() {
    let mut rng = Rng(0x2ED0_CE0F_01D5_0001);
    for (ty, ops) in [
        ("f32", &["maximum", "minimum", "multiply", "add"][..]),
        ("bf16", &["maximum", "minimum"][..]),
        ("f16", &["maximum", "minimum"][..]),
        ("f64", &["maximum", "minimum"][..]),
    ] {
        let elem = match ty {
            "f32" => ElementType::Float(FloatKind::F32),
            "f16" => ElementType::Float(FloatKind::F16),
            "f64" => ElementType::Float(FloatKind::F64),
            _ => ElementType::Float(FloatKind::BF16),
        };
        for op in ops {
            for dims in ["0", "1", "0, 2", "0, 1, 2"] {
                let out = match dims {
                    "0" => "5x3",
                    "1" => "7x3",
                    "0, 2" => "5",
                    _ => "",
                };
                let text = reduce_program(ty, "7x5x3", dims, out, op);
                for special in [0, 100, 500] {
                    let a = Tensor::new(
                        elem.clone(),
                        vec![7, 5, 3],
                        &lanes(&elem, 105, &mut rng, special),
                    );
                    let i = Tensor::new(elem.clone(), vec![], &lanes(&elem, 1, &mut rng, special));
                    same_both_ways(&text, Value::tensor(a), Value::tensor(i));
                }
            }
        }
    }
}

/// `reduce` over one position (dimensions of size one, or none) with a
/// one-op body is each output's `body(init, x)`: the same bits with
/// `fast_kernels` on and off, for every real element type, NaN and edge
/// operands and inits included.
#[test]
fn reduce_over_one_position_matches_the_plain_fold() {
    let mut rng = Rng(0x1F83_D9AB_FB41_BD6B);
    let mut nans = 0;
    for elem in element_types() {
        if matches!(elem, ElementType::Complex(_)) {
            continue;
        }
        let ty = type_name(&elem);
        let ops: &[&str] = if elem == ElementType::Int(Signedness::Signless, 1) {
            &["and", "or"]
        } else {
            &["add", "maximum", "multiply"]
        };
        for op in ops {
            for (dims, out) in [("1", "4x3x1"), ("1, 3", "4x3"), ("", "4x1x3x1")] {
                let text = reduce_program(&ty, "4x1x3x1", dims, out, op);
                for special in [0, 100, 500] {
                    let a = Tensor::new(
                        elem.clone(),
                        vec![4, 1, 3, 1],
                        &lanes(&elem, 12, &mut rng, special),
                    );
                    let i = Tensor::new(elem.clone(), vec![], &lanes(&elem, 1, &mut rng, special));
                    nans += same_both_ways(&text, Value::tensor(a), Value::tensor(i));
                }
            }
        }
    }
    assert!(nans > 0);
}

/// `scatter` whose update rule returns the updates (`.at[].set`) copies
/// them without calling the rule, with the bits of the calls: f32 and
/// complex, one and two inputs, window and scattered dimensions in either
/// order, colliding indices (the last update wins) and indices out of
/// bounds (skipped).
#[test]
fn overwriting_scatter_matches_the_rule_called_per_element() {
    let mut rng = Rng(0x5CA7_7E25_0000_0001);
    for ty in ["f32", "complex<f32>"] {
        let elem = match ty {
            "f32" => ElementType::Float(FloatKind::F32),
            _ => ElementType::Complex(FloatKind::F32),
        };
        // Updates [3 (scattered), 4 (window)] into dimension 0 of 6x4, and
        // [4 (window), 3 (scattered)] likewise.
        for (ushape, uwd) in [("3x4", "1"), ("4x3", "0")] {
            let text = format!(
                "func.func @main(%a: tensor<6x4x{ty}>, %i: tensor<3x1xi32>, %u: tensor<{ushape}x{ty}>, %b: tensor<6x4x{ty}>, %v: tensor<{ushape}x{ty}>) -> (tensor<6x4x{ty}>, tensor<6x4x{ty}>) {{\n\
                 %r = \"stablehlo.scatter\"(%a, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [{uwd}], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{\n\
                 ^bb0(%x: tensor<{ty}>, %y: tensor<{ty}>):\n\
                 stablehlo.return %y : tensor<{ty}>\n\
                 }}) : (tensor<6x4x{ty}>, tensor<3x1xi32>, tensor<{ushape}x{ty}>) -> tensor<6x4x{ty}>\n\
                 %s:2 = \"stablehlo.scatter\"(%a, %b, %i, %u, %v) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [{uwd}], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{\n\
                 ^bb0(%x: tensor<{ty}>, %x2: tensor<{ty}>, %y: tensor<{ty}>, %y2: tensor<{ty}>):\n\
                 stablehlo.return %y, %y2 : tensor<{ty}>, tensor<{ty}>\n\
                 }}) : (tensor<6x4x{ty}>, tensor<6x4x{ty}>, tensor<3x1xi32>, tensor<{ushape}x{ty}>, tensor<{ushape}x{ty}>) -> (tensor<6x4x{ty}>, tensor<6x4x{ty}>)\n\
                 return %r, %s#1 : tensor<6x4x{ty}>, tensor<6x4x{ty}>\n\
                 }}\n"
            );
            for indices in [[0i64, 3, 5], [2, 2, 1], [7, -1, 4]] {
                let i32t = ElementType::Int(Signedness::Signless, 32);
                let idx: Vec<u64> = indices.iter().map(|&v| v as u64).collect();
                let t = |shape: Vec<usize>, rng: &mut Rng| {
                    let n = shape.iter().product();
                    Value::tensor(Tensor::new(elem.clone(), shape, &lanes(&elem, n, rng, 100)))
                };
                let ushape: Vec<usize> = ushape.split('x').map(|d| d.parse().unwrap()).collect();
                let args = vec![
                    t(vec![6, 4], &mut rng),
                    Value::tensor(Tensor::new(i32t, vec![3, 1], &idx)),
                    t(ushape.clone(), &mut rng),
                    t(vec![6, 4], &mut rng),
                    t(ushape, &mut rng),
                ];
                same_both_ways_on(&text, args);
            }
        }
    }
}

/// `scatter` whose update rule is one f32, bf16 or f16 `add`, `multiply`,
/// `maximum` or `minimum` combines as `reduce` folds, with the bits of
/// the rule by `float::arith`: NaN payloads, ±0, ±∞ and random values,
/// colliding indices (applied in update order) and indices out of bounds.
#[test]
fn one_op_scatter_combines_in_hardware_with_the_rule_bits() {
    let mut rng = Rng(0x5CA7_7E25_0000_0002);
    for (kind, op) in [FloatKind::F32, FloatKind::BF16, FloatKind::F16]
        .into_iter()
        .flat_map(|k| ["add", "multiply", "maximum", "minimum"].map(|op| (k, op)))
    {
        let elem = ElementType::Float(kind);
        let t = kind.name();
        for swap in [false, true] {
            let (x, y) = if swap { ("%y", "%x") } else { ("%x", "%y") };
            let text = format!(
                "func.func @main(%a: tensor<6x4x{t}>, %i: tensor<5x1xi32>, %u: tensor<5x4x{t}>) -> tensor<6x4x{t}> {{\n\
                 %r = \"stablehlo.scatter\"(%a, %i, %u) <{{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}}> ({{\n\
                 ^bb0(%x: tensor<{t}>, %y: tensor<{t}>):\n\
                 %s = stablehlo.{op} {x}, {y} : tensor<{t}>\n\
                 stablehlo.return %s : tensor<{t}>\n\
                 }}) : (tensor<6x4x{t}>, tensor<5x1xi32>, tensor<5x4x{t}>) -> tensor<6x4x{t}>\n\
                 return %r : tensor<6x4x{t}>\n\
                 }}\n"
            );
            for indices in [[0i64, 3, 5, 1, 2], [2, 2, 1, 2, 2], [7, -1, 4, 4, 0]] {
                for special in [0, 100, 500] {
                    let i32t = ElementType::Int(Signedness::Signless, 32);
                    let idx: Vec<u64> = indices.iter().map(|&v| v as u64).collect();
                    let args = vec![
                        Value::tensor(Tensor::new(
                            elem.clone(),
                            vec![6, 4],
                            &lanes(&elem, 24, &mut rng, special),
                        )),
                        Value::tensor(Tensor::new(i32t, vec![5, 1], &idx)),
                        Value::tensor(Tensor::new(
                            elem.clone(),
                            vec![5, 4],
                            &lanes(&elem, 20, &mut rng, special),
                        )),
                    ];
                    same_both_ways_on(&text, args);
                }
            }
        }
    }
}

/// The body of an argmax/argmin-style `reduce` of (value, index) pairs,
/// as text: `dir` compares the values, `tie` the indices, `nan` adds the
/// clause that keeps a NaN, `swap` writes the operands of `or`, `and` and
/// the `EQ` compare the other way round, `ctype` is the value compares'
/// comparison type.
fn pick_body(
    vt: &str,
    it: &str,
    dir: &str,
    tie: &str,
    nan: bool,
    swap: bool,
    ctype: &str,
) -> String {
    let or = |a: &str, b: &str| {
        if swap {
            format!("{b}, {a}")
        } else {
            format!("{a}, {b}")
        }
    };
    let pred = if nan { "%c" } else { "%p" };
    let mut s = format!(
        "{pred} = stablehlo.compare {dir}, %a, %x, {ctype} : (tensor<{vt}>, tensor<{vt}>) -> tensor<i1>\n"
    );
    if nan {
        s += &format!(
            "%n = stablehlo.compare NE, %a, %a, {ctype} : (tensor<{vt}>, tensor<{vt}>) -> tensor<i1>\n\
             %p = stablehlo.or {} : tensor<i1>\n",
            or("%c", "%n")
        );
    }
    let eq = if swap { "%x, %a" } else { "%a, %x" };
    s += &format!(
        "%e = stablehlo.compare EQ, {eq}, {ctype} : (tensor<{vt}>, tensor<{vt}>) -> tensor<i1>\n\
         %l = stablehlo.compare {tie}, %ai, %xi : (tensor<{it}>, tensor<{it}>) -> tensor<i1>\n\
         %t = stablehlo.and {} : tensor<i1>\n\
         %q = stablehlo.or {} : tensor<i1>\n\
         %sv = stablehlo.select %p, %a, %x : tensor<i1>, tensor<{vt}>\n\
         %si = stablehlo.select %q, %ai, %xi : tensor<i1>, tensor<{it}>\n",
        or("%e", "%l"),
        or("%p", "%t")
    );
    s
}

/// `reduce` of (value, index) pairs whose body keeps one whole pair (JAX's
/// argmax and argmin, and variants: operands swapped, inputs in the other
/// order, no NaN clause, other directions, unsigned and 64-bit indices)
/// runs on the hardware with the bits of the compiled body and of the
/// interpreted one, over every float type it takes, NaNs, signed zeros,
/// ties of values and of indices, and reductions to one output or many;
/// bodies it does not take (totalOrder compares) give the same results by
/// the other paths.
#[test]
fn pair_picking_reduce_matches_the_interpreted_body() {
    let mut rng = Rng(0x00A7_6AA1_0000_0001);
    let mut cases = 0;
    for vt in ["f32", "f64", "bf16", "f16"] {
        let velem = match vt {
            "f32" => ElementType::Float(FloatKind::F32),
            "f64" => ElementType::Float(FloatKind::F64),
            "bf16" => ElementType::Float(FloatKind::BF16),
            _ => ElementType::Float(FloatKind::F16),
        };
        for it in ["i32", "ui32", "i64"] {
            let ielem = match it {
                "i32" => ElementType::Int(Signedness::Signless, 32),
                "ui32" => ElementType::Int(Signedness::Unsigned, 32),
                _ => ElementType::Int(Signedness::Signless, 64),
            };
            for (dir, tie, nan, swap, ctype, index_first) in [
                ("GT", "LT", true, false, "FLOAT", false),
                ("LT", "LT", true, false, "FLOAT", false),
                ("GT", "LT", true, true, "FLOAT", true),
                ("GE", "GT", false, false, "FLOAT", false),
                ("LE", "LE", true, true, "FLOAT", true),
                ("GT", "LT", true, false, "TOTALORDER", false),
                ("GE", "LT", false, false, "TOTALORDER", false),
            ] {
                let body = pick_body(vt, it, dir, tie, nan, swap, ctype);
                for (dims, out) in [("1", "6"), ("0", "50"), ("0, 1", "")] {
                    let ot = |t: &str| {
                        if out.is_empty() {
                            format!("tensor<{t}>")
                        } else {
                            format!("tensor<{out}x{t}>")
                        }
                    };
                    let (ov, oi) = (ot(vt), ot(it));
                    let text = if index_first {
                        format!(
                            "func.func @main(%v: tensor<6x50x{vt}>, %ix: tensor<6x50x{it}>, %vi: tensor<{vt}>, %ii: tensor<{it}>) -> ({oi}, {ov}) {{\n\
                             %r:2 = stablehlo.reduce(%ix init: %ii), (%v init: %vi) across dimensions = [{dims}] : (tensor<6x50x{it}>, tensor<6x50x{vt}>, tensor<{it}>, tensor<{vt}>) -> ({oi}, {ov})\n\
                             reducer(%ai: tensor<{it}>, %xi: tensor<{it}>) (%a: tensor<{vt}>, %x: tensor<{vt}>) {{\n{body}\
                             stablehlo.return %si, %sv : tensor<{it}>, tensor<{vt}>\n}}\n\
                             return %r#0, %r#1 : {oi}, {ov}\n}}\n"
                        )
                    } else {
                        format!(
                            "func.func @main(%v: tensor<6x50x{vt}>, %ix: tensor<6x50x{it}>, %vi: tensor<{vt}>, %ii: tensor<{it}>) -> ({ov}, {oi}) {{\n\
                             %r:2 = stablehlo.reduce(%v init: %vi), (%ix init: %ii) across dimensions = [{dims}] : (tensor<6x50x{vt}>, tensor<6x50x{it}>, tensor<{vt}>, tensor<{it}>) -> ({ov}, {oi})\n\
                             reducer(%a: tensor<{vt}>, %x: tensor<{vt}>) (%ai: tensor<{it}>, %xi: tensor<{it}>) {{\n{body}\
                             stablehlo.return %sv, %si : tensor<{vt}>, tensor<{it}>\n}}\n\
                             return %r#0, %r#1 : {ov}, {oi}\n}}\n"
                        )
                    };
                    for special in [0, 300] {
                        // Values from a pool of a few patterns (ties), indices
                        // from a small range (ties of indices too).
                        let pool = lanes(&velem, 5, &mut rng, special);
                        let vals: Vec<u64> =
                            (0..300).map(|_| pool[rng.below(5) as usize]).collect();
                        let idx: Vec<u64> = lanes(&ielem, 300, &mut rng, 0)
                            .into_iter()
                            .map(|x| if rng.below(2) == 0 { x & 7 } else { x })
                            .collect();
                        let args = vec![
                            Value::tensor(Tensor::new(velem.clone(), vec![6, 50], &vals)),
                            Value::tensor(Tensor::new(ielem.clone(), vec![6, 50], &idx)),
                            Value::tensor(Tensor::new(
                                velem.clone(),
                                vec![],
                                &lanes(&velem, 1, &mut rng, special),
                            )),
                            Value::tensor(Tensor::new(
                                ielem.clone(),
                                vec![],
                                &lanes(&ielem, 1, &mut rng, 0),
                            )),
                        ];
                        let prog = parse_program("t.mlir", &text)
                            .unwrap_or_else(|d| panic!("{d}\n{text}"));
                        let mut outs = Vec::new();
                        for (fast, scalar) in [(false, false), (false, true), (true, true)] {
                            let mut interp = Interp::new(&prog, Limits::default());
                            interp.fast_kernels = fast;
                            interp.scalar_code = scalar;
                            outs.push(
                                interp
                                    .call("main", args.clone())
                                    .unwrap_or_else(|e| panic!("{e}\n{text}")),
                            );
                        }
                        assert!(
                            outs[0] == outs[1] && outs[1] == outs[2],
                            "paths differ:\n{text}"
                        );
                        cases += 1;
                    }
                }
            }
        }
    }
    assert_eq!(cases, 4 * 3 * 7 * 3 * 2);
}

/// `fft` with power-of-two lengths runs its lines in groups through vector
/// lanes; each line must get the bits it gets alone (the scalar line loop,
/// the kernels' plain mode): every type of transform, in f32 and f64, with
/// groups cut short, lines interleaved (transforms over two and three
/// dimensions), lengths 2 to 64, NaNs and infinities among the inputs.
#[test]
fn fft_lines_in_vector_lanes_match_the_line_loop() {
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    // (operand shape, fft_length, type); the operand is real for RFFT.
    let cases: &[(&[usize], &[usize], &str)] = &[
        (&[3, 5, 16], &[16], "FFT"),
        (&[11, 8], &[8], "IFFT"),
        (&[4, 8, 4], &[8, 4], "FFT"),
        (&[2, 4, 8, 2], &[4, 8, 2], "IFFT"),
        (&[9, 64], &[64], "RFFT"),
        (&[3, 4, 32], &[4, 32], "RFFT"),
        (&[7, 2], &[2], "FFT"),
        (&[10, 17], &[32], "IRFFT"),
        (&[2, 8, 5], &[8, 8], "IRFFT"),
    ];
    for kind in [FloatKind::F32, FloatKind::F64] {
        for &(shape, len, ty) in cases {
            let real_in = ty == "RFFT";
            let in_elem = if real_in {
                ElementType::Float(kind)
            } else {
                ElementType::Complex(kind)
            };
            let mut out_shape = shape.to_vec();
            let last = out_shape.len() - 1;
            let out_elem = match ty {
                "RFFT" => {
                    out_shape[last] = shape[last] / 2 + 1;
                    ElementType::Complex(kind)
                }
                "IRFFT" => {
                    out_shape[last] = len[len.len() - 1];
                    ElementType::Float(kind)
                }
                _ => ElementType::Complex(kind),
            };
            let (it, ot) = (
                tensor_type(shape, &in_elem),
                tensor_type(&out_shape, &out_elem),
            );
            let lens = len.iter().map(|d| d.to_string()).collect::<Vec<_>>();
            let text = format!(
                "func.func @main(%a: {it}) -> {ot} {{
  %r = stablehlo.fft %a, type = {ty}, length = [{}] : ({it}) -> {ot}
  func.return %r : {ot}
}}",
                lens.join(", ")
            );
            for special in [0, 20] {
                let n = shape.iter().product();
                let a = Tensor::new(
                    in_elem.clone(),
                    shape.to_vec(),
                    &lanes(&in_elem, n, &mut rng, special),
                );
                same_both_ways_on(&text, vec![Value::tensor(a)]);
            }
        }
    }
}

/// A `reduce` of format `kind` whose body is one `op`, against the plain
/// fold: rows, columns and the whole of a 9x37 tensor, both operand
/// orders, random inits, and specials (NaN payloads, ±∞, ±0, subnormals)
/// mixed in at several rates. Returns how many results held a NaN.
fn one_op_reductions(kinds: &[FloatKind], op: &str, rng: &mut Rng) -> usize {
    let mut nans = 0;
    for &kind in kinds {
        let elem = ElementType::Float(kind);
        let t = kind.name();
        for swap in [false, true] {
            let (x, y) = if swap { ("%y", "%x") } else { ("%x", "%y") };
            for (dims, out) in [("[1]", "9"), ("[0]", "37"), ("[0, 1]", "")] {
                let out_ty = if out.is_empty() {
                    format!("tensor<{t}>")
                } else {
                    format!("tensor<{out}x{t}>")
                };
                let text = format!(
                    "func.func @main(%a: tensor<9x37x{t}>, %z: tensor<{t}>) -> {out_ty} {{\n\
                     %r = stablehlo.reduce(%a init: %z) across dimensions = {dims} : (tensor<9x37x{t}>, tensor<{t}>) -> {out_ty}\n\
                     reducer(%x: tensor<{t}>, %y: tensor<{t}>) {{\n\
                     %s = stablehlo.{op} {x}, {y} : tensor<{t}>\n\
                     stablehlo.return %s : tensor<{t}>\n\
                     }}\n\
                     return %r : {out_ty}\n\
                     }}\n"
                );
                for special in [0, 20, 300] {
                    let args = vec![
                        Value::tensor(Tensor::new(
                            elem.clone(),
                            vec![9, 37],
                            &lanes(&elem, 9 * 37, rng, special),
                        )),
                        Value::tensor(Tensor::new(
                            elem.clone(),
                            vec![],
                            &lanes(&elem, 1, rng, special),
                        )),
                    ];
                    nans += same_both_ways_on(&text, args);
                }
            }
        }
    }
    nans
}

/// A `reduce` whose body is one `maximum` or `minimum` (hardware folds on
/// total-order keys, every output at once; a fold that meets a NaN again by
/// the body's rule) against the plain fold ([`one_op_reductions`]), in
/// f32, f64, bf16 and f16.
#[test]
fn extrema_reductions_match_the_plain_fold() {
    let mut rng = Rng(0x5CA7_7E25_0000_0004);
    let kinds = [
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::BF16,
        FloatKind::F16,
    ];
    let nans = one_op_reductions(&kinds, "maximum", &mut rng)
        + one_op_reductions(&kinds, "minimum", &mut rng);
    assert!(
        nans > 0,
        "no fold came out NaN: the NaN refold was not exercised"
    );
}

/// A bf16 or f16 `reduce` whose body is one `add` sums each output in
/// `f32` lanes rounded to the format at every step; against the plain
/// fold by `float::arith` ([`one_op_reductions`]).
#[test]
fn half_precision_sums_match_the_plain_fold() {
    let mut rng = Rng(0x5CA7_7E25_0000_0003);
    let nans = one_op_reductions(&[FloatKind::BF16, FloatKind::F16], "add", &mut rng);
    assert!(
        nans > 0,
        "no sum came out NaN: the NaN fold was not exercised"
    );
}
