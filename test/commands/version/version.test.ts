import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli-in-process.js';
import { VERSION } from '../../../src/version.js';

// `store-cli version`, as gh, stripe and shopify have it: what --version prints, and with
// --json the version, the Node.js version and the platform.
describe('store-cli version', () => {
  it('prints what --version prints, piped and in a terminal', async () => {
    const flag = await cli(['--version']);
    expect(flag.stdout).toBe(`${VERSION}\n`);
    for (const tty of [false, true]) {
      const r = await cli(['version'], { tty });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(flag.stdout);
      expect(r.stderr).toBe('');
    }
  });

  it('--json: {version, node, platform}; --json version alone; an unknown field exits 2', async () => {
    const r = await cli(['version', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ version: VERSION, node: process.versions.node, platform: process.platform });
    expect(JSON.parse((await cli(['version', '--json', 'version'])).stdout)).toEqual({ version: VERSION });
    const unknown = await cli(['version', '--json', 'arch']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Valid fields: version, node, platform');
  });
});
