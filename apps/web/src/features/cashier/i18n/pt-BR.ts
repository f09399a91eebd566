import type { Messages } from './en-US';

const messages: Messages = {
};
export default messages;
