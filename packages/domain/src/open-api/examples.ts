/**
 * Long file: the example programs of the open API, kept as data (one line per string, so no escaping games) because
 * docs/open-api.md and the dashboard's developer documentation both show them: the documentation fills in the
 * signed-in merchant's id and key, the markdown the demo key; a server test keeps the markdown's blocks equal to
 * these with the demo values.
 */

/** What an example is filled with. */
export interface OpenApiExampleValues {
  base: string;
  merchantId: string;
  keyId: string;
  keySecret: string;
}

function fill(lines: readonly string[], v: OpenApiExampleValues): string {
  return lines
    .join('\n')
    .replaceAll('{{BASE}}', v.base)
    .replaceAll('{{MERCHANT_ID}}', v.merchantId)
    .replaceAll('{{KEY_ID}}', v.keyId)
    .replaceAll('{{KEY_SECRET}}', v.keySecret);
}

const CURL = [
  "BASE={{BASE}}",
  "MERCHANT_ID={{MERCHANT_ID}}",
  "KEY_ID={{KEY_ID}}",
  "KEY_SECRET={{KEY_SECRET}}",
  "",
  "# open_api METHOD PATH_WITH_QUERY [JSON_BODY]: signs the request and sends it.",
  "open_api() {",
  "  local method=$1 path=$2 body=${3-}",
  "  local ts nonce body_hash signature",
  "  ts=$(date +%s)",
  "  nonce=$(openssl rand -hex 16)",
  "  body_hash=$(printf '%s' \"$body\" | openssl dgst -sha256 -hex | sed 's/^.* //')",
  "  signature=$(printf '%s\\n%s\\n%s\\n%s\\n%s' \"$method\" \"$path\" \"$ts\" \"$nonce\" \"$body_hash\" \\",
  "    | openssl dgst -sha256 -hmac \"$KEY_SECRET\" -hex | sed 's/^.* //')",
  "  local args=(-sS -X \"$method\" \"$BASE$path\"",
  "    -H \"X-Merchant-Id: $MERCHANT_ID\" -H \"X-Key-Id: $KEY_ID\"",
  "    -H \"X-Timestamp: $ts\" -H \"X-Nonce: $nonce\" -H \"X-Signature: $signature\")",
  "  if [ -n \"$body\" ]; then args+=(-H 'Content-Type: application/json' --data-binary \"$body\"); fi",
  "  if [ \"$method\" = POST ]; then args+=(-H \"Idempotency-Key: ${IDEMPOTENCY_KEY:-$(openssl rand -hex 16)}\"); fi",
  "  curl \"${args[@]}\"",
  "  echo",
  "}",
  "",
  "ORDER=ORDER-$(date +%s)",
  "",
  "# 1. Create a collection (IDR 150 000 by BCA virtual account); note \"id\" and \"cashierUrl\" in the answer.",
  "open_api POST /api/open/v1/collections \\",
  "  \"{\\\"merchantOrderId\\\":\\\"$ORDER\\\",\\\"amount\\\":\\\"150000\\\",\\\"currency\\\":\\\"IDR\\\",\\\"paymentType\\\":1,\\\"channel\\\":1,\\\"payerName\\\":\\\"Budi\\\"}\"",
  "",
  "# 2. Read it back by your order id, and take its platform id.",
  "open_api GET \"/api/open/v1/collections?merchantOrderId=$ORDER\"",
  "ID=$(open_api GET \"/api/open/v1/collections?merchantOrderId=$ORDER\" | sed 's/.*\"result\":{\"id\":\"\\([^\"]*\\)\".*/\\1/')",
  "",
  "# 3. Pay it in the sandbox (or open the cashierUrl in a browser and press Pay).",
  "open_api POST \"/api/open/v1/sandbox/collections/$ID/pay\" '{}'",
  "",
  "# 4. The pending balance grew by the amount minus the fee.",
  "open_api GET '/api/open/v1/balance?currency=IDR'",
  "",
  "# 5. Refund part of it.",
  "open_api POST /api/open/v1/refunds \\",
  "  \"{\\\"collectionId\\\":\\\"$ID\\\",\\\"amount\\\":\\\"50000\\\",\\\"refundWay\\\":\\\"original\\\",\\\"reason\\\":\\\"Customer changed mind\\\"}\"",
  "",
  "# 6. Settle now (sandbox) instead of waiting for T+1, then pending has moved to available.",
  "open_api POST /api/open/v1/sandbox/settlements/run '{}'",
  "open_api GET '/api/open/v1/balance?currency=IDR'",
  "",
  "# 7. A payment link to share.",
  "open_api POST /api/open/v1/payment-links '{\"amount\":\"250000\",\"currency\":\"IDR\",\"description\":\"Invoice 7\",\"expiryHours\":48}'",
] as const;

