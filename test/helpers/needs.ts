// A test that needs a program this machine may lack (bash, zsh, fish, tmux) skips itself
// when it is missing, and says why: in the test's note (the verbose and JSON reporters
// show it) and on stderr, because the default reporter names no skipped test, only counts
// them, and a skip nobody sees reads as a pass.
import type { TestContext } from 'vitest';

/** Skips the running test unless `found`, naming the missing program in the output. */
export function needs(ctx: TestContext, program: string, found: unknown, hint = '.ci/run installs it'): void {
  if (found) return;
  const why = `skipped: ${program} is not installed here (${hint})`;
  console.warn(`${why}: ${ctx.task.name}`);
  ctx.skip(why);
}

/**
 * The title of a suite that needs `program`: as given when `found`, else naming the skip and
 * its reason, which also goes to stderr once (the default reporter shows no skipped suite's
 * title either). Use with `describe.skipIf(!found)(suiteNeeds(...), ...)`.
 */
export function suiteNeeds(title: string, program: string, found: unknown, hint = '.ci/run installs it'): string {
  if (found) return title;
  const skipped = `${title}: skipped, ${program} is not installed here (${hint})`;
  console.warn(skipped);
  return skipped;
}
