// An in-memory store with the wire contract's semantics (atomic batch create, 409 naming
// the existing values, 400 naming the bad ones, 413 above a batch size), for unit tests
// of the apply logic that count every request. It refuses as MetafieldsApi does: with a
// MetafieldWriteError naming the values by index.
import type { MetafieldStore } from '../../src/bulk/kinds/metafields/apply.js';
import type { Metafield, MetafieldInput } from '../../src/api/metafields/schema.js';
import { MetafieldWriteError, type Refusal, type ValueProblem } from '../../src/api/metafields/write-error.js';
import { ApiError } from '../../src/core/errors.js';
import type { Row } from '../../src/bulk/kinds/metafields/rows.js';

export interface FakeStoreOptions {
  /** Codes whose values must be whole numbers (fieldType Integer). */
  integerCodes?: string[];
  /** Largest batch accepted; larger ones get 413. */
  maxBatch?: number;
  /** 400 without saying which item. */
  unnamedErrors?: boolean;
}

export class FakeStore implements MetafieldStore {
  readonly objects = new Map<string, Map<string, Metafield>>();
  readonly log: string[] = [];

  constructor(private readonly options: FakeStoreOptions = {}) {}

  private values(domain: string, bizId: string): Map<string, Metafield> {
    const key = `${domain}/${bizId}`;
    let values = this.objects.get(key);
    if (!values) this.objects.set(key, (values = new Map()));
    return values;
  }

  put(domain: string, bizId: string, namespace: string, code: string, value: string, fieldType = 'SingleLineText'): void {
    this.values(domain, bizId).set(`${namespace}.${code}`, { namespace, code, value, fieldType });
  }

  read(domain: string, bizId: string): Record<string, string> {
    return Object.fromEntries([...this.values(domain, bizId).entries()].map(([k, v]) => [k, v.value]));
  }

  private typeOf(code: string): string {
    return this.options.integerCodes?.includes(code) ? 'Integer' : 'SingleLineText';
  }

  private problems(values: MetafieldInput[]): ValueProblem[] {
    const problems: ValueProblem[] = [];
    values.forEach((v, i) => {
      if (this.typeOf(v.code) === 'Integer' && !/^-?\d+$/.test(v.value)) problems.push({ index: i, field: 'value', message: 'expected an Integer like "42"' });
    });
    return problems;
  }

  async list(domain: string, bizId: string): Promise<Metafield[]> {
    this.log.push(`GET ${bizId}`);
    return [...this.values(domain, bizId).values()].map((v) => ({ ...v }));
  }

  async createBatch(domain: string, bizId: string, values: MetafieldInput[]): Promise<unknown> {
    this.log.push(`POST ${bizId} ${values.length}`);
    if (values.length > (this.options.maxBatch ?? 100)) throw refused('too large', 413, 'batch_too_large', UNNAMED);
    const problems = this.problems(values);
    if (problems.length > 0) throw refused('invalid', 400, 'invalid', this.options.unnamedErrors ? UNNAMED : { kind: 'values', problems });
    const existing = this.values(domain, bizId);
    const clashes = values.flatMap((v, i) => (existing.has(`${v.namespace}.${v.code}`) ? [{ index: i, message: 'exists' }] : []));
    if (clashes.length > 0) throw refused('conflict', 409, 'conflict', { kind: 'values', problems: clashes });
    for (const v of values) existing.set(`${v.namespace}.${v.code}`, { ...v, fieldType: this.typeOf(v.code) });
    return values;
  }

  async update(domain: string, bizId: string, value: MetafieldInput): Promise<unknown> {
    this.log.push(`PUT ${bizId} ${value.code}`);
    const problems = this.problems([value]);
    if (problems.length > 0) throw refused('invalid', 400, 'invalid', { kind: 'values', problems });
    const existing = this.values(domain, bizId);
    const before = existing.get(`${value.namespace}.${value.code}`);
    if (!before) throw refused('not found', 404, 'not_found', UNNAMED);
    existing.set(`${value.namespace}.${value.code}`, { ...value, fieldType: before.fieldType });
    return value;
  }
}

const UNNAMED: Refusal = { kind: 'unnamed' };

function refused(message: string, status: number, code: string, refusal: Refusal): MetafieldWriteError {
  return new MetafieldWriteError(new ApiError(message, { status, code }), refusal);
}

let nextLine = 100;

export function makeRow(bizId: string, code: string, value: string, namespace = 'ns'): Row {
  const line = nextLine++;
  const text = { line, domain: 'products', bizId, namespace, code, type: '', value };
  return { line, domain: 'products', bizId, namespace, code, type: undefined, value, text };
}
