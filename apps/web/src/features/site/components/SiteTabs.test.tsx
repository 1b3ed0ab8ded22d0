import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SiteTabs } from './SiteTabs.tsx';

const TABS = [
  { key: 'home', label: 'Home' },
  { key: 'about', label: 'About Us' },
  { key: 'privacy', label: 'PrivacyPolicy' },
  { key: 'terms', label: 'Loan Terms And Conditions' },
] as const;

function Harness() {
  const [selected, setSelected] = useState<(typeof TABS)[number]['key']>('home');
  return <SiteTabs tabs={TABS} selected={selected} onSelect={setSelected} hrefFor={(key) => `/?tab=${key}`} label="Site" />;
}

const selectedTab = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('SiteTabs', () => {
  it('is a tablist of links to each tab, the selected one the only Tab stop', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Site' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Home', 'About Us', 'PrivacyPolicy', 'Loan Terms And Conditions']);
    expect(tabs.map((t) => t.tagName)).toEqual(['A', 'A', 'A', 'A']);
    expect(tabs[1]!.getAttribute('href')).toBe('/?tab=about');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(tabs[0]!.getAttribute('aria-controls')).toBe('site-panel-home');
  });

  it('moves and selects with the arrow keys, wrapping, and jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Home' }));
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()?.textContent).toBe('About Us');
    expect(document.activeElement).toBe(selectedTab());
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTab()?.textContent).toBe('Loan Terms And Conditions');
    expect(document.activeElement).toBe(selectedTab());
    await user.keyboard('{Home}');
    expect(selectedTab()?.textContent).toBe('Home');
    await user.keyboard('{End}');
    expect(selectedTab()?.textContent).toBe('Loan Terms And Conditions');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, -1, 0]);
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'PrivacyPolicy' }));
    expect(selectedTab()?.textContent).toBe('PrivacyPolicy');
  });
});
