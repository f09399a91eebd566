/** Screen strings of features/payments (English); the other five files carry the same keys (checked by type). */
const messages = {
};
export type Messages = Record<keyof typeof messages, string>;
export default messages;
