/**
 * Beneficial ownership through the chain (issue 14): a person holding 40 % of a company that holds 50 % of the
 * applicant owns 20 % of it; holdings along several paths add up. Anyone reaching BENEFICIAL_OWNER_THRESHOLD_PERCENT
 * is a beneficial owner, whose identity documents are required. A chain that loops back is no ownership (and is
 * reported by the completeness check).
 */
import type { ApplicationData } from './sections';
import { APPLICANT_KEY, BENEFICIAL_OWNER_THRESHOLD_PERCENT } from './vocabulary';

export interface OwnershipShare {
  key: string;
  /** Effective share of the applicant, in percent (not rounded). */
  percent: number;
  beneficial: boolean;
}

/** The effective share of the applicant each corporate shareholder holds, and the keys caught in a loop. */
export function corporateShares(data: ApplicationData): { shares: Map<string, number>; loops: Set<string> } {
  const corp = new Map((data.corporateShareholder?.shareholders ?? []).map((c) => [c.key, c]));
  const shares = new Map<string, number>();
  const loops = new Set<string>();
  const visit = (k: string, path: Set<string>): number => {
    if (k === APPLICANT_KEY) return 1;
    const known = shares.get(k);
    if (known !== undefined) return known;
    const c = corp.get(k);
    if (!c?.holding) return 0;
    if (path.has(k)) {
      for (const p of path) loops.add(p);
      return 0;
    }
    path.add(k);
    const v = (c.holding.percent / 100) * visit(c.holding.of, path);
    path.delete(k);
    shares.set(k, v);
    return v;
  };
  for (const k of corp.keys()) visit(k, new Set());
  for (const k of loops) shares.set(k, 0);
  return { shares, loops };
}

/** Each person's effective share of the applicant (beneficialOwner section), in the order entered. */
export function beneficialOwnership(data: ApplicationData): OwnershipShare[] {
  const { shares } = corporateShares(data);
  return (data.beneficialOwner?.owners ?? []).map((o) => {
    const fraction = (o.holdings ?? []).reduce((sum, h) => sum + (h.percent / 100) * (h.of === APPLICANT_KEY ? 1 : (shares.get(h.of) ?? 0)), 0);
    const percent = Math.round(fraction * 1e6) / 1e4;
    return { key: o.key, percent, beneficial: percent >= BENEFICIAL_OWNER_THRESHOLD_PERCENT };
  });
}

/** Percent held in each owned entity (applicant or corporate key) by everyone entered: over 100 is an error. */
export function heldPercentByEntity(data: ApplicationData): Map<string, number> {
  const held = new Map<string, number>();
  const add = (of: string, p: number) => held.set(of, (held.get(of) ?? 0) + p);
  for (const c of data.corporateShareholder?.shareholders ?? []) if (c.holding) add(c.holding.of, c.holding.percent);
  for (const o of data.beneficialOwner?.owners ?? []) for (const h of o.holdings ?? []) add(h.of, h.percent);
  return held;
}
