// "Changed since the run": whether an object still holds what a run wrote to it, the one
// comparison undo makes before it takes anything back (a card or product the run created, a
// product it replaced; a discount's, for the discount import's undo). Undo never clobbers:
// an object that holds other values than the run wrote was changed by someone else since,
// and is left alone (exit 3) unless --force.

/**
 * The fields of `written` (what the run wrote, as the store answered it or as it was sent)
 * that `now` (the object as read now) holds otherwise, as paths (`balance`,
 * `variants[1].price`); [] when nothing changed since. Only what the run wrote is compared
 * (fields the store added, such as new ids, are not), objects field by field, arrays item by
 * item and length; numbers and decimal strings by their value ("25.00" is 25, exactly, without
 * floats); fields the store stamps itself (createTime, updatedAt...) are no one's change.
 */
export function changedSince(now: unknown, written: Readonly<Record<string, unknown>>): string[] {
  const changed: string[] = [];
  compare(now, written, '', changed);
  return changed;
}

/** A field the store stamps itself (createTime, updateTime, updatedAt, published_at): no one's change. */
export function isStamp(field: string): boolean {
  const last =
    field
      .replace(/\[\d+\]$/, '')
      .split('.')
      .at(-1) ?? '';
  return /^(create|update|created|updated|modified|published)(Time|At|_at)$/.test(last);
}

function compare(held: unknown, sent: unknown, field: string, changed: string[]): void {
  if (field !== '' && isStamp(field)) return;
  if (Array.isArray(sent)) {
    if (!Array.isArray(held) || held.length !== sent.length) changed.push(field);
    else sent.forEach((item, index) => compare(held[index], item, `${field}[${index}]`, changed));
    return;
  }
  if (isPlainRecord(sent)) {
    if (!isPlainRecord(held)) {
      changed.push(field);
      return;
    }
    for (const [name, value] of Object.entries(sent)) if (value !== undefined) compare(held[name], value, field === '' ? name : `${field}.${name}`, changed);
    return;
  }
  if (!sameScalar(held, sent)) changed.push(field);
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  // A lossless number (a class instance with isLosslessNumber) is a scalar, not a record.
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  const x = numberText(a);
  const y = numberText(b);
  return x !== undefined && x === y;
}

/** A number, or a string of one, as its canonical decimal text: no sign of zero, no leading or trailing zeros. */
function numberText(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number'
        ? String(value)
        : typeof value === 'object' && value !== null
          ? String(value)
          : undefined;
  const m = text === undefined ? null : /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const digits = fraction === '' ? whole : `${whole}.${fraction}`;
  return digits === '0' ? '0' : `${m[1]}${digits}`;
}
