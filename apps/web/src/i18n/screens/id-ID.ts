import type { ScreenMessages } from './en-US';

const messages: ScreenMessages = {
  'screens.placeholder': 'Layar',
};
export default messages;
