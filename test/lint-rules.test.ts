// The lint rules that keep DESIGN's boundaries, proven on snippets placed where they would
// live: each crossing is reported, and the imports the house relies on are not.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const HOUSE_RULES = ['house/import-boundaries', 'no-restricted-globals'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: projectRoot });
});

/** The house-rule messages eslint reports for `code` as if it were the file at `filePath`. */
async function houseProblems(filePath: string, code: string): Promise<string[]> {
  // An ignored path would report nothing and prove nothing.
  expect(await eslint.isPathIgnored(filePath)).toBe(false);
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId !== null && HOUSE_RULES.includes(message.ruleId)).map((message) => message.message);
}

describe('only src/core imports undici', () => {
  it('reports a command importing undici, statically or lazily', async () => {
    expect(await houseProblems('src/commands/giftcard/peek.ts', "import { request } from 'undici';\nexport const r = request;\n")).toEqual([
      expect.stringContaining("'undici' is out of bounds"),
    ]);
    expect(await houseProblems('src/commands/giftcard/peek.ts', "export const load = () => import('undici');\n")).toHaveLength(1);
    expect(await houseProblems('src/bulk/peek.ts', "export { Pool } from 'undici/lib/dispatcher/pool.js';\n")).toHaveLength(1);
  });

  it('lets src/core import it', async () => {
    expect(await houseProblems('src/core/peek.ts', "import { Pool } from 'undici';\nexport const P = Pool;\n")).toEqual([]);
  });
});

describe('the sandbox shares no code with the client', () => {
  it('reports a sandbox file importing src/core, at any depth', async () => {
    expect(await houseProblems('src/sandbox/peek.ts', "import { RuntimeError } from '../core/errors.js';\nexport const E = RuntimeError;\n")).toEqual([
      expect.stringContaining("'src/core/errors.ts' is out of bounds"),
    ]);
    expect(await houseProblems('src/sandbox/routes/peek.ts', "export const load = () => import('../../api/wire.js');\n")).toHaveLength(1);
  });

  it('lets a sandbox file import the sandbox and packages', async () => {
    expect(
      await houseProblems(
        'src/sandbox/routes/peek.ts',
        "import { z } from 'zod';\nimport type { Store } from '../store.js';\nexport type S = Store;\nexport const Z = z;\n",
      ),
    ).toEqual([]);
  });

  it('reports a client file importing a sandbox internal, even type-only or lazily', async () => {
    expect(await houseProblems('src/core/peek.ts', "import { startServer } from '../sandbox/server.js';\nexport const s = startServer;\n")).toEqual([
      expect.stringContaining("'src/sandbox/server.ts' is out of bounds"),
    ]);
    expect(
      await houseProblems('src/commands/sandbox/peek.ts', "import type { Options } from '../../sandbox/options.js';\nexport type O = Options;\n"),
    ).toHaveLength(1);
    expect(await houseProblems('src/commands/sandbox/peek.ts', "export const load = () => import('../../sandbox/sandbox.js');\n")).toHaveLength(1);
    expect(await houseProblems('src/commands/sandbox/peek.ts', "export type Server = typeof import('../../sandbox/server.js');\n")).toHaveLength(1);
  });

  it("lets the client import the sandbox's public entry, and commands their own sandbox noun", async () => {
    expect(await houseProblems('src/commands/sandbox/peek.ts', "export const load = () => import('../../sandbox/index.js');\n")).toEqual([]);
    expect(await houseProblems('src/commands/peek.ts', "import * as noun from './sandbox/index.js';\nexport const n = noun;\n")).toEqual([]);
  });
});

