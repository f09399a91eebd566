/**
 * Issue 40 "Accessibility", the document-wide fixes main.tsx installs: the page behind an open dialog is inert, and
 * antd Selects of required fields carry aria-required on their input only, and a tab bar's overflow button is not
 * inside its tab list for assistive technology. (That the focus comes back to the opener
 * through an inert root is checked in Chromium, e2e/tests/accessibility.test.ts: jsdom does not implement inert.)
 */
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider, Drawer, Form, Modal, Select, Tabs } from 'antd';
import { keepBackgroundInert } from '../src/components/dialogBackground';
import { keepAntdAriaValid } from '../src/components/antdAria';

let root: HTMLElement;
let stop: (() => void)[] = [];
beforeEach(() => {
  root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
});
afterEach(() => {
  stop.forEach((s) => s());
  stop = [];
  root.remove();
});

function Opener({ kind }: { kind: 'modal' | 'drawer' }) {
  const [open, setOpen] = useState(false);
  const Dialog = kind === 'modal' ? Modal : Drawer;
  // No motion: jsdom never ends antd's leave animation, after which a browser hides the closed dialog.
  return (
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Button onClick={() => setOpen(true)} data-testid="open">
        open
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onCancel={() => setOpen(false)} title="dialog" footer={null}>
        <Button onClick={() => setOpen(false)} data-testid="close">
          close
        </Button>
      </Dialog>
    </ConfigProvider>
  );
}

describe('the page behind an open dialog', () => {
  for (const kind of ['modal', 'drawer'] as const) {
    it(`is inert while a ${kind} is open, and live again once it is closed`, async () => {
      stop.push(keepBackgroundInert(root));
      render(<Opener kind={kind} />, { container: root });
      expect(root.hasAttribute('inert')).toBe(false);

      fireEvent.click(screen.getByTestId('open'));
      await screen.findByTestId('close');
      // the dialog lives beside the root, not in it, so it stays reachable
      expect(root.contains(screen.getByTestId('close'))).toBe(false);
      await waitFor(() => expect(root.hasAttribute('inert')).toBe(true));

      fireEvent.click(screen.getByTestId('close'));
      await waitFor(() => expect(root.hasAttribute('inert')).toBe(false));
    });
  }

  it('lets the root go when the watch stops', () => {
    const end = keepBackgroundInert(root);
    root.setAttribute('inert', '');
    end();
    expect(root.hasAttribute('inert')).toBe(false);
  });
});

describe('a required antd Select', () => {
  it('is announced as required by its input, and its root carries no aria-required (axe aria-allowed-attr)', async () => {
    stop.push(keepAntdAriaValid(document.body));
    render(
      <Form>
        <Form.Item name="bank" label="Bank" rules={[{ required: true }]}>
          <Select data-testid="bank" options={[{ value: 'a', label: 'A' }]} />
        </Form.Item>
      </Form>,
      { container: root },
    );
    const select = screen.getByTestId('bank');
    await waitFor(() => expect(select.hasAttribute('aria-required')).toBe(false));
    expect(screen.getByRole('combobox').getAttribute('aria-required')).toBe('true');
  });

  it('also when the attribute comes later (a field that becomes required)', async () => {
    stop.push(keepAntdAriaValid(document.body));
    function Toggle() {
      const [required, setRequired] = useState(false);
      return (
        <Form>
          <Button onClick={() => setRequired(true)} data-testid="require">
            require
          </Button>
          <Form.Item name="bank" label="Bank" rules={[{ required }]}>
            <Select data-testid="bank" options={[{ value: 'a', label: 'A' }]} />
          </Form.Item>
        </Form>
      );
    }
    render(<Toggle />, { container: root });
    expect(screen.getByRole('combobox').hasAttribute('aria-required')).toBe(false);
    fireEvent.click(screen.getByTestId('require'));
    await waitFor(() => expect(screen.getByRole('combobox').getAttribute('aria-required')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('bank').hasAttribute('aria-required')).toBe(false));
  });
});

describe("a tab bar's overflow button", () => {
  it('is not in the tab list for assistive technology or the Tab key (axe aria-required-children)', async () => {
    stop.push(keepAntdAriaValid(document.body));
    render(<Tabs items={Array.from({ length: 12 }, (_, i) => ({ key: String(i), label: `Tab ${i}` }))} />, { container: root });
    const more = root.querySelector('[role="tablist"] .ant-tabs-nav-more');
    expect(more).not.toBeNull();
    await waitFor(() => expect(more!.getAttribute('aria-hidden')).toBe('true'));
    expect(more!.getAttribute('tabindex')).toBe('-1');
    // the tabs themselves stay
    expect(screen.getAllByRole('tab').length).toBe(12);
  });
});
