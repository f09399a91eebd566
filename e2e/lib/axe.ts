import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** What axe-core found on a page, one line per rule with the nodes it names (enough to find each in the DOM). */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/** The impacts the bar of issue 40 counts: none of these on any page checked. */
const BLOCKING = new Set(['critical', 'serious']);

/**
 * Runs axe-core (every rule of its default set: WCAG 2.0-2.2 A and AA, and best practice) in the page and answers
 * its critical and serious findings. axe's source is evaluated through the DevTools protocol rather than added as a
 * <script>: the app's strict CSP refuses inline scripts, and the page must be checked as it is served.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const a = (window as unknown as { axe: typeof axe }).axe;
    // A finished animation is what the person sees: antd's dialogs and dropdowns fade in over ~0.3 s, and a node
    // mid-fade has a contrast it never keeps. (An endless one, a spinner or the live dot, never finishes.)
    const ending = document.getAnimations().filter((x) => Number.isFinite(Number(x.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((x) => x.finished.catch(() => undefined)));
    const r = await a.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300) })),
    }));
  });
  return results.filter((f) => BLOCKING.has(f.impact));
}

/** The findings as lines a failing test prints: rule, impact, each node and why. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map((f) => `${f.rule} (${f.impact}, ${f.nodes.length}): ${f.help}\n${f.nodes.map((n) => `  ${n.target} — ${n.summary}`).join('\n')}`)
    .join('\n');
}
