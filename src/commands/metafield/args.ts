// The checks every metafield verb shares: the business object (domain, bizId), the
// namespace and code, and the field type. Each failure names the argument or flag, exits 2,
// and happens before anything is sent. Plain code: these run before any library loads.
import { FIELD_TYPES, METAFIELD_DOMAINS, NAME_PATTERN, isMetafieldDomain, parseFieldType, type FieldType } from '../../api/metafields/types.js';
import { checkBizId } from '../../api/path-segment.js';
import { UsageError } from '../../core/errors.js';

export const DOMAIN_HELP = `the kind of business object: ${METAFIELD_DOMAINS.join(', ')}`;
export const BIZ_ID_HELP = "the business object's id (shop: the shop's id)";
export const NAME_RULE = '1 to 64 of A-Z a-z 0-9 _ -';

/** The business object a value belongs to: its domain and id, as in the API's paths. */
export interface BusinessObject {
  domain: string;
  bizId: string;
}

export function checkObject(domain: string, bizId: string): BusinessObject {
  if (!isMetafieldDomain(domain)) throw new UsageError(`<domain> must be one of ${METAFIELD_DOMAINS.join(', ')}${got(domain)}.`);
  // The same rule, in the same words, as the import's rows (src/bulk/row-check.ts).
  const checked = checkBizId(bizId);
  if (!checked.ok) throw new UsageError(`<bizId> ${checked.problem}.`);
  return { domain, bizId: checked.bizId };
}

/** A namespace or code, checked against the API's pattern. */
export function checkName(flag: '--namespace' | '--code', value: string): string {
  if (!NAME_PATTERN.test(value)) throw new UsageError(`${flag} must be ${NAME_RULE}${got(value)}.`);
  return value;
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