describe('commands speak domain objects, through ctx', () => {
  it('reports a command importing a wire module of src/api', async () => {
    expect(await houseProblems('src/commands/giftcard/peek.ts', "import { unwrap } from '../../api/wire.js';\nexport const u = unwrap;\n")).toEqual([
      expect.stringContaining("'src/api/wire.ts' is out of bounds"),
    ]);
    expect(
      await houseProblems(
        'src/commands/giftcard/peek.ts',
        "import type { GiftCardsApi } from '../../api/gift-cards/requests.js';\nexport type G = GiftCardsApi;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a command import the resources as read and the closed sets', async () => {
    expect(
      await houseProblems(
        'src/commands/giftcard/peek.ts',
        "import type { GiftCard } from '../../api/gift-cards/schema.js';\nimport { GIFT_CARD_STATUSES } from '../../api/gift-cards/status.js';\nexport type G = GiftCard;\nexport const s = GIFT_CARD_STATUSES;\n",
      ),
    ).toEqual([]);
  });

  it('reports a command reading the process', async () => {
    expect(await houseProblems('src/commands/giftcard/peek.ts', 'export const token = process.env.STORE_CLI_TOKEN;\n')).toEqual([
      expect.stringContaining('through ctx'),
    ]);
    expect(await houseProblems('src/commands/giftcard/peek.ts', "import { env } from 'node:process';\nexport const e = env;\n")).toHaveLength(1);
  });

  it('reports a command writing to the console instead of ctx.io', async () => {
    expect(await houseProblems('src/commands/giftcard/peek.ts', "export const say = () => console.log('hi');\n")).toEqual([expect.stringContaining('ctx.io')]);
  });

  it('lets the program read the process', async () => {
    expect(await houseProblems('src/cli.ts', 'export const argv = process.argv;\n')).toEqual([]);
  });
});

describe('no upward arrows', () => {
  it('reports src/core importing a command and a command importing the program', async () => {
    expect(await houseProblems('src/core/peek.ts', "export const load = () => import('../commands/index.js');\n")).toHaveLength(1);
    expect(await houseProblems('src/commands/auth/peek.ts', "import { buildProgram } from '../../cli.js';\nexport const b = buildProgram;\n")).toHaveLength(1);
  });

  it('lets a command import src/api, src/core and the Context of the composition root', async () => {
    expect(
      await houseProblems(
        'src/commands/auth/peek.ts',
        "import type { Context } from '../../root/context.js';\nimport { checkPathSegment } from '../../api/path-segment.js';\nimport { UsageError } from '../../core/errors.js';\nexport type C = Context;\nexport const c = checkPathSegment;\nexport const U = UsageError;\n",
      ),
    ).toEqual([]);
  });
});

describe('the composition root: core knows no target, and the root no command', () => {
  it('reports src/core naming the API, even as a type in the context (no exception is kept for it)', async () => {
    expect(await houseProblems('src/core/context.ts', "import type { Api } from '../api/index.js';\nexport type A = Api;\n")).toEqual([
      expect.stringContaining("'src/api/index.ts' is out of bounds"),
    ]);
  });

  it("reports src/core starting the embedded sandbox, even through the sandbox's entry and lazily", async () => {
    expect(await houseProblems('src/core/embedded-sandbox.ts', "export const load = () => import('../sandbox/index.js');\n")).toEqual([
      expect.stringContaining('the composition root (src/root) starts the embedded sandbox'),
    ]);
  });

  it('reports src/core, a feature or src/api importing the composition root', async () => {
    expect(await houseProblems('src/core/peek.ts', "import type { Context } from '../root/context.js';\nexport type C = Context;\n")).toHaveLength(1);
    expect(await houseProblems('src/bulk/peek.ts', "import type { Context } from '../root/context.js';\nexport type C = Context;\n")).toHaveLength(1);
    expect(await houseProblems('src/api/peek.ts', "export const load = () => import('../root/embedded-sandbox.js');\n")).toHaveLength(1);
  });

  it('reports the composition root importing a command or the program', async () => {
    expect(await houseProblems('src/root/peek.ts', "import { nouns } from '../commands/index.js';\nexport const n = nouns;\n")).toEqual([
      expect.stringContaining('the composition root builds the context'),
    ]);
    expect(await houseProblems('src/root/peek.ts', "export const load = () => import('../cli.js');\n")).toHaveLength(1);
  });

  it("lets the composition root import core, the API and the sandbox's entry, lazily", async () => {
    expect(
      await houseProblems(
        'src/root/peek.ts',
        "import type { Api } from '../api/index.js';\nimport { UsageError } from '../core/errors.js';\nexport type A = Api;\nexport const U = UsageError;\nexport const load = () => Promise.all([import('../api/index.js'), import('../sandbox/index.js')]);\n",
      ),
    ).toEqual([]);
  });
});
