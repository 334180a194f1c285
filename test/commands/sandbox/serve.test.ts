import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PATH } from '../../helpers/api-path.js';
import { cli } from '../../helpers/cli-in-process.js';
import { serveInProcess as serve } from '../_support.js';
import { scratchDir } from '../../helpers/scratch.js';

describe('sandbox serve', () => {
  it('--json prints {baseUrl, token} once listening; the token works; abort stops it with exit 0', async () => {
    const server = await serve(['--json', '--token', 't1']);
    const info = JSON.parse(server.line) as { baseUrl: string; token: string };
    expect(info.token).toBe('t1');
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const ok = await fetch(`${info.baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': 't1' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ count: '0' }); // no --demo: an empty store
    const refused = await fetch(`${info.baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': 't2' } });
    expect(refused.status).toBe(401);
    await refused.text();

    const result = await server.stop();
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${server.line}\n`);
    expect(result.stderr).toMatch(/GET \/api\/202412\/gift_cards\/count 200/); // request log on stderr
    expect(result.stderr).toMatch(/stopped/i);
    await expect(fetch(`${info.baseUrl}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': 't1' } })).rejects.toThrow();
  });

  it('the CLI works against it: --demo data and --ids-as number', async () => {
    const server = await serve(['--json', '--token', 'tok-demo-1', '--demo', '--ids-as', 'number', '--quiet']);
    const info = JSON.parse(server.line) as { baseUrl: string; token: string };
    const env = { STORE_CLI_BASE_URL: info.baseUrl, STORE_CLI_TOKEN: info.token };
    const count = await cli(['giftcard', 'count', '--json'], { env });
    expect(count.stdout).toBe('{"count":8}\n');
    const get = await cli(['giftcard', 'get', '4000000000000000011', '--json', 'id'], { env });
    expect(get.stdout).toBe('{"id":4000000000000000011}\n');
    const result = await server.stop();
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/GET \/api/); // --quiet
  });

  it('a scoped token: reads allowed, writes refused with 403 (exit 4 from the CLI)', async () => {
    const server = await serve(['--json', '--token', 'ro-token-1:read_gift_card']);
    const info = JSON.parse(server.line) as { baseUrl: string; token: string };
    expect(info.token).toBe('ro-token-1');
    const env = { STORE_CLI_BASE_URL: info.baseUrl, STORE_CLI_TOKEN: info.token };
    expect((await cli(['giftcard', 'count'], { env })).code).toBe(0);
    const create = await cli(['giftcard', 'create', '--initial-value', '1'], { env });
    expect(create.code).toBe(4);
    expect(create.stderr).toMatch(/403/);
    expect((await server.stop()).code).toBe(0);
  });

  it('without --json prints the base URL, and the generated token on stderr', async () => {
    const server = await serve([]);
    expect(server.line).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const token = /Token \(all scopes\): (\S+)/.exec(server.run.stderr())?.[1];
    expect(token).toMatch(/^sbx_/);
    const ok = await fetch(`${server.line}${API_PATH}/gift_cards/count`, { headers: { 'X-Service-Access-Token': token! } });
    expect(ok.status).toBe(200);
    await ok.text();
    expect((await server.stop()).code).toBe(0);
  });

  it('--data keeps state across restarts', async () => {
    const file = join(scratchDir('store-cli-serve-'), 'state.json');
    const first = await serve(['--json', '--token', 'tok-data-1', '--data', file, '--quiet']);
    const env1 = { STORE_CLI_BASE_URL: JSON.parse(first.line).baseUrl, STORE_CLI_TOKEN: 'tok-data-1' };
    expect((await cli(['giftcard', 'create', '--initial-value', '3'], { env: env1 })).code).toBe(0);
    expect((await first.stop()).code).toBe(0);
    expect(existsSync(file)).toBe(true);
    const second = await serve(['--json', '--token', 'tok-data-1', '--data', file, '--quiet']);
    const env2 = { STORE_CLI_BASE_URL: JSON.parse(second.line).baseUrl, STORE_CLI_TOKEN: 'tok-data-1' };
    expect((await cli(['giftcard', 'count'], { env: env2 })).stdout).toBe('1\n');
    expect((await second.stop()).code).toBe(0);
  });

  it('--definitions: values are checked against the file; --rate-limit: 429 with Retry-After past the burst, logged', async () => {
    const dir = scratchDir('store-cli-serve-');
    const file = join(dir, 'definitions.json');
    writeFileSync(
      file,
      JSON.stringify({ definitions: [{ domain: 'products', namespace: 'shop', code: 'stock', definitionName: 'Stock', fieldType: 'Integer' }] }),
    );
    const server = await serve(['--json', '--token', 'tok-defs-1', '--definitions', file, '--rate-limit', '1/3']);
    const { baseUrl } = JSON.parse(server.line) as { baseUrl: string };
    const post = (value: string) =>
      fetch(`${baseUrl}${API_PATH}/metafields/products/1`, {
        method: 'POST',
        headers: { 'X-Service-Access-Token': 'tok-defs-1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ metaFieldDataList: [{ namespace: 'shop', code: 'stock', value }] }),
      });
    const refused = await post('many');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Array<{ message: string }> }).errors[0]?.message).toMatch(/^expected an Integer/);
    const created = await post('12');
    expect(created.status).toBe(200);
    await created.text();
    const count = await fetch(`${baseUrl}${API_PATH}/metafields/count/products/1`, { headers: { 'X-Service-Access-Token': 'tok-defs-1' } });
    expect(count.status).toBe(200);
    await count.text();
    const limited = await post('13');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-service-shop-api-rate-limit')).toBe('3/3');
    await limited.text();
    const result = await server.stop();
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/POST \/api\/202412\/metafields\/products\/1 429 \d+ ms/);
  });

  it('--definitions: a file that is not valid exits 2 with one sentence naming it and the JSON path', async () => {
    const file = join(scratchDir('store-cli-serve-'), 'definitions.json');
    writeFileSync(
      file,
      JSON.stringify({
        definitions: [
          {
            domain: 'products',
            namespace: 'specs',
            code: 'weight',
            definitionName: 'Weight',
            fieldType: 'Weight',
            schemaRule: '{"max":{"value":5,"unit":"cm"}}',
          },
        ],
      }),
    );
    const r = await cli(['sandbox', 'serve', '--port', '0', '--definitions', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`The metafield definitions file ${file} is invalid: definitions[0].schemaRule.max.unit must be g, kg, lb or oz for a Weight.`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('--data naming the --definitions file under another name (a symlink) exits 2 and leaves it as it was', async () => {
    const dir = scratchDir('store-cli-serve-');
    const file = join(dir, 'definitions.json');
    const text = JSON.stringify({ definitions: [{ domain: 'products', namespace: 'shop', code: 'stock', definitionName: 'Stock', fieldType: 'Integer' }] });
    writeFileSync(file, text);
    symlinkSync(file, join(dir, 'state.json'));
    const r = await cli(['sandbox', 'serve', '--port', '0', '--definitions', file, '--data', join(dir, 'state.json')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `--data ${join(dir, 'state.json')} is the --definitions file (${file}): the sandbox would write its state over the definitions; give two files.`,
    );
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('--rate-limit takes a real plan; --no-rate-limit-header keeps the bucket but not its header', async () => {
    const plan = await serve(['--json', '--token', 'tok-plan-1', '--rate-limit', 'standard']);
    const planned = await fetch(`${(JSON.parse(plan.line) as { baseUrl: string }).baseUrl}${API_PATH}/gift_cards/count`, {
      headers: { 'X-Service-Access-Token': 'tok-plan-1' },
    });
    await planned.text();
    expect(planned.headers.get('x-service-shop-api-rate-limit')).toBe('1/200');
    expect((await plan.stop()).code).toBe(0);
    const quiet = await serve(['--json', '--token', 'tok-plan-2', '--rate-limit', '1/1', '--no-rate-limit-header']);
    const url = `${(JSON.parse(quiet.line) as { baseUrl: string }).baseUrl}${API_PATH}/gift_cards/count`;
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(url, { headers: { 'X-Service-Access-Token': 'tok-plan-2' } });
      await answer.text();
      answers.push([answer.status, answer.headers.get('x-service-shop-api-rate-limit')]);
    }
    expect(answers).toEqual([
      [200, null],
      [429, null],
    ]);
    expect((await quiet.stop()).code).toBe(0);
  });

  describe('refuses bad options with exit 2 before listening', () => {
    const cases: Array<[string[], string]> = [
      [['--port', '70000'], '--port'],
      [['--port', 'abc'], '--port'],
      [['--fail-rate', '2'], '--fail-rate'],
      [['--fail-seed', '-1'], '--fail-seed'],
      [['--ids-as', 'float'], '--ids-as'],
      [['--dialect', 'shopify'], '--dialect'],
      [['--dialect', 'real', '--ids-as', 'number'], 'The real dialect writes ids as JSON strings'],
      [['--token', 'tok:not_a_scope'], 'not_a_scope'],
      [['--rate-limit', '0'], '--rate-limit'],
      [['--rate-limit', 'fast'], '--rate-limit'],
      [['--rate-limit', '5/0'], '--rate-limit'],
      [['--rate-limit', '5/'], '--rate-limit'],
      [['--rate-limit', '-1'], '--rate-limit'],
      [['--rate-limit', 'premium'], '--rate-limit must be a plan (basic, standard, advanced, legacy) or RPS or RPS/BURST'],
      [['--no-rate-limit-header'], '--no-rate-limit-header needs --rate-limit'],
      [['--definitions', '/nonexistent/definitions.json'], 'The metafield definitions file /nonexistent/definitions.json does not exist.'],
    ];
    it.each(cases)('%j', async (args, flag) => {
      const r = await cli(['sandbox', 'serve', ...args]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(flag);
    });
  });
});
