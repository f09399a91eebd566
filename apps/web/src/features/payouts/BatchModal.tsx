/**
 * The batch payout wizard (docs/payments-api.md "Batch payouts"): upload (the template, and the banks with what each
 * cell takes) -> preview and fix -> confirm with the server's quote -> result. The server reads the file and checks
 * every row; here a fixed cell is checked again with the same domain rules (order ids repeated in the file too), a
 * row can be excluded, and the uploaded, excluded and submitted counts and totals stand side by side so no row
 * disappears silently. Submit stays disabled while any included row is invalid; its confirmation names the amount,
 * the fee, the total debit, the balance and the payees, as the server quotes them.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Result, Space, Spin, Steps, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BATCH_ROW_ISSUE,
  PAYOUT_BATCH_MAX_BYTES,
  PAYOUT_BATCH_MAX_ROWS,
  SecondFactorCall,
  batchColumnLabelKey,
  batchRowIssues,
  parseBatchAmount,
  toMajorString,
  type BatchColumn,
  type BatchIssueColumn,
  type BatchRowValues,
  type CurrencyCode,
} from '@mg/domain';
import { isApiError } from '../../api';
import { ConfirmActionModal } from '../../components/ConfirmStepModal';
import { isGoogleCodeProblem } from '../../components/secondFactor';
import { useFormatters } from '../../components/format';
import { useMoney } from '../../components/list';
import { useBatchQuoteItems } from './BatchConfirm';
import { BatchRules } from './BatchRules';
import { downloadBatchResult, downloadTemplate, useCheckBatch, useQuoteBatch, useSubmitBatch, type BatchCheck, type BatchIssue, type BatchQuote, type BatchView } from './hooks';

interface Row {
  row: number;
  values: BatchRowValues;
  /** Spreadsheet columns holding a value under no header (the server refuses the row for them). */
  outside: string[];
  /** What only the server knows (an order id used before, a value outside the columns): kept until the cell is changed. */
  serverIssues: BatchIssue[];
  excluded: boolean;
}

/** Keys only the server can decide; the rest the screen recomputes from the values. */
const SERVER_ONLY = new Set(['payouts.duplicateMerchantOrderId', 'payouts.batch.outsideColumns']);
const PAGE_SIZE = 20;
const MB = 1024 * 1024;

function sumOf(rows: readonly Row[], currency: CurrencyCode): bigint {
  return rows.reduce((acc, r) => {
    const p = parseBatchAmount(r.values.amount ?? '', currency);
    return p.ok ? acc + p.minor : acc;
  }, 0n);
}

/** Each included row's problems: its own, the server's, and an order id repeated in an earlier included row. */
function issuesOf(rows: readonly Row[], currency: CurrencyCode): Map<number, BatchIssue[]> {
  const firstRow = new Map<string, number>();
  const out = new Map<number, BatchIssue[]>();
  for (const r of rows) {
    if (r.excluded) continue;
    const issues: BatchIssue[] = [...batchRowIssues(currency, r.values), ...r.serverIssues];
    const id = (r.values.merchantOrderId ?? '').trim();
    const first = firstRow.get(id);
    if (id && first !== undefined) issues.push({ column: 'merchantOrderId', key: 'payouts.batch.duplicateInFile', params: { row: first } });
    else if (id) firstRow.set(id, r.row);
    out.set(r.row, issues);
  }
  return out;
}

