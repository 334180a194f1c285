// Request bodies of customer create and update: `{"customer": {...}}`, each error at its JSON path.
import { isJsonObject } from '../../http/body-json.js';
import { FieldErrors, malformedBody } from '../../http/sandbox-errors.js';
import { characterCount } from '../text.js';
import { EMAIL_PATTERN, NAME_MAX_LENGTH, NOTES_MAX_LENGTH, PHONE_PATTERN, TEXT_FIELDS, type AddressRecord, type TextField } from './record.js';

/** What a request sets; a text field sent as null or "" is cleared (update) or left out (create). */
export interface CustomerInput {
  text: Partial<Record<TextField, string | null>>;
  tags?: string[];
  taxExempt?: boolean;
  /** The whole list, replacing the stored one; ids are given by the store. */
  addresses?: Array<Omit<AddressRecord, 'id'>>;
}

const ADDRESS_TEXT = ['firstName', 'lastName', 'company', 'address1', 'address2', 'city', 'provinceCode', 'countryCode', 'zip', 'phone'] as const;

/** The body's customer; on create at least one of first name, last name, email and phone (as the admin requires). */
export function readCustomerInput(body: unknown, creating: boolean): CustomerInput {
  if (!isJsonObject(body) || !isJsonObject(body.customer)) throw malformedBody('The body must be a JSON object {"customer": {...}}.');
  const fields = body.customer;
  const errors = new FieldErrors();
  const input: CustomerInput = { text: {} };
  for (const name of TEXT_FIELDS) {
    const value = fields[name];
    if (value === undefined) continue;
    if (value === null || value === '') {
      input.text[name] = null;
      continue;
    }
    if (typeof value !== 'string') {
      errors.add(`customer.${name}`, 'must be a string');
      continue;
    }
    const max = name === 'notes' ? NOTES_MAX_LENGTH : NAME_MAX_LENGTH;
    if (characterCount(value) > max) errors.add(`customer.${name}`, `must be at most ${max} characters`);
    else if (name === 'email' && !EMAIL_PATTERN.test(value)) errors.add('customer.email', 'must be an email address such as ada@example.com');
    else if (name === 'phone' && !PHONE_PATTERN.test(value)) errors.add('customer.phone', 'must be a phone number: digits, optionally a leading +, spaces or dashes');
    else input.text[name] = value;
  }
  readTags(fields.tags, errors, input);
  const taxExempt = fields.taxExempt;
  if (taxExempt !== undefined) {
    if (taxExempt === true || taxExempt === 'true') input.taxExempt = true;
    else if (taxExempt === false || taxExempt === 'false') input.taxExempt = false;
    else errors.add('customer.taxExempt', 'must be true or false');
  }
  readAddresses(fields.addresses, errors, input);
  if (creating && errors.empty && !['firstName', 'lastName', 'email', 'phone'].some((name) => typeof input.text[name as TextField] === 'string')) {
    errors.add('customer', 'needs at least one of firstName, lastName, email and phone');
  }
  if (!creating && errors.empty && Object.keys(input.text).length === 0 && input.tags === undefined && input.taxExempt === undefined && input.addresses === undefined) {
    errors.add('customer', 'must change at least one field');
  }
  errors.throwIfAny();
  return input;
}

/** Tags as an array of strings, or as the JSON-array text the store writes them in. */
function readTags(raw: unknown, errors: FieldErrors, input: CustomerInput): void {
  if (raw === undefined || raw === null) return;
  let list: unknown = raw;
  if (typeof raw === 'string') {
    try {
      list = JSON.parse(raw);
    } catch {
      list = undefined;
    }
  }
  if (!Array.isArray(list) || !list.every((tag): tag is string => typeof tag === 'string' && tag.trim() !== '' && characterCount(tag) <= NAME_MAX_LENGTH)) {
    errors.add('customer.tags', 'must be an array of non-empty strings (or its JSON text)');
    return;
  }
  input.tags = [...new Set(list.map((tag) => tag.trim()))];
}

function readAddresses(raw: unknown, errors: FieldErrors, input: CustomerInput): void {
  if (raw === undefined || raw === null) return;
  if (!Array.isArray(raw)) {
    errors.add('customer.addresses', 'must be an array of addresses');
    return;
  }
  const addresses: Array<Omit<AddressRecord, 'id'>> = [];
  raw.forEach((entry: unknown, index) => {
    const at = `customer.addresses[${index}]`;
    if (!isJsonObject(entry)) {
      errors.add(at, 'must be an object');
      return;
    }
    const address: Omit<AddressRecord, 'id'> = { isDefaultAddress: index === 0 };
    for (const name of ADDRESS_TEXT) {
      const value = entry[name];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || characterCount(value) > NAME_MAX_LENGTH) errors.add(`${at}.${name}`, `must be a string of at most ${NAME_MAX_LENGTH} characters`);
      else address[name] = value;
    }
    addresses.push(address);
  });
  input.addresses = addresses;
}
