import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeServer, ok, renderPage } from '../../shared/test-support/page-harness.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../shared/ui/toast.ts', () => toast);
const { default: CustomerServicePage } = await import('./CustomerServicePage.tsx');

const CONTACT_PATH = '/h5api/v3/personal-center/contact-kf-info';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('customer service', () => {
  it('links to My data with the page parameters, and the link opens /myData', async () => {
    fakeServer({ [CONTACT_PATH]: [ok({ smWa: '639171234567', email: 'help@pesonow.example' })] });
    renderPage(CustomerServicePage, '/beSeats?orderId=7&productId=3');
    await screen.findByText('help@pesonow.example');
    const link = screen.getByRole('link', { name: 'My data' }) as HTMLAnchorElement;
    expect(link.getAttribute('aria-describedby')).toBe('my-data-hint');
    const url = new URL(link.href);
    expect(url.pathname).toBe('/myData');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ orderId: '7', productId: '3', userId: 'U1', deviceId: 'd-1' });
    await userEvent.click(link);
    expect((await screen.findByTestId('location')).textContent).toMatch(/^\/myData\?/);
  });

  it('keeps the link when the contact details could not load', async () => {
    fakeServer({ [CONTACT_PATH]: [fail(500, 'Something went wrong on our side. Please try again.')] });
    renderPage(CustomerServicePage, '/beSeats');
    await screen.findByRole('alert');
    expect(new URL((screen.getByRole('link', { name: 'My data' }) as HTMLAnchorElement).href).pathname).toBe('/myData');
  });
});
