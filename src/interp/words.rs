//! Tensor storage at the element's width.
//!
//! [`Words`] holds a tensor's lanes (see `tensor.rs`) in words of the
//! element type's storage width: `u8`/`i8`, `u16`/`i16`, `u32`/`i32` or
//! `u64`. Signed integer types are stored in signed words, so that reading
//! a word back sign-extends it into the canonical lane; every other type is
//! stored in unsigned words (zero-extended when read). A lane written is
//! cut to the word's width: its low bits, which is all a lane of that type
//! holds.
//!
//! Kernels see lanes as `u64`. Bulk access goes through blocks of at most
//! [`BLOCK`] lanes ([`Words::read`], [`Words::write`], [`Words::build`],
//! [`Words::update`]): a block is widened into a small `u64` buffer, worked
//! on, and narrowed back, so a kernel's loop is compiled once whatever the
//! width while its memory traffic is the narrow one. Lanes already stored
//! as `u64` words need no widening: their blocks are worked on in place
//! ([`Words::build`], [`Words::update`]) or borrowed ([`Words::block`],
//! [`Words::as_u64`]), never copied. [`Words::build`] writes each word
//! once (the vector is not zeroed first). Single lanes go through
//! [`Words::get`] and [`Words::set`].

use crate::ir::types::ElementType;

/// Lanes per block of the bulk accessors.
pub const BLOCK: usize = 256;

/// One storage word: a lane cut to the word (`narrow`) and extended back
/// (`widen`).
pub trait Word: Copy + Default + Send + Sync + PartialEq + std::fmt::Debug + 'static {
    /// Bytes of the word.
    const BYTES: usize;
    fn widen(self) -> u64;
    fn narrow(v: u64) -> Self;
    /// The word's little-endian bytes into `out` (`BYTES` long).
    fn put_le(self, out: &mut [u8]);
    /// The word of `BYTES` little-endian bytes.
    fn get_le(bytes: &[u8]) -> Self;
}

macro_rules! word {
    ($t:ty, $via:ty) => {
        impl Word for $t {
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn put_le(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes())
            }
            #[inline(always)]
            fn get_le(bytes: &[u8]) -> Self {
                let mut b = [0u8; std::mem::size_of::<$t>()];
                b.copy_from_slice(bytes);
                <$t>::from_le_bytes(b)
            }
            #[inline(always)]
            fn widen(self) -> u64 {
                self as $via as u64
            }
            #[inline(always)]
            fn narrow(v: u64) -> Self {
                v as $t
            }
        }
    };
}
word!(u8, u8);
word!(i8, i64);
word!(u16, u16);
word!(i16, i64);
word!(u32, u32);
word!(i32, i64);
word!(u64, u64);

/// The storage word of an element type (of each part, for complex types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    U8,
    I8,
    U16,
    I16,
    U32,
    I32,
    U64,
}

impl Width {
    /// The word that stores `elem`'s lanes.
    pub fn of(elem: &ElementType) -> Width {
        let signed = match elem {
            ElementType::Int(_, 1) => false,
            ElementType::Int(s, _) => *s != crate::ir::types::Signedness::Unsigned,
            ElementType::Quant(q) => q.storage_signed,
            _ => false,
        };
        let lanes = if matches!(elem, ElementType::Complex(_)) {
            2
        } else {
            1
        };
        match (elem.storage_bytes() / lanes, signed) {
            (1, false) => Width::U8,
            (1, true) => Width::I8,
            (2, false) => Width::U16,
            (2, true) => Width::I16,
            (4, false) => Width::U32,
            (4, true) => Width::I32,
            _ => Width::U64,
        }
    }

    /// Bytes per word.
    pub fn bytes(self) -> usize {
        match self {
            Width::U8 | Width::I8 => 1,
            Width::U16 | Width::I16 => 2,
            Width::U32 | Width::I32 => 4,
            Width::U64 => 8,
        }
    }
}

