//! Call graphs of the fixture projects under `tests/fixtures/callgraph/<lang>/`, whose
//! call graphs are known: every assertion names the exact set of callers or callees of a
//! definition, each as `path:qualified_name confidence`, and the calls that must stay
//! ambiguous or external.

use std::path::{Path, PathBuf};

use gather::graph::{self, CallGraph, Edge};
use gather::index::{self, Index, SymbolId};

struct Fixture {
    index: Index,
    graph: CallGraph,
}

fn fixture(lang: &str) -> Fixture {
    let root: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/callgraph")
        .join(lang);
    let index = index::build(&root).unwrap();
    let graph = graph::build(&index);
    Fixture { index, graph }
}

impl Fixture {
    /// The definition `qualified` in `path`; exactly one must exist.
    fn id(&self, path: &str, qualified: &str) -> SymbolId {
        let found: Vec<SymbolId> = self
            .index
            .find_in_file(path)
            .into_iter()
            .filter(|s| s.symbol.qualified_name == qualified)
            .map(|s| s.id)
            .collect();
        assert_eq!(
            found.len(),
            1,
            "{path}:{qualified} defined {} times",
            found.len()
        );
        found[0]
    }

    /// Every definition `qualified` in `path`, in line order (overloads, redefinitions).
    fn ids(&self, path: &str, qualified: &str) -> Vec<SymbolId> {
        let mut found: Vec<(u32, SymbolId)> = self
            .index
            .find_in_file(path)
            .into_iter()
            .filter(|s| s.symbol.qualified_name == qualified)
            .map(|s| (s.symbol.range.start, s.id))
            .collect();
        found.sort();
        found.into_iter().map(|(_, id)| id).collect()
    }

    fn label(&self, id: SymbolId) -> String {
        let s = self.index.symbol(id);
        format!("{}:{}", s.file.path, s.symbol.qualified_name)
    }

    fn edges(&self, edges: Vec<Edge>, end: impl Fn(&Edge) -> SymbolId) -> Vec<String> {
        let mut out: Vec<String> = edges
            .iter()
            .map(|e| format!("{} {}", self.label(end(e)), e.confidence))
            .collect();
        out.sort();
        out
    }

    /// `path:qualified confidence` of every direct callee, sorted.
    fn callees(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.edges(self.graph.callees(id), |e| e.callee)
    }

    /// `path:qualified confidence` of every direct caller, sorted.
    fn callers(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.edges(self.graph.callers(id), |e| e.caller)
    }

    /// `name -> candidate, candidate` per ambiguous call made by the definition, sorted.
    fn ambiguous_from(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        let mut out: Vec<String> = self
            .graph
            .ambiguous_from(id)
            .iter()
            .map(|a| {
                let mut candidates: Vec<String> =
                    a.candidates.iter().map(|&c| self.label(c)).collect();
                candidates.sort();
                format!("{} -> {}", a.name, candidates.join(", "))
            })
            .collect();
        out.sort();
        out
    }

