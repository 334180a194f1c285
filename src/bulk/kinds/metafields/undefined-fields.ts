// The store's definitions of the fields an import writes: their types (by which the store
// checks new values, and so the import checks them first), and which namespace.code pairs
// have none. A value without one is stored as SingleLineText whatever its `type` column
// says (the column only checks and converts the input), which nobody sees until a
// storefront shows "true" as text: the summary names each such pair once. Each domain's definitions are read once, the first time
// one of its rows is applied; a store that does not let them be read gets no warning.
import { parseFieldType, type FieldType } from '../../../api/metafields/types.js';
import { CancelledError } from '../../../core/errors.js';
import type { Row } from './rows.js';

export interface DefinitionKey {
  namespace: string;
  code: string;
  /** The type the store checks new values by, as it writes it. */
  fieldType?: string;
}

/** Every definition of a domain (MetafieldDefinitionsApi.list, or a fake in unit tests). */
export type ListDefinitions = (domain: string) => Promise<readonly DefinitionKey[]>;

interface Missing {
  domain: string;
  namespace: string;
  code: string;
  rows: number;
}

const keyOf = (namespace: string, code: string) => `${namespace}\u0000${code}`;

export class UndefinedFields {
  private readonly known = new Map<string, Promise<ReadonlyMap<string, FieldType | undefined> | undefined>>();
  private readonly missing = new Map<string, Missing>();

  constructor(private readonly list: ListDefinitions) {}

  /** Notes the rows whose namespace.code has no definition in their domain. */
  async check(rows: readonly Row[]): Promise<void> {
    for (const row of rows) {
      const defined = await this.definitions(row.domain);
      if (defined === undefined || defined.has(keyOf(row.namespace, row.code))) continue;
      const key = `${row.domain}\u0000${keyOf(row.namespace, row.code)}`;
      const entry = this.missing.get(key) ?? { domain: row.domain, namespace: row.namespace, code: row.code, rows: 0 };
      entry.rows += 1;
      this.missing.set(key, entry);
    }
  }

  /** One warning per namespace.code and domain, sorted so that every run says them alike (groups finish in any order). */
  lines(): string[] {
    const order = (m: Missing) => `${m.domain}\u0000${m.namespace}\u0000${m.code}`;
    return [...this.missing.values()]
      .sort((x, y) => (order(x) < order(y) ? -1 : order(x) > order(y) ? 1 : 0))
      .map(
        (m) =>
          `warning: no definition for ${m.namespace}.${m.code} on ${m.domain}: stored as text (${m.rows} row${m.rows === 1 ? '' : 's'}); create one with \`metafield definition create\`.`,
      );
  }

  /** The type of the definition of namespace.code in `domain`, as read by check(); undefined when none is known. */
  async typeOf(domain: string, namespace: string, code: string): Promise<FieldType | undefined> {
    return (await this.definitions(domain))?.get(keyOf(namespace, code));
  }

  private definitions(domain: string): Promise<ReadonlyMap<string, FieldType | undefined> | undefined> {
    let found = this.known.get(domain);
    if (found === undefined) {
      found = this.list(domain).then(
        (list) => new Map(list.map((d) => [keyOf(d.namespace, d.code), d.fieldType === undefined ? undefined : parseFieldType(d.fieldType)])),
        (error: unknown) => {
          // Not readable (403, a failing store): no claim either way; the rows go on. Ctrl-C still stops the run.
          if (error instanceof CancelledError) throw error;
          return undefined;
        },
      );
      this.known.set(domain, found);
    }
    return found;
  }
}
