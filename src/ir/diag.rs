//! Diagnostics: a message anchored at a byte offset of a source file,
//! rendered as `file:line:col: error: message`, the source line and a caret.

use std::fmt;

/// An error located in a source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
    /// The source line the error points into (without its newline).
    pub source_line: String,
}

impl Diagnostic {
    /// Locates byte `offset` of `text` and builds the diagnostic.
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at_from(file, text, 0, 1, offset, message)
    }

    /// Like [`Diagnostic::at`], counting lines from offset `base`, the start
    /// of line `base_line` (so locating an error in one case of a long file
    /// costs time in the case's length only). An `offset` before `base` is
    /// located from the start of the text.
    pub fn at_from(
        file: &str,
        text: &str,
        base: usize,
        base_line: u32,
        offset: usize,
        message: impl Into<String>,
    ) -> Diagnostic {
        let offset = offset.min(text.len());
        let (base, base_line) = if base <= offset {
            (base, base_line)
        } else {
            (0, 1)
        };
        let before = &text.as_bytes()[base..offset];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(base, |i| base + i + 1);
        let line = base_line + before.iter().filter(|&&b| b == b'\n').count() as u32;
        let line_end = text.as_bytes()[offset..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |i| offset + i);
        let source_line = String::from_utf8_lossy(&text.as_bytes()[line_start..line_end])
            .trim_end_matches('\r')
            .to_string();
        // Columns count characters, not bytes.
        let col = 1 + String::from_utf8_lossy(&text.as_bytes()[line_start..offset])
            .chars()
            .count() as u32;
        Diagnostic {
            file: file.to_string(),
            line,
            col,
            message: message.into(),
            source_line,
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{}:{}:{}: error: {}",
            self.file, self.line, self.col, self.message
        )?;
        let shown: String = self
            .source_line
            .chars()
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        writeln!(f, "  {shown}")?;
        write!(f, "  {}^", " ".repeat(self.col.saturating_sub(1) as usize))
    }
}
