// `npm run create-admin -- --email admin@shop.example --password '…' [--name 'Ada']`: creates an
// administrator for a real deployment, or promotes (and reactivates) an existing account,
// ending its sessions so the new role applies at its next login. Uses the database the
// environment names: DATABASE_URL, else the embedded PGlite under DATA_DIR.
import { accountMessages, signupBody } from '@comics/shared/schemas/auth';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-from-config';
import { createAdminRepository } from '../modules/admin/repository';
import { createAdminService } from '../modules/admin/service';
import { isCommonPassword } from '../modules/auth/common-passwords';
import { createAccountRepository } from '../modules/auth/repository';
import { createAccountService } from '../modules/auth/service';
import { createSessionStore } from '../modules/auth/sessions';
import { readCommandLine } from './command-line';

const USAGE = `Usage: npm run create-admin -- --email EMAIL [--password PASSWORD] [--name NAME]

  --email     the administrator's e-mail (an existing account is promoted)
  --password  6 to 128 characters, not a common one; required for a new account, optional when promoting
  --name      the name shown in the shop (default: the part of the e-mail before @)`;

const commandLine = readCommandLine(
  USAGE,
  { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  false,
);
const { values } = commandLine;
const fail: (message: string) => never = commandLine.fail;
if (!values.email) fail('--email is required');

// The sign-up rules apply to administrators too (valid e-mail, password length, no common password).
const password = values.password ?? 'placeholder-only-checked-when-given';
const checked = signupBody.safeParse({
  username: values.name ?? values.email.split('@')[0],
  email: values.email,
  password,
  repeatpassword: password,
});
if (!checked.success)
  fail(checked.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`).join('\n'));
// The most common passwords are refused here as at sign-up: an administrator's most of all.
if (values.password !== undefined && (await isCommonPassword(values.password)))
  fail(`password: ${accountMessages.commonPassword}`);

const database = await openConfiguredDatabase(loadConfig()).catch((error: Error) =>
  fail(`Cannot open the database: ${error.message}`),
);
try {
  const admin = createAdminService({
    repository: createAdminRepository(database.db),
    accounts: createAccountService({
      repository: createAccountRepository(database.db),
      sessions: createSessionStore({ db: database.db }),
    }),
  });
  const { account, created } = await admin.createOrPromoteAdmin({
    email: checked.data.email,
    username: checked.data.username,
    ...(values.password === undefined ? {} : { password: values.password }),
  });
  console.log(`${created ? 'Created' : 'Promoted'} administrator ${account.email} (id ${account.id}).`);
} catch (error) {
  console.error(`Could not create the administrator: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
