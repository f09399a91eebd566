export { request, api, download, saveBlob, configureApi, currentApiBase, setApiNotifier, currentApiNotifier, sessionFields, sessionHeaders, resetApiForTests } from './client';
export { callApi, type CallInput } from './call';
export type { HttpMethod, RequestOptions, ResponseType, Envelope, ApiContext } from './client';
export { ApiError, isApiError } from './errors';
export { createAntdNotifier, type ApiNotifier, type ReloginDialog } from './notifier';
