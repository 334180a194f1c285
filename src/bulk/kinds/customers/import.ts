// The customer import (`customer import FILE`), as the engine runs it (engine/import-kind.ts):
// the file checked whole before anything is written (a pre-flight pass: every row's cells,
// and ids, emails and phones repeated in the file), the store's customers read, then the rows
// run through the import engine as customers. stdin is read once into a private temporary
// file, as the file is read twice. Its rehearsal copies every customer of the store
// (copy.ts); its undo (undo.ts).
import type { BulkEnv } from '../../engine/env.js';
import { plural } from '../../../core/words.js';
import { checkedImport, readBeforeWriting, type CheckRejects } from '../../engine/checked-import.js';
import type { ImportReport } from '../../engine/import-job.js';
import type { ImportKind, ImportRequest, Journaled } from '../../engine/import-kind.js';
import { openPacedApi } from '../../engine/paced-api.js';
import { PreflightProblems } from '../../engine/preflight-problems.js';
import { preflightRows } from '../../engine/preflight-rows.js';
import type { ImportSource } from '../../engine/run-import.js';
import { inShardOfKey } from '../../engine/shard.js';
import { copyCustomers } from './copy.js';
import { CUSTOMER_REJECTS, CustomerIndex, customerKind, readCustomerIndex, type CustomerTally } from './kind.js';
import { checkCustomerRow, CUSTOMER_HEADER_EXAMPLE, customerKey, customerText, readCustomerHeader, type CustomerText } from './rows.js';
import { customerUndo } from './undo.js';
import { customerWatch } from './watch.js';

export type CustomerImportRequest = ImportRequest;

async function run(request: CustomerImportRequest, env: BulkEnv, journaled: Journaled): Promise<ImportReport> {
  return checkedImport(
    request,
    env,
    CUSTOMER_REJECTS,
    (whole, rejects) => preflight(whole, request, rejects),
    async (file) => {
      const rows = file.checked;
      const paced = await openPacedApi(env, request.concurrency, request.giveUpAfterMs);
      const store = paced.api.customers;
      const read = await readBeforeWriting(() => readCustomerIndex(store), rows, { request, env, paced, file, unit: 'customer' });
      if ('stopped' in read) return read.stopped;
      const index: CustomerIndex | undefined = read.read;
      const known = index ?? new CustomerIndex();
      // As read before the run (the run adds what it makes).
      const before = { size: known.size, pages: known.pages };
      const tally: CustomerTally = { withheldRows: 0 };
      const report = await file.runRows(journaled, paced, (journal) =>
        customerKind(store, known, tally, journal ? customerWatch(journal) : undefined, 'offline' in read ? read.offline : undefined),
      );
      const lines = [...report.lines];
      if (index !== undefined)
        lines.push(`Planned from the store's ${plural(before.size, 'customer')}, read in ${plural(before.pages, 'page')} before the import.`);
      // A dry run and a rehearsal (on a copy) say what the real run would do.
      if (known.withheld) lines.push(withheldLine(tally.withheldRows, request.dryRun || (request.rehearsal !== undefined && request.rehearsal !== false)));
      return { ...report, lines };
    },
  );
}

/** What the summary says when the token may not read protected fields: how rows were found, and what was not sent. */
function withheldLine(rows: number, planOnly: boolean): string {
  const found = 'This token may not read protected customer fields (names, emails, phones, addresses): customers were found by searching their email or phone.';
  if (rows === 0) return found;
  return `${found} The protected cells of ${plural(rows, 'row')} ${planOnly ? 'would not be' : 'were not'} sent to the customers the store holds, which keep what they hold there (an import never overwrites a field it may not read, let alone blanks it).`;
}

/**
 * Every row checked, and ids, emails (ignoring case) and phones (by their digits) repeated in
 * the file found, as each names one customer: a file with any problem is refused whole
 * (exit 2, nothing sent), every problem in --rejects. Returns the rows of the shard.
 */
export async function preflight(source: ImportSource, request: Pick<CustomerImportRequest, 'shard'>, rejects?: CheckRejects<CustomerText>): Promise<number> {
  const seen = { customerId: new Map<string, number>(), email: new Map<string, number>(), phone: new Map<string, number>() };
  const problems = new PreflightProblems<CustomerText>(rejects);
  let rows = 0;
  await preflightRows(source, CUSTOMER_READING, problems, async (text, fieldCount, layout) => {
    const checked = checkCustomerRow(text, fieldCount, layout.width);
    if (!checked.ok) return problems.note(text, '', checked.problem);
    const { row } = checked;
    const names = { customerId: row.id, email: row.wanted.email?.toLowerCase(), phone: row.wanted.phone?.replace(/\D/g, '') };
    for (const name of ['customerId', 'email', 'phone'] as const) {
      const value = names[name];
      if (value === undefined) continue;
      const earlier = seen[name].get(value);
      if (earlier !== undefined) await problems.note(text, '', `the ${name} ${text[name]} repeats the ${name} of line ${earlier} (${REPEATS[name]})`);
      else seen[name].set(value, text.line);
    }
    if (inShardOfKey(request.shard, customerKey(text))) rows += 1;
  });
  return rows;
}

/** How the pass reads a customer file: as the import does. */
const CUSTOMER_READING = {
  readHeader: readCustomerHeader,
  rowText: customerText,
  headerExample: CUSTOMER_HEADER_EXAMPLE,
};

const REPEATS = {
  customerId: 'a row a customer',
  email: 'emails are unique in a store, ignoring case',
  phone: 'phones are unique in a store',
} as const;

export const customerImport: ImportKind<CustomerImportRequest> = {
  command: 'customer import',
  run,
  rehearsal: {
    check: async (source, request) => {
      await preflight(source, request);
    },
    copy: (plan, api) => copyCustomers(plan, api),
  },
  undo: [customerUndo],
};
