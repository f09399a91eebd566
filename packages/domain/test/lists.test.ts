/**
 * What the list declarations promise the table, the answer and the export alike (issue 40): identifiers are never
 * read as quantities ("10,001"), a crypto payout names its network as people say it and shows its chain transaction,
 * and a column can be optional in some currencies only.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ColumnKind, LISTS, PAYABLE_NETWORKS, cryptoBankCode, defineList, isOptionalIn, payoutDestinationLabel, payoutsList } from '../src';

describe('identifier columns', () => {
  it('every column naming a record (id, merchantId, ...) is of kind id, never number (no digit grouping)', () => {
    const offenders = Object.values(LISTS).flatMap((l) =>
      l.columns.filter((c) => (c.key === 'id' || c.key.endsWith('Id')) && c.kind === ColumnKind.NUMBER).map((c) => `${l.name}.${c.key}`),
    );
    expect(offenders).toEqual([]);
    expect(payoutsList.columns.find((c) => c.key === 'merchantId')?.kind).toBe(ColumnKind.ID);
  });

  it('defineList refuses a number column that names a record', () => {
    const record = z.object({ id: z.string(), merchantId: z.number(), orders: z.number() });
    expect(() => defineList({ name: 'x', api: '/x', permission: 'x:menu', record, columns: [{ key: 'merchantId', header: 'h', kind: ColumnKind.NUMBER }], filters: [] })).toThrow(/merchantId names a record/);
    expect(() => defineList({ name: 'x', api: '/x', permission: 'x:menu', record, columns: [{ key: 'orders', header: 'h', kind: ColumnKind.NUMBER }], filters: [] })).not.toThrow();
  });
});

describe('the crypto payouts list', () => {
  it('names a crypto destination by token and standard, a bank by its code', () => {
    expect(payoutDestinationLabel('USDT_TRC20')).toBe('USDT · TRC-20');
    expect(payoutDestinationLabel('USDT_ERC20')).toBe('USDT · ERC-20');
    for (const n of PAYABLE_NETWORKS) expect(payoutDestinationLabel(cryptoBankCode(n))).not.toContain('_');
    expect(payoutDestinationLabel('BCA')).toBe('BCA');
    expect(payoutsList.columns.find((c) => c.key === 'bankCode')?.kind).toBe(ColumnKind.DESTINATION);
  });

  it('shows the chain transaction id in USDT without the chooser; elsewhere it waits there', () => {
    const tx = payoutsList.columns.find((c) => c.key === 'chainTradeNo');
    expect(tx).toBeDefined();
    expect(isOptionalIn(tx!, 'USDT')).toBe(false);
    expect(isOptionalIn(tx!, 'IDR')).toBe(true);
    const order = payoutsList.columns.find((c) => c.key === 'merchantOrderId')!;
    expect(isOptionalIn(order, 'IDR')).toBe(false);
    expect(isOptionalIn(order, 'USDT')).toBe(true);
  });

  it('isOptionalIn reads true, false, except and only', () => {
    expect(isOptionalIn({ optional: true }, 'IDR')).toBe(true);
    expect(isOptionalIn({}, 'IDR')).toBe(false);
    expect(isOptionalIn({ optional: { except: ['USDT'] } }, undefined)).toBe(true);
    expect(isOptionalIn({ optional: { only: ['USDT'] } }, undefined)).toBe(false);
  });
});
