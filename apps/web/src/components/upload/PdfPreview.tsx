/**
 * A PDF drawn by pdf.js, one page at a time on a canvas fitted to the dialog's width, with the page count and
 * previous/next (spec §7 `/sys/common/pdf/pdfPreviewIframe`, without a browser plug-in). pdf.js is imported when a
 * PDF is first shown, so it is a chunk of its own; its worker is a separate file served by the app (CSP
 * `script-src 'self'`), and it runs without eval.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';

const WORKER_URL = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
/** When the dialog's width cannot be read (before layout). */
const FALLBACK_WIDTH = 860;

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; doc: PDFDocumentProxy };

export function PdfPreview({ url, onError }: { url: string; onError?: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [page, setPage] = useState(1);
  const [rendering, setRendering] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    setState({ kind: 'loading' });
    setPage(1);
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      if (cancelled) return;
      if (!pdfjs.GlobalWorkerOptions.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = WORKER_URL;
      task = pdfjs.getDocument({ url, isEvalSupported: false });
      const doc = await task.promise;
      if (!cancelled) setState({ kind: 'ready', doc });
    })().catch(() => {
      if (cancelled) return;
      setState({ kind: 'error' });
      onErrorRef.current?.();
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);

  const doc = state.kind === 'ready' ? state.doc : undefined;
  useEffect(() => {
    if (!doc || !canvas.current) return;
    const target = canvas.current;
    let cancelled = false;
    let render: RenderTask | undefined;
    setRendering(true);
    (async () => {
      const p = await doc.getPage(page);
      if (cancelled) return;
      const width = box.current?.clientWidth || FALLBACK_WIDTH;
      const ratio = typeof window !== 'undefined' && window.devicePixelRatio ? window.devicePixelRatio : 1;
      const scale = width / p.getViewport({ scale: 1 }).width;
      const viewport = p.getViewport({ scale: scale * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      target.style.width = `${Math.floor(viewport.width / ratio)}px`;
      target.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = p.render({ canvas: target, viewport });
      await render.promise;
      if (!cancelled) setRendering(false);
    })().catch((e: unknown) => {
      if (cancelled || (e instanceof Error && e.name === 'RenderingCancelledException')) return;
      setState({ kind: 'error' });
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [doc, page]);

  if (state.kind === 'error') return <Alert type="error" showIcon message={t('files.previewFailed')} data-testid="pdf-preview-failed" />;

  const total = doc?.numPages ?? 0;
  return (
    <div ref={box} data-testid="pdf-preview">
      {state.kind === 'loading' ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip={t('files.pdf.loading')}>
            <div style={{ width: 160, height: 48 }} />
          </Spin>
        </Flex>
      ) : (
        <Flex justify="center" align="center" gap={8} style={{ marginBottom: 8 }}>
          <Button icon={<LeftOutlined />} disabled={page <= 1} onClick={() => setPage((p) => p - 1)} aria-label={t('files.pdf.previous')} data-testid="pdf-previous" />
          <Typography.Text data-testid="pdf-page">{t('files.pdf.page', { page, total })}</Typography.Text>
          <Button icon={<RightOutlined />} disabled={page >= total} onClick={() => setPage((p) => p + 1)} aria-label={t('files.pdf.next')} data-testid="pdf-next" />
        </Flex>
      )}
      <Spin spinning={state.kind === 'ready' && rendering}>
        <div style={{ maxHeight: '70vh', overflow: 'auto', textAlign: 'center' }}>
          <canvas ref={canvas} style={{ display: state.kind === 'ready' ? 'inline-block' : 'none' }} data-testid="pdf-canvas" />
        </div>
      </Spin>
    </div>
  );
}
