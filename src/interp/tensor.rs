//! Tensors: a shape, an element type and contiguous row-major storage.
//!
//! Every element is stored at its element type's width ([`Words`]: one
//! byte for 8-bit and narrower types and `i1`, two for 16-bit types, four
//! for 32-bit types, eight otherwise; a complex element is two parts of
//! its part's width, real then imaginary). Kernels read and write *lanes*:
//! one `u64` per element (per part for complex types), widened from and
//! narrowed to the storage width by [`Words`], so that every kernel that
//! only moves data works on every element type alike. The lane holds:
//!
//! | element type | lane |
//! |---|---|
//! | `i1` | 0 or 1 |
//! | signless and signed integers (`iN`, `siN`), `index` | the value, sign-extended to 64 bits |
//! | unsigned integers (`uiN`) | the value, zero-extended |
//! | floats | the raw bit pattern of the format, in the low bits |
//! | complex | two lanes, each the raw bits of the part's format |
//! | quantized | the storage integer, extended per the storage signedness |
//!
//! The lane of an integer is always canonical (extended from its width), so
//! `lane as i64` (signed) or `lane` (unsigned) is the value. Storage keeps
//! the low bits of a lane and extends them back when read (signed types
//! are stored in signed words), so a canonical lane reads back unchanged.

use crate::float::FloatKind;
use crate::ir::attr::DenseElements;
use crate::ir::types::{ElementType, Signedness};

pub use super::words::{Width, Words, BLOCK};

/// The lanes of one element (one, or two for complex types), by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Elem {
    lanes: [u64; 2],
    n: usize,
}

impl std::ops::Deref for Elem {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &self.lanes[..self.n]
    }
}

/// A tensor value.
#[derive(Clone, Debug, PartialEq)]
pub struct Tensor {
    pub elem: ElementType,
    pub shape: Vec<usize>,
    /// `lanes(elem)` lanes per element, row-major, stored at
    /// `Width::of(elem)` (a tensor whose element type changes gets new
    /// words: [`Tensor::retype`]).
    pub data: Words,
}

/// A shape as text: `[2, 3]`.
pub fn shape_text(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", dims.join(", "))
}

/// Words per element: 2 for complex types, 1 otherwise.
pub fn lanes(elem: &ElementType) -> usize {
    match elem {
        ElementType::Complex(_) => 2,
        _ => 1,
    }
}

/// How an integer-like element type reads its lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntKind {
    pub bits: u32,
    pub signed: bool,
}

impl IntKind {
    /// The canonical lane of `v` wrapped to this width (two's complement).
    pub fn wrap(self, v: i128) -> u64 {
        let bits = self.bits.clamp(1, 64);
        let raw = v as u64;
        if bits == 64 {
            return raw;
        }
        let mask = (1u64 << bits) - 1;
        let low = raw & mask;
        if self.signed && bits > 1 && (low >> (bits - 1)) & 1 == 1 {
            low | !mask
        } else {
            low
        }
    }
    /// The value a canonical lane holds.
    pub fn value(self, lane: u64) -> i128 {
        if self.signed {
            lane as i64 as i128
        } else {
            lane as i128
        }
    }
    pub fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.bits - 1))
        } else {
            0
        }
    }
    pub fn max(self) -> i128 {
        if self.signed {
            (1i128 << (self.bits - 1)) - 1
        } else {
            (1i128 << self.bits) - 1
        }
    }
    /// The canonical lane of `v` saturated to this type's range.
    pub fn saturate(self, v: i128) -> u64 {
        self.wrap(v.clamp(self.min(), self.max()))
    }
}

/// The integer reading of an integer, `index` or quantized element type.
/// `i1` is unsigned (0 and 1); signless integers are signed, as in the spec.
pub fn int_kind(elem: &ElementType) -> Option<IntKind> {
    match elem {
        ElementType::Int(_, 1) => Some(IntKind {
            bits: 1,
            signed: false,
        }),
        ElementType::Int(s, w) => Some(IntKind {
            bits: (*w).clamp(1, 64),
            signed: *s != Signedness::Unsigned,
        }),
        ElementType::Index => Some(IntKind {
            bits: 64,
            signed: true,
        }),
        ElementType::Quant(q) => Some(IntKind {
            bits: q.storage_bits.clamp(1, 64),
            signed: q.storage_signed,
        }),
        _ => None,
    }
}

