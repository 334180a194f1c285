// The fields of a count, as every resource's `count` answers it (`{"count": N}`, read by
// parseCount in wire.ts), for --json. Imports nothing: verbs declare it at start-up.
export const COUNT_FIELDS = ['count'] as const;
