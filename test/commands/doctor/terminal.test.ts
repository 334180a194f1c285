// doctor in a terminal: a line a check (its name and status), then what it saw and its hint
// under it, indented and wrapped to the terminal's width, whole: the hint is the fix, and at
// 80 columns a column beside the check left it ~24 cells. Piped, the four fields stay columns.
import { describe, expect, it } from 'vitest';
import { SimClock } from '../../bulk/sim-clock.js';
import { cli } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { tsvRows } from '../_support.js';

/** What two runs say alike: how long the store took to answer aside. */
const steady = (text: string) => text.replace(/answered in \d+ ms/, 'answered in N ms');

interface Line {
  check: string;
  status: string;
  detail: string;
  hint: string;
}

describe('doctor in a terminal', () => {
  // No rate-limit header: the rate limit check warns, with a hint.
  const s = useSandbox({ seed: 'demo' });
  const doctor = (args: string[], options: { columns?: number } = {}) =>
    cli(['doctor', ...args], {
      env: { ...s.env, NO_COLOR: '1' },
      clock: new SimClock().autoAdvance(),
      ...(options.columns ? { tty: true, columns: options.columns } : {}),
    });

  it.each([80, 120])('at %i columns: each check on its line, its detail and hint whole under it, no line wider', async (columns) => {
    const [table, json] = [await doctor([], { columns }), await doctor(['--json'])];
    expect(table.code, table.stderr).toBe(0);
    const checks = JSON.parse(json.stdout) as Line[];
    expect(checks.some((c) => c.hint !== '')).toBe(true);
    const lines = table.stdout.trimEnd().split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(columns);
    expect(lines[0]!.split(/\s{2,}/)).toEqual(['CHECK', 'STATUS']);
    // The lines of each check: its own, then the indented ones under it, up to the next check's.
    const starts = lines.map((line, i) => (i > 0 && !line.startsWith(' ') ? i : -1)).filter((i) => i > 0);
    expect(starts).toHaveLength(checks.length);
    starts.forEach((start, n) => {
      const check = checks[n]!;
      expect(lines[start]!.split(/\s{2,}/)).toEqual([check.check, check.status]);
      const under = lines.slice(start + 1, starts[n + 1] ?? lines.length);
      for (const line of under) expect(line).toMatch(/^ {4}\S/);
      const text = under.map((line) => line.trim()).join(' ');
      expect(steady(text)).toBe(steady(check.hint === '' ? check.detail : `${check.detail} hint: ${check.hint}`));
    });
  });

  it('piped: the four fields a line, as before', async () => {
    const piped = await doctor([]);
    expect(piped.code, piped.stderr).toBe(0);
    const checks = JSON.parse((await doctor(['--json'])).stdout) as Line[];
    expect(tsvRows(steady(piped.stdout))).toEqual(checks.map((c) => [c.check, c.status, steady(c.detail), c.hint]));
    const chosen = await doctor(['--columns', 'check,hint']);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(tsvRows(chosen.stdout)).toEqual(checks.map((c) => [c.check, c.hint]));
  });
});
