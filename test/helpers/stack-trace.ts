import { expect } from 'vitest';

/**
 * A stack trace line as V8 prints it (`    at fn (file:12:34)`, `    at file:12:34`,
 * `    at fn (native)`), which must never reach a user without --verbose.
 */
export const STACK_LINE = /^\s+at .*(:\d+:\d+|\(native\))/m;

export function expectNoStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(STACK_LINE);
}
