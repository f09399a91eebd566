/** Exports of the lists (spec §9 "large exports sent by e-mail"). */

export const ExportStatus = { QUEUED: 'queued', RUNNING: 'running', DONE: 'done', FAILED: 'failed' } as const;
export type ExportStatusValue = (typeof ExportStatus)[keyof typeof ExportStatus];
/** Above this many rows an export runs as a job and is e-mailed as a download link (spec §9). */
export const EXPORT_SYNC_MAX_ROWS = 100_000;
/** Rows read per keyset page while exporting. */
export const EXPORT_BATCH_ROWS = 1_000;
/** Download links of finished export jobs stay valid this long. */
export const EXPORT_LINK_TTL_HOURS = 72;
