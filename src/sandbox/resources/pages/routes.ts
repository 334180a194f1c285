// The pages (record.ts) with what the table cannot say: a handle is unique, made from the title
// when a create sends none; and a create with `coverByHandle` true (as the docs' sample sends
// it, "true") over a page of the same handle changes that page (its id kept, answered 200)
// instead of being refused.
import { conflict } from '../../http/sandbox-errors.js';
import { handleFrom, refuseTakenHandle } from '../text.js';
import type { TableResource } from '../record-table.js';
import type { ResourceEnv, Route, RouteRequest } from '../resource.js';
import { HANDLE, pageTable, type PageRecord } from './record.js';

export { SCOPES } from './record.js';

/** The create's `page` object, when the body has one. */
function sentPage(request: RouteRequest): Record<string, unknown> | undefined {
  const body = request.body;
  const page = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).page : undefined;
  return page !== null && typeof page === 'object' && !Array.isArray(page) ? (page as Record<string, unknown>) : undefined;
}

export function createPageResource(env: ResourceEnv): TableResource<PageRecord> {
  const table = pageTable.resource(env, {
    beforeSave(record, existing) {
      const taken = refuseTakenHandle(table.all(), record, existing, (handle) =>
        conflict(`A page has the handle ${handle} already; send coverByHandle true to replace it.`, [
          { field: 'page.handle', message: 'is taken by another page' },
        ]),
      );
      if (existing !== undefined || record.handle !== undefined) return record;
      return { ...record, handle: handleFrom(record.title, 'page', taken) };
    },
  });

  const tableCreate = table.routes.find((route) => route.method === 'POST')!;
  const tableUpdate = table.routes.find((route) => route.method === 'PUT')!;
  const create: Route = {
    ...tableCreate,
    handle(request) {
      const sent = sentPage(request);
      const cover = sent?.coverByHandle === true || sent?.coverByHandle === 'true';
      const handle = sent?.handle;
      const covered = cover && typeof handle === 'string' && HANDLE.test(handle) ? table.all().find((page) => page.handle === handle) : undefined;
      return covered === undefined ? tableCreate.handle(request) : tableUpdate.handle({ ...request, params: { id: covered.id } });
    },
  };
  return { ...table, routes: table.routes.map((route) => (route === tableCreate ? create : route)) };
}
