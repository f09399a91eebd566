import type { ScreenMessages } from './en-US';

const messages: ScreenMessages = {
  'screens.placeholder': 'หน้าจอ',
};
export default messages;
