import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../format';
import { useSearchParams } from 'react-router';
import type { FormInstance } from 'antd';
import { LIST_COUNT_CAP, PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, isStandardPageSize } from '@mg/domain';
import { i18n } from '../../i18n';
import { api, isApiError } from '../../api';
import { useSession } from '../../session/store';
import type { UserInfo } from '../../api/identity';

/** Paged answer of every list call (docs/identity-api.md). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** Session zone and instant formatting: the shared helpers of components/format. */
export { useSessionZone, formatInstant } from '../format';

/** An ISO instant from the server as `YYYY-MM-DD HH:mm:ss` in the session zone; '-' when absent. */
export function useFormatInstant(): (value: string | number | null | undefined) => string {
  return useFormatters().instant;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Filters in the URL (DESIGN §8): a refreshed tab and a shared link keep them.                                   */

export type UrlValues = Record<string, string>;

/**
 * The list's filters and paging as URL query values. `initial` is the snapshot at mount (what the table starts
 * with); `write` replaces the query with the given values (empty ones dropped) when they changed.
 */
export function useUrlFilters(): { initial: UrlValues; write: (values: Record<string, unknown>) => void } {
  const [params, setParams] = useSearchParams();
  const snapshot = useRef<UrlValues | null>(null);
  if (snapshot.current === null) snapshot.current = Object.fromEntries(params.entries());
  const latest = useRef(params);
  latest.current = params;
  const write = useCallback(
    (values: Record<string, unknown>) => {
      const next = new URLSearchParams();
      for (const [k, v] of Object.entries(values)) {
        if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
        next.set(k, Array.isArray(v) ? v.join(',') : String(v));
      }
      next.sort();
      const current = new URLSearchParams(latest.current);
      current.sort();
      if (next.toString() !== current.toString()) setParams(next, { replace: true });
    },
    [setParams],
  );
  return { initial: snapshot.current, write };
}

/** Page number and size from URL values, with the spec's sizes only. */
export function pagingFrom(values: UrlValues): { current: number; pageSize: number } {
  const current = Math.max(1, Number.parseInt(values.pageNo ?? '1', 10) || 1);
  const size = Number.parseInt(values.pageSize ?? '', 10);
  return { current, pageSize: isStandardPageSize(size) ? size : PAGE_SIZE_DEFAULT };
}

/** ProTable pagination of every list: sizes 10/20/30, quick jump, size changer, started from the URL. */
export function tablePagination(values: UrlValues) {
  const { current, pageSize } = pagingFrom(values);
  return {
    defaultCurrent: current,
    defaultPageSize: pageSize,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showQuickJumper: true,
    showSizeChanger: true,
    // Payment lists count at most LIST_COUNT_CAP rows (a count over millions of rows would cost more than the page).
    showTotal: (total: number) =>
      i18n.t('common.messages.total', { total: total >= LIST_COUNT_CAP ? `${LIST_COUNT_CAP.toLocaleString()}+` : total.toLocaleString() }),
  };
}

/** Drops ProTable's own keys and empty values from a request's params. */
export function cleanParams(params: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k === 'current' || k === 'pageSize' || k === '_timestamp' || k === 'keyword') continue;
    if (v === undefined || v === null || v === '') continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** Sort of a ProTable request as `column` / `order`. */
export function sortParams(sort: Record<string, 'ascend' | 'descend' | null> | undefined): Record<string, string> {
  const entry = Object.entries(sort ?? {}).find(([, v]) => v);
  return entry ? { column: entry[0], order: entry[1] === 'ascend' ? 'asc' : 'desc' } : {};
}

/** ProTable's request params: the filters plus its own paging keys. */
export type TableParams = Record<string, unknown> & { current?: number; pageSize?: number };
/** ProTable's sort of a request. */
export type TableSort = Record<string, 'ascend' | 'descend' | null>;

/** Writes a request's filters and paging to the URL (default page and size left out); answers the paging to ask. */
export function writePaging(write: (values: Record<string, unknown>) => void, filters: Record<string, unknown>, params: TableParams): { pageNo: number; pageSize: number } {
  const pageNo = params.current ?? 1;
  const pageSize = params.pageSize ?? PAGE_SIZE_DEFAULT;
  write({ ...filters, pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== PAGE_SIZE_DEFAULT ? pageSize : undefined });
  return { pageNo, pageSize };
}

/** One page of a paged GET as ProTable wants it. */
export async function fetchPage<T>(url: string, query: Record<string, unknown>, sort: TableSort | undefined, paging: { pageNo: number; pageSize: number }) {
  const page = await api.get<Page<T>>(url, { ...query, ...sortParams(sort), ...paging });
  return { data: page.records ?? [], total: page.total ?? 0, success: true };
}

/**
 * A ProTable `request` for a paged GET: writes filters and paging to the URL, then asks the server.
 */
export function usePagedRequest<T>(url: string, write: (values: Record<string, unknown>) => void, extra?: (params: Record<string, unknown>) => Record<string, unknown>) {
  return useCallback(
    async (params: TableParams, sort?: TableSort) => {
      const filters = cleanParams(params);
      const paging = writePaging(write, filters, params);
      return fetchPage<T>(url, extra ? extra(filters) : filters, sort, paging);
    },
    [url, write, extra],
  );
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Server validation messages                                                                                    */

interface FieldError {
  field?: string;
  message?: string;
}

/**
 * Puts the server's field errors (`errors[]` of a 400) on the form's fields; returns the message to show above the
 * form for everything else (the API client has already shown it as a toast unless the call was silent).
 */
export function applyServerErrors(form: FormInstance | undefined, error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : String(error);
  const list = Array.isArray(error.errors) ? (error.errors as FieldError[]) : [];
  const known = new Set(form ? Object.keys(form.getFieldsValue(true) as Record<string, unknown>) : []);
  const onFields = list.filter((e) => e.field && known.has(e.field) && e.message);
  if (form && onFields.length > 0) form.setFields(onFields.map((e) => ({ name: e.field as string, errors: [e.message as string] })));
  return error.message;
}

/**
 * The OK button of an add/edit dialog: validates the form (invalid fields show their own messages, nothing is
 * sent), then runs `save` with `saving` on; a failure puts the server's field errors on the form and keeps the
 * rest in `serverError` for the alert above it. `save` shows the success message and closes the dialog itself.
 */
export function useFormSubmit<V>(
  form: FormInstance<V>,
  save: (values: V) => Promise<void>,
  /** How a failure is shown: the text for the alert, or null when it is on the fields. Defaults to applyServerErrors. */
  onError: (error: unknown, values: V) => string | null = (e) => applyServerErrors(form, e),
) {
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      await save(values);
    } catch (e) {
      setServerError(onError(e, values));
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, serverError };
}

/**
 * The add/edit dialog around a form of useFormSubmit: OK saves (spinning while it does), Cancel closes, and the
 * server's message that no field took stands above the form.
 */
export function FormModal({
  title,
  submitter,
  onClose,
  okText,
  open = true,
  width,
  forceRender,
  serverErrorTestId,
  children,
}: {
  title: ReactNode;
  submitter: ReturnType<typeof useFormSubmit>;
  onClose: () => void;
  /** Defaults to Save. */
  okText?: string;
  open?: boolean;
  width?: number;
  forceRender?: boolean;
  serverErrorTestId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { submit, saving, serverError } = submitter;
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText ?? t('common.actions.save')}
      cancelText={t('common.actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
      forceRender={forceRender}
    >
      {serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 16 }} data-testid={serverErrorTestId} />}
      {children}
    </Modal>
  );
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The signed-in user                                                                                            */

/** The session's user (spec §3 userInfo), from the session store. */
export function useCurrentUser(): { data: UserInfo | null } {
  return { data: useSession().userInfo };
}

/** Splits "a,b" / arrays into a list of non-empty strings. */
export function splitList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

/** Memo of a translated options list. */
export function useOptions<T extends string | number>(entries: readonly { value: T; labelKey: string }[], t: (k: string) => string) {
  return useMemo(() => entries.map((e) => ({ value: e.value, label: t(e.labelKey) })), [entries, t]);
}
