import { Readable } from 'node:stream';
import { and, asc, eq, gt, gte, lte } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { formatCents } from '../../../contract/money';
import { periodStart, type ReportKind, type ReportPeriod } from '../../../contract/reports';
import type { DbOrTx } from '../../db/client';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { activityLogs, investments, plans, users } from '../../db/schema';
import { TRANSACTION_REPORT_COLUMNS, transactionsCsv } from './transactions-csv';

/** Rows fetched per query: large enough to be quick, small enough that memory stays flat. */
export const REPORT_BATCH = 1000;

type Cell = string | number | bigint | boolean | Date | null;
type Row = Record<string, Cell>;
type Fetch = (db: DbOrTx, afterId: number, start: Date | null, end: Date, limit: number) => Promise<Row[]>;

const inRange = (col: PgColumn, start: Date | null, end: Date) =>
  and(start ? gte(col, start) : undefined, lte(col, end));

/**
 * One page of each report after a given id (keyset: `id > afterId ORDER BY id`), so a page
 * costs the same at row 1 and at row 1,000,000. Money stays bigint cents until the CSV cast.
 * The users report names no password hash, 2FA secret, wallet or bank field.
 */
const FETCH: Record<Exclude<ReportKind, 'transactions'>, Fetch> = {
  users: (db, afterId, start, end, limit) =>
    db
      .select({
        id: users.id,
        userName: users.userName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        country: users.country,
        role: users.role,
        status: users.status,
        emailVerified: users.isEmailVerified,
        twoFactorEnabled: users.twoFactorEnabled,
        referrerId: users.referrerId,
        lastLoginAt: users.lastLoginAt,
        deletedAt: users.deletedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(gt(users.id, afterId), inRange(users.createdAt, start, end)))
      .orderBy(asc(users.id))
      .limit(limit),
  investments: (db, afterId, start, end, limit) =>
    db
      .select({
        id: investments.id,
        userId: investments.userId,
        userName: users.userName,
        planId: investments.planId,
        planName: plans.name,
        principal: investments.principal,
        interestRatePercent: investments.interestRateBp,
        payoutPeriod: investments.payoutPeriod,
        termPeriods: investments.termPeriods,
        compounded: investments.compounded,
        totalReturn: investments.totalReturn,
        paidPeriods: investments.paidPeriods,
        paidAmount: investments.paidAmount,
        status: investments.status,
        startDate: investments.startDate,
        endDate: investments.endDate,
        endedAt: investments.endedAt,
        createdAt: investments.createdAt,
      })
      .from(investments)
      .innerJoin(users, eq(users.id, investments.userId))
      .innerJoin(plans, eq(plans.id, investments.planId))
      .where(and(gt(investments.id, afterId), inRange(investments.createdAt, start, end)))
      .orderBy(asc(investments.id))
      .limit(limit)
      .then((rows) => rows.map((r) => ({ ...r, interestRatePercent: (r.interestRatePercent / 100).toFixed(2) }))),
  activity: (db, afterId, start, end, limit) =>
    db
      .select({
        id: activityLogs.id,
        userId: activityLogs.userId,
        userName: users.userName,
        action: activityLogs.action,
        method: activityLogs.method,
        path: activityLogs.path,
        ip: activityLogs.ip,
        browser: activityLogs.browser,
        os: activityLogs.os,
        device: activityLogs.device,
        userAgent: activityLogs.userAgent,
        createdAt: activityLogs.createdAt,
      })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(and(gt(activityLogs.id, afterId), inRange(activityLogs.createdAt, start, end)))
      .orderBy(asc(activityLogs.id))
      .limit(limit),
};

/** Column order of each report: the keys of its rows. */
export const REPORT_COLUMNS: Record<ReportKind, string[]> = {
  users: [
    'id',
    'userName',
    'firstName',
    'lastName',
    'email',
    'phone',
    'country',
    'role',
    'status',
    'emailVerified',
    'twoFactorEnabled',
    'referrerId',
    'lastLoginAt',
    'deletedAt',
    'createdAt',
  ],
  transactions: [...TRANSACTION_REPORT_COLUMNS],
  investments: [
    'id',
    'userId',
    'userName',
    'planId',
    'planName',
    'principal',
    'interestRatePercent',
    'payoutPeriod',
    'termPeriods',
    'compounded',
    'totalReturn',
    'paidPeriods',
    'paidAmount',
    'status',
    'startDate',
    'endDate',
    'endedAt',
    'createdAt',
  ],
  activity: [
    'id',
    'userId',
    'userName',
    'action',
    'method',
    'path',
    'ip',
    'browser',
    'os',
    'device',
    'userAgent',
    'createdAt',
  ],
};

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return) as a
 * formula; a leading quote makes it text (OWASP "CSV injection").
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The rows of a report, page by page; the next page is fetched only when the consumer wants more. */
async function* reportRows(
  db: DbOrTx,
  kind: Exclude<ReportKind, 'transactions'>,
  start: Date | null,
  end: Date,
  batch: number,
): AsyncGenerator<Row> {
  let afterId = 0;
  for (;;) {
    const rows = await FETCH[kind](db, afterId, start, end, batch);
    for (const row of rows) yield row;
    if (rows.length < batch) return;
    afterId = rows[rows.length - 1]!.id as number;
  }
}

/**
 * A report as a CSV stream: header row, one row per record created in the period (up to
 * `now`), money as 2-decimal dollars, money statuses in the words of the screens, dates as ISO
 * instants, text cells neutralized against formula injection. Backpressure flows from the socket
 * back to the database, so memory stays flat whatever the row count. The transactions report,
 * the large one, is formatted by the database itself (transactions-csv.ts); `batch` is the
 * page size where rows are read page by page.
 */
export async function reportCsv(
  db: DbOrTx,
  kind: ReportKind,
  period: ReportPeriod,
  now: Date,
  batch = REPORT_BATCH,
): Promise<Readable> {
  if (kind === 'transactions') return transactionsCsv(db, periodStart(period, now), now, batch);
  const csv = stringify({
    header: true,
    columns: REPORT_COLUMNS[kind],
    cast: {
      bigint: (cents) => formatCents(cents),
      date: (d) => d.toISOString(),
      boolean: (b) => (b ? 'true' : 'false'),
      string: (s) => neutralizeFormula(s),
    },
  });
  const source = Readable.from(reportRows(db, kind, periodStart(period, now), now, batch));
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
