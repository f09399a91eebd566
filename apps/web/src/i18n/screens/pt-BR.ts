import type { ScreenMessages } from './en-US';

const messages: ScreenMessages = {
  'screens.placeholder': 'Telas',
};
export default messages;