/// Lanes stored at their width.
#[derive(Clone, Debug, PartialEq)]
pub enum Words {
    U8(Vec<u8>),
    I8(Vec<i8>),
    U16(Vec<u16>),
    I16(Vec<i16>),
    U32(Vec<u32>),
    I32(Vec<i32>),
    U64(Vec<u64>),
}

/// `$body` with `$v` bound to the vector of `$w`, whatever its word.
macro_rules! each {
    ($w:expr, $v:ident => $body:expr) => {
        match $w {
            Words::U8($v) => $body,
            Words::I8($v) => $body,
            Words::U16($v) => $body,
            Words::I16($v) => $body,
            Words::U32($v) => $body,
            Words::I32($v) => $body,
            Words::U64($v) => $body,
        }
    };
}

/// `$body` with the type `$t` standing for the word of width `$w`, its
/// value wrapped by `$wrap` into `Words`.
macro_rules! each_width {
    ($w:expr, $t:ident, $wrap:ident => $body:expr) => {
        match $w {
            Width::U8 => {
                type $t = u8;
                let $wrap = Words::U8;
                $body
            }
            Width::I8 => {
                type $t = i8;
                let $wrap = Words::I8;
                $body
            }
            Width::U16 => {
                type $t = u16;
                let $wrap = Words::U16;
                $body
            }
            Width::I16 => {
                type $t = i16;
                let $wrap = Words::I16;
                $body
            }
            Width::U32 => {
                type $t = u32;
                let $wrap = Words::U32;
                $body
            }
            Width::I32 => {
                type $t = i32;
                let $wrap = Words::I32;
                $body
            }
            Width::U64 => {
                type $t = u64;
                let $wrap = Words::U64;
                $body
            }
        }
    };
}

fn narrow_into<T: Word>(dst: &mut [T], src: &[u64]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = T::narrow(s);
    }
}

fn extend_narrow<T: Word>(v: &mut Vec<T>, lanes: &[u64]) {
    v.extend(lanes.iter().map(|&l| T::narrow(l)))
}

fn widen_into<T: Word>(dst: &mut [u64], src: &[T]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = s.widen();
    }
}

/// [`Words::spread`] on words of one type. Dimensions of one position are
/// left out, and a dimension whose stride steps over the next one whole
/// is merged with it, so that runs are as long as the layout allows.
fn spread_words<T: Word>(v: &[T], shape: &[usize], strides: &[usize], off: usize, o: &mut [u64]) {
    let get = |i: usize| v.get(i).map_or(0, |x| x.widen());
    let mut dims: Vec<(usize, usize)> = Vec::with_capacity(shape.len());
    for (&n, &s) in shape.iter().zip(strides) {
        match dims.last_mut() {
            _ if n == 1 => {}
            Some((pn, ps)) if *ps == n.wrapping_mul(s) => {
                *pn *= n;
                *ps = s;
            }
            _ => dims.push((n, s)),
        }
    }
    let Some(last) = dims.len().checked_sub(1) else {
        o.fill(get(0));
        return;
    };
    let mut coord = vec![0usize; dims.len()];
    let mut rest = off;
    let mut src = 0usize;
    for d in (0..dims.len()).rev() {
        let n = dims[d].0.max(1);
        coord[d] = rest % n;
        rest /= n;
        src += coord[d] * dims[d].1;
    }
    let (n, step) = (dims[last].0.max(1), dims[last].1);
    // The lanes of one run: `dst.len()` lanes from `src`, `step` apart.
    let fill_run = |dst: &mut [u64], src: usize| match step {
        0 => dst.fill(get(src)),
        1 if src + dst.len() <= v.len() => widen_into(dst, &v[src..src + dst.len()]),
        _ => {
            for (k, d) in dst.iter_mut().enumerate() {
                *d = get(src + k * step);
            }
        }
    };
    let mut i = 0;
    while i < o.len() {
        // A whole run repeated along a broadcast dimension just above it
        // (`[N, 1, D]` spread to `[N, M, D]`): written once, then doubled.
        if last > 0 && coord[last] == 0 && dims[last - 1].1 == 0 {
            let m = dims[last - 1].0;
            let k = (m - coord[last - 1]).min((o.len() - i) / n);
            if k >= 2 {
                let dst = &mut o[i..i + k * n];
                fill_run(&mut dst[..n], src);
                let mut done = n;
                while done < k * n {
                    let c = done.min(k * n - done);
                    dst.copy_within(0..c, done);
                    done += c;
                }
                i += k * n;
                coord[last - 1] += k;
                if coord[last - 1] == m {
                    coord[last - 1] = 0;
                    carry(&dims, &mut coord, &mut src, last - 1);
                }
                continue;
            }
        }
        let run = (n - coord[last]).min(o.len() - i);
        fill_run(&mut o[i..i + run], src);
        i += run;
        coord[last] += run;
        src += run * step;
        if coord[last] == n {
            src -= n * step;
            coord[last] = 0;
            carry(&dims, &mut coord, &mut src, last);
        }
    }
}

