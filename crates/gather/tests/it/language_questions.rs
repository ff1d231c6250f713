//! A question finds a definition in each language's fixture (`tests/fixtures/languages/`)
//! by its name and by a word of its doc comment, so every language's definitions, names
//! and doc comments reach question mode.

use std::path::PathBuf;

use gather::budget::Budget;
use gather::index::{self, Index};
use gather::request::{self, ContextRequest, Target};
use serde_json::Value;

/// (fixture file, qualified name, question naming it, question using a doc-comment word).
const CASES: &[(&str, &str, &str, &str)] = &[
    (
        "kotlin.kt",
        "Invoice.settle",
        "what does `settle` do?",
        "journal",
    ),
    (
        "swift.swift",
        "renderAmount",
        "what does `renderAmount` do?",
        "drawer",
    ),
    (
        "scala.scala",
        "Invoice.charge",
        "what does `charge` do?",
        "voucher",
    ),
    (
        "lua.lua",
        "Invoice.settleUp",
        "what does `settleUp` do?",
        "bell",
    ),
    (
        "bash.sh",
        "build_release",
        "what does `build_release` do?",
        "manifest",
    ),
    (
        "elixir.ex",
        "Billing.Invoice.remit_payment",
        "what does `remit_payment` do?",
        "cashier",
    ),
    (
        "dart.dart",
        "Invoice.redeem",
        "what does `redeem` do?",
        "ticket",
    ),
    ("haskell.hs", "remit", "what does `remit` do?", "passbook"),
    ("ocaml.ml", "disburse", "what does `disburse` do?", "gong"),
    (
        "zig.zig",
        "Invoice.tender",
        "what does `tender` do?",
        "beacon",
    ),
    (
        "objc.m",
        "FormatAmount",
        "what does `FormatAmount` do?",
        "chime",
    ),
    (
        "r.R",
        "settle_invoice",
        "what does `settle_invoice` do?",
        "abacus",
    ),
    (
        "hcl.tf",
        "aws_s3_bucket.invoices",
        "what is `aws_s3_bucket.invoices`?",
        "vault",
    ),
    (
        "solidity.sol",
        "toUnits",
        "what does `toUnits` do?",
        "escrow",
    ),
    (
        "vue.vue",
        "cartTotal",
        "what does `cartTotal` do?",
        "grocer",
    ),
    (
        "svelte.svelte",
        "increment",
        "what does `increment` do?",
        "turnstile",
    ),
];

fn index() -> Index {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/languages");
    index::build(&dir).unwrap()
}

/// (path, symbol) of the first seed.
fn first_seed(index: &Index, question: &str) -> (String, String) {
    let request = ContextRequest {
        budget: Budget::Lines(200),
        ..ContextRequest::new(Target::Question(question.to_string()))
    };
    let pack: Value = request::context(index, &request).unwrap().json;
    let seed = pack["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|item| item["role"] == "seed")
        .unwrap_or_else(|| panic!("no seed for {question:?}: {pack}"));
    (
        seed["path"].as_str().unwrap().to_string(),
        seed["symbol"].as_str().unwrap().to_string(),
    )
}

#[test]
fn a_question_finds_each_language_by_name_and_doc_word() {
    let index = index();
    for (file, symbol, by_name, by_doc) in CASES {
        for question in [by_name, by_doc] {
            assert_eq!(
                first_seed(&index, question),
                (file.to_string(), symbol.to_string()),
                "{question:?}"
            );
        }
    }
}
