// The sandbox's card rules: the checks Stripe.js makes before a card leaves the browser (digits,
// Luhn, length, expiry, CVC, with its messages), and what charging each of Stripe's published
// test numbers does (https://docs.stripe.com/testing). Only the verdict survives: brand, last4,
// funding, expiry and outcome; the number is never returned, stored or logged.
import type { SandboxCardBody } from '@comics/shared/schemas/shop';

export type CardFailure =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
export type CardOutcome = 'succeeded' | CardFailure;

/** Stripe's messages for its decline codes: what the buyer reads. */
export const CARD_FAILURE_MESSAGES: Record<CardFailure, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
};

export const CARD_MESSAGES = {
  numberInvalid: 'Your card number is invalid.',
  numberIncomplete: 'Your card number is incomplete.',
  monthInvalid: "Your card's expiration month is invalid.",
  yearInvalid: "Your card's expiration year is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  cvcInvalid: "Your card's security code is invalid.",
} as const;

interface TestCard {
  outcome: CardOutcome;
  funding: 'credit' | 'debit' | 'prepaid';
}

const succeeds = (funding: TestCard['funding'] = 'credit'): TestCard => ({ outcome: 'succeeded', funding });
const fails = (outcome: CardFailure): TestCard => ({ outcome, funding: 'credit' });

/**
 * Stripe's published test numbers. Any other number that passes the checks is declined, as
 * Stripe's test mode declines real cards.
 */
const TEST_CARDS: ReadonlyMap<string, TestCard> = new Map([
  ['4242424242424242', succeeds()],
  ['4000056655665556', succeeds('debit')],
  ['5555555555554444', succeeds()],
  ['2223003122003222', succeeds()],
  ['5200828282828210', succeeds('debit')],
  ['5105105105105100', succeeds('prepaid')],
  ['378282246310005', succeeds()],
  ['371449635398431', succeeds()],
  ['6011111111111117', succeeds()],
  ['6011000990139424', succeeds()],
  ['4000000000000002', fails('card_declined')],
  ['4000000000009995', fails('insufficient_funds')],
  ['4000000000000069', fails('expired_card')],
  ['4000000000000127', fails('incorrect_cvc')],
  ['4000000000000119', fails('processing_error')],
]);

/** A card as the sandbox keeps it. */
export interface CheckedCard {
  brand: string;
  last4: string;
  funding: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  outcome: CardOutcome;
}

export type CardCheck = { ok: true; card: CheckedCard } | { ok: false; fields: Record<string, string> };

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The network from the number's prefix (IIN ranges as Stripe.js reads them). */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (four >= 2221 && four <= 2720) return 'mastercard';
  return 'unknown';
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

function numberProblem(digits: string): string | null {
  if (!/^\d*$/.test(digits)) return CARD_MESSAGES.numberInvalid;
  if (digits.length < 13) return CARD_MESSAGES.numberIncomplete;
  if (digits.length > 19 || !luhnValid(digits)) return CARD_MESSAGES.numberInvalid;
  return null;
}

/** Two-digit years are this century's, as a card prints them. */
function fullYear(year: number): number {
  return year >= 0 && year < 100 ? 2000 + year : year;
}

function expiryProblems(month: number, year: number, now: Date): Record<string, string> {
  if (month < 1 || month > 12) return { exp_month: CARD_MESSAGES.monthInvalid };
  const thisYear = now.getUTCFullYear();
  if (year < 2000 || year > thisYear + 50) return { exp_year: CARD_MESSAGES.yearInvalid };
  if (year < thisYear) return { exp_year: CARD_MESSAGES.expiryPast };
  if (isExpired(month, year, now)) return { exp_month: CARD_MESSAGES.expiryPast };
  return {};
}

function cvcProblem(cvc: string, brand: string): string | null {
  const length = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc) || cvc.length > length) return CARD_MESSAGES.cvcInvalid;
  if (cvc.length < length) return CARD_MESSAGES.cvcIncomplete;
  return null;
}

/** Checks a card as Stripe.js would; every problem is named by its field, none repeats the number. */
export function checkCard(body: SandboxCardBody, now: Date): CardCheck {
  const digits = body.number.replace(/\s+/g, '');
  const brand = cardBrand(digits);
  const expYear = fullYear(body.exp_year);
  const fields: Record<string, string> = {};
  const number = numberProblem(digits);
  if (number) fields.number = number;
  Object.assign(fields, expiryProblems(body.exp_month, expYear, now));
  const cvc = cvcProblem(body.cvc.trim(), brand);
  if (cvc) fields.cvc = cvc;
  if (Object.keys(fields).length > 0) return { ok: false, fields };

  const known = TEST_CARDS.get(digits);
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      funding: known?.funding ?? 'unknown',
      expMonth: body.exp_month,
      expYear,
      outcome: known?.outcome ?? 'card_declined',
    },
  };
}
