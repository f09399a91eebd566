/** Domain messages of the developer area (issue 4), English; the other five files carry the same keys. */
const messages = {
} satisfies Record<string, string>;
export type Messages = Record<keyof typeof messages, string>;
export default messages;
