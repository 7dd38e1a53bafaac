import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes';

describe('ERROR_CODES', () => {
  it('gives every code one name, in the snake_case the answers carry', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, code] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(name).toBe(code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()));
    }
  });
});