/// Advances an odometer over `dims` (sizes and strides) by one step of
/// dimension `top - 1`, carrying into the dimensions above; `src` follows
/// the strides.
fn carry(dims: &[(usize, usize)], coord: &mut [usize], src: &mut usize, top: usize) {
    for d in (0..top).rev() {
        coord[d] += 1;
        *src += dims[d].1;
        if coord[d] < dims[d].0 {
            break;
        }
        *src -= coord[d] * dims[d].1;
        coord[d] = 0;
    }
}

/// A new vector of `n` words filled block by block from `g(state,
/// offset, lanes)` (lanes zeroed before the call), `state` made once per
/// piece by `init`. The words are written once, by the thread that
/// computes them: the vector is not zeroed first.
fn build_vec<T: Word, S>(
    n: usize,
    init: &(impl Fn() -> S + Sync),
    g: &(impl Fn(&mut S, usize, &mut [u64]) + Sync),
) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    super::par::fill(&mut v.spare_capacity_mut()[..n], |off, piece| {
        let mut state = init();
        let mut buf = [0u64; BLOCK];
        for (k, chunk) in piece.chunks_mut(BLOCK).enumerate() {
            let lanes = &mut buf[..chunk.len()];
            lanes.fill(0);
            g(&mut state, off + k * BLOCK, lanes);
            for (d, &s) in chunk.iter_mut().zip(lanes.iter()) {
                d.write(T::narrow(s));
            }
        }
    });
    // SAFETY: `par::fill` calls the closure once on each piece of a
    // partition of the first `n` elements (or unwinds, and then this line
    // is not reached), and the closure writes every element of its piece:
    // the chunks cover the piece and each chunk is zipped with lanes of its
    // own length. So the first `n` elements are initialised.
    unsafe { v.set_len(n) };
    v
}

/// [`build_vec`] for `u64` words: each block is zeroed in place and
/// handed to `g` directly, with no copy through a buffer.
fn build_u64<S>(
    n: usize,
    init: &(impl Fn() -> S + Sync),
    g: &(impl Fn(&mut S, usize, &mut [u64]) + Sync),
) -> Vec<u64> {
    let mut v: Vec<u64> = Vec::with_capacity(n);
    super::par::fill(&mut v.spare_capacity_mut()[..n], |off, piece| {
        let mut state = init();
        for (k, chunk) in piece.chunks_mut(BLOCK).enumerate() {
            chunk.fill(std::mem::MaybeUninit::new(0));
            // SAFETY: every element of `chunk` was just initialised, and
            // `MaybeUninit<u64>` has the layout of `u64`.
            let lanes = unsafe {
                std::slice::from_raw_parts_mut(chunk.as_mut_ptr().cast::<u64>(), chunk.len())
            };
            g(&mut state, off + k * BLOCK, lanes);
        }
    });
    // SAFETY: as in `build_vec`: the closure ran on a partition of the
    // first `n` elements and initialised each of them (zeroed, then
    // changed by `g` through a `&mut [u64]`).
    unsafe { v.set_len(n) };
    v
}

