/**
 * While a modal dialog or drawer is open, the page behind it is inert: out of the accessibility tree and out of
 * reach of Tab and of a screen reader's virtual cursor (WCAG 1.3.1 / 2.4.3; ARIA's modal dialog pattern). antd marks
 * its dialogs `aria-modal="true"` and traps Tab inside, but Chromium still exposes everything behind them, so a
 * screen reader reads the list under the payout form as if it were part of it.
 *
 * antd renders every dialog, drawer and confirmation into its own container appended to <body>, beside the app's
 * root, so the root is what becomes inert. rc-dialog gives focus back to the button that opened a dialog while the
 * dialog is still shown (the root still inert, so the focus call does nothing): when the root becomes live again
 * with the focus lost, it goes back to the element of the root that had it last.
 */

/** Shown: no ancestor hides it (antd hides a closed dialog's or drawer's wrapper with `display: none`). */
function isShown(el: Element): boolean {
  if (typeof (el as HTMLElement).checkVisibility === 'function') return (el as HTMLElement).checkVisibility();
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

/** Is a modal dialog shown in one of <body>'s other containers? */
function modalOpen(root: Element): boolean {
  for (const container of Array.from(document.body.children)) {
    if (container === root || container.contains(root)) continue;
    for (const dialog of Array.from(container.querySelectorAll('[aria-modal="true"]'))) if (isShown(dialog)) return true;
  }
  return false;
}

/** Watches <body> for modal dialogs and keeps `root` inert while one is shown; answers the function that stops it. */
export function keepBackgroundInert(root: HTMLElement): () => void {
  let lastFocus: HTMLElement | null = null;
  const remember = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement) lastFocus = e.target;
  };
  root.addEventListener('focusin', remember);

  const update = () => {
    const open = modalOpen(root);
    if (open === root.hasAttribute('inert')) return;
    if (open) {
      root.setAttribute('inert', '');
      return;
    }
    root.removeAttribute('inert');
    const focus = document.activeElement;
    if ((!focus || focus === document.body || !focus.isConnected) && lastFocus?.isConnected) lastFocus.focus({ preventScroll: true });
  };

  // Dialog containers come and go as <body>'s children; within each, a dialog opens and closes by its wrapper's
  // style and class. Only those containers are watched in depth, not the app's own tree.
  const inner = new MutationObserver(update);
  const watched = new WeakSet<Element>();
  const watchContainers = () => {
    for (const container of Array.from(document.body.children)) {
      if (container === root || container.contains(root) || watched.has(container)) continue;
      watched.add(container);
      inner.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['style', 'class', 'hidden', 'aria-modal'] });
    }
  };
  const outer = new MutationObserver(() => {
    watchContainers();
    update();
  });
  outer.observe(document.body, { childList: true });
  watchContainers();
  update();

  return () => {
    outer.disconnect();
    inner.disconnect();
    root.removeEventListener('focusin', remember);
    root.removeAttribute('inert');
  };
}
