import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, DATE_TIME_FORMAT, QUERY_RANGE_ERROR_KEYS, QUERY_RANGE_MONTHS_LONG, auditActionKey, checkQueryRange } from '@mg/domain';
import { api } from '../../api';
import { cleanParams, sortParams, tablePagination, useFormatInstant, useSessionZone, useUrlFilters, type Page } from '../../components/list/paging';
import { createdOf, type AuditRecord } from '../users/api';

export const DEFAULT_AUDIT_DAYS = 7;


function parseRange(begin: string | undefined, end: string | undefined): [Dayjs, Dayjs] | undefined {
  if (!begin || !end) return undefined;
  const a = dayjs(begin);
  const b = dayjs(end);
  return a.isValid() && b.isValid() ? [a, b] : undefined;
}

function defaultRange(): [Dayjs, Dayjs] {
  return [dayjs().subtract(DEFAULT_AUDIT_DAYS, 'day').startOf('day'), dayjs().endOf('day')];
}

function detailText(detail: AuditRecord['detail']): string {
  if (!detail || typeof detail !== 'object') return '';
  return Object.entries(detail)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join('; ');
}

/** Security history: the audit log of the merchant's users (platform staff: everyone's), filterable. */
export default function Audit() {
  const { t } = useTranslation();
  const fmt = useFormatInstant();
  const zone = useSessionZone();
  const actionRef = useRef<ActionType>(undefined);
  const { initial, write } = useUrlFilters();
  const [rangeError, setRangeError] = useState<string | null>(null);
  const initialRange = useMemo(() => parseRange(initial.createTime_begin, initial.createTime_end) ?? defaultRange(), [initial]);

  const request = useCallback(
    async (params: Record<string, unknown> & { current?: number; pageSize?: number }, sort?: Record<string, 'ascend' | 'descend' | null>) => {
      const filters = cleanParams(params);
      const begin = typeof filters.createTime_begin === 'string' ? filters.createTime_begin : undefined;
      const end = typeof filters.createTime_end === 'string' ? filters.createTime_end : undefined;
      const pageNo = params.current ?? 1;
      const pageSize = params.pageSize ?? 10;
      write({ ...filters, pageNo: pageNo > 1 ? pageNo : undefined, pageSize: pageSize !== 10 ? pageSize : undefined });
      if (!begin || !end) {
        setRangeError(t('common.messages.rangeRequired'));
        return { data: [], total: 0, success: true };
      }
      // Spec §5: at most three months, checked here before the server is asked.
      const problem = checkQueryRange(dayjs(begin).toDate(), dayjs(end).toDate(), zone, QUERY_RANGE_MONTHS_LONG);
      if (problem) {
        setRangeError(t(QUERY_RANGE_ERROR_KEYS[problem], { months: QUERY_RANGE_MONTHS_LONG }));
        return { data: [], total: 0, success: true };
      }
      setRangeError(null);
      const page = await api.get<Page<AuditRecord>>('/sys/audit/list', { ...filters, ...sortParams(sort), pageNo, pageSize });
      return { data: page.records ?? [], total: page.total ?? 0, success: true };
    },
    [t, write, zone],
  );

  const actionOptions = useMemo(() => AUDIT_ACTIONS.map((a) => ({ value: a, label: t(auditActionKey(a)) })), [t]);

  const columns: ProColumns<AuditRecord>[] = [
    {
      title: t('audit.time'),
      dataIndex: 'createTime',
      valueType: 'dateTimeRange',
      hideInTable: true,
      initialValue: initialRange,
      // two full date-times side by side need the width of two filter columns
      colSize: 2,
      fieldProps: { format: DATE_TIME_FORMAT, style: { width: '100%' } },
      search: {
        transform: (value: unknown) => {
          const [a, b] = Array.isArray(value) ? value : [];
          const text = (v: unknown) => (dayjs.isDayjs(v) ? v.format(DATE_TIME_FORMAT) : typeof v === 'string' ? v : undefined);
          return { createTime_begin: text(a), createTime_end: text(b) };
        },
      },
    },
    { title: t('audit.time'), key: 'time', search: false, width: 170, render: (_, r) => fmt(createdOf(r)) },
    { title: t('audit.username'), dataIndex: 'username', initialValue: initial.username },
    {
      title: t('audit.actionLabel'),
      dataIndex: 'action',
      valueType: 'select',
      initialValue: initial.action,
      fieldProps: { options: actionOptions, showSearch: true, optionFilterProp: 'label' },
      render: (_, r) => (AUDIT_ACTIONS.includes(r.action as (typeof AUDIT_ACTIONS)[number]) ? t(auditActionKey(r.action)) : r.action),
    },
    {
      title: t('audit.result'),
      dataIndex: 'success',
      valueType: 'select',
      initialValue: initial.success,
      fieldProps: {
        options: [
          { value: 'true', label: t('audit.success') },
          { value: 'false', label: t('audit.failure') },
        ],
      },
      render: (_, r) => (r.success ? <Tag color="green">{t('audit.success')}</Tag> : <Tag color="red">{t('audit.failure')}</Tag>),
    },
    { title: t('audit.ip'), dataIndex: 'ip', search: false },
    {
      title: t('audit.details'),
      key: 'detail',
      search: false,
      render: (_, r) => {
        const text = detailText(r.detail);
        return text ? (
          <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 360 }}>
            {text}
          </Typography.Text>
        ) : (
          '-'
        );
      },
    },
  ];

  return (
    <>
      {rangeError && <Alert type="error" showIcon message={rangeError} style={{ marginBottom: 12 }} data-testid="range-error" />}
      <ProTable<AuditRecord>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        request={request}
        headerTitle={t('audit.title')}
        pagination={tablePagination(initial)}
        search={{ labelWidth: 'auto' }}
        options={{ density: false, setting: false, reload: true }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
