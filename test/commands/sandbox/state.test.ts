import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { cli, scratchDir, scratchDirs } from '../../helpers/cli-in-process.js';
import { call, createCardDirect, serveInProcess } from '../_support.js';
import { expectNoStackTrace } from '../../helpers/stack-trace.js';

const dir = () => scratchDir('store-cli-state-');

/** The CLI aimed at a running sandbox, as a user would aim it: --base-url and the token in the environment. */
function at(sandbox: RunningSandbox) {
  const env = { ...scratchDirs(), STORE_CLI_TOKEN: sandbox.token };
  return (args: string[], options: { stdin?: string } = {}) => cli(['--base-url', sandbox.baseUrl, ...args], { env, ...options });
}

async function withDemo<T>(body: (sandbox: RunningSandbox) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ seed: 'demo' });
  try {
    return await body(sandbox);
  } finally {
    await sandbox.close();
  }
}

describe('sandbox export and import', () => {
  it('export -> import -> export gives the same file, and the export is a valid --seed', async () => {
    const folder = dir();
    const first = join(folder, 'first.json');
    const second = join(folder, 'second.json');
    await withDemo(async (source) => {
      await createCardDirect(source, { note: 'exported' });
      const exported = await at(source)(['sandbox', 'export', first]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stdout).toBe('');
      expect(exported.stderr).toContain(
        `State of the sandbox at ${source.baseUrl} written to ${first}: 9 gift cards, 12 categories, 6 collections, 3 locations, 3 products, 23 metafield definitions, 22 metafield values, 0 webhook subscriptions, 4 customers, 3 discounts, 8 orders, 2 fulfillments, 2 refunds, 2 markets, 1 pages, 2 materials, 2 themes, 6 theme assets, 3 payments.`,
      );
      // Every section of the file is counted in the summary, whatever resources the sandbox has.
      const sections = Object.entries(JSON.parse(readFileSync(first, 'utf8')) as Record<string, unknown[]>);
      const said = exported.stderr.slice(exported.stderr.indexOf(': ') + 2);
      for (const [key, list] of sections)
        expect(said, key).toMatch(
          new RegExp(
            `\\b${key === 'metafields' ? '\\d+' : list.length} ${key === 'metafields' ? 'metafield values' : key === 'webhooks' ? 'webhook subscriptions' : key.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}\\b`,
          ),
        );
      expect(said.split(', ')).toHaveLength(sections.length);
      expect(statSync(first).mode & 0o777).toBe(0o600);
    });
    const target = await startSandbox({});
    try {
      const imported = await at(target)(['sandbox', 'import', first, '--yes']);
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toContain(`State of the sandbox at ${target.baseUrl} replaced from ${first}: 9 gift cards,`);
      expect((await at(target)(['sandbox', 'export', second])).code).toBe(0);
      expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
      expect(JSON.parse((await call(target, 'GET', '/gift_cards/count')).text).count).toBe('9');
    } finally {
      await target.close();
    }
    const served = await serveInProcess(['--seed', first, '--json']);
    try {
      const { baseUrl, token } = JSON.parse(served.line);
      const count = await fetch(`${baseUrl}/api/202412/gift_cards/count`, { headers: { 'X-Service-Access-Token': token } });
      expect(await count.json()).toEqual({ count: '9' });
    } finally {
      expect((await served.stop()).code).toBe(0);
    }
  });

  it('export - writes the state to stdout; an existing file needs --force, and is then replaced whole', async () => {
    await withDemo(async (sandbox) => {
      const out = await at(sandbox)(['sandbox', 'export', '-']);
      expect(out.code, out.stderr).toBe(0);
      expect(JSON.parse(out.stdout).giftCards).toHaveLength(8);
      const file = join(dir(), 'state.json');
      writeFileSync(file, 'keep me');
      const refused = await at(sandbox)(['sandbox', 'export', file]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${file} exists already; give --force to replace it.`);
      expect(readFileSync(file, 'utf8')).toBe('keep me');
      const forced = await at(sandbox)(['sandbox', 'export', file, '--force']);
      expect(forced.code, forced.stderr).toBe(0);
      expect(readFileSync(file, 'utf8')).toBe(out.stdout);
      const nowhere = join(dir(), 'no-such-folder', 'state.json');
      const failed = await at(sandbox)(['sandbox', 'export', nowhere]);
      expect(failed.code).toBe(1);
      expect(failed.stderr.split('\n')[0]).toBe(`error: Cannot write ${nowhere} (its folder does not exist); nothing was written.`);
    });
  });

  it('import checks the file first: a problem names the file and the JSON path, exit 2, nothing sent', async () => {
    await withDemo(async (sandbox) => {
      const file = join(dir(), 'bad.json');
      const before = (await at(sandbox)(['sandbox', 'export', '-'])).stdout;
      const spoiled = JSON.parse(before);
      spoiled.products[1].variants[0].price = '4.999';
      writeFileSync(file, JSON.stringify(spoiled));
      const refused = await at(sandbox)(['sandbox', 'import', file, '--yes']);
      expect(refused.code).toBe(2);
      expect(refused.stderr.split('\n')[0]).toMatch(
        new RegExp(`^error: ${file}: products\\[1\\]\\.variants\\[0\\]\\.price: must be a decimal amount.* Nothing was sent\\.$`),
      );
      writeFileSync(file, '{"giftCards": [}');
      const broken = await at(sandbox)(['sandbox', 'import', file, '--yes']);
      expect(broken.code).toBe(2);
      expect(broken.stderr).toContain(`${file} is not valid JSON`);
      expect((await at(sandbox)(['sandbox', 'export', '-'])).stdout).toBe(before);
    });
  });

  it('import - reads stdin; without a terminal it needs --yes', async () => {
    await withDemo(async (sandbox) => {
      const seed = JSON.stringify({ giftCards: [{ id: '4100000000000000001', code: 'FROMSTDIN01', initialValue: '3.00' }] });
      const refused = await at(sandbox)(['sandbox', 'import', '-'], { stdin: seed });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pass --yes');
      const imported = await at(sandbox)(['sandbox', 'import', '-', '--yes'], { stdin: seed });
      expect(imported.code, imported.stderr).toBe(0);
      expect(imported.stderr).toContain('replaced from stdin: 1 gift cards, 0 categories');
    });
  });

  it('says so when the target is no sandbox', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"Not Found"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const r = await cli(['--base-url', url, 'sandbox', 'export', '-'], { env: { ...scratchDirs(), STORE_CLI_TOKEN: 't' } });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`${url} is not a store-cli sandbox`);
    } finally {
      server.close();
    }
  });
});

describe('sandbox reset of a running sandbox', () => {
  it('--base-url names it: back to its seed, counts said; --data beside it is a usage error', async () => {
    await withDemo(async (sandbox) => {
      const card = await createCardDirect(sandbox);
      const refused = await at(sandbox)(['sandbox', 'reset']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('pass --yes');
      const reset = await at(sandbox)(['sandbox', 'reset', '--yes']);
      expect(reset.code, reset.stderr).toBe(0);
      expect(reset.stderr).toContain(
        `Reset the sandbox at ${sandbox.baseUrl}: 8 gift cards, 12 categories, 6 collections, 3 locations, 3 products, 23 metafield definitions, 22 metafield values, 0 webhook subscriptions, 4 customers, 3 discounts, 8 orders, 2 fulfillments, 2 refunds, 2 markets, 1 pages, 2 materials, 2 themes, 6 theme assets, 3 payments.`,
      );
      expect((await call(sandbox, 'GET', `/gift_cards/${card.id}`)).status).toBe(404);
      const both = await at(sandbox)(['sandbox', 'reset', '--yes', '--data', join(dir(), 'x.json')]);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('--data names a state file');
    });
  });
});

describe('sandbox serve --seed', () => {
  it('refuses a seed that does not fit, naming the file and the path (exit 2), and --seed with --demo', async () => {
    const file = join(dir(), 'seed.json');
    writeFileSync(file, JSON.stringify({ giftCards: [{ id: '1', code: 'short', initialValue: '1.00' }] }));
    const bad = await cli(['sandbox', 'serve', '--port', '0', '--seed', file], { env: scratchDirs() });
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe(`error: ${file}: giftCards[0].code: must be 8 to 20 letters or digits.`);
    const both = await cli(['sandbox', 'serve', '--port', '0', '--seed', file, '--demo'], { env: scratchDirs() });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--seed and --demo');
  });
});

describe('sandbox serve --seed, an amount that does not fit', () => {
  it('exits 2 naming the file and the JSON path of the amount, no stack', async () => {
    const file = join(dir(), 'seed.json');
    writeFileSync(file, JSON.stringify({ giftCards: [{ id: '4100000000000000001', code: 'SPAWNSEED01', initialValue: '7.001' }] }));
    const r = await cli(['sandbox', 'serve', '--port', '0', '--seed', file], { env: scratchDirs() });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: ${file}: giftCards[0].initialValue: must be a decimal amount with at most 2 decimal places.`);
    expectNoStackTrace(r.stderr);
  });
});
