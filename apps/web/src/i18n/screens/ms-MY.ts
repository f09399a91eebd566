import type { ScreenMessages } from './en-US';

const messages: ScreenMessages = {
  'screens.placeholder': 'Skrin',
};
export default messages;
