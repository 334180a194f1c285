import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { cli, liveCli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { freshIds, readBack, scratchFile } from './_import.js';

const importArgs = (...rest: string[]) => ['metafield', 'import', ...rest];

describe('metafield import: JSON lines', () => {
  const s = useSandbox({ seed: 'demo' });

  it('reads a .jsonl file as export --jsonl writes it, typed values converted; rows named by line; a re-run changes nothing', async () => {
    const [a, b] = freshIds(2);
    const lines = [
      JSON.stringify({ domain: 'products', bizId: a, namespace: 'custom', code: 'care_guide', value: 'one\ntwo, "three"', type: 'MultiLineText' }),
      JSON.stringify({ domain: 'products', bizId: a, namespace: 'specs', code: 'weight', value: '1.5 kg', type: 'Weight' }),
      '',
      'not json',
      JSON.stringify({ domain: 'products', bizId: b, namespace: 'custom', code: 'stock_floor', value: 'lots', type: 'Integer' }),
      JSON.stringify({ domain: 'products', bizId: b, namespace: 'x', code: 'y', value: 'v', colour: 'red' }),
    ];
    const file = scratchFile('values.jsonl', `${lines.join('\n')}\n`);
    const rejects = `${dirname(file)}/rejects.csv`;
    const r = await cli(importArgs(file, '--rejects', rejects, '--json'), { env: s.env });
    expect(r.code, r.stderr).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ rows: 5, created: 2, failed: 3 });
    const failed = parse(readFileSync(rejects, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(failed.map((f) => [f.line, f.reason])).toEqual([
      ['4', expect.stringMatching(/^the line is not JSON/)],
      ['5', expect.stringMatching(/^the value "lots" is not an Integer/)],
      ['6', 'unknown key "colour"; the keys are domain, bizId, namespace, code, value, type'],
    ]);
    expect(await readBack(s.sandbox, [['products', a!]])).toEqual(
      new Map([
        [`products/${a}/custom.care_guide`, 'one\ntwo, "three"'],
        [`products/${a}/specs.weight`, '{"value":1.5,"unit":"kg"}'],
      ]),
    );
    const again = await cli(importArgs(file, '--json'), { env: s.env });
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 5, created: 0, unchanged: 2, failed: 3 });
  });

  it('reads stdin as JSON lines when its first character is {, as CSV otherwise', async () => {
    const [a, b] = freshIds(2);
    const jsonl = `${JSON.stringify({ domain: 'products', bizId: a, namespace: 'n', code: 'c', value: 'from jsonl' })}\n`;
    const r1 = await cli(importArgs('-', '--json'), { env: s.env, stdin: jsonl });
    expect(r1.code, r1.stderr).toBe(0);
    expect(JSON.parse(r1.stdout)).toMatchObject({ rows: 1, created: 1 });
    const r2 = await cli(importArgs('-', '--json'), { env: s.env, stdin: `domain,bizId,namespace,code,value\nproducts,${b},n,c,from csv\n` });
    expect(JSON.parse(r2.stdout)).toMatchObject({ rows: 1, created: 1 });
    const state = await readBack(s.sandbox, [
      ['products', a!],
      ['products', b!],
    ]);
    expect([...state.values()]).toEqual(['from jsonl', 'from csv']);
  });

  it('--domain stands in for the domain key', async () => {
    const [a] = freshIds(1);
    const r = await cli(importArgs('-', '--domain', 'customers', '--json'), {
      env: s.env,
      stdin: `{"bizId":${a},"namespace":"custom","code":"vip","value":"yes","type":"Boolean"}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(await readBack(s.sandbox, [['customers', a!]])).toEqual(new Map([[`customers/${a}/custom.vip`, 'true']]));
  });

  it('Ctrl-C while stdin has sent nothing (its format not known yet): exit 130 after a summary', async () => {
    const controller = new AbortController();
    const live = liveCli(importArgs('-'), { env: s.env, signal: controller.signal, keepStdinOpen: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    controller.abort();
    const r = await live.done;
    expect(r.code, r.stderr).toBe(130);
    expect(r.stderr).toMatch(/^Interrupted: /m);
  });
});
