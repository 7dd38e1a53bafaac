import { describe, expect, it } from 'vitest';

import {
  cardBrand,
  cardMessages,
  checkCvc,
  checkExpiry,
  checkNumber,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './card';

const MAY_2026 = new Date(2026, 4, 15);

describe('the card number', () => {
  it('is spaced in groups of 4 as it is typed (amex 4 6 5) and cut at its length', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 4242-4242 42424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
  });

  it("is incomplete until full, then checked with Luhn: Stripe's messages", () => {
    expect(checkNumber('')).toEqual({ status: 'empty', message: null });
    expect(checkNumber('4242 4242')).toEqual({ status: 'incomplete', message: 'Your card number is incomplete.' });
    expect(checkNumber('4242 4242 4242 4241')).toEqual({ status: 'invalid', message: 'Your card number is invalid.' });
    expect(checkNumber('4242 4242 4242 4242')).toEqual({ status: 'complete', message: null });
    expect(checkNumber('4000 0000 0000 0002').status).toBe('complete');
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('the expiry', () => {
  it("is shown 'MM / YY', a lone month digit above 1 padded, an impossible month refused", () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('123')).toBe('12 / 3');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
    expect(formatExpiry('13')).toBe('1');
    expect(formatExpiry('00')).toBe('0');
    expect(parseExpiry('04 / 27')).toEqual({ month: 4, year: 2027 });
    expect(parseExpiry('04 / 2')).toBeNull();
  });

  it("is incomplete, in the past (year or date), or fine: Stripe's messages", () => {
    expect(checkExpiry('', MAY_2026).status).toBe('empty');
    expect(checkExpiry('04 / 2', MAY_2026)).toEqual({ status: 'incomplete', message: cardMessages.expiryIncomplete });
    expect(cardMessages.expiryIncomplete).toBe("Your card's expiration date is incomplete.");
    expect(checkExpiry('12 / 25', MAY_2026)).toEqual({
      status: 'invalid',
      message: "Your card's expiration year is in the past.",
    });
    expect(checkExpiry('04 / 26', MAY_2026)).toEqual({
      status: 'invalid',
      message: "Your card's expiration date is in the past.",
    });
    expect(checkExpiry('05 / 26', MAY_2026).status).toBe('complete');
    expect(checkExpiry('01 / 30', MAY_2026).status).toBe('complete');
  });
});

describe('the CVC', () => {
  it('needs 3 digits, 4 for American Express', () => {
    expect(checkCvc('', 'visa').status).toBe('empty');
    expect(checkCvc('12', 'visa')).toEqual({
      status: 'incomplete',
      message: "Your card's security code is incomplete.",
    });
    expect(checkCvc('123', 'visa').status).toBe('complete');
    expect(checkCvc('123', 'amex').status).toBe('incomplete');
    expect(checkCvc('1234', 'amex').status).toBe('complete');
  });
});
