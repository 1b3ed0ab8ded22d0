import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RecommendedProduct } from '@cashloan/contract/order-details';
import { RecommendationList } from './RecommendationList.tsx';

const product = (productId: number, enable: number, tags: string[]): RecommendedProduct => ({
  productId,
  logo: `/logos/${productId}.svg`,
  name: `Product ${productId}`,
  enable,
  buttonText: enable ? 'Apply now' : 'Loan in progress',
  range: '₱1,000 - ₱5,000',
  rangeDesc: 'Loan amount',
  rate: 'Daily interest 0.10%',
  description: `About product ${productId}`,
  tags,
});

describe('the recommended products', () => {
  const products = [product(1, 1, ['Fast', 'No collateral']), product(2, 0, ['Higher amount']), product(3, 1, ['Hidden tag'])];

  it('shows every field, and tags on the first two products only', () => {
    render(<RecommendationList products={products} onOpen={() => undefined} label="Recommended products" />);
    const cards = within(screen.getByRole('list', { name: 'Recommended products' })).getAllByRole('listitem').filter((li) => li.querySelector('h3'));
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Product 1' })).toBeTruthy();
    for (const text of ['₱1,000 - ₱5,000', 'Loan amount', 'Daily interest 0.10%', 'About product 1', 'Fast', 'No collateral']) {
      expect(first.getByText(text)).toBeTruthy();
    }
    expect(within(cards[1]!).getByText('Higher amount')).toBeTruthy();
    expect(within(cards[2]!).queryByText('Hidden tag')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Product 3 highlights' })).toBeNull();
  });

  it('opens an enabled product with its position, and keeps a disabled one grey and inert', async () => {
    const onOpen = vi.fn();
    render(<RecommendationList products={products} onOpen={onOpen} label="Recommended products" />);
    const disabled = screen.getByRole('button', { name: 'Loan in progress: Product 2' }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    await userEvent.click(disabled);
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply now: Product 3' }));
    expect(onOpen).toHaveBeenCalledWith(products[2], 2);
  });

  it('shows server text as text, never as markup', () => {
    render(<RecommendationList products={[{ ...product(4, 1, []), name: '<b>bold</b>' }]} onOpen={() => undefined} label="Recommended products" />);
    expect(screen.getByRole('heading', { name: '<b>bold</b>' })).toBeTruthy();
  });
});
