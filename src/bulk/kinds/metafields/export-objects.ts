// Which business objects `metafield export` reads, since the API cannot list values across
// objects: those of a file (a previous export, an import file: any CSV or JSON lines with
// domain and bizId), those named on the command line, or every object the API can
// enumerate (--all: collections from the collections listing, products from each
// collection's collects). Duplicates collapse; the list is sorted as the rows are written
// and cut to the shard. Only the ids are held, never values.
import type { Api } from '../../../api/index.js';
import { METAFIELD_DOMAINS, isMetafieldDomain } from '../../../api/metafields/types.js';
import { checkBizId } from '../../../api/path-segment.js';
import { idText } from '../../../api/products/draft.js';
import { collectionIds } from '../../../api/products/wire.js';
import { FieldError, RuntimeError, UsageError, type NameOf } from '../../../core/errors.js';
import { pluralWord } from '../../../core/words.js';
import { csvRecords, CsvSyntaxError, type CsvRecord } from '../../engine/csv-rows.js';
import { compareObjects, type ExportObject } from './export-rows.js';
import { jsonlRecords } from './jsonl.js';
import type { ImportSource } from '../../engine/run-import.js';
import { inShard, type Shard } from '../../engine/shard.js';

/** The kinds of object --all finds. */
export const ALL_DOMAINS = ['collections', 'products'] as const;

export type ObjectSource =
  /** A file, or "-" for stdin; `domain` stands in for a missing domain column, or keeps only that domain's rows. */
  | { kind: 'file'; path: string; domain?: string }
  | { kind: 'ids'; domain: string; ids: readonly string[] }
  | { kind: 'all'; domain?: (typeof ALL_DOMAINS)[number] };

export interface ObjectList {
  /** Sorted, without duplicates, this shard's only. */
  objects: ExportObject[];
  /** Objects that belong to other shards. */
  otherShards: number;
}

/**
 * Collects objects (duplicates collapse), then sorts and shards them. Held as one set of ids
 * per domain, the domain's name shared: about the size of the ids themselves.
 */
class ObjectSet {
  private readonly byDomain = new Map<string, Set<string>>();

  add(domain: string, bizId: string): void {
    // The domain's own constant, not the file's copy of it in every row.
    const name = METAFIELD_DOMAINS.find((known) => known === domain) ?? domain;
    let ids = this.byDomain.get(name);
    if (ids === undefined) this.byDomain.set(name, (ids = new Set()));
    ids.add(bizId);
  }

  list(shard: Shard | undefined): ObjectList {
    const objects: ExportObject[] = [];
    let otherShards = 0;
    for (const [domain, ids] of this.byDomain) {
      for (const bizId of ids) {
        if (inShard(shard, domain, bizId)) objects.push({ domain, bizId });
        else otherShards += 1;
      }
      ids.clear();
    }
    this.byDomain.clear();
    return { objects: objects.sort(compareObjects), otherShards };
  }
}

/** The objects of positional ids, checked as the metafield verbs check a <bizId>. */
export function objectsOfIds(domain: string, ids: readonly string[], shard: Shard | undefined): ObjectList {
  const set = new ObjectSet();
  for (const id of ids) {
    const checked = checkBizId(id);
    if (!checked.ok) throw new UsageError(`<bizId> ${checked.problem}${ids.length > 1 ? ` (got '${clip(id)}')` : ''}.`);
    set.add(domain, checked.bizId);
  }
  return set.list(shard);
}

/** Reads the whole --objects file; a bad header or row fails the run (exit 2) before anything is sent. */
export async function objectsOfFile(source: ImportSource, domainFlag: string | undefined, shard: Shard | undefined): Promise<ObjectList> {
  const where = source.name === 'stdin' ? '- (stdin)' : source.name;
  const fail: Fail = (message) =>
    new FieldError('objects', (name) => `${name()} ${where}: ${typeof message === 'string' ? message : message(name)}; nothing was sent.`, false);
  const set = new ObjectSet();
  const records: AsyncGenerator<CsvRecord> = source.format === 'jsonl' ? jsonlRecords(source.stream, undefined) : csvRecords(source.stream);
  let columns: { domain: number | undefined; bizId: number } | undefined;
  try {
    for await (const record of records) {
      if (columns === undefined) {
        columns = objectColumns(record.cells, domainFlag, fail);
        continue;
      }
      if (record.problem !== undefined) throw fail(`line ${record.line}: ${record.problem}`);
      const domain = columns.domain === undefined ? domainFlag! : (record.cells[columns.domain] ?? '').trim();
      // With a domain column, --domain keeps that domain's objects only.
      if (columns.domain !== undefined && domainFlag !== undefined && domain !== domainFlag) continue;
      if (record.invalidUtf8 !== undefined && (record.invalidUtf8 === columns.domain || record.invalidUtf8 === columns.bizId)) {
        throw fail(`line ${record.line} is not valid UTF-8 (save the file as UTF-8)`);
      }
      if (!isMetafieldDomain(domain))
        throw fail(
          `line ${record.line}: ${domain === '' ? 'the domain is empty' : `unknown domain "${clip(domain)}"`}; the domains are ${METAFIELD_DOMAINS.join(', ')}`,
        );
      const bizId = checkBizId(record.cells[columns.bizId] ?? '');
      if (!bizId.ok) throw fail(`line ${record.line}: the bizId ${bizId.problem}`);
      set.add(domain, bizId.bizId);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw fail(`line ${error.line} is not valid CSV (${error.message})`);
    throw error;
  }
  if (columns === undefined) throw fail('the file is empty; it needs a header line with domain and bizId columns');
  return set.list(shard);
}

/** The error naming the --objects file: a sentence, or one that names other inputs too. */
type Fail = (message: string | ((name: NameOf) => string)) => UsageError;

function objectColumns(cells: readonly string[], domainFlag: string | undefined, fail: Fail): { domain: number | undefined; bizId: number } {
  const find = (name: string) => {
    const index = cells.findIndex((cell) => cell.trim().toLowerCase() === name.toLowerCase());
    return index < 0 ? undefined : index;
  };
  const domain = find('domain');
  const bizId = find('bizId');
  const missing = [domain === undefined && domainFlag === undefined ? 'domain' : undefined, bizId === undefined ? 'bizId' : undefined].filter(
    (c) => c !== undefined,
  );
  if (missing.length > 0) {
    throw fail((name) => {
      const hint = missing.includes('domain') ? ` (or pass ${name('domain')} for a file whose objects all share one)` : '';
      return `the header lacks the ${pluralWord(missing.length, 'column')} ${missing.join(' and ')}${hint}; it needs domain and bizId columns (others are ignored)`;
    });
  }
  return { domain, bizId: bizId! };
}

/**
 * Every collection, and every product some collection collects: a product in no collection
 * cannot be found this way. One listing (paged if the store pages it) for both.
 */
export async function objectsOfAll(api: Api, domain: (typeof ALL_DOMAINS)[number] | undefined, shard: Shard | undefined): Promise<ObjectList> {
  const set = new ObjectSet();
  for (const collection of await api.collections.list()) {
    if (domain !== 'products') set.add('collections', idText(collection.collectionId));
    if (domain !== 'collections') for (const productId of collectedIds(collection.collects)) set.add('products', productId);
  }
  return set.list(shard);
}

/** A collection's collects: JSON-array text of product ids (or an array), read digit-exact. */
function collectedIds(collects: unknown): string[] {
  try {
    return collectionIds(collects);
  } catch {
    throw new RuntimeError(`The store sent a collection whose collects are not JSON-array text of product ids ('${clip(String(collects))}').`);
  }
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
