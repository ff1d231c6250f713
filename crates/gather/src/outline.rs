//! `outline` and `find`, as both front ends answer them: one file's definitions parsed on
//! the spot (no index), each read error mapped to the error the caller is given; and every
//! definition of a name (in one file, or all of one file's), none being `not_found`.

use std::path::Path;

use crate::confined::{ReadError, Root};
use crate::error::{Error, ErrorCode, Result};
use crate::index::{self, Index, SymbolRef};
use crate::pack::zoom::{file_call, Frontend};
use crate::parse::{self, Parsed};
use crate::workspace;

/// Reads and parses `path` under `root` (held open as `dir`): its root-relative path and
/// what the parser made of it. A file that is not text parses as `skipped`.
pub fn file(dir: &Root, root: &Path, path: &str) -> Result<(String, Parsed)> {
    let resolved = workspace::resolve(root, path)?;
    let bytes = dir
        .read(&resolved.rel)
        .map_err(|e| read_error(e, root, path))?;
    let parsed = match parse::decode(bytes) {
        Ok(text) => parse::file(&resolved.rel, &text),
        Err(reason) => Parsed::skipped(reason),
    };
    Ok((resolved.rel, parsed))
}

fn read_error(e: ReadError, root: &Path, path: &str) -> Error {
    match e {
        ReadError::NotFound => Error::new(
            ErrorCode::NotFound,
            format!("no file {path} under {}", root.display()),
        ),
        ReadError::IsDirectory => Error::new(
            ErrorCode::InvalidRequest,
            format!("{path} is a directory; name a file"),
        ),
        ReadError::BadPath => Error::new(
            ErrorCode::OutsideRoot,
            format!("{path} is not a path under {}", root.display()),
        ),
        ReadError::NotRegular | ReadError::Symlink | ReadError::TooLarge { .. } => {
            Error::new(ErrorCode::InvalidRequest, format!("{path}: {e}"))
        }
        ReadError::Unreadable(_) => {
            Error::new(ErrorCode::IoError, format!("cannot read {path}: {e}"))
        }
    }
}

/// A `find` request, checked: a name, a file, or both (only that file's definitions of the
/// name). Both front ends answer it with [`Find::lookup`].
#[derive(Clone, Debug)]
pub struct Find {
    name: Option<String>,
    rel: Option<String>,
    scope: Option<workspace::Scope>,
    frontend: Frontend,
    call_root: Option<String>,
}

impl Find {
    /// Checks a request: a blank name counts as none, a name must be one a definition can
    /// have, and the file must be a file under `root`.
    pub fn new(
        root: &Path,
        name: Option<&str>,
        path: Option<&str>,
        frontend: Frontend,
    ) -> Result<Find> {
        let name = name.filter(|n| !n.trim().is_empty());
        if let Some(name) = name {
            index::check_name(name)?;
        }
        let rel = match path {
            Some(path) => {
                let resolved = workspace::resolve(root, path)?;
                if !resolved.exists {
                    return Err(Error::new(
                        ErrorCode::NotFound,
                        format!(
                            "no file {path} under the workspace root; paths are relative to it"
                        ),
                    ));
                }
                if resolved.abs.is_dir() {
                    return Err(Error::new(
                        ErrorCode::InvalidRequest,
                        format!("{path} is a directory: name a file, or send only name"),
                    ));
                }
                Some(resolved.rel)
            }
            None if name.is_none() => {
                return Err(Error::new(
                    ErrorCode::InvalidRequest,
                    r#"send a name ({"name": "parse"}), a file ({"path": "src/x.py"}), or both"#,
                ))
            }
            None => None,
        };
        Ok(Find {
            name: name.map(str::to_string),
            rel,
            scope: None,
            frontend,
            call_root: None,
        })
    }

    /// Narrows the request to definitions under the directory `scope` (relative to
    /// `root`), when one is given; a scope that is not a directory under the root is
    /// `invalid_request`.
    pub fn scoped(mut self, root: &Path, scope: Option<&str>) -> Result<Find> {
        self.scope = scope
            .map(|dir| workspace::Scope::resolve(root, dir))
            .transpose()?;
        Ok(self)
    }

    /// Names `root` in the MCP calls its messages suggest, when given (see
    /// [`crate::request::ContextRequest::call_root`]).
    pub fn calling_root(mut self, root: Option<&str>) -> Find {
        self.call_root = root.map(str::to_string);
        self
    }

    /// The file asked about, root-relative.
    pub fn file(&self) -> Option<&str> {
        self.rel.as_deref()
    }

    /// The definitions asked for; none is `not_found`, with similar names when there are.
    pub fn lookup<'a>(&self, index: &'a Index) -> Result<Vec<SymbolRef<'a>>> {
        let (name, rel) = (self.name.as_deref(), self.rel.as_deref());
        let hits: Vec<SymbolRef> = match (name, rel) {
            (Some(name), Some(rel)) => index
                .find(name)
                .into_iter()
                .filter(|h| h.file.path == rel)
                .collect(),
            (Some(name), None) => index.find(name),
            (None, Some(rel)) => index.find_in_file(rel),
            (None, None) => Vec::new(),
        };
        if hits.is_empty() {
            let root = self.call_root.as_deref();
            return Err(not_found(index, (name, rel), self.frontend, root));
        }
        if let Some(scope) = &self.scope {
            let outside = |hits: &[SymbolRef]| {
                Error::new(
                    ErrorCode::NotFound,
                    format!(
                        "nothing under the scope {} matches; found outside it: {}",
                        scope.shown(),
                        index::list_places(hits)
                    ),
                )
            };
            let under: Vec<SymbolRef> = (hits.iter())
                .filter(|h| scope.contains(&h.file.path))
                .copied()
                .collect();
            if under.is_empty() {
                return Err(outside(&hits));
            }
            return Ok(under);
        }
        Ok(hits)
    }
}

/// Why nothing answers the name and file asked about; a file with no definitions is to be
/// read whole, with the call that reads it (naming `root` when given).
fn not_found(
    index: &Index,
    (name, rel): (Option<&str>, Option<&str>),
    frontend: Frontend,
    root: Option<&str>,
) -> Error {
    match (name, rel) {
        (Some(name), rel) => match index.locate(name, rel, None) {
            Err(error) if error.code == ErrorCode::NotFound => error,
            _ => Error::new(ErrorCode::NotFound, format!("no definition named {name}")),
        },
        (None, Some(rel)) => {
            let status = index
                .status(rel)
                .map(|s| s.label())
                .unwrap_or_else(|| "not indexed".to_string());
            let read = match (frontend, root) {
                (Frontend::Cli, _) => "gather slice".to_string(),
                (Frontend::Mcp | Frontend::Context, None) => "assemble_context".to_string(),
                (Frontend::Mcp | Frontend::Context, Some(root)) => file_call(rel, root),
            };
            Error::new(
                ErrorCode::NotFound,
                format!("no definitions in {rel} ({status}); read it with {read} instead"),
            )
        }
        (None, None) => Error::new(ErrorCode::InvalidRequest, "send a name or a path"),
    }
}