/// The float kind of a float or complex element type.
pub fn float_kind(elem: &ElementType) -> Option<FloatKind> {
    match elem {
        ElementType::Float(k) | ElementType::Complex(k) => Some(*k),
        _ => None,
    }
}

/// Row-major strides of a shape, in elements.
pub fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1].saturating_mul(shape[i + 1]);
    }
    s
}

/// The number of elements of a shape (saturating).
pub fn num_elements(shape: &[usize]) -> usize {
    shape.iter().fold(1usize, |a, &d| a.saturating_mul(d))
}

/// Advances a multi-index over `shape` in row-major order; false when done.
pub fn next_index(index: &mut [usize], shape: &[usize]) -> bool {
    for d in (0..index.len()).rev() {
        index[d] += 1;
        if index[d] < shape[d] {
            return true;
        }
        index[d] = 0;
    }
    false
}

impl Tensor {
    /// A tensor of the given lanes (`lanes(elem)` per element, row-major),
    /// stored at the element type's width.
    pub fn new(elem: ElementType, shape: Vec<usize>, lanes: &[u64]) -> Tensor {
        let data = Words::from_lanes(Width::of(&elem), lanes);
        Tensor { elem, shape, data }
    }

    /// A tensor of the lanes an iterator yields.
    pub fn collect(
        elem: ElementType,
        shape: Vec<usize>,
        lanes: impl IntoIterator<Item = u64>,
    ) -> Tensor {
        let data = Words::collect(Width::of(&elem), lanes);
        Tensor { elem, shape, data }
    }

    /// A tensor of words already at the element type's width.
    pub fn from_words(elem: ElementType, shape: Vec<usize>, data: Words) -> Tensor {
        debug_assert_eq!(data.width(), Width::of(&elem));
        Tensor { elem, shape, data }
    }

    /// A tensor of `elem` and `shape` whose lanes are built block by block
    /// by `g(offset, lanes)` (see [`Words::build`]).
    pub fn build(
        elem: ElementType,
        shape: Vec<usize>,
        g: impl Fn(usize, &mut [u64]) + Sync,
    ) -> Tensor {
        let n = num_elements(&shape).saturating_mul(lanes(&elem));
        let data = Words::build(Width::of(&elem), n, g);
        Tensor { elem, shape, data }
    }

    /// The same lanes under another element type (stored anew when the
    /// width differs).
    pub fn retype(mut self, elem: ElementType) -> Tensor {
        let w = Width::of(&elem);
        if self.data.width() != w {
            self.data = Words::collect(w, self.data.iter());
        }
        self.elem = elem;
        self
    }

    /// Every lane, widened into a vector.
    pub fn lanes_vec(&self) -> Vec<u64> {
        self.data.to_vec()
    }

    /// Calls `f(i, lane)` on every lane in order, storing what it leaves
    /// in the lane.
    pub fn for_each_lane(&mut self, mut f: impl FnMut(usize, &mut u64)) {
        for i in 0..self.data.len() {
            let mut x = self.data.get(i);
            f(i, &mut x);
            self.data.set(i, x);
        }
    }

    /// Lane `i`.
    #[inline]
    pub fn lane(&self, i: usize) -> u64 {
        self.data.get(i)
    }

    /// A tensor of the given shape filled with one element (given as its lanes).
    pub fn filled(elem: ElementType, shape: Vec<usize>, lanes_of_one: &[u64]) -> Tensor {
        let n = num_elements(&shape);
        let data = Words::repeat(Width::of(&elem), lanes_of_one, n);
        Tensor { elem, shape, data }
    }

    /// A scalar (rank-0) tensor.
    pub fn scalar(elem: ElementType, lanes_of_one: &[u64]) -> Tensor {
        Tensor::new(elem, Vec::new(), lanes_of_one)
    }

    /// A tensor of `i64`-typed values.
    pub fn from_i64(elem: ElementType, shape: Vec<usize>, values: &[i64]) -> Tensor {
        let k = int_kind(&elem).unwrap_or(IntKind {
            bits: 64,
            signed: true,
        });
        Tensor::collect(elem, shape, values.iter().map(|&v| k.wrap(v as i128)))
    }

    pub fn lanes(&self) -> usize {
        lanes(&self.elem)
    }

