//! The three tools as clients see them: names, descriptions, and the JSON Schemas of their
//! arguments and results, all derived from the types that read the arguments and write the
//! answers (`gather::render::answer`). Every client loads `tools/list` into its model's
//! context, so the schemas are kept small: no formats, bounds or `required` lists a model
//! does not need, and descriptions for the arguments and for an answer's own fields only.

use std::sync::Arc;

use gather::render::answer::find::FindAnswer;
use gather::render::answer::pack::PackAnswer;
use gather::render::answer::slices::SlicesAnswer;
use gather::render::answer::Failure;
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema};
use serde_json::{json, Value};

use super::{
    AssembleContextArgs, FindSymbolArgs, GatherContextArgs, RootArg, ASSEMBLE_CONTEXT, FIND_SYMBOL,
    GATHER_CONTEXT,
};

/// The input schema of `T` with the `root` every tool takes ([`RootArg`]).
fn input_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let mut object = schema_of::<T>();
    let root = schema_of::<RootArg>();
    if let (Some(Value::Object(properties)), Some(Value::Object(shared))) =
        (object.get_mut("properties"), root.get("properties"))
    {
        properties.extend(shared.clone());
    }
    Arc::new(object)
}

/// The schema of arguments of type `T`: JSON Schema 2020-12, inlined (some clients
/// resolve no `$ref` in arguments), optional fields not nullable.
fn schema_of<T: JsonSchema>() -> JsonObject {
    let mut settings = SchemaSettings::draft2020_12();
    settings.inline_subschemas = true;
    let mut object = object_of(settings.into_generator().into_root_schema_for::<T>());
    compact_object(&mut object, true);
    object.remove("description");
    object
}

/// The output schema of answers of type `T`. A failed call (`isError`) has `{"success":
/// false, "code", "message"}` instead ([`Failure`]), so the root also lists those two and
/// requires only `success`.
fn output_schema<T: JsonSchema>() -> Arc<JsonObject> {
    let mut generator = gather::render::answer::schema_generator();
    let failure = object_of(generator.root_schema_for::<Failure>());
    let mut object = object_of(generator.into_root_schema_for::<T>());
    if let (Some(Value::Object(properties)), Some(Value::Object(failed))) =
        (object.get_mut("properties"), failure.get("properties"))
    {
        for key in ["code", "message"] {
            if let Some(field) = failed.get(key) {
                properties.insert(key.to_string(), field.clone());
            }
        }
    }
    compact_object(&mut object, false);
    // The answer's own fields keep their descriptions; below them, the types' docs speak.
    if let Some(Value::Object(properties)) = object.get_mut("properties") {
        properties
            .values_mut()
            .filter_map(Value::as_object_mut)
            .for_each(answer_only_below);
    }
    if let Some(Value::Object(definitions)) = object.get_mut("$defs") {
        definitions.values_mut().for_each(answer_only);
    }
    inline_definitions(&mut object);
    object.insert("required".to_string(), json!(["success"]));
    Arc::new(object)
}

/// Below an answer's own fields, its schema says what each field holds, for a program
/// reading the answer: which fields a result must have is the server's business
/// (`required` goes), and what they mean is said once, in the library's docs of the answer
/// types (a model reads the text content, which names what it shows).
fn answer_only(value: &mut Value) {
    match value {
        Value::Object(object) => {
            object.remove("required");
            object.remove("description");
            answer_only_below(object);
        }
        Value::Array(items) => items.iter_mut().for_each(answer_only),
        _ => {}
    }
}

/// [`answer_only`] for what a schema holds, keeping its own description.
fn answer_only_below(object: &mut JsonObject) {
    for (key, inner) in object.iter_mut() {
        match (key.as_str(), inner) {
            // A map of field names: each value is a schema, the map is not.
            ("properties", Value::Object(fields)) => fields.values_mut().for_each(answer_only),
            (_, inner) => answer_only(inner),
        }
    }
}

/// Every shared shape is written where it is used: an output schema holds no `$ref`, as an
/// input schema holds none, since not every client resolves one. The answers' shared shapes
/// are few and small (`Span`, `Definition`): written out, they cost about 200 bytes.
fn inline_definitions(object: &mut JsonObject) {
    let Some(Value::Object(definitions)) = object.remove("$defs") else {
        return;
    };
    object
        .values_mut()
        .for_each(|v| substitute(v, &definitions, 0));
}

const DEFS: &str = "#/$defs/";

/// The answer types nest a few levels; a shape that held itself would stop here.
const MAX_DEPTH: usize = 32;

/// Replaces each `$ref` to one of `definitions` by the shape itself.
fn substitute(value: &mut Value, definitions: &JsonObject, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(object) => {
            let target =
                (object.get("$ref").and_then(Value::as_str)).and_then(|r| r.strip_prefix(DEFS));
            if let Some(Value::Object(shape)) = target.and_then(|name| definitions.get(name)) {
                object.remove("$ref");
                for (key, inner) in shape {
                    object.entry(key.clone()).or_insert_with(|| inner.clone());
                }
            }
            (object.values_mut()).for_each(|v| substitute(v, definitions, depth + 1));
        }
        Value::Array(items) => {
            (items.iter_mut()).for_each(|v| substitute(v, definitions, depth + 1))
        }
        _ => {}
    }
}

/// A root schema as an object, without `$schema` and `title`.
fn object_of(schema: Schema) -> JsonObject {
    match serde_json::to_value(schema) {
        Ok(Value::Object(mut object)) => {
            object.remove("$schema");
            object.remove("title");
            object
        }
        _ => JsonObject::new(),
    }
}

