import { describe, expect, it, vi } from 'vitest';
import { useState, type ReactNode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { AlertDialog } from './AlertDialog.tsx';
import { Modal, type ModalProps } from './Modal.tsx';

/** A page in #root (the element Modal makes inert) with a button that opens the dialog. */
function Page({ children, onClose, ...props }: Omit<ModalProps, 'open' | 'labelledBy' | 'children'> & { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} labelledBy="t" describedBy="d" {...props} onClose={onClose && close}>
        <h2 id="t">Title</h2>
        <p id="d">What to know first.</p>
        {children ?? (
          <>
            <button type="button">First</button>
            <button type="button" onClick={() => setOpen(false)}>
              Last
            </button>
          </>
        )}
      </Modal>
    </>
  );
}

function renderPage(ui: ReactNode) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  const view = render(ui, { container: root });
  return { root, view, open: () => userEvent.click(screen.getByRole('button', { name: 'Open' })) };
}

describe('Modal', () => {
  it('is a labelled, described modal dialog portalled to body, and the panel takes focus on open', async () => {
    const { root, open } = renderPage(<Page />);
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Title', description: 'What to know first.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(root.contains(dialog)).toBe(false);
    expect(document.activeElement).toBe(dialog);
  });

  it('focuses initialFocus instead when given', async () => {
    const { open } = renderPage(<Page initialFocus={() => screen.getByRole('button', { name: 'Last' })} />);
    await open();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last' }));
  });

  it('keeps Tab and Shift+Tab inside, wrapping at both ends', async () => {
    const user = userEvent.setup();
    const { open } = renderPage(<Page />);
    await open();
    const first = screen.getByRole('button', { name: 'First' });
    const last = screen.getByRole('button', { name: 'Last' });
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab();
    expect(document.activeElement).toBe(last);
    await user.tab();
    expect(document.activeElement).toBe(first);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
    // From the panel itself, Shift+Tab goes to the last control.
    screen.getByRole('dialog').focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(last);
  });

  it('counts a radio group as one Tab stop, its checked radio', async () => {
    const user = userEvent.setup();
    const { open } = renderPage(
      <Page>
        <button type="button">Cancel</button>
        <label>
          <input type="radio" name="g" /> A
        </label>
        <label>
          <input type="radio" name="g" defaultChecked /> B
        </label>
      </Page>,
    );
    await open();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'B' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('with onClose, Escape and a tap on the backdrop close it; a tap inside does not', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    const { open } = renderPage(<Page onClose={onClose} />);
    await open();
    await user.click(screen.getByText('What to know first.'));
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();

    await open();
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without onClose, neither Escape nor the backdrop closes it', async () => {
    const user = userEvent.setup();
    const { open } = renderPage(<Page />);
    await open();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('makes #root inert and locks the body scroll while open, then gives focus back to the opener', async () => {
    const { root, open } = renderPage(<Page />);
    document.body.style.overflow = 'auto';
    await open();
    expect(root.hasAttribute('inert')).toBe(true);
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(root.hasAttribute('inert')).toBe(false);
    expect(document.body.style.overflow).toBe('auto');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
    document.body.style.overflow = '';
  });

  it('gives focus back to a button that lost it by being disabled while its call ran (the call opened the dialog)', async () => {
    function Busy() {
      const [busy, setBusy] = useState(false);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" disabled={busy} onClick={() => setBusy(true)}>
            Confirm repayment
          </button>
          <button
            type="button"
            onClick={() => {
              setBusy(false);
              setOpen(true);
            }}
          >
            Answer
          </button>
          <Modal open={open} labelledBy="t">
            <h2 id="t">Code</h2>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </Modal>
        </>
      );
    }
    renderPage(<Busy />);
    const confirm = screen.getByRole('button', { name: 'Confirm repayment' });
    confirm.focus();
    await userEvent.keyboard('{Enter}');
    expect(confirm).toHaveProperty('disabled', true);
    // What Chrome does to a focused button that turns disabled (jsdom does not): it blurs it, and
    // <body> is the active element when the call's answer opens the dialog.
    confirm.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    const active = vi.spyOn(document, 'activeElement', 'get').mockReturnValue(document.body);
    act(() => screen.getByRole('button', { name: 'Answer' }).click());
    active.mockRestore();
    expect(screen.getByRole('dialog', { name: 'Code' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(confirm);
  });

  it('over another dialog: the lower one is inert and ignores Escape until the upper one closes', async () => {
    const lowerClose = vi.fn();
    function Stacked() {
      const [upper, setUpper] = useState(false);
      return (
        <Modal open labelledBy="lower" onClose={lowerClose}>
          <h2 id="lower">Lower</h2>
          <button type="button" onClick={() => setUpper(true)}>
            More
          </button>
          <Modal open={upper} labelledBy="upper" onClose={() => setUpper(false)}>
            <h2 id="upper">Upper</h2>
          </Modal>
        </Modal>
      );
    }
    const user = userEvent.setup();
    renderPage(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'More' }));
    const lowerLayer = screen.getByRole('dialog', { name: 'Lower' }).parentElement!;
    expect(lowerLayer.hasAttribute('inert')).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Upper' })).toBeNull();
    expect(lowerClose).not.toHaveBeenCalled();
    expect(lowerLayer.hasAttribute('inert')).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'More' }));
  });

  it('in place: the server renders it open, hydration keeps its very nodes, and its siblings (not #root) turn inert until it closes', async () => {
    function OnLoad() {
      const [open, setOpen] = useState(true);
      return (
        <main>
          <p>The offer</p>
          <button type="button">Confirm the loan</button>
          <Modal open={open} labelledBy="promo" inPlace onClose={() => setOpen(false)}>
            <p id="promo">Your loan offer</p>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </Modal>
        </main>
      );
    }
    const html = renderToString(<OnLoad />);
    expect(html).toMatch(/role="dialog" aria-modal="true" aria-labelledby="promo"/);
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = html;
    document.body.appendChild(root);
    const close = within(root).getByRole('button', { name: 'Close' });
    let app!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      app = hydrateRoot(root, <OnLoad />);
    });
    // The server's button, now with its handler: a tap kept before the code ran reaches it.
    expect(within(root).getByRole('button', { name: 'Close' })).toBe(close);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(within(root).getByText('The offer').hasAttribute('inert')).toBe(true);
    expect(within(root).getByText('Confirm the loan').hasAttribute('inert')).toBe(true);
    expect(document.activeElement).toBe(within(root).getByRole('dialog', { name: 'Your loan offer' }));
    await userEvent.click(close);
    expect(within(root).queryByRole('dialog')).toBeNull();
    expect(within(root).getByText('The offer').hasAttribute('inert')).toBe(false);
    act(() => app.unmount());
    root.remove();
  });
});

describe('AlertDialog', () => {
  it('shows the title and text as the name and description, with the actions in order', async () => {
    const ok = vi.fn();
    render(<AlertDialog open title="Kind tips" text="<b>Repay</b> today." actions={[{ text: 'Later', onClick: vi.fn() }, { text: 'Got it', primary: true, onClick: ok }]} />);
    const dialog = screen.getByRole('dialog', { name: 'Kind tips', description: '<b>Repay</b> today.' });
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Later', 'Got it']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('while an async action runs, the buttons keep focus but take no second tap', async () => {
    let finish = () => {};
    const submit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const later = vi.fn();
    render(<AlertDialog open title="Rate us" actions={[{ text: 'Not now', onClick: later }, { text: 'Submit', primary: true, onClick: submit }]} />);
    const button = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(button);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(later).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Not now' }));
    finish();
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBeNull());
  });
});
