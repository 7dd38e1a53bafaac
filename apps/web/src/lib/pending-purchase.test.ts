import { afterEach, describe, expect, it } from 'vitest';

import {
  forgetPurchase,
  PENDING_PURCHASE_TTL_MS,
  pendingFollow,
  pendingPurchase,
  pendingReason,
  pendingReturnTo,
  purchaseReason,
  rememberFollow,
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

describe('a guest’s pending follow', () => {
  const follow = { volumeId: 773, name: 'Night Watch', returnTo: '/cardDetail/773' };

  it('is kept for this tab like a purchase, replacing it, with where to come back to and why', () => {
    rememberPurchase(purchase);
    rememberFollow(follow);
    expect(pendingFollow()).toEqual(follow);
    expect(pendingPurchase()).toBeNull();
    expect(pendingReturnTo()).toBe('/cardDetail/773');
    expect(pendingReason('Log in')).toBe('Log in to follow Night Watch');
    expect(pendingReason('Sign up')).toBe('Sign up to follow Night Watch');
    expect(pendingFollow(Date.now() + PENDING_PURCHASE_TTL_MS + 1000)).toBeNull();
    forgetPurchase();
    expect(pendingFollow()).toBeNull();
    expect(pendingReturnTo()).toBeNull();
  });

  it('leaves a purchase’s reason and return as they were', () => {
    rememberPurchase(purchase);
    expect(pendingFollow()).toBeNull();
    expect(pendingReturnTo()).toBe(purchase.returnTo);
    expect(pendingReason('Log in')).toBe('Log in to buy this issue');
  });

  it.each([
    ['another site', { returnTo: 'https://evil.example/' }],
    ['a series id that is not one', { volumeId: '773' }],
    ['no name', { name: undefined }],
  ])('ignores what was stored with %s', (_label, change) => {
    window.sessionStorage.setItem(
      'comics.pending-purchase',
      JSON.stringify({ ...follow, kind: 'follow', ...change, savedAt: Date.now() }),
    );
    expect(pendingFollow()).toBeNull();
    expect(pendingReturnTo()).toBeNull();
  });
});
