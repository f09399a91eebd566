/** Screen strings of components/export (English); the other five files carry the same keys (checked by type). */
const messages = {
  'screens.exports.button': 'Export',
  'screens.exports.empty': 'No records match these filters; the file only has the header row.',
  'screens.exports.jobTitle': 'Exporting',
  'screens.exports.running': '{{rows}} rows: a large export is being prepared in the background.',
  'screens.exports.mailHint': 'When it is done the download link is e-mailed to you; you may close this window.',
  'screens.exports.ready': 'Export ready',
  'screens.exports.mailed': 'The download link was also sent to your e-mail.',
  'screens.exports.failed': 'The export failed. Please try again.',
  'screens.exports.download': 'Download',
  'screens.exports.close': 'Close',
};
export type Messages = Record<keyof typeof messages, string>;
export default messages;
