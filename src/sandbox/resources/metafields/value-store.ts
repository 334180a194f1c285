// The metafield values in memory, shared by the values' routes and the definitions' (which ask
// anyHolds before a type change). Nothing is checked here: its callers store values already
// checked, each in its canonical text.
import type { Domain, FieldType } from './rules.js';

export interface StoredValue {
  namespace: string;
  code: string;
  /** Canonical wire text. */
  value: string;
  /** The type the value was checked against when it was written. */
  fieldType: FieldType;
}

/** One business object's values: namespace -> code -> value. */
type ObjectValues = Map<string, Map<string, StoredValue>>;

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Metafield values of every business object, in nested maps (domain -> bizId -> namespace
 * -> code), so a request costs map look-ups in its own object's values only: a store of 100k
 * values answers as fast as one of ten, and no look-up builds a key string.
 */
export class MetafieldValueStore {
  private domains = new Map<Domain, Map<string, ObjectValues>>();

  get(domain: Domain, bizId: string, namespace: string, code: string): StoredValue | undefined {
    return this.domains.get(domain)?.get(bizId)?.get(namespace)?.get(code);
  }

  set(domain: Domain, bizId: string, value: StoredValue): void {
    let objects = this.domains.get(domain);
    if (objects === undefined) this.domains.set(domain, (objects = new Map()));
    let namespaces = objects.get(bizId);
    if (namespaces === undefined) objects.set(bizId, (namespaces = new Map()));
    let codes = namespaces.get(value.namespace);
    if (codes === undefined) namespaces.set(value.namespace, (codes = new Map()));
    codes.set(value.code, value);
  }

  /** Removes the value and any maps it leaves empty, so deleted objects cost no memory. */
  delete(domain: Domain, bizId: string, namespace: string, code: string): StoredValue | undefined {
    const objects = this.domains.get(domain);
    const namespaces = objects?.get(bizId);
    const codes = namespaces?.get(namespace);
    const value = codes?.get(code);
    if (value === undefined) return undefined;
    codes?.delete(code);
    if (codes?.size === 0) namespaces?.delete(namespace);
    if (namespaces?.size === 0) objects?.delete(bizId);
    return value;
  }

  /** The object's values, in one namespace or all, sorted by namespace then code. */
  list(domain: Domain, bizId: string, namespace?: string): StoredValue[] {
    const namespaces = this.domains.get(domain)?.get(bizId);
    if (namespaces === undefined) return [];
    const names = namespace === undefined ? [...namespaces.keys()].sort(byName) : namespaces.has(namespace) ? [namespace] : [];
    return names.flatMap((name) => {
      const codes = namespaces.get(name) as Map<string, StoredValue>;
      return [...codes.keys()].sort(byName).map((code) => codes.get(code) as StoredValue);
    });
  }

  count(domain: Domain, bizId: string, namespace?: string): number {
    const namespaces = this.domains.get(domain)?.get(bizId);
    if (namespaces === undefined) return 0;
    if (namespace !== undefined) return namespaces.get(namespace)?.size ?? 0;
    let total = 0;
    for (const codes of namespaces.values()) total += codes.size;
    return total;
  }

  /** Whether any object of the domain holds a value of (namespace, code): one look-up per object. */
  anyHolds(domain: Domain, namespace: string, code: string): boolean {
    const objects = this.domains.get(domain);
    if (objects === undefined) return false;
    for (const namespaces of objects.values()) if (namespaces.get(namespace)?.has(code) === true) return true;
    return false;
  }

  /** Every object that holds values, for the data file. */
  *objects(): Generator<{ domain: Domain; bizId: string; values: StoredValue[] }> {
    for (const [domain, objects] of this.domains) {
      for (const [bizId, namespaces] of objects) {
        const values: StoredValue[] = [];
        for (const codes of namespaces.values()) values.push(...codes.values());
        yield { domain, bizId, values };
      }
    }
  }

  clear(): void {
    this.domains = new Map();
  }
}