/// Each block of `v` widened, changed by `g(state, offset, lanes)`,
/// narrowed back (`state` made once per piece by `init`).
fn update_blocks<T: Word, S>(
    v: &mut [T],
    init: &(impl Fn() -> S + Sync),
    g: &(impl Fn(&mut S, usize, &mut [u64]) + Sync),
) {
    super::par::fill(v, |off, piece| {
        let mut state = init();
        let mut buf = [0u64; BLOCK];
        for (k, chunk) in piece.chunks_mut(BLOCK).enumerate() {
            let lanes = &mut buf[..chunk.len()];
            widen_into(lanes, chunk);
            g(&mut state, off + k * BLOCK, lanes);
            narrow_into(chunk, lanes);
        }
    })
}

impl Words {
    /// `n` zero lanes.
    pub fn zeros(w: Width, n: usize) -> Words {
        each_width!(w, T, wrap => wrap(vec![T::default(); n]))
    }

    /// No lanes, with room for `n`.
    pub fn with_capacity(w: Width, n: usize) -> Words {
        each_width!(w, T, wrap => wrap(Vec::<T>::with_capacity(n)))
    }

    /// The given lanes, stored at width `w`.
    pub fn from_lanes(w: Width, lanes: &[u64]) -> Words {
        each_width!(w, T, wrap => wrap(lanes.iter().map(|&l| T::narrow(l)).collect()))
    }

    /// The lanes of an iterator, stored at width `w`.
    pub fn collect(w: Width, lanes: impl IntoIterator<Item = u64>) -> Words {
        each_width!(w, T, wrap => wrap(lanes.into_iter().map(T::narrow).collect()))
    }

    /// `n` copies of a group of lanes (one element's).
    pub fn repeat(w: Width, group: &[u64], n: usize) -> Words {
        match group {
            [one] => Words::build(w, n, |_, lanes| lanes.fill(*one)),
            many => {
                let mut out = Words::with_capacity(w, many.len().saturating_mul(n));
                for _ in 0..n {
                    out.extend_lanes(many);
                }
                out
            }
        }
    }

    /// `n` lanes at width `w`, each block computed by `g(offset, lanes)`
    /// (lanes zeroed before the call); large vectors are split over
    /// threads (`par`), every lane computed by the same function.
    pub fn build(w: Width, n: usize, g: impl Fn(usize, &mut [u64]) + Sync) -> Words {
        Words::build_with(w, n, || (), |_, off, lanes| g(off, lanes))
    }

    /// [`Words::build`] with a working state made by `init` once per
    /// piece of the split (scratch buffers, say) and handed to each call
    /// of `g(state, offset, lanes)` on that piece.
    pub fn build_with<S>(
        w: Width,
        n: usize,
        init: impl Fn() -> S + Sync,
        g: impl Fn(&mut S, usize, &mut [u64]) + Sync,
    ) -> Words {
        match w {
            Width::U64 => Words::U64(build_u64(n, &init, &g)),
            _ => each_width!(w, T, wrap => wrap(build_vec::<T, S>(n, &init, &g))),
        }
    }

    /// Every block of lanes replaced by `g(offset, lanes)`, which gets the
    /// block's current lanes.
    pub fn update(&mut self, g: impl Fn(usize, &mut [u64]) + Sync) {
        self.update_with(|| (), |_, off, lanes| g(off, lanes))
    }

