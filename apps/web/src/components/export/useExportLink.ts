/**
 * The e-mailed link of a finished export job opens the dashboard with `?exportToken=`: once the user is signed in
 * (the sign-in page brings them back with the query), the file is downloaded with the session and the token is
 * taken out of the address bar, so a reload or a shared screen does not carry it.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { EXPORT_DOWNLOAD_PATH, EXPORT_TOKEN_PARAM } from '@mg/domain';
import { download } from '../../api';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export function useExportLink(): void {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    const token = params.get(EXPORT_TOKEN_PARAM);
    if (token === null) return;
    params.delete(EXPORT_TOKEN_PARAM);
    const rest = params.toString();
    navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
    if (!TOKEN_PATTERN.test(token)) return;
    const key = `export-link-${token}`;
    void message.loading({ key, content: t('exports.linkDownloading'), duration: 0 });
    download(`${EXPORT_DOWNLOAD_PATH}/${token}`)
      .then(() => void message.success({ key, content: t('exports.linkDownloaded') }))
      // The client has shown the server's reason (expired, not allowed); the loading note goes.
      .catch(() => message.destroy(key));
  }, [search, pathname, hash, navigate, message, t]);
}
