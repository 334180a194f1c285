import { expect } from 'vitest';
import { FieldError, UsageError } from '../../src/core/errors.js';
import { kebab } from '../../src/core/words.js';

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

/**
 * The message of the UsageError `fn` throws as the user sees it through a verb: a field
 * error (core/errors.ts FieldError) names each field by the flag a verb declares for it
 * (`image[1]` as --image, `locationId` as --location-id); any other UsageError as is.
 */
export function flagMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error instanceof FieldError ? error.named((root) => `--${kebab(root)}`).message : (error as UsageError).message;
  }
  throw new Error('expected a UsageError');
}