    /// [`Words::update`] with a working state made by `init` once per
    /// piece of the split (as [`Words::build_with`]).
    pub fn update_with<S>(
        &mut self,
        init: impl Fn() -> S + Sync,
        g: impl Fn(&mut S, usize, &mut [u64]) + Sync,
    ) {
        match self {
            Words::U64(v) => super::par::fill(v, |off, piece| {
                let mut state = init();
                for (k, chunk) in piece.chunks_mut(BLOCK).enumerate() {
                    g(&mut state, off + k * BLOCK, chunk);
                }
            }),
            _ => each!(self, v => update_blocks(v, &init, &g)),
        }
    }

    /// The lanes when they are stored as `u64` words (no widening needed).
    #[inline]
    pub fn as_u64(&self) -> Option<&[u64]> {
        match self {
            Words::U64(v) => Some(v),
            _ => None,
        }
    }

    /// Lanes `off .. off + buf.len()`: borrowed from the storage when it
    /// holds `u64` words, else widened into `buf`.
    #[inline]
    pub fn block<'a>(&'a self, off: usize, buf: &'a mut [u64]) -> &'a [u64] {
        match self {
            Words::U64(v) => &v[off..off + buf.len()],
            _ => {
                self.read(off, buf);
                buf
            }
        }
    }

    pub fn width(&self) -> Width {
        match self {
            Words::U8(_) => Width::U8,
            Words::I8(_) => Width::I8,
            Words::U16(_) => Width::U16,
            Words::I16(_) => Width::I16,
            Words::U32(_) => Width::U32,
            Words::I32(_) => Width::I32,
            Words::U64(_) => Width::U64,
        }
    }

    /// Every word widened by its own type (sign-extended when signed) and
    /// cut to width `to`: an integer convert between types stored at their
    /// own width, which keeps the low bits of the value.
    pub fn cast(&self, to: Width) -> Words {
        fn go<S: Word, T: Word>(v: &[S]) -> Vec<T> {
            let mut out = Vec::with_capacity(v.len());
            super::par::fill(&mut out.spare_capacity_mut()[..v.len()], |off, piece| {
                for (d, &s) in piece.iter_mut().zip(&v[off..]) {
                    d.write(T::narrow(s.widen()));
                }
            });
            // SAFETY: `par::fill` hands each piece of a partition of the
            // first `v.len()` elements to the closure once, and the closure
            // writes every element of its piece.
            unsafe { out.set_len(v.len()) };
            out
        }
        each!(self, v => each_width!(to, T, wrap => wrap(go::<_, T>(v))))
    }

