/** Domain messages of the developer area (issue 4), English; the other five files carry the same keys. */
const messages = {
  // Open API authentication errors (docs/open-api.md)
  'error.openApiMissingHeader': 'Missing header {{header}}',
  'error.openApiInvalidHeader': 'Invalid value of header {{header}}',
  'error.openApiStaleTimestamp': 'X-Timestamp must be within {{tolerance}} seconds of the server time (now {{serverTime}})',
  'error.openApiUnknownKey': 'Unknown API key for this merchant',
  'error.openApiKeyRevoked': 'This API key has been revoked',
  'error.openApiKeyExpired': 'This API key has expired (it was rolled and its grace period is over)',
  'error.openApiBadSignature': 'The signature does not match the request',
  'error.openApiNonceReused': 'This nonce has already been used',
  'error.openApiIpNotAllowed': 'The address {{ip}} is not in the IP whitelist',
  'error.openApiLiveKeyNeedsWhitelist': 'Live keys need an IP whitelist; with an empty whitelist only sandbox keys may call',
  'error.openApiIdempotencyKeyMissing': 'POST requests need an Idempotency-Key header',
  'error.openApiIdempotencyKeyReused': 'This Idempotency-Key was already used for a different request',
  'error.openApiIdempotencyInProgress': 'A request with this Idempotency-Key is still being processed',
  // Developer parameters
  'developer.googleCodeRequired': 'Enter the Google verification code to continue',
  'developer.keyLimit': 'At most {{max}} active API keys',
  'developer.keyNotActive': 'This API key is revoked or expired',
  'developer.keyAlreadyRolled': 'This key has already been rolled; roll its replacement instead',
  'developer.urlInvalid': 'Enter an http:// or https:// address',
  'developer.urlTooLong': 'The address may have at most {{max}} characters',
  'developer.ipInvalid': '"{{value}}" is not an IPv4 or IPv6 address or CIDR block',
  'developer.ipTooMany': 'At most {{max}} entries',
  // Fee rules
  'fees.platformOnly': 'Only platform staff may change fee rules',
  'fees.channelMismatch': 'Channel {{channel}} does not offer this payment type in {{currency}}',
  'fees.amountInvalid': 'Enter a valid amount in {{currency}}',
  // Field labels
  'field.ipWhitelist': 'IP whitelist',
  'field.collectionCallbackUrl': 'Collection callback address',
  'field.payoutCallbackUrl': 'Payout callback address',
  'field.rateBps': 'Rate (basis points)',
  'field.fixedFee': 'Fixed fee',
  'field.minFee': 'Minimum fee',
  // Security history
  'audit.action.api_key_created': 'API key created',
  'audit.action.api_key_rolled': 'API key rolled',
  'audit.action.api_key_revoked': 'API key revoked',
  'audit.action.callback_urls_changed': 'Callback addresses changed',
  'audit.action.ip_whitelist_changed': 'IP whitelist changed',
  'audit.action.webhook_secret_revealed': 'Webhook secret revealed',
  'audit.action.webhook_secret_rolled': 'Webhook secret rolled',
  'audit.action.fee_rule_changed': 'Fee rule changed',
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
