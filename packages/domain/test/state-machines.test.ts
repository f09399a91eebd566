import { describe, expect, it } from 'vitest';
import {
  AUTO_DEDUCTION_STATUS,
  DomainError,
  NOTIFY_STATUS,
  PAYMENT_STATUS,
  PAYOUT_BATCH_STATUS,
  REFUND_FUND_STATUS,
  REFUND_TYPE,
  REFUND_WAY,
  REVIEW_STATUS,
  SETTLEMENT_STATUS,
  STATE_MACHINES,
  UPLOAD_ITEM_STATUS,
  WITHDRAWAL_RESULT,
  applyReviewAction,
  defineStateMachine,
  isDealActionShown,
  isUploadListSettled,
  type StateMachine,
} from '../src/index';

/** Asserts the machine allows exactly `allowed` and refuses every other pair of states. */
function expectExactEdges<S extends string>(m: StateMachine<S>, allowed: [S, S][]) {
  const key = (a: string, b: string) => `${a}->${b}`;
  const want = new Set(allowed.map(([a, b]) => key(a, b)));
  for (const from of m.states) {
    for (const to of m.states) {
      expect(m.canTransition(from, to), `${m.name}: ${key(from, to)}`).toBe(want.has(key(from, to)));
    }
  }
  expect(m.edges().length).toBe(allowed.length);
}

describe('defineStateMachine', () => {
  it('rejects broken definitions', () => {
    expect(() =>
      defineStateMachine<'a' | 'b'>({
        name: 'x',
        states: ['a', 'b'],
        initial: 'a',
        terminal: ['b'],
        transitions: { a: ['b'], b: ['a'] },
      }),
    ).toThrow(/terminal b has transitions/);
    expect(() =>
      defineStateMachine<'a' | 'b'>({
        name: 'x',
        states: ['a', 'b'],
        initial: 'a',
        terminal: [],
        transitions: { a: ['b'], b: [] },
      }),
    ).toThrow(/non-terminal b/);
    expect(() =>
      defineStateMachine<'a' | 'b'>({
        name: 'x',
        states: ['a', 'b'],
        initial: 'a',
        terminal: ['b'],
        transitions: { a: ['a', 'b'], b: [] },
      }),
    ).toThrow(/self-loop/);
    expect(() =>
      defineStateMachine({
        name: 'x',
        states: ['a', 'b'],
        initial: 'c' as 'a',
        terminal: ['b'],
        transitions: { a: ['b'], b: [] },
      }),
    ).toThrow(/initial c/);
    expect(() =>
      defineStateMachine({
        name: 'x',
        states: ['a', 'b'],
        initial: 'a',
        terminal: ['b'],
        transitions: { a: ['z' as 'b'], b: [] },
      }),
    ).toThrow(/unknown target/);
  });

  it('assertTransition throws a DomainError with code, status and params', () => {
    try {
      PAYMENT_STATUS.assertTransition('failed', 'success');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      const err = e as DomainError;
      expect(err.code).toBe('STATE_TRANSITION_INVALID');
      expect(err.httpStatus).toBe(422);
      expect(err.params).toEqual({ machine: 'payment', from: 'failed', to: 'success' });
      expect(err.message).toBe('error.stateTransitionInvalid');
    }
    expect(() => PAYMENT_STATUS.assertTransition('pending', 'processing')).not.toThrow();
  });

  it('unknown states are refused, not crashed on', () => {
    const m = PAYMENT_STATUS as unknown as StateMachine<string>;
    expect(m.canTransition('bogus', 'success')).toBe(false);
    expect(m.canTransition('pending', 'bogus')).toBe(false);
    expect(m.next('bogus')).toEqual([]);
    expect(m.isState('bogus')).toBe(false);
    expect(m.isState('pending')).toBe(true);
  });

  it('next() returns a copy', () => {
    const n = PAYMENT_STATUS.next('success');
    n.push('pending');
    expect(PAYMENT_STATUS.next('success')).toEqual(['refunded', 'returned']);
  });
});

describe('PAYMENT_STATUS', () => {
  const m = PAYMENT_STATUS;
  it('has the exact edge set', () => {
    expectExactEdges(m, [
      ['pending', 'processing'],
      ['pending', 'success'],
      ['pending', 'failed'],
      ['pending', 'partial'],
      ['pending', 'closed'],
      ['pending', 'rejected'],
      ['pending', 'unknown'],
      ['processing', 'success'],
      ['processing', 'failed'],
      ['processing', 'partial'],
      ['processing', 'rejected'],
      ['processing', 'unknown'],
      ['unknown', 'processing'],
      ['unknown', 'success'],
      ['unknown', 'failed'],
      ['unknown', 'partial'],
      ['partial', 'success'],
      ['partial', 'refunded'],
      ['success', 'refunded'],
      ['success', 'returned'],
    ]);
  });
  it('terminal states are terminal', () => {
    expect(m.initial).toBe('pending');
    for (const s of ['failed', 'closed', 'rejected', 'refunded', 'returned'] as const) {
      expect(m.isTerminal(s)).toBe(true);
      expect(m.next(s)).toEqual([]);
    }
    for (const s of ['pending', 'processing', 'success', 'partial', 'unknown'] as const)
      expect(m.isTerminal(s)).toBe(false);
  });
  it('refuses the dangerous edges', () => {
    expect(m.canTransition('closed', 'success')).toBe(false); // late payment after expiry
    expect(m.canTransition('failed', 'success')).toBe(false);
    expect(m.canTransition('unknown', 'closed')).toBe(false);
    expect(m.canTransition('success', 'failed')).toBe(false);
    expect(m.canTransition('refunded', 'success')).toBe(false);
  });
  it('labels are i18n keys', () => {
    expect(m.i18nKey('success')).toBe('status.payment.success');
  });
});

