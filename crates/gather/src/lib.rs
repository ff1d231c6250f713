//! gather: context packs of verbatim code for coding agents.
//!
//! The pipeline flows one way: [`walk`] finds files, [`parse`] extracts definitions,
//! [`index`] holds them with lookup tables, [`slice`] cuts requested code out of files,
//! and [`budget`] fits the result to a token or line budget; [`cache`] keeps the index
//! between calls and brings it up to date. The command-line tool is a
//! thin shell over these calls.
//!
//! ```no_run
//! let index = gather::index::build(std::path::Path::new(".")).unwrap();
//! for hit in index.find("build") {
//!     println!("{}:{} {}", hit.file.path, hit.symbol.range, hit.symbol.qualified_name);
//! }
//! ```

pub mod ask;
pub mod budget;
pub mod cache;
pub mod confined;
pub mod error;
pub mod graph;
pub mod imports;
pub mod index;
pub mod lines;
pub mod pack;
pub mod parse;
pub mod quick;
pub mod record;
pub mod render;
pub mod request;
pub mod session;
pub mod slice;
pub mod terms;
pub mod walk;
pub mod workspace;

pub use error::{Error, ErrorCode, Result};
