/** Domain messages of the callbacks area (issue 4), English; the other five files carry the same keys. */
const messages = {
  'audit.action.callback_resent': 'Callback resent',
  'callback.error.invalidUrl': 'Not a valid http(s) address: {{detail}}',
  'callback.error.blockedAddress':
    'Refused: the address is not public ({{detail}}). Private and loopback targets are only allowed with ALLOW_PRIVATE_CALLBACKS=true.',
  'callback.error.dnsFailed': 'The host name could not be resolved: {{detail}}',
  'callback.error.timeout': 'No answer within the time limit: {{detail}}',
  'callback.error.connectionFailed': 'The connection failed: {{detail}}',
  'callback.error.signingFailed': 'The callback could not be signed (the webhook secret is unreadable), nothing was sent: {{detail}}',
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