    /// The number of lanes.
    pub fn len(&self) -> usize {
        each!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes the lanes take.
    pub fn bytes(&self) -> usize {
        self.len() * self.width().bytes()
    }

    /// Lane `i`. Panics when `i` is out of range, like slice indexing.
    #[inline]
    pub fn get(&self, i: usize) -> u64 {
        each!(self, v => v[i].widen())
    }

    /// Lane `i`, or `None` past the end.
    #[inline]
    pub fn try_get(&self, i: usize) -> Option<u64> {
        each!(self, v => v.get(i).map(|x| x.widen()))
    }

    /// Sets lane `i` (its low bits). Panics when `i` is out of range.
    #[inline]
    pub fn set(&mut self, i: usize, lane: u64) {
        each!(self, v => v[i] = Word::narrow(lane))
    }

    pub fn push(&mut self, lane: u64) {
        each!(self, v => v.push(Word::narrow(lane)))
    }

    /// Appends lanes.
    pub fn extend_lanes(&mut self, lanes: &[u64]) {
        each!(self, v => extend_narrow(v, lanes))
    }

    /// Appends lanes `range` of `other`, which has the same width (else
    /// lane by lane).
    pub fn extend_from(&mut self, other: &Words, range: std::ops::Range<usize>) {
        match (self, other) {
            (Words::U8(a), Words::U8(b)) => a.extend_from_slice(&b[range]),
            (Words::I8(a), Words::I8(b)) => a.extend_from_slice(&b[range]),
            (Words::U16(a), Words::U16(b)) => a.extend_from_slice(&b[range]),
            (Words::I16(a), Words::I16(b)) => a.extend_from_slice(&b[range]),
            (Words::U32(a), Words::U32(b)) => a.extend_from_slice(&b[range]),
            (Words::I32(a), Words::I32(b)) => a.extend_from_slice(&b[range]),
            (Words::U64(a), Words::U64(b)) => a.extend_from_slice(&b[range]),
            (a, b) => {
                for i in range {
                    a.push(b.get(i));
                }
            }
        }
    }

    /// Lanes `range` as new words.
    pub fn slice(&self, range: std::ops::Range<usize>) -> Words {
        let mut out = Words::with_capacity(self.width(), range.len());
        out.extend_from(self, range);
        out
    }

    /// Lanes `off .. off + out.len()` widened into `out`.
    #[inline]
    pub fn read(&self, off: usize, out: &mut [u64]) {
        each!(self, v => widen_into(out, &v[off..off + out.len()]))
    }

    /// The lanes `off ..` of these words broadcast to `shape` with
    /// `strides` (0 along a broadcast dimension), into `out`: run by run
    /// along the last dimension (one lane repeated, a stretch of the
    /// words, or lanes a stride apart), the coordinates above it walked as
    /// an odometer; the width is matched once, not once per run. A lane
    /// past the end reads as 0.
    pub fn spread(&self, shape: &[usize], strides: &[usize], off: usize, out: &mut [u64]) {
        each!(self, v => spread_words(v, shape, strides, off, out))
    }

    /// `lanes` narrowed into lanes `off .. off + lanes.len()`.
    #[inline]
    pub fn write(&mut self, off: usize, lanes: &[u64]) {
        each!(self, v => {
            let n = lanes.len();
            narrow_into(&mut v[off..off + n], lanes)
        })
    }

    /// Lanes `range` widened and appended to `out`.
    pub fn extend_vec(&self, range: std::ops::Range<usize>, out: &mut Vec<u64>) {
        let at = out.len();
        out.resize(at + range.len(), 0);
        self.read(range.start, &mut out[at..]);
    }

    /// Every lane, in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }

    /// Every lane through `f`, into a vector (read in blocks).
    pub fn map_vec<T>(&self, f: impl Fn(u64) -> T) -> Vec<T> {
        let mut out = Vec::with_capacity(self.len());
        let mut buf = [0u64; BLOCK];
        let mut off = 0;
        while off < self.len() {
            let n = BLOCK.min(self.len() - off);
            self.read(off, &mut buf[..n]);
            out.extend(buf[..n].iter().map(|&x| f(x)));
            off += n;
        }
        out
    }

    /// Every lane widened into a vector.
    pub fn to_vec(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.len()];
        self.read(0, &mut out);
        out
    }

    /// The lanes at the given indices, in order, at this width.
    pub fn gather(&self, sources: &[usize]) -> Words {
        match self {
            Words::U8(v) => Words::U8(sources.iter().map(|&s| v[s]).collect()),
            Words::I8(v) => Words::I8(sources.iter().map(|&s| v[s]).collect()),
            Words::U16(v) => Words::U16(sources.iter().map(|&s| v[s]).collect()),
            Words::I16(v) => Words::I16(sources.iter().map(|&s| v[s]).collect()),
            Words::U32(v) => Words::U32(sources.iter().map(|&s| v[s]).collect()),
            Words::I32(v) => Words::I32(sources.iter().map(|&s| v[s]).collect()),
            Words::U64(v) => Words::U64(sources.iter().map(|&s| v[s]).collect()),
        }
    }

    /// The lanes of groups of `l` lanes picked by group index, in order.
    pub fn gather_groups(&self, sources: &[usize], l: usize) -> Words {
        if l == 1 {
            return self.gather(sources);
        }
        let mut out = Words::with_capacity(self.width(), sources.len() * l);
        for &s in sources {
            out.extend_from(self, s * l..(s + 1) * l);
        }
        out
    }

