/**
 * The rules of saved views (issue 15; docs/api.md "Saved views"): a view belongs to a declared list the caller may
 * open; its name is required and short enough; its filters are the list's own; a user keeps at most
 * SAVED_VIEW.PER_LIST_MAX views of a list, under names of their own.
 */
import { findList, SAVED_VIEW, type AnyListDecl, type SavedView, type SavedViewInput } from '@mg/domain';
import type { FastifyRequest } from 'fastify';
import type { DbLike } from '../../db/pool';
import { databaseRejection } from '../../db/errors';
import { KeyedError } from '../../lib/admin';
import { fieldError } from '../../lib/errors';
import { requireAuth } from '../auth';
import { holds, type AuthSession } from '../auth/plugin';
import { countOwnViews, deleteOwnView, insertView, selectViews, type SavedViewRow } from './queries';

/** The declared list the caller may open, else 400 naming `list` (an unknown one) or 403. */
export function listOf(req: FastifyRequest, name: string): AnyListDecl {
  const list = findList(name);
  if (!list) throw fieldError('list', 'common.views.unknownList');
  if (!holds(requireAuth(req), list.permission)) throw new KeyedError('FORBIDDEN', 'error.forbidden');
  return list;
}

function viewOf(r: SavedViewRow, userId: number): SavedView {
  return { id: r.id, list: r.list, name: r.name, filters: r.filters, shared: r.shared, owner: r.owner, mine: r.userId === userId };
}

/** The caller's own views of the list and those shared with the merchant's users. */
export async function listViews(db: DbLike, auth: AuthSession, list: AnyListDecl): Promise<SavedView[]> {
  const rows = await selectViews(db, { merchantId: auth.merchantId, userId: auth.userId, list: list.name });
  return rows.map((r) => viewOf(r, auth.userId));
}

/** Saves the filters under the name: 400 naming `name` or `filters`, 422 past the per-list maximum. */
export async function saveView(db: DbLike, auth: AuthSession, list: AnyListDecl, input: SavedViewInput): Promise<SavedView> {
  const name = input.name.trim();
  if (name === '') throw fieldError('name', 'common.views.nameRequired');
  if (name.length > SAVED_VIEW.NAME_MAX_LENGTH) throw fieldError('name', 'common.views.nameTooLong', { params: { max: SAVED_VIEW.NAME_MAX_LENGTH } });
  const keys = new Set(list.filters.map((f) => f.key));
  const unknown = Object.keys(input.filters).filter((k) => !keys.has(k));
  if (unknown.length > 0) throw fieldError('filters', 'common.views.unknownFilter', { params: { key: unknown.join(', ').slice(0, 80) } });
  const scope = { merchantId: auth.merchantId, userId: auth.userId, list: list.name };
  if ((await countOwnViews(db, scope)) >= SAVED_VIEW.PER_LIST_MAX) throw new KeyedError('BUSINESS_RULE', 'common.views.tooMany', { max: SAVED_VIEW.PER_LIST_MAX });
  try {
    const row = await insertView(db, { ...scope, owner: auth.username, name, filters: input.filters, shared: input.shared });
    return viewOf(row, auth.userId);
  } catch (e) {
    if (databaseRejection(e)?.code === 'DUPLICATE') throw fieldError('name', 'common.views.nameTaken', { params: { name } });
    throw e;
  }
}

/** Deletes one of the caller's own views; 404 for any other. */
export async function deleteView(db: DbLike, auth: AuthSession, id: number): Promise<void> {
  const gone = await deleteOwnView(db, { merchantId: auth.merchantId, userId: auth.userId, id });
  if (!gone) throw new KeyedError('NOT_FOUND', 'common.views.notFound');
}
