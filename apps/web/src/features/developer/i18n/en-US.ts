/** Screen strings of features/developer (English); the other five files carry the same keys (checked by type). */
const messages = {
  'screens.developer.loadFailed': 'The developer parameters could not be loaded.',
  'screens.developer.totpOn':
    'Google Authenticator is on: creating, rolling and revoking keys and revealing the webhook secret ask for a six-digit code.',
  'screens.developer.noSections': 'Your role may not change any developer parameter.',
  'screens.developer.codeHint': 'Enter the six-digit code shown in Google Authenticator to confirm.',
  'screens.developer.codeLabel': 'Google Authenticator code',
  'screens.developer.copy': 'Copy',
  'screens.developer.copied': 'Copied',
  'screens.developer.copyFailed': 'Could not copy; please select the text and copy it by hand',
  'screens.developer.keysTitle': 'API keys',
  'screens.developer.keysHint':
    'Keys sign the requests of your integration to the open API. Sandbox keys only take test payments. At most {{max}} active keys.',
  'screens.developer.noKeys': 'No API keys yet',
  'screens.developer.createKey': 'Create key',
  'screens.developer.create': 'Create',
  'screens.developer.keyId': 'Key ID',
  'screens.developer.keyName': 'Name',
  'screens.developer.keyNameRequired': 'Please give the key a name',
  'screens.developer.mode': 'Mode',
  'screens.developer.modeHint':
    'Sandbox keys take test payments only; live keys move real money and need an IP whitelist.',
  'screens.developer.mode.sandbox': 'Sandbox',
  'screens.developer.mode.live': 'Live',
  'screens.developer.secret': 'Secret',
  'screens.developer.status': 'Status',
  'screens.developer.keyState.active': 'Active',
  'screens.developer.keyState.rolled': 'Rolled, still valid',
  'screens.developer.keyState.expired': 'Expired',
  'screens.developer.keyState.revoked': 'Revoked',
  'screens.developer.expiresAt': 'Stops working at',
  'screens.developer.lastUsedAt': 'Last used',
  'screens.developer.neverUsed': 'Never',
  'screens.developer.createdTitle': 'Key created',
  'screens.developer.rolledTitle': 'Key rolled',
  'screens.developer.secretOnce':
    'Copy the secret now and keep it somewhere safe: it will not be shown again.',
  'screens.developer.secretSaved': 'I have stored the secret',
  'screens.developer.oldKeyUntil':
    'The old key keeps working until {{time}}; switch your integration to the new key before then.',
  'screens.developer.roll': 'Roll',
  'screens.developer.rollConfirmTitle': 'Roll the key "{{name}}"?',
  'screens.developer.rollConfirm':
    'A new key with a new secret replaces it. The old key keeps working for {{hours}} hours, then stops.',
  'screens.developer.revoke': 'Revoke',
  'screens.developer.revokeConfirmTitle': 'Revoke the key "{{name}}"?',
  'screens.developer.revokeConfirm':
    'Requests signed with this key are refused at once. This cannot be undone.',
  'screens.developer.revoked': 'The key has been revoked',
  'screens.developer.callbacksTitle': 'Callback addresses',
  'screens.developer.callbacksHint':
    'Where we send signed notifications when an order changes status. An address given with an order takes precedence.',
  'screens.developer.collectionCallbackUrl': 'Collection callback URL',
  'screens.developer.payoutCallbackUrl': 'Payout callback URL',
  'screens.developer.urlInvalid': 'Please enter an address starting with http:// or https://',
  'screens.developer.urlTooLong': 'At most {{max}} characters',
  'screens.developer.whitelistTitle': 'IP whitelist',
  'screens.developer.whitelistHint':
    'Open API calls are accepted only from these addresses: IPv4 or IPv6, single addresses or CIDR ranges such as 203.0.113.0/24. At most {{max}} entries.',
  'screens.developer.whitelistEmpty': 'The whitelist is empty: only sandbox keys can call the open API.',
  'screens.developer.ipEntry': 'Entry {{n}}',
  'screens.developer.ipAdd': 'Add address',
  'screens.developer.ipRemove': 'Remove address',
  'screens.developer.ipRequired': 'Enter an address or remove the line',
  'screens.developer.ipInvalid':
    'Not an IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32)',
  'screens.developer.ipDuplicate': 'This address is already in the list',
  'screens.developer.webhookTitle': 'Webhook secret',
  'screens.developer.webhookHint':
    'Callbacks carry a webhook-signature header computed with this secret (Standard Webhooks). Verify it before trusting a callback.',
  'screens.developer.secretSet': 'Set',
  'screens.developer.secretNotSet': 'Not set yet',
  'screens.developer.reveal': 'Reveal',
  'screens.developer.revealSecret': 'Reveal the webhook secret',
  'screens.developer.hide': 'Hide',
  'screens.developer.rollSecretTitle': 'Roll the webhook secret?',
  'screens.developer.rollSecretConfirm':
    'Callbacks are signed with the new secret at once; update your verification before or right after.',
  'screens.developer.createSecretTitle': 'Create the webhook secret?',
  'screens.developer.createSecretConfirm': 'Callbacks will be signed with it from now on.',
  'screens.developer.secretRolled': 'The new webhook secret is in use',
  'screens.developer.signTitle': 'How to sign requests',
  'screens.developer.merchantId': 'Merchant ID',
  'screens.developer.signIntro':
    'Every open API request carries these headers; POST requests also carry an idempotency key:',
  'screens.developer.signCanonical':
    'The signature is the lowercase hex HMAC-SHA256, with the key secret, of these five lines joined by line breaks:',
  'screens.developer.signWebhooks':
    'The timestamp is in Unix seconds and may differ from our clock by at most five minutes; a nonce may not be reused. The full reference, with examples, is in the API documentation.',
  'screens.developer.docsLink': 'Open the API documentation',
};
export type Messages = Record<keyof typeof messages, string>;
export default messages;
