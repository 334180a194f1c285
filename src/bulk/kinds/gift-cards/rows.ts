// Gift card rows: the CSV that `giftcard import` reads and `giftcard export` writes,
// `code,initialValue,balance,currency,note,expireTime,customerId,status`, and the checks of
// one row. Every check here runs in the pre-flight pass, before anything is sent. A code is
// a secret: no reason quotes it (its last four characters at most).
import { isCalendarDate } from '../../../api/wire.js';
import { UsageError } from '../../../core/errors.js';
import { plural } from '../../../core/words.js';
import { cellsByName, columnLayout, findColumns, type ColumnLayout } from '../../engine/header.js';

export const GIFT_CARD_COLUMNS = ['code', 'initialValue', 'balance', 'currency', 'note', 'expireTime', 'customerId', 'status'] as const;
export type GiftCardColumn = (typeof GIFT_CARD_COLUMNS)[number];

const REQUIRED = ['initialValue'] as const;
const OPTIONAL = GIFT_CARD_COLUMNS.filter((name) => name !== 'initialValue');
/** A rejects or --codes-out file adds these: such a file imports as it is. */
const IGNORED = ['line', 'reason'] as const;

export const NOTE_MAX = 500;

export type GiftCardLayout = ColumnLayout<GiftCardColumn>;

/** The cells of a row as the file has them ('' where absent). */
export interface GiftCardText extends Record<GiftCardColumn, string> {
  line: number;
}

export interface GiftCardRow {
  line: number;
  text: GiftCardText;
  /** Absent only in a dry run, for a row without a code (one is generated when the card is made). */
  code: string | undefined;
  /** The code was generated for this run (written to --codes-out). */
  generated: boolean;
  initialValue: string;
  /** The balance the card must end with (the initial value when the row leaves it empty). */
  balance: string;
  /** Upper case; absent: any. */
  currency?: string;
  /** '' for no note. */
  note: string;
  /** YYYY-MM-DD, or null: never expires. */
  expireTime: string | null;
  customerId?: string;
  disabled: boolean;
}

export function readGiftCardHeader(cells: readonly string[], source: string): GiftCardLayout {
  const found = findColumns(cells, source, { required: REQUIRED, optional: OPTIONAL, ignored: IGNORED });
  if (!found.has('initialValue')) {
    throw new UsageError(
      `${source}: the header lacks the column initialValue; it may name ${GIFT_CARD_COLUMNS.join(',')} (only initialValue is required).`,
      false,
    );
  }
  return columnLayout<GiftCardColumn>(found, cells.length);
}

/** Surrounding spaces are dropped from every cell but the note. */
export function giftCardText(cells: readonly string[], line: number, layout: GiftCardLayout): GiftCardText {
  return { line, ...cellsByName(GIFT_CARD_COLUMNS, cells, layout, ['note']) };
}

/** A problem of a row: the column at fault and what is wrong, in words that never quote a code. */
export interface RowProblem {
  column: GiftCardColumn | 'row';
  problem: string;
}

export type CheckedCard = { ok: true; row: GiftCardRow } | ({ ok: false } & RowProblem);

