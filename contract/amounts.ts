import { z } from 'zod';
import { toCents } from './money';
import { text } from './text';

// The wire schemas of amounts, apart from the money arithmetic (contract/money.ts) that screens use
// from their first paint without loading zod.

/** Wire schema for an incoming amount: number or decimal string, parsed to cents. */
export const zMoneyIn = z.union([z.number(), text()]).transform((value, ctx) => {
  try {
    return toCents(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message });
    return z.NEVER;
  }
});

/** Incoming amount that must be greater than zero. */
export const zPositiveMoneyIn = zMoneyIn.refine((c) => c > 0n, { message: 'Amount must be greater than 0' });

/** Outgoing amount: a JSON number with at most 2 decimals. */
export const zMoneyOut = z.number();
