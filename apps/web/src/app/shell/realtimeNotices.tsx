/**
 * What a pushed event says to the user (domain REALTIME_AUDIENCES `toast`), besides the reload of what is shown: a
 * change of their own record, the end of their export (with its download), a new announcement.
 */
import { Button, type App } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { ExportStatus, REALTIME_AUDIENCES, RealtimeToast, realtimeStatusKey, type RealtimeEvent } from '@mg/domain';
import { downloadJob, isJobShown } from '../../components/export';

type AppApi = ReturnType<typeof App.useApp>;

export interface NoticeDeps {
  message: AppApi['message'];
  notification: AppApi['notification'];
  t: TFunction;
}

function exportEnded({ notification, t }: NoticeDeps, e: RealtimeEvent): void {
  // Its progress dialog is open and shows the end itself.
  if (isJobShown(e.id)) return;
  const key = `export-${e.id}`;
  if (e.status === ExportStatus.FAILED) {
    notification.error({ key, message: t('shell.realtime.exportFailed') });
    return;
  }
  if (e.status !== ExportStatus.DONE) return;
  notification.success({
    key,
    message: t('shell.realtime.exportReady'),
    actions: (
      <Button
        type="primary"
        size="small"
        icon={<DownloadOutlined />}
        data-testid="realtime-export-download"
        onClick={() => {
          notification.destroy(key);
          // A failed download has shown the server's message.
          void downloadJob(e.id).catch(() => undefined);
        }}
      >
        {t('exports.download')}
      </Button>
    ),
  });
}

/** Says what the event's kind says of it, if anything. */
export function tellRealtimeEvent(deps: NoticeDeps, e: RealtimeEvent, mine: boolean): void {
  const { message, notification, t } = deps;
  switch (REALTIME_AUDIENCES[e.kind].toast) {
    case RealtimeToast.MINE:
      if (mine && !e.created) {
        void message.info(t('shell.realtime.changed', { kind: t(`shell.realtime.kind.${e.kind}`), id: e.id, status: t(realtimeStatusKey(e.kind, e.status)) }));
      }
      return;
    case RealtimeToast.EXPORT:
      exportEnded(deps, e);
      return;
    case RealtimeToast.ANNOUNCEMENT:
      // Its author knows.
      if (!mine) notification.info({ key: `announcement-${e.id}`, message: t('shell.realtime.announcement'), description: t('shell.realtime.announcementHint') });
      return;
  }
}