const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?E[+-]?\d+$/i;
const MASKED = /[*•]/;
const AMOUNT = /^\d{1,15}(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Checks one row; `code` stands in for an empty code cell (a generated one), if given. */
export function checkGiftCardRow(text: GiftCardText, fieldCount: number, width: number, generatedCode?: string): CheckedCard {
  const fail = (column: RowProblem['column'], problem: string): CheckedCard => ({ ok: false, column, problem });
  if (fieldCount !== width) return fail('row', `the row has ${plural(fieldCount, 'field')} where the header has ${width}`);

  const code = text.code;
  if (code !== '') {
    if (MASKED.test(code))
      return fail(
        'code',
        'is masked (as `giftcard export` writes codes without --reveal-codes): a card cannot be made from its last four characters; export with --reveal-codes',
      );
    if (SCIENTIFIC.test(code))
      return fail(
        'code',
        'is a number in scientific notation (like 1.23457E+11): a spreadsheet rewrote a numeric code; format the column as text and take the codes from the original file',
      );
    if (/\s/.test(code)) return fail('code', 'contains spaces');
    if (code.length < 4 || code.length > 255) return fail('code', `has ${code.length} characters; a code has 4 to 255`);
    if (!/^[A-Za-z0-9]{4}$/.test(code.slice(-4))) return fail('code', 'must end in four letters or digits (the store finds a card by them)');
  }

  const initialValue = amount(text.initialValue, 'initialValue', true);
  if (!initialValue.ok) return initialValue;
  const balance = amount(text.balance, 'balance', false);
  if (!balance.ok) return balance;

  const currency = text.currency;
  if (currency !== '' && !/^[A-Za-z]{3}$/.test(currency)) return fail('currency', `"${clip(currency)}" is not a three-letter currency code such as USD`);

  const noteLength = [...text.note].length;
  if (noteLength > NOTE_MAX) return fail('note', `has ${noteLength} characters; a note has at most ${NOTE_MAX}`);

  let expireTime: string | null = null;
  if (text.expireTime !== '') {
    const date = ISO_DATE.exec(text.expireTime)?.[1];
    if (date === undefined) {
      const hint = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(text.expireTime)
        ? ' (a spreadsheet date: 01/05/2026 is January 5th in one country and May 1st in another)'
        : '';
      return fail('expireTime', `"${clip(text.expireTime)}" is not an ISO date YYYY-MM-DD${hint}`);
    }
    if (!isCalendarDate(date)) return fail('expireTime', `"${clip(text.expireTime)}" is not a calendar date`);
    expireTime = date;
  }

  const customerId = text.customerId;
  if (customerId !== '' && !/^\d{1,20}$/.test(customerId)) {
    return fail(
      'customerId',
      SCIENTIFIC.test(customerId)
        ? 'is a number in scientific notation (a spreadsheet rewrote it); format the column as text'
        : `"${clip(customerId)}" is not a numeric id`,
    );
  }

  const status = text.status.toLowerCase();
  if (status !== '' && status !== 'enabled' && status !== 'disabled') {
    const why = status === 'expired' ? ' (expiry follows from expireTime: write enabled)' : '';
    return fail('status', `"${clip(text.status)}" is not enabled or disabled${why}`);
  }

  const finalCode = code !== '' ? code : generatedCode;
  return {
    ok: true,
    row: {
      line: text.line,
      text,
      code: finalCode,
      generated: code === '' && generatedCode !== undefined,
      initialValue: initialValue.value!,
      balance: balance.value ?? initialValue.value!,
      ...(currency !== '' ? { currency: currency.toUpperCase() } : {}),
      note: text.note,
      expireTime,
      ...(customerId !== '' ? { customerId } : {}),
      disabled: status === 'disabled',
    },
  };
}

type Amount = { ok: true; value: string | undefined } | ({ ok: false } & RowProblem);

function amount(text: string, column: 'initialValue' | 'balance', required: boolean): Amount {
  const fail = (problem: string): Amount => ({ ok: false, column, problem });
  if (text === '') return required ? fail('is empty; every card needs its initial value') : { ok: true, value: undefined };
  if (SCIENTIFIC.test(text)) return fail(`"${clip(text)}" is in scientific notation (a spreadsheet rewrote it)`);
  if (/^\d+,\d{1,2}$/.test(text)) return fail(`"${clip(text)}" has a decimal comma; write it with a point (${text.replace(',', '.')})`);
  if (!AMOUNT.test(text)) return fail(`"${clip(text)}" is not an amount such as 25 or 19.99`);
  if ((text.split('.')[1] ?? '').length > 2) return fail(`"${clip(text)}" has more than 2 decimals`);
  return { ok: true, value: text };
}

/** The reason a reject gives: "the note has 612 characters; ...". */
export function problemReason({ column, problem }: RowProblem): string {
  return column === 'row' ? problem : `the ${column} ${problem}`;
}

function clip(text: string): string {
  return text.length > 30 ? `${text.slice(0, 27)}...` : text;
}
