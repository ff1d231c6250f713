//! Command-line flags. The only file that knows flag spellings.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// gather: hand a coding agent exactly the code it needs.
#[derive(Parser, Debug)]
#[command(name = "gather", version, about, max_term_width = 100)]
pub struct Args {
    /// Workspace root (default: the current directory).
    #[arg(short = 'C', long = "root", global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long, global = true)]
    pub json: bool,
    /// Skip files larger than this many bytes.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = 2 * 1024 * 1024)]
    pub max_file_size: u64,
    /// Print stage timings (index, graph, pack) on stderr.
    #[arg(long, global = true)]
    pub timings: bool,
    /// Where the index is kept between calls (default: the per-user cache directory,
    /// ~/.cache/gather on Linux).
    #[arg(long, global = true, value_name = "DIR", env = "GATHER_CACHE_DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Build the index from scratch and store nothing.
    #[arg(long, global = true)]
    pub no_cache: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Answer a question with the definitions that matter, their callers and callees.
    Ask {
        /// The question, in words ("how is the index built?"), or a whole issue as it
        /// is (Markdown, code, tracebacks); code names in backticks and quoted messages
        /// are looked up exactly. `-` reads it from standard input.
        #[arg(
            required_unless_present = "question_file",
            conflicts_with = "question_file"
        )]
        question: Option<String>,
        /// Read the question from this file (an issue's text, as it is).
        #[arg(long, value_name = "PATH")]
        question_file: Option<PathBuf>,
        /// After the pack, explain each seed: its learned and hand-fusion scores, the
        /// features that placed it and all its features (with --json: an `explain` array).
        #[arg(long)]
        explain: bool,
        #[command(flatten)]
        pack: PackOptions,
    },
    /// Index the workspace and print files by language and status, symbols by kind.
    Index {
        /// Also list every file with its language, size and status.
        #[arg(long)]
        files: bool,
        /// With --json: also list every definition (path, name, kind, lines).
        #[arg(long)]
        symbols: bool,
    },
    /// Find every definition of NAME (a plain or qualified name such as Client.send).
    Find {
        /// The name to look up.
        name: String,
        /// Only the definitions in this file (relative to the root).
        #[arg(long)]
        path: Option<String>,
        /// Only the definitions under this directory (relative to the root).
        #[arg(long, value_name = "DIR")]
        scope: Option<String>,
    },
    /// List the definitions in one file.
    Outline {
        /// File, relative to the root.
        path: String,
    },
    /// A definition with its direct callers and callees, as one budgeted pack.
    Symbol {
        /// The definition's name (plain or qualified).
        name: String,
        /// The file that defines it (optional when the name is unique).
        #[arg(long, alias = "file-path")]
        path: Option<String>,
        /// Any line of the definition, to choose among same-named ones in the file.
        #[arg(long)]
        line: Option<u32>,
        #[command(flatten)]
        pack: PackOptions,
    },
    /// The definitions a unified diff touches, with their callers and callees, as one pack.
    Change {
        /// A diff as git diff or diff -u prints it; `-` reads it from standard input.
        #[arg(
            value_name = "DIFF_FILE",
            required_unless_present = "git",
            conflicts_with = "git"
        )]
        diff: Option<String>,
        /// Run `git diff REV` in the workspace instead (default: the working tree against
        /// HEAD).
        #[arg(long, value_name = "REV", num_args = 0..=1, default_missing_value = "HEAD")]
        git: Option<String>,
        #[command(flatten)]
        pack: PackOptions,
    },
    /// Direct callers and callees of one definition, with how each edge was proven.
    Graph {
        /// The definition's name (plain or qualified).
        name: String,
        /// The file that defines it (optional when the name is unique).
        #[arg(long, alias = "file-path")]
        path: Option<String>,
        /// Any line of the definition, to choose among same-named ones in the file.
        #[arg(long)]
        line: Option<u32>,
    },
    /// Serve the MCP tools gather_context, assemble_context and find_symbol on stdin/stdout,
    /// for the roots the client has open (MCP roots); with -C, for that directory alone.
    Serve {
        /// How long a call waits for the first index build before answering with a partial
        /// result flagged index-building, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 2000)]
        wait_ms: u64,
        /// Start the first index build only after the first tool call is answered, which
        /// gets the partial answer a call gets while a long first build runs (for checking
        /// that answer from outside).
        #[arg(long, hide = true)]
        hold_first_build: bool,
        /// Check that the index is fresh by walking the whole tree before every call
        /// instead of watching the tree for changes (for file systems whose changes a
        /// watcher is not told of, such as network mounts).
        #[arg(long, env = "GATHER_NO_WATCH", value_parser = clap::builder::BoolishValueParser::new())]
        no_watch: bool,
    },
    /// Answer an agent host's hook event (JSON on standard input) in the host's shape:
    /// a context pack on a prompt about this code, a brief at session start. Always exits 0.
    Hook {
        /// The host: claude, codex, copilot, cursor, gemini or vscode.
        #[arg(value_parser = HOSTS)]
        host: String,
        /// The event: session-start or prompt.
        #[arg(value_parser = ["session-start", "prompt"])]
        event: String,
        /// The most characters a prompt's context may take, its header included.
        #[arg(long, value_name = "N", default_value_t = gather_hook::prompt::MAX_CHARS)]
        max_chars: usize,
        /// How long a prompt waits for its pack before adding nothing, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 5000)]
        time_budget_ms: u64,
        /// Answer in this process instead of asking the workspace's resident index.
        #[arg(long, env = "GATHER_HOOK_NO_RESIDENT", value_parser = clap::builder::BoolishValueParser::new())]
        no_resident: bool,
        /// How long a resident index started by this hook waits for a question before it
        /// leaves, in seconds.
        #[arg(
            long,
            hide = true,
            value_name = "SECS",
            env = "GATHER_HOOK_RESIDENT_IDLE_SECS",
            default_value_t = 1800
        )]
        resident_idle_secs: u64,
    },
    /// The resident index a prompt hook asks (started by `gather hook`).
    #[command(hide = true)]
    HookServer {
        /// Leave after this many seconds without a question.
        #[arg(long, value_name = "SECS", default_value_t = 1800)]
        idle_secs: u64,
        /// How long a question waits for the first build, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 300)]
        wait_ms: u64,
    },
    /// Register gather with an agent host: its MCP server, the hooks that hand the model
    /// context at session start and on each prompt, and (with --instructions) a short
    /// section in its instructions file. A second run changes nothing.
    Setup(SetupArgs),
    /// Cut exact slices out of files, in request order, within a budget.
    Slice {
        /// `path`, `path:symbol`, `path:symbol@LINE`, `path:LINE` or `path:START-END`.
        #[arg(required = true, value_name = "SPEC")]
        specs: Vec<String>,
        /// Token budget (ceil(chars / 4) per slice).
        #[arg(long, default_value_t = gather::Defaults::SLICE_TOKENS, conflicts_with = "budget_lines")]
        max_tokens: usize,
        /// Line budget instead of tokens.
        #[arg(long)]
        budget_lines: Option<usize>,
        /// Lines shown for a bare path or a fallback.
        #[arg(long, default_value_t = gather::Defaults::HEAD_LINES)]
        head_lines: u32,
    },
    /// Report what the cache directory holds: the store of file readings every workspace
    /// shares, and each workspace's index. With --clear, remove it all.
    Cache {
        /// Remove everything gather stored in the cache directory; each workspace is
        /// indexed afresh at its next call.
        #[arg(long)]
        clear: bool,
    },
    /// Print a completion script for SHELL (bash, zsh, fish, powershell, elvish).
    Completions {
        /// The shell to complete gather's commands and flags in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page of gather (roff), or of one of its commands.
    Man {
        /// A command, for its own page (gather-ask(1)).
        command: Option<String>,
    },
}

