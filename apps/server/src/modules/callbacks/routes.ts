/** Callback attempts and manual resend (dashboard). */
import type { FastifyInstance } from 'fastify';

// eslint-disable-next-line @typescript-eslint/require-await
export async function callbackRoutes(_app: FastifyInstance): Promise<void> {}
