// Copying metafield definitions into a store (`metafield definition import`): each domain of
// the file read with one listing, then one write per definition that differs. A re-run
// finds every definition equal and sends nothing but the listings.
import type { Api } from '../api/index.js';
import { sameDefinition, type FileDefinition, type ReadDefinition } from '../api/metafield-definition-wire.js';
import { ApiError, RequestError } from '../core/errors.js';

export interface DefinitionSummary {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface DefinitionImportEvents {
  /** A write that was sent (in a dry run: that would be). */
  wrote?(action: 'create' | 'update', name: string): void;
  /** A definition the store refused or did not answer for: it fails alone. */
  failed(name: string, error: RequestError): void;
}

/**
 * Applies `definitions`, counting into `summary` as it goes (so a caller stopped halfway can
 * still say what was done). A refused token (401, 403) stops the run: it would fail them all.
 */
export async function importDefinitions(api: Api, definitions: readonly FileDefinition[], summary: DefinitionSummary, events: DefinitionImportEvents): Promise<DefinitionSummary> {
  const stored = new Map<string, Map<string, ReadDefinition>>();
  for (const domain of new Set(definitions.map((definition) => definition.domain))) {
    stored.set(domain, new Map((await api.metafieldDefinitions.list(domain)).map((definition) => [`${definition.namespace}.${definition.code}`, definition])));
  }
  for (const { domain, ...definition } of definitions) {
    const name = `${domain} ${definition.namespace}.${definition.code}`;
    const current = stored.get(domain)?.get(`${definition.namespace}.${definition.code}`);
    if (current !== undefined && sameDefinition(current, definition)) {
      summary.unchanged += 1;
      continue;
    }
    try {
      if (current === undefined) await api.metafieldDefinitions.create(domain, definition);
      else await api.metafieldDefinitions.update(domain, definition);
      summary[current === undefined ? 'created' : 'updated'] += 1;
      events.wrote?.(current === undefined ? 'create' : 'update', name);
    } catch (error) {
      if (!(error instanceof RequestError) || (error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
      summary.failed += 1;
      events.failed(name, error);
    }
  }
  return summary;
}
