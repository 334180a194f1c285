// The help text that lists the keys, and the view of a setting, shared by the config verbs.
import { BRANDS } from '../../core/brand.js';
import { BUILT_IN, COLOR_MODES, CUSTOMER_SEARCH_METHODS, IMPORT_CONCURRENCY, OUTPUT_FORMATS, PAGE_SIZE, type Setting } from '../../core/defaults.js';
import type { View } from '../../core/output.js';

/** Hand-wrapped to the 80 columns help is rendered at; a test keeps it in step with defaults.ts. */
export const KEYS_HELP = `
Keys (one set per profile; --profile or STORE_CLI_PROFILE picks the profile):
  output              ${OUTPUT_FORMATS.join(' | ')} (built-in: ${BUILT_IN.output})
                      what data commands print in a terminal without
                      --json or --jsonl: table: a table; tsv: TSV rows;
                      json, jsonl: as if --json or --jsonl were given.
                      Piped, rows are TSV whatever it says (scripts ask
                      for JSON with --json)
  page-size           ${PAGE_SIZE.min}..${PAGE_SIZE.max} (built-in: the store's ${PAGE_SIZE.builtIn}; with --all, ${PAGE_SIZE.max})
                      giftcard search --limit
  import-concurrency  ${IMPORT_CONCURRENCY.min}..${IMPORT_CONCURRENCY.max} (built-in: ${IMPORT_CONCURRENCY.builtIn})
                      metafield import --concurrency
  color               ${COLOR_MODES.join(' | ')} (built-in: ${BUILT_IN.color})
                      auto: colour in a terminal; never: as --no-color.
                      NO_COLOR and --no-color turn colour off whatever it says.
  brand               ${BRANDS.join(' | ')} (built-in: none, see below)
                      the store's header family: service sends the token as
                      X-Service-Access-Token, genstore as
                      X-Genstore-Access-Token. Unset: a *.genmystore.com or .ai
                      host is genstore; else a 401 makes the client try the
                      other family once (same store) and go on with it.
                      STORE_CLI_BRAND overrides it; 'auth login' saves the
                      family it found (or its --brand).
  api-version         six digits (built-in: ${BUILT_IN['api-version']})
                      the /api/<version>/ segment of every typed request;
                      STORE_CLI_API_VERSION overrides it; apiVersion (the
                      docs' spelling) names it too
  customer-search     ${CUSTOMER_SEARCH_METHODS.join(' | ')} (built-in: ${BUILT_IN['customer-search']})
                      the method customer search asks first (the store's
                      docs show GET in one copy, POST in the other); a 404
                      or 405 makes the client try the other once, and save
                      it here when the profile holds the store

A flag on the command line wins over a default; a default wins over the built-in
value. Defaults live in the config file beside the credentials (mode 0600);
'auth logout' keeps them.
`;

export const SETTING_FIELDS = ['key', 'value', 'source'] as const;

export const settingView: View<Setting> = {
  columns: [
    { name: 'key', header: 'KEY', value: (s) => s.key },
    { name: 'value', header: 'VALUE', value: (s) => String(s.value) },
    { name: 'source', header: 'SOURCE', value: (s) => s.source, style: (text, colors, s) => (s.source === 'default' ? colors.dim(text) : text) },
  ],
};