export function BatchModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { currency } = useFormatters();
  const check = useCheckBatch();
  const submit = useSubmitBatch();
  const quote = useQuoteBatch();
  const quoteItems = useBatchQuoteItems();
  const [checked, setChecked] = useState<BatchCheck | null>(null);
  const [rows, setRows] = useState<Row[]>([]);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [batch, setBatch] = useState<BatchView | null>(null);
  const [confirmingSubmit, setConfirmingSubmit] = useState<BatchQuote | null>(null);
  const step = batch ? 2 : checked ? 1 : 0;

  const issues = useMemo(() => issuesOf(rows, currency), [rows, currency]);
  const included = rows.filter((r) => !r.excluded);
  const excluded = rows.filter((r) => r.excluded);
  const invalid = included.filter((r) => (issues.get(r.row)?.length ?? 0) > 0);
  const amount = (minor: bigint) => `${money(toMajorString(minor, currency), currency)} ${currency}`;
  const label = (c: BatchIssueColumn) => (c === BATCH_ROW_ISSUE ? t('payouts.batch.row') : t(batchColumnLabelKey(c)));
  const text = (i: BatchIssue) => i.text ?? t(i.key, { ...i.params, field: label(i.column) });

  const onFile = async (file: File) => {
    setError(null);
    // Refused here, without sending 10+ MB for the server to refuse.
    if (file.size > PAYOUT_BATCH_MAX_BYTES) {
      setError(t('payouts.batch.tooBig', { max: PAYOUT_BATCH_MAX_BYTES / MB }));
      return;
    }
    try {
      const c = await check.mutateAsync({ file, currency });
      setChecked(c);
      setRows(c.rows.map((r) => ({ row: r.row, values: r.values, outside: r.outside, serverIssues: r.issues.filter((i) => SERVER_ONLY.has(i.key)), excluded: false })));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  const edit = (row: number, column: BatchColumn, value: string) =>
    setRows((all) => all.map((r) => (r.row === row ? { ...r, values: { ...r.values, [column]: value }, serverIssues: r.serverIssues.filter((i) => i.column !== column) } : r)));
  const toggle = (row: number) => setRows((all) => all.map((r) => (r.row === row ? { ...r, excluded: !r.excluded } : r)));

  const asSent = (r: Row) => ({ row: r.row, values: r.values, ...(r.outside.length > 0 ? { outside: r.outside } : {}) });

  /** Rows the server refused (an order id used meanwhile ...) come back as rows.<n>.<column>: shown on their cells. */
  const putOnCells = (e: unknown) => {
    const named = isApiError(e) && Array.isArray(e.errors) ? (e.errors as { field?: string; message?: string }[]) : [];
    const onRows = named.flatMap((x) => {
      const m = /^rows\.(\d+)\.(\w+)$/.exec(x.field ?? '');
      return m ? [{ row: Number(m[1]), column: m[2] as BatchIssueColumn, message: x.message ?? '' }] : [];
    });
    if (onRows.length > 0) {
      // The server's message is already in the user's language: kept as the issue's text.
      setRows((all) => all.map((r) => ({ ...r, serverIssues: [...r.serverIssues, ...onRows.filter((x) => x.row === r.row).map((x) => ({ column: x.column, key: '', text: x.message }))] })));
    }
    setError(e instanceof Error ? e.message : String(e));
  };

  /** The confirmation's figures come from the server (its fee rules); refused rows land on their cells instead. */
  const confirmSubmit = async () => {
    setError(null);
    try {
      setConfirmingSubmit(await quote.mutateAsync({ currency, rows: included.map(asSent) }));
    } catch (e) {
      putOnCells(e);
    }
  };

  const send = async (googleCode?: string) => {
    if (!checked) return;
    try {
      setBatch(
        await submit.mutateAsync({
          currency,
          fileName: checked.fileName,
          uploadedCount: checked.uploadedCount,
          uploadedTotal: checked.uploadedTotal,
          rows: included.map(asSent),
          // Every row of the upload is accounted for: the excluded ones are listed in the result file with their fate.
          excluded: excluded.map(asSent),
          googleCode,
        }),
      );
      setConfirmingSubmit(null);
    } catch (e) {
      // An answer about the Google code stays on the confirmation's code field.
      if (isGoogleCodeProblem(e)) throw e;
      setConfirmingSubmit(null);
      putOnCells(e);
    }
  };

  const columns = checked?.columns ?? [];
  const shown = onlyInvalid ? rows.filter((r) => !r.excluded && (issues.get(r.row)?.length ?? 0) > 0) : rows;

  return (
    <Modal open title={t('payouts.batch.title')} onCancel={onClose} width={1200} footer={null} destroyOnHidden maskClosable={false}>
      <Steps size="small" current={step} style={{ marginBottom: 16 }} items={[{ title: t('payouts.batch.stepUpload') }, { title: t('payouts.batch.stepPreview') }, { title: t('payouts.batch.stepResult') }]} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="batch-error" />}
      {step === 0 && (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(currency, 'xlsx')} data-testid="batch-template-xlsx">
              {`${t('payouts.batch.template')} (XLSX)`}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(currency, 'csv')}>
              {`${t('payouts.batch.template')} (CSV)`}
            </Button>
          </Space>
          <BatchRules currency={currency} />
          <Spin spinning={check.isPending} tip={t('payouts.batch.checking')}>
            <Upload.Dragger
              accept=".xlsx,.csv"
              multiple={false}
              showUploadList={false}
              data-testid="batch-upload"
              beforeUpload={(file) => {
                void onFile(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t('payouts.batch.uploadHint', { rows: PAYOUT_BATCH_MAX_ROWS.toLocaleString(), mb: PAYOUT_BATCH_MAX_BYTES / MB })}</p>
            </Upload.Dragger>
          </Spin>
        </>
      )}
      {step === 1 && checked && (
        <>
          <Alert
            type={invalid.length ? 'warning' : 'info'}
            style={{ marginBottom: 12 }}
            data-testid="batch-summary"
            message={
              <Space size="large" wrap>
                <span data-testid="batch-uploaded">{t('payouts.batch.uploaded', { count: checked.uploadedCount, total: `${money(checked.uploadedTotal, currency)} ${currency}` })}</span>
                <span data-testid="batch-excluded">{t('payouts.batch.excluded', { count: excluded.length, total: amount(sumOf(excluded, currency)) })}</span>
                <Typography.Text strong data-testid="batch-submitting">
                  {t('payouts.batch.submitting', { count: included.length, total: amount(sumOf(included, currency)) })}
                </Typography.Text>
                <Tag color={invalid.length ? 'red' : 'green'} data-testid="batch-invalid">
                  {t('payouts.batch.invalidCount', { count: invalid.length })}
                </Tag>
              </Space>
            }
          />
          <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">{t('payouts.batch.fixHint')}</Typography.Text>
            <Checkbox checked={onlyInvalid} onChange={(e) => setOnlyInvalid(e.target.checked)} data-testid="batch-only-invalid">
              {t('payouts.batch.onlyInvalid')}
            </Checkbox>
          </Space>
          <Table<Row>
            size="small"
            rowKey="row"
            dataSource={shown}
            pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            onRow={(r) => ({ style: r.excluded ? { opacity: 0.45 } : undefined })}
            columns={[
              {
                title: t('payouts.batch.row'),
                key: 'row',
                width: 64,
                fixed: 'left',
                render: (_: unknown, r: Row) => (
                  <>
                    {r.row}
                    {(r.excluded ? [] : (issues.get(r.row) ?? []).filter((i) => i.column === BATCH_ROW_ISSUE)).map((i, n) => (
                      <Typography.Text key={`${i.key}-${n}`} type="danger" style={{ fontSize: 12, display: 'block', minWidth: 160 }} data-testid={`issue-${r.row}-row`}>
                        {text(i)}
                      </Typography.Text>
                    ))}
                  </>
                ),
              },
              ...columns.map((c) => ({
                title: label(c),
                key: c,
                render: (_: unknown, r: Row) => {
                  const cellIssues = r.excluded ? [] : (issues.get(r.row) ?? []).filter((i) => i.column === c);
                  return (
                    <div style={{ minWidth: c === 'description' ? 180 : 130 }}>
                      <Input
                        size="small"
                        value={r.values[c] ?? ''}
                        disabled={r.excluded}
                        status={cellIssues.length ? 'error' : undefined}
                        onChange={(e) => edit(r.row, c, e.target.value)}
                        data-testid={`cell-${r.row}-${c}`}
                      />
                      {cellIssues.map((i, n) => (
                        <Typography.Text key={`${i.key}-${n}`} type="danger" style={{ fontSize: 12, display: 'block' }} data-testid={`issue-${r.row}-${c}`}>
                          {text(i)}
                        </Typography.Text>
                      ))}
                    </div>
                  );
                },
              })),
              {
                title: '',
                key: 'exclude',
                fixed: 'right',
                render: (_: unknown, r: Row) => (
                  <Button size="small" type="link" danger={!r.excluded} onClick={() => toggle(r.row)} data-testid={`exclude-${r.row}`}>
                    {r.excluded ? t('payouts.batch.include') : t('payouts.batch.exclude')}
                  </Button>
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                setChecked(null);
                setRows([]);
              }}
            >
              {t('payouts.form.back')}
            </Button>
            <Button type="primary" disabled={invalid.length > 0 || included.length === 0} loading={quote.isPending || submit.isPending} onClick={() => void confirmSubmit()} data-testid="batch-submit">
              {`${t('payouts.batch.submit')} (${included.length})`}
            </Button>
          </Space>
        </>
      )}
      {step === 2 && batch && (
        <Result
          status="success"
          title={t('payouts.batch.submitted', { id: batch.id })}
          subTitle={
            <span data-testid="batch-result">
              {`${t('payouts.batch.uploaded', { count: batch.uploadedCount, total: `${money(batch.uploadedTotal, batch.currency)} ${batch.currency}` })} · ${t('payouts.batch.submitting', { count: batch.rowCount, total: `${money(batch.totalAmount, batch.currency)} ${batch.currency}` })} · ${t('payouts.fields.fee')} ${money(batch.totalFee, batch.currency)} ${batch.currency}`}
            </span>
          }
          extra={[
            <Button key="result" icon={<DownloadOutlined />} onClick={() => void downloadBatchResult(batch.id)}>
              {t('payouts.batch.result')}
            </Button>,
            <Button key="close" type="primary" onClick={onClose} data-testid="batch-done">
              {t('common.actions.ok')}
            </Button>,
          ]}
        />
      )}
      {confirmingSubmit && checked && (
        <ConfirmActionModal
          title={t('payouts.batch.submit')}
          items={[{ key: 'file', label: t('payouts.batch.fileName'), children: checked.fileName }, ...quoteItems(confirmingSubmit, 'submit', 'batch-submit')]}
          hint={t('payouts.batch.submitConfirm')}
          okText={t('payouts.batch.submit')}
          sending={submit.isPending}
          secondFactor={SecondFactorCall.PAYOUT_BATCH_CREATE}
          testId="batch-submit"
          onConfirm={send}
          onClose={() => setConfirmingSubmit(null)}
        />
      )}
    </Modal>
  );
}
