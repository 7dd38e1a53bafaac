// The confirmation's wording, amounts and escaping, without a mail server.
import { describe, expect, it } from 'vitest';
import { buildOrderConfirmation, type OrderConfirmationInput } from './order-confirmation';

const order: OrderConfirmationInput = {
  orderId: 123,
  buyerName: 'Ana',
  buyerEmail: 'ana@example.com',
  paidAt: new Date('2025-03-04T15:06:59Z'),
  items: [
    { volumeName: 'Saga', issueNumber: 1, name: 'Chapter One', priceCents: 399 },
    { volumeName: 'Saga', issueNumber: 2, name: null, priceCents: 399 },
  ],
  totalCents: 798,
  card: { brand: 'visa', last4: '4242' },
  shopUrl: 'https://comics.example',
};

describe('buildOrderConfirmation', () => {
  it('addresses the buyer about the order and links to My comics and the receipt', () => {
    const message = buildOrderConfirmation(order);
    expect(message.recipient).toBe('ana@example.com');
    expect(message.subject).toBe('Your comics order #123');
    expect(message.orderId).toBe(123);
    expect(message.textBody).toBe(
      [
        'Hello Ana,',
        '',
        'Thank you for your order #123, paid on 2025-03-04 15:06 UTC. Your comics:',
        '',
        '  Saga #1 — Chapter One   $3.99',
        '  Saga #2   $3.99',
        '',
        'Total: $7.98',
        'Paid with Visa ending in 4242',
        '',
        'Read them any time in My comics: https://comics.example/user/purchases',
        'Your receipt, to print or keep: https://comics.example/user/orders/123',
        '',
        'Comics Shop',
        '',
      ].join('\n'),
    );
    expect(message.htmlBody).toContain('<a href="https://comics.example/user/purchases">My comics</a>');
    expect(message.htmlBody).toContain('<a href="https://comics.example/user/orders/123">receipt</a>');
    expect(message.htmlBody).toContain(
      'Saga #1 — Chapter One</td><td style="padding:4px 0;text-align:right;white-space:nowrap">$3.99',
    );
    expect(message.htmlBody).toContain('Saga #2</td>');
    expect(message.htmlBody).toContain('>$7.98</th>');
    expect(message.htmlBody).toContain('Paid with Visa ending in 4242');
  });

  it('formats cents as dollars, whatever the amount', () => {
    const message = buildOrderConfirmation({
      ...order,
      items: [
        { volumeName: 'A', issueNumber: 10, name: null, priceCents: 5 },
        { volumeName: 'B', issueNumber: 3, name: null, priceCents: 100_000 },
      ],
      totalCents: 100_005,
    });
    expect(message.textBody).toContain('  A #10   $0.05\n  B #3   $1000.00\n');
    expect(message.textBody).toContain('Total: $1000.05');
  });

  it('names card brands as people write them, and leaves the card out when there is none', () => {
    const brand = (name: string) =>
      buildOrderConfirmation({ ...order, card: { brand: name, last4: '0005' } }).textBody.match(/Paid with (.*)/)?.[1];
    expect(brand('amex')).toBe('American Express ending in 0005');
    expect(brand('mastercard')).toBe('Mastercard ending in 0005');
    expect(brand('somecard')).toBe('Somecard ending in 0005');

    const noCard = buildOrderConfirmation({ ...order, card: null });
    expect(noCard.textBody).not.toContain('Paid with');
    expect(noCard.htmlBody).not.toContain('Paid with');
  });

  it('escapes every uploaded or typed string in the HTML part', () => {
    const hostile = '<img src=x onerror="alert(1)">&\'';
    const message = buildOrderConfirmation({
      ...order,
      buyerName: hostile,
      items: [{ volumeName: hostile, issueNumber: 1, name: '<script>alert(1)</script>', priceCents: 100 }],
      totalCents: 100,
      card: { brand: '<b>visa</b>', last4: '<i>' },
    });
    expect(message.htmlBody).not.toMatch(/<(img|script|b|i)\b/);
    expect(message.htmlBody).toContain('Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;,');
    expect(message.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.htmlBody).toContain('Paid with &lt;b&gt;visa&lt;/b&gt; ending in &lt;i&gt;');
    // The text part is plain text: shown as typed.
    expect(message.textBody).toContain(`Hello ${hostile},`);
  });
});
