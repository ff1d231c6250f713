//! A request's `shown_earlier`: definitions the reader already has (a prompt hook's earlier
//! packs) are named on the trailer line, not shown again, and their room goes to others.

use gather::budget::Budget;
use gather::index;
use gather::lines::{FileRange, LineRange};
use gather::request::{self, ContextRequest, Target};
use serde_json::Value;

use crate::common::Workspace;

const SHOP: &str = r#"def price_of(item, quantity):
    """The price of `quantity` units of `item`, with the bulk discount."""
    base = item.unit_price * quantity
    return apply_discount(base, quantity)


def apply_discount(base, quantity):
    if quantity >= 10:
        return base * 0.9
    return base


def tax_of(price):
    return price * 0.2
"#;

fn ask(index: &index::Index, earlier: Vec<FileRange>) -> (String, Value) {
    let request = ContextRequest {
        budget: Budget::Tokens(600),
        shown_earlier: earlier,
        ..ContextRequest::new(Target::Question(
            "how is the price of an item with a bulk discount computed?".into(),
        ))
    };
    let pack = request::context(index, &request).unwrap();
    (pack.text, pack.json)
}

fn items(json: &Value) -> Vec<(String, u64)> {
    (json["items"].as_array().unwrap().iter())
        .map(|i| {
            let name = i["symbol"].as_str().unwrap_or_default().to_string();
            (name, i["line_start"].as_u64().unwrap())
        })
        .collect()
}

#[test]
fn a_definition_shown_earlier_is_named_once_and_not_shown_again() {
    let ws = Workspace::new(&[("shop.py", SHOP)]);
    let index = index::build(ws.root()).unwrap();
    let (first_text, first) = ask(&index, Vec::new());
    assert!(
        items(&first).contains(&("price_of".into(), 1)),
        "{first_text}"
    );
    assert!(first["omitted"].get("shown_earlier").is_none());

    let earlier = vec![FileRange {
        path: "shop.py".into(),
        range: LineRange::new(1, 4),
    }];
    let (text, again) = ask(&index, earlier);
    assert!(
        !items(&again).iter().any(|(n, _)| n == "price_of"),
        "{text}"
    );
    assert!(!text.contains("base = item.unit_price"), "{text}");
    assert!(
        text.contains("-- omitted: ")
            && text.contains("shown earlier in this session: shop.py:1-4"),
        "{text}"
    );
    assert_eq!(
        again["omitted"]["shown_earlier"],
        serde_json::json!([{"path": "shop.py", "line_start": 1, "line_end": 4}])
    );
    // The rest of the pack is still there, and the budget still holds everything printed.
    assert!(
        items(&again).iter().any(|(n, _)| n == "apply_discount"),
        "{text}"
    );
    let used = again["budget"]["used"].as_u64().unwrap();
    assert!(used <= 600);
    assert_eq!(used as usize, gather::budget::estimate_tokens(&text));
}

#[test]
fn a_range_that_is_not_the_whole_definition_does_not_hide_it() {
    let ws = Workspace::new(&[("shop.py", SHOP)]);
    let index = index::build(ws.root()).unwrap();
    let partial = vec![FileRange {
        path: "shop.py".into(),
        range: LineRange::new(1, 2),
    }];
    let (text, json) = ask(&index, partial);
    assert!(items(&json).contains(&("price_of".into(), 1)), "{text}");
    assert!(!text.contains("shown earlier"), "{text}");
}
