/**
 * How an open API POST is answered under its Idempotency-Key (./idempotency.ts): the work and its stored answer in
 * one transaction (idempotently) or, for a create that is one row, in one statement (idempotentInsert); a twin's
 * stored answer replayed; a refusal while the key is held. ./auth.ts reads the key and stores the other answers.
 */
import type { SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbTx } from '../../db/pool';
import { DomainError } from '@mg/domain';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  IdempotencyAnswered,
  insertIdempotent,
  runIdempotent,
  type IdempotencyClaim,
  type IdempotencyRequest,
} from './idempotency';
import { idempotencyAnswerInsert, type ChainedWrite } from './queries';

/** A POST's Idempotency-Key; `answered` once its answer is stored (or it replays one). */
export const pendingAnswers = new WeakMap<FastifyRequest, IdempotencyRequest & { answered: boolean }>();

export function answerFromClaim(
  reply: FastifyReply,
  claim: Exclude<IdempotencyClaim, { kind: 'free' }>,
): FastifyReply {
  switch (claim.kind) {
    case 'replay':
      return reply
        .code(claim.status)
        .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
        .type('application/json; charset=utf-8')
        .send(claim.body);
    case 'in_progress':
      throw new DomainError('OPEN_API_IDEMPOTENCY_IN_PROGRESS');
    case 'mismatch':
      throw new DomainError('OPEN_API_IDEMPOTENCY_KEY_REUSED');
  }
}

/**
 * Runs a POST's work in one transaction that also stores its answer under the request's Idempotency-Key (see
 * ./idempotency.ts): `status` and the route's own serializer make the exact text sent and replayed.
 */
export function idempotently<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  work: (tx: DbTx) => Promise<T>,
): Promise<FastifyReply> {
  return answerOnce(req, reply, (idem) =>
    runIdempotent(app.db, idem, work, (result) => {
      reply.code(status);
      return { status, text: reply.serialize(result) as string };
    }),
  );
}

/**
 * As idempotently() for a POST whose work is the insert of one prepared row and whose answer (`result`) is known
 * before it: the row, the key's record and the answer are written in one statement (./idempotency.ts), with the
 * writes of `chain` when given (a payout's hold). When the chain is not ready (an account to create first), nothing
 * was written and `otherwise` does the work as idempotently() does, with the same answer.
 */
export function idempotentInsert<T extends PgTable>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  result: unknown,
  insert: { table: T; row: T['$inferSelect'] },
  chained?: { chain: ChainedWrite; otherwise: (tx: DbTx) => Promise<unknown> },
): Promise<FastifyReply> {
  reply.code(status);
  const text = reply.serialize(result) as string;
  return answerOnce(req, reply, async (idem) => {
    const out = await insertIdempotent(app.db, idem, insert.table, insert.row, { status, text }, chained?.chain);
    if (out) return out;
    if (!chained) throw new Error('an insert without a chain not written');
    return runIdempotent(app.db, idem, chained.otherwise, () => ({ status, text }));
  });
}

/**
 * For a POST whose work ends in one statement that can carry another (a collection's payment: the order's update):
 * `carry(result)` serializes the answer the work is about to give and returns its insert for that statement, so the
 * answer commits with the work, with no round trip after it. Once the work has committed, `sent()` sends the text
 * stored; it is undefined when nothing was carried (the work wrote nothing: the order was paid already), and the
 * handler answers as any other, stored after it is sent.
 */
export function carriedAnswer(req: FastifyRequest, reply: FastifyReply, status: number) {
  const idem = pendingAnswers.get(req);
  let text: string | undefined;
  return {
    carry(result: unknown): SQLWrapper | undefined {
      if (!idem || idem.answered) return undefined;
      reply.code(status);
      text = reply.serialize(result) as string;
      return idempotencyAnswerInsert(idem, status, text);
    },
    sent(): FastifyReply | undefined {
      if (text === undefined || !idem) return undefined;
      idem.answered = true;
      return reply.code(status).type('application/json; charset=utf-8').send(text);
    },
  };
}

/** Sends what `run` stored under the request's Idempotency-Key, or what a twin that got there first stored. */
async function answerOnce(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (idem: IdempotencyRequest) => Promise<{ status: number; text: string }>,
): Promise<FastifyReply> {
  const idem = pendingAnswers.get(req);
  if (!idem || idem.answered) throw new Error('an idempotent answer outside an open API POST');
  try {
    const out = await run(idem);
    idem.answered = true;
    return reply.code(out.status).type('application/json; charset=utf-8').send(out.text);
  } catch (e) {
    if (!(e instanceof IdempotencyAnswered)) throw e;
    idem.answered = true;
    return answerFromClaim(reply, e.claim);
  }
}
