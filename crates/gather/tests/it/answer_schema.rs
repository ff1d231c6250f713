//! Every JSON snapshot validates against the schema derived from its answer type, closed
//! (no field the schema does not list), so the types that print the answers and the schemas
//! MCP clients read describe the same JSON.

use std::path::Path;

use gather::render::answer::find::FindAnswer;
use gather::render::answer::graph::GraphAnswer;
use gather::render::answer::pack::PackAnswer;
use gather::render::answer::schema_generator;
use gather::render::answer::slices::SlicesAnswer;
use serde_json::Value;

/// The answer type of each snapshot that holds JSON.
fn schema_of(snapshot: &str) -> Option<Value> {
    let schema = match snapshot {
        "it__rendered__question_json.snap"
        | "it__rendered__symbol_json.snap"
        | "it__rendered__change_json.snap" => {
            schema_generator().into_root_schema_for::<PackAnswer>()
        }
        "it__rendered__find_json.snap"
        | "it__rendered__find_while_the_first_index_is_built.snap" => {
            schema_generator().into_root_schema_for::<FindAnswer>()
        }
        "it__rendered__slices_json.snap" => {
            schema_generator().into_root_schema_for::<SlicesAnswer>()
        }
        "it__rendered__graph_json.snap" => schema_generator().into_root_schema_for::<GraphAnswer>(),
        _ => return None,
    };
    Some(serde_json::to_value(schema).unwrap())
}

/// The JSON of a snapshot: from its first line that opens an object to the end.
fn json_in(snapshot: &str) -> Option<Value> {
    let body = snapshot.splitn(3, "---\n").nth(2)?;
    let at = body
        .find("\n{")
        .map(|i| i + 1)
        .or_else(|| body.starts_with('{').then_some(0))?;
    Some(serde_json::from_str(&body[at..]).unwrap())
}

/// Adds `"additionalProperties": false` to every object schema with `properties`, unless it
/// is a flattened part of a larger object.
pub(crate) fn closed(schema: &mut Value) {
    match schema {
        Value::Object(object) => {
            if object.contains_key("properties") && !object.contains_key("additionalProperties") {
                object.insert("additionalProperties".into(), false.into());
            }
            for (key, value) in object.iter_mut() {
                match (key.as_str(), value) {
                    ("properties" | "$defs", Value::Object(named)) => {
                        named.values_mut().for_each(closed)
                    }
                    (_, value) => closed(value),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(closed),
        _ => {}
    }
}

/// Where `json` breaks `schema`, made closed.
fn violations(mut schema: Value, json: &Value) -> Vec<String> {
    closed(&mut schema);
    let validator = jsonschema::draft202012::new(&schema).unwrap();
    validator
        .iter_errors(json)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// The JSON of `gather ask --explain --json` validates against the schema derived from
/// its type, and is the pack's JSON with the `explain` array beside it.
#[test]
fn an_explained_pack_matches_its_answer_schema() {
    let index = gather::index::build(&crate::common::fixture("contract")).unwrap();
    let request = gather::ContextRequest {
        budget: gather::budget::Budget::Lines(60),
        ..gather::ContextRequest::new(gather::Target::Question(
            "how is a request authenticated from its session cookie".into(),
        ))
    };
    let (_, json) = crate::rendered::explained(&index, &request);
    let schema =
        schema_generator().into_root_schema_for::<gather::render::answer::explain::ExplainedPack>();
    let errors = violations(serde_json::to_value(schema).unwrap(), &json);
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    let seeds = json["explain"].as_array().expect("an explain array");
    assert!(!seeds.is_empty(), "the question has seeds to explain");
    let mut pack = json.clone();
    pack.as_object_mut().unwrap().remove("explain");
    let plain = gather::request::context(&index, &request).unwrap().json;
    assert_eq!(
        pack, plain,
        "the pack's JSON, and the explanation beside it"
    );
}

#[test]
fn every_json_snapshot_matches_its_answer_schema() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/snapshots");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        // Only committed snapshots: a test running beside this one may be writing a new one.
        if !name.ends_with(".snap") {
            continue;
        }
        let Some(json) = json_in(&std::fs::read_to_string(&path).unwrap()) else {
            continue;
        };
        let schema = schema_of(&name)
            .unwrap_or_else(|| panic!("{name} holds JSON: name its answer type in schema_of"));
        let errors = violations(schema, &json);
        assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
        checked += 1;
    }
    assert_eq!(checked, 7, "the JSON snapshots");
}
