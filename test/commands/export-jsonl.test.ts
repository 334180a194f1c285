// One spelling on every export: --jsonl writes JSON lines (one object a record, keys as the
// CSV's columns where it has one).
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { cli } from '../helpers/cli-in-process.js';
import { useSandbox } from '../helpers/sandbox.js';

const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('--jsonl on every export', () => {
  const s = useSandbox({ seed: 'demo' });

  it('giftcard export --jsonl: the CSV rows as objects, in the same order', async () => {
    const csv = await cli(['giftcard', 'export'], { env: s.env });
    const jsonl = await cli(['giftcard', 'export', '--jsonl'], { env: s.env });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const rows = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(3);
    expect(lines(jsonl.stdout)).toEqual(rows);
  });

  it('discount export --jsonl: the CSV rows as objects, in the same order', async () => {
    const csv = await cli(['discount', 'export'], { env: s.env });
    const jsonl = await cli(['discount', 'export', '--jsonl'], { env: s.env });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const rows = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(1);
    expect(lines(jsonl.stdout)).toEqual(rows);
  });

  it("metafield definition export --jsonl: the file's definitions, one a line", async () => {
    const file = await cli(['metafield', 'definition', 'export', '--all'], { env: s.env });
    const jsonl = await cli(['metafield', 'definition', 'export', '--all', '--jsonl'], { env: s.env });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const { definitions } = JSON.parse(file.stdout) as { definitions: unknown[] };
    expect(definitions.length).toBeGreaterThan(0);
    expect(lines(jsonl.stdout)).toEqual(definitions);
  });
});
