// customer export and import over real HTTP, against sandboxes started here, in both dialects:
// customers as rows, one a customer. Export, import into an empty store, export again: the same
// bytes (--no-ids), tags holding commas, several addresses, a note of several lines and a
// customer known by its phone alone included; a re-run writes nothing; what differs is updated
// and nothing else; a bad file is refused whole naming file, line and column; a row the store
// refuses goes to --rejects with its line; undo deletes what the run created and puts back
// what it changed, leaving a customer changed since alone. The store is read back straight
// from the sandbox, and its request log says what the CLI sent.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { scratchDir } from '../../helpers/scratch.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';
import { call } from '../_support.js';
import { scratchFile } from '../metafield/_import.js';
import { ADA, GRACE, HEADER, imported, LINUS, listed, PHONE_ONLY, stored, tagsOf, withStore, writes } from './_customers.js';

describe.each(DIALECTS)('customer export and import (%s dialect)', (dialect) => {
  it('export, import into an empty store, export again: the same bytes with --no-ids; a re-run writes nothing', { timeout: 60_000 }, () =>
    withStore(dialect, { seed: 'demo' }, (from) =>
      withStore(dialect, { seed: 'none' }, async (to) => {
        // What a merchant's store holds beside the demo: a tag with a comma, two addresses, a note of two lines.
        const made = await call(from.sandbox, 'POST', '/customers', {
          customer: {
            email: 'Mary.Jackson@example.com',
            firstName: 'Mary',
            lastName: 'Jackson',
            tags: ['nasa, langley', 'vip'],
            taxExempt: true,
            notes: 'Line one, "quoted"\nline two',
            addresses: [
              { address1: '1 Langley Blvd', city: 'Hampton', provinceCode: 'VA', countryCode: 'US', zip: '23681' },
              { company: 'NACA', city: 'Hampton', countryCode: 'US' },
            ],
          },
        });
        expect(made.status, made.text).toBeLessThan(300);

        const withIds = await cli(['customer', 'export'], { env: from.env });
        expect(withIds.code, withIds.stderr).toBe(0);
        expect(withIds.stdout.split('\n')[0]).toBe(HEADER);
        const first = await cli(['customer', 'export', '--no-ids'], { env: from.env });
        expect(first.code, first.stderr).toBe(0);
        const rows = parse(first.stdout, { columns: true }) as Array<Record<string, string>>;
        expect(rows.map((row) => [row.email, row.phone])).toEqual([
          ['ada@example.com', '+44 20 7946 0101'],
          ['grace@example.com', '+1 212 555 0215'],
          ['linus@example.com', ''],
          ['Mary.Jackson@example.com', ''],
          ['', '+49 30 5550 0477'],
        ]);
        expect(rows[3]).toMatchObject({
          tags: '["nasa, langley","vip"]',
          taxExempt: 'true',
          notes: 'Line one, "quoted"\nline two',
          addresses:
            '[{"address1":"1 Langley Blvd","city":"Hampton","provinceCode":"VA","countryCode":"US","zip":"23681"},{"company":"NACA","city":"Hampton","countryCode":"US"}]',
        });
        expect(rows[0]).toMatchObject({ tags: 'vip, newsletter', firstName: 'Ada' });

        const file = scratchFile('customers.csv', first.stdout);
        const run = await imported([file], to.env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.summary).toMatchObject({ rows: 5, created: 5, updated: 0, failed: 0 });
        const again = await cli(['customer', 'export', '--no-ids'], { env: to.env });
        expect(again.code, again.stderr).toBe(0);
        expect(again.stdout).toBe(first.stdout);

        to.requests.length = 0;
        const rerun = await imported([file], to.env);
        expect(rerun.code, rerun.stderr).toBe(0);
        expect(rerun.summary).toMatchObject({ rows: 5, created: 0, updated: 0, unchanged: 5, failed: 0, runId: null });
        expect(await writes(to.requests)).toEqual([]);
        // The store's listing, 250 a page, and nothing else: no read a row.
        expect(to.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`)).toEqual(['GET /api/202412/customers']);
      }),
    ),
  );

  it(
    'updates only the fields that differ (one PUT a customer), matched by id, email ignoring case or phone; --dry-run plans and writes nothing; --results says each row',
    { timeout: 60_000 },
    () =>
      withStore(dialect, { seed: 'demo' }, async ({ sandbox, env, requests }) => {
        const file = scratchFile(
          'changes.csv',
          [
            'customerId,email,phone,tags,taxExempt,notes,addresses',
            `${ADA},,,,,New note,`,
            ',GRACE@example.com,,[],,,',
            `,linus@example.com,,,,,"[{""city"":""Helsinki"",""countryCode"":""FI""}]"`,
            ',,+49 30 5550 0477,,true,,',
            ',kj@example.com,,nasa,,,',
            `,ada@example.com,,,,,`.replace('ada@', 'ada.l@'),
          ].join('\n'),
        );
        requests.length = 0;
        const dry = await cli(['customer', 'import', file, '--dry-run'], { env });
        expect(dry.code, dry.stderr).toBe(0);
        expect(dry.stderr).toContain('2 to create, 4 to update, 0 unchanged, 0 failed');
        expect(await writes(requests)).toEqual([]);

        const results = join(scratchDir(), 'results.csv');
        const run = await imported([file, '--results', results], env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.summary).toMatchObject({ rows: 6, created: 2, updated: 4, unchanged: 0, failed: 0 });
        const ada = await stored(sandbox, ADA);
        expect(ada).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', notes: 'New note' });
        expect(tagsOf(ada)).toEqual(['vip', 'newsletter']);
        expect(tagsOf(await stored(sandbox, GRACE))).toEqual([]);
        expect((await stored(sandbox, LINUS)).addresses).toEqual([expect.objectContaining({ city: 'Helsinki', countryCode: 'FI' })]);
        expect(String((await stored(sandbox, PHONE_ONLY)).taxExempt)).toBe('true');
        const puts = (await writes(requests)).filter((request) => request.method === 'PUT');
        expect(puts.map((request) => request.path).sort()).toEqual([ADA, GRACE, LINUS, PHONE_ONLY].map((id) => `/api/202412/customers/${id}`).sort());
        const lines = parse(readFileSync(results, 'utf8'), { columns: true }) as Array<Record<string, string>>;
        expect(lines.find((line) => line.line === '2')).toMatchObject({
          key: ADA,
          action: 'updated',
          id: ADA,
          before: '{"notes":"Prefers email. Loyal customer since the first season."}',
        });
        expect(lines.find((line) => line.line === '6')).toMatchObject({ key: 'kj@example.com', action: 'created', id: expect.stringMatching(/^\d+$/) });
        // A new customer with an email of its own, not Ada's.
        expect((await listed(sandbox)).filter((customer) => String(customer.email).toLowerCase().startsWith('ada'))).toHaveLength(2);
      }),
  );

  it('a bad file is refused whole (exit 2, nothing sent), naming the file, each line and its column; --rejects gets every problem row', () =>
    withStore(dialect, { seed: 'demo' }, async ({ env, requests }) => {
      requests.length = 0;
      for (const [content, message] of [
        ['email,firstName\nnot-an-email,X\n', "bad.csv: line 2: the email must be an email address such as ada@example.com (got 'not-an-email')"],
        [
          'email\nada@example.com\nADA@example.com\n',
          'bad.csv: line 3: the email ADA@example.com repeats the email of line 2 (emails are unique in a store, ignoring case)',
        ],
        ['phone\n+1 555 0100\n+1-555-0100\n', 'line 3: the phone +1-555-0100 repeats the phone of line 2 (phones are unique in a store)'],
        ['customerId,notes\n12ab,x\n', 'line 2: the customerId "12ab" is not a customer id (digits)'],
        ['email,tags\na@example.com,"[""vip"""\n', 'line 2: the tags cell starts with [ but is not a JSON list'],
        ['email,addresses\na@example.com,"[{""street"":""x""}]"\n', 'line 2: addresses[0].street is not an address field (firstName, lastName, company'],
        ['email,taxExempt\na@example.com,yes\n', 'line 2: the taxExempt "yes" is not true or false'],
        ['firstName,lastName\nAda,Lovelace\n', 'the header names none of email, customerId and phone'],
        ['email,firstName\n,Ada\n', 'line 2: the row has no customerId, email or phone: one of them names the customer'],
        ['email,nickname\na@example.com,x\n', 'unknown column "nickname"'],
      ] as const) {
        const bad = await cli(['customer', 'import', scratchFile('bad.csv', content)], { env });
        expect(bad.code, bad.stderr).toBe(2);
        expect(bad.stderr).toContain(message);
        if (message.includes('line ')) expect(bad.stderr).toContain('Nothing was sent');
        expectNoStackTrace(bad.stderr);
      }
      const rejects = join(scratchDir(), 'rejects.csv');
      const many = await cli(['customer', 'import', scratchFile('many.csv', 'email,firstName\nbad1,A\nok@example.com,B\nbad2,C\n'), '--rejects', rejects], {
        env,
      });
      expect(many.code).toBe(2);
      expect(many.stderr).toContain('many.csv has 2 problems');
      const rows = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<Record<string, string>>;
      expect(rows.map((row) => [row.line, row.email, row.reason])).toEqual([
        ['2', 'bad1', "the email must be an email address such as ada@example.com (got 'bad1')"],
        ['4', 'bad2', "the email must be an email address such as ada@example.com (got 'bad2')"],
      ]);
      expect(requests).toEqual([]);
    }));

  it('rows the store refuses go to --rejects with their line and reason (exit 3), the others are written', () =>
    withStore(dialect, { seed: 'demo' }, async ({ sandbox, env }) => {
      const rejects = join(scratchDir(), 'rejects.csv');
      const file = scratchFile(
        'refused.csv',
        ['customerId,email,phone,notes', '9999999999999999999,,,ghost', ',new@example.com,+1 212 555 0215,', ',fine@example.com,,ok'].join('\n'),
      );
      const run = await imported([file, '--rejects', rejects], env);
      expect(run.code, run.stderr).toBe(3);
      expect(run.summary).toMatchObject({ rows: 3, created: 1, failed: 2 });
      const rows = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<Record<string, string>>;
      expect(rows.map((row) => row.line)).toEqual(['2', '3']);
      expect(rows[0]!.reason).toBe(
        "no customer of the store has the id 9999999999999999999 (an id is one store's: leave customerId empty, or export with --no-ids, to match by email)",
      );
      expect(rows[1]!.reason).toMatch(/phone/i);
      expect(run.stderr).toContain('line 3:');
      expect((await listed(sandbox)).map((customer) => customer.email)).toContain('fine@example.com');
      expect((await listed(sandbox)).map((customer) => customer.email)).not.toContain('new@example.com');
    }));

  it(
    'undo deletes the customers the run created and puts back what it changed; one changed since is left alone (exit 3) unless --force',
    { timeout: 60_000 },
    () =>
      withStore(dialect, { seed: 'demo' }, async ({ sandbox, env }) => {
        const before = (await cli(['customer', 'export', '--no-ids'], { env })).stdout;
        const file = scratchFile(
          'run.csv',
          ['email,firstName,tags,notes', 'undo1@example.com,One,,', 'undo2@example.com,Two,x,', 'grace@example.com,Amazing Grace,"cobol, navy",Admiral'].join(
            '\n',
          ),
        );
        const run = await imported([file], env);
        expect(run.code, run.stderr).toBe(0);
        expect(run.summary).toMatchObject({ created: 2, updated: 1 });
        const { runId } = run.summary as { runId: string };
        expect(run.stderr).toContain(`Run ${runId}: undo with store-cli undo ${runId}`);

        const planned = await cli(['undo', runId, '--dry-run'], { env });
        expect(planned.code, planned.stderr).toBe(0);
        expect(planned.stderr).toContain('to restore: 1');
        expect(planned.stderr).toContain('to delete (absent before the run): 2');
        const undone = await cli(['undo', runId, '--yes', '--json'], { env });
        expect(undone.code, undone.stderr).toBe(0);
        expect(JSON.parse(undone.stdout)).toMatchObject({ restored: 1, deleted: 2, leftAlone: 0 });
        expect((await cli(['customer', 'export', '--no-ids'], { env })).stdout).toBe(before);
        expect(JSON.parse((await cli(['undo', runId, '--yes', '--json'], { env })).stdout)).toMatchObject({ restored: 0, deleted: 0, asBefore: 3 });

        // A customer the run created, changed since: left alone, named; --force deletes it.
        const second = await imported([scratchFile('second.csv', 'email,firstName\nundo3@example.com,Three\n')], env);
        const made = (await listed(sandbox)).find((customer) => customer.email === 'undo3@example.com')!;
        expect((await cli(['customer', 'update', String(made.id), '--notes', 'called'], { env })).code).toBe(0);
        const refused = await cli(['undo', second.summary.runId, '--yes'], { env });
        expect(refused.code, refused.stderr).toBe(3);
        expect(refused.stderr).toContain(`customer undo3@example.com: created by the run (customer ${made.id}), and its notes changed since`);
        expect((await call(sandbox, 'GET', `/customers/${made.id}`)).status).toBe(200);
        const forced = await cli(['undo', second.summary.runId, '--yes', '--force'], { env });
        expect(forced.code, forced.stderr).toBe(0);
        expect((await call(sandbox, 'GET', `/customers/${made.id}`)).status).toBe(404);
      }),
  );
});

describe('customer import keeps the bulk contract (real dialect)', () => {
  const ROWS = ['email,firstName', 'bulk1@example.com,One', 'bulk2@example.com,Two', 'bulk3@example.com,', 'bulk4@example.com,Four'].join('\n');
  // The first row names an id the store lacks: refused when written.
  const REFUSING = ['customerId,email', '9999999999999999999,', ',bulk1@example.com', ',bulk2@example.com', ',bulk3@example.com', ',bulk4@example.com'].join(
    '\n',
  );

  it('--all-or-nothing writes nothing while a row would be rejected; --max-rejects stops the writes; --shard splits the file without overlap; --rehearse writes nothing; --report says the run', () =>
    withStore('real', { seed: 'none' }, async ({ sandbox, env, requests }) => {
      const refusing = scratchFile('refusing.csv', REFUSING);
      const whole = await imported([refusing, '--all-or-nothing'], env);
      expect(whole.code, whole.stderr).toBe(3);
      expect(whole.stderr).toContain('nothing was written (all or nothing)');
      expect(await writes(requests)).toEqual([]);
      const stopped = await imported([refusing, '--max-rejects', '0', '--concurrency', '1'], env);
      expect(stopped.code).toBe(3);
      expect(stopped.stderr).toContain('more than the 0 allowed');

      requests.length = 0;
      const file = scratchFile('bulk.csv', ROWS);
      const rehearsed = await cli(['customer', 'import', file, '--rehearse'], { env });
      expect(rehearsed.code, rehearsed.stderr).toBe(0);
      expect(rehearsed.stderr).toMatch(/Rehearsal of .*bulk\.csv on a copy of the store \(nothing written to the store\): 4 rows of 4 customers: \d to create/);
      expect(await writes(requests)).toEqual([]);

      const report = join(scratchDir(), 'report.json');
      const first = await imported([file, '--shard', '1/2', '--report', `json=${report}`], env);
      const second = await imported([file, '--shard', '2/2'], env);
      expect(first.summary.rows + second.summary.rows).toBe(4);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({
        command: 'customer import',
        kind: 'import',
        shards: [{ rows: first.summary.rows, created: first.summary.rows, rejected: 0, outcome: 'complete' }],
      });
      const emails = (await listed(sandbox)).map((customer) => customer.email).sort();
      expect(emails).toEqual(['bulk1@example.com', 'bulk2@example.com', 'bulk3@example.com', 'bulk4@example.com']);
    }));
});

describe('customer import without a store to read', () => {
  it('a dry run validates the file alone, and says so, rather than plan against an empty store', async () => {
    const file = scratchFile('offline.csv', 'email,firstName\nada@example.com,Ada\nnew@example.com,New\n');
    const dry = await cli(['customer', 'import', file, '--dry-run'], {
      env: { STORE_CLI_BASE_URL: 'http://127.0.0.1:1', STORE_CLI_TOKEN: 't' },
      clock: new SimClock().autoAdvance(),
    });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('offline.csv, the file alone (the store could not be read');
    expect(dry.stderr).toContain('2 rows, 2 well-formed; nothing checked against the store');
    expect(dry.stderr).not.toContain('to create');
  });
});

describe('customer export', () => {
  it('writes a private file (0600: personal data); --resume needs --sort none and --output; --since-id takes an id', () =>
    withStore('service', { seed: 'demo' }, async ({ env, requests }) => {
      const output = join(scratchDir(), 'customers.csv');
      const done = await cli(['customer', 'export', '--output', output], { env });
      expect(done.code, done.stderr).toBe(0);
      expect(done.stderr).toContain(`Exported 4 customers to ${output}.`);
      expect(statSync(output).mode & 0o777).toBe(0o600);
      const since = await cli(['customer', 'export', '--since-id', GRACE, '--no-ids', '--jsonl'], { env });
      expect(
        since.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).email),
      ).toEqual(['linus@example.com', '']);
      requests.length = 0;
      for (const [args, message] of [
        [['--resume', '--output', output], "--resume goes on with an export written in the store's order: add --sort none"],
        [['--resume', '--sort', 'none'], '--resume goes on with the partial file of an --output export: add --output FILE'],
        [['--since-id', 'abc'], '--since-id must be a numeric id'],
      ] as const) {
        const refused = await cli(['customer', 'export', ...args], { env });
        expect(refused.code, refused.stderr).toBe(2);
        expect(refused.stderr).toContain(message);
      }
      expect(requests).toEqual([]);
    }));
});
