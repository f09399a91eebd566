/** One part of the translation resources of one language, merged at build time (build/messages-plugin.ts). */
declare module 'virtual:messages/*' {
  const messages: Record<string, string>;
  export default messages;
}
