// What the payment form needs of a card field, whichever gateway draws it (the sandbox's own
// inputs, or Stripe's card Element): say when the card is complete, turn it into a payment
// method, run a 3-D Secure step, and clear itself after a payment.
import type { Ref } from 'react';

export type CardFieldHandle = {
  /**
   * Turns the card into a payment method and answers its id; null when the card was refused,
   * which the field already shows inline under itself. Any other failure throws.
   */
  createPaymentMethod: () => Promise<string | null>;
  /** Stripe's next action (3-D Secure) for this client secret: null once done, else why it failed. */
  handleNextAction?: (clientSecret: string) => Promise<string | null>;
  clear: () => void;
  /** Puts the cursor in the card number, for another card. */
  focus: () => void;
};

export type CardFieldProps = {
  ref: Ref<CardFieldHandle>;
  disabled: boolean;
  /** Called on every change of the card: whether it is complete and valid. */
  onChange: (complete: boolean) => void;
};
