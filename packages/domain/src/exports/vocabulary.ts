/** Exports of the lists (spec §9 "large exports sent by e-mail"). */

export const ExportStatus = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type ExportStatusValue = (typeof ExportStatus)[keyof typeof ExportStatus];
/** Above this many rows an export runs as a job and is e-mailed as a download link (spec §9). */
export const EXPORT_SYNC_MAX_ROWS = 100_000;
/** Rows read per keyset page while exporting. */
export const EXPORT_BATCH_ROWS = 1_000;
/**
 * Heap of the child process that writes an export job: it allocates fast and keeps little, so a small heap is
 * collected early instead of growing the server's memory by the size of its garbage.
 */
export const EXPORT_JOB_HEAP_MB = 128;
/**
 * Scheduling priority (Unix nice, 0-19) of an export job's process: it yields the CPU to the server's requests
 * (the list calls of the other users of the instance) and takes what they leave.
 */
export const EXPORT_JOB_NICE = 10;
/**
 * A running job whose instance said nothing for this long was lost with it (a server stopped mid-export takes its
 * export process along): it is failed, saying so in its language, so its user is not left waiting and can ask again.
 */
export const EXPORT_STALE_AFTER_MS = 5 * 60_000;
/** Download links of finished export jobs stay valid this long. */
export const EXPORT_LINK_TTL_HOURS = 72;
/** Query parameter of the dashboard link e-mailed for a finished job: the dashboard downloads it with the session. */
export const EXPORT_TOKEN_PARAM = 'exportToken';
/** Where the API serves an export's file (a signed-in user of its merchant only). */
export const EXPORT_DOWNLOAD_PATH = '/exports/download';
