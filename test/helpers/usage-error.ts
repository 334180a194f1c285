import { expect } from 'vitest';
import { UsageError } from '../../src/core/errors.js';

/** The message of the UsageError `fn` throws; fails the test when it throws none. */
export function usageMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('expected a UsageError');
}
