// Password hashing with scrypt (node:crypto, no native build): a random salt per password,
// the cost parameters stored beside the hash so they can be raised later without breaking
// old hashes, and a constant-time comparison.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** N=2^15, r=8, p=1: 32 MiB and a few tens of milliseconds a hash, a common interactive-login cost. */
const INTERACTIVE_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
/**
 * Inside Vitest's test runs only: 32 times cheaper, as Rails' `min_cost` does in tests (the suite
 * signs up thousands of accounts; at the full cost scrypt took a fifth of the auth tests' time).
 * Each hash stores its cost, so every hash verifies whichever cost made it.
 */
const TEST_RUN_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/** The cost new hashes get: the interactive one, unless this process is a Vitest test run. */
export function defaultCost(env: NodeJS.ProcessEnv = process.env): ScryptCost {
  return env.VITEST === 'true' && env.NODE_ENV === 'test' ? TEST_RUN_COST : INTERACTIVE_COST;
}

const DEFAULT_COST = defaultCost();
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** 'scrypt$N$r$p$salt$key' with salt and key in base64url. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const wellFormed =
    scheme === 'scrypt' &&
    Number.isInteger(Math.log2(cost.N)) &&
    cost.N > 1 &&
    [cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0) &&
    !!salt &&
    !!key;
  if (!wellFormed) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
