// `npm run seed:demo`: demo investors with deposits, investments, payouts and referrals
// spread over the past months, so every screen and chart has something to show.
// Uses the real services with past clocks; the ledger verifies afterwards. Runs once.
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { kycSubmissions, plans, users } from '../server/db/schema';
import { storeKycFile } from '../server/modules/kyc/files';
import { openStorage } from '../server/modules/storage/open';
import { normalizeDocumentNumber } from '../contract/kyc';
import { hashPassword } from '../server/lib/passwords';
import { creditManualDeposit } from '../server/modules/deposits/manual';
import { changeDepositStatus, recordDeposit } from '../server/modules/deposits/service';
import { newReference } from '../server/modules/transactions/reference';
import { decideWithdrawal, requestWithdrawal } from '../server/modules/withdrawals/service';
import { accrueDueReturns } from '../server/modules/investments/accrual';
import { DAY_MS, invest } from '../server/modules/investments/invest';
import { verifyLedger } from '../server/modules/ledger/verify';
import { ensureAdmin } from '../server/modules/users/seed-admin';
import { DEFAULT_SETTINGS } from '../contract/settings';

const DEMO_PASSWORD = 'demo-password';
/** A 1x1 PNG: the demo investors' verification images. */
const DEMO_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FIRST = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Zoe',
  'Ethan',
  'Ivy',
  'Lucas',
  'Nora',
  'Omar',
  'Sara',
  'Theo',
  'Uma',
  'Victor',
  'Wen',
  'Yara',
];
const LAST = ['Okafor', 'Schmidt', 'Rossi', 'Tanaka', 'Silva', 'Kowalski', 'Haddad', 'Nguyen'];
const COUNTRIES = ['NG', 'DE', 'IT', 'JP', 'BR', 'PL', 'AE', 'VN', 'GB', 'US', 'CA', 'IN'];

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
await database.migrate();
const db = database.db;
if (
  (await db.select({ id: users.id }).from(users).where(like(users.email, '%@demo.minevest.test')).limit(1)).length > 0
) {
  console.log('Demo data is already there.');
  process.exit(0);
}
await ensureAdmin(db, config.admin);
const storage = await openStorage(config.storage, db);
const [admin] = await db.select().from(users).where(eq(users.role, 'admin')).limit(1);
const planRows = await db.select().from(plans);
const passwordHash = await hashPassword(DEMO_PASSWORD);
const now = Date.now();
const settings = { ...DEFAULT_SETTINGS };
const ids: number[] = [];

for (let i = 0; i < FIRST.length; i++) {
  const joined = new Date(now - (180 - i * 10) * DAY_MS);
  const [u] = await db
    .insert(users)
    .values({
      userName: `${FIRST[i]!.toLowerCase()}${i + 1}`,
      email: `${FIRST[i]!.toLowerCase()}${i + 1}@demo.minevest.test`,
      firstName: FIRST[i]!,
      lastName: LAST[i % LAST.length]!,
      country: COUNTRIES[i % COUNTRIES.length]!,
      phone: `+1555010${String(i).padStart(4, '0')}`,
      passwordHash,
      status: 'active',
      isEmailVerified: true,
      hasCompletedOnboarding: true,
      btcWalletAddress: `bc1qdemo${String(i).padStart(4, '0')}wallet${FIRST[i]!.toLowerCase()}`,
      referrerId: i > 0 && i % 3 !== 0 ? ids[Math.floor(i / 3)] : null,
      createdAt: joined,
    })
    .returning({ id: users.id });
  ids.push(u!.id);
  const deposit = BigInt(2_000 + ((i * 7919) % 30_000)) * 100n;
  await creditManualDeposit(db, {
    adminId: admin!.id,
    userId: u!.id,
    amount: deposit,
    currency: i % 2 ? 'USDT' : 'BTC',
    notes: 'Demo deposit',
    now: new Date(joined.getTime() + DAY_MS),
  });
  let left = deposit;
  for (const [k, plan] of planRows.entries()) {
    const amount = plan.minimumInvestment + ((left / 3n) % (plan.maximumInvestment - plan.minimumInvestment + 1n));
    if (amount > left || amount < plan.minimumInvestment || (i + k) % 2 === 1) continue;
    await invest(
      db,
      settings,
      { userId: u!.id, planId: plan.id, amount },
      new Date(joined.getTime() + (2 + k * 20) * DAY_MS),
    );
    left -= amount;
  }
}
const paid = await accrueDueReturns(db, new Date(now));

// Deposits and withdrawals in every status, so the money screens have something to show.
for (const [i, id] of ids.entries()) {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  const made = await recordDeposit(db, {
    userId: id,
    amount: BigInt(250 + i * 10) * 100n,
    currency: i % 2 ? 'USDT-TRON' : 'BTC',
    referenceNumber: await newReference(db),
    invoice: null,
    now: at(40 - i),
  });
  await changeDepositStatus(db, made.deposit.id, {
    to: 'settled',
    from: ['pending'],
    decidedBy: admin!.id,
    now: at(39 - i),
  });
  if (i % 3 === 0)
    await recordDeposit(db, {
      userId: id,
      amount: BigInt(100 + i * 5) * 100n,
      currency: 'LTC',
      referenceNumber: await newReference(db),
      invoice: null,
      now: at(i / 10),
    });
  const [user] = await db.select().from(users).where(eq(users.id, id));
  // Withdrawals need a verified identity: each demo investor has an approved verification
  // (a generated one-pixel image stands in for the document photos).
  const image = await storeKycFile(storage, DEMO_IMAGE, 'image/png');
  const documentNumber = `DEMO-${String(id).padStart(6, '0')}`;
  await db.insert(kycSubmissions).values({
    userId: id,
    status: 'approved',
    legalName: `${user!.firstName} ${user!.lastName}`,
    dateOfBirth: '1988-04-12',
    country: user!.country || 'US',
    address: 'Demo street 1',
    documentType: 'passport',
    documentNumber,
    documentNumberNormalized: normalizeDocumentNumber(documentNumber),
    documentFile: image.name,
    documentMime: image.mime,
    selfieFile: image.name,
    selfieMime: image.mime,
    reviewedBy: admin!.id,
    reviewedAt: at(45),
    createdAt: at(46),
  });
  const { withdrawal: w } = await requestWithdrawal(
    db,
    settings,
    user!,
    { amount: BigInt(100 + i * 5) * 100n, currency: 'BTC' },
    at(i + 1),
  );
  if (i % 3 !== 1)
    await decideWithdrawal(
      db,
      w.id,
      i % 3 === 0 ? 'settled' : 'invalid',
      { actor: { userId: admin!.id, userName: admin!.userName, role: 'admin', ip: '' } },
      at(i + 0.5),
    );
}
const report = await verifyLedger(db);
storage.close();
await database.close();
console.log(
  `Demo data: ${ids.length} investors (password "${DEMO_PASSWORD}"), ${paid.payouts} payouts, ${paid.ended} finished plans. Ledger ${report.problems.length === 0 ? 'verifies' : 'DOES NOT verify'}.`,
);
process.exit(report.problems.length === 0 ? 0 : 1);
