import { afterEach, describe, expect, it } from 'vitest';

import {
  forgetPurchase,
  PENDING_PURCHASE_TTL_MS,
  pendingPurchase,
  purchaseReason,
  rememberPurchase,
  type PendingPurchase,
} from './pending-purchase';

const purchase: PendingPurchase = {
  issueIds: [1068],
  returnTo: '/cardDetail/773?issue=1068',
  thenCart: false,
  what: 'this issue',
};

afterEach(() => window.sessionStorage.clear());

describe('a guest’s pending purchase', () => {
  it('is kept for this tab for 30 minutes, then dropped', () => {
    rememberPurchase(purchase);
    expect(pendingPurchase()).toEqual(purchase);
    expect(pendingPurchase(Date.now() + PENDING_PURCHASE_TTL_MS - 1000)).toEqual(purchase);
    expect(pendingPurchase(Date.now() + PENDING_PURCHASE_TTL_MS + 1000)).toBeNull();
    forgetPurchase();
    expect(pendingPurchase()).toBeNull();
  });

  it('says why the login and sign-up pages were opened', () => {
    expect(purchaseReason('Log in', purchase)).toBe('Log in to buy this issue');
    expect(purchaseReason('Sign up', { ...purchase, what: 'these 3 issues' })).toBe('Sign up to buy these 3 issues');
  });

  it.each([
    ['another site', { returnTo: 'https://evil.example/' }],
    ['a protocol-relative address', { returnTo: '//evil.example/' }],
    ['no issues', { issueIds: [] }],
    ['an issue id that is not one', { issueIds: ['1068'] }],
  ])('ignores what was stored with %s', (_label, change) => {
    window.sessionStorage.setItem(
      'comics.pending-purchase',
      JSON.stringify({ ...purchase, ...change, savedAt: Date.now() }),
    );
    expect(pendingPurchase()).toBeNull();
  });

  it('ignores what is not JSON', () => {
    window.sessionStorage.setItem('comics.pending-purchase', '{not json');
    expect(pendingPurchase()).toBeNull();
  });
});
