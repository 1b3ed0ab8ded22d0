import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComplaintOrder, ProblemInit } from '@cashloan/contract/complaints';
import { fakeServer, ok, renderPage } from '../test-support.tsx';

const toast = vi.hoisted(() => ({ showToast: vi.fn(), showSuccess: vi.fn(), showFailure: vi.fn(), showInfo: vi.fn(), showLoading: vi.fn() }));
vi.mock('../../../shared/ui/toast.ts', () => toast);
const { default: ComplaintStartPage, CHOOSE_ORDER_MESSAGE } = await import('./ComplaintStartPage.tsx');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const order = (orderNo: string, isShow: number, productName = 'PesoNow Cash'): ComplaintOrder => ({
  orderNo,
  productLogo: '/logos/pesonow-cash.svg',
  productName,
  status: isShow ? 180 : 170,
  isShow,
  list: [{ title: 'Order No.', value: orderNo }],
});
const INIT: ProblemInit = {
  problemType: [
    { value: '1', title: 'Collection' },
    { value: '3', title: 'Repayment' },
  ],
  problemSonType: [
    { value: '11', title: 'Rude or threatening language' },
    { value: '12', title: 'Calls or messages to my contacts' },
  ],
  orderDetail: null,
  orderList: [order('PN-OVERDUE', 1, 'PesoNow Plus'), order('PN-REPAYING', 0), order('PN-OLD', 0, 'PesoNow Salary Loan')],
};
const INIT_PATH = '/h5api/user-problem/problem-init';
const where = () => screen.getByTestId('location').textContent ?? '';

describe('complaint start', () => {
  it('sends the carried orderId and preselects that order', async () => {
    const requests = fakeServer({ [INIT_PATH]: [ok({ ...INIT, orderDetail: INIT.orderList[1] })] });
    renderPage(ComplaintStartPage, '/complainPage?orderId=41');
    expect(await screen.findByRole('radio', { name: /PesoNow Cash/ })).toHaveProperty('checked', true);
    expect(requests[0]!.form.get('orderId')).toBe('41');
    expect(document.title).toBe('Complaint');
    expect(screen.getByRole('link', { name: 'My complaints' }).getAttribute('href')).toMatch(/^\/complaintList\?.*sessionId=s-1/);
  });

  it("refuses collection on an order whose isShow is not 1 with the spec's message, and asks for an order when none is chosen", async () => {
    fakeServer({ [INIT_PATH]: [ok(INIT)] });
    renderPage(ComplaintStartPage, '/complainPage');
    await userEvent.click(await screen.findByRole('button', { name: /Collection/ }));
    expect(toast.showToast).toHaveBeenLastCalledWith(CHOOSE_ORDER_MESSAGE);
    await userEvent.click(screen.getByRole('radio', { name: /PesoNow Cash/ }));
    await userEvent.click(screen.getByRole('button', { name: /Collection/ }));
    expect(toast.showToast).toHaveBeenLastCalledWith('El pedido seleccionado no admite el envío de tipo de colección.');
    expect(screen.queryByRole('button', { name: 'Rude or threatening language' })).toBeNull();
  });

  it('unfolds the collection sub-types for an eligible order and goes to step two with the three choices', async () => {
    fakeServer({ [INIT_PATH]: [ok(INIT)] });
    renderPage(ComplaintStartPage, '/complainPage');
    await userEvent.click(await screen.findByRole('radio', { name: /PesoNow Plus/ }));
    const collection = screen.getByRole('button', { name: /Collection/ });
    await userEvent.click(collection);
    expect(collection.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Calls or messages to my contacts' }));
    const url = new URL(where(), 'http://h5.test');
    expect(url.pathname).toBe('/complainPageNext');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ problemType: '1', problemSonType: '12', orderNo: 'PN-OVERDUE', sessionId: 's-1' });
  });

  it('goes straight to step two for another type, with or without an order', async () => {
    fakeServer({ [INIT_PATH]: [ok(INIT)] });
    renderPage(ComplaintStartPage, '/complainPage');
    await userEvent.click(await screen.findByRole('button', { name: /Repayment/ }));
    const url = new URL(where(), 'http://h5.test');
    expect(url.pathname).toBe('/complainPageNext');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ problemType: '3', problemSonType: '', orderNo: '' });
  });

  it("shows the first orders and unfolds the rest with 'All'", async () => {
    fakeServer({ [INIT_PATH]: [ok(INIT)] });
    renderPage(ComplaintStartPage, '/complainPage');
    await screen.findByRole('radio', { name: /PesoNow Plus/ });
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    const all = screen.getByRole('button', { name: 'All (3 orders)' });
    await userEvent.click(all);
    expect(screen.getAllByRole('radio')).toHaveLength(3);
    expect(all.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the failure and loads again on Retry', async () => {
    fakeServer({ [INIT_PATH]: [{ code: '401', message: 'Your session has expired. Please log in again.', data: null }, ok(INIT)] });
    renderPage(ComplaintStartPage, '/complainPage');
    expect((await screen.findByRole('alert')).textContent).toContain('Your session has expired. Please log in again.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /PesoNow Plus/ })).toBeTruthy();
  });
});
