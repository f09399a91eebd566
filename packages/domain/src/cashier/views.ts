/** What the public cashier page reads: the answer of the cashier calls (calls.ts; amounts decimal strings, times ISO-8601 UTC). */
import type { z } from 'zod';
import type { cashierViewSchema } from './calls';

/** What the payer sees of an order (a collection's cashier token or a payment link's token). */
export type CashierView = z.output<typeof cashierViewSchema>;

export type CashierKind = CashierView['kind'];
