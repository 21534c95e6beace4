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

const PUNCTS: [&str; 29] = [
    "...", "++", "==", "!=", "<=", ">=", "&&", "||", "(", ")", "[", "]", "{", "}", ",", ":", "?",
    "|", "=", "<", ">", "+", "-", "*", "/", "%", "!", ".", "…",
];

pub fn lex(file: &'static str, src: &str) -> Result<Vec<Token>, SpecError> {
    lex_from(file, src, 1)
}

/// Tokens of `src`, a part of a file that starts at the beginning of line
/// `first_line`, located as in the whole file.
pub fn lex_from(file: &'static str, src: &str, first_line: u32) -> Result<Vec<Token>, SpecError> {
    let chars: Vec<char> = src.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line, mut col) = (0usize, first_line, 1u32);
    let err = |line, col, msg: String| SpecError {
        file,
        loc: Loc { line, col },
        message: msg,
    };
    while i < chars.len() {
        let c = chars[i];
        let loc = Loc { line, col };
        let advance = |n: usize, i: &mut usize, col: &mut u32| {
            *i += n;
            *col += n as u32;
        };
        if c == '\n' {
            i += 1;
            line += 1;
            col = 1;
            continue;
        }
        if c.is_whitespace() {
            advance(1, &mut i, &mut col);
            continue;
        }
        if c == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        // A label: '(' upper-case letters, digits ')'.
        if c == '(' {
            let mut j = i + 1;
            while j < chars.len() && chars[j].is_ascii_uppercase() {
                j += 1;
            }
            let letters = j - i - 1;
            let digits_start = j;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            if letters > 0 && j > digits_start && j < chars.len() && chars[j] == ')' {
                let text: String = chars[i + 1..j].iter().collect();
                toks.push(Token {
                    tok: Tok::Label(text),
                    loc,
                });
                advance(j + 1 - i, &mut i, &mut col);
                continue;
            }
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let mut j = i;
            while j < chars.len() && (chars[j].is_ascii_alphanumeric() || chars[j] == '_') {
                j += 1;
            }
            if j < chars.len() && chars[j] == '\'' {
                j += 1;
            }
            let text: String = chars[i..j].iter().collect();
            toks.push(Token {
                tok: Tok::Ident(text),
                loc,
            });
            advance(j - i, &mut i, &mut col);
            continue;
        }
        if c.is_ascii_digit() {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let text: String = chars[i..j].iter().collect();
            let is_rank = j < chars.len()
                && chars[j] == 'd'
                && !chars
                    .get(j + 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_');
            if is_rank {
                let r: u32 = text
                    .parse()
                    .map_err(|_| err(line, col, format!("rank `{text}d` is too large")))?;
                toks.push(Token {
                    tok: Tok::Rank(r),
                    loc,
                });
                advance(j + 1 - i, &mut i, &mut col);
                continue;
            }
            if j < chars.len() && (chars[j].is_ascii_alphabetic() || chars[j] == '_') {
                return Err(err(
                    line,
                    col,
                    format!("a number may not run into a name: `{text}{}`", chars[j]),
                ));
            }
            let v: i64 = text
                .parse()
                .map_err(|_| err(line, col, format!("integer `{text}` is too large")))?;
            toks.push(Token {
                tok: Tok::Int(v),
                loc,
            });
            advance(j - i, &mut i, &mut col);
            continue;
        }
        if c == '"' {
            let mut j = i + 1;
            let mut s = String::new();
            let (mut l2, mut c2) = (line, col + 1);
            loop {
                let Some(&ch) = chars.get(j) else {
                    return Err(err(line, col, "unterminated string".into()));
                };
                match ch {
                    '"' => break,
                    '\\' => {
                        match chars.get(j + 1) {
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
                        j += 2;
                        c2 += 2;
                    }
                    '\n' => {
                        s.push(' ');
                        j += 1;
                        l2 += 1;
                        c2 = 1;
                    }
                    _ => {
                        s.push(ch);
                        j += 1;
                        c2 += 1;
                    }
                }
            }
            // Collapse the indentation of continued lines.
            let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
            toks.push(Token {
                tok: Tok::Str(s),
                loc,
            });
            i = j + 1;
            line = l2;
            col = c2 + 1;
            continue;
        }
        let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
        let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) else {
            return Err(err(line, col, format!("unexpected character `{c}`")));
        };
        let n = p.chars().count();
        let p = if *p == "…" { "..." } else { *p };
        toks.push(Token {
            tok: Tok::Punct(p),
            loc,
        });
        advance(n, &mut i, &mut col);
    }
    toks.push(Token {
        tok: Tok::Eof,
        loc: Loc { line, col },
    });
    Ok(toks)
}
