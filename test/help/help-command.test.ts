// `store-cli help <command...>` and the suggestions after a typo, through the same
// runCli (exitOverride, our streams, exit codes) every command goes through.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli-in-process.js';
import { STACK_LINE } from '../helpers/stack-trace.js';

describe('store-cli help <command...>', () => {
  it.each([
    [['help'], ['--help']],
    [
      ['help', 'giftcard'],
      ['giftcard', '--help'],
    ],
    [
      ['help', 'giftcard', 'search'],
      ['giftcard', 'search', '--help'],
    ],
    [
      ['help', 'metafield', 'import'],
      ['metafield', 'import', '--help'],
    ],
    [
      ['giftcard', 'help', 'get'],
      ['giftcard', 'get', '--help'],
    ],
    [
      ['--profile', 'staging', 'help', 'product', 'edit'],
      ['product', 'edit', '--help'],
    ],
  ])('%j prints what %j prints, exit 0', async (asked, flag) => {
    const help = await cli(asked);
    const direct = await cli(flag);
    expect(help.code).toBe(0);
    expect(direct.code).toBe(0);
    expect(help.stdout).toBe(direct.stdout);
    expect(help.stdout).toMatch(/^Usage: store-cli/);
    expect(help.stderr).toBe('');
  });

  it("the top help names the variables that move store-cli's files, the code cache's among them", async () => {
    const top = await cli(['--help']);
    const environment = top.stdout.slice(top.stdout.indexOf('Environment:')).replace(/\s+/g, ' ');
    for (const variable of ['STORE_CLI_CONFIG_DIR', 'STORE_CLI_DATA_DIR', 'STORE_CLI_CACHE_DIR', 'NODE_DISABLE_COMPILE_CACHE=1'])
      expect(environment, variable).toContain(variable);
  });

  // Read from the source, so a variable added there and not here fails: one command's own
  // variable is named in that command's help instead (its option's default).
  it('the top help names every STORE_CLI_ variable src/ reads, but those of one command', async () => {
    const ONE_COMMAND: Record<string, string[]> = { STORE_CLI_WEBHOOK_SECRET: ['webhook', 'listen', '--help'] };
    const NOT_VARIABLES = new Set(['STORE_CLI_ATTEMPT_DEADLINE']); // the HTTP client's error code for an attempt past --timeout
    const read = new Set<string>();
    for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')))
      for (const [name] of readFileSync(join('src', file), 'utf8').matchAll(/\bSTORE_CLI_[A-Z_]+\b/g)) read.add(name);
    expect(read.size).toBeGreaterThan(10);
    const top = await cli(['--help']);
    const environment = top.stdout.slice(top.stdout.indexOf('Environment:'));
    for (const variable of [...read].filter((name) => !NOT_VARIABLES.has(name))) {
      const help = ONE_COMMAND[variable] ? (await cli(ONE_COMMAND[variable])).stdout : environment;
      expect(help, variable).toContain(variable);
    }
  });

  it('is listed in the top help with its arguments', async () => {
    const top = await cli(['--help']);
    expect(top.stdout).toMatch(/^ {2}help \[command\.\.\.\] +show help for a command/m);
  });

  // A run that names a noun (and a verb) declares only those (src/cli.ts treeFor): a --help
  // before them asks for the help of a command above, which lists the whole level.
  it('--help before the noun or the verb prints the whole level, not the part a run declares', async () => {
    const root = await cli(['--help', 'giftcard', 'count']);
    expect(root.code).toBe(0);
    expect(root.stdout).toBe((await cli(['--help'])).stdout);
    expect(root.stdout).toMatch(/^ {2}customer +/m);
    const noun = await cli(['giftcard', '--help', 'count']);
    expect(noun.code).toBe(0);
    expect(noun.stdout).toBe((await cli(['giftcard', '--help'])).stdout);
    expect(noun.stdout).toMatch(/^ {2}import \[options\] <file>/m);
  });

  it('a word that names no command is an unknown command, with the closest one', async () => {
    const noun = await cli(['help', 'giftcrad']);
    expect(noun.code).toBe(2);
    expect(noun.stdout).toBe('');
    expect(noun.stderr).toMatch(/unknown command 'giftcrad'\n\(Did you mean giftcard\?\)/);

    const verb = await cli(['help', 'metafield', 'imprt']);
    expect(verb.code).toBe(2);
    expect(verb.stderr).toMatch(/unknown command 'imprt'\n\(Did you mean import\?\)/);
  });
});

describe('a mistyped command suggests the closest', () => {
  it.each([
    [['giftcrad', 'search'], /error: unknown command 'giftcrad'\n\(Did you mean giftcard\?\)\nUsage: store-cli \[options\] \[command\]/],
    [['giftcard', 'serch'], /error: unknown command 'serch'\n\(Did you mean search\?\)\nUsage: store-cli giftcard \[options\] \[command\]/],
    [['prodcut', 'get', '5000000000000000011'], /unknown command 'prodcut'\n\(Did you mean product\?\)/],
    [
      ['giftcard', 'search', '--stauts', 'enabled'],
      /error: unknown option '--stauts'\n\(Did you mean --status\?\)\nUsage: store-cli giftcard search \[options\]/,
    ],
    [['--sandbx', 'giftcard', 'count'], /unknown option '--sandbx'\n\(Did you mean --sandbox\?\)/],
    [['metafield', 'list', 'products', '1', '--namepsace', 'custom'], /unknown option '--namepsace'\n\(Did you mean --namespace\?\)/],
    // A listing named as a noun's verb where the noun's plural lists (gh-style nouns): the plural.
    [
      ['webhook', 'subscription', 'list'],
      /error: unknown command 'list'\n\(Did you mean store-cli webhook subscriptions\?\)\nUsage: store-cli webhook subscription \[options\] \[command\]/,
    ],
    // A verb of the noun above, put under the noun below.
    [
      ['webhook', 'subscription', 'unsubscribe', '4000000000000000123'],
      /error: unknown command 'unsubscribe'\n\(Did you mean store-cli webhook unsubscribe\?\)/,
    ],
    [['metafield', 'definition', 'lst', 'products'], /error: unknown command 'lst'\n\(Did you mean list\?\)/],
  ])('%j: exit 2, nothing on stdout, the closest match on stderr', async (argv, message) => {
    const result = await cli(argv, { env: { STORE_CLI_BASE_URL: 'http://127.0.0.1:9', STORE_CLI_TOKEN: 'never-sent' } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});

describe("a noun's and a verb's --help, and an unknown option", () => {
  it('giftcard --help lists the six verbs', async () => {
    const r = await cli(['giftcard', '--help']);
    expect(r.code).toBe(0);
    for (const verb of ['create', 'update', 'disable', 'get', 'search', 'count']) expect(r.stdout).toMatch(new RegExp(`^\\s+${verb}\\b`, 'm'));
  });

  it("a verb's --help shows its usage line and flags", async () => {
    const r = await cli(['giftcard', 'search', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: store-cli giftcard search \[options\]/);
    expect(r.stdout).toMatch(/--status <status>/);
    expect(r.stdout).toMatch(/--json/);
  });

  it('an unknown option exits 2 with the usage line, before any request', async () => {
    // No credentials at all: a run that got past parsing would exit 4, not 2.
    const r = await cli(['giftcard', 'count', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown option '--bogus'/);
    expect(r.stderr).toMatch(/^Usage: store-cli giftcard count \[options\]$/m);
    expect(r.stderr).not.toMatch(STACK_LINE);
  });
});
