// The completion scripts in real shells, against the built binary: bash through
// `complete`/`compgen` (COMP_WORDS set by hand, COMPREPLY read back), zsh interactively in
// tmux (the _arguments machinery only runs inside a completion widget), fish through
// `complete -C`. Profile names come from the saved profiles. What `completion <shell>` prints
// (the command tree's, like any verb) is in-process: test/commands/completion.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../helpers/needs.js';
import { BIN, isolatedEnv, killLeftovers, removeScratch, requireBuild, REPO_ROOT, run, scratch, shq, TMUX, until, type Env } from '../helpers/cli-spawn.js';

const COMPLETIONS = join(REPO_ROOT, 'completions');
const script = (name: string) => readFileSync(join(COMPLETIONS, name), 'utf8');

function installed(shell: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${shell}`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : undefined;
}
const BASH = installed('bash');
const ZSH = installed('zsh');
const FISH = installed('fish');
const missing = (shell: string) => `(skipped: ${shell} is not installed here; .ci/run installs it)`;

const dirs = scratch();
/** A `store-cli` on PATH (the scripts call the command word back for profile names). */
const binDir = join(dirs.root, 'bin');
let env: Env;

beforeAll(async () => {
  requireBuild();
  mkdirSync(binDir, { recursive: true });
  writeFileSync(join(binDir, 'store-cli'), `#!/bin/sh\nexec ${shq(process.execPath)} ${shq(BIN)} "$@"\n`);
  chmodSync(join(binDir, 'store-cli'), 0o755);
  env = isolatedEnv({ PATH: `${binDir}:${process.env.PATH ?? '/usr/bin:/bin'}` }, dirs);
  // Two saved profiles, as `auth login` leaves them (a private folder, a private file).
  mkdirSync(dirs.configDir, { recursive: true, mode: 0o700 });
  const profile = { baseUrl: 'http://127.0.0.1:9', token: 'completion-token-0001' };
  writeFileSync(join(dirs.configDir, 'config.json'), JSON.stringify({ profiles: { default: profile, staging: profile } }), { mode: 0o600 });
});

afterAll(() => {
  killLeftovers();
  removeScratch();
});

