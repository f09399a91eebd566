import { useCallback } from 'react';
import { App } from 'antd';

/** Copies a text to the clipboard and says how it went (`copied` / `failed` are the translated messages). */
export function useCopyToClipboard(copied: string, failed: string): (text: string) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        message.success(copied);
      } catch {
        message.error(failed);
      }
    },
    [message, copied, failed],
  );
}
