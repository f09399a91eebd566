/** Callback attempts and manual resend (dashboard). */
import type { FastifyInstance } from 'fastify';

export async function callbackRoutes(_app: FastifyInstance): Promise<void> {}
