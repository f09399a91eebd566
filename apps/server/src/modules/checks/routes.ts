/**
 * GET /sys/duplicate/check and GET /sys/checkRule/checkByCode, declared once in the domain (checks/calls.ts). Both
 * answer HTTP 200: `success true, result true` when the value is fine, `success false, result false` with a
 * translated message when it is not; an unregistered table/field or rule code is a 400 naming the field.
 */
import { checkCalls } from '@mg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callPathUnder, callRoute } from '../../lib/call-route';
import { ok } from '../../lib/envelope';
import { duplicateCheck, ruleCheck } from './service';

const tags = ['checks'];

const answer = (problem: string | null) =>
  problem === null ? ok(true) : { ...ok(false, problem), success: false };

/** Each plugin is mounted under its call's folder (modules/index.ts): the declared path without that prefix. */

export const duplicateCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, checkCalls.duplicate), callRoute(checkCalls.duplicate, { tags }), async (req) => answer(await duplicateCheck(app.db, req, req.query)));
};

export const checkRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(callPathUnder(app, checkCalls.rule), callRoute(checkCalls.rule, { tags }), async (req) => answer(ruleCheck(req.lang, req.query.ruleCode, req.query.value)));
};
