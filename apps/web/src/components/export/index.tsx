/**
 * The export button of every list (spec §9, docs/payments-api.md "Exports"): exports the list with its current
 * filters in the session language and zone. Small exports download at once (the server streams the XLSX); large
 * ones run as a job with a progress bar and are e-mailed as a link.
 */
import { useEffect, useState } from 'react';
import { App, Button, Modal, Progress, Result, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ExportStatus, Perm, exportCalls, type CallAnswer } from '@mg/domain';
import { callApi, download } from '../../api';
import { usePermission } from '../../session/usePermission';

export interface ExportButtonProps {
  kind: string;
  /** The list's current filters as its query sends them, wall-clock dates already in the session zone. */
  filters: Record<string, unknown>;
}

/** A job's progress (domain exportCalls.job). */
type JobAnswer = CallAnswer<typeof exportCalls.job>;

const POLL_MS = 1_000;

/** Jobs whose progress dialog is open: their end shows there, so the pushed notice of it is not said twice. */
const shownJobs = new Set<string>();

export function isJobShown(jobId: string): boolean {
  return shownJobs.has(jobId);
}

/** Downloads a finished job's file; its link is only given to the user who started it. */
export async function downloadJob(jobId: string): Promise<void> {
  const job = await callApi(exportCalls.job, { params: { id: jobId } });
  if (job.url) await startDownload(job.url);
}

/** The link's path: the browser downloads from the origin it is on, whatever public URL the server knows. */
export function pathOf(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/**
 * Downloads the file with the session (the link alone opens nothing on the server) and saves it under the server's
 * name. Rejects after the client has shown the server's message.
 */
export function startDownload(url: string): Promise<Blob> {
  return download(pathOf(url));
}

function cleanFilters(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null || v === '' || ['pageNo', 'pageSize', 'current', 'column', 'order'].includes(k)) continue;
    out[k] = v;
  }
  return out;
}

function JobProgress({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [job, setJob] = useState<JobAnswer | null>(null);
  useEffect(() => {
    shownJobs.add(jobId);
    return () => void shownJobs.delete(jobId);
  }, [jobId]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await callApi(exportCalls.job, { params: { id: jobId } }, { silent: true });
        if (stopped) return;
        setJob(next);
        if (next.status === ExportStatus.DONE || next.status === ExportStatus.FAILED) return;
      } catch {
        /* a lost poll is retried */
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [jobId]);

  const total = job?.totalRows ?? 0;
  const percent = job?.status === ExportStatus.DONE ? 100 : total > 0 ? Math.min(99, Math.floor(((job?.doneRows ?? 0) / total) * 100)) : 0;
  return (
    <Modal open title={t('exports.jobTitle')} onCancel={onClose} footer={<Button onClick={onClose}>{t('exports.close')}</Button>} destroyOnHidden>
      {job?.status === ExportStatus.FAILED ? (
        <Result status="error" title={t('exports.failed')} subTitle={job.error ?? undefined} />
      ) : job?.status === ExportStatus.DONE ? (
        <Result
          status="success"
          title={t('exports.ready')}
          subTitle={t('exports.mailed')}
          extra={
            job.url ? (
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => void startDownload(job.url ?? '').catch(() => undefined)} data-testid="export-job-download">
                {t('exports.download')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div data-testid="export-job-progress">
          <Typography.Paragraph>{t('exports.running', { rows: total.toLocaleString() })}</Typography.Paragraph>
          <Progress percent={percent} status="active" />
          <Typography.Paragraph type="secondary">{t('exports.mailHint')}</Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}

export function ExportButton({ kind, filters }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { has } = usePermission();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  if (!has(Perm.EXPORT)) return null;

  const run = async () => {
    setBusy(true);
    try {
      const answer = await callApi(exportCalls.start, { body: { kind, filters: cleanFilters(filters) } });
      if (answer.mode === 'download' && answer.url) {
        if (answer.rows === 0) void message.info(t('exports.empty'));
        await startDownload(answer.url);
      } else if (answer.jobId) {
        setJobId(answer.jobId);
      }
    } catch {
      /* the client has shown the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={`export-${kind}`}>
        {t('exports.button')}
      </Button>
      {jobId ? <JobProgress jobId={jobId} onClose={() => setJobId(null)} /> : null}
    </>
  );
}
