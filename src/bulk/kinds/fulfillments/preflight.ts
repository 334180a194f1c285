// The pass over a tracking file before anything is sent: every row checked, and the rows of one
// parcel (an order and a tracking number) held to agree: they follow each other in the file
// (they are one fulfillment, made at once), name the same carrier, address and notification,
// and either all name their lines or none does (every line left). A file with any problem is
// refused as a whole (exit 2), naming every problem (preflight-problems.ts), as a gift card
// file is. It also gathers the orders the run's rows name, by id and by name, which the store's
// listing is then read for once.
import { UsageError } from '../../../core/errors.js';
import { CsvSyntaxError } from '../../engine/csv-rows.js';
import { PreflightProblems } from '../../engine/preflight-problems.js';
import type { RejectSink } from '../../engine/rejects.js';
import { importRecords, type ImportSource } from '../../engine/run-import.js';
import { inShardOfKey, type Shard } from '../../engine/shard.js';
import { fulfillmentJsonlRecords } from './jsonl.js';
import {
  checkFulfillmentRow,
  FULFILLMENT_COLUMNS,
  fulfillmentShardKey,
  fulfillmentText,
  readFulfillmentHeader,
  trackingKey,
  type FulfillmentRow,
  type FulfillmentText,
  type RowProblem,
} from './rows.js';

export interface PreflightResult {
  /** Rows of this shard. */
  rows: number;
  /** The orders this shard's rows name: ids, and name keys. */
  ids: Set<string>;
  names: Set<string>;
}

export interface PreflightOptions {
  shard?: Shard;
  /** Where every problem goes with its row (--rejects, opened). */
  rejects?: { sink: RejectSink<FulfillmentText>; path: string };
}

/** A parcel as its first row gave it. */
interface Parcel {
  line: number;
  carrier: string;
  trackingUrl: string;
  notify: boolean | undefined;
  /** Its rows name their lines (or none does: every line left). */
  namesLines: boolean;
  lineIds: Set<string>;
  /** Its rows still follow each other: no other order's row came since. */
  open: boolean;
}

export async function preflight(source: ImportSource, options: PreflightOptions): Promise<PreflightResult> {
  const problems = new PreflightProblems<FulfillmentText>(options.rejects);
  const note = (text: FulfillmentText, found: RowProblem) => problems.noteIn(text, found);
  /** Parcels by order key and tracking number. */
  const parcels = new Map<string, Parcel>();
  let openParcels: Parcel[] = [];
  let currentOrder: string | undefined;
  const result: PreflightResult = { rows: 0, ids: new Set(), names: new Set() };
  let layout: ReturnType<typeof readFulfillmentHeader> | undefined;
  try {
    for await (const record of importRecords(source, fulfillmentJsonlRecords)) {
      if (layout === undefined) {
        if (record.invalidUtf8 !== undefined)
          throw new UsageError(`${source.name}: field ${record.invalidUtf8 + 1} of the header is not valid UTF-8; save the file as UTF-8.`, false);
        layout = readFulfillmentHeader(record.cells, source.name);
        continue;
      }
      const text = fulfillmentText(record.cells, record.line, layout);
      if (record.invalidUtf8 !== undefined) {
        await note(text, { column: 'row', problem: `the ${layout.columnName(record.invalidUtf8)} cell is not valid UTF-8 (save the file as UTF-8)` });
        continue;
      }
      if (record.problem !== undefined) {
        await note(text, { column: 'row', problem: record.problem });
        continue;
      }
      const checked = checkFulfillmentRow(text, record.cells.length, layout.width);
      if (!checked.ok) {
        await note(text, checked);
        continue;
      }
      const { row } = checked;
      if (row.orderKey !== currentOrder) {
        for (const parcel of openParcels) parcel.open = false;
        openParcels = [];
        currentOrder = row.orderKey;
      }
      const key = `${row.orderKey}\u0000${trackingKey(row.trackingNumber)}`;
      const parcel = parcels.get(key);
      if (parcel === undefined) {
        const made = parcelOf(row);
        parcels.set(key, made);
        openParcels.push(made);
      } else {
        const problem = disagreement(parcel, row);
        if (problem !== undefined) {
          await note(text, problem);
          continue;
        }
      }
      if (!inShardOfKey(options.shard, fulfillmentShardKey(text))) continue;
      result.rows += 1;
      if (row.order.kind === 'id') result.ids.add(row.order.id);
      else result.names.add(row.order.key);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new UsageError(`${source.name}: line ${error.line} is not valid CSV (${error.message}); nothing was sent.`, false);
    throw error;
  }
  if (layout === undefined) throw new UsageError(`${source.name} is empty: it needs a header line such as ${FULFILLMENT_COLUMNS.join(',')}.`, false);
  const refusal = problems.refusal(source.name);
  if (refusal !== undefined) throw refusal;
  return result;
}

function parcelOf(row: FulfillmentRow): Parcel {
  return {
    line: row.line,
    carrier: row.text.carrier,
    trackingUrl: row.text.trackingUrl,
    notify: row.tracking.notifyCustomer,
    namesLines: row.lines.length > 0,
    lineIds: new Set(row.lines.map((line) => line.id.replace(/^0+(?=\d)/, ''))),
    open: true,
  };
}

/** What a row of a parcel seen before says against it, if anything; the lines it names are added to the parcel's. */
function disagreement(parcel: Parcel, row: FulfillmentRow): RowProblem | undefined {
  const first = `line ${parcel.line}`;
  if (!parcel.open)
    return {
      column: 'row',
      problem: `the order's tracking number ${row.trackingNumber} is ${first}'s too, but other rows come between: the rows of one parcel follow each other (they make one fulfillment)`,
    };
  if (row.text.carrier !== '' && parcel.carrier !== '' && row.text.carrier.toLowerCase() !== parcel.carrier.toLowerCase())
    return { column: 'carrier', problem: `${row.text.carrier} is not ${first}'s (${parcel.carrier}), for the same order and tracking number` };
  if (row.text.trackingUrl !== '' && parcel.trackingUrl !== '' && row.text.trackingUrl !== parcel.trackingUrl)
    return { column: 'trackingUrl', problem: `is not ${first}'s, for the same order and tracking number` };
  const notify = row.tracking.notifyCustomer;
  if (notify !== undefined && parcel.notify !== undefined && notify !== parcel.notify)
    return { column: 'notify', problem: `is not ${first}'s, for the same order and tracking number` };
  if (row.lines.length > 0 !== parcel.namesLines)
    return {
      column: 'lineItems',
      problem: `${row.lines.length > 0 ? 'names lines' : 'is empty (every line left to ship)'} where ${first}, of the same order and tracking number, ${parcel.namesLines ? 'names lines' : 'names none'}`,
    };
  for (const line of row.lines) {
    const id = line.id.replace(/^0+(?=\d)/, '');
    if (parcel.lineIds.has(id))
      return { column: 'lineItems', problem: `names the line item ${line.id} again, for the same order and tracking number as ${first}` };
    parcel.lineIds.add(id);
  }
  if (parcel.carrier === '') parcel.carrier = row.text.carrier;
  if (parcel.trackingUrl === '') parcel.trackingUrl = row.text.trackingUrl;
  parcel.notify ??= notify;
  return undefined;
}
