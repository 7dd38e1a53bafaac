// `npm run remove-demo-accounts`: takes the demo ADMIN and USER accounts (published passwords)
// out of a shop's database: deleted, or deactivated without a password when they have orders.
// Uses the database the environment names: DATABASE_URL, else the embedded PGlite under DATA_DIR.
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open-from-config';
import { removeDemoAccounts } from '../seed/demo-accounts';

const database = await openConfiguredDatabase(loadConfig()).catch((error: Error) => {
  console.error(`Cannot open the database: ${error.message}`);
  process.exit(1);
});
try {
  const { deleted, deactivated } = await removeDemoAccounts(database.db);
  if (deleted.length + deactivated.length === 0) console.log('No demo accounts found.');
  for (const email of deleted) console.log(`Deleted ${email}.`);
  for (const email of deactivated) console.log(`Deactivated ${email} (it has orders); it has no password any more.`);
} finally {
  await database.close();
}
