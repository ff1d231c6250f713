//! The command written into the hosts' files: the program (`gather`, or an absolute path),
//! the hook command lines built from it, and how a handler already in a file is recognised
//! as one of gather's (`gather hook …`, whatever path the program was written with).

/// The program the hosts run, as it is written into their files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launcher {
    program: String,
}

/// The hook events gather answers, as `gather hook HOST EVENT` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookEvent {
    /// A session starts, resumes, is cleared or compacted: the short brief.
    SessionStart,
    /// The user submits a prompt: the context pack.
    Prompt,
}

impl HookEvent {
    /// The event's name on gather's command line.
    pub fn name(self) -> &'static str {
        match self {
            HookEvent::SessionStart => "session-start",
            HookEvent::Prompt => "prompt",
        }
    }
}

impl Launcher {
    /// A launcher for `program`: `gather` when that is the one on PATH, else an absolute path.
    pub fn new(program: impl Into<String>) -> Launcher {
        Launcher {
            program: program.into(),
        }
    }

    /// The program as an MCP entry's `command` names it (no shell reads it).
    pub fn program(&self) -> &str {
        &self.program
    }

    /// `gather hook HOST EVENT` as a POSIX shell reads it (Claude Code, Codex, Gemini CLI,
    /// Cursor and Copilot's `bash` key run hooks through a shell).
    pub fn hook_line(&self, host: &str, event: HookEvent) -> String {
        format!("{} hook {host} {}", sh_word(&self.program), event.name())
    }

    /// The same for PowerShell (Copilot's `powershell` key): a quoted path needs `&`.
    pub fn hook_line_powershell(&self, host: &str, event: HookEvent) -> String {
        let program = if needs_quotes(&self.program) {
            format!("& '{}'", self.program.replace('\'', "''"))
        } else {
            self.program.clone()
        };
        format!("{program} hook {host} {}", event.name())
    }
}

/// Whether `command` runs gather's hook: its first word names a program called `gather`
/// (any directory, quoted or not, PowerShell's `&` allowed) and its second is `hook`.
pub fn is_gather_hook(command: &str) -> bool {
    let rest = command.trim_start();
    let rest = rest.strip_prefix("& ").unwrap_or(rest).trim_start();
    let (program, after) = match rest.chars().next() {
        Some(quote @ ('"' | '\'')) => {
            let body = &rest[1..];
            match body.find(quote) {
                Some(end) => (&body[..end], &body[end + 1..]),
                None => return false,
            }
        }
        Some(_) => rest.split_at(rest.find(char::is_whitespace).unwrap_or(rest.len())),
        None => return false,
    };
    let name = program.rsplit(['/', '\\']).next().unwrap_or(program);
    let name = name.to_ascii_lowercase();
    (name == "gather" || name == "gather.exe") && after.split_whitespace().next() == Some("hook")
}

/// Whether a word must be quoted for a shell.
fn needs_quotes(word: &str) -> bool {
    word.is_empty()
        || !word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=+@%,".contains(c))
}

/// `word` quoted for a POSIX shell when it needs it.
fn sh_word(word: &str) -> String {
    if needs_quotes(word) {
        format!("'{}'", word.replace('\'', r"'\''"))
    } else {
        word.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_lines_quote_a_path_only_when_it_needs_it() {
        // (the program, the host, the event, for PowerShell, the line)
        let rows = [
            (
                "gather",
                "claude",
                HookEvent::Prompt,
                false,
                "gather hook claude prompt",
            ),
            (
                "/opt/my tools/gather",
                "codex",
                HookEvent::SessionStart,
                false,
                "'/opt/my tools/gather' hook codex session-start",
            ),
            (
                "/opt/my tools/gather",
                "copilot",
                HookEvent::Prompt,
                true,
                "& '/opt/my tools/gather' hook copilot prompt",
            ),
            (
                "/x/it's/gather",
                "claude",
                HookEvent::Prompt,
                false,
                r"'/x/it'\''s/gather' hook claude prompt",
            ),
        ];
        for (program, host, event, powershell, line) in rows {
            let launcher = Launcher::new(program);
            let written = if powershell {
                launcher.hook_line_powershell(host, event)
            } else {
                launcher.hook_line(host, event)
            };
            assert_eq!(written, line);
        }
    }

    #[test]
    fn gather_hook_commands_are_recognised_whatever_the_path() {
        for command in [
            "gather hook claude prompt",
            "/usr/local/bin/gather hook claude session-start",
            "'/opt/my tools/gather' hook codex prompt",
            "& 'C:\\Tools\\gather.exe' hook copilot prompt",
            "  \"C:\\Program Files\\gather\\GATHER.EXE\" hook copilot session-start",
        ] {
            assert!(is_gather_hook(command), "{command}");
        }
        for command in [
            "gather serve",
            "gatherer hook claude prompt",
            "echo gather hook",
            "/bin/gather-hook prompt",
            "'unterminated/gather hook x",
            "",
        ] {
            assert!(!is_gather_hook(command), "{command}");
        }
    }
}
