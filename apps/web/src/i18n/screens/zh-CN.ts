import type { ScreenMessages } from './en-US';

const messages: ScreenMessages = {
  'screens.placeholder': '屏幕',
};
export default messages;
