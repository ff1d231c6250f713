//! Hook handlers in a JSON file, in the two shapes hosts use: matcher groups
//! (`hooks.<Event>: [{"matcher"?, "hooks": [handler…]}]`: Claude Code, Codex CLI, Gemini
//! CLI) and flat lists (`{"version": 1, "hooks": {"<event>": [handler…]}}`: GitHub Copilot
//! CLI, Cursor). A handler is gather's when its command is a `gather hook …` command; setup
//! keeps exactly one per event, and `--remove` takes out those and nothing else.

use jsonc_parser::cst::{CstArray, CstNode, CstObject};

use crate::command::is_gather_hook;
use crate::error::SetupError;
use crate::jsondoc::{compact, is_empty_text, Change, JsonDoc, ARRAY, OBJECT};
use crate::value::Value;

/// The keys a handler may name its command under: `command` everywhere, `bash` and
/// `powershell` in Copilot's files.
const COMMAND_KEYS: [&str; 3] = ["command", "bash", "powershell"];

/// Makes `group` the one matcher group of `event` holding gather's handler.
pub fn ensure_grouped(doc: &JsonDoc, event: &str, group: &Value) -> Result<Change, SetupError> {
    let (_, array) = event_array(doc, event, true)?.ok_or_else(|| missing(doc, event))?;
    let found = grouped_handlers(doc, &array, event)?;
    let handlers: usize = found.iter().map(|(_, hs)| hs.len()).sum();
    if let [(only, hs)] = found.as_slice() {
        if hs.len() == 1 && only.to_serde_value() == Some(group.to_json()) {
            return Ok(Change::Same);
        }
    }
    let was = take_out_grouped(&found);
    array.append(group.to_cst());
    Ok(if handlers == 0 {
        Change::Added
    } else {
        Change::Replaced(was)
    })
}

/// Takes gather's handlers out of `event`'s matcher groups, then whatever they leave empty.
pub fn remove_grouped(doc: &JsonDoc, event: &str) -> Result<bool, SetupError> {
    let Some((hooks, array)) = event_array(doc, event, false)? else {
        return Ok(false);
    };
    let found = grouped_handlers(doc, &array, event)?;
    if found.is_empty() {
        return Ok(false);
    }
    take_out_grouped(&found);
    prune_event(doc, &hooks, &array, event);
    Ok(true)
}

/// Makes `handler` the one gather handler of `event` in a flat list, and gives the file
/// the `"version": 1` the format asks for when it has none.
pub fn ensure_flat(doc: &JsonDoc, event: &str, handler: &Value) -> Result<Change, SetupError> {
    let top = doc.top();
    if top.get("version").is_none() {
        top.insert(0, "version", Value::Int(1).to_cst());
    }
    let (_, array) = event_array(doc, event, true)?.ok_or_else(|| missing(doc, event))?;
    let found = flat_handlers(&array);
    if let [only] = found.as_slice() {
        if only.to_serde_value() == Some(handler.to_json()) {
            return Ok(Change::Same);
        }
    }
    let was = found.iter().map(compact).collect::<Vec<_>>().join("; ");
    let replaced = !found.is_empty();
    found.into_iter().for_each(CstNode::remove);
    array.append(handler.to_cst());
    Ok(if replaced {
        Change::Replaced(was)
    } else {
        Change::Added
    })
}

/// Takes gather's handlers out of `event`'s flat list, then whatever they leave empty.
pub fn remove_flat(doc: &JsonDoc, event: &str) -> Result<bool, SetupError> {
    let Some((hooks, array)) = event_array(doc, event, false)? else {
        return Ok(false);
    };
    let found = flat_handlers(&array);
    if found.is_empty() {
        return Ok(false);
    }
    found.into_iter().for_each(CstNode::remove);
    prune_event(doc, &hooks, &array, event);
    Ok(true)
}

/// The `hooks` object and its `event` array.
fn event_array(
    doc: &JsonDoc,
    event: &str,
    create: bool,
) -> Result<Option<(CstObject, CstArray)>, SetupError> {
    let Some(hooks) = doc.container_in(&doc.top(), "hooks", "", create, OBJECT)? else {
        return Ok(None);
    };
    Ok(doc
        .container_in(&hooks, event, "hooks", create, ARRAY)?
        .map(|array| (hooks, array)))
}

/// Each matcher group holding gather handlers, with those handlers.
fn grouped_handlers(
    doc: &JsonDoc,
    array: &CstArray,
    event: &str,
) -> Result<Vec<(CstNode, Vec<CstNode>)>, SetupError> {
    let mut found = Vec::new();
    for group in array.elements() {
        let Some(object) = group.as_object() else {
            continue;
        };
        let path = format!("hooks.{event}[]");
        let Some(handlers) = doc.container_in(&object, "hooks", &path, false, ARRAY)? else {
            continue;
        };
        let ours: Vec<CstNode> = handlers.elements().into_iter().filter(is_ours).collect();
        if !ours.is_empty() {
            found.push((group, ours));
        }
    }
    Ok(found)
}

/// Removes the handlers found, and each group they leave without handlers; returns what
/// they held, for saying what was replaced.
fn take_out_grouped(found: &[(CstNode, Vec<CstNode>)]) -> String {
    let mut was = Vec::new();
    for (group, handlers) in found {
        for handler in handlers {
            was.push(compact(handler));
            handler.clone().remove();
        }
        let emptied = group
            .as_object()
            .and_then(|object| object.array_value("hooks"))
            .is_some_and(|left| left.elements().is_empty());
        if emptied {
            group.clone().remove();
        }
    }
    was.join("; ")
}

