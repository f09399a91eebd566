/** Permission codes of the callbacks area. */
export const CALLBACKS_PERM = { CALLBACK_RESEND: 'callbacks:resend' } as const;
