import { act, useEffect, useState, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input.ts';

/** A ticked box and a choice of two, controlled, saying what they hold. */
function Choices() {
  const [agreed, setAgreed] = useState(true);
  const [plan, setPlan] = useState('');
  return (
    <>
      <input type="checkbox" aria-label="I agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
      {['weekly', 'monthly'].map((name) => (
        <input key={name} type="radio" name="plan" aria-label={name} value={name} checked={plan === name} onChange={() => setPlan(name)} />
      ))}
      <output>{`${agreed ? 'agreed' : 'not agreed'} ${plan || 'no plan'}`}</output>
    </>
  );
}

/** A controlled field that groups its digits in fours, and says what it holds. */
function AccountField() {
  const [value, setValue] = useState('');
  return (
    <>
      <input aria-label="Account number" value={value} onChange={(e) => setValue(e.target.value.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 '))} />
      <output>{value === '' ? 'empty' : value}</output>
    </>
  );
}

/** A list of payment methods, controlled, saying which is chosen; its button says which it asked for. */
function MethodList() {
  const [method, setMethod] = useState('gcash');
  const [asked, setAsked] = useState('nothing');
  return (
    <>
      <select aria-label="Payment method" value={method} onChange={(e) => setMethod(e.target.value)}>
        <option value="gcash">GCash</option>
        <option value="bank">Bank</option>
      </select>
      <output>{method}</output>
      <button onClick={() => setAsked(method)}>Get the pay code</button>
      <p>{`asked for ${asked}`}</p>
    </>
  );
}

/** A photo field that says which photo it holds. */
function PhotoField() {
  const [name, setName] = useState('no photo');
  return (
    <>
      <input type="file" aria-label="Take a photo" onChange={(e) => setName(e.target.files?.[0]?.name ?? 'no photo')} />
      <output>{name}</output>
    </>
  );
}

/** `page` as the server sent it, in #root; what the borrower did before the code ran goes in `before`. */
function serverRendered(page: ReactElement, before: (root: HTMLElement) => void): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(page);
  document.body.append(root);
  before(root);
  return root;
}

/** The code has come: React hydrates `page` over the server's markup. */
const hydrate = (root: HTMLElement, page: ReactElement) =>
  act(async () => {
    hydrateRoot(root, page);
  });

afterEach(() => {
  document.body.replaceChildren();
  delete window.__takeEarlyInput;
});

describe('replayEarlyInput', () => {
  it('hands text typed into a server-rendered field before hydration to the page, through its own handler', async () => {
    // Typed while the code was on its way: the field holds it, nothing else knows.
    const root = serverRendered(<AccountField />, (r) => (r.querySelector('input')!.value = '1234567890'));
    window.__takeEarlyInput = () => [];
    await hydrate(root, <AccountField />);
    expect(root.querySelector('output')!.textContent).toBe('empty');

    await act(async () => replayEarlyInput());

    expect(root.querySelector('output')!.textContent).toBe('1234 5678 90');
    expect(root.querySelector('input')!.value).toBe('1234 5678 90');
  });

  it('hands a box unticked and a radio chosen before hydration to the page, through its own handlers', async () => {
    // Tapped while the code was on its way: the browser changed the fields, nothing else knows.
    const root = serverRendered(<Choices />, (r) => {
      const [box, , monthly] = [...r.querySelectorAll('input')];
      box!.checked = false;
      monthly!.checked = true;
    });
    const [box, weekly, monthly] = [...root.querySelectorAll('input')];
    window.__takeEarlyInput = () => [];
    await hydrate(root, <Choices />);
    expect(root.querySelector('output')!.textContent).toBe('agreed no plan');

    await act(async () => replayEarlyInput());

    expect(root.querySelector('output')!.textContent).toBe('not agreed monthly');
    expect([box!.checked, weekly!.checked, monthly!.checked]).toEqual([false, false, true]);
  });

  it('hands an option chosen in a list before hydration to the page, and a kept tap after it reads that choice', async () => {
    const root = serverRendered(<MethodList />, (r) => (r.querySelector('select')!.value = 'bank'));
    window.__takeEarlyInput = () => [{ target: root.querySelector('button')! }];
    let replayed: Promise<void> | undefined;
    // As the app calls it: from an effect once the page is hydrated, where React defers the
    // re-render a handed-over choice asks for until its effects are done.
    function Replayed() {
      useEffect(() => {
        replayed = replayEarlyInput();
      }, []);
      return null;
    }
    await hydrate(
      root,
      <>
        <MethodList />
        <Replayed />
      </>,
    );
    await act(async () => replayed);

    expect(root.querySelector('output')!.textContent).toBe('bank');
    expect(root.querySelector('select')!.value).toBe('bank');
    expect(root.querySelector('p')!.textContent).toBe('asked for bank');
  });

  it('hands a photo chosen before hydration to the page, through its own handler', async () => {
    // jsdom cannot pick a file: the field holds one as the browser's picker leaves it.
    const photo = new File(['x'], 'id-card.png', { type: 'image/png' });
    const root = serverRendered(<PhotoField />, (r) => Object.defineProperty(r.querySelector('input')!, 'files', { value: [photo] }));
    window.__takeEarlyInput = () => [];
    await hydrate(root, <PhotoField />);
    expect(root.querySelector('output')!.textContent).toBe('no photo');

    await act(async () => replayEarlyInput());

    expect(root.querySelector('output')!.textContent).toBe('id-card.png');
  });

  it('acts on what was kept, in order: clicks a control, presses a key on a widget, submits a form; a control no longer on the page is dropped', async () => {
    const done: string[] = [];
    const first = document.createElement('button');
    first.onclick = () => done.push('first');
    const second = document.createElement('div');
    second.setAttribute('role', 'checkbox');
    second.onclick = () => done.push('second');
    const form = document.createElement('form');
    form.onsubmit = (event) => {
      event.preventDefault();
      done.push('form');
    };
    const tab = document.createElement('button');
    tab.setAttribute('role', 'tab');
    tab.onkeydown = (event) => done.push(`tab ${event.key}`);
    const gone = document.createElement('button');
    gone.onclick = () => done.push('gone');
    document.body.append(first, second, form, tab);
    const take = vi.fn(() => [{ target: second }, { target: gone }, { target: tab, key: 'ArrowRight' }, { target: first }, { target: tab, key: 'Home' }, { target: form }]);
    window.__takeEarlyInput = take;

    await replayEarlyInput();

    expect(done).toEqual(['second', 'tab ArrowRight', 'first', 'tab Home', 'form']);
    expect(take).toHaveBeenCalledTimes(1);
    // Taken once: a later call (another page's effect) finds nothing to replay.
    expect(window.__takeEarlyInput).toBeUndefined();
    await replayEarlyInput();
    expect(done).toHaveLength(5);
  });
});
