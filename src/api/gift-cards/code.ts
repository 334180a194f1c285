// Gift card codes made on the client: for `giftcard create` without --code and import rows without one.
import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read aloud or off a receipt must not be mistyped.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = 16;

/** A gift card code from the CSPRNG; randomInt draws without modulo bias. */
export function generateGiftCardCode(length = GENERATED_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}
