// Apart from the notification schemas (contract/notifications.ts re-exports them): the bell in
// every signed-in header loads no zod.

/** The bell shows this many; its badge reads 99+ above 99 (spec §9). */
export const BELL_SIZE = 5;
export const badgeText = (unread: number): string => (unread > 99 ? '99+' : String(unread));
