/**
 * The popup picker of spec §5: a report (docs/api.md "Online reports") in a modal table of spec §9's size, with its
 * query fields; single select (a radio) or multiple. Choosing with nothing selected says "select a record"; a
 * picker whose code or field mapping is missing or uneven shows a configuration error instead of a table.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Select, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCY_CODES, POPUP_MODAL_WIDTH, POPUP_PAGE_SIZE, POPUP_ROW_KEY_MAX } from '@mg/domain';
import { useReportConfig, useReportData, type ReportDataQuery } from './api';
import { namedSelectionBox } from '../list/selection';

type Row = Record<string, unknown>;

export interface ReportPopupProps {
  /** The report's code (its config id). */
  code: string;
  open: boolean;
  multiple?: boolean;
  /** Fields of the chosen rows handed to `onChoose`, by position with `targetFields` (spec §5: counts must match). */
  sourceFields: readonly string[];
  targetFields: readonly string[];
  onChoose: (values: Record<string, unknown>[]) => void;
  onClose: () => void;
}

/** The configuration problem of a picker, or null (spec §5 "missing settings show a configuration error"). */
export function configProblem(p: Pick<ReportPopupProps, 'code' | 'sourceFields' | 'targetFields'>, t: (key: string, o?: Record<string, unknown>) => string): string | null {
  if (!p.code.trim()) return t('reports.popup.noCode');
  if (p.sourceFields.length === 0 || p.targetFields.length === 0) return t('reports.popup.noFields');
  if (p.sourceFields.length !== p.targetFields.length) return t('reports.popup.countMismatch', { source: p.sourceFields.length, target: p.targetFields.length });
  return null;
}

const keyOf = (row: Row, rowKey: string) => String(row[rowKey] ?? '').slice(0, POPUP_ROW_KEY_MAX);

export function ReportPopup(props: ReportPopupProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const problem = configProblem(props, t);
  const enabled = props.open && problem === null;
  const { columns: config, fields } = useReportConfig(props.code, enabled);
  const [form] = Form.useForm<Record<string, string>>();
  const [query, setQuery] = useState<ReportDataQuery>({ pageNo: 1, pageSize: POPUP_PAGE_SIZE, fields: {} });
  const data = useReportData(props.code, query, enabled && config.isSuccess);
  const [selected, setSelected] = useState<Row[]>([]);
  const rowKey = config.data?.rowKey ?? 'id';

  const columns = useMemo<TableColumnsType<Row>>(
    () =>
      (config.data?.columns ?? []).map((c) => {
        const labels = config.data?.dictOptions[c.dataIndex];
        return {
          key: c.dataIndex,
          dataIndex: c.dataIndex,
          title: c.title,
          sorter: c.sorter,
          render: (v: unknown) => {
            if (Array.isArray(v)) return v.join(', ');
            const label = labels?.find((o) => o.value === String(v))?.text;
            return label ?? (v === null || v === undefined ? '' : String(v));
          },
        };
      }),
    [config.data],
  );

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery((q) => ({
      ...q,
      pageNo: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? POPUP_PAGE_SIZE,
      column: s?.order ? String(s.field) : undefined,
      order: s?.order === 'descend' ? 'desc' : s?.order === 'ascend' ? 'asc' : undefined,
    }));
  };

  const close = () => {
    setSelected([]);
    props.onClose();
  };

  /** The chosen rows' source fields under their target names (spec §5: by position). */
  const hand = (rows: Row[]) => {
    props.onChoose(rows.map((row) => Object.fromEntries(props.targetFields.map((target, i) => [target, row[props.sourceFields[i] as string]]))));
    setSelected([]);
  };

  const choose = () => {
    if (selected.length === 0) return void message.warning(t('reports.popup.selectRecord'));
    if (!props.multiple && selected.length > 1) return void message.warning(t('reports.popup.onlyOne'));
    hand(selected);
  };

  return (
    <Modal
      open={props.open}
      width={POPUP_MODAL_WIDTH}
      title={config.data?.cgRpConfigName}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.actions.cancel')}
        </Button>,
        <Button key="ok" type="primary" onClick={choose} disabled={problem !== null} data-testid="report-popup-choose">
          {t('reports.popup.choose')}
        </Button>,
      ]}
    >
      {problem !== null ? (
        <Alert type="error" showIcon message={t('reports.popup.configError', { problem })} data-testid="report-popup-config-error" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Form form={form} layout="inline" onFinish={(v) => setQuery((q) => ({ ...q, pageNo: 1, fields: Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])) }))}>
            {(fields.data ?? []).map((f) => (
              <Form.Item key={f.field} name={f.field} label={f.label}>
                {f.type === 'currency' ? (
                  <Select allowClear showSearch style={{ minWidth: 120 }} options={CURRENCY_CODES.map((c) => ({ value: c, label: c }))} data-testid={`report-field-${f.field}`} />
                ) : (
                  <Input allowClear inputMode={f.type === 'number' ? 'numeric' : undefined} data-testid={`report-field-${f.field}`} />
                )}
              </Form.Item>
            ))}
            <Form.Item>
              <Button type="primary" htmlType="submit" data-testid="report-popup-search">
                {t('reports.popup.search')}
              </Button>
            </Form.Item>
          </Form>
          <Table<Row>
            size="small"
            rowKey={(row) => keyOf(row, rowKey)}
            columns={columns}
            dataSource={data.data?.records ?? []}
            loading={config.isLoading || data.isFetching}
            onChange={onTableChange}
            pagination={{ current: query.pageNo, pageSize: query.pageSize, total: data.data?.total ?? 0, showSizeChanger: false }}
            rowSelection={{
              type: props.multiple ? 'checkbox' : 'radio',
              selectedRowKeys: selected.map((r) => keyOf(r, rowKey)),
              onChange: (_keys, rows) => setSelected(rows),
              // Each box or radio says what it selects (antd leaves them unnamed, and names the header's in English).
              getTitleCheckboxProps: () => namedSelectionBox(t('common.selection.all')),
              getCheckboxProps: (row) => namedSelectionBox(t('common.selection.row', { id: keyOf(row, rowKey) })),
            }}
            onRow={(row) => ({ onDoubleClick: () => !props.multiple && hand([row]) })}
          />
        </Space>
      )}
    </Modal>
  );
}
