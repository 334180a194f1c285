// Copying metafield definitions into a store (`metafield definition import`): each domain of
// the file read with one listing, then one write per definition that differs. A re-run
// finds every definition equal and sends nothing but the listings.
import type { Api } from '../../../api/index.js';
import { sameDefinition, type FileDefinition, type MetafieldDefinition, type ReadDefinition } from '../../../api/metafield-definitions/schema.js';
import { ApiError, RequestError } from '../../../core/errors.js';

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
export async function importDefinitions(
  api: Api,
  definitions: readonly FileDefinition[],
  summary: DefinitionSummary,
  events: DefinitionImportEvents,
): Promise<DefinitionSummary> {
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
      if (current === undefined) {
        const outcome = await create(api, domain, definition);
        summary[outcome] += 1;
        if (outcome !== 'unchanged') events.wrote?.(outcome === 'created' ? 'create' : 'update', name);
      } else {
        await api.metafieldDefinitions.update(domain, definition);
        summary.updated += 1;
        events.wrote?.('update', name);
      }
    } catch (error) {
      if (!(error instanceof RequestError) || (error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
      summary.failed += 1;
      events.failed(name, error);
    }
  }
  return summary;
}

/**
 * A create sent again after a 5xx or a lost connection, as the other imports send theirs: the
 * store refuses a second one (409), and a 409 is settled by reading the definition. The one
 * the file asks for was made by a lost attempt (created) or by someone else meanwhile
 * (unchanged); another one is updated to the file's. A failed read leaves the 409 standing.
 */
async function create(api: Api, domain: string, definition: MetafieldDefinition): Promise<'created' | 'updated' | 'unchanged'> {
  try {
    await api.metafieldDefinitions.create(domain, definition, { resend: true });
    return 'created';
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    const stored = await api.metafieldDefinitions.get(domain, definition.namespace, definition.code).catch((readError: unknown) => {
      throw readError instanceof RequestError ? error : readError;
    });
    if (sameDefinition(stored, definition)) return error.mayHaveApplied ? 'created' : 'unchanged';
    await api.metafieldDefinitions.update(domain, definition);
    return 'updated';
  }
}
