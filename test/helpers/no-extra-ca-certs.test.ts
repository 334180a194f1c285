// test/no-extra-ca-certs.ts, vitest's globalSetup: the suite's node processes start without the
// CA bundle a machine may name, and the variable is back as it was once the suite ends.
import { spawnSync } from 'node:child_process';
import { afterEach, expect, it } from 'vitest';
import setup from '../no-extra-ca-certs.js';

const during = process.env.NODE_EXTRA_CA_CERTS;
afterEach(() => {
  if (during === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = during;
});

it('unsets NODE_EXTRA_CA_CERTS for the run and puts it back after', () => {
  process.env.NODE_EXTRA_CA_CERTS = '/etc/ssl/certs/bundle.crt';
  const teardown = setup();
  expect(process.env.NODE_EXTRA_CA_CERTS).toBeUndefined();
  teardown?.();
  expect(process.env.NODE_EXTRA_CA_CERTS).toBe('/etc/ssl/certs/bundle.crt');
});

it('changes nothing where the variable is not set', () => {
  delete process.env.NODE_EXTRA_CA_CERTS;
  expect(setup()).toBeUndefined();
  expect('NODE_EXTRA_CA_CERTS' in process.env).toBe(false);
});

it('is in force in this worker, so in the processes it spawns', () => {
  expect(during).toBeUndefined();
  const child = spawnSync(process.execPath, ['-p', "process.env.NODE_EXTRA_CA_CERTS ?? 'unset'"], { encoding: 'utf8' });
  expect(child.stdout).toBe('unset\n');
});
