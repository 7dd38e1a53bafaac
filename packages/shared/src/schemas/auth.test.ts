// The spec's validation messages (docs/product.md §5), field by field.
import { describe, expect, it } from 'vitest';
import { authMessages, loginBody, signupBody } from './auth';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

const valid = { username: 'ada', email: 'ada@example.com', password: 'secret1', repeatpassword: 'secret1' };

describe('signupBody', () => {
  it('accepts a complete sign-up and trims the username and e-mail', () => {
    const parsed = signupBody.parse({ ...valid, username: ' ada ', email: ' ada@example.com ' });
    expect(parsed).toEqual(valid);
  });

  it.each([
    [{ username: '' }, 'username', authMessages.usernameRequired],
    [{ username: '   ' }, 'username', authMessages.usernameRequired],
    [{ email: '' }, 'email', authMessages.emailRequired],
    [{ email: 'ada@' }, 'email', authMessages.emailInvalid],
    [{ email: 'ada example.com' }, 'email', authMessages.emailInvalid],
    [{ password: '12345', repeatpassword: '12345' }, 'password', authMessages.passwordTooShort],
    [{ password: 'x'.repeat(129), repeatpassword: 'x'.repeat(129) }, 'password', authMessages.passwordTooLong],
    [{ repeatpassword: 'secret2' }, 'repeatpassword', authMessages.passwordsDiffer],
  ])('%j → %s: %s', (change, field, message) => {
    expect(messages(signupBody.safeParse({ ...valid, ...change }))[field]).toBe(message);
  });

  it('compares the passwords even while other fields are wrong', () => {
    expect(messages(signupBody.safeParse({ ...valid, username: '', email: 'x', repeatpassword: 'other1' }))).toEqual({
      username: authMessages.usernameRequired,
      email: authMessages.emailInvalid,
      repeatpassword: authMessages.passwordsDiffer,
    });
  });

  it('gives one message per field', () => {
    expect(signupBody.safeParse({ ...valid, email: '' }).error?.issues).toHaveLength(1);
    expect(loginBody.safeParse({ email: '', password: '' }).error?.issues).toHaveLength(2);
  });

  it('names every missing field', () => {
    expect(messages(signupBody.safeParse({}))).toMatchObject({
      username: authMessages.usernameRequired,
      email: authMessages.emailRequired,
      password: authMessages.passwordTooShort,
    });
  });
});

describe('loginBody', () => {
  it('accepts an e-mail and a password', () => {
    expect(loginBody.parse({ email: 'ada@example.com', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
    });
  });

  it.each([
    [{ email: '', password: 'x' }, 'email', authMessages.emailRequired],
    [{ email: 'nope', password: 'x' }, 'email', authMessages.emailInvalid],
    [{ email: 'ada@example.com', password: '' }, 'password', authMessages.passwordRequired],
    [{ email: 'ada@example.com' }, 'password', authMessages.passwordRequired],
  ])('%j → %s: %s', (body, field, message) => {
    expect(messages(loginBody.safeParse(body))[field]).toBe(message);
  });
});
