/**
 * Two ARIA faults of antd components that no prop avoids, corrected where every instance passes through: the
 * document. Each rule takes an attribute off (or hides) what antd draws, as soon as it appears; what a person sees
 * and clicks is unchanged.
 *
 * - A required field's Select: Form.Item marks its control `aria-required="true"`, and an antd Select hands that to
 *   its search input (role="combobox", where it belongs) and to its root <div>, which has no role that takes it (axe
 *   `aria-allowed-attr`, critical). rc-select gives both the same attributes. The root's copy is removed; the input
 *   keeps it, so the field is still announced as required.
 * - A tab bar's overflow button ("…", shown when the tabs do not fit): rc-tabs draws it inside the bar's
 *   role="tablist", which may own only tabs (axe `aria-required-children`, critical; react-component/tabs#1013). It
 *   is hidden from assistive technology and the Tab key: its menu only repeats the tabs, and every tab is reached with
 *   the arrow keys in the tab list, which scrolls it into view. A mouse still opens the menu.
 */
const SELECT_ROOT = '.ant-select[aria-required]';
const TABS_MORE = '[role="tablist"] .ant-tabs-nav-more:not([aria-hidden])';

function fix(node: Node): void {
  if (!(node instanceof Element)) return;
  const selects = node.matches(SELECT_ROOT) ? [node] : Array.from(node.querySelectorAll(SELECT_ROOT));
  for (const el of selects) el.removeAttribute('aria-required');
  const more = node.matches(TABS_MORE) ? [node] : Array.from(node.querySelectorAll(TABS_MORE));
  for (const el of more) {
    el.setAttribute('aria-hidden', 'true');
    el.setAttribute('tabindex', '-1');
  }
}

/** Keeps the rules above under `scope` (give <body>: dialogs live beside the app's root); answers the stop. */
export function keepAntdAriaValid(scope: HTMLElement): () => void {
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes') fix(r.target);
      else r.addedNodes.forEach(fix);
    }
  });
  observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-required', 'aria-hidden'] });
  fix(scope);
  return () => observer.disconnect();
}
