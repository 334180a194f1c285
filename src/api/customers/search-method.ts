// Which method customer search is asked with. One copy of the store's docs (partners.genstore.ai
// "About Customer", api-rest/25) lists `GET /customers/search`, the other `POST`: the client
// asks with the method the profile remembers (GET unless it says otherwise) and, refused with
// 404 or 405, once with the other; the one that answered is told back, and the context saves
// it in the profile's config (key customer-search), as it does the header family.
// Zod-free: the context builds one before any answer is read.

export type SearchMethod = 'GET' | 'POST';

export interface SearchMethodMemory {
  /** The method to ask first. */
  first(): Promise<SearchMethod>;
  /** `method` answered where the first one was refused (404 or 405): remember it. */
  found(method: SearchMethod): Promise<void>;
}

/** No memory: GET first, the fallback found again in every run (tests, and an API built without a context). */
export const GET_FIRST: SearchMethodMemory = { first: async () => 'GET', found: async () => {} };

export function otherMethod(method: SearchMethod): SearchMethod {
  return method === 'GET' ? 'POST' : 'GET';
}

/** A status that says the path or the method is not the store's: the other method may be. */
export function isWrongMethod(status: number): boolean {
  return status === 404 || status === 405;
}
