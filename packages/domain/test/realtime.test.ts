/**
 * Who a realtime event reaches (realtimeReaches, the hub's rule before list permissions) and that every kind the
 * web may toast is named in the six languages.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES, PayoutBatchStatus, REALTIME_AUDIENCES, REALTIME_KINDS, RealtimeKind, flattenResource, realtimeReaches, realtimeStatusKey, resourceOf } from '../src/index';
import { readResources } from '../tools/resources.node';

const merchantUser = { userId: 7, merchantId: 10001, isPlatform: false };
const otherMerchantUser = { userId: 8, merchantId: 10030, isPlatform: false };
const staff = { userId: 1, merchantId: 10000, isPlatform: true };

describe('realtime audiences', () => {
  it('an order or batch reaches its merchant and staff; an export its user only; an announcement its merchant, or all', () => {
    const batch = { kind: RealtimeKind.PAYOUT_BATCH, merchantId: 10001, userId: null };
    expect([merchantUser, otherMerchantUser, staff].map((r) => realtimeReaches(r, batch))).toEqual([true, false, true]);

    const exported = { kind: RealtimeKind.EXPORT, merchantId: 10001, userId: 7 };
    expect(realtimeReaches(merchantUser, exported)).toBe(true);
    expect(realtimeReaches({ ...merchantUser, userId: 9 }, exported)).toBe(false);
    expect(realtimeReaches(staff, exported)).toBe(false);

    const toAll = { kind: RealtimeKind.ANNOUNCEMENT, merchantId: null, userId: null };
    expect([merchantUser, otherMerchantUser, staff].map((r) => realtimeReaches(r, toAll))).toEqual([true, true, true]);
    // Staff's bell shows the platform's own and the global announcements, not another merchant's.
    const toLumi = { kind: RealtimeKind.ANNOUNCEMENT, merchantId: 10030, userId: null };
    expect([merchantUser, otherMerchantUser, staff].map((r) => realtimeReaches(r, toLumi))).toEqual([false, true, false]);
  });

  it('a batch is told with its own status labels and reloads the payouts area', () => {
    expect(realtimeStatusKey(RealtimeKind.PAYOUT_BATCH, PayoutBatchStatus.PROCESSED)).toBe('status.payoutBatch.processed');
    expect(REALTIME_AUDIENCES.payout_batch.refresh).toBe('payouts');
    expect(REALTIME_AUDIENCES.announcement.list).toBeNull();
  });

  it('every kind has its name in the shell texts of the six languages', () => {
    const shell = new Map<string, Record<string, string>>();
    for (const [file, json] of Object.entries(readResources())) {
      const r = resourceOf(file);
      if (r?.namespace === 'shell') shell.set(r.language, flattenResource('shell', json, file));
    }
    for (const lang of LANGUAGES) for (const kind of REALTIME_KINDS) expect(shell.get(lang)?.[`shell.realtime.kind.${kind}`], `${lang} ${kind}`).toBeTruthy();
  });
});
