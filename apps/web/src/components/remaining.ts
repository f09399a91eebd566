/** Time left until a deadline, ticking once a second: the cashier's expiry and a crypto address's cooling period. */
import { useEffect, useState } from 'react';

const TICK_MS = 1_000;
const SECOND_MS = 1_000;
const MINUTE_S = 60;
const HOUR_S = 3_600;
const DAY_S = 86_400;

/** `HH:MM:SS` left of `ms`; with whole days in front when there are any. */
export function splitRemaining(ms: number): { days: number; time: string } {
  const total = Math.max(0, Math.floor(ms / SECOND_MS));
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = Math.floor(total / DAY_S);
  const h = Math.floor((total % DAY_S) / HOUR_S);
  const m = Math.floor((total % HOUR_S) / MINUTE_S);
  const s = total % MINUTE_S;
  return { days, time: `${pad(h)}:${pad(m)}:${pad(s)}` };
}

/** The current time, updated once a second while `active`. */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [active]);
  return now;
}