/// The hosts `gather hook` answers.
const HOSTS: [&str; 6] = ["claude", "codex", "copilot", "cursor", "gemini", "vscode"];

/// `gather setup`'s flags.
#[derive(clap::Args, Debug)]
pub struct SetupArgs {
    /// The agent host.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(gather_setup::Host::NAMES))]
    pub host: String,
    /// Write the project's files, at the git root of -C DIR (the default).
    #[arg(long, conflicts_with = "user")]
    pub project: bool,
    /// Write the user's files under the home directory instead, for every workspace.
    #[arg(long)]
    pub user: bool,
    /// Print each file's change as a diff and write nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Take out what setup adds (gather's entries, hooks and section) and nothing else.
    #[arg(long)]
    pub remove: bool,
    /// Also write a short section on when to call gather into the host's instructions file.
    #[arg(long)]
    pub instructions: bool,
    /// The command the files run (default: `gather` when the `gather` on PATH is this
    /// executable, else this executable's absolute path).
    #[arg(long, value_name = "PATH")]
    pub command: Option<String>,
    /// The home directory the user's files are under (for tests).
    #[arg(long, hide = true, value_name = "DIR", env = "GATHER_SETUP_HOME")]
    pub home: Option<PathBuf>,
}

/// The flags every pack command shares: its budget, test code, pinned slices.
#[derive(clap::Args, Debug)]
pub struct PackOptions {
    /// Line budget for the whole pack (more than 800 is cut to 800, and the pack says so).
    #[arg(long, default_value_t = gather::Defaults::BUDGET_LINES, conflicts_with = "max_tokens")]
    pub budget_lines: usize,
    /// Token budget instead of lines (ceil(chars / 4)).
    #[arg(long)]
    pub max_tokens: Option<usize>,
    /// Let test code be a seed (questions) or a neighbour.
    #[arg(long)]
    pub include_tests: bool,
    /// Pin an explicit slice first (same SPEC as `gather slice`); repeatable.
    #[arg(long = "slice", value_name = "SPEC")]
    pub slices: Vec<String>,
    /// Take seeds only from under this directory (relative to the root); their callers
    /// and callees may live anywhere.
    #[arg(long, value_name = "DIR")]
    pub scope: Option<String>,
}
