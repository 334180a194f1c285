// The store a rehearsal (--rehearse) runs its import on: the emulator, started in process on
// an ephemeral loopback port with its state in memory only (the copy may hold whole gift
// card codes: nothing of it reaches the disk), seeded with what the rehearsal copied from
// the live store, in the live store's dialect (its header family) and at its rate (the
// bucket its answers announced), its token shown protected customer fields only where the
// live store's is (a copy that says it withholds them), and stopped when the import ends.
import type { Brand } from '../core/brand.js';
import { RuntimeError } from '../core/errors.js';
import type { StoreCopy } from '../bulk/index.js';
import { storeRate } from '../bulk/engine/rehearsal-estimate.js';
import type { SandboxSeed } from '../sandbox/index.js';

export interface StartedCopy {
  baseUrl: string;
  token: string;
  stop(): Promise<void>;
}

export async function startRehearsalStore(copy: StoreCopy, brand: Brand, log?: (line: string) => void): Promise<StartedCopy> {
  const [{ startSandbox, seedProblem, ALL_SCOPES, PROTECTED_DATA_SCOPE }, { randomBytes }] = await Promise.all([
    import('../sandbox/index.js'),
    import('node:crypto'),
  ]);
  // The kind's copy is a seed document already (kinds/<kind>/copy.ts): the emulator checks it as any seed.
  const seed = copy.seed as SandboxSeed;
  // The copy is the store's as it is: a value or card the emulator would not take is the store's oddity, not the file's.
  const problem = await seedProblem(seed, "the store's copy");
  if (problem !== undefined) throw new RuntimeError(`The objects the file touches could not be copied for the rehearsal: ${problem}`);
  const rate = copy.bucket ? storeRate(copy.bucket) : undefined;
  const sandbox = await startSandbox({
    host: '127.0.0.1',
    port: 0,
    seed,
    dialect: brand === 'genstore' ? 'real' : 'service',
    webhooks: false,
    // A store that withheld protected customer fields from the token: the copy's token is not shown them either.
    ...(copy.withholdsProtected === true
      ? { tokens: [{ token: `sbx_${randomBytes(24).toString('base64url')}`, scopes: ALL_SCOPES.filter((scope) => scope !== PROTECTED_DATA_SCOPE) }] }
      : {}),
    ...(rate ? { rateLimit: { rps: rate.perSecond, burst: rate.size } } : {}),
    ...(copy.codesInReads ? { codesInReads: copy.codesInReads } : {}),
    ...(copy.currency && /^[A-Z]{3}$/.test(copy.currency) ? { currency: copy.currency } : {}),
    ...(log
      ? { onRequest: (r: { method: string; path: string; status: number; ms: number }) => log(`  rehearsal: ${r.method} ${r.path} ${r.status} (${r.ms} ms)`) }
      : {}),
  });
  return { baseUrl: sandbox.baseUrl, token: sandbox.token, stop: () => sandbox.close() };
}
