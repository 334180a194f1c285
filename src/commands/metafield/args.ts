// What every metafield verb shares: the business object (domain, bizId), the namespace and
// code, and the field type, as arguments and flags and their checks. Each failure names the
// argument or flag, exits 2, and happens before anything is sent. Plain code: these run before
// any library loads.
import { FIELD_TYPES, METAFIELD_DOMAINS, NAME_PATTERN, isMetafieldDomain, parseFieldType, type FieldType } from '../../api/metafields/types.js';
import { checkBizId } from '../../api/path-segment.js';
import { UsageError } from '../../core/errors.js';
import { arg, text } from '../verb.js';

export const DOMAIN_HELP = `the kind of business object: ${METAFIELD_DOMAINS.join(', ')}`;
export const BIZ_ID_HELP = "the business object's id (shop: the shop's id)";
export const NAME_RULE = '1 to 64 of A-Z a-z 0-9 _ -';

/** DOMAIN and BIZ-ID: the business object whose values a verb reads or writes. */
export const objectArgs = () => ({ domain: arg(DOMAIN_HELP), bizId: arg(BIZ_ID_HELP) });

/** --namespace and --code: they name one value of it. */
export const valueNameFlags = () => ({
  namespace: text('<namespace>', `the value's namespace, ${NAME_RULE}`, { required: true }),
  code: text('<code>', `the value's code, ${NAME_RULE}`, { required: true }),
});

/** --namespace of a listing, a count or an export: only that namespace's values. */
export const namespaceFilter = () => text('<namespace>', `only values in this namespace, ${NAME_RULE}`);

/** The business object a value belongs to: its domain and id, as in the API's paths. */
export interface BusinessObject {
  domain: string;
  bizId: string;
}

export function checkObject(domain: string, bizId: string): BusinessObject {
  if (!isMetafieldDomain(domain)) throw new UsageError(`<domain> must be one of ${METAFIELD_DOMAINS.join(', ')}${got(domain)}.`);
  // The same rule, in the same words, as the import's rows (bulk/kinds/metafields/rows.ts).
  const checked = checkBizId(bizId);
  if (!checked.ok) throw new UsageError(`<bizId> ${checked.problem}.`);
  return { domain, bizId: checked.bizId };
}

/** A namespace or code, checked against the API's pattern. */
export function checkName(flag: '--namespace' | '--code', value: string): string {
  if (!NAME_PATTERN.test(value)) throw new UsageError(`${flag} must be ${NAME_RULE}${got(value)}.`);
  return value;
}

/** The namespace and code of --namespace and --code (a value's, or a definition's). */
export function checkNames(options: { namespace: string; code: string }): { namespace: string; code: string } {
  return { namespace: checkName('--namespace', options.namespace), code: checkName('--code', options.code) };
}

/** The namespace of a --namespace filter, when given. */
export function checkNamespaceFilter(namespace: string | undefined): string | undefined {
  return namespace === undefined ? undefined : checkName('--namespace', namespace);
}

export function checkFieldType(text: string): FieldType {
  const type = parseFieldType(text);
  if (!type) throw new UsageError(`--type must be one of ${FIELD_TYPES.join(', ')}${got(text)}.`);
  return type;
}

/** The user's text, shortened, for an error message. */
export function got(text: string): string {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return ` (got '${shown.replace(/\r?\n/g, '\\n')}')`;
}
