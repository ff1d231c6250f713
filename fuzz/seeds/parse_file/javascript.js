// Shopping cart utilities for the fixture tests.
import { EventEmitter } from "events";

/** Maximum number of items in one cart. */
const MAX_ITEMS = 50;

/**
 * Adds two prices.
 * @param {number} a
 * @param {number} b
 */
function add(a, b) {
  return a + b;
}

/** Yields the ids of the items, one by one. */
function* ids(items) {
  for (const item of items) {
    yield item.id;
  }
}

async function loadCart(id) {
  const toJson = (response) => response.json();
  return toJson(await fetch(`/carts/${id}`));
}

/** A cart of items. */
class Cart extends EventEmitter {
  static count = 0;
  #items = [];

  constructor(owner) {
    super();
    this.owner = owner;
  }

  /** Number of items in the cart. */
  get size() {
    return this.#items.length;
  }

  set size(value) {
    throw new Error("read only");
  }

  static create(owner) {
    return new Cart(owner);
  }

  #check(item) {
    return item != null;
  }

  onChange = (event) => {
    this.emit("change", event);
  };

  async *stream() {
    yield* this.#items;
  }

  add(item) {
    if (this.#check(item)) {
      this.#items.forEach((other) => other.touch());
      this.#items.push(item);
    }
  }
}

// Formats a price for display.
const formatPrice = (value) => `$${value.toFixed(2)}`;

const double = function (x) {
  return x * 2;
};

let legacy = function named() {};

const Widget = class {
  render() {}
};

const helpers = {
  /** Sums the prices. */
  total(items) {
    return items.reduce((sum, item) => a