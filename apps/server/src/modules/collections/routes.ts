/** Dashboard calls of collections, refunds, settlements, balances, payment links and statistics (docs/payments-api.md). */
import type { FastifyInstance } from 'fastify';

export async function collectionRoutes(_app: FastifyInstance): Promise<void> {}