    /// The words of `bytes`, little-endian at width `w` (the inverse of
    /// [`Words::write_le`]); `None` when the length is not a whole number
    /// of words.
    pub fn read_le(w: Width, bytes: &[u8]) -> Option<Words> {
        bytes.len().is_multiple_of(w.bytes()).then(|| {
            each_width!(w, T, wrap => wrap(bytes.chunks_exact(T::BYTES).map(T::get_le).collect()))
        })
    }

    /// The little-endian bytes of the lanes at this width, appended.
    pub fn write_le(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.resize(at + self.bytes(), 0);
        each!(self, v => put_le(v, &mut out[at..]))
    }

    /// The bytes of [`Words::write_le`] written to `w`, a piece at a time
    /// through a small buffer (no copy of the whole storage).
    pub fn write_le_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        if let Words::U8(v) = self {
            return w.write_all(v);
        }
        let mut buf = vec![0u8; WRITE_CHUNK];
        each!(self, v => {
            for piece in v.chunks(WRITE_CHUNK / word_bytes(v)) {
                let bytes = &mut buf[..piece.len() * word_bytes(v)];
                put_le(piece, bytes);
                w.write_all(bytes)?;
            }
            Ok(())
        })
    }
}

/// Bytes of the buffer [`Words::write_le_to`] writes through.
const WRITE_CHUNK: usize = 1 << 16;

/// The bytes of one word of `v`'s type.
fn word_bytes<T: Word>(_: &[T]) -> usize {
    T::BYTES
}

