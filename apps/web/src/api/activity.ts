/**
 * When the person at this page last did something in it (issue 39): a click, a key, a touch, the wheel, or the page's
 * load. The API client marks every call made later than USER_ACTIVITY_WINDOW_MS after that as background
 * (BACKGROUND_REQUEST_HEADER), so polling, reloads after realtime events and session probes never keep an idle session
 * alive, whichever screen made them. Pointer moves do not count: the browser reports them when the page moves under
 * a resting mouse.
 */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let lastInput: number | undefined;

function install(): number {
  const loaded = typeof performance !== 'undefined' && performance.timeOrigin > 0 ? Math.floor(performance.timeOrigin) : Date.now();
  if (typeof window !== 'undefined') {
    const seen = () => {
      lastInput = Date.now();
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, seen, { capture: true, passive: true });
  }
  return loaded;
}

/** Epoch ms of the person's last input in this page (its load before any). */
export function lastPersonInput(): number {
  lastInput ??= install();
  return lastInput;
}
