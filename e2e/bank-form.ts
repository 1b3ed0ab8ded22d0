/** The bank screen's pickers (/candidateWhile), as a borrower works them: the bind-bank and release specs share them. */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The button that opens a picker, named by its title and what it shows. */
export const picker = (page: Page, title: string): Locator => page.getByRole('button', { name: new RegExp(`^${title.replace(/[()/]/g, '\\$&')} `) });

/** Opens a picker, marks the option and confirms. */
export async function choose(page: Page, title: string, option: string) {
  await picker(page, title).tap();
  const sheet = page.getByRole('dialog', { name: title });
  await sheet.getByRole('radio', { name: option, exact: true }).check();
  await sheet.getByRole('button', { name: 'Confirm' }).tap();
  await expect(sheet).toHaveCount(0);
  await expect(picker(page, title)).toContainText(option);
}
