import { describe, expect, it } from 'vitest';
import { cli } from './helpers/cli-in-process.js';
import { useSandbox } from './helpers/sandbox.js';

describe('smoke', () => {
  const s = useSandbox({ seed: 'demo' });
  it('counts the demo cards', async () => {
    const r = await cli(['giftcard', 'count', '--json'], { env: s.env });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(r.stdout)).toEqual({ count: 8 });
  });
});
