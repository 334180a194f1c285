// `store-cli api [METHOD] PATH`: any request to the store's API with the profile's credentials,
// taken as gh api takes it: fields to the query or a JSON body, --paginate over the next-page
// links, and the answer printed as the store sent it (a failure's body too, on stdout, where a
// script can parse it; the one-sentence error goes to stderr).
import type { Method } from '../../core/http.js';
import { ANY_FIELDS } from '../../core/output-options.js';
import { boolean, defineVerb, list, optionalArg, text, whole } from '../verb.js';
import { MAX_PAGES_BOUND } from '../paging.js';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
const BODY_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH']);

/** The noun is the command: `api` declares its arguments and flags on itself. */
export default defineVerb({
  mutates: true,
  destructive: true,
  // Both optional to commander: `api PATH` is a GET (a POST with fields), as in gh; run()
  // names a missing PATH in its own words.
  args: {
    methodWord: optionalArg('GET, POST, PUT, DELETE or PATCH (any case); default GET, or POST when -f, -F or --input give a body', 'method'),
    path: optionalArg('gift_cards/count (taken below /api/202412/), /api/202412/..., or a URL of the store itself; may end in ?query'),
  },
  flags: {
    method: text('<method>', 'the method as gh api -X takes it, instead of the METHOD word: one of GET, POST, PUT, DELETE, PATCH (any case)', { short: '-X' }),
    field: list(
      '<key=value>',
      'a typed field, repeatable: true, false, null and numbers are JSON literals (digits kept exact), ' +
        "@FILE the file's text (@- stdin), else a string; key[sub] nests, key[] appends",
      { short: '-F' },
    ),
    rawField: list(
      '<key=value>',
      'a field sent as text, never typed (amounts, codes, anything numeric-looking), e.g. -f giftCard[initialValue]=25.00; repeatable',
      { short: '-f' },
    ),
    input: text('<file>', 'the request body: a JSON file, or - for stdin; checked to be JSON, sent as is; not with fields of a POST, PUT or PATCH'),
    header: list('<name:value>', 'an extra request header, e.g. -H Accept:application/json; repeatable (not the access token, Host or Content-Length)', {
      short: '-H',
    }),
    paginate: boolean("GET only: follow next-page links to the end, printing each item as one JSON line (--jq runs once per page, over that page's items)"),
    maxPages: whole('<n>', 'with --paginate: stop with an error once this many pages were read and the store still names a next one (default 100000)', {
      min: 1,
      max: MAX_PAGES_BOUND,
    }),
    slurp: boolean("with --paginate: print every page's items as one JSON array (--jq runs once over it)"),
    include: boolean('print the status line and the response headers on stdout before the body, for every answer (errors and each page too)', { short: '-i' }),
  },
  json: { fields: ANY_FIELDS, what: 'the answer as pretty JSON' },
  examples: [
    'store-cli api gift_cards/count',
    'store-cli api POST gift_cards -f giftCard[code]=SPRING2027GIFT -f giftCard[initialValue]=25.00 -F giftCard[customerId]=7000000000000000001',
    `store-cli api gift_cards/search --paginate --slurp -q 'map(select(.balance == "0.00")) | length'`,
  ],
  notes: `
METHOD may be left out, as in gh api: GET, or POST when -f, -F or --input give a body;
-X, --method names it as gh api -X does (api -X DELETE PATH), then PATH alone follows.
Fields go to the query string for GET and DELETE, to a JSON body for POST, PUT and PATCH.
The answer is printed as the store sent it: the exact bytes when piped, pretty JSON in a
terminal or with --json. A non-2xx answer exits 1 (4 for 401/403): its body on stdout,
exactly as sent (a script can parse it), the one-sentence error on stderr.
`,
  async run(options, ctx) {
    const [{ UsageError, ApiError }, { parseFields, fieldsToQuery }, { textReader, checkJsonBody }, { parseHeaders }, { toJson }] = await Promise.all([
      import('../../core/errors.js'),
      import('./fields.js'),
      import('./sources.js'),
      import('./headers.js'),
      import('../../core/json.js'),
    ]);
    const givesBody = (options.field ?? []).length > 0 || (options.rawField ?? []).length > 0 || options.input !== undefined;
    const { method, path } = methodAndPath(options.method, options.methodWord, options.path, givesBody, UsageError);
    if (options.paginate && method !== 'GET') throw new UsageError(`--paginate follows the pages of a GET, not of a ${method}.`);
    if (options.slurp && !options.paginate) throw new UsageError('--slurp gathers the pages of --paginate into one array: add --paginate.');
    if (options.maxPages !== undefined && !options.paginate) throw new UsageError('--max-pages bounds the pages of --paginate: add --paginate.');
    const maxPages = options.maxPages;
    const headers = parseHeaders(options.header ?? []);
    const fieldArgs = [...(options.field ?? []).map((text) => ({ text, typed: true })), ...(options.rawField ?? []).map((text) => ({ text, typed: false }))];
    const inBody = BODY_METHODS.has(method);
    if (options.input !== undefined && method === 'GET')
      throw new UsageError('--input gives a request body, which a GET does not have: use --field for its query.');
    if (options.input !== undefined && inBody && fieldArgs.length > 0) {
      throw new UsageError(`--input is the whole body of the ${method}: it cannot be combined with --field or --raw-field (put them in the file).`);
    }

    const read = textReader(ctx.io);
    const fields = await parseFields(fieldArgs, read);
    let body: string | undefined;
    if (options.input !== undefined) body = checkJsonBody(await read(options.input, '--input'), options.input === '-' ? 'stdin' : options.input);
    else if (inBody && fieldArgs.length > 0) body = toJson(fields);
    const request = {
      method,
      path,
      query: inBody ? [] : fieldsToQuery(fields),
      ...(body !== undefined ? { body } : {}),
      headers,
      ...(maxPages === undefined ? {} : { maxPages }),
      maxPagesFlag: '--max-pages',
    };

    const out = await ctx.output();
    const api = await ctx.api();
    // stdout, before the body it belongs to (as gh api -i): one rule for every answer, errors included.
    // io.out shows the store's text escaped in a terminal, exact when piped.
    const include = (status: number, responseHeaders: Readonly<Record<string, string | undefined>>) => {
      if (!options.include) return;
      const lines = Object.entries(responseHeaders)
        .filter(([, v]) => v !== undefined)
        .map(([name, value]) => `${name}: ${value}\n`);
      const text = `HTTP ${status}\n${lines.join('')}\n`;
      ctx.io.out(text);
    };
    try {
      if (options.paginate) {
        const pages = api.raw.pages(request);
        if (options.slurp) {
          const items: unknown[] = [];
          for await (const page of pages) {
            include(page.status, page.headers);
            items.push(...page.items);
          }
          await out.body(`${toJson(items)}\n`);
          return;
        }
        if (options.jq !== undefined) {
          // As gh: the program runs once per page, over that page's items as one array, so a
          // failing program stops at the first page and says so once.
          for await (const page of pages) {
            include(page.status, page.headers);
            await out.body(toJson(page.items));
          }
          return;
        }
        await out.lines(
          (async function* () {
            for await (const page of pages) {
              include(page.status, page.headers);
              yield page.items;
            }
          })(),
        );
        return;
      }
      const response = await ctx.spin(`${method} ${path}…`, () => api.raw.request(request));
      include(response.status, response.headers);
      await out.body(response.text);
    } catch (error) {
      // The store's answer on stdout, as gh api prints it, where a script can parse it: the
      // headers with -i, then the body exactly as sent. The one-sentence error follows on stderr.
      if (error instanceof ApiError) {
        if (error.responseHeaders) include(error.status, error.responseHeaders);
        const text = error.responseText ?? '';
        ctx.io.out(ctx.io.isStdoutTTY && text !== '' && !text.endsWith('\n') ? `${text}\n` : text);
      }
      throw error;
    }
  },
});