describe('store-cli __complete profiles', () => {
  it('lists the saved profile names, one a line', async () => {
    const result = await run(['__complete', 'profiles'], { env });
    expect(result).toMatchObject({ code: 0, stdout: 'default\nstaging\n', stderr: '' });
  });

  it('prints nothing and succeeds without a config file, or with a broken one', async () => {
    expect(await run(['__complete', 'profiles'], { env: isolatedEnv() })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const broken = scratch();
    mkdirSync(broken.configDir, { recursive: true });
    writeFileSync(join(broken.configDir, 'config.json'), '{"profiles": ');
    expect(await run(['__complete', 'profiles'], { env: isolatedEnv({}, broken) })).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe(`bash ${BASH ? '' : missing('bash')}`, () => {
  /** COMPREPLY, one a line, after completing the last word of `words`. */
  function complete(...words: string[]): string[] {
    const program = [
      `source ${shq(join(COMPLETIONS, 'store-cli.bash'))}`,
      `COMP_WORDS=(${words.map(shq).join(' ')})`,
      `COMP_CWORD=${words.length - 1}`,
      `COMP_LINE=${shq(words.join(' '))}`,
      `COMP_POINT=\${#COMP_LINE}`,
      '_store_cli',
      `printf '%s\\n' "\${COMPREPLY[@]}"`,
    ].join('\n');
    const result = spawnSync(BASH!, ['--norc', '--noprofile', '-c', program], { encoding: 'utf8', env, cwd: dirs.root });
    if (result.status !== 0) throw new Error(`bash failed: ${result.stderr}`);
    return result.stdout.split('\n').filter((line) => line !== '');
  }

  it('registers _store_cli for store-cli', (ctx) => {
    needs(ctx, 'bash', BASH);
    const result = spawnSync(BASH!, ['--norc', '--noprofile', '-c', `source ${shq(join(COMPLETIONS, 'store-cli.bash'))}; complete -p store-cli`], {
      encoding: 'utf8',
    });
    expect(result.stdout.trim()).toBe('complete -F _store_cli store-cli');
  });

  it('completes nouns, and the verbs of a noun', (ctx) => {
    needs(ctx, 'bash', BASH);
    expect(complete('store-cli', '')).toEqual(
      expect.arrayContaining(['auth', 'giftcard', 'metafield', 'product', 'category', 'collection', 'webhook', 'sandbox', 'completion']),
    );
    expect(complete('store-cli', 'gi')).toEqual(['giftcard']);
    expect(complete('store-cli', 'giftcard', '')).toEqual(['create', 'update', 'disable', 'get', 'search', 'count', 'import', 'export', 'help']);
    expect(complete('store-cli', '--profile', 'staging', 'completion', '')).toEqual(['bash', 'zsh', 'fish', 'help']);
  });

  it('completes the flags of a verb with the global ones, after values and arguments', (ctx) => {
    needs(ctx, 'bash', BASH);
    const flags = complete('store-cli', 'giftcard', 'search', '--limit', '5', '--');
    expect(flags).toEqual(expect.arrayContaining(['--limit', '--since-id', '--status', '--all', '--json', '--jsonl', '--help', '--profile', '--sandbox']));
    expect(flags).not.toContain('--initial-value');
    expect(complete('store-cli', 'metafield', 'delete', 'products', '1', '-')).toEqual(expect.arrayContaining(['--namespace', '--code', '-y', '--yes']));
  });

  it('completes enum values after --status, --type and the other enum flags and arguments', (ctx) => {
    needs(ctx, 'bash', BASH);
    expect(complete('store-cli', 'giftcard', 'search', '--status', '')).toEqual(['enabled', 'disabled', 'expired']);
    expect(complete('store-cli', 'giftcard', 'search', '--status', '=', 'e')).toEqual(['enabled', 'expired']);
    expect(complete('store-cli', 'product', 'create', '--status', '')).toEqual(['active', 'draft', 'archived']);
    expect(complete('store-cli', 'product', 'edit', '1', '--weight-unit', 'k')).toEqual(['kg']);
    expect(complete('store-cli', 'metafield', 'set', 'products', '1', '--type', '')).toHaveLength(20);
    expect(complete('store-cli', 'metafield', 'set', 'products', '1', '--type', 'Date')).toEqual(['Date', 'DateTime']);
    expect(complete('store-cli', 'metafield', 'set', '')).toEqual(['products', 'variants', 'collections', 'customers', 'orders', 'pages', 'shop']);
    expect(complete('store-cli', 'metafield', 'set', 'products', '')).toEqual([]);
    expect(complete('store-cli', 'webhook', 'trigger', '').slice(0, 4)).toEqual(['products/create', 'products/update', 'products/delete', 'orders/create']);
    expect(complete('store-cli', 'webhook', 'trigger', 'cust')).toEqual([
      'customers/create',
      'customers/update',
      'customers/delete',
      'customers/merge',
      'customers/data_request',
      'customers/redact',
    ]);
    expect(complete('store-cli', 'sandbox', 'serve', '--ids-as', '')).toEqual(['string', 'number']);
  });

  it('completes the field names --json takes, after the commas already typed', (ctx) => {
    needs(ctx, 'bash', BASH);
    expect(complete('store-cli', 'giftcard', 'get', '1', '--json', '')).toEqual([
      'id',
      'code',
      'lastCharacters',
      'balance',
      'initialValue',
      'currency',
      'customerId',
      'orderId',
      'lineItemId',
      'note',
      'disableTime',
      'expireTime',
      'createTime',
      'updateTime',
      'userId',
    ]);
    expect(complete('store-cli', 'giftcard', 'search', '--json', 'id,ba')).toEqual(['id,balance']);
    expect(complete('store-cli', 'metafield', 'list', 'products', '1', '--json', '=', 'code,v')).toEqual(['code,value']);
    expect(complete('store-cli', 'api', 'GET', 'x', '--json', '')).toEqual([]);
  });

  it('completes saved profile names after --profile, at any depth', (ctx) => {
    needs(ctx, 'bash', BASH);
    expect(complete('store-cli', '--profile', '')).toEqual(['default', 'staging']);
    expect(complete('store-cli', 'giftcard', 'count', '--profile', 'st')).toEqual(['staging']);
  });

  it('completes file names for file values', (ctx) => {
    needs(ctx, 'bash', BASH);
    writeFileSync(join(dirs.root, 'values.csv'), 'domain,bizId,namespace,code,value\n');
    expect(complete('store-cli', 'metafield', 'import', 'val')).toEqual(['values.csv']);
    expect(complete('store-cli', 'product', 'create', '--file', 'val')).toEqual(['values.csv']);
  });
});

describe(`fish ${FISH ? '' : missing('fish')}`, () => {
  /** The candidates fish offers for the command line, without their descriptions. */
  function complete(line: string): string[] {
    const program = `source ${shq(join(COMPLETIONS, 'store-cli.fish'))}; complete -C ${shq(line)}`;
    const result = spawnSync(FISH!, ['--no-config', '-c', program], { encoding: 'utf8', env, cwd: dirs.root });
    if (result.status !== 0) throw new Error(`fish failed: ${result.stderr}`);
    return result.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => l.split('\t')[0]!);
  }

  it('completes nouns, verbs and flags', (ctx) => {
    needs(ctx, 'fish', FISH);
    expect(complete('store-cli ')).toEqual(expect.arrayContaining(['auth', 'giftcard', 'metafield', 'completion']));
    expect(complete('store-cli giftcard ')).toEqual(expect.arrayContaining(['create', 'search', 'count', 'import', 'export']));
    expect(complete('store-cli giftcard ')).not.toContain('set');
    expect(complete('store-cli giftcard search --s')).toEqual(['--sandbox', '--since-id', '--status']);
  });

  it('completes enum values and profile names', (ctx) => {
    needs(ctx, 'fish', FISH);
    expect(complete('store-cli giftcard search --status ')).toEqual(['disabled', 'enabled', 'expired']);
    expect(complete('store-cli metafield set products 1 --type D')).toEqual(['Date', 'DateTime', 'Decimal']);
    expect(complete('store-cli metafield list ')).toContain('customers');
    expect(complete('store-cli metafield list customers ')).toEqual([]);
    expect(complete('store-cli webhook trigger ')).toEqual([
      'app/authorizationCodeGranted',
      'app/scopesUpdate',
      'app/uninstalled',
      'customers/create',
      'customers/data_request',
      'customers/delete',
      'customers/merge',
      'customers/redact',
      'customers/update',
      'discounts/create',
      'discounts/delete',
      'discounts/update',
      'orders/cancelled',
      'orders/create',
      'orders/delete',
      'orders/fulfilled',
      'orders/paid',
      'orders/partiallyFulfilled',
      'orders/update',
      'products/create',
      'products/delete',
      'products/update',
      'shop/redact',
      'shop/update',
    ]);
    expect(complete('store-cli --profile ')).toEqual(['default', 'staging']);
    expect(complete('store-cli giftcard get 1 --profile s')).toEqual(['staging']);
  });

  it('completes the field names --json takes, after the commas already typed', (ctx) => {
    needs(ctx, 'fish', FISH);
    expect(complete('store-cli giftcard count --json ')).toEqual(['count']);
    expect(complete('store-cli giftcard get 1 --json id,ba')).toEqual(['id,balance']);
    expect(complete('store-cli metafield list products 1 --json=code,v')).toEqual(['--json=code,value']);
  });
});

describe(`zsh ${ZSH && TMUX ? '' : missing(ZSH ? 'tmux' : 'zsh')}`, () => {
  it('the script is valid zsh', (ctx) => {
    needs(ctx, 'zsh', ZSH);
    const result = spawnSync(ZSH!, ['-n', join(COMPLETIONS, '_store-cli')], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
  });

  it('completes nouns, verbs, flags, enum values and profile names in an interactive zsh', async (ctx) => {
    needs(ctx, 'zsh', ZSH);
    needs(ctx, 'tmux', TMUX);
    const fpath = join(dirs.root, 'zsh-functions');
    mkdirSync(fpath, { recursive: true });
    writeFileSync(join(fpath, '_store-cli'), script('_store-cli'));
    const rc = join(dirs.root, 'zshrc');
    writeFileSync(rc, `fpath=(${shq(fpath)} $fpath)\nautoload -Uz compinit && compinit -u -d ${shq(join(dirs.root, 'zcompdump'))}\nPS1='READY%% '\n`);
    const shell = new TmuxShell(join(dirs.root, 'zsh.sock'), `${shq(ZSH!)} -f -i`, { ...env, HOME: dirs.root });
    try {
      shell.line(`source ${shq(rc)}`);
      await shell.waitFor(/^READY%$/m);
      await shell.tab('store-cli gi', /^READY% store-cli giftcard$/m);
      await shell.tab('store-cli giftcard ', /count\s+--.*\n(.*\n)*.*search\s+-- List gift cards/);
      await shell.tab('store-cli giftcard search --st', /^READY% store-cli giftcard search --status=$/m);
      await shell.tab('store-cli giftcard search --status ', /disabled\s+enabled\s+expired/);
      await shell.tab('store-cli metafield set products 1 --type D', /Date\s+DateTime\s+Decimal/);
      await shell.tab('store-cli metafield get ', /collections\s+customers\s+orders\s+pages\s+products\s+shop\s+variants/);
      await shell.tab('store-cli --profile ', /default\s+staging/);
      await shell.tab('store-cli sandbox serve --ids-as=', /number\s+string/);
      await shell.tab(
        'store-cli metafield list products 1 --json=',
        /bizId\s+bizResource\s+code\s+definitionName\s+description\s+fieldType\s+namespace\s+value/,
      );
      await shell.tab('store-cli giftcard count --json=', /^READY% store-cli giftcard count --json=count,?$/m);
    } finally {
      shell.kill();
    }
  });
});

/** An interactive shell in a detached tmux session of its own (socket in the scratch directory). */
class TmuxShell {
  constructor(
    private readonly socket: string,
    command: string,
    vars: Env,
  ) {
    const assignments = Object.entries({ ...vars, TERM: 'xterm-256color' })
      .map(([k, v]) => shq(`${k}=${v}`))
      .join(' ');
    this.tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'sh', '-x', '160', '-y', '50', `env -i ${assignments} ${command}`);
  }

  private tmux(...args: string[]): string {
    const result = spawnSync(TMUX!, ['-S', this.socket, ...args], { encoding: 'utf8', env: { ...process.env, TERM: 'xterm-256color' } });
    if (result.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${result.stderr}`);
    return result.stdout;
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'sh');
  }

  waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    return until(
      () => this.screen().match(pattern) ?? undefined,
      10_000,
      () => `${pattern} never appeared on the screen:\n${this.screen()}`,
    );
  }

  line(text: string): void {
    this.tmux('send-keys', '-t', 'sh', '-l', text);
    this.tmux('send-keys', '-t', 'sh', 'Enter');
  }

  /** Clears the line and the screen, types text, presses Tab, and waits for the pattern. */
  async tab(text: string, pattern: RegExp): Promise<void> {
    this.tmux('send-keys', '-t', 'sh', 'C-u', 'C-l');
    await this.waitFor(/^READY%$/m);
    this.tmux('send-keys', '-t', 'sh', '-l', text);
    this.tmux('send-keys', '-t', 'sh', 'Tab');
    await this.waitFor(pattern);
  }

  kill(): void {
    spawnSync(TMUX!, ['-S', this.socket, 'kill-server'], { encoding: 'utf8' });
  }
}