/// The little-endian bytes of `src` into `dst` (`T::BYTES` each).
fn put_le<T: Word>(src: &[T], dst: &mut [u8]) {
    for (d, &x) in dst.chunks_exact_mut(T::BYTES).zip(src) {
        x.put_le(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::float::FloatKind;
    use crate::ir::types::Signedness;

    #[test]
    fn widths_follow_the_element_type() {
        assert_eq!(Width::of(&ElementType::I1), Width::U8);
        assert_eq!(
            Width::of(&ElementType::Int(Signedness::Signless, 8)),
            Width::I8
        );
        assert_eq!(
            Width::of(&ElementType::Int(Signedness::Unsigned, 4)),
            Width::U8
        );
        assert_eq!(Width::of(&ElementType::Float(FloatKind::BF16)), Width::U16);
        assert_eq!(Width::of(&ElementType::Float(FloatKind::F32)), Width::U32);
        assert_eq!(Width::of(&ElementType::Complex(FloatKind::F32)), Width::U32);
        assert_eq!(Width::of(&ElementType::Complex(FloatKind::F64)), Width::U64);
        assert_eq!(Width::of(&ElementType::Index), Width::U64);
        assert_eq!(
            Width::of(&ElementType::Int(Signedness::Signed, 32)),
            Width::I32
        );
    }

    /// `spread` gives, lane for lane, the strided view it describes (the
    /// odometer and its runs, repeated runs under a broadcast dimension
    /// included): random shapes, strides (0 for broadcast dimensions),
    /// offsets and lengths, words of several widths.
    #[test]
    fn spread_reads_the_strided_view() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let lanes: Vec<u64> = (0..600u64).map(|i| (i * 37 + 11) & 0x7F).collect();
        let mut repeated = 0;
        for width in [Width::U32, Width::I8, Width::U16, Width::U64] {
            let words = Words::from_lanes(width, &lanes);
            for _ in 0..3000 {
                let rank = 1 + next(4);
                let shape: Vec<usize> = (0..rank).map(|_| 1 + next(9)).collect();
                let strides: Vec<usize> = (0..rank)
                    .map(|_| match next(4) {
                        0 => 0,
                        1 => 1,
                        _ => next(40),
                    })
                    .collect();
                let total: usize = shape.iter().product();
                let off = next(total);
                let len = 1 + next(total - off);
                let mut got = vec![u64::MAX; len];
                words.spread(&shape, &strides, off, &mut got);
                for (t, &g) in got.iter().enumerate() {
                    let (mut rest, mut src) = (off + t, 0);
                    for d in (0..rank).rev() {
                        src += (rest % shape[d]) * strides[d];
                        rest /= shape[d];
                    }
                    let want = words.try_get(src).unwrap_or(0);
                    assert_eq!(g, want, "{shape:?} {strides:?} off {off} lane {t}");
                }
                let inner = shape.iter().rposition(|&n| n > 1);
                if inner.is_some_and(|d| d > 0 && strides[d - 1] == 0 && shape[d - 1] > 1) {
                    repeated += 1;
                }
            }
        }
        assert!(repeated > 500, "{repeated}");
    }

    #[test]
    fn canonical_lanes_read_back_unchanged() {
        let lanes = [0u64, 1, u64::MAX, (-128i64) as u64, 127];
        let w = Words::from_lanes(Width::I8, &lanes);
        assert_eq!(w.to_vec(), lanes);
        let u = Words::from_lanes(Width::U16, &[0xFFFF, 0x7F80, 1]);
        assert_eq!(u.iter().collect::<Vec<_>>(), vec![0xFFFF, 0x7F80, 1]);
        assert_eq!(u.bytes(), 6);
    }

    #[test]
    fn streamed_bytes_are_the_bytes() {
        for w in [
            Width::U8,
            Width::I8,
            Width::U16,
            Width::I16,
            Width::U32,
            Width::I32,
            Width::U64,
        ] {
            for n in [0, 1, 3, WRITE_CHUNK / 8 + 5, WRITE_CHUNK + 7] {
                let lanes: Vec<u64> = (0..n as u64)
                    .map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    .collect();
                let words = Words::from_lanes(w, &lanes);
                let mut whole = vec![1u8, 2];
                words.write_le(&mut whole);
                let mut streamed = vec![1u8, 2];
                words.write_le_to(&mut streamed).unwrap();
                assert_eq!(whole, streamed);
                assert_eq!(whole.len(), 2 + n * w.bytes());
                let mut expect = vec![1u8, 2];
                for &l in &lanes {
                    expect.extend_from_slice(&l.to_le_bytes()[..w.bytes()]);
                }
                assert_eq!(whole, expect);
            }
        }
    }

    #[test]
    fn blocks_cover_every_lane_once() {
        for width in [Width::U8, Width::I16, Width::U32, Width::U64] {
            blocks_cover_every_lane_once_at(width);
        }
    }

    fn blocks_cover_every_lane_once_at(width: Width) {
        let mask = match width.bytes() {
            8 => u64::MAX,
            b => (1u64 << (8 * b)) - 1,
        };
        let canon = |x: u64| match width {
            Width::I16 => x as i16 as i64 as u64,
            _ => x & mask,
        };
        for n in [0, 1, BLOCK - 1, BLOCK + 1, 1 << 17] {
            let mut w = Words::build(width, n, |off, lanes| {
                assert!(lanes.iter().all(|&l| l == 0));
                for (i, l) in lanes.iter_mut().enumerate() {
                    *l += (off + i) as u64 * 3 + 1;
                }
            });
            assert!(w
                .iter()
                .enumerate()
                .all(|(i, x)| x == canon(i as u64 * 3 + 1)));
            w.update(|off, lanes| {
                for (i, l) in lanes.iter_mut().enumerate() {
                    assert_eq!(*l, canon((off + i) as u64 * 3 + 1));
                    *l = l.wrapping_add(1);
                }
            });
            assert!(w
                .iter()
                .enumerate()
                .all(|(i, x)| x == canon(i as u64 * 3 + 2)));
            let mut buf = [0u64; BLOCK];
            let m = n.min(BLOCK);
            assert_eq!(w.block(0, &mut buf[..m]), &w.to_vec()[..m]);
            if n > 0 {
                assert_eq!(w.gather(&[0, 0]).to_vec(), vec![2, 2]);
            }
        }
    }
}
