// Customer rows: the CSV that `customer import` reads and `customer export` writes, one row a
// customer: email, customerId, firstName, lastName, phone, tags, taxExempt, notes, addresses.
// Tags are written `vip, newsletter` (as a table shows them), or as a JSON list when a tag
// holds a comma; addresses as a JSON list of objects (the default first, the store's ids left
// out). An empty cell keeps what the store holds; `[]` clears the tags or the addresses; a
// protected cell that reads `(withheld)` (an export by a token not approved for them) is
// never sent. The checks of one row: every one runs in the pre-flight pass, before anything
// is sent. Pure: no I/O.
import { customers } from '../../../api/customers/declaration.js';
import { ADDRESS_FIELDS, isProtected, ordered, type CustomerAddress, type CustomerField, type CustomerFields } from '../../../api/customers/writable.js';
import { checkValues } from '../../../api/rest-resource.js';
import { FieldError, UsageError } from '../../../core/errors.js';
import { plural, stripPeriod } from '../../../core/words.js';
import { cellsByName, columnLayout, findColumns, type ColumnLayout } from '../../engine/header.js';

export const CUSTOMER_COLUMNS = ['email', 'customerId', 'firstName', 'lastName', 'phone', 'tags', 'taxExempt', 'notes', 'addresses'] as const;
export type CustomerColumn = (typeof CUSTOMER_COLUMNS)[number];

/** The header an empty file is told to start with. */
export const CUSTOMER_HEADER_EXAMPLE = CUSTOMER_COLUMNS.filter((name) => name !== 'customerId').join(',');
/** The store's ids: left out by `customer export --no-ids`. */
export const CUSTOMER_ID_COLUMNS: readonly CustomerColumn[] = ['customerId'];
/** What an export writes in a protected cell the store withheld from its token; an import never sends it. */
export const WITHHELD_CELL = '(withheld)';
/** A rejects file adds these: such a file imports as it is. */
const IGNORED = ['line', 'reason'] as const;
/** The cells kept as written (a name or a note may hold surrounding spaces); the others are trimmed. */
const AS_WRITTEN: readonly CustomerColumn[] = ['firstName', 'lastName', 'notes'];
const ADDRESS_TEXT_MAX = 255;

export type CustomerLayout = ColumnLayout<CustomerColumn>;

/** The cells of a row as the file has them ('' where absent or empty). */
export interface CustomerText extends Record<CustomerColumn, string> {
  line: number;
}

/** What a row sets: the fields its cells give (tags and addresses as whole lists). */
export type Wanted = Partial<CustomerFields>;

export interface CustomerRow {
  line: number;
  text: CustomerText;
  /** Which customer the row is (customerKey). */
  key: string;
  /** The store's id, when the row gives one: the row is that customer. */
  id?: string;
  wanted: Wanted;
  /** The fields the row gives, in the export's order. */
  given: CustomerField[];
}

export function readCustomerHeader(cells: readonly string[], source: string): CustomerLayout {
  const found = findColumns(cells, source, { required: [], optional: CUSTOMER_COLUMNS, ignored: IGNORED });
  if (!['email', 'customerId', 'phone'].some((name) => found.has(name)))
    throw new UsageError(
      `${source}: the header names none of email, customerId and phone, one of which names each customer; the columns are ${CUSTOMER_COLUMNS.join(',')}.`,
      false,
    );
  return columnLayout<CustomerColumn>(found, cells.length);
}

