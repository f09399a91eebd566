/**
 * How the API client tells the user about failures. The default goes through antd's static `message`/`Modal`;
 * the app swaps in the context-aware instances of antd `<App>` (theme + locale), tests swap in a recorder.
 */
export interface ReloginDialog {
  title: string;
  content: string;
  okText: string;
  onOk: () => void;
}

export interface ApiNotifier {
  error(content: string, durationSeconds: number): void;
  reloginDialog(dialog: ReloginDialog): void;
}

export interface MessageLike {
  error(config: { content: string; duration: number; key?: string }): unknown;
}
export interface ModalLike {
  warning(config: { title: string; content: string; okText: string; onOk: () => void; keyboard?: boolean; maskClosable?: boolean; closable?: boolean }): unknown;
}

export function createAntdNotifier(message: MessageLike, modal: ModalLike): ApiNotifier {
  let dialogOpen = false;
  return {
    error(content, durationSeconds) {
      // Same text -> same key: a burst of identical failures shows one toast.
      message.error({ content, duration: durationSeconds, key: content });
    },
    reloginDialog({ title, content, okText, onOk }) {
      if (dialogOpen) return;
      dialogOpen = true;
      modal.warning({
        title,
        content,
        okText,
        keyboard: false,
        maskClosable: false,
        closable: false,
        onOk: () => {
          dialogOpen = false;
          onOk();
        },
      });
    },
  };
}
