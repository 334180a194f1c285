// `customer search`: customers by email, phone or part of a name, shown as `customer list`
// shows them (the noun's table, handed in: index.ts lists this verb among the kit's).
import { CUSTOMER_PAGING, customers, type Customer } from '../../api/customers/declaration.js';
import { checkValues, kind } from '../../api/rest-resource.js';
import { UsageError } from '../../core/errors.js';
import { tableViews, type TableText } from '../crud.js';
import { checkPageTokenAlone } from '../flag-checks.js';
import { defaultLimit, nextPageHint, printPages, pagingFlags } from '../paging.js';
import { defineVerb, text } from '../verb.js';

const MAX_PAGE = CUSTOMER_PAGING.max;

export default (table: TableText<Customer>, protectedNote: string, columns: readonly string[] = table.list ?? []) =>
  defineVerb({
    mutates: false,
    name: 'search',
    summary: 'Find customers by email, phone or name; --all follows every page',
    flags: {
      email: text('<address>', 'the customer with this email (the whole address, ignoring case)'),
      phone: text('<number>', 'the customer with this phone number, written as you like: +1 (212) 555-0215 is sent as +1 212 555-0215'),
      name: text('<text>', 'customers whose first, last or full name contains this text (ignoring case)'),
      ...pagingFlags(MAX_PAGE, {
        pageToken:
          'continue from this page cursor, the opaque text printed on stderr when more pages exist; alone or with --limit: the token carries the filters',
      }),
    },
    json: { fields: Object.keys(customers.fields), list: true, columns },
    examples: [
      'store-cli customer search --email ada@example.com',
      'store-cli customer search --name hopper --json id,firstName,lastName',
      'store-cli customer search --phone "+1 212 555 0215"',
    ],
    notes: `
The store matches what it is given (GET customers/search): an email exactly, ignoring case;
a phone by its digits; a name by part of the first, last or full name. Give one or more;
--page-token goes alone. A token without protected-field access still finds customers by
email or phone, but is not shown them.
${protectedNote}Needs a token with the read_customers or write_customers scope.
`,
    async run(options, ctx) {
      const filters = { '--email': options.email, '--phone': options.phone, '--name': options.name };
      checkPageTokenAlone(options.pageToken, filters);
      if (options.pageToken === '') throw new UsageError('--page-token must not be empty.');
      if (options.pageToken === undefined && Object.values(filters).every((value) => value === undefined)) {
        throw new UsageError("Give --email, --phone or --name (or --page-token): 'customer list' lists them all.");
      }
      const { email, phone } = customers.fields;
      const given = { email: options.email, phone: options.phone === undefined ? undefined : writtenPhone(options.phone), name: options.name };
      const filter = checkValues({ email, phone, name: kind.text({ max: 255, notBlank: true }) }, given);
      const limit = options.limit !== undefined ? options.limit : defaultLimit(await ctx.setting('page-size'), options.all === true, MAX_PAGE);
      const views = await tableViews(table, Object.keys(customers.fields));
      const out = await ctx.output();
      const api = await ctx.api();
      const paging = { ...(limit !== undefined ? { limit } : {}), ...(options.pageToken !== undefined ? { pageToken: options.pageToken } : {}) };
      const pages = api.customers.search(filter, paging, options.all === true);
      const nextPageToken = await printPages(ctx, out, pages, 'Searching customers…', views.list(columns), 'No customers match.');
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
