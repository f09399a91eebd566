/** XLSX exports of the lists, streamed or as e-mailed jobs. */
import type { FastifyInstance } from 'fastify';

export async function exportRoutes(_app: FastifyInstance): Promise<void> {}