/// The gather handlers of a flat list.
fn flat_handlers(array: &CstArray) -> Vec<CstNode> {
    array.elements().into_iter().filter(is_ours).collect()
}

/// Whether a handler runs `gather hook …`.
fn is_ours(handler: &CstNode) -> bool {
    let Some(object) = handler.as_object() else {
        return false;
    };
    COMMAND_KEYS.iter().any(|key| {
        object
            .get(key)
            .and_then(|prop| prop.value())
            .and_then(|node| node.as_string_lit())
            .and_then(|lit| lit.decoded_value().ok())
            .is_some_and(|command| is_gather_hook(&command))
    })
}

/// Takes out the event's array when it is left empty, then the `hooks` object likewise.
fn prune_event(doc: &JsonDoc, hooks: &CstObject, array: &CstArray, event: &str) {
    if !is_empty_text(&array.to_string()) {
        return;
    }
    if let Some(prop) = hooks.get(event) {
        prop.remove();
    }
    if is_empty_text(&hooks.to_string()) {
        if let Some(prop) = doc.top().get("hooks") {
            prop.remove();
        }
    }
}

/// The error for an event key the editor could not create (it holds another shape).
fn missing(doc: &JsonDoc, event: &str) -> SetupError {
    SetupError::Shape {
        file: doc.file.clone(),
        key: format!("hooks.{event}"),
        wanted: "an array",
        found: "something else".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::Format;

    fn group(command: &str) -> Value {
        Value::object(vec![(
            "hooks",
            Value::Array(vec![Value::object(vec![
                ("type", Value::str("command")),
                ("command", Value::str(command)),
                ("timeout", Value::Int(10)),
            ])]),
        )])
    }

    const SETTINGS: &str = r#"{
  "hooks": {
    "SessionStart": [
      {
        "matcher": "startup",
        "hooks": [{"type": "command", "command": "echo hi"}]
      }
    ]
  },
  "model": "opus"
}
"#;

    #[test]
    fn a_group_is_added_beside_the_users_and_taken_out_alone() {
        let doc = JsonDoc::parse(SETTINGS, "s.json", Format::Json).unwrap();
        let ours = group("gather hook claude session-start");
        assert_eq!(
            ensure_grouped(&doc, "SessionStart", &ours).unwrap(),
            Change::Added
        );
        let text = doc.text();
        let again = JsonDoc::parse(&text, "s.json", Format::Json).unwrap();
        assert_eq!(
            ensure_grouped(&again, "SessionStart", &ours).unwrap(),
            Change::Same
        );
        assert_eq!(again.text(), text);
        assert!(remove_grouped(&again, "SessionStart").unwrap());
        assert_eq!(again.text(), SETTINGS);
    }

    #[test]
    fn an_old_gather_handler_inside_a_users_group_is_moved_out_and_reported() {
        let text = SETTINGS.replace(
            r#"{"type": "command", "command": "echo hi"}"#,
            r#"{"type": "command", "command": "echo hi"}, {"type": "command", "command": "/old/gather hook claude session-start"}"#,
        );
        let doc = JsonDoc::parse(&text, "s.json", Format::Json).unwrap();
        let change = ensure_grouped(
            &doc,
            "SessionStart",
            &group("gather hook claude session-start"),
        );
        assert_eq!(
            change.unwrap(),
            Change::Replaced(
                r#"{"type":"command","command":"/old/gather hook claude session-start"}"#.into()
            )
        );
        let value: serde_json::Value = serde_json::from_str(&doc.text()).unwrap();
        let groups = value["hooks"]["SessionStart"].as_array().unwrap();
        assert_eq!(groups.len(), 2);
        assert_eq!(groups[0]["hooks"].as_array().unwrap().len(), 1);
        assert_eq!(
            groups[1]["hooks"][0]["command"],
            "gather hook claude session-start"
        );
    }

    #[test]
    fn flat_lists_get_a_version_and_lose_only_gathers_handlers() {
        let doc = JsonDoc::parse("", "h.json", Format::Json).unwrap();
        let handler = Value::object(vec![(
            "command",
            Value::str("gather hook cursor session-start"),
        )]);
        assert_eq!(
            ensure_flat(&doc, "sessionStart", &handler).unwrap(),
            Change::Added
        );
        let value: serde_json::Value = serde_json::from_str(&doc.text()).unwrap();
        assert_eq!(value["version"], 1);
        assert!(
            doc.text().starts_with("{\n  \"version\": 1,"),
            "{}",
            doc.text()
        );
        assert!(remove_flat(&doc, "sessionStart").unwrap());
        assert!(doc.holds_nothing(true));
        let mixed = r#"{"version": 1, "hooks": {"sessionStart": [{"command": "./mine.sh"}, {"command": "gather hook cursor session-start"}]}}"#;
        let doc = JsonDoc::parse(mixed, "h.json", Format::Json).unwrap();
        assert!(remove_flat(&doc, "sessionStart").unwrap());
        assert_eq!(
            doc.text(),
            r#"{"version": 1, "hooks": {"sessionStart": [{"command": "./mine.sh"}]}}"#
        );
        assert!(!remove_flat(&doc, "sessionStart").unwrap());
    }
}