export function customerText(cells: readonly string[], line: number, layout: CustomerLayout): CustomerText {
  return { line, ...cellsByName(CUSTOMER_COLUMNS, cells, layout, AS_WRITTEN) };
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/**
 * Which customer a row is, as its cells name it: its id, else its email (ignoring case, as
 * the store holds emails unique), else its phone (by its digits). Rows are placed in shards
 * and told apart in the file by it.
 */
export function customerKey(text: Pick<CustomerText, 'customerId' | 'email' | 'phone' | 'line'>): string {
  if (text.customerId !== '') return `id:${text.customerId}`;
  if (text.email !== '' && text.email !== WITHHELD_CELL) return `email:${text.email.toLowerCase()}`;
  if (text.phone !== '' && text.phone !== WITHHELD_CELL) return `phone:${digitsOf(text.phone)}`;
  return `line:${text.line}`;
}

export type CheckedCustomer = { ok: true; row: CustomerRow } | { ok: false; problem: string };

/** The declaration's own checks of a field (the client's, as `customer update` checks a flag), the problem naming the column. */
function problemOf(name: string, value: unknown): string | undefined {
  try {
    checkValues({ [name]: customers.fields[name as keyof typeof customers.fields] }, { [name]: value });
    return undefined;
  } catch (error) {
    if (error instanceof FieldError) return stripPeriod(error.sentence(() => `the ${name}`));
    throw error;
  }
}

/** Checks one row; the problem names the column at fault. */
export function checkCustomerRow(text: CustomerText, fieldCount: number, width: number): CheckedCustomer {
  const fail = (problem: string): CheckedCustomer => ({ ok: false, problem });
  if (fieldCount !== width) return fail(`the row has ${plural(fieldCount, 'field')} where the header has ${width}`);
  if (text.customerId !== '' && !/^\d+$/.test(text.customerId)) return fail(`the customerId "${clip(text.customerId)}" is not a customer id (digits)`);
  const wanted: Wanted = {};
  const given: CustomerField[] = [];
  const give = <K extends CustomerField>(name: K, value: CustomerFields[K]) => {
    wanted[name] = value;
    given.push(name);
  };
  for (const name of ['email', 'firstName', 'lastName', 'phone'] as const) {
    const cell = text[name];
    if (cell === '' || cell === WITHHELD_CELL) continue;
    const problem = problemOf(name, cell);
    if (problem !== undefined) return fail(problem);
    give(name, cell);
  }
  if (text.tags !== '') {
    const tags = tagsOfCell(text.tags);
    if (typeof tags === 'string') return fail(tags);
    const problem = problemOf('tags', tags);
    if (problem !== undefined) return fail(problem);
    give('tags', tags);
  }
  if (text.taxExempt !== '') {
    const flag = text.taxExempt.toLowerCase();
    if (flag !== 'true' && flag !== 'false') return fail(`the taxExempt "${clip(text.taxExempt)}" is not true or false`);
    give('taxExempt', flag === 'true');
  }
  if (text.notes !== '') {
    const problem = problemOf('notes', text.notes);
    if (problem !== undefined) return fail(problem);
    give('notes', text.notes);
  }
  if (text.addresses !== '' && text.addresses !== WITHHELD_CELL) {
    const addresses = addressesOfCell(text.addresses);
    if (typeof addresses === 'string') return fail(addresses);
    give('addresses', addresses);
  }
  const key = customerKey(text);
  if (key.startsWith('line:'))
    return fail('the row has no customerId, email or phone: one of them names the customer (names alone cannot tell one customer from another)');
  // The export's order, whatever the header's.
  given.sort((a, b) => FIELD_ORDER.indexOf(a) - FIELD_ORDER.indexOf(b));
  return { ok: true, row: { line: text.line, text, key, ...(text.customerId !== '' ? { id: text.customerId } : {}), wanted, given } };
}

const FIELD_ORDER: readonly CustomerField[] = ['email', 'firstName', 'lastName', 'phone', 'tags', 'taxExempt', 'notes', 'addresses'];

/** The protected fields a row gives (names, email, phone, addresses). */
export function protectedGiven(row: CustomerRow): CustomerField[] {
  return row.given.filter(isProtected);
}

/** A tags cell: a JSON list, or tags separated by commas (empty ones dropped, repeats once); a problem as text. */
export function tagsOfCell(cell: string): string[] | string {
  let list: string[];
  if (cell.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(cell);
    } catch {
      return 'the tags cell starts with [ but is not a JSON list (write tags separated by commas, or a JSON list of texts such as ["vip", "a, b"])';
    }
    if (!Array.isArray(parsed) || !parsed.every((tag): tag is string => typeof tag === 'string'))
      return 'the tags cell is not a JSON list of texts (such as ["vip", "a, b"])';
    list = parsed.map((tag) => tag.trim());
  } else list = cell.split(',').map((tag) => tag.trim());
  return [...new Set(list.filter((tag) => tag !== ''))];
}

/** Tags as a cell: separated by commas, or as a JSON list when one holds a comma (or surrounding spaces), so that it reads back the same. */
export function tagsCell(tags: readonly string[]): string {
  if (tags.some((tag) => tag.includes(',') || tag.trim() !== tag || tag.startsWith('['))) return JSON.stringify(tags);
  return tags.join(', ');
}

/** An addresses cell: a JSON list of addresses, each an object of the known fields as text; a problem as text, naming the JSON path. */
export function addressesOfCell(cell: string): CustomerAddress[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cell);
  } catch {
    return `the addresses cell is not JSON: write a list of addresses such as [{"address1": "12 Main St", "city": "Springfield", "countryCode": "US"}]`;
  }
  if (!Array.isArray(parsed)) return 'the addresses cell is not a JSON list of addresses (such as [{"city": "London", "countryCode": "GB"}])';
  const addresses: CustomerAddress[] = [];
  for (const [index, entry] of parsed.entries()) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return `addresses[${index}] is not an object of address fields`;
    const address: CustomerAddress = {};
    for (const [name, value] of Object.entries(entry as Record<string, unknown>)) {
      if (!(ADDRESS_FIELDS as readonly string[]).includes(name))
        return `addresses[${index}].${clip(name)} is not an address field (${ADDRESS_FIELDS.join(', ')})`;
      if (value === null || value === '') continue;
      if (typeof value !== 'string' || value.length > ADDRESS_TEXT_MAX)
        return `addresses[${index}].${name} must be text of at most ${ADDRESS_TEXT_MAX} characters`;
      address[name as keyof CustomerAddress] = value;
    }
    if (Object.keys(address).length === 0) return `addresses[${index}] is empty: give it at least one of ${ADDRESS_FIELDS.join(', ')}`;
    addresses.push(ordered(address));
  }
  return addresses;
}

/** Addresses as a cell: a JSON list, each address's fields in the one order (ADDRESS_FIELDS); empty for none. */
export function addressesCell(addresses: readonly CustomerAddress[]): string {
  return addresses.length === 0 ? '' : JSON.stringify(addresses.map(ordered));
}

function clip(text: string): string {
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}
