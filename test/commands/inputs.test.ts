// Inputs that used to do harm, in-process against a logged sandbox: a --rejects file that is
// the CSV being imported (under any name), bytes that are not UTF-8, files too large to hold
// in memory, and JSON nested too deep to parse recursively. Each is refused with one sentence,
// and the sandbox's request log shows nothing was sent. Stdin redirected from the file
// imported, and bytes that are not UTF-8 on a real command line: test/e2e/exit-codes.test.ts.
import { linkSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../helpers/cli-in-process.js';
import { runLogged, useLogged } from '../helpers/logged-sandbox.js';
import { STACK_LINE } from '../helpers/stack-trace.js';
import { api } from '../helpers/store-request.js';

const served = useLogged();
const dir = scratchDir('store-cli-inputs-');

/** Runs the CLI; `requests` are those the sandbox logged meanwhile. */
const runSent = (args: string[], options: { stdin?: string | Buffer } = {}) => runLogged(served.store, args, options);

let files = 0;
function csvFile(): { path: string; bytes: Buffer } {
  const path = join(dir, `in-${++files}.csv`);
  const rows = Array.from({ length: 20 }, (_, i) => `products,${7_100_000 + files * 100 + i},ns,c,v${i}`);
  const bytes = Buffer.from(`domain,bizId,namespace,code,value\n${rows.join('\n')}\n`);
  writeFileSync(path, bytes);
  return { path, bytes };
}

describe('--rejects that is the file being imported', () => {
  // [case, the file argument, the --rejects argument] for an input at an absolute path.
  const cases: Array<[string, (input: string) => [string, string]]> = [
    ['./ relative path', (input) => [input, `./${relative(process.cwd(), input)}`]],
    ['absolute path, the input given relative', (input) => [relative(process.cwd(), input), input]],
    [
      'symlink',
      (input) => {
        symlinkSync(input, `${input}.link`);
        return [input, `${input}.link`];
      },
    ],
    [
      'hard link',
      (input) => {
        linkSync(input, `${input}.hard`);
        return [input, `${input}.hard`];
      },
    ],
  ];
  for (const [name, argsFor] of cases) {
    it(`${name}: exit 2, nothing sent, the input byte for byte as it was`, async () => {
      const { path, bytes } = csvFile();
      const [file, rejects] = argsFor(path);
      const r = await runSent(['metafield', 'import', file, '--rejects', rejects]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(
        /^error: --rejects .+ is the file being imported \(.+\): writing it would destroy the input; give another file\. Nothing was sent\.\n/,
      );
      expect(r.stderr).not.toMatch(STACK_LINE);
      expect(r.requests).toEqual([]);
      expect(readFileSync(path).equals(bytes)).toBe(true);
    });
  }
});

describe('bytes that are not UTF-8', () => {
  it('in a CSV cell: that row is rejected naming its line and column, the others are imported (exit 3)', async () => {
    const path = join(dir, 'latin1.csv');
    const rejects = join(dir, 'latin1-rejects.csv');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from('domain,bizId,namespace,code,value\nproducts,7200001,ns,c,ok\nproducts,7200002,ns,c,caf'),
        Buffer.from([0xe9]), // é in Latin-1
        Buffer.from('\nproducts,7200003,ns,c,fine\n'),
      ]),
    );
    const r = await runSent(['metafield', 'import', path, '--rejects', rejects, '--json']);
    expect(r.code, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 3, created: 2, failed: 1 });
    expect(r.stderr).toContain('line 3: the value cell is not valid UTF-8 (save the file as UTF-8)');
    expect(readFileSync(rejects, 'utf8')).toContain('3,products,7200002,ns,c,,caf\uFFFD,the value cell is not valid UTF-8 (save the file as UTF-8)\n');
    expect(r.requests.some((line) => line.includes('/7200002'))).toBe(false);
    expect((await api(served.store, 'GET', '/metafields/products/7200001')).json).toMatchObject({ metafields: [{ value: 'ok' }] });
  });

  it('in a product --file: exit 2 naming the byte offset, nothing sent', async () => {
    const path = join(dir, 'product-latin1.json');
    writeFileSync(path, Buffer.concat([Buffer.from('{\n  "title": "Caf'), Buffer.from([0xe9]), Buffer.from('"\n}\n')]));
    const r = await runSent(['product', 'create', '--file', path]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`--file ${path} is not valid UTF-8: invalid bytes at byte offset 17 (line 2); save it as UTF-8. Nothing was sent.`);
    expect(r.requests).toEqual([]);
  });

  it('in an api --input body on stdin: exit 2, nothing sent', async () => {
    const path = join(dir, 'body.json');
    writeFileSync(path, Buffer.concat([Buffer.from('{"giftCard":{"code":"AB'), Buffer.from([0xc3, 0x28]), Buffer.from('CD1234","initialValue":"5"}}')]));
    const bad = await runSent(['api', 'POST', 'gift_cards', '--input', '-'], { stdin: readFileSync(path) });
    expect(bad.code, bad.stderr).toBe(2);
    expect(bad.stderr).toContain('--input stdin is not valid UTF-8: invalid bytes at byte offset 23 (line 1)');
    expect(bad.requests).toEqual([]);
  });
});

