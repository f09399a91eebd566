/**
 * A stored file in a dialog (spec §7 static and PDF preview; docs/onboarding-api.md): an image inline, a PDF drawn
 * page by page by pdf.js (PdfPreview, its own chunk: no browser plug-in), a video with its controls. The file's URL
 * is authorised by itself and expires (FILE_URL_TTL_SECONDS): when it no longer loads, a fresh one is asked for once
 * (`GET /sys/common/files/:id`) before the failure is shown.
 */
import { useCallback, useRef, useState } from 'react';
import { Alert, Modal, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fileCalls, isImageType, type FileView } from '@mg/domain';
import { callApi } from '../../api';
import { PdfPreview } from './PdfPreview';

export interface FilePreviewProps {
  file: FileView | null | undefined;
  open: boolean;
  onClose: () => void;
}

function OpenLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" data-testid="file-preview-open">
      {t('files.openFile')}
    </a>
  );
}

function PreviewBody({ file }: { file: FileView }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(file.url);
  const [failed, setFailed] = useState(false);
  const refreshed = useRef(false);

  const onFail = useCallback(() => {
    if (refreshed.current) {
      setFailed(true);
      return;
    }
    refreshed.current = true;
    callApi(fileCalls.view, { params: { id: file.id } }, { silent: true }).then(
      (fresh) => (fresh?.url && fresh.url !== url ? setUrl(fresh.url) : setFailed(true)),
      () => setFailed(true),
    );
  }, [file.id, url]);

  if (failed) {
    return <Alert type="error" showIcon message={t('files.previewFailed')} description={<OpenLink url={url} />} data-testid="file-preview-failed" />;
  }
  if (isImageType(file.type)) {
    return <img src={url} alt={file.name} onError={onFail} style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', margin: '0 auto' }} data-testid="file-preview-image" />;
  }
  if (file.type === 'pdf') return <PdfPreview key={url} url={url} onError={onFail} />;
  if (file.type === 'webm' || file.type === 'mp4') {
    return <video src={url} controls preload="metadata" onError={onFail} style={{ display: 'block', width: '100%', maxHeight: '75vh' }} data-testid="file-preview-video" />;
  }
  return <Result status="warning" title={t('error.unknownFile')} extra={<OpenLink url={url} />} />;
}

export function FilePreview({ file, open, onClose }: FilePreviewProps) {
  return (
    <Modal
      open={open && Boolean(file)}
      onCancel={onClose}
      footer={null}
      width={file?.type === 'pdf' ? 920 : 800}
      centered
      destroyOnHidden
      title={
        file ? (
          <Typography.Text ellipsis={{ tooltip: file.name }} style={{ maxWidth: '90%' }}>
            {file.name}
          </Typography.Text>
        ) : null
      }
      data-testid="file-preview"
    >
      {file && <PreviewBody key={file.id} file={file} />}
    </Modal>
  );
}
