// The sandbox card field's checks, made to behave like Stripe's card Element so that both gateways
// read the same (docs/product.md §5, §8: the card provider's own messages): the number by brand
// length and Luhn, the expiry complete and not past, the CVC's length. A message for a field
// that is merely unfinished waits until the visitor leaves the field, as Stripe's does.

export const cardMessages = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearPast: "Your card's expiration year is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

/** Each field's state: `incomplete` is reported on leaving the field, `invalid` at once. */
export type FieldCheck =
  { status: 'empty' | 'complete'; message: null } | { status: 'incomplete' | 'invalid'; message: string };

const onlyDigits = (value: string) => value.replace(/\D/g, '');

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(36|38|30[0-5])/.test(digits)) return 'diners';
  if (/^35/.test(digits)) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}

export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The number as typed, cut to its brand's length, in the brand's groups (4 4 4 4; amex 4 6 5). */
export function formatCardNumber(input: string): string {
  const brand = cardBrand(onlyDigits(input));
  const digits = onlyDigits(input).slice(0, cardNumberLength(brand));
  const groups = brand === 'amex' || brand === 'diners' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as typed, shown 'MM / YY'. A first digit above 1 is a month on its own ('4' → '04'),
 * and a month that cannot be (13, 00) is not taken.
 */
export function formatExpiry(input: string): string {
  let digits = onlyDigits(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  if (digits.length >= 2) {
    const month = Number(digits.slice(0, 2));
    if (month < 1 || month > 12) digits = digits.slice(0, 1);
  }
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function checkNumber(input: string): FieldCheck {
  const digits = onlyDigits(input);
  if (!digits) return { status: 'empty', message: null };
  if (digits.length < cardNumberLength(cardBrand(digits))) {
    return { status: 'incomplete', message: cardMessages.numberIncomplete };
  }
  if (!luhnValid(digits)) return { status: 'invalid', message: cardMessages.numberInvalid };
  return { status: 'complete', message: null };
}

/** Month and four-digit year of a complete expiry, or null. */
export function parseExpiry(input: string): { month: number; year: number } | null {
  const digits = onlyDigits(input);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function checkExpiry(input: string, now: Date = new Date()): FieldCheck {
  const digits = onlyDigits(input);
  if (!digits) return { status: 'empty', message: null };
  const expiry = parseExpiry(input);
  if (!expiry) return { status: 'incomplete', message: cardMessages.expiryIncomplete };
  const year = now.getFullYear();
  if (expiry.year < year) return { status: 'invalid', message: cardMessages.expiryYearPast };
  if (expiry.year === year && expiry.month < now.getMonth() + 1) {
    return { status: 'invalid', message: cardMessages.expiryPast };
  }
  return { status: 'complete', message: null };
}

export function checkCvc(input: string, brand: CardBrand): FieldCheck {
  const digits = onlyDigits(input);
  if (!digits) return { status: 'empty', message: null };
  if (digits.length < cvcLength(brand)) return { status: 'incomplete', message: cardMessages.cvcIncomplete };
  return { status: 'complete', message: null };
}

export function digitsOf(input: string): string {
  return onlyDigits(input);
}
