//! Writes the prompt hook's gate training rows: each prompt asked of one workspace as the
//! hook asks it, with what the gate reads of it (`scripts/train-gate --extract` runs it).
//!
//!   gate-rows ROOT [CACHE_DIR] < PROMPTS.jsonl > ROWS.jsonl
//!
//! Each input line is a JSON object with a `prompt`; the output repeats it with `refused`
//! (why the pack was refused before the gate, or null), `values` (the gate's features, in
//! the order of `gather_hook::gate::signals::NAMES`) and `tokens`. The first output line
//! is `{"fingerprint": …, "names": […]}`. Standard error gets the mean time the gate took
//! (its signals and the shipped model's verdict) over the prompts that reached it.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use gather::budget::Budget;
use gather::render::zoom::Frontend;
use gather::request::{ContextRequest, Target};
use gather_hook::gate::{self, signals};
use gather_hook::prompt::MAX_CHARS;
use serde_json::{json, Value};

/// The tokens the hook's pack gets: `MAX_CHARS` less its header line, at 4 characters a
/// token.
const TOKENS: usize = (MAX_CHARS - 350) / 4;

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let root = PathBuf::from(args.next().ok_or("usage: gate-rows ROOT [CACHE_DIR]")?);
    let cache_dir = args.next().map(PathBuf::from);
    let cache = gather::cache::locate(cache_dir.as_deref(), &root)?;
    let options = gather::index::IndexOptions::default();
    let root = gather::confined::Root::open(&root).map_err(|e| e.message)?;
    let mut session =
        gather::session::Session::open(&root, &options, Some(cache), &Default::default())
            .map_err(|e| e.message)?;
    session.load_postings();
    let out = std::io::stdout();
    let mut out = out.lock();
    let head = json!({"fingerprint": gate::fingerprint(), "names": signals::NAMES.to_vec()});
    writeln!(out, "{head}").map_err(|e| e.to_string())?;
    let mut gated = (0u32, std::time::Duration::ZERO);
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let Ok(Value::Object(mut row)) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let prompt = row
            .get("prompt")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_string();
        let (refused, values, tokens) = ask(session.index(), &prompt, &mut gated);
        row.insert("refused".into(), json!(refused));
        row.insert("values".into(), json!(values));
        row.insert("tokens".into(), json!(tokens));
        writeln!(out, "{}", Value::Object(row)).map_err(|e| e.to_string())?;
    }
    session.save();
    let _ = session.finish();
    if gated.0 > 0 {
        let mean = gated.1 / gated.0;
        eprintln!(
            "the gate took {mean:?} a prompt on average over {} prompts",
            gated.0
        );
    }
    Ok(())
}

/// The prompt's pack as the hook builds it, and what the gate reads of it; the reason
/// when the pack was refused before the gate. The time the gate takes is added to `gated`.
fn ask(
    index: &gather::Index,
    prompt: &str,
    gated: &mut (u32, std::time::Duration),
) -> (Option<String>, Vec<f64>, Vec<String>) {
    let request = ContextRequest {
        budget: Budget::Tokens(TOKENS),
        frontend: Frontend::Context,
        explain: true,
        ..ContextRequest::new(Target::Question(prompt.to_string()))
    };
    let pack = match gather::context_pack(index, &request) {
        Ok(pack) => pack,
        Err(e) => {
            let signals = signals::of_prompt(prompt);
            return (
                Some(format!("{:?}", e.code)),
                signals.values.to_vec(),
                signals.tokens,
            );
        }
    };
    let started = std::time::Instant::now();
    let signals = signals::signals(index, &pack, prompt);
    if let Ok(gate) = gate::Gate::shipped() {
        std::hint::black_box(gate.judge(&signals));
    }
    let took = started.elapsed();
    let refused = if pack.omitted.question().nothing_matched {
        Some("nothing_matched")
    } else if pack.n_seeds == 0 {
        Some("no_seed")
    } else {
        gated.0 += 1;
        gated.1 += took;
        None
    };
    (
        refused.map(String::from),
        signals.values.to_vec(),
        signals.tokens,
    )
}
