import { CUSTOMER_FIELDS } from '../../api/customers/fields.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, nextPageHint, printPages } from '../paging.js';
import { boolean, defineVerb, text, whole } from '../verb.js';
import { CUSTOMER_LIST_COLUMNS } from './columns.js';
import { PROTECTED_NOTE } from './customer-flags.js';

const MAX_PAGE = 250;

export default defineVerb({
  name: 'search',
  summary: 'Find customers by email, phone or name; --all follows every page',
  flags: {
    email: text('<address>', 'the customer with this email (the whole address, ignoring case)'),
    phone: text('<number>', 'the customer with this phone number, written as you like: +1 (212) 555-0215 is sent as +1 212 555-0215'),
    name: text('<text>', 'customers whose first, last or full name contains this text (ignoring case)'),
    limit: whole('<n>', "page size, 1..250 (default: the profile's page-size, else 50; with --all, 250)", { min: 1, max: MAX_PAGE }),
    pageToken: text('<token>', 'continue from this page cursor, the opaque text printed on stderr when more pages exist; alone or with --limit: the token carries the filters'),
    all: boolean('follow next-page links to the end, streaming page after page'),
  },
  json: { fields: CUSTOMER_FIELDS, list: true, columns: CUSTOMER_LIST_COLUMNS },
  examples: ['store-cli customer search --email ada@example.com', 'store-cli customer search --name hopper --json id,firstName,lastName', 'store-cli customer search --phone "+1 212 555 0215"'],
  notes: `
The store matches what it is given (GET customers/search): an email exactly, ignoring case;
a phone by its digits; a name by part of the first, last or full name. Give one or more;
--page-token goes alone. A token without protected-field access still finds customers by
email or phone, but is not shown them.
${PROTECTED_NOTE}Needs a token with the read_customers or write_customers scope.
`,
  async run(options, ctx) {
    const filters = { '--email': options.email, '--phone': options.phone, '--name': options.name };
    checkPageTokenAlone(options.pageToken, filters);
    const [{ checkCustomerSearch }, { UsageError }, view] = await Promise.all([import('../../api/customers/schema.js'), import('../../core/errors.js'), import('./view.js')]);
    if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
    if (options.pageToken === undefined && Object.values(filters).every((value) => value === undefined)) {
      throw new UsageError("Give --email, --phone or --name (or --page-token): 'customer list' lists them all.");
    }
    const filter = checkCustomerSearch({ email: options.email, phone: options.phone === undefined ? undefined : writtenPhone(options.phone), name: options.name });
    const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE);
    const out = await ctx.output();
    const api = await ctx.api();
    const paging = { ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) };
    const pages = api.customers.search(filter, paging, options.all === true);
    const nextPageToken = await printPages(ctx, out, pages, 'Searching customers…', view.customerListView(CUSTOMER_LIST_COLUMNS), 'No customers match.');
    if (nextPageToken)
      ctx.say(
        nextPageHint(
          'customers',
          nextPageToken,
          Object.values(filters).some((value) => value !== undefined),
        ),
      );
  },
});

/**
 * A number as people write it, (212) 555-0215 or 212.555.0215, in the form the store takes
 * (digits, a leading +, spaces and dashes): parentheses and dots become spaces. Anything
 * else is left as typed, so the refusal shows what was typed.
 */
function writtenPhone(typed: string): string {
  if (!/^[+0-9 ().-]+$/.test(typed)) return typed;
  return typed.replace(/[().]/g, ' ').replace(/\s+/g, ' ').trim();
}
