// The journal of a run made of single commands (an applied MCP plan): a layer over the API the
// commands get, which records each write's before-image (synced) before the write is sent, in
// the entries of the kinds `store-cli undo` knows (the gift card and product imports' own:
// kinds/<kind>/watch.ts), so that such a run is listed by `store-cli runs` and undone by
// `store-cli undo` as an import's is. A gift card made is disabled by undo (the API deletes
// no card), one changed gets its balance, note and expiry back; a product made is deleted, one
// replaced is put back whole.
//
// A write it keeps no before-image of (any other request but a read) still goes, as the person
// approved it, but only after the run is marked not undoable (meta.json, synced): undo then
// refuses the run with that reason instead of putting back part of it.
import type { Api } from '../../api/index.js';
import type { GiftCardCreate, GiftCardUpdate } from '../../api/gift-cards/schema.js';
import type { ProductBody } from '../../api/products/requests.js';
import { ApiError } from '../../core/errors.js';
import type { RequestSpec } from '../../core/http.js';
import { scalarText } from '../../core/json.js';
import type { Transport } from '../../core/transport.js';
import { fieldsOf, type CardFields } from '../kinds/gift-cards/kind.js';
import { giftCardWatch } from '../kinds/gift-cards/watch.js';
import { productWatch } from '../kinds/products/watch.js';
import type { RunJournal } from './run-journal.js';

/** The journaling layer of one run, and what its commands sent. */
export interface JournaledApi {
  /** The layer (root/context.ts ApiLayer): the API of each command of the run is built through it. */
  layer(transport: Transport, build: (transport: Transport) => Api): Api;
  /** What the command now running is, as a reason names it (`giftcard_disable`). */
  step(name: string): void;
  /** Writes sent so far (journaled or not): a run that sent none leaves no journal. */
  readonly writes: number;
}

export function journaledApi(journal: RunJournal): JournaledApi {
  let writes = 0;
  let current = 'a step';
  // Writes the journaling methods below make while their before-image is on disk: one at a time
  // is what a command does, but a count keeps nested calls (a create's lookups) right.
  let covered = 0;
  const cards = giftCardWatch(journal);
  const products = productWatch(journal);

  const guarded = (transport: Transport): Transport => {
    const send = async (spec: Pick<RequestSpec, 'method' | 'path'>) => {
      if (spec.method.toUpperCase() === 'GET') return;
      if (covered === 0)
        await journal.markNotUndoable(`its ${current} sent ${spec.method.toUpperCase()} ${spec.path}, which store-cli keeps no before-image of`);
      writes++;
    };
    return {
      ...transport,
      request: async (spec, view) => {
        await send(spec);
        return transport.request(spec, view);
      },
      ...(transport.requestRaw
        ? {
            requestRaw: async (spec) => {
              await send(spec);
              return transport.requestRaw!(spec);
            },
          }
        : {}),
    };
  };

  const whileJournaled = async <T>(work: () => Promise<T>): Promise<T> => {
    covered++;
    try {
      return await work();
    } finally {
      covered--;
    }
  };

  const layer = (transport: Transport, build: (transport: Transport) => Api): Api => {
    const api = build(guarded(transport));
    const giftCards = override(api.giftCards, {
      async create(input: GiftCardCreate) {
        const last4 = input.code.slice(-4);
        const after: CardFields = { balance: input.initialValue, note: input.note ?? '', expireTime: input.expireTime ?? null };
        await cards.before({
          op: 'create',
          last4,
          initialValue: input.initialValue,
          ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
          after,
          disables: false,
        });
        try {
          const made = await whileJournaled(() => api.giftCards.create(input));
          // 'existing': the card was there before this run (the same create, made earlier): not its to undo.
          await cards.created(last4, made.how !== 'existing', made.card?.id !== undefined ? scalarText(made.card.id) : undefined);
          return made;
        } catch (error) {
          // Refused: nothing was made. A lost answer leaves the create unsure: undo looks for the card.
          if (refused(error)) await cards.created(last4, false, undefined);
          throw error;
        }
      },
      async update(input: GiftCardUpdate) {
        const card = await api.giftCards.get(input.giftCardId);
        const before = fieldsOf(card);
        const after: CardFields = {
          balance: input.balance ?? before.balance,
          note: input.note ?? before.note,
          expireTime: input.expireTime === undefined ? before.expireTime : input.expireTime,
        };
        const last4 = typeof card.lastCharacters === 'string' ? card.lastCharacters : scalarText(card.code).slice(-4);
        await cards.before({ op: 'update', id: input.giftCardId, last4, before, after, disables: false });
        return whileJournaled(() => api.giftCards.update(input));
      },
    });
    const productsApi = override(api.products, {
      async create(product: ProductBody) {
        const identity = productIdentity(product);
        await products.beforeCreate(identity, product);
        try {
          const made = await whileJournaled(() => api.products.create(product));
          await products.created(identity, made !== undefined, made);
          return made;
        } catch (error) {
          // Refused: nothing was made. A lost answer leaves the create unsure (undo names it, never guesses).
          if (refused(error)) await products.created(identity, false, undefined);
          throw error;
        }
      },
      async update(productId: string, product: ProductBody) {
        const before = await api.products.get(productId);
        await products.beforeUpdate(productId, before, product);
        try {
          const answer = await whileJournaled(() => api.products.update(productId, product));
          await products.updated(productId, true, answer);
          return answer;
        } catch (error) {
          if (refused(error)) await products.updated(productId, false, undefined);
          throw error;
        }
      },
    });
    return { ...api, giftCards, products: productsApi };
  };

  return {
    layer,
    step: (name) => {
      current = name;
    },
    get writes() {
      return writes;
    },
  };
}

/** `target` with `methods` in place of its own (an API module is a stand-in Proxy, so it is wrapped, not copied). */
function override<T extends object>(target: T, methods: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(inner, name, receiver) {
      return Object.hasOwn(methods, name) ? methods[name as keyof T] : Reflect.get(inner, name, receiver);
    },
  });
}

/** The store answered the write with a refusal: nothing of it was written. */
function refused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** How undo names a product whose create gave no id: its handle, else its title. */
function productIdentity(product: ProductBody): string {
  const name = typeof product.handle === 'string' && product.handle !== '' ? product.handle : product.title;
  return typeof name === 'string' && name !== '' ? name : 'without a title';
}
