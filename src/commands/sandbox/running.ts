// What the sandbox commands that act on a running sandbox share: whether the command line
// names one, and the counts its state answers carry, in words.
import type { Context } from '../../core/context.js';
import { UsageError } from '../../core/errors.js';

/** A running sandbox is the target when --base-url or --profile (or their variables) name one. */
export function namesRunningSandbox(ctx: Context): boolean {
  const { globals, env } = ctx;
  return Boolean(globals.baseUrl || globals.profile || env.STORE_CLI_BASE_URL || env.STORE_CLI_PROFILE);
}

/** The base URL of the target, for sentences. */
export async function targetUrl(ctx: Context): Promise<string> {
  return (await ctx.target()).baseUrl?.value ?? 'the sandbox';
}

const WORDS: ReadonlyArray<[string, string]> = [
  ['giftCards', 'gift cards'],
  ['categories', 'categories'],
  ['collections', 'collections'],
  ['products', 'products'],
  ['metafieldDefinitions', 'metafield definitions'],
  ['metafields', 'metafield values'],
  ['webhooks', 'webhook subscriptions'],
];

/** `8 gift cards, 12 categories, ...` from an answer's `counts` (numbers as the lossless parser left them). */
export function describeCounts(answer: unknown): string {
  const counts = (typeof answer === 'object' && answer !== null ? (answer as { counts?: unknown }).counts : undefined) ?? {};
  return WORDS.map(([key, words]) => `${String((counts as Record<string, unknown>)[key] ?? 0)} ${words}`).join(', ');
}

/**
 * The embedded sandbox of --sandbox lives for one command: its request log and fault rules
 * are gone when the command ends, so reading or changing them there would do nothing.
 */
export function requireServedSandbox(ctx: Context, what: string): void {
  if (ctx.globals.sandbox) {
    throw new UsageError(
      `${what} belong to a running sandbox, and the embedded one of --sandbox keeps none between commands: start one with "store-cli sandbox serve" and point --base-url (or a profile) at it.`,
      false,
    );
  }
}
