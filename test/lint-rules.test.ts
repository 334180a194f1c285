// The lint rules that keep DESIGN's boundaries, proven on snippets placed where they would
// live, linted by oxlint with the project's own configuration: each crossing is reported,
// and the imports the house relies on are not.
import { beforeAll, describe, expect, it } from 'vitest';
import { snippetLinter } from './helpers/lint-snippets.js';

// Every snippet below is linted in one run, before the tests read what it found.
const lint = snippetLinter(['house(import-boundaries)', 'eslint(no-restricted-globals)']);
beforeAll(lint.run, 30_000);

describe('only src/core imports undici', () => {
  const commandUndici = lint.at('src/commands/giftcard/peek.ts', "import { request } from 'undici';\nexport const r = request;\n");
  const commandUndiciLazy = lint.at('src/commands/giftcard/peek.ts', "export const load = () => import('undici');\n");
  const bulkUndiciSubpath = lint.at('src/bulk/peek.ts', "export { Pool } from 'undici/lib/dispatcher/pool.js';\n");
  it('reports a command importing undici, statically or lazily', () => {
    expect(commandUndici.problems).toEqual([expect.stringContaining("'undici' is out of bounds")]);
    expect(commandUndiciLazy.problems).toHaveLength(1);
    expect(bulkUndiciSubpath.problems).toHaveLength(1);
  });

  const coreUndici = lint.at('src/core/peek.ts', "import { Pool } from 'undici';\nexport const P = Pool;\n");
  it('lets src/core import it', () => {
    expect(coreUndici.problems).toEqual([]);
  });
});

describe('the sandbox shares no code with the client', () => {
  const sandboxCore = lint.at('src/sandbox/peek.ts', "import { RuntimeError } from '../core/errors.js';\nexport const E = RuntimeError;\n");
  const sandboxWireDeep = lint.at('src/sandbox/routes/peek.ts', "export const load = () => import('../../api/wire.js');\n");
  it('reports a sandbox file importing src/core, at any depth', () => {
    expect(sandboxCore.problems).toEqual([expect.stringContaining("'src/core/errors.ts' is out of bounds")]);
    expect(sandboxWireDeep.problems).toHaveLength(1);
  });

  const sandboxOwnAndPackages = lint.at(
    'src/sandbox/routes/peek.ts',
    "import { z } from 'zod';\nimport type { Store } from '../store.js';\nexport type S = Store;\nexport const Z = z;\n",
  );
  it('lets a sandbox file import the sandbox and packages', () => {
    expect(sandboxOwnAndPackages.problems).toEqual([]);
  });

  const coreSandboxServer = lint.at('src/core/peek.ts', "import { startServer } from '../sandbox/server.js';\nexport const s = startServer;\n");
  const commandSandboxOptionsType = lint.at(
    'src/commands/sandbox/peek.ts',
    "import type { Options } from '../../sandbox/options.js';\nexport type O = Options;\n",
  );
  const commandSandboxLazy = lint.at('src/commands/sandbox/peek.ts', "export const load = () => import('../../sandbox/sandbox.js');\n");
  const commandSandboxServerType = lint.at('src/commands/sandbox/peek.ts', "export type Server = typeof import('../../sandbox/server.js');\n");
  it('reports a client file importing a sandbox internal, even type-only or lazily', () => {
    expect(coreSandboxServer.problems).toEqual([expect.stringContaining("'src/sandbox/server.ts' is out of bounds")]);
    expect(commandSandboxOptionsType.problems).toHaveLength(1);
    expect(commandSandboxLazy.problems).toHaveLength(1);
    expect(commandSandboxServerType.problems).toHaveLength(1);
  });

  const commandSandboxEntryLazy = lint.at('src/commands/sandbox/peek.ts', "export const load = () => import('../../sandbox/index.js');\n");
  const commandsSandboxNoun = lint.at('src/commands/peek.ts', "import * as noun from './sandbox/index.js';\nexport const n = noun;\n");
  it("lets the client import the sandbox's public entry, and commands their own sandbox noun", () => {
    expect(commandSandboxEntryLazy.problems).toEqual([]);
    expect(commandsSandboxNoun.problems).toEqual([]);
  });
});

