// `npm run ledger:verify`: recompute every balance from postings; exit 1 on any mismatch.
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { verifyLedger } from '../server/modules/ledger/verify';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
await database.migrate();
const report = await verifyLedger(database.db);
await database.close();
if (report.problems.length > 0) {
  console.error(`Ledger verification FAILED (${report.problems.length} problems):`);
  for (const p of report.problems) console.error(`  - ${p}`);
  process.exit(1);
}
const { snapshots, latest } = report.liabilities;
const proofs =
  latest === 'none'
    ? 'no proof of liabilities published yet'
    : `${snapshots} proofs of liabilities recomputed from their leaves, ${
        latest === 'matched'
          ? 'the latest equal to every user balance now'
          : 'the latest not compared with the balances (money moved since it was taken)'
      }`;
console.log(
  `Ledger OK: ${report.entries} entries, ${report.postings} postings, every entry balanced, every cached balance matches; ${proofs}.`,
);