const NODE = [
  "// open-api-demo.mjs - run with: node open-api-demo.mjs",
  "import { createHash, createHmac, randomUUID } from 'node:crypto';",
  "",
  "const BASE = process.env.BASE ?? '{{BASE}}';",
  "const MERCHANT_ID = '{{MERCHANT_ID}}';",
  "const KEY_ID = '{{KEY_ID}}';",
  "const KEY_SECRET = '{{KEY_SECRET}}';",
  "",
  "/** Signs and sends one call; answers `result`, throws with the error envelope's code and fields otherwise. */",
  "async function openApi(method, pathWithQuery, body, idempotencyKey = randomUUID()) {",
  "  const raw = body === undefined ? '' : JSON.stringify(body); // serialise once: these exact bytes are signed and sent",
  "  const timestamp = String(Math.floor(Date.now() / 1000));",
  "  const nonce = randomUUID();",
  "  const bodyHash = createHash('sha256').update(raw).digest('hex');",
  "  const signature = createHmac('sha256', KEY_SECRET)",
  "    .update([method, pathWithQuery, timestamp, nonce, bodyHash].join('\\n'))",
  "    .digest('hex');",
  "  const headers = {",
  "    'X-Merchant-Id': MERCHANT_ID,",
  "    'X-Key-Id': KEY_ID,",
  "    'X-Timestamp': timestamp,",
  "    'X-Nonce': nonce,",
  "    'X-Signature': signature,",
  "  };",
  "  if (raw) headers['Content-Type'] = 'application/json';",
  "  if (method === 'POST') headers['Idempotency-Key'] = idempotencyKey;",
  "  const res = await fetch(BASE + pathWithQuery, { method, headers, body: raw || undefined });",
  "  const answer = await res.json();",
  "  if (!answer.success) {",
  "    throw Object.assign(new Error(`${res.status} ${answer.errorCode}: ${answer.message}`), { answer });",
  "  }",
  "  return answer.result;",
  "}",
  "",
  "const order = await openApi('POST', '/api/open/v1/collections', {",
  "  merchantOrderId: `ORDER-${Date.now()}`,",
  "  amount: '150000',",
  "  currency: 'IDR',",
  "  paymentType: 1,",
  "  payerEmail: 'budi@example.com',",
  "});",
  "console.log('created', order.id, order.status, 'pay at', order.cashierUrl);",
  "",
  "const paid = await openApi('POST', `/api/open/v1/sandbox/collections/${order.id}/pay`, {});",
  "console.log('paid', paid.status, paid.paidAt, 'fee', paid.fee.total);",
  "",
  "const refund = await openApi('POST', '/api/open/v1/refunds', {",
  "  collectionId: order.id,",
  "  amount: '50000',",
  "  refundWay: 'original',",
  "  reason: 'Customer changed mind',",
  "});",
  "console.log('refund', refund.id, refund.refundType, refund.status);",
  "",
  "console.log('settled', await openApi('POST', '/api/open/v1/sandbox/settlements/run', {}));",
  "console.log('balance', (await openApi('GET', '/api/open/v1/balance?currency=IDR')).balances);",
  "",
  "try {",
  "  await openApi('POST', '/api/open/v1/collections', { merchantOrderId: order.merchantOrderId, amount: '1.5', currency: 'IDR', paymentType: 1 });",
  "} catch (e) {",
  "  console.log('as expected:', e.message, e.answer.errors?.map((f) => f.field));",
  "}",
] as const;

const VERIFY_WEBHOOK = [
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  "",
  "/** Throws unless the callback is authentic and fresh; answers the parsed body. `rawBody`: the bytes as received. */",
  "export function verifyWebhook(secret, headers, rawBody, toleranceS = 300) {",
  "  const id = headers['webhook-id'];",
  "  const ts = headers['webhook-timestamp'];",
  "  const signatures = headers['webhook-signature'];",
  "  if (!id || !ts || !signatures) throw new Error('missing webhook headers');",
  "  if (Math.abs(Date.now() / 1000 - Number(ts)) > toleranceS) throw new Error('stale webhook');",
  "  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');",
  "  const expected = createHmac('sha256', key).update(`${id}.${ts}.${rawBody}`).digest();",
  "  const ok = signatures.split(' ').some((s) => {",
  "    const [version, sig] = s.split(',');",
  "    const given = Buffer.from(sig ?? '', 'base64');",
  "    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);",
  "  });",
  "  if (!ok) throw new Error('bad webhook signature');",
  "  return JSON.parse(rawBody);",
  "}",
  "",
  "// e.g. with node:http: collect the body as a string first, then",
  "// const event = verifyWebhook(process.env.WEBHOOK_SECRET, req.headers, body);",
] as const;

export const OPEN_API_EXAMPLES = {
  /** bash + curl + openssl: create, read, pay in the sandbox, refund, settle, a payment link. */
  curl: (v: OpenApiExampleValues) => fill(CURL, v),
  /** Node 18+ with node:crypto and fetch: the same journey, and a refused request. */
  node: (v: OpenApiExampleValues) => fill(NODE, v),
  /** Verifying a callback's Standard Webhooks signature in Node. */
  verifyWebhook: () => VERIFY_WEBHOOK.join('\n'),
} as const;

/** What the dashboard's examples show where a value is not known to it (a secret is never shown again). */
export const OPEN_API_EXAMPLE_PLACEHOLDER = { KEY_ID: 'YOUR_KEY_ID', KEY_SECRET: 'YOUR_KEY_SECRET' } as const;
