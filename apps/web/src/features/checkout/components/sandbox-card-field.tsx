// The sandbox gateway's card field: drawn and checked like Stripe's card Element (number spaced
// as it is typed, MM / YY, CVC; Stripe's own messages, one at a time, under the field), so the
// payment screen reads the same whichever gateway the shop runs. The details go only to our own
// server, which answers a payment method id (or, for a card it refuses, Stripe-style messages per
// field, shown here too).
import { useCallback, useId, useImperativeHandle, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { FaCcAmex, FaCcDinersClub, FaCcDiscover, FaCcJcb, FaCcMastercard, FaCcVisa } from 'react-icons/fa';

import { BsCreditCard } from '@/components/shop-icons';
import { ApiError } from '@/lib/api-client';

import { createSandboxPaymentMethod } from '../api/create-sandbox-payment-method';
import {
  cardBrand,
  cardMessages,
  checkCvc,
  checkExpiry,
  checkNumber,
  cvcLength,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
  type CardBrand,
  type FieldCheck,
} from '../utils/card';
import type { CardFieldProps } from './card-field';

type Part = 'number' | 'expiry' | 'cvc';
type Values = Record<Part, string>;

const EMPTY: Values = { number: '', expiry: '', cvc: '' };
const NOT_TOUCHED: Record<Part, boolean> = { number: false, expiry: false, cvc: false };
const PARTS: Part[] = ['number', 'expiry', 'cvc'];
/** What a part still empty lacks, said when Enter is pressed before it is filled. */
const MISSING: Record<Part, string> = {
  number: cardMessages.numberIncomplete,
  expiry: cardMessages.expiryIncomplete,
  cvc: cardMessages.cvcIncomplete,
};

/** Which part a server field message belongs to. */
const SERVER_FIELDS: [string, Part][] = [
  ['number', 'number'],
  ['exp_month', 'expiry'],
  ['exp_year', 'expiry'],
  ['cvc', 'cvc'],
];

function checksOf(values: Values): Record<Part, FieldCheck> {
  return {
    number: checkNumber(values.number),
    expiry: checkExpiry(values.expiry),
    cvc: checkCvc(values.cvc, cardBrand(digitsOf(values.number))),
  };
}

function isComplete(values: Values): boolean {
  const checks = checksOf(values);
  return PARTS.every((part) => checks[part].status === 'complete');
}

export function SandboxCardField({ ref, disabled, onChange }: CardFieldProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState(NOT_TOUCHED);
  const [refusal, setRefusal] = useState<{ part: Part; message: string } | null>(null);

  const brand = cardBrand(digitsOf(values.number));
  const checks = checksOf(values);
  // Like Stripe: a wrong value shows at once, an unfinished one once the visitor moves on.
  const visible = (part: Part) =>
    checks[part].status === 'invalid' || (checks[part].status === 'incomplete' && touched[part]);
  const errorPart = refusal?.part ?? PARTS.find(visible) ?? null;
  const message = refusal?.message ?? (errorPart ? checks[errorPart].message : null);
  const errorId = `${id}-error`;
  const focusPart = useCallback((part: Part) => document.getElementById(`${id}-${part}`)?.focus(), [id]);

  useImperativeHandle(
    ref,
    () => ({
      async createPaymentMethod() {
        const expiry = parseExpiry(values.expiry);
        if (!expiry) return null;
        try {
          const method = await createSandboxPaymentMethod({
            number: digitsOf(values.number),
            exp_month: expiry.month,
            exp_year: expiry.year,
            cvc: digitsOf(values.cvc),
          });
          return method.id;
        } catch (error) {
          const fields = error instanceof ApiError && error.status === 400 ? error.fields : undefined;
          const found = fields && SERVER_FIELDS.find(([name]) => fields[name]);
          if (!fields || !found) throw error;
          setRefusal({ part: found[1], message: fields[found[0]]! });
          return null;
        }
      },
      clear() {
        setValues(EMPTY);
        setTouched(NOT_TOUCHED);
        setRefusal(null);
        onChange(false);
      },
      focus() {
        focusPart('number');
      },
    }),
    [values, onChange, focusPart],
  );

  function update(part: Part, format: (raw: string) => string) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [part]: format(event.target.value) };
      // A shorter CVC limit when the number turns out to be another brand.
      next.cvc = digitsOf(next.cvc).slice(0, cvcLength(cardBrand(digitsOf(next.number))));
      setValues(next);
      setRefusal(null);
      onChange(isComplete(next));
      // Like Stripe: a finished number or expiry date moves on to the next part.
      const nextPart = PARTS[PARTS.indexOf(part) + 1];
      const finished = (value: Values) => checksOf(value)[part].status === 'complete';
      if (nextPart && finished(next) && !finished(values)) focusPart(nextPart);
    };
  }

  // Enter with a part missing: say which (every unfinished part shows its message) and go there,
  // where the form's disabled 'Pay Now' would otherwise do nothing at all.
  function enter(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || isComplete(values)) return;
    event.preventDefault();
    setTouched({ number: true, expiry: true, cvc: true });
    const missing = PARTS.find((part) => checks[part].status !== 'complete');
    if (!missing) return;
    setRefusal({ part: missing, message: checks[missing].message ?? MISSING[missing] });
    focusPart(missing);
  }

  const blur = (part: Part) => () => setTouched((current) => ({ ...current, [part]: true }));
  const inputProps = (part: Part) => ({
    id: `${id}-${part}`,
    className: `card-field-input card-field-${part}`,
    type: 'text',
    inputMode: 'numeric' as const,
    spellCheck: false,
    disabled,
    value: values[part],
    onBlur: blur(part),
    onKeyDown: enter,
    'aria-invalid': errorPart === part,
    'aria-describedby': errorPart === part ? errorId : undefined,
  });

  return (
    <fieldset className="card-field-group mb-0" disabled={disabled}>
      <legend className="form-label fw-semibold fs-6 mb-2">Card details</legend>
      <div className={`card-field form-control d-flex align-items-center gap-2 ${message ? 'is-invalid' : ''}`}>
        <BrandIcon brand={brand} />
        <label htmlFor={`${id}-number`} className="visually-hidden">
          Card number
        </label>
        <input
          {...inputProps('number')}
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          onChange={update('number', formatCardNumber)}
        />
        <label htmlFor={`${id}-expiry`} className="visually-hidden">
          Expiration date (MM / YY)
        </label>
        <input
          {...inputProps('expiry')}
          autoComplete="cc-exp"
          placeholder="MM / YY"
          onChange={update('expiry', formatExpiry)}
        />
        <label htmlFor={`${id}-cvc`} className="visually-hidden">
          Security code (CVC)
        </label>
        <input {...inputProps('cvc')} autoComplete="cc-csc" placeholder="CVC" onChange={update('cvc', digitsOf)} />
      </div>
      <div id={errorId} className="card-field-error invalid-feedback d-block" role="alert">
        {message}
      </div>
    </fieldset>
  );
}

function BrandIcon({ brand }: { brand: CardBrand }) {
  const props = { 'aria-hidden': true, className: 'card-field-brand flex-shrink-0', size: 22 } as const;
  switch (brand) {
    case 'visa':
      return <FaCcVisa {...props} />;
    case 'mastercard':
      return <FaCcMastercard {...props} />;
    case 'amex':
      return <FaCcAmex {...props} />;
    case 'discover':
      return <FaCcDiscover {...props} />;
    case 'diners':
      return <FaCcDinersClub {...props} />;
    case 'jcb':
      return <FaCcJcb {...props} />;
    default:
      return <BsCreditCard {...props} />;
  }
}
