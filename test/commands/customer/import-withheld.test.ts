// customer export and import with a token not approved for protected fields (names, emails,
// phones, addresses), in both dialects: the export writes them (withheld), never as empty;
// the import finds each customer by a search for its email or phone, never sends a protected
// cell to a customer the store holds (so it never overwrites, let alone blanks, a field it may
// not read), says so in its summary, and gives a new customer every cell; importing such an
// export writes nothing; a rehearsal plans what the real run does. The store is read back
// with the sandbox's own token, which is shown everything.
import { describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope } from '../../../src/sandbox/index.js';
import { cli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { scratchFile } from '../metafield/_import.js';
import { ADA, GRACE, imported, listed, stored, tagsOf, withStore, writes } from './_customers.js';

const FULL = 'full-token';
const LIMITED = 'limited-token';
const LIMITED_SCOPES: Scope[] = ['read_customers', 'write_customers'];

describe.each(DIALECTS)('customer import and export by a token not shown protected fields (%s dialect)', (dialect) => {
  // The first is the sandbox's own (every scope, the approval too), which reads the store back.
  const tokens = [
    { token: FULL, scopes: [...ALL_SCOPES] },
    { token: LIMITED, scopes: LIMITED_SCOPES },
  ];

  it('an export writes them (withheld); importing it writes nothing, and blanks nothing', () =>
    withStore(dialect, { seed: 'demo', tokens }, async ({ sandbox, env, requests }) => {
      const limited = { ...env, STORE_CLI_TOKEN: LIMITED };
      const before = await listed(sandbox);
      const exported = await cli(['customer', 'export', '--no-ids'], { env: limited });
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stderr).toContain('warning: the store withheld the protected fields of 4 customers from this token');
      const lines = exported.stdout.trim().split('\n');
      expect(lines).toContain(
        '(withheld),(withheld),(withheld),(withheld),"vip, newsletter",false,Prefers email. Loyal customer since the first season.,(withheld)',
      );
      expect(exported.stdout).not.toContain('@example.com');

      requests.length = 0;
      // Rows by their protected cells alone cannot be told apart: they are refused before anything is sent.
      const refused = await cli(['customer', 'import', scratchFile('withheld.csv', exported.stdout)], { env: limited });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('line 2: the row has no customerId, email or phone');
      const withIds = await cli(['customer', 'export'], { env: limited });
      const run = await imported([scratchFile('withheld-ids.csv', withIds.stdout)], limited);
      expect(run.code, run.stderr).toBe(0);
      expect(run.summary).toMatchObject({ rows: 4, unchanged: 4, created: 0, updated: 0 });
      expect(await writes(requests)).toEqual([]);
      expect(await listed(sandbox)).toEqual(before);
    }));

  it('finds customers by email or phone, never sends their protected cells (the summary says so), gives a new customer every cell; a rehearsal plans the same', () =>
    withStore(dialect, { seed: 'demo', tokens }, async ({ sandbox, env, requests }) => {
      const limited = { ...env, STORE_CLI_TOKEN: LIMITED };
      const file = scratchFile(
        'changes.csv',
        [
          'email,firstName,lastName,phone,tags,notes,addresses',
          'ADA@example.com,Adaline,,,"vip, patron",Called on Monday,[]',
          'grace@example.com,,,,,,',
          ',,,+49 30 5550 0477,walk-in,,',
          `new@example.com,Newt,Scamander,+44 20 7946 0999,,First visit,"[{""city"":""London""}]"`,
        ].join('\n'),
      );
      const rehearsed = await cli(['customer', 'import', file, '--rehearse'], { env: limited });
      expect(rehearsed.code, rehearsed.stderr).toBe(0);
      expect(rehearsed.stderr).toContain('4 rows of 4 customers: 1 to create, 2 to update, 1 unchanged, 0 the store would reject');
      expect(rehearsed.stderr).toContain('their protected fields withheld from the token (3 customers found by the file');
      // The copy withholds them from its own token too: the rows meet there what they meet on the store.
      expect(rehearsed.stderr).toContain('The protected cells of 1 row would not be sent to the customers the store holds');
      expect(await writes(requests)).toEqual([]);

      const run = await imported([file], limited);
      expect(run.code, run.stderr).toBe(0);
      expect(run.summary).toMatchObject({ rows: 4, created: 1, updated: 2, unchanged: 1, failed: 0 });
      expect(run.stderr).toContain(
        'This token may not read protected customer fields (names, emails, phones, addresses): customers were found by searching their email or phone. The protected cells of 1 row were not sent to the customers the store holds',
      );
      // Ada's name and addresses stay as they were: only the fields this token may read were written.
      const ada = await stored(sandbox, ADA);
      expect(ada).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', notes: 'Called on Monday' });
      expect(ada.addresses).toHaveLength(1);
      expect(tagsOf(ada)).toEqual(['vip', 'patron']);
      expect(tagsOf(await stored(sandbox, GRACE))).toEqual(['newsletter']);
      const made = (await listed(sandbox)).find((customer) => customer.email === 'new@example.com')!;
      expect(made).toMatchObject({ firstName: 'Newt', lastName: 'Scamander', phone: '+44 20 7946 0999', notes: 'First visit' });
      expect(made.addresses).toEqual([expect.objectContaining({ city: 'London' })]);
      const puts = (await writes(requests)).filter((request) => request.method === 'PUT');
      expect(puts).toHaveLength(2);

      // Again: nothing to write.
      requests.length = 0;
      const rerun = await imported([file], limited);
      expect(rerun.summary).toMatchObject({ rows: 4, unchanged: 4 });
      expect(await writes(requests)).toEqual([]);
      const undone = await cli(['undo', run.summary.runId, '--yes', '--json'], { env: limited });
      expect(undone.code, undone.stderr).toBe(0);
      expect(JSON.parse(undone.stdout)).toMatchObject({ restored: 2, deleted: 1, leftAlone: 0 });
      expect((await stored(sandbox, ADA)).notes).toBe('Prefers email. Loyal customer since the first season.');
    }));
});
