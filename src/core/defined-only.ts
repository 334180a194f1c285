// A request body lists only what was given: a key whose value is undefined is dropped
// rather than sent (JSON would drop it too, but a dry run shows the object, and a key set
// to undefined still counts as present to `in` and Object.keys).

/** `value` without its keys whose value is undefined. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
