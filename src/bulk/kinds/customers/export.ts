// `customer export`: the store's customers as the rows `customer import` reads, one a customer
// (rows.ts has the columns), or as JSON lines (one object a customer, keys as the CSV
// columns). Sorted by email ignoring case (customers without one last), then by the other
// cells, then id, so that two stores holding the same customers export the same bytes with
// --no-ids, whatever order they made them in: the rows are held until the last page is read.
// `sort: 'none'` writes each page as it comes, in the store's order (ascending ids, memory
// flat), and a regular --output file so is resumable (engine/resumable-output.ts). A field the
// store withheld from the token is written `(withheld)`, never as empty. Every file is
// private (0600): it holds customers' personal data.
import { heldCustomer, type HeldCustomer } from '../../../api/customers/writable.js';
import { FieldError } from '../../../core/errors.js';
import { countedPages } from '../../engine/export-progress.js';
import { compareIds, compareText, csvLine, type ExportFormat } from '../../engine/export-text.js';
import { planResumable } from '../../engine/resumable-output.js';
import type { ExportRun, OpenOutput } from '../../engine/run-export.js';
import { addressesCell, CUSTOMER_COLUMNS, CUSTOMER_ID_COLUMNS, tagsCell, WITHHELD_CELL, type CustomerColumn } from './rows.js';

export const CUSTOMER_SORTS = ['email', 'none'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export interface CustomerExportRequest {
  /** The store's ids (customerId) as a column; false with --no-ids. */
  ids: boolean;
  format: ExportFormat;
  sort: CustomerSort;
  /** Only customers with an id greater than this (the listing's sinceId). */
  sinceId?: string;
  /** Go on from FILE.partial where a killed or interrupted run stopped (sort 'none' only). */
  resume: boolean;
}

export interface CustomerExportCounts {
  customers: number;
  /** Customers whose protected fields the store withheld from the token (written `(withheld)`). */
  withheld: number;
  /** The last customer a resumed run found in the partial file; null for a run from the start. */
  resumedAfter: string | null;
}

/** Where an export in the store's order is: its last customer (the run goes on after it), and how many it wrote. */
interface CustomerPosition {
  lastCustomerId: string | null;
  customers: number;
  withheld: number;
}

/** Writes every customer of the store (after `sinceId`); returns the counts. */
export async function exportCustomers(request: CustomerExportRequest, run: ExportRun, openOutput: OpenOutput): Promise<CustomerExportCounts> {
  const header = CUSTOMER_COLUMNS.filter((name) => request.ids || !CUSTOMER_ID_COLUMNS.includes(name));
  const line = (cells: Record<CustomerColumn, string>) => {
    const row = header.map((name) => cells[name]);
    return request.format === 'csv' ? csvLine(row) : `${JSON.stringify(Object.fromEntries(header.map((name, index) => [name, row[index]])))}\n`;
  };
  const headerLine = request.format === 'csv' ? csvLine(header) : '';
  if (request.sort === 'none') return inStoreOrder(request, run, openOutput, headerLine, line);
  if (request.resume)
    throw new FieldError(
      'resume',
      (flag) =>
        `${flag()} goes on with an export written in the store's order: add --sort none (an export sorted by email holds its rows until the last page, so an interrupted one left nothing to go on from).`,
    );

  const api = await run.api();
  const held: Array<{ id: string; cells: Record<CustomerColumn, string> }> = [];
  let withheld = 0;
  for await (const page of countedPages(api.customers.everyCustomer(request.sinceId), run.progress)) {
    for (const customer of page) {
      const entry = heldCustomer(customer);
      if (entry.withheld.length > 0) withheld += 1;
      held.push({ id: entry.id, cells: cellsOf(entry) });
    }
  }
  held.sort((a, b) => compareRows(a.cells, b.cells) || compareIds(a.id, b.id));
  const out = await openOutput({ private: true });
  let text = headerLine;
  for (const row of held) {
    text += line(row.cells);
    // Written in pieces, so a large store's file never sits whole in one string.
    if (text.length >= 64 * 1024) {
      await out.write(text);
      text = '';
    }
  }
  if (text !== '') await out.write(text);
  return { customers: held.length, withheld, resumedAfter: null };
}

/** Page after page as the store lists them (ascending ids): a regular --output file through FILE.partial, resumable. */
async function inStoreOrder(
  request: CustomerExportRequest,
  run: ExportRun,
  openOutput: OpenOutput,
  headerLine: string,
  line: (cells: Record<CustomerColumn, string>) => string,
): Promise<CustomerExportCounts> {
  const planned = await planResumable<CustomerPosition>(run, openOutput, {
    resume: request.resume,
    format: request.format,
    filters: { sinceId: request.sinceId, ids: request.ids ? undefined : 'no' },
    sameFlags: '--since-id and --no-ids',
    initial: { lastCustomerId: null, customers: 0, withheld: 0 },
    header: headerLine,
  });
  const api = await run.api();
  const output = await planned.open();
  const state = { ...planned.position };
  try {
    for await (const page of countedPages(api.customers.everyCustomer(state.lastCustomerId ?? request.sinceId), run.progress)) {
      let text = '';
      for (const customer of page) {
        const entry = heldCustomer(customer);
        if (entry.withheld.length > 0) state.withheld += 1;
        text += line(cellsOf(entry));
        state.customers += 1;
        state.lastCustomerId = entry.id;
      }
      if (text !== '') await output.write(text, state);
    }
    await output.finish();
  } catch (error) {
    throw await output.stopped(error, `${state.customers} ${state.customers === 1 ? 'customer' : 'customers'}`);
  }
  return { customers: state.customers, withheld: state.withheld, resumedAfter: request.resume ? planned.position.lastCustomerId : null };
}

/** A customer's row: its fields as the store holds them, a withheld one `(withheld)`. */
function cellsOf(customer: HeldCustomer): Record<CustomerColumn, string> {
  const { fields } = customer;
  const shown = (name: CustomerColumn, cell: string) => ((customer.withheld as readonly string[]).includes(name) ? WITHHELD_CELL : cell);
  return {
    email: shown('email', fields.email ?? ''),
    customerId: customer.id,
    firstName: shown('firstName', fields.firstName ?? ''),
    lastName: shown('lastName', fields.lastName ?? ''),
    phone: shown('phone', fields.phone ?? ''),
    tags: tagsCell(fields.tags),
    taxExempt: fields.taxExempt === undefined ? '' : String(fields.taxExempt),
    notes: fields.notes ?? '',
    addresses: shown('addresses', addressesCell(fields.addresses)),
  };
}

/** Customers with an email first, by their email ignoring case, then by every other cell (code units: the same on every machine); ids are the caller's. */
function compareRows(a: Record<CustomerColumn, string>, b: Record<CustomerColumn, string>): number {
  const key = (cells: Record<CustomerColumn, string>) => [
    cells.email === '' ? '1' : '0',
    cells.email.toLowerCase(),
    ...CUSTOMER_COLUMNS.filter((name) => !CUSTOMER_ID_COLUMNS.includes(name)).map((name) => cells[name]),
  ];
  const [x, y] = [key(a), key(b)];
  for (let index = 0; index < x.length; index++) {
    const order = compareText(x[index]!, y[index]!);
    if (order !== 0) return order;
  }
  return 0;
}