    /// `path:qualified` of every definition whose ambiguous calls could be this one.
    fn ambiguous_to(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        let mut out: Vec<String> = self
            .graph
            .ambiguous_to(id)
            .iter()
            .map(|a| self.label(a.caller))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Names the definition calls that are defined outside the workspace.
    fn external(&self, path: &str, qualified: &str) -> Vec<String> {
        let id = self.id(path, qualified);
        self.graph
            .external_from(id)
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    /// Every edge, ambiguous call and external name (for debugging a failing assertion).
    #[allow(dead_code)]
    fn dump(&self) -> String {
        let mut lines = Vec::new();
        for e in self.graph.edges() {
            lines.push(format!(
                "{} -> {} {} @{}",
                self.label(e.caller),
                self.label(e.callee),
                e.confidence,
                e.line
            ));
        }
        for (file_idx, file) in self.index.files().iter().enumerate() {
            for idx in 0..file.symbols.len() {
                let id = SymbolId {
                    file: file_idx as u32,
                    idx: idx as u32,
                };
                for a in self.graph.ambiguous_from(id) {
                    let c: Vec<String> = a.candidates.iter().map(|&c| self.label(c)).collect();
                    lines.push(format!(
                        "{} -> ? {} [{}]",
                        self.label(id),
                        a.name,
                        c.join(", ")
                    ));
                }
                let ext = self.graph.external_from(id);
                if !ext.is_empty() {
                    lines.push(format!("{} -> external {:?}", self.label(id), ext));
                }
            }
        }
        lines.sort();
        lines.join("\n")
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------
// Python: a package `shop` (re-exports in `__init__.py`, relative and aliased imports,
// `from . import tax`), a test module importing through the package.

#[test]
fn python_aliased_imports_and_package_reexports() {
    let f = fixture("python");
    assert_eq!(
        f.callees("shop/pricing.py", "total_price"),
        strings(&[
            "shop/models.py:Order import",
            "shop/models.py:Order.subtotal qualified",
            "shop/tax.py:rate import",
            "shop/util.py:round_cents import",
        ])
    );
    // `from .util import round_cents as rc`, never tax.round_cents.
    assert_eq!(
        f.callers("shop/util.py", "round_cents"),
        strings(&[
            "shop/pricing.py:projected import",
            "shop/pricing.py:total_price import",
        ])
    );
    assert_eq!(
        f.callers("shop/tax.py", "round_cents"),
        strings(&["shop/tax.py:rate local"])
    );
    // `validate as check_amount`.
    assert_eq!(
        f.callers("shop/util.py", "validate"),
        strings(&[
            "shop/models.py:LineItem.__init__ import",
            "shop/tax.py:rate import",
        ])
    );
    // The test imports `total_price` from the package, which re-exports it.
    assert_eq!(
        f.callers("shop/pricing.py", "total_price"),
        strings(&[
            "shop/pricing.py:checked_total local",
            "shop/pricing.py:receipt local",
            "tests/test_pricing.py:test_total_price import",
        ])
    );
    // `from . import tax` then `tax.rate(…)`.
    assert_eq!(
        f.callers("shop/tax.py", "rate"),
        strings(&[
            "shop/models.py:Order.taxed import",
            "shop/pricing.py:projected import",
            "shop/pricing.py:total_price import",
        ])
    );
}

#[test]
fn python_methods_free_functions_and_super() {
    let f = fixture("python");
    assert_eq!(
        f.callees("shop/models.py", "Order.taxed"),
        strings(&[
            "shop/models.py:Order.subtotal qualified",
            "shop/models.py:Order.validate qualified",
            "shop/tax.py:rate import",
        ])
    );
    // Bare `add(…)` inside a method is util.add, not the method Order.add.
    assert_eq!(
        f.callees("shop/models.py", "Order.subtotal"),
        strings(&[
            "shop/models.py:LineItem.cost name",
            "shop/util.py:add import",
        ])
    );
    assert_eq!(
        f.callers("shop/util.py", "add"),
        strings(&["shop/models.py:Order.subtotal import"])
    );
    assert_eq!(
        f.callers("shop/models.py", "Order.add"),
        strings(&["tests/test_pricing.py:test_add_item qualified"])
    );
    // `self.validate()` and a parameter annotated `order: Order`.
    assert_eq!(
        f.callers("shop/models.py", "Order.validate"),
        strings(&[
            "shop/models.py:Order.taxed qualified",
            "shop/pricing.py:projected qualified",
        ])
    );
    // `Order.from_pairs(…)` through the package re-export.
    assert_eq!(
        f.callees("tests/test_pricing.py", "make_order"),
        strings(&["shop/models.py:Order.from_pairs import"])
    );
    // `super().m()` is the base class's method, never the overriding one.
    assert_eq!(
        f.callees("shop/models.py", "GiftOrder.__init__"),
        strings(&["shop/models.py:Order.__init__ qualified"])
    );
    assert_eq!(
        f.callees("shop/models.py", "GiftOrder.taxed"),
        strings(&["shop/models.py:Order.taxed qualified"])
    );
    assert_eq!(f.external("shop/models.py", "GiftOrder.taxed"), ["super"]);
}

#[test]
fn python_constructors_recursion_and_tests() {
    let f = fixture("python");
    assert_eq!(
        f.callers("shop/models.py", "LineItem"),
        strings(&[
            "shop/models.py:Order.from_pairs local",
            "tests/test_pricing.py:test_add_item import",
            "tests/test_pricing.py:test_line_item_cost import",
        ])
    );
    assert_eq!(
        f.callers("shop/models.py", "Order"),
        strings(&[
            "shop/models.py:Order.from_pairs local",
            "shop/pricing.py:total_price import",
            "tests/test_pricing.py:test_add_item import",
        ])
    );
    assert_eq!(
        f.callers("shop/tax.py", "compound"),
        strings(&[
            "shop/pricing.py:projected import",
            "shop/tax.py:compound local"
        ])
    );
    assert_eq!(
        f.callees("tests/test_pricing.py", "test_line_item_cost"),
        strings(&[
            "shop/models.py:LineItem import",
            "shop/models.py:LineItem.cost qualified",
        ])
    );
    assert_eq!(
        f.callees("tests/test_pricing.py", "test_total_price"),
        strings(&[
            "shop/pricing.py:total_price import",
            "tests/test_pricing.py:make_order local",
        ])
    );
}

#[test]
fn python_ambiguous_and_external() {
    let f = fixture("python");
    // Nothing says what `order` is in checked_total.
    assert_eq!(
        f.ambiguous_from("shop/pricing.py", "checked_total"),
        ["validate -> shop/models.py:Order.validate, shop/util.py:validate"]
    );
    assert_eq!(
        f.callees("shop/pricing.py", "checked_total"),
        strings(&["shop/pricing.py:total_price local"])
    );
    assert_eq!(
        f.ambiguous_to("shop/util.py", "validate"),
        ["shop/pricing.py:checked_total"]
    );
    assert!(f.ambiguous_from("shop/pricing.py", "projected").is_empty());
    assert_eq!(f.external("shop/pricing.py", "receipt"), ["dumps"]);
    assert_eq!(f.external("shop/util.py", "round_cents"), ["floor"]);
    assert_eq!(f.external("shop/util.py", "validate"), ["ValueError"]);
    assert_eq!(f.external("shop/tax.py", "rate"), ["get"]);
    assert_eq!(
        f.external("tests/test_pricing.py", "test_add_item"),
        ["len"]
    );
}

// ---------------------------------------------------------------------------------------
// TypeScript: a barrel `src/index.ts` (`export {a as b} from`, `export * from`), aliased
// named imports, a same-named local function, globals (`Math`, `Intl`).

#[test]
fn typescript_barrel_reexports_and_aliases() {
    let f = fixture("typescript");
    // `addCarts` is `add as addCarts` in the barrel; formatPrice comes through `export *`.
    assert_eq!(
        f.callees("src/checkout.ts", "checkout"),
        strings(&[
            "src/cart.ts:Cart.total qualified",
            "src/cart.ts:add import",
            "src/format.ts:formatPrice import",
        ])
    );
    assert_eq!(
        f.callers("src/cart.ts", "add"),
        strings(&["src/checkout.ts:checkout import"])
    );
    // `round as roundTo` and a direct import, never format.ts's private round.
    assert_eq!(
        f.callers("src/math.ts", "round"),
        strings(&[
            "src/cart.ts:Cart.total import",
            "src/cart.ts:add import",
            "test/cart.test.ts:testRoundKeepsPlaces import",
        ])
    );
    assert_eq!(
        f.callers("src/format.ts", "round"),
        strings(&["src/format.ts:formatPrice local"])
    );
    assert_eq!(
        f.callees("test/cart.test.ts", "testRoundKeepsPlaces"),
        strings(&[
            "src/format.ts:formatCount import",
            "src/math.ts:round import",
        ])
    );
}

#[test]
fn typescript_methods_this_and_constructors() {
    let f = fixture("typescript");
    assert_eq!(
        f.callees("src/cart.ts", "Cart.total"),
        strings(&[
            "src/cart.ts:Cart.lineTotal qualified",
            "src/math.ts:round import",
            "src/math.ts:sum import",
        ])
    );
    assert_eq!(
        f.callees("src/cart.ts", "Cart.empty"),
        strings(&["src/cart.ts:Cart local"])
    );
    // `new Cart()` then `cart.add`; `Cart.empty()` then `cart.add`.
    assert_eq!(
        f.callers("src/cart.ts", "Cart.add"),
        strings(&[
            "src/checkout.ts:quickCheckout qualified",
            "test/cart.test.ts:filledCart qualified",
        ])
    );
    assert_eq!(
        f.callers("src/cart.ts", "Cart"),
        strings(&[
            "src/cart.ts:Cart.empty local",
            "test/cart.test.ts:filledCart import"
        ])
    );
    assert_eq!(
        f.callees("test/cart.test.ts", "testCheckoutFormatsTotal"),
        strings(&[
            "src/checkout.ts:checkout import",
            "test/cart.test.ts:filledCart local",
        ])
    );
    assert_eq!(
        f.callers("src/checkout.ts", "retry"),
        strings(&["src/checkout.ts:retry local"])
    );
}

#[test]
fn typescript_ambiguous_and_external() {
    let f = fixture("typescript");
    assert_eq!(
        f.ambiguous_from("src/checkout.ts", "addTo"),
        ["add -> src/cart.ts:Cart.add, src/cart.ts:add"]
    );
    assert_eq!(
        f.ambiguous_to("src/cart.ts", "Cart.add"),
        ["src/checkout.ts:addTo"]
    );
    // `Math.round` is the global, not one of the workspace's two `round`s.
    assert_eq!(f.external("src/math.ts", "round"), ["round"]);
    assert!(f.ambiguous_from("src/math.ts", "round").is_empty());
    assert!(f.callees("src/math.ts", "round").is_empty());
    assert_eq!(f.external("src/math.ts", "clamp"), ["max", "min"]);
    assert_eq!(
        f.external("src/format.ts", "formatPrice"),
        ["NumberFormat", "format"]
    );
    assert_eq!(f.external("src/checkout.ts", "retry"), ["task"]);
    assert_eq!(
        f.external("test/cart.test.ts", "testCheckoutFormatsTotal"),
        ["equal"]
    );
}

/// Modules reached through values: an object literal spreading whole modules
/// (`const z = { ..._schemas, iso: _iso }`), a module-level variable with a declared or
/// constructed type reached through a namespace import, and call-wrapped components only
/// at module level.
#[test]
fn typescript_modules_reached_through_values() {
    let f = fixture("modules-typescript");
    // `z.never()` from a spread module, `z.minLength()` from a later spread, `z.iso.datetime()`
    // through a named entry.
    assert_eq!(
        f.callees("src/convert.ts", "convert"),
        strings(&[
            "src/checks.ts:minLength import",
            "src/iso.ts:datetime import",
            "src/schemas.ts:never import",
        ])
    );
    // `registries.globalRegistry.get()` (annotated `$Registry`, a `$`-prefixed type name)
    // and `registries.localRegistry.add()` (`= new $Registry()`): not `Shelf.get`, not
    // ambiguous.
    assert_eq!(
        f.callees("src/describe.ts", "describe"),
        strings(&[
            "src/registry.ts:$Registry.add import",
            "src/registry.ts:$Registry.get qualified",
        ])
    );
    assert!(f.ambiguous_from("src/describe.ts", "describe").is_empty());
    // The same through a barrel: `core.globalRegistry` where `index.ts` has
    // `export * from "./registry.js"`.
    assert_eq!(
        f.callees("src/label.ts", "label"),
        strings(&["src/registry.ts:$Registry.get qualified"])
    );
    // And through a named re-export: `export { globalRegistry } from "./registry.js"`.
    assert_eq!(
        f.callees("src/label.ts", "relabel"),
        strings(&[
            "src/label.ts:label local",
            "src/registry.ts:$Registry.get qualified",
        ])
    );
    // `export const Button = memo((props) => …)` is a component; `const Category =
    // lazy(() => …)` inside a test's callback is a local value, so its calls belong to no
    // definition of the workspace.
    assert_eq!(
        f.callers("src/schemas.ts", "object"),
        strings(&["src/button.tsx:Button import"])
    );
    assert!(f
        .index
        .find_in_file("test/lazy.test.ts")
        .iter()
        .all(|s| s.symbol.name != "Category"));
}

/// Object literals typed by what holds them (`function m(): MethodsOf<Schema> { return {…} }`,
/// `const m: MethodsOf<Schema> = {…}`): `this` is the declared type, and an interface
/// member carried out by exactly one literal member is that member.
#[test]
fn typescript_object_literals_typed_by_their_holder() {
    let f = fixture("modules-typescript");
    // `this.check()` in `stringMethods` (a `StringSchema`, which inherits `check`),
    // `schema.check()` on a `StringSchema` parameter or on an `S extends StringSchema`
    // one, and `this.check()` in both literals
    // of `Schema` all reach the one literal member bound to `Schema.check`.
    assert_eq!(
        f.callers("src/methods.ts", "schemaMethods.check"),
        strings(&[
            "src/methods.ts:annotatedMethods.describe qualified",
            "src/methods.ts:plainMethods.describe qualified",
            "src/methods.ts:revalidate qualified",
            "src/methods.ts:stringMethods.email qualified",
            "src/methods.ts:validate qualified",
        ])
    );
    // Two literals carry out `Schema.describe`: the call stays on the interface's member.
    assert_eq!(
        f.callees("src/methods.ts", "schemaMethods.check"),
        strings(&["src/methods.ts:Schema.describe qualified"])
    );
}

#[test]
fn typescript_constants_hold_what_their_call_returns() {
    let f = fixture("modules-typescript");
    // `const Node = shape({ get optional() { return Node.optional(); } })`: `Node` holds the
    // `Shape` that `shape` returns, so the getter calls `Shape.optional`, not itself.
    assert_eq!(
        f.callers("src/shapes.ts", "Shape.optional"),
        strings(&["test/shapes.test.ts:Node.optional qualified"])
    );
    // A callback of an object literal in a test's callback reads the constants of that
    // callback, not those of the next test: `base` is a `Shape` in one and a `Table` in
    // the other.
    let [first, second] = f.ids("test/shapes.test.ts", "options.when")[..] else {
        panic!("two `options.when` in test/shapes.test.ts");
    };
    assert_eq!(
        f.edges(f.graph.callees(first), |e| e.callee),
        strings(&["src/shapes.ts:Shape.pick qualified"])
    );
    assert_eq!(
        f.edges(f.graph.callees(second), |e| e.callee),
        strings(&["src/shapes.ts:Table.pick qualified"])
    );
}

// ---------------------------------------------------------------------------------------
// JavaScript (CommonJS): destructured and aliased `require`, a class exported as the
// module, `exports.x = require(…)` re-exports, a method named like an imported function.

#[test]
fn javascript_requires_and_reexports() {
    let f = fixture("javascript");
    // `{ slugify: toSlug }`; `log.log` on a module-level Logger is name-matched.
    assert_eq!(
        f.callees("lib/posts.js", "publish"),
        strings(&[
            "lib/logger.js:Logger.log name",
            "lib/posts.js:format local",
            "lib/strings.js:slugify import",
        ])
    );
    assert_eq!(f.external("lib/posts.js", "publish"), ["join"]);
    assert_eq!(
        f.callers("lib/strings.js", "slugify"),
        strings(&[
            "lib/posts.js:publish import",
            "test/posts.test.js:testSlugify import",
        ])
    );
    assert_eq!(
        f.callers("lib/strings.js", "trim"),
        strings(&["lib/posts.js:format import", "lib/strings.js:slugify local"])
    );
    // `exports.Logger = require('./logger')` and `module.exports = Logger`.
    assert_eq!(
        f.callees("test/posts.test.js", "testLoggerPrefix"),
        strings(&[
            "lib/logger.js:Logger import",
            "lib/logger.js:Logger.format qualified",
        ])
    );
    // A module bound whole and called: `const timestamp = require('./clock')`, where
    // `module.exports = now`. The targeted graph must find this caller too.
    assert_eq!(
        f.callers("lib/clock.js", "now"),
        strings(&["lib/report.js:report import"])
    );
    // `exports.publish = posts.publish` is no import: the name is unique.
    assert_eq!(
        f.callees("test/posts.test.js", "testPublishUsesSlug"),
        strings(&[
            "lib/posts.js:publish name",
            "test/posts.test.js:samplePost local",
        ])
    );
}

#[test]
fn javascript_methods_globals_and_recursion() {
    let f = fixture("javascript");
    // `console.log` is not Logger.log; `this.format` is the method.
    assert_eq!(
        f.callees("lib/logger.js", "Logger.log"),
        strings(&["lib/logger.js:Logger.format qualified"])
    );
    assert_eq!(f.external("lib/logger.js", "Logger.log"), ["log"]);
    // The bare `format(…)` in the method is node:util's.
    assert!(f.callees("lib/logger.js", "Logger.format").is_empty());
    assert_eq!(f.external("lib/logger.js", "Logger.format"), ["format"]);
    assert_eq!(
        f.callers("lib/logger.js", "Logger.format"),
        strings(&[
            "lib/logger.js:Logger.log qualified",
            "test/posts.test.js:testLoggerPrefix qualified",
        ])
    );
    assert_eq!(
        f.callers("lib/posts.js", "format"),
        strings(&["lib/posts.js:publish local"])
    );
    // `String(text).trim()` is the builtin, not trim() itself.
    assert!(f.callees("lib/strings.js", "trim").is_empty());
    assert_eq!(f.external("lib/strings.js", "trim"), ["String", "trim"]);
    assert_eq!(
        f.callees("lib/posts.js", "countWords"),
        strings(&["lib/posts.js:countWords local"])
    );
    assert_eq!(
        f.ambiguous_from("lib/posts.js", "render"),
        ["format -> lib/logger.js:Logger.format, lib/posts.js:format"]
    );
}

// ---------------------------------------------------------------------------------------
// Rust: a crate `inventory` (Cargo.toml), `use crate::util::{clamp, normalize as
// norm_name}`, `pub use` re-exports in lib.rs, an integration test using the crate name.

#[test]
fn rust_use_aliases_and_pub_use() {
    let f = fixture("rust");
    assert_eq!(
        f.callees("src/stock.rs", "Stock::add"),
        strings(&[
            "src/stock.rs:Stock::level qualified",
            "src/util.rs:clamp import",
            "src/util.rs:normalize import",
        ])
    );
    // `pub use util::clamp as clamp_level` reaches the integration test.
    assert_eq!(
        f.callers("src/util.rs", "clamp"),
        strings(&[
            "src/stock.rs:Stock::add import",
            "src/stock.rs:add import",
            "tests/stock_test.rs:restock_fills_missing import",
        ])
    );
    assert_eq!(
        f.callers("src/util.rs", "normalize"),
        strings(&[
            "src/stock.rs:Stock::add import",
            "src/stock.rs:Stock::level import"
        ])
    );
    assert_eq!(
        f.callers("src/report.rs", "normalize"),
        strings(&["src/report.rs:Report::line local"])
    );
    // `use crate::util;` then `util::gcd(…)`; gcd recurses.
    assert_eq!(
        f.callers("src/util.rs", "gcd"),
        strings(&["src/report.rs:pack_size import", "src/util.rs:gcd local"])
    );
    // `let mut stock = sample();` and `fn sample() -> Stock`: the receiver's type.
    assert_eq!(
        f.callees("tests/stock_test.rs", "restock_fills_missing"),
        strings(&[
            "src/stock.rs:Stock::level qualified",
            "src/stock.rs:restock import",
            "src/util.rs:clamp import",
            "tests/stock_test.rs:sample local",
        ])
    );
    assert_eq!(
        f.callees("tests/stock_test.rs", "sample"),
        strings(&["src/stock.rs:Stock::with_items import"])
    );
    assert_eq!(
        f.callees("tests/stock_test.rs", "summary_lists_levels"),
        strings(&[
            "src/report.rs:summary import",
            "tests/stock_test.rs:sample local",
        ])
    );
}

#[test]
fn rust_methods_self_and_type_paths() {
    let f = fixture("rust");
    // `Self::new()`, then `stock.add` on it: the method, not the free `add`.
    assert_eq!(
        f.callees("src/stock.rs", "Stock::with_items"),
        strings(&[
            "src/stock.rs:Stock::add qualified",
            "src/stock.rs:Stock::new qualified"
        ])
    );
    assert_eq!(
        f.callers("src/stock.rs", "Stock::add"),
        strings(&[
            "src/stock.rs:Stock::with_items qualified",
            "src/stock.rs:restock qualified",
        ])
    );
    // `use crate::stock::{self, Stock}` then `stock::add(…)`.
    assert_eq!(
        f.callers("src/stock.rs", "add"),
        strings(&["src/report.rs:summary import"])
    );
    assert_eq!(
        f.callees("src/report.rs", "summary"),
        strings(&[
            "src/report.rs:Report::line qualified",
            "src/report.rs:Report::new qualified",
            "src/report.rs:Report::render qualified",
            "src/stock.rs:Stock::level qualified",
            "src/stock.rs:Stock::total qualified",
            "src/stock.rs:add import",
        ])
    );
}

#[test]
fn rust_ambiguous_and_external() {
    let f = fixture("rust");
    // A closure parameter: Stock::total or Report::total.
    assert_eq!(
        f.ambiguous_from("src/report.rs", "largest"),
        ["total -> src/report.rs:Report::total, src/stock.rs:Stock::total"]
    );
    // `HashMap::new()`, `Vec::new()`, `String::new()` are std's, not Stock::new/Report::new.
    assert_eq!(f.external("src/stock.rs", "Stock::new"), ["new"]);
    assert!(f.callees("src/stock.rs", "Stock::new").is_empty());
    assert!(f.ambiguous_from("src/report.rs", "Report::new").is_empty());
    assert_eq!(
        f.external("src/report.rs", "Report::render"),
        ["new", "unwrap", "writeln"]
    );
    assert_eq!(f.external("src/lib.rs", "version"), ["env"]);
    assert_eq!(
        f.external("tests/stock_test.rs", "summary_lists_levels"),
        ["assert", "contains"]
    );
}

// ---------------------------------------------------------------------------------------
// Go: module `example.com/weather` (go.mod), an aliased import `u "…/internal/units"`, a
// package split over two files, a method named like a package function.

#[test]
fn go_aliased_imports_and_packages() {
    let f = fixture("go");
    assert_eq!(
        f.callees("station/station.go", "Station.Report"),
        strings(&[
            "internal/units/format.go:Format import",
            "internal/units/units.go:CelsiusToF import",
            "station/station.go:Station.Max qualified",
        ])
    );
    // Same package, other file: `Round(v, 1)` in format.go.
    assert_eq!(
        f.callers("internal/units/units.go", "Round"),
        strings(&[
            "internal/units/format.go:Format local",
            "station/station.go:Station.Max import",
            "station/station.go:Station.Round import",
        ])
    );
    assert_eq!(
        f.callees("main.go", "main"),
        strings(&[
            "main.go:describe local",
            "main.go:fib local",
            "station/station.go:New import",
            "station/station.go:Station.Record name",
            "station/station.go:Station.Report name",
            "station/station.go:Station.Round name",
        ])
    );
    assert_eq!(
        f.callees("station/station_test.go", "TestMax"),
        strings(&[
            "station/station.go:New local",
            "station/station.go:Station.Max name",
            "station/station.go:Station.Record name",
        ])
    );
}

#[test]
fn go_methods_recursion_ambiguous_and_external() {
    let f = fixture("go");
    // `s.Round()` is the method, never units.Round.
    assert_eq!(
        f.callers("station/station.go", "Station.Round"),
        strings(&["main.go:main name"])
    );
    assert_eq!(
        f.callers("main.go", "fib"),
        strings(&["main.go:fib local", "main.go:main local"])
    );
    assert_eq!(
        f.ambiguous_from("main.go", "describe"),
        ["String -> station/station.go:Reading.String, station/station.go:Station.String"]
    );
    assert_eq!(
        f.external("station/station.go", "Station.Max"),
        ["Float64s", "append", "len", "make"]
    );
    assert_eq!(
        f.external("internal/units/units.go", "Round"),
        ["Pow", "Round", "float64"]
    );
    assert_eq!(f.external("main.go", "main"), ["Println"]);
}

// ---------------------------------------------------------------------------------------
// Java: packages under src/main/java (imports, a static import, the same package without
// import), fields of library types, `this.m()`, `super.m()`, `super(…)`.

const JAVA: &str = "src/main/java/com/acme/library/";

/// Java labels: paths under `src/main/java/com/acme/library/` are written without it.
fn java(items: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = items
        .iter()
        .map(|s| {
            if s.starts_with("src/") {
                s.to_string()
            } else {
                format!("{JAVA}{s}")
            }
        })
        .collect();
    out.sort();
    out
}

fn jpath(file: &str) -> String {
    format!("{JAVA}{file}")
}

#[test]
fn java_imports_static_imports_and_packages() {
    let f = fixture("java");
    assert_eq!(
        f.callees(&jpath("App.java"), "App.main"),
        java(&[
            "Catalog.java:Catalog local",
            "Catalog.java:Catalog.add qualified",
            "Catalog.java:Catalog.addNew qualified",
            "Catalog.java:Catalog.describe qualified",
            "model/Book.java:Book import",
            "util/Text.java:Text.capitalize import",
        ])
    );
    // `import static …Text.normalize` and `Text.normalize(…)`.
    assert_eq!(
        f.callers(&jpath("util/Text.java"), "Text.normalize"),
        java(&[
            "Catalog.java:Catalog.find import",
            "model/Book.java:Book.matches import"
        ])
    );
    // `for (Book book : books) book.matches(…)`.
    assert_eq!(
        f.callees(&jpath("Catalog.java"), "Catalog.find"),
        java(&[
            "model/Book.java:Book.matches qualified",
            "util/Text.java:Text.normalize import",
        ])
    );
    assert_eq!(
        f.callees(
            "src/test/java/com/acme/library/CatalogTest.java",
            "CatalogTest.sample"
        ),
        java(&[
            "Catalog.java:Catalog local",
            "Catalog.java:Catalog.addNew qualified"
        ])
    );
    assert_eq!(
        f.callees(
            "src/test/java/com/acme/library/CatalogTest.java",
            "CatalogTest.findsByNormalizedTitle"
        ),
        java(&[
            "Catalog.java:Catalog.find qualified",
            "model/Book.java:Book.title name",
            "src/test/java/com/acme/library/CatalogTest.java:CatalogTest.sample local",
        ])
    );
}

#[test]
fn java_fields_this_super_and_recursion() {
    let f = fixture("java");
    // `books.add(…)` is List.add, not Catalog.add itself.
    assert!(f.callees(&jpath("Catalog.java"), "Catalog.add").is_empty());
    assert_eq!(f.external(&jpath("Catalog.java"), "Catalog.add"), ["add"]);
    assert!(f.callees(&jpath("Catalog.java"), "Catalog.size").is_empty());
    assert_eq!(
        f.callers(&jpath("Catalog.java"), "Catalog.add"),
        java(&[
            "App.java:App.main qualified",
            "Catalog.java:Catalog.addNew local",
        ])
    );
    assert_eq!(
        f.callees(&jpath("Catalog.java"), "Catalog.describe"),
        java(&[
            "Catalog.java:Catalog.size qualified",
            "Catalog.java:Catalog.summarize local",
        ])
    );
    assert_eq!(
        f.callers(&jpath("Catalog.java"), "Catalog.summarize"),
        java(&[
            "Catalog.java:Catalog.describe local",
            "Catalog.java:Catalog.summarize local",
        ])
    );
    assert_eq!(
        f.callees(&jpath("model/RareBook.java"), "RareBook.label"),
        java(&["model/Book.java:Book.label qualified"])
    );
    assert_eq!(
        f.callees(&jpath("model/RareBook.java"), "RareBook.RareBook"),
        java(&["model/Book.java:Book qualified"])
    );
    assert_eq!(
        f.callers(&jpath("model/Book.java"), "Book.label"),
        java(&[
            "model/Book.java:Book.describe local",
            "model/RareBook.java:RareBook.label qualified",
        ])
    );
}

#[test]
fn java_ambiguous_and_external() {
    let f = fixture("java");
    // `books.get(i)` could hold a Book or a RareBook.
    assert_eq!(
        f.ambiguous_from(&jpath("Catalog.java"), "Catalog.summarize"),
        [format!(
            "label -> {JAVA}model/Book.java:Book.label, {JAVA}model/RareBook.java:RareBook.label"
        )]
    );
    assert_eq!(
        f.ambiguous_to(&jpath("model/Book.java"), "Book.label"),
        java(&["Catalog.java:Catalog.summarize"])
    );
    assert_eq!(
        f.ambiguous_from(
            "src/test/java/com/acme/library/CatalogTest.java",
            "CatalogTest.describeCountsBooks"
        ),
        [format!(
            "describe -> {JAVA}Catalog.java:Catalog.describe, {JAVA}model/Book.java:Book.describe"
        )]
    );
    assert_eq!(
        f.external(&jpath("Catalog.java"), "Catalog.summarize"),
        ["get", "size"]
    );
    assert_eq!(
        f.external(&jpath("Catalog.java"), "Catalog.find"),
        ["empty", "of"]
    );
    assert_eq!(f.external(&jpath("App.java"), "App.main"), ["println"]);
    assert_eq!(
        f.external(
            "src/test/java/com/acme/library/CatalogTest.java",
            "CatalogTest.findsByNormalizedTitle"
        ),
        ["assertEquals", "get"]
    );
}

// ---------------------------------------------------------------------------------------
// The targeted graph (`graph::build_for`, what `gather graph` and packs use) must agree
// with the full graph on every definition's callers, callees, ambiguous and external
// calls, aliased imports and re-exports included.

/// Everything the graph says about `id`, as labels.
fn neighbourhood(f: &Fixture, graph: &CallGraph, id: SymbolId) -> Vec<String> {
    let mut out = Vec::new();
    for e in graph.callers(id) {
        out.push(format!("caller {} {}", f.label(e.caller), e.confidence));
    }
    for e in graph.callees(id) {
        out.push(format!("callee {} {}", f.label(e.callee), e.confidence));
    }
    for a in graph.ambiguous_from(id) {
        out.push(format!("ambiguous-from {} {}", a.name, a.line));
    }
    for a in graph.ambiguous_to(id) {
        out.push(format!("ambiguous-to {} {}", f.label(a.caller), a.line));
    }
    for name in graph.external_from(id) {
        out.push(format!("external {name}"));
    }
    out.sort();
    out
}

#[test]
fn targeted_graph_matches_full_graph() {
    for lang in ["python", "typescript", "javascript", "rust", "go", "java"] {
        let f = fixture(lang);
        for (file_idx, file) in f.index.files().iter().enumerate() {
            for idx in 0..file.symbols.len() {
                let id = SymbolId {
                    file: file_idx as u32,
                    idx: idx as u32,
                };
                let targeted =
                    graph::build_for(&f.index, &gather::index::texts::Texts::of(&f.index), &[id]);
                assert_eq!(
                    neighbourhood(&f, &targeted, id),
                    neighbourhood(&f, &f.graph, id),
                    "{lang}: {}",
                    f.label(id)
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Kotlin: packages as in Java (imports, an aliased import, top-level functions of the same
// package without import), a typed parameter and an implicit `this`.

const KOTLIN: &str = "src/main/kotlin/com/acme/shop/";

fn kotlin(items: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = items.iter().map(|s| format!("{KOTLIN}{s}")).collect();
    out.sort();
    out
}

#[test]
fn kotlin_imports_and_packages() {
    let f = fixture("kotlin");
    let app = format!("{KOTLIN}App.kt");
    let cart = format!("{KOTLIN}Cart.kt");
    // `Cart()` and `checkout` from the same package without an import, `Item` and `slugify`
    // imported, `P.round` through an aliased import, `cart.add` on a variable typed by
    // its constructor call.
    assert_eq!(
        f.callees(&app, "main"),
        kotlin(&[
            "Cart.kt:Cart local",
            "Cart.kt:Cart.add qualified",
            "Cart.kt:checkout local",
            "model/Item.kt:Item import",
            "util/Text.kt:Prices.round import",
            "util/Text.kt:slugify import",
        ])
    );
    // `log(item)` is the class's own method; `items.add(item)` calls `MutableList.add`, a
    // property initialised by `mutableListOf<Item>()`, never the workspace's one `add`.
    assert_eq!(
        f.callees(&cart, "Cart.add"),
        kotlin(&["Cart.kt:Cart.log local"])
    );
    // `cart: Cart` types the parameter.
    assert_eq!(
        f.callees(&cart, "checkout"),
        kotlin(&["Cart.kt:Cart.total qualified"])
    );
    assert_eq!(
        f.callers(&format!("{KOTLIN}util/Text.kt"), "Prices.round"),
        kotlin(&["App.kt:main import"])
    );
}

// ---------------------------------------------------------------------------------------
// Scala: packages as in Java (imports, a selector with a rename, the same package without
// import), `new C()`, a typed parameter and an implicit `this`.

const SCALA: &str = "src/main/scala/com/acme/shop/";

fn scala(items: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = items.iter().map(|s| format!("{SCALA}{s}")).collect();
    out.sort();
    out
}

#[test]
fn scala_imports_and_packages() {
    let f = fixture("scala");
    let app = format!("{SCALA}App.scala");
    let cart = format!("{SCALA}Cart.scala");
    // `new Cart()` and `Checkout.run` from the same package without an import, `Item`
    // imported, `Text.slugify` and `P.round` through a selector import with a rename,
    // `cart.add` on a variable typed by its constructor call.
    assert_eq!(
        f.callees(&app, "App.main"),
        scala(&[
            "Cart.scala:Cart local",
            "Cart.scala:Cart.add qualified",
            "Cart.scala:Checkout.run qualified",
            "model/Item.scala:Item import",
            "util/Text.scala:Prices.round import",
            "util/Text.scala:Text.slugify import",
        ])
    );
    assert_eq!(
        f.callees(&cart, "Cart.add"),
        scala(&["Cart.scala:Cart.log local"])
    );
    // `cart.total` without parentheses cannot be told from a field, so it is no call site.
    assert!(f.callees(&cart, "Checkout.run").is_empty());
    assert_eq!(
        f.callers(&format!("{SCALA}util/Text.scala"), "Prices.round"),
        scala(&["App.scala:App.main import"])
    );
}

// ---------------------------------------------------------------------------------------
// Receivers: what a definition says about a receiver's type (builtin values, a callee's
// declared return type, a multi-line `with`, a class's attributes), builtin method names
// on unknown receivers, overload stubs, decorators, anonymous default exports, workspace
// packages imported by name, and Rust impls of a trait for a type.

#[test]
fn python_receivers_through_aliases_mappings_and_parameters() {
    let f = fixture("receivers-python");
    // A variable assigned an attribute path is typed like the path: `ledger = shop._ledger`
    // (an annotated attribute), `book = shop.journal` (a property's return type).
    assert_eq!(
        f.callees("store/shop.py", "tally"),
        strings(&[
            "store/books.py:Journal.append qualified",
            "store/books.py:Ledger.entries qualified",
        ])
    );
    // A loop over a mapping's values: `for ledger in self._ledgers.values():` with
    // `self._ledgers: dict[str, Ledger]`.
    assert_eq!(
        f.callees("store/shop.py", "Registry.close_all"),
        strings(&["store/books.py:Ledger.entries qualified"])
    );
    // An item of a typed collection: `self._ledgers[key]` (a mapping's value), `rows[0]`
    // (a list's element).
    for caller in ["Registry.first", "head"] {
        assert_eq!(
            f.callees("store/shop.py", caller),
            strings(&["store/books.py:Ledger.entries qualified"]),
            "{caller}"
        );
    }
    // A closure reads the variables of the function around it (`ledger = Ledger(name)`),
    // unless its own parameter of that name shadows them.
    assert_eq!(
        f.callees("store/shop.py", "bookkeeper.count"),
        strings(&["store/books.py:Ledger.entries qualified"])
    );
    assert!(f.callees("store/shop.py", "bookkeeper.shadowed").is_empty());
    // A parameter named like a function elsewhere is the value passed in, not a guess at it.
    assert!(f.callees("store/shop.py", "load_all").is_empty());
    assert_eq!(f.external("store/shop.py", "load_all"), ["fresh_basket"]);
    assert!(f.callers("store/api.py", "fresh_basket").is_empty());
}

#[test]
fn python_receiver_types() {
    let f = fixture("receivers-python");
    // `params = []` and `seen: set[str]` are builtins; `rows.append` could be the builtin's
    // as well as `Journal.append`; `basket = make_basket()` and `-> Basket` give its type;
    // the `@overload` stubs give way to the implementation.
    assert_eq!(
        f.callees("store/shop.py", "collect"),
        strings(&[
            "store/books.py:Basket.total qualified",
            "store/books.py:make_basket import",
            "store/books.py:parse import",
        ])
    );
    assert_eq!(
        f.ambiguous_from("store/shop.py", "collect"),
        ["append -> store/books.py:Journal.append"]
    );
    assert_eq!(
        f.external("store/shop.py", "collect"),
        ["add", "extend", "set"]
    );
    // `with Ledger(\n…\n) as ledger:` over three lines.
    assert_eq!(
        f.callees("store/shop.py", "report"),
        strings(&[
            "store/books.py:Ledger import",
            "store/books.py:Ledger.entries qualified",
        ])
    );
    // Attributes: assigned a call's result, annotated, and a property's return type.
    assert_eq!(
        f.callees("store/shop.py", "Shop.checkout"),
        strings(&[
            "store/books.py:Basket.total qualified",
            "store/books.py:Journal.append qualified",
            "store/books.py:Ledger.entries qualified",
        ])
    );
    // Only the implementation of the overloaded `parse` has callers.
    let parses = f.ids("store/books.py", "parse");
    assert_eq!(parses.len(), 3);
    assert!(f.graph.callers(parses[0]).is_empty());
    assert!(f.graph.callers(parses[1]).is_empty());
    assert_eq!(
        f.edges(f.graph.callers(parses[2]), |e| e.caller),
        strings(&["store/shop.py:collect import"])
    );
    // A decorator runs where the decorated definition is made: in `build`, not `inner`.
    assert_eq!(
        f.callers("store/books.py", "register"),
        strings(&["store/shop.py:build import"])
    );
    assert!(f.callees("store/shop.py", "build.inner").is_empty());
    // `self.ledger = ledger` with `ledger: Ledger`; `other: Ledger | Journal` could be either.
    assert_eq!(
        f.callees("store/shop.py", "Clerk.close"),
        strings(&["store/books.py:Ledger.entries qualified"])
    );
    assert_eq!(
        f.ambiguous_from("store/shop.py", "Clerk.close"),
        ["entries -> store/books.py:Archive.entries, store/books.py:Basket.entries, store/books.py:Ledger.entries"]
    );
    // A module-level variable of another module: `current_ledger: Ledger = …`.
    assert_eq!(
        f.callees("store/shop.py", "today"),
        strings(&["store/books.py:Ledger.entries qualified"])
    );
    // A chain of attributes: `shop: Shop`, then `Shop.journal -> "Journal"`.
    assert_eq!(
        f.callees("store/shop.py", "audit"),
        strings(&["store/books.py:Journal.append qualified"])
    );
    // `Shelf` inherits `total` from `Basket`, for its own `self` too.
    assert_eq!(
        f.callees("store/books.py", "Shelf.price"),
        strings(&["store/books.py:Basket.total qualified"])
    );
    assert_eq!(
        f.callees("store/shop.py", "stock"),
        strings(&[
            "store/books.py:Basket.total qualified",
            "store/books.py:Shelf import",
        ])
    );
    // `store.make_basket` through the package's `__init__` import.
    assert_eq!(
        f.callees("store/api.py", "fresh_basket"),
        strings(&["store/books.py:make_basket import"])
    );
}

#[test]
fn typescript_receiver_types() {
    let f = fixture("receivers-typescript");
    // `xs: number[]` is an array; `makeGrid(): Grid` types `grid`; only the body of the
    // overloaded `watch`; `new Tile()` is the constant, not the interface; the anonymous
    // default export of `isThing.ts` is not `isThingType`.
    assert_eq!(
        f.callees("src/paint.ts", "paint"),
        strings(&[
            "src/shapes.ts:Grid.cells qualified",
            "src/shapes.ts:makeGrid import",
            "src/shapes.ts:watch import",
        ])
    );
    assert!(f.ambiguous_from("src/paint.ts", "paint").is_empty());
    // `list.map` on an unknown receiver: `Grid.map` is the only workspace `map`, but
    // arrays have one too.
    assert_eq!(
        f.ambiguous_from("src/paint.ts", "guess"),
        ["map -> src/shapes.ts:Grid.map"]
    );
    assert!(f.callees("src/paint.ts", "guess").is_empty());
    // A constant declared in a function belongs to it.
    assert_eq!(
        f.callees("src/paint.ts", "App"),
        strings(&["src/shapes.ts:makeGrid import"])
    );
    // A call through a constant runs the function the constant holds, not the constant's
    // definition: an imported `useLayout = a ? f : g` and a local `release` are no edges.
    assert_eq!(
        f.callees("src/paint.ts", "layout"),
        strings(&["src/shapes.ts:makeGrid import"])
    );
    assert!(f.callers("src/shapes.ts", "useLayout").is_empty());
    // A factory's returned object: `this.tick()` is its own `tick`, a bare `tick()` the
    // module's function, never the method.
    assert_eq!(
        f.callees("src/factory.ts", "createCounter.twice"),
        strings(&[
            "src/factory.ts:createCounter.tick qualified",
            "src/factory.ts:tick local",
        ])
    );
    // `this.check` in an object literal's method is the literal's own `check`.
    assert_eq!(
        f.callees("src/shapes.ts", "methods.with"),
        strings(&["src/shapes.ts:methods.check qualified"])
    );
    // `function Row()` in each test's callback: each table calls the one above it.
    let rows = f.ids("test/rows.test.ts", "Row");
    assert_eq!(rows.len(), 2);
    assert_eq!(
        f.edges(f.graph.callers(rows[0]), |e| e.caller),
        strings(&["test/rows.test.ts:Table local"])
    );
    assert_eq!(
        f.edges(f.graph.callers(rows[1]), |e| e.caller),
        strings(&["test/rows.test.ts:OtherTable local"])
    );
    // The workspace's own package imported by name, through two barrels.
    assert_eq!(
        f.callers("src/shapes.ts", "makeGrid"),
        strings(&[
            "src/factory.ts:createCounter.tick import",
            "src/paint.ts:App import",
            "src/paint.ts:layout import",
            "src/paint.ts:paint import",
            "test/grid.test.ts:fixtureGrid import",
        ])
    );
}

#[test]
fn rust_impls_of_a_trait_for_a_type() {
    let f = fixture("rust-impls");
    assert_eq!(
        f.callees("src/lib.rs", "run"),
        strings(&[
            "src/lib.rs:Frame::from_bytes qualified",
            "src/lib.rs:Frame::size qualified",
            "src/lib.rs:String::from_bytes qualified",
            "src/lib.rs:String::size qualified",
        ])
    );
    assert!(f.ambiguous_from("src/lib.rs", "run").is_empty());
    assert_eq!(f.external("src/lib.rs", "run"), ["len", "new"]);
    // `Self::from_bytes` in `impl Frame` is the method of `impl Decode for Frame`.
    assert_eq!(
        f.callees("src/lib.rs", "Frame::parse"),
        strings(&["src/lib.rs:Frame::from_bytes qualified"])
    );
}

#[test]
fn java_overloads_by_arity() {
    let f = fixture("java-overloads");
    let pad = "src/main/java/com/acme/fmt/Pad.java";
    let report = "src/main/java/com/acme/fmt/Report.java";
    let pads = f.ids(pad, "Pad.pad");
    assert_eq!(pads.len(), 3);
    let callers = |i: usize| f.edges(f.graph.callers(pads[i]), |e| e.caller);
    let label = |file: &str, name: &str| format!("{file}:{name} qualified");
    // Each overload is called by what passes its number of arguments, a call over three
    // lines included; the overloads call each other through the bare name.
    assert_eq!(callers(0), vec![label(report, "Report.header")]);
    assert_eq!(
        callers(1),
        strings(&[
            &format!("{pad}:Pad.pad local"),
            &label(report, "Report.row")
        ])
    );
    assert_eq!(
        callers(2),
        strings(&[
            &format!("{pad}:Pad.pad local"),
            &label(report, "Report.footer")
        ])
    );
    // Varargs accept any count from the fixed parameters on.
    assert_eq!(
        f.callees(report, "Report.footer"),
        strings(&[
            &format!("{pad}:Pad.join qualified"),
            &format!("{pad}:Pad.pad qualified")
        ])
    );
}

// ---------------------------------------------------------------------------------------
// Dart, Lua and Elixir: imports that name a file or a module. Dart library URIs, relative
// or `package:` under the `pubspec.yaml`'s `lib/`; Lua `require` names as paths under some
// directory (`a/b.lua`, `a/b/init.lua`); Elixir `alias` of a `defmodule` by its name.

#[test]
fn dart_library_imports() {
    let f = fixture("dart");
    // `Cart` through `package:shop/…` (the pubspec's `lib/`), `Item` and `slugify` through a
    // relative URI, `fmt.money` through a prefixed import; `http.get` is a dependency's.
    // `final cart = Cart()` does not type `cart`: `cart.add` is the only `add` by name, and
    // `cart.total()` stays ambiguous with the library function `total`.
    assert_eq!(
        f.callees("bin/main.dart", "main"),
        [
            "lib/format.dart:money import",
            "lib/src/cart.dart:Cart import",
            "lib/src/cart.dart:Cart.add name",
            "lib/src/item.dart:Item import",
            "lib/src/item.dart:slugify import",
        ]
    );
    assert_eq!(
        f.ambiguous_from("bin/main.dart", "main"),
        ["total -> lib/format.dart:total, lib/src/cart.dart:Cart.total"]
    );
    assert_eq!(
        f.callers("lib/format.dart", "money"),
        ["bin/main.dart:main import", "lib/format.dart:total local"]
    );
}

#[test]
fn lua_require_names() {
    let f = fixture("lua");
    // `shop.cart` is `lib/shop/cart.lua`, not `vendor/other/cart.lua`, whose `M.new` would
    // otherwise be a second candidate, nor `plugins/shop/cart.lua`, which fits the name as
    // well but shares no directory with `lib/main.lua`; `shop.format` is a directory's
    // `init.lua`; `cjson` is no file of the workspace.
    assert_eq!(
        f.callees("lib/main.lua", "run"),
        [
            "lib/shop/cart.lua:M.add import",
            "lib/shop/cart.lua:M.new import",
            "lib/shop/format/init.lua:M.money import",
        ]
    );
    assert!(f.callers("vendor/other/cart.lua", "M.new").is_empty());
    assert!(f.callers("plugins/shop/cart.lua", "M.new").is_empty());
}

#[test]
fn elixir_module_aliases() {
    let f = fixture("elixir");
    // `alias Shop.Cart` binds `Cart` to that `defmodule`, not to `Shop.Other.new`'s
    // module; `alias Shop.Format, as: F` binds `F`; `Jason` is a dependency.
    assert_eq!(
        f.callees("lib/shop.ex", "Shop.run"),
        [
            "lib/shop/cart.ex:Shop.Cart.add import",
            "lib/shop/cart.ex:Shop.Cart.new import",
            "lib/shop/format.ex:Shop.Format.money import",
        ]
    );
    assert!(f.callers("lib/shop/format.ex", "Shop.Other.new").is_empty());
}

// ---------------------------------------------------------------------------------------
// Vue and Svelte components: their scripts import and are imported as ECMAScript modules.

#[test]
fn component_scripts_import_and_are_imported() {
    let f = fixture("vue");
    assert_eq!(
        f.callees("src/Cart.vue", "label"),
        [
            "src/Cart.vue:cartTotal local",
            "src/money.ts:formatMoney import"
        ]
    );
    assert_eq!(
        f.callees("src/main.ts", "run"),
        [
            "src/Cart.vue:cartTotal import",
            "src/Counter.svelte:tally import"
        ]
    );
    assert_eq!(
        f.callers("src/Cart.vue", "cartTotal"),
        [
            "src/Cart.vue:label local",
            "src/Counter.svelte:tally import",
            "src/main.ts:run import"
        ]
    );
}

#[test]
fn typescript_object_literals_passed_to_calls() {
    let f = fixture("object-args-typescript");
    // Methods and function-valued properties of an object handed to a call are definitions,
    // wherever the call is: `Object.assign(fn, {...})` at the top level and returned from a
    // function, `store.subscribe({ next() {} })`, a one-line `watch({ onChange: () => … })`.
    assert_eq!(
        f.callers("src/util.ts", "makeId"),
        strings(&[
            "src/sql.ts:createModule.countAll import",
            "src/sql.ts:sql.ref import",
            "src/sql.ts:sql.val import",
            "src/subscribe.ts:register.next import",
            "src/subscribe.ts:register.onChange import",
        ])
    );
    // A call beside a definition on one line belongs to the definition that holds it.
    assert_eq!(
        f.callers("src/util.ts", "watch"),
        strings(&["src/subscribe.ts:register import"])
    );
    assert_eq!(
        f.callees("src/subscribe.ts", "register"),
        strings(&["src/util.ts:watch import"])
    );
    // `freeze<Factory>({...})` with a type argument: the top-level call has no caller, the
    // inner one is called by the method.
    assert_eq!(
        f.callers("src/util.ts", "freeze"),
        strings(&["src/nodes.ts:SizeNode.create import"])
    );
}

#[test]
fn python_narrowed_unions_and_loop_variables() {
    let f = fixture("loops-python");
    // `io: IO | Output` with `if isinstance(io, IO): io = io.output` leaves an `Output`.
    assert_eq!(
        f.callees("term/cursor.py", "Cursor.hide"),
        strings(&["term/io.py:Output.write qualified"])
    );
    // Without the narrowing, either type may arrive: the call stays open.
    assert!(f.callees("term/cursor.py", "Loose.hide").is_empty());
    assert_eq!(
        f.ambiguous_from("term/cursor.py", "Loose.hide"),
        ["write -> term/io.py:IO.write, term/io.py:Output.write"]
    );
    // A loop variable takes the element type of the collection's annotation: an attribute
    // the class annotates (`self.order: list[Tag]`), a parameter (`items: list[Other]`).
    // The loop variable `tag` in the method `tag` is a variable, not the method.
    assert_eq!(
        f.callees("term/tags.py", "Serializer.tag"),
        strings(&["term/tags.py:Tag.check qualified"])
    );
    assert_eq!(
        f.callees("term/tags.py", "first"),
        strings(&["term/tags.py:Other.check qualified"])
    );
    // An unannotated collection gives no type.
    assert!(f.callees("term/tags.py", "loose").is_empty());
    assert_eq!(
        f.ambiguous_from("term/tags.py", "loose"),
        ["check -> term/tags.py:Other.check, term/tags.py:Tag.check"]
    );
}

#[test]
fn python_attribute_chains_through_imports_and_bases() {
    let f = fixture("chains-python");
    // `current_app` is a `FlaskProxy` (declared in another module), whose base `Flask`
    // inherits `json` from `App`, which annotates it `JSONProvider`; `App` lives in a
    // directory without `__init__.py` inside the package.
    assert_eq!(
        f.callees("web/helpers.py", "load"),
        strings(&["web/provider.py:JSONProvider.load qualified"])
    );
    assert!(f.ambiguous_from("web/helpers.py", "load").is_empty());
    // The base imported from that directory gives `self.setup()` its method.
    assert_eq!(
        f.callees("web/app.py", "Flask.run"),
        strings(&["web/sansio/app.py:App.setup qualified"])
    );
}

#[test]
fn typescript_loop_variables() {
    let f = fixture("loops-typescript");
    // `for (const book of this.books)` with `books: Book[]`, `for (const film of films)`
    // with `films: Array<Film>`: each `title()` is its element type's, not ambiguous.
    assert_eq!(
        f.callees("src/shelf.ts", "Shelf.titles"),
        strings(&["src/shelf.ts:Book.title qualified"])
    );
    assert_eq!(f.external("src/shelf.ts", "Shelf.titles"), ["push"]);
    assert_eq!(
        f.callees("src/shelf.ts", "firstTitle"),
        strings(&["src/shelf.ts:Film.title qualified"])
    );
    assert!(f.ambiguous_from("src/shelf.ts", "firstTitle").is_empty());
}
