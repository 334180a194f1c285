// What the sandbox commands that act on a running sandbox share: whether the command line
// names one, and the counts its state answers carry, in words.
import type { Context } from '../../root/context.js';
import { UsageError } from '../../core/errors.js';

/**
 * The one rule of every `sandbox` verb (reset, export, import, logs, fault): the sandbox is
 * the embedded one with --sandbox, else the store the command line resolves to as any
 * command's (--base-url, STORE_CLI_BASE_URL, then the profile: --profile,
 * STORE_CLI_PROFILE, the default one). Only with no store set up at all is it the embedded
 * sandbox (whose state file reset clears; the others then say no store is set up).
 */
export type SandboxTarget = { kind: 'embedded'; where: string; file: string } | { kind: 'running'; where: string };

export async function sandboxTarget(ctx: Context): Promise<SandboxTarget> {
  if (!ctx.globals.sandbox) {
    const target = await ctx.target();
    if (target.baseUrl !== undefined) return { kind: 'running', where: `the sandbox at ${target.baseUrl.value}` };
  }
  const [{ join }, { SANDBOX_STATE_FILE }] = await Promise.all([import('node:path'), import('../../root/embedded-sandbox.js')]);
  const file = join(await ctx.dataDir(), SANDBOX_STATE_FILE);
  return { kind: 'embedded', where: `the embedded sandbox (state in ${file})`, file };
}

/** The sandbox a verb acts on, for sentences: "the sandbox at http://...", "the embedded sandbox (state in ...)". */
export async function targetName(ctx: Context): Promise<string> {
  return (await sandboxTarget(ctx)).where;
}

/** A section's name where its key does not read as words by itself. */
const WORDS: Readonly<Record<string, string>> = {
  metafields: 'metafield values',
  webhooks: 'webhook subscriptions',
};

/**
 * `8 gift cards, 12 categories, 3 locations, ...` from an answer's `counts` (numbers as the
 * lossless parser left them): every section the sandbox counted, in its order, so a resource
 * added to the sandbox is named without a word here (`orders`: 8 orders).
 */
export function describeCounts(answer: unknown): string {
  const counts = (typeof answer === 'object' && answer !== null ? (answer as { counts?: unknown }).counts : undefined) ?? {};
  return Object.entries(counts as Record<string, unknown>)
    .map(([key, count]) => `${String(count)} ${WORDS[key] ?? key.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)}`)
    .join(', ');
}

/**
 * The embedded sandbox of --sandbox lives for one command: its request log and fault rules
 * are gone when the command ends, so reading or changing them there would do nothing.
 */
export function requireServedSandbox(ctx: Context, what: string): void {
  if (ctx.globals.sandbox) {
    throw new UsageError(
      `${what} belong to a running sandbox, and the embedded one of --sandbox keeps none between commands: ` +
        `start one with "store-cli sandbox serve" and point --base-url (or a profile) at it.`,
      false,
    );
  }
}
