import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';

/** A page as the server sends it in a language: <html lang> and its texts as data (read once, at the first text). */
function pageIn(lang: string, texts: Record<string, string>) {
  document.documentElement.lang = lang;
  document.getElementById('texts')?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'texts';
  script.textContent = JSON.stringify({ routes: ['/allIt'], texts });
  document.head.append(script);
}

function Labelled({ label }: { label: string }) {
  return <dl aria-label={label} />;
}

describe('the JSX runtime shows each text in the page language', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.getElementById('texts')?.remove();
  });

  it("translates an element's text and its text attributes, and a component's text once it reaches an element", () => {
    pageIn('hi', { 'Loan amount': 'लोन राशि', Back: 'वापस', 'Loan details': 'लोन का विवरण' });
    render(
      <main>
        <p>Loan amount</p>
        <button type="button" aria-label="Back" />
        <Labelled label="Loan details" />
        <p>₱5,000.00</p>
      </main>,
    );
    expect(screen.getByText('लोन राशि')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'वापस' })).toBeTruthy();
    expect(screen.getByLabelText('लोन का विवरण')).toBeTruthy();
    expect(screen.getByText('₱5,000.00')).toBeTruthy();
  });

  it("takes a text that reads like an object's own name for a text, not a key", () => {
    pageIn('hi', { 'Loan amount': 'लोन राशि' });
    render(
      <ul>
        <li>__proto__</li>
        <li>constructor</li>
        <li>toString</li>
      </ul>,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['__proto__', 'constructor', 'toString']);
  });

  it('leaves English as written, and a text the catalogue lacks in English', () => {
    pageIn('hi', { 'Loan amount': 'लोन राशि' });
    render(<p>Repayment date</p>);
    expect(screen.getByText('Repayment date')).toBeTruthy();
    document.documentElement.lang = 'en';
    render(<p>Loan amount</p>);
    expect(screen.getByText('Loan amount')).toBeTruthy();
  });
});
