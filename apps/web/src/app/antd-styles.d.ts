/** The URL of each brand's antd stylesheet, written by the build (build/antd-styles-plugin.ts); empty in dev and tests. */
declare module 'virtual:antd-styles' {
  const urls: Readonly<Record<string, string>>;
  export default urls;
}
