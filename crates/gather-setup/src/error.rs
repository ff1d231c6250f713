//! Why a setup cannot be carried out. Every variant names the file, and a file that cannot
//! be read as its format is refused with its line and column: it is never overwritten.

use std::path::PathBuf;

/// What stopped a setup. Nothing is written once one of these is found while planning.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A file is not valid JSON, JSONC, TOML or UTF-8.
    #[error(
        "{file} is not valid {format} (line {line}, column {column}: {message}); \
         fix it or move it aside: gather setup leaves it untouched"
    )]
    Malformed {
        /// The file as shown to the user.
        file: String,
        /// `JSON`, `JSONC`, `TOML` or `UTF-8`.
        format: &'static str,
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the parser said.
        message: String,
    },
    /// A key setup must write into holds something of another shape.
    #[error(
        "{file}: {key} is {found}, not {wanted}; fix it or move it aside: \
         gather setup leaves it untouched"
    )]
    Shape {
        /// The file as shown to the user.
        file: String,
        /// The key's path, such as `hooks.SessionStart`.
        key: String,
        /// What it should be: `an object`, `an array`, `a table`.
        wanted: &'static str,
        /// What it is.
        found: String,
    },
    /// An instructions file holds a gather section that is not closed.
    #[error("{file}: line {line} opens a gather section that is never closed; fix it or remove that line")]
    Section {
        /// The file as shown to the user.
        file: String,
        /// 1-based line of the opening marker.
        line: usize,
    },
    /// Project files were asked for where the workspace is the home directory, whose
    /// `.claude/settings.json` and the like are the user's own.
    #[error(
        "the workspace is the home directory ({}), not a repository; run gather setup \
         inside one, or give --user for the user's files",
        home.display()
    )]
    HomeAsProject {
        /// The home directory.
        home: PathBuf,
    },
    /// Reading or writing a file, or finding a directory, failed.
    #[error("{}: {message}", path.display())]
    Io {
        /// The path concerned.
        path: PathBuf,
        /// What failed.
        message: String,
    },
}

impl SetupError {
    /// An I/O failure on `path`.
    pub(crate) fn io(path: impl Into<PathBuf>, error: &std::io::Error) -> SetupError {
        SetupError::Io {
            path: path.into(),
            message: error.to_string(),
        }
    }

    /// Whether the failure is the machine's (a read or write) rather than a file's contents.
    pub fn is_io(&self) -> bool {
        matches!(self, SetupError::Io { .. })
    }
}

/// 1-based line and column of byte `offset` in `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}