/// Drops what a model does not need to call a tool or read its answer: Rust's integer
/// formats (`uint32`, not JSON Schema formats) and their bounds of 0, and titles. An enum
/// whose variants carry doc comments comes as `oneOf` consts: it becomes a plain `enum` of
/// its names. In arguments (`optional_not_null`), an optional field is left out rather
/// than sent as null, so its `null` alternative goes.
fn compact(value: &mut Value, optional_not_null: bool) {
    match value {
        Value::Object(object) => compact_object(object, optional_not_null),
        Value::Array(items) => items.iter_mut().for_each(|v| compact(v, optional_not_null)),
        _ => {}
    }
}

/// [`compact`] for one schema object.
fn compact_object(object: &mut JsonObject, optional_not_null: bool) {
    let rust_format = |f: &str| f.starts_with("uint") || f.starts_with("int") || f == "double";
    if object
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(rust_format)
    {
        object.remove("format");
        if object.get("minimum") == Some(&json!(0)) {
            object.remove("minimum");
        }
    }
    object.remove("title");
    // Doc comments are wrapped at 100 columns; a description is one line.
    if let Some(Value::String(description)) = object.get_mut("description") {
        *description = description.replace('\n', " ");
    }
    enum_of_consts(object);
    same_items(object);
    if optional_not_null {
        not_null(object);
    } else {
        nullable_as_any_of(object);
    }
    for (key, inner) in object.iter_mut() {
        match (key.as_str(), inner) {
            // Maps of names to schemas: each value is a schema, the map is not.
            ("properties" | "$defs", Value::Object(named)) => named
                .values_mut()
                .for_each(|v| compact(v, optional_not_null)),
            (_, inner) => compact(inner, optional_not_null),
        }
    }
}

/// `oneOf: [{"type": "string", "const": "a", "description": …}, …]` as `enum: ["a", …]`.
fn enum_of_consts(object: &mut JsonObject) {
    let Some(Value::Array(options)) = object.get("oneOf") else {
        return;
    };
    let names: Option<Vec<Value>> = options
        .iter()
        .map(|o| (o.get("type") == Some(&json!("string"))).then(|| o.get("const").cloned())?)
        .collect();
    if let Some(names) = names {
        object.remove("oneOf");
        object.insert("type".to_string(), json!("string"));
        object.insert("enum".to_string(), Value::Array(names));
    }
}

/// `type: [T, "null"]` as `anyOf: [{"type": T, …}, {"type": "null"}]`, the form a client
/// that maps schemas onto a dialect with one `type` per schema reads.
fn nullable_as_any_of(object: &mut JsonObject) {
    let Some(Value::Array(types)) = object.get("type") else {
        return;
    };
    let null = json!("null");
    let (true, Some(other)) = (
        types.len() == 2 && types.contains(&null),
        types.iter().find(|t| **t != null).cloned(),
    ) else {
        return;
    };
    let description = object.remove("description");
    let mut inner = std::mem::take(object);
    inner.insert("type".to_string(), other);
    object.insert("anyOf".to_string(), json!([inner, {"type": "null"}]));
    if let Some(description) = description {
        object.insert("description".to_string(), description);
    }
}

/// A tuple of one type (`Span`'s `[first, last]`) as `items` of that type: with `minItems`
/// and `maxItems` equal to its length it says the same, shorter.
fn same_items(object: &mut JsonObject) {
    let Some(Value::Array(prefix)) = object.get("prefixItems") else {
        return;
    };
    let Some(first) = prefix.first().cloned() else {
        return;
    };
    let length = json!(prefix.len());
    let exact = object.get("minItems") == Some(&length) && object.get("maxItems") == Some(&length);
    if exact && prefix.iter().all(|p| *p == first) {
        object.remove("prefixItems");
        object.insert("items".to_string(), first);
    }
}

/// `anyOf: [T, null]` as T, and `type: [T, "null"]` as T.
fn not_null(object: &mut JsonObject) {
    if let Some(Value::Array(options)) = object.get_mut("anyOf") {
        options.retain(|o| o != &json!({"type": "null"}));
        if options.len() == 1 {
            let only = options.remove(0);
            object.remove("anyOf");
            if let Value::Object(inner) = only {
                for (key, value) in inner {
                    object.entry(key).or_insert(value);
                }
            }
        }
    }
    if let Some(Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            object.insert("type".to_string(), only);
        }
    }
}

/// The three tools as listed to clients. Paths are root-relative throughout, and lines
/// 1-based and inclusive; each description says when to call the tool and what it gives.
pub fn list() -> Vec<Tool> {
    let read_only = ToolAnnotations::new().read_only(true).destructive(false);
    vec![
        Tool::new(
            GATHER_CONTEXT,
            "Call first for any question about this code, to study a definition with its callers and callees, or to review a diff. \
             Verbatim code, ranked and cut to a budget; what is cut names the assemble_context call that shows it.",
            input_schema::<GatherContextArgs>(),
        )
        .with_raw_output_schema(output_schema::<PackAnswer>())
        .with_annotations(read_only.clone()),
        Tool::new(
            ASSEMBLE_CONTEXT,
            "Read code you can name: whole definitions, exact lines or a file's head, in request order within max_tokens. \
             Send the calls gather_context prints to see what it cut.",
            input_schema::<AssembleContextArgs>(),
        )
        .with_raw_output_schema(output_schema::<SlicesAnswer>())
        .with_annotations(read_only.clone()),
        Tool::new(
            FIND_SYMBOL,
            "Find definitions by name, file or both: each one's kind and path:start-end, to read with assemble_context (symbol NAME@START) or gather_context.",
            input_schema::<FindSymbolArgs>(),
        )
        .with_raw_output_schema(output_schema::<FindAnswer>())
        .with_annotations(read_only),
    ]
}
