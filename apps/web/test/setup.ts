import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Pages are lazy chunks (with antd's <App> in another: app/AntdScope.tsx), transformed on first import: under a
// loaded suite that took over the default 1 s, and with a worker per core the first page of a file took over 5 s
// once. findBy* and waitFor still answer as soon as the page is there.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia; antd's responsive observers and the layout breakpoint need one. Wide by default.
let viewportWidth = 1280;
export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (min && viewportWidth < Number(min[1])) return false;
  if (max && viewportWidth > Number(max[1])) return false;
  return true;
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    get matches() {
      return matches(query);
    },
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }),
});

// antd's Select virtual list and others measure elements.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// The shell opens the realtime socket (app/shell/useRealtime.ts); no server answers here, so a socket that never opens
// stands in for jsdom's, which would try the network. realtime.test.ts drives the connection with its own fakes.
class SilentWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: unknown = null;
  onmessage: unknown = null;
  onerror: unknown = null;
  onclose: unknown = null;
  constructor(readonly url: string) {
    super();
  }
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
Object.defineProperty(window, 'WebSocket', { writable: true, value: SilentWebSocket });
Object.defineProperty(globalThis, 'WebSocket', { writable: true, value: SilentWebSocket });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
