// Inventory service types and helpers.
import { Injectable } from "./di";

/** Largest batch the service accepts. */
export const MAX_BATCH = 100;

/** Something with an identifier. */
export interface Entity {
  id: string;
  /** Human readable label. */
  label(): string;
}

interface Repository<T extends Entity> extends Iterable<T> {
  find(id: string): T | undefined;
  save(item: T): Promise<void>;
}

/** Either a value or an error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Error };

type Handler = (event: string) => void;

/** Stock levels. */
export enum Level {
  Low,
  High = "high",
}

const enum Flag {
  On = 1,
}

/** Helpers for stock codes. */
export namespace Codes {
  /** Normalises a code. */
  export function normalize(code: string): string {
    return code.trim().toUpperCase();
  }

  export namespace Inner {
    export const isValid = (code: string) => code.length > 0;
  }
}

declare function externalLookup(id: string): Entity;

// Internal helpers, not exported.
namespace Internal.Util {
  export function clamp(n: number): number {
    return Math.max(0, n);
  }
}

declare module "legacy-inventory" {
  export function lookup(id: string): Entity;
}

/** Base of every store. */
export abstract class Store<T extends Entity> implements Repository<T> {
  protected items = new Map<string, T>();

  /** Finds one item. */
  abstract find(id: string): T | undefined;

  public async save(item: T): Promise<void> {
    this.items.set(it