describe('inputs too large or too deep', () => {
  it('a product --file of 150 MB: exit 2 naming the 1 MiB limit, not read, nothing sent', async () => {
    const path = join(dir, 'huge.json');
    writeFileSync(path, '{"title":"big","description":"');
    truncateSync(path, 150 * 1024 * 1024); // sparse: costs no disk
    const r = await runSent(['product', 'create', '--file', path]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      `--file ${path} is 150.0 MiB (157286400 bytes), more than the limit of 1 MiB (1048576 bytes), the largest request body a store takes; nothing was sent.`,
    );
    expect(r.requests).toEqual([]);
  });

  it('a 2 MiB JSON body on stdin (api --input -) and as a file: exit 2, nothing sent', async () => {
    const body = JSON.stringify({ giftCard: { code: 'BIGBODY123', initialValue: '5', note: 'x'.repeat(2 * 1024 * 1024) } });
    const piped = await runSent(['api', 'POST', 'gift_cards', '--input', '-'], { stdin: body });
    expect(piped.code, piped.stderr).toBe(2);
    expect(piped.stderr).toContain('--input stdin gives more than the limit of 1 MiB (1048576 bytes)');
    expect(piped.requests).toEqual([]);
    const path = join(dir, 'big-body.json');
    writeFileSync(path, body);
    const file = await runSent(['api', 'POST', 'gift_cards', '--input', path]);
    expect(file.code, file.stderr).toBe(2);
    expect(file.stderr).toContain(`--input ${path} is 2.0 MiB (${Buffer.byteLength(body)} bytes), more than the limit of 1 MiB`);
    expect(file.requests).toEqual([]);
  });

  it('JSON nested 100,000 deep: exit 2 saying it is too deep and the limit, in --file and --input', async () => {
    const path = join(dir, 'deep.json');
    writeFileSync(path, `{"title":"deep","tags":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const product = await runSent(['product', 'create', '--file', path]);
    expect(product.code, product.stderr).toBe(2);
    expect(product.stderr).toContain(`--file ${path} is nested more than 100 levels deep (at line 1, column 123): the limit is 100; nothing was sent.`);
    expect(product.stderr).not.toMatch(/call stack/);
    expect(product.requests).toEqual([]);
    const raw = await runSent(['api', 'POST', 'products', '--input', path]);
    expect(raw.code, raw.stderr).toBe(2);
    expect(raw.stderr).toContain(`--input ${path} is nested more than 100 levels deep`);
    expect(raw.requests).toEqual([]);
  });
});
