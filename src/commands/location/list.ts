import { LOCATION_FIELDS } from '../../api/locations/fields.js';
import { UsageError } from '../../core/errors.js';
import { defaultLimit, nextPageHint, printPages } from '../paging.js';
import { boolean, defineVerb, text, whole } from '../verb.js';
import { LOCATION_LIST_COLUMNS } from './columns.js';

const MAX_PAGE = 250;

export default defineVerb({
  name: 'list',
  summary: "List the store's locations (warehouses and shops that hold stock); --all follows every page",
  flags: {
    limit: whole('<n>', "page size, 1..250 (default: the profile's page-size, else 50; with --all, 250)", { min: 1, max: MAX_PAGE }),
    pageToken: text('<token>', 'continue from this page cursor, the opaque text a listing in a terminal prints'),
    all: boolean('follow next-page links to the end, streaming page after page'),
  },
  json: { fields: LOCATION_FIELDS, list: true, columns: LOCATION_LIST_COLUMNS },
  examples: ['store-cli location list', 'store-cli location list --all --json locationId,name', 'store-cli location list --all --jsonl | jq -r .name'],
  notes: '\nNeeds a token with the read_shops or write_shops scope. Ascending by id; the names are what\ninventory set --location and product create --location take.\n',
  async run(options, ctx) {
    if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
    const { locationListView } = await import('./view.js');
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE);
    const out = await ctx.output();
    const api = await ctx.api();
    const pages = api.locations.pages({ ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) }, options.all === true);
    const nextPageToken = await printPages(ctx, out, pages, 'Listing locations…', locationListView(LOCATION_LIST_COLUMNS), 'No locations.');
    if (nextPageToken) ctx.say(nextPageHint('locations', nextPageToken, false));
  },
});
