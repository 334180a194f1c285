// The guard against writing to the wrong store: a layer on the transport of every API the
// context builds for its target, so no command, bulk run or `api -X POST` goes around it.
// A read (GET) passes untouched. Before the first write of the run, once: a read-only target
// refuses (every write, nothing sent); a protected one without a terminal needs --yes and
// --confirm-store before anything is sent; then one GET shops/info learns the shop's own
// domain, which must be each applying environment's expect_domain (else exit 4) and, for a
// protected store, the one --confirm-store names or the one a person confirms at the terminal.
import { ApiError, AuthError, UsageError } from '../core/errors.js';
import type { IO } from '../core/io.js';
import { scalarText } from '../core/json.js';
import { DeclinedError, type Prompter } from '../core/prompts.js';
import type { RawRequestSpec, RequestSpec } from '../core/http.js';
import type { StoreGuards } from '../core/store-guards.js';
import type { Transport } from '../core/transport.js';

export interface GuardDeps {
  guards: () => Promise<StoreGuards>;
  io: IO;
  prompter: Prompter;
  yes: boolean;
  /** One domain, or (for a run across stores) several separated by commas: the store's must be among them. */
  confirmStore?: string;
  /** Within a run across stores: the one confirmation, naming every store, that a first write waits for. */
  beforeFirstWrite?: () => Promise<void>;
}

export interface StoreGuard {
  /** `transport` with every write checked first. */
  wrap(transport: Transport): Transport;
}

/** One guard a context: its check before the first write is made once, whichever API the write goes through. */
export function createStoreGuard(deps: GuardDeps): StoreGuard {
  let cleared: Promise<void> | undefined;

  async function beforeWrite(spec: { method: string; path: string }, reads: Transport): Promise<void> {
    const guards = await deps.guards();
    if (guards.readOnly !== undefined) {
      throw new UsageError(`Refusing ${spec.method} ${spec.path}: ${guards.readOnly}, so only GET requests are sent; nothing was sent.`, false);
    }
    await deps.beforeFirstWrite?.();
    if (guards.protectedBy.length === 0 && guards.expectDomains.length === 0) return;
    await (cleared ??= clear(guards, reads));
  }

  async function clear(guards: StoreGuards, reads: Transport): Promise<void> {
    const protectedEnv = guards.protectedBy[0];
    const from = guards.file === undefined ? '' : ` in ${guards.file}`;
    if (protectedEnv !== undefined && !deps.io.canPrompt && !(deps.yes && deps.confirmStore !== undefined)) {
      throw new UsageError(
        `Environment '${protectedEnv}' is protected${from}: without a terminal to confirm in, ` +
          `a write needs --yes --confirm-store DOMAIN, DOMAIN being the shop's own domain ('store-cli shop info'); nothing was sent.`,
        false,
      );
    }
    const shop = await liveShop(reads, guards);
    const domain = shop.domain.toLowerCase();
    for (const expected of guards.expectDomains) {
      if (expected.domain !== domain) {
        throw new AuthError(
          `Environment '${expected.env}' expects the shop ${expected.domain}${from}, ` +
            `but this store is '${shop.name}' at ${shop.domain}: check the profile's store and token; nothing was written.`,
        );
      }
    }
    if (protectedEnv === undefined) return;
    const named = deps.confirmStore?.split(',').map((one) => one.trim().toLowerCase().replace(/\.$/, ''));
    if (deps.yes && named !== undefined) {
      if (named.includes(domain)) return;
      throw new UsageError(
        `--confirm-store names ${deps.confirmStore}, but this store is '${shop.name}' at ${shop.domain} ` +
          `(environment '${protectedEnv}', protected): nothing was written.`,
        false,
      );
    }
    const { withSpinnersStopped } = await import('../core/progress.js');
    const yes = await withSpinnersStopped(() =>
      deps.prompter.confirm(`Write to '${shop.name}' (${shop.domain}), environment '${protectedEnv}', which is protected?`),
    );
    if (!yes) throw new DeclinedError();
  }

  return {
    wrap(transport) {
      const guarded: Transport = {
        request: async (spec: RequestSpec, view) => {
          if (spec.method !== 'GET') await beforeWrite(spec, transport);
          return transport.request(spec, view);
        },
      };
      if (transport.requestRaw) {
        guarded.requestRaw = async (spec: RawRequestSpec) => {
          if (spec.method !== 'GET') await beforeWrite(spec, transport);
          return transport.requestRaw!(spec);
        };
      }
      if (transport.baseUrl) guarded.baseUrl = () => transport.baseUrl!();
      return guarded;
    },
  };
}

/** The shop's name and domain as the store itself says (GET shops/info); a store that does not say is not written to. */
async function liveShop(reads: Transport, guards: StoreGuards): Promise<{ name: string; domain: string }> {
  const [{ RestApi }, { shop: declaration }] = await Promise.all([import('../api/rest-resource.js'), import('../api/shop/declaration.js')]);
  try {
    const shop = await new RestApi(reads, declaration).get();
    return { name: scalarText(shop.shopName), domain: scalarText(shop.domain) };
  } catch (error) {
    // Ctrl-C or a dead store is the command's own failure; the store's refusal of this one read is the guard's.
    if (!(error instanceof ApiError)) throw error;
    const why = error.message;
    const what = guards.expectDomains.length > 0 ? `its expect_domain (${guards.expectDomains[0]!.domain})` : 'which shop it is';
    throw new AuthError(`Cannot check ${what} before writing: GET shops/info failed (${why}); nothing was written.`);
  }
}
