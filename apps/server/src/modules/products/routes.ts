/** Products (payment methods per country) and fee rules. */
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line @typescript-eslint/require-await
export async function productRoutes(_app: FastifyInstance): Promise<void> {}
