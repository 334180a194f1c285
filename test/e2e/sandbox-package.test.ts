// `store-cli/sandbox` used the way a user's test suite uses it: a project of its own with
// store-cli in its node_modules (linked to this built package), a TypeScript test file that
// imports the package by name, typechecked by tsc and run by vitest, both spawned there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, requireBuild } from '../helpers/cli-spawn.js';
import { scratchDir } from '../helpers/scratch.js';

const USER_TEST = `
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox, type SandboxSeed } from 'store-cli/sandbox';

const seed: SandboxSeed = { giftCards: [{ id: '4100000000000000001', code: 'SEEDED000001', initialValue: '10.00' }] };
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed });
});
beforeEach(() => sandbox.reset());
afterAll(() => sandbox.stop());

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(\`\${sandbox.baseUrl}/api/202412\${path}\`, {
    method,
    headers: { 'X-Service-Access-Token': sandbox.token, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

it('creates a gift card, and sees the request among those the sandbox answered', async () => {
  const created = await api('POST', '/gift_cards', { giftCard: { code: 'WELCOME2026', initialValue: '25.00' } });
  expect(created.status).toBe(200);
  expect((await api('GET', '/gift_cards/count')).body).toEqual({ count: '2' });
  expect(sandbox.requests().map((r) => \`\${r.method} \${r.path} \${r.status}\`)).toEqual(['POST /api/202412/gift_cards 200', 'GET /api/202412/gift_cards/count 200']);
});

it('is back to its seed after reset(), with no requests listed', async () => {
  expect(sandbox.requests()).toEqual([]);
  expect((await api('GET', '/gift_cards/count')).body).toEqual({ count: '1' });
  await api('POST', '/gift_cards', { giftCard: { code: 'ANOTHER2026', initialValue: '5.00' } });
  await sandbox.reset();
  expect((await api('GET', '/gift_cards/count')).body).toEqual({ count: '1' });
});

it('is typed: a wrong option does not compile', async () => {
  // @ts-expect-error: no such dialect
  await expect(startSandbox({ dialect: 'klingon' })).rejects.toThrow('dialect');
});
`;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', CI: '1' }, timeout: 120_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('store-cli/sandbox in a project of its own', () => {
  let project: string;

  beforeAll(() => {
    requireBuild();
    // Removed when the file ends: rm unlinks the symlinks below, it does not follow them.
    project = scratchDir('store-cli-user-');
    mkdirSync(join(project, 'node_modules', '@types'), { recursive: true });
    symlinkSync(REPO_ROOT, join(project, 'node_modules', 'store-cli'), 'dir');
    symlinkSync(join(REPO_ROOT, 'node_modules', 'vitest'), join(project, 'node_modules', 'vitest'), 'dir');
    symlinkSync(join(REPO_ROOT, 'node_modules', '@types', 'node'), join(project, 'node_modules', '@types', 'node'), 'dir');
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    // Strict, as a user's project is; skipLibCheck as most have it (the build itself fails on a
    // declaration the compiler cannot emit, and an option typed \`any\` would fail the @ts-expect-error).
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2023', 'DOM'], types: ['node'], strict: true, noEmit: true, skipLibCheck: true },
        include: ['sandbox.test.ts'],
      }),
    );
    writeFileSync(join(project, 'sandbox.test.ts'), USER_TEST);
  });

  it('is declared in package.json exports, beside the bin', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(manifest.exports['./sandbox']).toEqual({ types: './dist/types/sandbox/package.d.ts', import: './dist/sandbox.js', require: './dist/sandbox.cjs' });
    expect(manifest.bin).toEqual({ 'store-cli': 'bin/store-cli.js' });
  });

  it('typechecks with tsc', { timeout: 180_000 }, () => {
    const tsc = run(join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('runs under vitest: a card created shows in requests(), reset() empties it', { timeout: 180_000 }, () => {
    const vitest = run(join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ['run', '--root', project], project);
    expect(vitest.output).toMatch(/Tests\s+3 passed \(3\)/);
    expect(vitest.code).toBe(0);
  });

  it("works with CommonJS: require('store-cli/sandbox') starts a sandbox that answers, and stops it", { timeout: 60_000 }, () => {
    const script = `
      const { startSandbox, SandboxUsageError } = require('store-cli/sandbox');
      (async () => {
        const sandbox = await startSandbox({ seed: 'demo' });
        const answer = await fetch(sandbox.baseUrl + '/api/202412/gift_cards/count', { headers: { 'X-Service-Access-Token': sandbox.token } });
        console.log('count', answer.status, JSON.stringify(await answer.json()));
        await sandbox.stop();
        await startSandbox({ ratelimit: 'basic' }).catch((error) => console.log(error instanceof SandboxUsageError, error.message));
      })();
    `;
    // A CommonJS script (no "type": "module" around it), resolved through the package's exports.
    writeFileSync(join(project, 'require-it.cjs'), script);
    const result = run(join(project, 'require-it.cjs'), [], project);
    expect(result.output).toBe('count 200 {"count":"8"}\ntrue startSandbox() has no option ratelimit (did you mean rateLimit?).\n');
    expect(result.code).toBe(0);
  });
});
