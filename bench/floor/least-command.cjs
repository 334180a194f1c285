// The least a command line can be and still be one (bench/startup.mjs runs it beside store-cli):
// `giftcard count` read by commander as published, with store-cli's global options (or by
// node:util's parseArgs: `least-command.cjs parseArgs giftcard count`), the saved profile read
// from the config file, one keep-alive GET with node:http, the answer parsed as lossless JSON,
// the count printed. What store-cli does beyond this (store.toml, guards, the rate governor,
// retries, output modes, errors, the verbs loaded one at a time) is what it costs above it.
'use strict';
const { readFileSync } = require('node:fs');
const http = require('node:http');
const { join } = require('node:path');

const GLOBAL_OPTIONS = [
  '--profile <name>',
  '--env <name>',
  '--group <name>',
  '--parallel <n>',
  '--fail-fast',
  '-y, --yes',
  '--confirm-store <domain>',
  '--base-url <url>',
  '--sandbox',
  '--verbose',
  '--no-color',
  '--timeout <ms>',
  '--insecure',
];

const [parser, ...argv] = process.argv.slice(2);
if (parser === 'parseArgs') {
  const { positionals } = require('node:util').parseArgs({ args: argv, allowPositionals: true, strict: false });
  if (positionals.join(' ') === 'giftcard count') count();
} else {
  const { Command } = require('commander');
  const program = new Command('store-cli').version('0.0.0');
  for (const flags of GLOBAL_OPTIONS) program.option(flags);
  const giftcard = program.command('giftcard').description('gift cards');
  giftcard.command('count').description('count gift cards').option('--json [fields]').option('-q, --jq <expression>').action(count);
  program.parse(argv, { from: 'user' });
}

function count() {
  const config = JSON.parse(readFileSync(join(process.env.STORE_CLI_CONFIG_DIR, 'config.json'), 'utf8'));
  const profile = config.profiles[config.defaultProfile ?? 'default'];
  const base = new URL(profile.baseUrl);
  const agent = new http.Agent({ keepAlive: true });
  http
    .get(
      { hostname: base.hostname, port: base.port, path: '/api/202412/gift_cards/count', agent, headers: { 'x-service-access-token': profile.token } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          const { parse } = require('lossless-json');
          process.stdout.write(`${parse(body).count}\n`);
          agent.destroy();
        });
      },
    )
    .on('error', (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    });
}