describe('PAYOUT_BATCH_STATUS', () => {
  it('has the exact edge set and terminals', () => {
    expectExactEdges(PAYOUT_BATCH_STATUS, [
      ['initial', 'pending_review'],
      ['initial', 'reviewed'],
      ['initial', 'rejected'],
      ['pending_review', 'reviewed'],
      ['pending_review', 'rejected'],
      ['reviewed', 'processing'],
      ['processing', 'processed'],
    ]);
    expect(PAYOUT_BATCH_STATUS.terminal).toEqual(['rejected', 'processed']);
    expect(PAYOUT_BATCH_STATUS.canTransition('processed', 'processing')).toBe(false);
    expect(PAYOUT_BATCH_STATUS.canTransition('rejected', 'pending_review')).toBe(false);
  });
});

describe('REVIEW_STATUS', () => {
  it('edges and actions', () => {
    expectExactEdges(REVIEW_STATUS, [
      ['pending', 'reviewed'],
      ['pending', 'rejected'],
    ]);
    expect(applyReviewAction('pending', 'access')).toBe('reviewed');
    expect(applyReviewAction('pending', 'reject')).toBe('rejected');
    expect(() => applyReviewAction('reviewed', 'reject')).toThrow(DomainError);
    expect(() => applyReviewAction('rejected', 'access')).toThrow(DomainError);
  });
});

describe('NOTIFY_STATUS', () => {
  it('failed may go back to pending (manual resend), notified is final', () => {
    expectExactEdges(NOTIFY_STATUS, [
      ['pending', 'notified'],
      ['pending', 'failed'],
      ['failed', 'pending'],
    ]);
    expect(NOTIFY_STATUS.isTerminal('notified')).toBe(true);
    expect(NOTIFY_STATUS.isTerminal('failed')).toBe(false);
  });
});

describe('SETTLEMENT_STATUS, REFUND_FUND_STATUS', () => {
  it('settlement is one way', () => {
    expectExactEdges(SETTLEMENT_STATUS, [['pending', 'settled']]);
    expect(SETTLEMENT_STATUS.isTerminal('settled')).toBe(true);
  });
  it('a failed refund can be retried, a successful one is final', () => {
    expectExactEdges(REFUND_FUND_STATUS, [
      ['initialised', 'returned_success'],
      ['initialised', 'returned_failed'],
      ['returned_failed', 'initialised'],
    ]);
    expect(REFUND_FUND_STATUS.isTerminal('returned_success')).toBe(true);
  });
});

describe('AUTO_DEDUCTION_STATUS', () => {
  it('edges', () => {
    expectExactEdges(AUTO_DEDUCTION_STATUS, [
      ['INIT', 'ACTIVE'],
      ['INIT', 'STOPPED'],
      ['INIT', 'FAIL'],
      ['ACTIVE', 'PAUSED'],
      ['ACTIVE', 'STOPPED'],
      ['ACTIVE', 'FAIL'],
      ['PAUSED', 'ACTIVE'],
      ['PAUSED', 'STOPPED'],
    ]);
    expect(AUTO_DEDUCTION_STATUS.i18nKey('PAUSED')).toBe('status.autoDeduction.PAUSED');
  });
});

describe('UPLOAD_ITEM_STATUS', () => {
  it('edges', () => {
    expectExactEdges(UPLOAD_ITEM_STATUS, [
      ['uploading', 'done'],
      ['uploading', 'error'],
      ['uploading', 'removed'],
      ['done', 'removed'],
      ['error', 'uploading'],
      ['error', 'removed'],
    ]);
  });
  it('list is settled only when every remaining item is done', () => {
    expect(isUploadListSettled(['done', 'done'])).toBe(true);
    expect(isUploadListSettled(['done', 'removed'])).toBe(true);
    expect(isUploadListSettled(['done', 'uploading'])).toBe(false);
    expect(isUploadListSettled(['done', 'error'])).toBe(false);
    expect(isUploadListSettled([])).toBe(true);
  });
});

describe('plain status enums', () => {
  it('values and keys', () => {
    expect(WITHDRAWAL_RESULT.values).toEqual(['00', '99']);
    expect(WITHDRAWAL_RESULT.i18nKey('00')).toBe('status.withdrawalResult.00');
    expect(WITHDRAWAL_RESULT.isValue('00')).toBe(true);
    expect(WITHDRAWAL_RESULT.isValue('01')).toBe(false);
    expect(REFUND_WAY.values).toEqual(['original', 'offline']);
    expect(REFUND_TYPE.values).toEqual(['partial', 'full']);
  });
  it('every machine in the registry has a reachable terminal from the initial state', () => {
    for (const m of Object.values(STATE_MACHINES) as StateMachine<string>[]) {
      const seen = new Set([m.initial]);
      const queue = [m.initial];
      while (queue.length) {
        for (const n of m.next(queue.shift()!)) {
          if (!seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
      }
      expect(
        m.states.every((s) => seen.has(s)),
        `${m.name}: all states reachable`,
      ).toBe(true);
      expect(m.terminal.some((t) => seen.has(t))).toBe(true);
    }
  });
});

describe('isDealActionShown', () => {
  it('hidden for 1, 3, 4 only', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 99, -1].map(isDealActionShown)).toEqual([
      true,
      false,
      true,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});