    pub fn len(&self) -> usize {
        num_elements(&self.shape)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The lanes of element `i` (row-major linear index).
    pub fn elem_lanes(&self, i: usize) -> Elem {
        let l = self.lanes();
        let mut e = Elem {
            lanes: [0; 2],
            n: l.min(2),
        };
        for (k, x) in e.lanes[..e.n].iter_mut().enumerate() {
            *x = self.data.get(i * l + k);
        }
        e
    }

    /// Lanes `range` widened into a vector.
    pub fn lanes_of(&self, range: std::ops::Range<usize>) -> Vec<u64> {
        let mut out = vec![0u64; range.len()];
        self.data.read(range.start, &mut out);
        out
    }

    /// The first lane of element `i` and, for complex types, the second.
    #[inline]
    pub fn pair(&self, i: usize) -> (u64, u64) {
        (self.data.get(2 * i), self.data.get(2 * i + 1))
    }

    /// Element `i` as an integer (integer, index, quantized storage, i1).
    pub fn int_at(&self, i: usize) -> Option<i128> {
        let k = int_kind(&self.elem)?;
        self.data.try_get(i).map(|lane| k.value(lane))
    }

    /// All elements as integers; `None` for non-integer element types.
    pub fn ints(&self) -> Option<Vec<i128>> {
        let k = int_kind(&self.elem)?;
        Some(self.data.iter().map(|l| k.value(l)).collect())
    }

    /// The tensor's elements picked by linear source indices, one per output
    /// element, into a new tensor of `shape`.
    pub fn gather_linear(&self, shape: Vec<usize>, sources: &[usize]) -> Tensor {
        Tensor {
            elem: self.elem.clone(),
            shape,
            data: self.data.gather_groups(sources, self.lanes()),
        }
    }

    /// Builds a tensor from a dense elements attribute (splats expanded).
    /// The element count must have been checked against the limits by the caller.
    pub fn from_dense(d: &DenseElements, shape: Vec<usize>) -> Result<Tensor, String> {
        let elem = d.ty.elem.clone();
        let n = num_elements(&shape);
        let stored = d.stored_len();
        if !d.splat && stored != n {
            return Err(format!(
                "dense literal has {stored} elements but its type has {n}"
            ));
        }
        if stored == 0 && n > 0 {
            return Err("dense literal has no elements".into());
        }
        let width = d.ty.elem.storage_bytes();
        let decode_one = |bytes: &[u8], out: &mut Vec<u64>| {
            let read = |b: &[u8]| {
                let mut v = 0u64;
                for (i, &byte) in b.iter().enumerate().take(8) {
                    v |= (byte as u64) << (8 * i);
                }
                v
            };
            match &elem {
                ElementType::Complex(_) => {
                    let half = width / 2;
                    out.push(read(&bytes[..half]));
                    out.push(read(&bytes[half..]));
                }
                ElementType::Float(k) => {
                    let bits = k.bits();
                    let mask = if bits >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << bits) - 1
                    };
                    out.push(read(bytes) & mask);
                }
                other => match int_kind(other) {
                    Some(k) => out.push(k.wrap(read(bytes) as i128)),
                    None => out.push(read(bytes)),
                },
            }
        };
        let w = Width::of(&elem);
        if !d.splat {
            if let Some(t) = Tensor::from_raw_floats(&elem, &shape, &d.data) {
                return Ok(t);
            }
        }
        let data = if d.splat {
            let mut one = Vec::with_capacity(lanes(&elem));
            decode_one(d.element(0), &mut one);
            Words::repeat(w, &one, n)
        } else {
            let mut data = Words::with_capacity(w, n * lanes(&elem));
            let mut one = Vec::with_capacity(2);
            for i in 0..n {
                one.clear();
                decode_one(d.element(i), &mut one);
                data.extend_lanes(&one);
            }
            data
        };
        Ok(Tensor { elem, shape, data })
    }

    /// A tensor of floats whose bits fill their storage bytes, stored at
    /// that width, taken from their little-endian bytes as they are (what
    /// [`Tensor::from_dense`] decodes element by element gives the same
    /// words); `None` for other element types or a length that is not the
    /// shape's.
    pub fn from_raw_floats(elem: &ElementType, shape: &[usize], bytes: &[u8]) -> Option<Tensor> {
        let ElementType::Float(k) = elem else {
            return None;
        };
        let (w, width) = (Width::of(elem), elem.storage_bytes());
        if k.bits() as usize != 8 * width
            || w.bytes() != width
            || Some(bytes.len()) != num_elements(shape).checked_mul(width)
        {
            return None;
        }
        Some(Tensor {
            elem: elem.clone(),
            shape: shape.to_vec(),
            data: Words::read_le(w, bytes)?,
        })
    }

    /// The raw little-endian bytes of the elements, as a dense hex literal
    /// stores them (the inverse of [`Tensor::from_dense`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_bytes(&mut out);
        out
    }

    /// Whether the words are stored at the width [`Tensor::to_bytes`]
    /// writes (so their bytes can be written as they are).
    fn stored_as_written(&self) -> bool {
        self.data.width().bytes() == (self.elem.storage_bytes() / self.lanes().max(1)).min(8)
    }

    /// Appends the bytes of [`Tensor::to_bytes`] to `out`.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        if self.stored_as_written() {
            self.data.write_le(out);
        } else {
            self.write_lanes(&self.data.to_vec(), out);
        }
    }

    /// Writes the bytes of [`Tensor::to_bytes`] to `w`, a piece at a time
    /// (never a copy of the whole tensor).
    pub fn write_bytes_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        if self.stored_as_written() {
            return self.data.write_le_to(w);
        }
        // Whole elements per piece: a block holds an even number of lanes.
        let mut lanes = [0u64; BLOCK];
        let mut bytes = Vec::with_capacity(BLOCK * 8);
        let mut off = 0;
        while off < self.data.len() {
            let n = BLOCK.min(self.data.len() - off);
            self.data.read(off, &mut lanes[..n]);
            bytes.clear();
            self.write_lanes(&lanes[..n], &mut bytes);
            w.write_all(&bytes)?;
            off += n;
        }
        Ok(())
    }

    /// Appends the bytes of some lanes of this tensor's element type
    /// (whole elements) to `out`, as [`Tensor::to_bytes`] stores them.
    pub fn write_lanes(&self, lanes: &[u64], out: &mut Vec<u8>) {
        let width = self.elem.storage_bytes();
        let lane_bytes = (width / self.lanes().max(1)).min(8);
        out.reserve(lanes.len() * lane_bytes);
        match lane_bytes {
            1 => out.extend(lanes.iter().map(|&l| l as u8)),
            2 => {
                for &l in lanes {
                    out.extend_from_slice(&(l as u16).to_le_bytes());
                }
            }
            4 => {
                for &l in lanes {
                    out.extend_from_slice(&(l as u32).to_le_bytes());
                }
            }
            _ => {
                for &l in lanes {
                    out.extend_from_slice(&l.to_le_bytes()[..lane_bytes]);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dense float data taken as words at once equals the element-by-element
    /// decoding (each element's little-endian bytes, masked to its bits),
    /// for every float format, full-width or not.
    #[test]
    fn dense_floats_decode_alike_whole_or_element_by_element() {
        use crate::float::FloatKind;
        use crate::ir::types::TensorType;
        for &k in FloatKind::ALL {
            let elem = ElementType::Float(k);
            let width = elem.storage_bytes();
            let n = 37;
            let data: Vec<u8> = (0..n * width)
                .map(|i| (i as u32).wrapping_mul(2_654_435_761).to_le_bytes()[3])
                .collect();
            let ty = TensorType::ranked(vec![Some(n as u64)], elem.clone());
            let d = DenseElements {
                ty,
                splat: false,
                data: data.clone(),
            };
            let t = Tensor::from_dense(&d, vec![n]).unwrap();
            let mask = if k.bits() >= 64 {
                u64::MAX
            } else {
                (1u64 << k.bits()) - 1
            };
            let want: Vec<u64> = data
                .chunks_exact(width)
                .map(|c| c.iter().rev().fold(0u64, |v, &b| (v << 8) | b as u64) & mask)
                .collect();
            assert_eq!(t.data.to_vec(), want, "{}", k.name());
        }
    }

    #[test]
    fn integer_lanes_are_canonical() {
        let i8k = IntKind {
            bits: 8,
            signed: true,
        };
        assert_eq!(i8k.wrap(200) as i64, -56);
        assert_eq!(i8k.value(i8k.wrap(-1)), -1);
        let u8k = IntKind {
            bits: 8,
            signed: false,
        };
        assert_eq!(u8k.wrap(-1), 255);
        assert_eq!(u8k.saturate(300), 255);
        assert_eq!(i8k.saturate(-300) as i64, -128);
    }

    #[test]
    fn strides_and_iteration_are_row_major() {
        assert_eq!(strides(&[2, 3, 4]), vec![12, 4, 1]);
        let shape = [2, 2];
        let mut idx = vec![0, 0];
        let mut seen = vec![idx.clone()];
        while next_index(&mut idx, &shape) {
            seen.push(idx.clone());
        }
        assert_eq!(seen, vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
    }
}