/**
 * `api METHOD PATH`, `api -X METHOD PATH`, or `api PATH` as gh takes it: GET, or POST when
 * the request has a body. A lone method word is a missing PATH, not a path called "get".
 */
function methodAndPath(
  flag: string | undefined,
  first: string | undefined,
  second: string | undefined,
  givesBody: boolean,
  UsageError: new (message: string) => Error,
): { method: Method; path: string } {
  const needPath = (after: string) =>
    new UsageError(
      `store-cli api needs a PATH${after}, such as gift_cards/count: store-cli api [METHOD] PATH, ` +
        `METHOD being GET (the default, POST when -f, -F or --input give a body), POST, PUT, DELETE or PATCH.`,
    );
  const known = (word: string, name: string): Method => {
    const method = word.toUpperCase() as Method;
    if (!METHODS.includes(method)) throw new UsageError(`${name} must be one of ${METHODS.join(', ')} (got '${word}').`);
    return method;
  };
  if (flag !== undefined) {
    const method = known(flag, '--method');
    if (second !== undefined)
      throw new UsageError(`--method ${method} names the method, so only PATH follows (got '${first}' and '${second}'): store-cli api -X ${method} PATH.`);
    if (first === undefined) throw needPath(` after --method ${method}`);
    return { method, path: first };
  }
  if (first === undefined) throw needPath('');
  if (second === undefined) {
    if (METHODS.includes(first.toUpperCase() as Method)) throw needPath(` after ${first.toUpperCase()}`);
    return { method: givesBody ? 'POST' : 'GET', path: first };
  }
  return { method: known(first, '<method>'), path: second };
}
