// The most common passwords, refused wherever a password is chosen (sign-up, a new password after
// 'Forgot password?', create-admin), as ASVS 2.1.7 asks: the 49,233 of @zxcvbn-ts/language-common
// (MIT), from real leaked-password frequency lists. Loaded on the first check, not at start (the
// list costs about 11 MB of memory and 40 to 90 ms to read), then kept as a set (a check takes
// ~3 µs). Compared in lower case and in the form the hash is taken of (NFKC), so 'Password' and
// 'PASSWORD' count as 'password'.
import { accountMessages } from '@comics/shared/schemas/auth';
import { HttpError } from '../../platform/http/errors';

let common: Promise<ReadonlySet<string>> | undefined;

const normal = (password: string) => password.normalize('NFKC').toLowerCase();

function load(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map(normal)),
    (error: unknown) => {
      // A later check tries again rather than failing for the life of the process.
      common = undefined;
      throw error;
    },
  );
  return common;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  return (await load()).has(normal(password));
}

/** 400 naming `password`, in plain words. */
export const commonPasswordRefused = () =>
  new HttpError(400, 'common_password', accountMessages.commonPassword, { password: accountMessages.commonPassword });

/** Throws the refusal when the password is one of the common ones. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw commonPasswordRefused();
}
