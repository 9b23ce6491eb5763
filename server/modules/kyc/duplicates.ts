import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DuplicateReason, DuplicateSignal } from '../../../contract/kyc';
import type { DbOrTx } from '../../db/client';
import { idNumber, rowsOf } from '../../db/rows';

const signalRow = z.object({
  id: idNumber,
  user_name: z.string(),
  email: z.string(),
  doc: z.boolean(),
  btc: z.boolean().nullable(),
  eth: z.boolean().nullable(),
  ip: z.boolean().nullable(),
});

/**
 * Other accounts that look like the same person: a shared identity document number
 * (normalised), BTC or USDT-TRON payout wallet, or registration IP. Signals only: staff
 * decide what they mean (a shared office IP is not fraud). Soft-deleted accounts count too,
 * since a closed account coming back under a new name is exactly what staff want to see.
 */
export async function duplicateSignals(db: DbOrTx, userId: number, limit = 50): Promise<DuplicateSignal[]> {
  const rows = await rowsOf(
    db,
    signalRow,
    sql`with me as (select id, btc_wallet_address as btc, eth_wallet_address as eth, registration_ip as ip from users where id = ${userId}),
         docs as (select distinct document_number_normalized as d from kyc_submissions where user_id = ${userId})
        select * from (
          select u.id, u.user_name, u.email,
                 exists (select 1 from kyc_submissions k where k.user_id = u.id and k.document_number_normalized in (select d from docs)) as doc,
                 (me.btc <> '' and lower(u.btc_wallet_address) = lower(me.btc)) as btc,
                 (me.eth <> '' and lower(u.eth_wallet_address) = lower(me.eth)) as eth,
                 (me.ip <> '' and u.registration_ip = me.ip) as ip
          from users u cross join me
          where u.id <> me.id
        ) s
        where doc or btc or eth or ip
        order by id
        limit ${limit}`,
  );
  return rows.map((r) => {
    const reasons: DuplicateReason[] = [];
    if (r.doc) reasons.push('document_number');
    if (r.btc) reasons.push('btc_wallet');
    if (r.eth) reasons.push('eth_wallet');
    if (r.ip) reasons.push('registration_ip');
    return { userId: r.id, userName: r.user_name, email: r.email, reasons };
  });
}
