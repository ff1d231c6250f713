//! gather: context packs of verbatim code for coding agents.
//!
//! The pipeline flows one way: [`walk`] finds files, [`parse`] extracts definitions,
//! [`index`] holds them with lookup tables, [`graph`] resolves calls, [`ask`] turns a
//! question into seed definitions (and [`change`] a diff), [`pack`] gathers and fits the pieces to a budget, and
//! [`render`] prints the result; [`slice`](mod@slice) cuts requested code out of files and
//! [`cache`] keeps the index between calls.
//!
//! The command-line tool and the MCP server are thin shells over the items re-exported
//! here: a [`Session`] opens the index of a workspace and keeps it fresh,
//! [`request::context_pack`] answers a question, a symbol or a diff with a [`Pack`], and
//! [`render`] turns a pack, slices, an outline or a graph into text and JSON. The other
//! public modules are the building blocks those calls are made of, public so the crate's
//! tests, benchmarks and fuzz targets can drive each stage on its own.
//!
//! ```no_run
//! let index = gather::index::build(std::path::Path::new(".")).unwrap();
//! for hit in index.find("build") {
//!     println!("{}:{} {}", hit.file.path, hit.symbol.range, hit.symbol.qualified_name);
//! }
//! ```

#![deny(missing_docs)]

pub mod ask;
pub mod budget;
pub mod cache;
pub mod change;
pub mod changed;
pub mod confined;
pub mod defaults;
pub mod error;
pub mod graph;
mod imports;
pub mod index;
pub mod lines;
mod names;
pub mod outline;
pub mod pack;
pub mod parse;
pub mod quick;
mod record;
pub mod render;
pub mod request;
pub mod session;
pub mod slice;
pub mod terms;
pub mod tree;
pub mod walk;
pub mod workspace;

pub use defaults::Defaults;
pub use error::{Error, ErrorCode, Result};
pub use index::{Index, Symbol, SymbolId, SymbolKind};
pub use pack::Pack;
pub use request::{context_pack, ContextRequest, Target};
pub use session::Session;