describe('commands speak domain objects, through ctx', () => {
  const commandWire = lint.at('src/commands/giftcard/peek.ts', "import { unwrap } from '../../api/wire.js';\nexport const u = unwrap;\n");
  const commandRequestsType = lint.at(
    'src/commands/giftcard/peek.ts',
    "import type { GiftCardsApi } from '../../api/gift-cards/requests.js';\nexport type G = GiftCardsApi;\n",
  );
  it('reports a command importing a wire module of src/api', () => {
    expect(commandWire.problems).toEqual([expect.stringContaining("'src/api/wire.ts' is out of bounds")]);
    expect(commandRequestsType.problems).toHaveLength(1);
  });

  const commandSchemasAndSets = lint.at(
    'src/commands/giftcard/peek.ts',
    "import type { GiftCard } from '../../api/gift-cards/schema.js';\nimport { GIFT_CARD_STATUSES } from '../../api/gift-cards/status.js';\nexport type G = GiftCard;\nexport const s = GIFT_CARD_STATUSES;\n",
  );
  it('lets a command import the resources as read and the closed sets', () => {
    expect(commandSchemasAndSets.problems).toEqual([]);
  });

  const commandProcessGlobal = lint.at('src/commands/giftcard/peek.ts', 'export const token = process.env.STORE_CLI_TOKEN;\n');
  const commandNodeProcess = lint.at('src/commands/giftcard/peek.ts', "import { env } from 'node:process';\nexport const e = env;\n");
  it('reports a command reading the process', () => {
    expect(commandProcessGlobal.problems).toEqual([expect.stringContaining('through ctx')]);
    expect(commandNodeProcess.problems).toHaveLength(1);
  });

  const commandConsole = lint.at('src/commands/giftcard/peek.ts', "export const say = () => console.log('hi');\n");
  it('reports a command writing to the console instead of ctx.io', () => {
    expect(commandConsole.problems).toEqual([expect.stringContaining('ctx.io')]);
  });

  const programProcess = lint.at('src/cli.ts', 'export const argv = process.argv;\n');
  it('lets the program read the process', () => {
    expect(programProcess.problems).toEqual([]);
  });
});

describe('no upward arrows', () => {
  const coreCommandsLazy = lint.at('src/core/peek.ts', "export const load = () => import('../commands/index.js');\n");
  const commandProgram = lint.at('src/commands/auth/peek.ts', "import { buildProgram } from '../../cli.js';\nexport const b = buildProgram;\n");
  it('reports src/core importing a command and a command importing the program', () => {
    expect(coreCommandsLazy.problems).toHaveLength(1);
    expect(commandProgram.problems).toHaveLength(1);
  });

  const commandApiCoreContext = lint.at(
    'src/commands/auth/peek.ts',
    "import type { Context } from '../../root/context.js';\nimport { checkPathSegment } from '../../api/path-segment.js';\nimport { UsageError } from '../../core/errors.js';\nexport type C = Context;\nexport const c = checkPathSegment;\nexport const U = UsageError;\n",
  );
  it('lets a command import src/api, src/core and the Context of the composition root', () => {
    expect(commandApiCoreContext.problems).toEqual([]);
  });
});

describe('the composition root: core knows no target, and the root no command', () => {
  const coreContextApi = lint.at('src/core/context.ts', "import type { Api } from '../api/index.js';\nexport type A = Api;\n");
  it('reports src/core naming the API, even as a type in the context (no exception is kept for it)', () => {
    expect(coreContextApi.problems).toEqual([expect.stringContaining("'src/api/index.ts' is out of bounds")]);
  });

  const coreEmbeddedSandbox = lint.at('src/core/embedded-sandbox.ts', "export const load = () => import('../sandbox/index.js');\n");
  it("reports src/core starting the embedded sandbox, even through the sandbox's entry and lazily", () => {
    expect(coreEmbeddedSandbox.problems).toEqual([expect.stringContaining('the composition root (src/root) starts the embedded sandbox')]);
  });

  const coreRoot = lint.at('src/core/peek.ts', "import type { Context } from '../root/context.js';\nexport type C = Context;\n");
  const bulkRoot = lint.at('src/bulk/peek.ts', "import type { Context } from '../root/context.js';\nexport type C = Context;\n");
  const apiRootLazy = lint.at('src/api/peek.ts', "export const load = () => import('../root/embedded-sandbox.js');\n");
  it('reports src/core, a feature or src/api importing the composition root', () => {
    expect(coreRoot.problems).toHaveLength(1);
    expect(bulkRoot.problems).toHaveLength(1);
    expect(apiRootLazy.problems).toHaveLength(1);
  });

  const rootCommands = lint.at('src/root/peek.ts', "import { nouns } from '../commands/index.js';\nexport const n = nouns;\n");
  const rootProgramLazy = lint.at('src/root/peek.ts', "export const load = () => import('../cli.js');\n");
  it('reports the composition root importing a command or the program', () => {
    expect(rootCommands.problems).toEqual([expect.stringContaining('the composition root builds the context')]);
    expect(rootProgramLazy.problems).toHaveLength(1);
  });

  const rootApiCoreSandbox = lint.at(
    'src/root/peek.ts',
    "import type { Api } from '../api/index.js';\nimport { UsageError } from '../core/errors.js';\nexport type A = Api;\nexport const U = UsageError;\nexport const load = () => Promise.all([import('../api/index.js'), import('../sandbox/index.js')]);\n",
  );
  it("lets the composition root import core, the API and the sandbox's entry, lazily", () => {
    expect(rootApiCoreSandbox.problems).toEqual([]);
  });
});
