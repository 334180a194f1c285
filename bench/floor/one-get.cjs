// The floor of a command that makes one request (bench/startup.mjs runs it beside store-cli):
// node, one keep-alive GET of the gift cards' count with node:http, its count printed. Nothing
// store-cli does beyond that: no arguments read, no files, no checks.
'use strict';
const http = require('node:http');

const base = new URL(process.env.STORE_CLI_BASE_URL);
const agent = new http.Agent({ keepAlive: true });
const request = http.get(
  { hostname: base.hostname, port: base.port, path: '/api/202412/gift_cards/count', agent, headers: { 'x-service-access-token': process.env.STORE_CLI_TOKEN } },
  (response) => {
    let body = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => (body += chunk));
    response.on('end', () => {
      process.stdout.write(`${JSON.parse(body).count}\n`);
      agent.destroy();
    });
  },
);
request.on('error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
});
