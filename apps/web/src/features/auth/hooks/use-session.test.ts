import { describe, expect, it } from 'vitest';

import { clearSession, readSession, refreshIdentity, storeIdentity } from './use-session';

describe('the stored session', () => {
  it('is signed in with the MY_AUTH flag and a valid ROL, without any token', () => {
    storeIdentity({ name: 'Ada', Rol: 'USER', id: 3, email: 'ada@example.com' });
    expect(readSession()).toEqual({ role: 'USER', name: 'Ada' });
    expect(localStorage.getItem('token')).toBeNull();

    localStorage.setItem('ROL', '"ROOT"');
    expect(readSession()).toEqual({ role: null, name: null });
    localStorage.setItem('ROL', '"ADMIN"');
    localStorage.removeItem('MY_AUTH');
    expect(readSession()).toEqual({ role: null, name: null });
  });

  it('does not count a token alone as signed in', () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('ROL', '"USER"');
    expect(readSession().role).toBeNull();
  });

  it("refreshes a signed-in identity from the server's, but never signs anyone in", () => {
    refreshIdentity({ id: 3, name: 'Ada', email: 'ada@example.com', Rol: 'ADMIN', picture: null });
    expect(readSession().role).toBeNull();

    storeIdentity({ name: 'Ada', Rol: 'USER', id: 3, email: 'ada@example.com' });
    refreshIdentity({ id: 3, name: 'Ada L.', email: 'ada@example.org', Rol: 'ADMIN', picture: null });
    expect(readSession()).toEqual({ role: 'ADMIN', name: 'Ada L.' });
    expect(localStorage.getItem('email')).toBe('ada@example.org');
  });

  it('clears everything but the theme', () => {
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('carrito', '[]');
    storeIdentity({ name: 'Ada', Rol: 'USER', id: 3, email: 'ada@example.com' });
    clearSession();
    expect({ ...localStorage }).toEqual({ theme: 'dark' });
    expect(readSession().role).toBeNull();
  });
});
