// metafield import's ends as a script meets them, against a sandbox started here in both
// dialects: Ctrl-C (the run's abort signal) stops it with the summary of what was done and
// exit 130; exit 0 when all applied, 3 when some rows failed, 2 for an unusable file. A run
// killed with -9 and run again, and the live progress line in a real terminal, are
// test/e2e/metafield-import.test.ts's.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTokenSpec } from '../../../src/sandbox/index.js';
import { liveCli } from '../../helpers/cli-in-process.js';
import { DIALECTS } from '../../helpers/dialects.js';
import { startLogged, type LoggedSandbox } from '../../helpers/logged-sandbox.js';
import { scratchDir } from '../../helpers/scratch.js';
import { STACK_LINE } from '../../helpers/stack-trace.js';
import { api } from '../../helpers/store-request.js';
import { waitFor } from '../_support.js';

const dir = scratchDir();
let fileCounter = 0;

/** A CSV of `objects` products with five values each, and the state it describes. */
function valuesFile(firstId: number, objects: number) {
  const lines = ['domain,bizId,namespace,code,value'];
  const target = new Map<string, string>();
  for (let o = 0; o < objects; o++) {
    const id = String(firstId + o);
    for (let k = 0; k < 5; k++) {
      lines.push(`products,${id},ns,code${k},"value ${k}, of ${id}"`);
      target.set(`${id}/ns.code${k}`, `value ${k}, of ${id}`);
    }
  }
  const path = join(dir, `values-${++fileCounter}.csv`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return { path, target, ids: Array.from({ length: objects }, (_, o) => String(firstId + o)) };
}

/** The values of the objects, read straight from the store. */
async function state(sandbox: LoggedSandbox, ids: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const id of ids) {
    const reply = await api(sandbox, 'GET', `/metafields/products/${id}`);
    expect(reply.status).toBe(200);
    for (const v of (reply.json as { metafields: Array<{ namespace: string; code: string; value: string }> }).metafields)
      found.set(`${id}/${v.namespace}.${v.code}`, v.value);
  }
  return found;
}

/** Successful creates the sandbox has logged so far. */
const createsLogged = (sandbox: LoggedSandbox) => sandbox.log().filter((line) => /^POST \/api\/202412\/metafields\/\S+ 200 /.test(line)).length;

describe.each(DIALECTS)('metafield import: Ctrl-C and exit codes (%s dialect)', (dialect) => {
  let sandbox: LoggedSandbox;

  beforeAll(async () => {
    // Every write answered a little late, so that Ctrl-C lands in the middle of a run.
    sandbox = await startLogged({ dialect, tokens: [parseTokenSpec('importer-token-0001')], faults: ['POST /api/202412/metafields/** 200+20ms'] });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('Ctrl-C: stops, prints the summary of what was done, exits 130', { timeout: 60_000 }, async () => {
    const { path, ids } = valuesFile(3_200_000, 100);
    const before = createsLogged(sandbox);
    const controller = new AbortController();
    const live = liveCli(['metafield', 'import', path, '--json'], { env: sandbox.env(), signal: controller.signal });
    await waitFor(() => (createsLogged(sandbox) - before >= 10 ? true : undefined), 20_000, 'ten creates');
    controller.abort();
    const end = await live.done;
    expect(end.code).toBe(130);
    expect(end.stderr).toMatch(/^The import of .* stopped after \d+s: \d+ rows of \d+ objects: \d+ created/m);
    expect(end.stderr).toMatch(/^Interrupted: .*A re-run finishes the job/m);
    expect(end.stderr).toMatch(/^error: Interrupted\.$/m);
    expect(end.stderr).not.toMatch(STACK_LINE);
    const summary = JSON.parse(end.stdout) as { rows: number; created: number };
    expect(summary.created).toBeGreaterThan(0);
    expect(summary.rows).toBeLessThanOrEqual(500);
    // What it says it created is there.
    expect((await state(sandbox, ids)).size).toBe(summary.created);
  });

  it('exit codes: 0 all applied, 3 some rows failed, 2 unusable file (nothing sent)', async () => {
    const good = valuesFile(3_300_000, 2).path;
    expect((await sandbox.run(['metafield', 'import', good])).code).toBe(0);
    const mixed = join(dir, 'mixed.csv');
    writeFileSync(mixed, 'domain,bizId,namespace,code,value,type\nproducts,3300100,ns,n,12,Integer\nproducts,3300100,ns,m,twelve,Integer\n');
    const partly = await sandbox.run(['metafield', 'import', mixed]);
    expect(partly.code, partly.stderr).toBe(3);
    expect(partly.stderr).toContain('line 3: the value "twelve" is not an Integer');
    const unusable = join(dir, 'unusable.csv');
    writeFileSync(unusable, 'id,name\n1,x\n');
    const refused = await sandbox.run(['metafield', 'import', unusable]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/unknown column "id"/);
  });
});
