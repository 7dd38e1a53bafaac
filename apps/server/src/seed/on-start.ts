// What a start puts in the database before serving: the demo catalogue on first start
// (SEED_DEMO), and the demo accounts only where they are safe (DEMO_ACCOUNTS: never by
// default in production, where their published passwords would be a door). Answers the lines
// to print.
import type { Config } from '../config';
import type { Database } from '../db/client';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './demo-accounts';
import { seedCatalog } from './seed-catalog';

export interface StartMessages {
  info: string[];
  warnings: string[];
}

export async function seedOnStart(config: Config, db: Database): Promise<StartMessages> {
  const messages: StartMessages = { info: [], warnings: [] };
  if (config.SEED_DEMO) {
    const seeded = await seedCatalog(db);
    if (seeded.seeded)
      messages.info.push(`Seeded the demo catalogue: ${seeded.volumes} comics, ${seeded.issues} issues.`);
  }
  if (!config.demoAccounts) return messages;
  await seedDemoAccounts(db);
  if (config.NODE_ENV === 'production') {
    messages.warnings.push(
      'DEMO_ACCOUNTS=true in production: the demo accounts have published passwords. ' +
        'Remove them with `npm run remove-demo-accounts` and unset DEMO_ACCOUNTS.',
    );
  }
  const list = DEMO_ACCOUNTS.map((a) => `  ${a.role.padEnd(5)}  ${a.email} / ${a.password}`).join('\n');
  messages.info.push(`Demo accounts (published passwords; never on a real shop):\n${list}`);
  return messages;
}
