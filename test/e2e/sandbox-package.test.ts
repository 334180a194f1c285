// `store-cli/sandbox` used the way a user's test suite uses it: a project of its own with
// store-cli in its node_modules (linked to this built package), a TypeScript test file that
// imports the package by name, typechecked by tsc and run by vitest, both spawned there.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

it('adds a fault rule for one test and removes it', async () => {
  const fault = sandbox.addFault('GET /api/202412/gift_cards/count 503');
  expect((await api('GET', '/gift_cards/count')).status).toBe(503);
  expect(sandbox.removeFault(fault.id).rule).toBe('GET /api/202412/gift_cards/count 503');
  expect((await api('GET', '/gift_cards/count')).status).toBe(200);
});

it('is typed: a wrong option does not compile', async () => {
  // @ts-expect-error: no such dialect
  await expect(startSandbox({ dialect: 'klingon' })).rejects.toThrow('dialect');
});
`;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(process.execPath, [command, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', CI: '1' },
    timeout: 120_000,
  });
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
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2023', 'DOM'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
        },
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

  // With TypeScript 5.9; the project below, which checks every declaration file, compiles with
  // 7, npm's latest: both majors users have (5.9 checking zod's declarations took 5.7 CPU-s, 7 1.4).
  it('typechecks with tsc', { timeout: 180_000 }, () => {
    const tsc = run(join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });

  it('runs under vitest: a card created shows in requests(), reset() empties it', { timeout: 180_000 }, () => {
    const vitest = run(join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), ['run', '--root', project], project);
    expect(vitest.output).toMatch(/Tests\s+4 passed \(4\)/);
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

  it.each([
    ['an ES module', 'names.mjs', "import { startSandbox, SandboxUsageError } from 'store-cli/sandbox';"],
    ['CommonJS', 'names.cjs', "const { startSandbox, SandboxUsageError } = require('store-cli/sandbox');"],
  ])('keeps its class names and a readable stack (%s)', { timeout: 60_000 }, (_kind, file, load) => {
    writeFileSync(
      join(project, file),
      `${load}
      startSandbox({ ratelimit: 'basic' }).catch((error) => {
        console.log(JSON.stringify({ name: error.name, constructor: error.constructor.name, exported: SandboxUsageError.name, instance: error instanceof SandboxUsageError }));
        console.log(error.stack.split('\\n').slice(1, 3).join('\\n'));
      });`,
    );
    const result = run(join(project, file), [], project);
    expect(result.code, result.output).toBe(0);
    const [names, ...frames] = result.output.trim().split('\n');
    expect(JSON.parse(names!)).toEqual({ name: 'SandboxUsageError', constructor: 'SandboxUsageError', exported: 'SandboxUsageError', instance: true });
    // The frames name the sandbox's own functions, as its source does, not one-letter names.
    expect(frames.join('\n')).toMatch(/^\s+at checkOptions \(.*dist\/sandbox\.c?js:\d+:\d+\)\n\s+at startSandbox \(/);
  });
});

describe('store-cli/sandbox typed in a project without @types/node', () => {
  it("compiles with tsc, strict and without skipLibCheck: the package's declarations need no Node.js types", { timeout: 180_000 }, () => {
    requireBuild();
    const project = scratchDir('store-cli-no-node-types-');
    // The package as installed: its manifest and declarations beside its dependencies; no
    // devDependency of this repository (@types/node) where the compiler could find it.
    const installed = join(project, 'node_modules', 'store-cli');
    mkdirSync(join(installed, 'dist'), { recursive: true });
    copyFileSync(join(REPO_ROOT, 'package.json'), join(installed, 'package.json'));
    cpSync(join(REPO_ROOT, 'dist', 'types'), join(installed, 'dist', 'types'), { recursive: true });
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies)) {
      mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
      symlinkSync(join(REPO_ROOT, 'node_modules', name), join(project, 'node_modules', name), 'dir');
    }
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        // Every declaration file checked (the package's and those it names, zod's) but TypeScript's
        // own lib files, which are TypeScript's to check and were a third of the time.
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          skipDefaultLibCheck: true,
        },
        include: ['uses.ts'],
      }),
    );
    writeFileSync(
      join(project, 'uses.ts'),
      `import { startSandbox, SandboxUsageError, type Sandbox, type SandboxFault, type SandboxSeed, type StartSandboxOptions } from 'store-cli/sandbox';
      const seed: SandboxSeed = { giftCards: [{ id: '4100000000000000001', code: 'SEEDED000001', initialValue: '10.00' }] };
      const options: StartSandboxOptions = { seed, rateLimit: 'basic', faults: { header: true, rules: ['GET ** 503@0.1'] } };
      export async function once(): Promise<string> {
        const sandbox: Sandbox = await startSandbox(options);
        const fault: SandboxFault = sandbox.addFault('POST /api/202412/gift_cards 503');
        sandbox.removeFault(fault.id);
        await sandbox.stop();
        return new SandboxUsageError('x').message + sandbox.requests().length;
      }
      `,
    );
    const tsc = run(join(REPO_ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc'), ['-p', 'tsconfig.json'], project);
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
  });
});
