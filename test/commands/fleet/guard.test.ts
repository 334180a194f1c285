// The guard against the wrong store: store.toml's expect_domain, protected and read_only,
// and STORE_CLI_READ_ONLY, enforced on the transport of the run's API before the first
// write. What reached the store is read from the sandbox's own request log.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, liveCli, scratchDir } from '../../helpers/cli-in-process.js';
import { useSandbox } from '../../helpers/sandbox.js';
import { createCardDirect, requestLog, stripAnsi } from '../_support.js';

const DOMAIN = 'eu-shop.genmystore.com';

/** A folder whose store.toml makes `prod` (profile `prod`) its default, with these guards. */
function folder(guards: string): string {
  const root = scratchDir();
  writeFileSync(join(root, 'store.toml'), `[store]\nenv = "prod"\n\n[environments.prod]\nprofile = "prod"\n${guards}\n`);
  return root;
}

const CREATE = ['giftcard', 'create', '--initial-value', '5', '--json'];

describe('the guard', () => {
  const log = requestLog();
  const s = useSandbox({ seed: 'demo', onRequest: log.hook, shopName: 'EU Shop', shopDomain: DOMAIN });
  const writes = async () => (await log.take()).filter((q) => q.method !== 'GET');

  describe('protected = true', () => {
    it('without a terminal, --yes alone exits 2 naming --confirm-store, and nothing reaches the store', async () => {
      const cwd = folder('protected = true');
      log.clear();
      const r = await cli([...CREATE, '--yes'], { cwd, env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("Environment 'prod' is protected");
      expect(r.stderr).toContain('--yes --confirm-store DOMAIN');
      expect(await log.take()).toEqual([]);
    });

    it('--confirm-store naming another domain (or the environment) exits 2, nothing written', async () => {
      const cwd = folder('protected = true');
      for (const named of ['us-shop.genmystore.com', 'prod']) {
        log.clear();
        const r = await cli([...CREATE, '--yes', '--confirm-store', named], { cwd, env: s.env });
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toContain(`--confirm-store names ${named}, but this store is 'EU Shop' at ${DOMAIN}`);
        expect(await writes()).toEqual([]);
      }
    });

    it('--yes --confirm-store with the live domain writes', async () => {
      const cwd = folder('protected = true');
      log.clear();
      const r = await cli([...CREATE, '--yes', '--confirm-store', DOMAIN.toUpperCase()], { cwd, env: s.env });
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).balance).toBe('5.00');
      expect(await writes()).toEqual([expect.objectContaining({ method: 'POST', path: expect.stringMatching(/gift_cards$/) })]);
    });

    it('in a terminal, asks naming the shop and its domain; no sends nothing, yes writes', async () => {
      const cwd = folder('protected = true');
      log.clear();
      const no = await liveCli(CREATE, { cwd, env: s.env, tty: true, stdin: 'n\n' }).done;
      expect(no.code, no.stderr).toBe(2);
      const said = stripAnsi(no.stderr).replace(/\s+/g, ' ');
      expect(said).toContain(`Write to 'EU Shop' (${DOMAIN}), environment 'prod', which is protected?`);
      // The spinner stopped for the question and started again after it (its first frame
      // again): a terminal's would have drawn over the question (the test's stream clears nothing).
      expect(said).toMatch(/which is protected\? No ⠋ Creating the gift card…/);
      expect(await writes()).toEqual([]);
      const yes = await liveCli(CREATE, { cwd, env: s.env, tty: true, stdin: 'y\n' }).done;
      expect(yes.code, yes.stderr).toBe(0);
      expect(await writes()).toHaveLength(1);
    });

    it('guards the profile however it is named: --profile prod in the folder is protected too', async () => {
      const cwd = folder('protected = true');
      log.clear();
      const r = await cli(['--profile', 'prod', ...CREATE, '--yes'], { cwd, env: s.env });
      expect(r.code, r.stderr).toBe(2);
      expect(await log.take()).toEqual([]);
      // Another profile is not that environment.
      const other = await cli(['--profile', 'staging', ...CREATE], { cwd, env: s.env });
      expect(other.code, other.stderr).toBe(0);
    });

    it('reads pass without a question', async () => {
      const r = await cli(['giftcard', 'count'], { cwd: folder('protected = true'), env: s.env });
      expect(r.code, r.stderr).toBe(0);
    });
  });

  describe('expect_domain', () => {
    it('not the shop: exit 4 before the first write, only shops/info read', async () => {
      const cwd = folder('expect_domain = "us-shop.genmystore.com"');
      log.clear();
      const r = await cli(CREATE, { cwd, env: s.env });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).toContain(`Environment 'prod' expects the shop us-shop.genmystore.com`);
      expect(r.stderr).toContain(`this store is 'EU Shop' at ${DOMAIN}`);
      expect(await log.take()).toEqual([expect.objectContaining({ method: 'GET', path: expect.stringMatching(/shops\/info$/) })]);
    });

    it('the shop: the write goes, after one look at shops/info', async () => {
      const cwd = folder(`expect_domain = "${DOMAIN}"`);
      const card = await createCardDirect(s.sandbox);
      log.clear();
      const r = await cli(['giftcard', 'update', card.id, '--note', 'checked'], { cwd, env: s.env });
      expect(r.code, r.stderr).toBe(0);
      const requests = await log.take();
      expect(requests.filter((q) => q.path.endsWith('/shops/info'))).toHaveLength(1);
      expect(requests.filter((q) => q.method !== 'GET')).toHaveLength(1);
    });
  });

  describe('read_only', () => {
    it('refuses api -X POST before sending: exit 2, 0 requests; a GET goes', async () => {
      const cwd = folder('read_only = true');
      log.clear();
      const r = await cli(['api', '-X', 'POST', 'gift_cards', '--input', '-'], { cwd, env: s.env, stdin: '{"giftCard":{"initialValue":"5.00"}}' });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain("environment 'prod' is read_only in");
      expect(await log.take()).toEqual([]);
      const read = await cli(['api', 'gift_cards/count'], { cwd, env: s.env });
      expect(read.code, read.stderr).toBe(0);
    });

    it('STORE_CLI_READ_ONLY=1 does the same with no store.toml', async () => {
      log.clear();
      const r = await cli(CREATE, { cwd: scratchDir(), env: { ...s.env, STORE_CLI_READ_ONLY: '1' } });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('STORE_CLI_READ_ONLY=1 is set, so only GET requests are sent; nothing was sent');
      expect(await log.take()).toEqual([]);
    });
  });
});
