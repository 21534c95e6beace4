//! The lexer: MLIR's tokens, produced on demand from a byte position so the
//! parser can also scan raw text where MLIR's grammar is not token-based
//! (tensor shapes such as `2x?x3xf32`, dialect attribute bodies).

/// A token. Slices borrow the source text.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// A bare identifier: `[A-Za-z_][A-Za-z0-9_$.]*` (also `-` inside).
    Ident(&'a str),
    /// `%name`, with an optional `#N` result number.
    Value(&'a str, Option<u32>),
    /// `^name`.
    Block(&'a str),
    /// `@name` or `@"name"`.
    Symbol(String),
    /// `#name` (an attribute alias or a dialect attribute's prefix).
    Hash(&'a str),
    /// `!name` (a type alias or a dialect type's prefix).
    Bang(&'a str),
    /// An unsigned integer literal, decimal or `0x` hex, as written.
    Int(&'a str),
    /// An unsigned float literal, as written.
    Float(&'a str),
    /// A string literal, escapes decoded.
    Str(Vec<u8>),
    /// `->`.
    Arrow,
    /// `::`.
    ColonColon,
    /// `...`.
    Ellipsis,
    /// Any other single punctuation character.
    Punct(u8),
    Eof,
}

impl Tok<'_> {
    /// How the token is named in an "expected X, found Y" message.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Value(s, None) => format!("'%{s}'"),
            Tok::Value(s, Some(n)) => format!("'%{s}#{n}'"),
            Tok::Block(s) => format!("'^{s}'"),
            Tok::Symbol(s) => format!("'@{s}'"),
            Tok::Hash(s) => format!("'#{s}'"),
            Tok::Bang(s) => format!("'!{s}'"),
            Tok::Int(s) | Tok::Float(s) => format!("'{s}'"),
            Tok::Str(_) => "a string".to_string(),
            Tok::Arrow => "'->'".to_string(),
            Tok::ColonColon => "'::'".to_string(),
            Tok::Ellipsis => "'...'".to_string(),
            Tok::Punct(c) => format!("'{}'", *c as char),
            Tok::Eof => "end of input".to_string(),
        }
    }
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.'
}

fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

/// Skips white space and `//` comments from `pos`; returns the new position.
pub fn skip_trivia(src: &[u8], mut pos: usize) -> usize {
    loop {
        while pos < src.len() && src[pos].is_ascii_whitespace() {
            pos += 1;
        }
        if src[pos..].starts_with(b"//") {
            while pos < src.len() && src[pos] != b'\n' {
                pos += 1;
            }
        } else {
            return pos;
        }
    }
}

/// Lexes one token at `pos` (trivia already skipped). Returns the token and
/// the position after it, or an error message.
pub fn lex(whole: &str, pos: usize) -> Result<(Tok<'_>, usize), String> {
    let src = whole.as_bytes();
    // A token's text is a slice of text already known to be UTF-8 (a
    // slice not on character boundaries is empty, as before).
    let text = |a: usize, b: usize| whole.get(a..b).unwrap_or("");
    let Some(&c) = src.get(pos) else {
        return Ok((Tok::Eof, pos));
    };
    let scan = |mut p: usize, f: fn(u8) -> bool| {
        while p < src.len() && f(src[p]) {
            p += 1;
        }
        p
    };
    match c {
        b'%' | b'^' | b'#' | b'!' => {
            let start = pos + 1;
            if c == b'%' || c == b'^' {
                let end = scan(start, is_suffix_char);
                if end == start {
                    return Err(format!("expected a name after '{}'", c as char));
                }
                let name = text(start, end);
                if c == b'^' {
                    return Ok((Tok::Block(name), end));
                }
                if src.get(end) == Some(&b'#') && src.get(end + 1).is_some_and(u8::is_ascii_digit) {
                    let nend = scan(end + 1, |b| b.is_ascii_digit());
                    let n: u32 = text(end + 1, nend)
                        .parse()
                        .map_err(|_| "result number too large".to_string())?;
                    return Ok((Tok::Value(name, Some(n)), nend));
                }
                return Ok((Tok::Value(name, None), end));
            }
            let end = scan(start, is_suffix_char);
            let name = text(start, end);
            Ok((
                if c == b'#' {
                    Tok::Hash(name)
                } else {
                    Tok::Bang(name)
                },
                end,
            ))
        }
        b'@' => {
            if src.get(pos + 1) == Some(&b'"') {
                let (s, end) = lex_string(src, pos + 1)?;
                return Ok((Tok::Symbol(String::from_utf8_lossy(&s).into_owned()), end));
            }
            let end = scan(pos + 1, is_suffix_char);
            if end == pos + 1 {
                return Err("expected a symbol name after '@'".to_string());
            }
            Ok((Tok::Symbol(text(pos + 1, end).to_string()), end))
        }
        b'"' => {
            let (s, end) = lex_string(src, pos)?;
            Ok((Tok::Str(s), end))
        }
        b'0'..=b'9' => {
            if c == b'0' && matches!(src.get(pos + 1), Some(b'x')) {
                let end = scan(pos + 2, |b| b.is_ascii_hexdigit());
                if end > pos + 2 {
                    return Ok((Tok::Int(text(pos, end)), end));
                }
            }
            let mut end = scan(pos, |b| b.is_ascii_digit());
            let mut is_float = false;
            if src.get(end) == Some(&b'.') && src.get(end + 1) != Some(&b'.') {
                is_float = true;
                end = scan(end + 1, |b| b.is_ascii_digit());
            }
            if matches!(src.get(end), Some(b'e' | b'E')) {
                let mut p = end + 1;
                if matches!(src.get(p), Some(b'+' | b'-')) {
                    p += 1;
                }
                if src.get(p).is_some_and(u8::is_ascii_digit) {
                    is_float = true;
                    end = scan(p, |b| b.is_ascii_digit());
                }
            }
            let t = text(pos, end);
            Ok((if is_float { Tok::Float(t) } else { Tok::Int(t) }, end))
        }
        _ if is_ident_start(c) => {
            let end = scan(pos, is_ident_char);
            // MLIR bare identifiers may contain '-' only in some contexts; keep them simple.
            Ok((Tok::Ident(text(pos, end)), end))
        }
        b'-' if src.get(pos + 1) == Some(&b'>') => Ok((Tok::Arrow, pos + 2)),
        b':' if src.get(pos + 1) == Some(&b':') => Ok((Tok::ColonColon, pos + 2)),
        b'.' if src[pos..].starts_with(b"...") => Ok((Tok::Ellipsis, pos + 3)),
        b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'<' | b'>' | b',' | b':' | b'=' | b'?'
        | b'*' | b'+' | b'-' | b'|' => Ok((Tok::Punct(c), pos + 1)),
        _ => Err(format!(
            "unexpected character '{}'",
            String::from_utf8_lossy(&src[pos..(pos + 4).min(src.len())])
                .chars()
                .next()
                .unwrap_or('?')
        )),
    }
}

/// Lexes a string literal starting at the opening quote.
fn lex_string(src: &[u8], pos: usize) -> Result<(Vec<u8>, usize), String> {
    let mut out = Vec::new();
    let mut p = pos + 1;
    loop {
        let Some(&c) = src.get(p) else {
            return Err("unterminated string".to_string());
        };
        match c {
            b'"' => return Ok((out, p + 1)),
            b'\n' => return Err("unterminated string (a newline inside it)".to_string()),
            b'\\' => {
                let Some(&e) = src.get(p + 1) else {
                    return Err("unterminated string".to_string());
                };
                match e {
                    b'"' | b'\\' => {
                        out.push(e);
                        p += 2;
                    }
                    b'n' => {
                        out.push(b'\n');
                        p += 2;
                    }
                    b't' => {
                        out.push(b'\t');
                        p += 2;
                    }
                    _ => {
                        let hex = |b: Option<&u8>| b.and_then(|b| (*b as char).to_digit(16));
                        match (hex(src.get(p + 1)), hex(src.get(p + 2))) {
                            (Some(h), Some(l)) => {
                                out.push((h * 16 + l) as u8);
                                p += 3;
                            }
                            _ => return Err("unknown escape in string".to_string()),
                        }
                    }
                }
            }
            _ => {
                out.push(c);
                p += 1;
            }
        }
    }
}

/// Writes `s` as an MLIR string literal, escaping quotes, backslashes and
/// every byte that is not printable ASCII.
pub fn write_string(out: &mut String, s: &[u8]) {
    out.push('"');
    for &b in s {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\{b:02X}")),
        }
    }
    out.push('"');
}
