//! Tokens of the spec language.

use super::ast::Loc;
use super::SpecError;

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Ident(String),
    Int(i64),
    Str(String),
    /// `(C3)`, `(I1)`, `(CH2)`: the text between the parentheses.
    Label(String),
    /// `0d`, `1d`, `2d` in a type descriptor.
    Rank(u32),
    /// Punctuation and operators: `( ) [ ] { } , : ? | = == != < <= > >=
    /// + ++ - * / % ! && || ...`
    Punct(&'static str),
    Eof,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub loc: Loc,
}

/// The ASCII punctuation, longest first (`…` is read as `...`).
const PUNCTS: [&str; 28] = [
    "...", "++", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}", ",", ":", "?",
    "|", "=", "<", ">", "+", "-", "*", "/", "%", "!", ".",
];

pub fn lex(file: &'static str, src: &str) -> Result<Vec<Token>, SpecError> {
    lex_from(file, src, 1)
}

/// Tokens of `src`, a part of a file that starts at the beginning of line
/// `first_line`, located as in the whole file.
///
/// The text is read as bytes: every token but a string is ASCII, and any
/// other character is decoded where it stands (Unicode white space is
/// skipped, `…` is `...`). Columns count characters, not bytes.
pub fn lex_from(file: &'static str, src: &str, first_line: u32) -> Result<Vec<Token>, SpecError> {
    let b = src.as_bytes();
    let mut toks = Vec::with_capacity(src.len() / 4);
    let (mut i, mut line, mut col) = (0usize, first_line, 1u32);
    let err = |line, col, msg: String| SpecError {
        file,
        loc: Loc { line, col },
        message: msg,
    };
    // The end of a run of bytes from `j` that satisfy `f`.
    let run = |mut j: usize, f: fn(u8) -> bool| {
        while j < b.len() && f(b[j]) {
            j += 1;
        }
        j
    };
    while i < b.len() {
        let c = b[i];
        let loc = Loc { line, col };
        match c {
            b'\n' => {
                i += 1;
                line += 1;
                col = 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                col += 1;
                continue;
            }
            b'#' => {
                i = run(i, |c| c != b'\n');
                continue;
            }
            _ => {}
        }
        // A label: '(' upper-case letters, digits ')'.
        if c == b'(' {
            let j = run(i + 1, |c| c.is_ascii_uppercase());
            let letters = j - i - 1;
            let k = run(j, |c| c.is_ascii_digit());
            if letters > 0 && k > j && b.get(k) == Some(&b')') {
                toks.push(Token {
                    tok: Tok::Label(src[i + 1..k].to_string()),
                    loc,
                });
                col += (k + 1 - i) as u32;
                i = k + 1;
                continue;
            }
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let mut j = run(i, |c| c.is_ascii_alphanumeric() || c == b'_');
            if b.get(j) == Some(&b'\'') {
                j += 1;
            }
            toks.push(Token {
                tok: Tok::Ident(src[i..j].to_string()),
                loc,
            });
            col += (j - i) as u32;
            i = j;
            continue;
        }
        if c.is_ascii_digit() {
            let j = run(i, |c| c.is_ascii_digit());
            let text = &src[i..j];
            let is_rank = b.get(j) == Some(&b'd')
                && !b
                    .get(j + 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
            if is_rank {
                let r: u32 = text
                    .parse()
                    .map_err(|_| err(line, col, format!("rank `{text}d` is too large")))?;
                toks.push(Token {
                    tok: Tok::Rank(r),
                    loc,
                });
                col += (j + 1 - i) as u32;
                i = j + 1;
                continue;
            }
            if let Some(&n) = b.get(j).filter(|c| c.is_ascii_alphabetic() || **c == b'_') {
                return Err(err(
                    line,
                    col,
                    format!("a number may not run into a name: `{text}{}`", n as char),
                ));
            }
            let v: i64 = text
                .parse()
                .map_err(|_| err(line, col, format!("integer `{text}` is too large")))?;
            toks.push(Token {
                tok: Tok::Int(v),
                loc,
            });
            col += (j - i) as u32;
            i = j;
            continue;
        }
        if c == b'"' {
            let mut s = String::new();
            let (mut l2, mut c2) = (line, col + 1);
            let mut chars = src[i + 1..].char_indices();
            let close = loop {
                let Some((at, ch)) = chars.next() else {
                    return Err(err(line, col, "unterminated string".into()));
                };
                match ch {
                    '"' => break i + 1 + at,
                    '\\' => {
                        match chars.next().map(|(_, e)| e) {
                            Some('"') => s.push('"'),
                            Some('\\') => s.push('\\'),
                            _ => {
                                return Err(err(
                                    l2,
                                    c2,
                                    "unknown escape in string (only \\\" and \\\\)".into(),
                                ))
                            }
                        }
                        c2 += 2;
                    }
                    '\n' => {
                        s.push(' ');
                        l2 += 1;
                        c2 = 1;
                    }
                    _ => {
                        s.push(ch);
                        c2 += 1;
                    }
                }
            };
            // Collapse the indentation of continued lines.
            let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
            toks.push(Token {
                tok: Tok::Str(s),
                loc,
            });
            i = close + 1;
            line = l2;
            col = c2 + 1;
            continue;
        }
        if c.is_ascii() {
            let Some(p) = PUNCTS.iter().find(|p| src[i..].starts_with(**p)) else {
                return Err(err(
                    line,
                    col,
                    format!("unexpected character `{}`", c as char),
                ));
            };
            toks.push(Token {
                tok: Tok::Punct(p),
                loc,
            });
            i += p.len();
            col += p.len() as u32;
            continue;
        }
        // Any other character, decoded: white space, `…`, or an error.
        let ch = src[i..]
            .chars()
            .next()
            .unwrap_or(char::REPLACEMENT_CHARACTER);
        if ch == '…' {
            toks.push(Token {
                tok: Tok::Punct("..."),
                loc,
            });
        } else if !ch.is_whitespace() {
            return Err(err(line, col, format!("unexpected character `{ch}`")));
        }
        i += ch.len_utf8();
        col += 1;
    }
    toks.push(Token {
        tok: Tok::Eof,
        loc: Loc { line, col },
    });
    Ok(toks)
}
