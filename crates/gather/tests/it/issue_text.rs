//! Questions as agents hold them: a whole issue with prose, code spans, a fenced example,
//! a traceback and pasted version output. Each reading of the text is pinned here.

use crate::common;

use common::{item_named, Workspace};
use gather::budget::Budget;
use gather::index::{self, Index};
use gather::request::{self, ContextRequest, Target};
use serde_json::Value;

/// A small shop: orders with a long `apply_discount`, a cart that calls it, and a module
/// that prints versions (what a pasted `show_versions()` dump would pull in).
fn shop() -> (Workspace, Index) {
    let mut discount = String::from("    def apply_discount(self, coupon):\n");
    for i in 0..60 {
        discount.push_str(&format!("        step_{i} = self.lines[{i}]\n"));
    }
    discount.push_str("        share = coupon.amount / self.count\n");
    for i in 60..120 {
        discount.push_str(&format!("        step_{i} = self.lines[{i}]\n"));
    }
    discount.push_str("        return share\n");
    let orders = format!(
        "class Order:\n    def total_with_tax(self, rate):\n        return self.total * (1 + rate)\n\n{discount}\n    def refund(self):\n        return 0\n"
    );
    let cart = "from shop.orders import Order\n\n\ndef checkout(order, coupon):\n    order.apply_discount(coupon)\n    return order\n\n\ndef empty_cart():\n    return []\n";
    let versions = "import sys\n\n\ndef show_versions():\n    print(get_sys_info())\n\n\ndef get_sys_info():\n    return {'python': sys.version, 'machine': 'x86_64', 'numpy': 'None'}\n";
    let codec = "def decode(text):\n    return text.strip()\n";
    let ws = Workspace::new(&[
        ("shop/orders.py", &orders),
        ("shop/cart.py", cart),
        ("shop/versions.py", versions),
        ("shop/decoder.py", codec),
    ]);
    let index = index::build(ws.root()).unwrap();
    (ws, index)
}

fn ask(index: &Index, question: &str, lines: usize) -> request::ContextPack {
    let request = ContextRequest {
        budget: Budget::Lines(lines),
        ..ContextRequest::new(Target::Question(question.to_string()))
    };
    request::context(index, &request).unwrap()
}

fn seeds(pack: &Value) -> Vec<String> {
    pack["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["role"] == "seed")
        .map(|i| i["symbol"].as_str().unwrap().to_string())
        .collect()
}

/// The line of `orders.py` that divides by the count.
fn division_line(ws: &Workspace) -> usize {
    let text = std::fs::read_to_string(ws.path("shop/orders.py")).unwrap();
    text.lines()
        .position(|l| l.contains("coupon.amount"))
        .unwrap()
        + 1
}

#[test]
fn a_traceback_frame_inside_the_workspace_is_the_first_seed_shown_with_its_line() {
    let (ws, index) = shop();
    let line = division_line(&ws);
    let question = format!(
        "Crash at checkout with an empty basket\n\nIt fails:\n\n```\nTraceback (most recent call last):\n  File \"/usr/lib/python3.11/json/decoder.py\", line 3, in decode\n  File \"/home/u/venv/lib/python3.11/site-packages/shop/cart.py\", line 5, in checkout\n    order.apply_discount(coupon)\n  File \"/home/u/venv/lib/python3.11/site-packages/shop/orders.py\", line {line}, in apply_discount\n    share = coupon.amount / self.count\nZeroDivisionError: division by zero\n```\n"
    );
    let pack = ask(&index, &question, 60).json;
    let seeds = seeds(&pack);
    let mut frames = seeds[..2].to_vec();
    frames.sort();
    assert_eq!(
        frames,
        ["Order.apply_discount", "checkout"],
        "the project's frames lead: {seeds:?}"
    );
    assert!(
        !seeds.contains(&"decode".to_string()),
        "a library's json/decoder.py is not the workspace's shop/decoder.py: {seeds:?}"
    );
    let item = item_named(&pack, "Order.apply_discount");
    assert_eq!(
        item["rendered"], "elided",
        "a 123-line method is cut down at 60 lines"
    );
    assert!(
        item["content"]
            .as_str()
            .unwrap()
            .contains("share = coupon.amount / self.count"),
        "the frame's line is shown: {item}"
    );
}

#[test]
fn a_fenced_example_is_read_as_code_not_as_one_literal() {
    let (_ws, index) = shop();
    let question = "Tax is added twice\n\nTo reproduce:\n\n```python\nfrom shop.orders import Order\norder = Order()\nprint(order.total_with_tax(0.2))\n```\n";
    let answer = ask(&index, question, 100);
    assert_eq!(seeds(&answer.json)[0], "Order.total_with_tax");
    let unmatched = answer.json["omitted"]["unmatched_terms"].to_string();
    assert!(!unmatched.contains("print("), "{unmatched}");
    assert!(!answer.text.lines().next().unwrap().contains("```"));
}

#[test]
fn a_pasted_version_dump_does_not_move_the_ranking() {
    let (_ws, index) = shop();
    let issue = "Discount is wrong for a refund\n\nWhen a refund follows a coupon, `apply_discount` divides by the wrong count.\n";
    let dump = "\n#### Versions\n\n<details><summary>Output of <tt>shop.show_versions()</tt></summary>\n\nINSTALLED VERSIONS\n------------------\npython: 3.11.2\nmachine: x86_64\nnumpy: None\nshop: 1.2.0\n\n</details>\n";
    let plain = ask(&index, issue, 100).json;
    let with_dump = ask(&index, &format!("{issue}{dump}"), 100).json;
    assert_eq!(seeds(&plain), seeds(&with_dump));
    assert!(!seeds(&with_dump).contains(&"show_versions".to_string()));
}

#[test]
fn the_header_stays_short_for_a_five_thousand_word_question() {
    let (_ws, index) = shop();
    let mut question = String::from("Checkout fails with \"a quoted message that names nothing anywhere in this shop at all\"\n\n");
    for i in 0..5000 {
        question.push_str(&format!("word{i}x "));
        if i % 50 == 49 {
            question.push_str("\n\n");
        }
    }
    let answer = ask(&index, &question, 100);
    let header = answer.text.lines().next().unwrap();
    assert!(header.len() < 300, "{} characters: {header}", header.len());
    assert!(seeds(&answer.json).contains(&"checkout".to_string()));
}

#[test]
fn a_question_of_fenced_blocks_around_its_title_is_answered() {
    let (_ws, index) = shop();
    let question = "```python\norder.apply_discount(coupon)\n```\nDivision by zero in the discount\n```\nZeroDivisionError: division by zero\n```\n";
    let pack = ask(&index, question, 100).json;
    assert_eq!(seeds(&pack)[0], "Order.apply_discount");
}
