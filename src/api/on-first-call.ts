// An API module loaded on its first call. Its schemas are built when the module is evaluated,
// which every command would pay at start-up if createApi imported it; most never use it.

/**
 * A stand-in for the object `load` gives, whose methods (all asynchronous, as every API
 * module's are) load it on the first call and then call through.
 */
export function onFirstCall<T extends object>(load: () => Promise<T>): T {
  let loading: Promise<T> | undefined;
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a promise itself: `await api.x` must not take it for one.
      if (name === 'then') return undefined;
      return (...args: unknown[]) => (loading ??= load()).then((api) => (api as Record<PropertyKey, (...a: unknown[]) => unknown>)[name]!(...args));
    },
  });
}
