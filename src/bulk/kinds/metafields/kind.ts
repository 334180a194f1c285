// Metafield values as a row kind of the import engine (CSV or JSON lines): the header and checks of
// row-check.ts, rows grouped by business object (domain and bizId), each group applied
// by apply.ts, create-first or read-first as the recent objects suggest.
import { applyGroup, type MetafieldStore, type WriteWatch } from './apply.js';
import { Grouper } from './group.js';
import { columnName, readHeader, type Columns } from './header.js';
import { jsonlRecords } from './jsonl.js';
import { fitDefinition } from './plan.js';
import { checkRow, rowText, type Row, type RowText } from './rows.js';
import type { Layout, RowKind } from '../../engine/row-kind.js';
import { ApproachChooser } from './strategy.js';
import type { UndefinedFields } from './undefined-fields.js';

/** Rows of one object per group: a longer run is applied in parts, one after the other. */
const MAX_GROUP_ROWS = 1000;

export type MetafieldLayout = Columns & Layout;

/** How the results file and the journal name one value: domain/bizId/namespace.code. */
export function valueKey(domain: string, bizId: string, namespace: string, code: string): string {
  return `${domain}/${bizId}/${namespace}.${code}`;
}

/**
 * `domain` stands in for a missing domain column; `fields` notes values that have no
 * definition; `watch` hears of each write before it is sent (the run's journal).
 */
export function metafieldKind(
  store: MetafieldStore,
  domain: string | undefined,
  fields?: UndefinedFields,
  watch?: WriteWatch,
): RowKind<RowText, Row, MetafieldLayout> {
  const chooser = new ApproachChooser();
  return {
    headerExample: 'domain,bizId,namespace,code,value',
    unit: 'object',
    // A value's type comes from its definition, or is checked against it: none was read.
    offlineUnchecked: 'types not checked (no definitions read)',
    // What `metafield export --jsonl` writes.
    jsonlRecords: (stream) => jsonlRecords(stream, domain),
    readHeader(cells, source) {
      const columns = readHeader(cells, source, domain);
      return { ...columns, columnName: (index: number) => columnName(columns, index) };
    },
    rowText: (cells, line, layout) => rowText(cells, line, layout, domain),
    resultKey: (text) => valueKey(text.domain, text.bizId, text.namespace, text.code),
    shardKey: (text) => `${text.domain}\u0000${text.bizId}`,
    check: (text, fieldCount, layout) => checkRow(text, fieldCount, layout),
    grouper() {
      const grouper = new Grouper(MAX_GROUP_ROWS);
      return {
        push(row) {
          const pushed = grouper.push(row);
          if (pushed.duplicateOf !== undefined)
            return { duplicate: `the file already set ${row.namespace}.${row.code} of this object on line ${pushed.duplicateOf}` };
          return pushed.group ? { group: pushed.group } : {};
        },
        flush: () => grouper.flush(),
      };
    },
    async apply(group, dryRun, settle) {
      const { domain: objectDomain, bizId } = group.rows[0]!;
      await fields?.check(group.rows);
      // What the store would refuse by the field's definition is refused here, unsent.
      const rows: Row[] = [];
      for (const row of group.rows) {
        const fit = fitDefinition(row, await fields?.typeOf(objectDomain, row.namespace, row.code));
        if (fit.ok) rows.push(fit.row);
        else settle(row, { kind: 'rejected', reason: fit.reason });
      }
      if (rows.length === 0) return;
      const approach = dryRun ? 'read-first' : chooser.choose();
      const { held } = await applyGroup({ ...group, rows, domain: objectDomain, bizId }, store, approach, dryRun, settle, watch);
      chooser.observe(held);
    },
  };
}
