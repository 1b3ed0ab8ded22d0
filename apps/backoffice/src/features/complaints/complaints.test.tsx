import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffComplaint } from '@cashloan/contract/staff/complaints';
import { renderBackOffice, sessionOf, expectFieldMessage } from '../../test-support/staff-harness.tsx';

const item = {
  id: 41, borrowerId: 9, borrowerName: 'Ben Cruz', mobilePhone: '09171234567', orderNo: 'ORD-1', type: 'Repayment', sonType: 'Wrong amount',
  excerpt: 'I paid twice', createdAt: '2025-03-03T01:00:00Z', repliedAt: null, ticketNo: 'CMP-20250303-0001', reviewDueAt: '2025-03-06T01:00:00Z', pastReview: true,
};
const complaint: StaffComplaint = { ...item, content: 'I paid twice for the same bill.', images: ['/uploads/c1.png'], disposeDetail: '', disposeImages: [], isNeedScore: 0, score: null, orderId: 5 };

describe('complaints', () => {
  it('lists the waiting complaints oldest first, and filters by status and age', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/complaints', sessionOf(['agent']), { 'GET /complaints': [{ items: [item], total: 1 }] });
    expect(await screen.findByRole('link', { name: 'Open #41' })).toHaveAttribute('href', '/complaints/41');
    expect(screen.getByText('Past review')).toBeInTheDocument();
    expect(screen.getByText('2025-03-06 09:00')).toBeInTheDocument();
    expect(Object.fromEntries(requests.find((r) => r.path === '/complaints')!.query)).toEqual({ status: 'waiting', page: '1', pageSize: '20' });
    await user.type(screen.getByLabelText('Filed at least (days ago)'), '3');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/complaints').at(-1)!.query.get('minAgeDays')).toBe('3'));
  });

  it("shows the borrower's complaint and images, and sends the reply with the rating asked", async () => {
    const user = userEvent.setup();
    const replied = { ...complaint, repliedAt: '2025-03-04T02:00:00Z', disposeDetail: 'We refunded the second payment.', isNeedScore: 1 };
    const { requests } = renderBackOffice('/complaints/41', sessionOf(['agent']), {
      'GET /complaints/41': [complaint, replied],
      'GET /complaints': [{ items: [], total: 0 }],
      'POST /complaints/41/reply': [replied],
    });
    await screen.findByText('I paid twice for the same bill.');
    expect(screen.getByRole('img', { name: "Borrower's image 1 of 1" })).toHaveAttribute('src', '/uploads/c1.png');
    expect(screen.getByRole('link', { name: 'Ben Cruz' })).toHaveAttribute('href', '/borrowers/9');
    expect(screen.getByRole('link', { name: 'ORD-1' })).toHaveAttribute('href', '/orders/5');
    expect(screen.getByText('CMP-20250303-0001')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expectFieldMessage('disposeDetail or disposeImages is required');
    await user.type(screen.getByLabelText('Reply to the borrower'), 'We refunded the second payment.');
    await user.click(screen.getByRole('checkbox', { name: 'Ask the borrower to rate the answer' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('sent-reply')).toHaveTextContent('We refunded the second payment.');
    expect(requests.find((r) => r.path === '/complaints/41/reply')).toMatchObject({
      body: { disposeDetail: 'We refunded the second payment.', disposeImages: [], isNeedScore: 1 },
      csrf: 'csrf-1',
    });
  });

  it('uploads a chosen image at once and sends its URL with the reply; refuses other file types', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const replied = { ...complaint, repliedAt: '2025-03-04T02:00:00Z', disposeImages: ['/uploads/r1.png'] };
    const { requests, container } = renderBackOffice('/complaints/41', sessionOf(['agent']), {
      'GET /complaints/41': [complaint, replied],
      'GET /complaints': [{ items: [], total: 0 }],
      'POST /uploads/image': [{ url: '/uploads/r1.png' }],
      'POST /complaints/41/reply': [replied],
    });
    await screen.findByText('I paid twice for the same bill.');
    // antd's Upload puts a new file input in after each choice.
    const input = () => container.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input(), new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('notes.pdf is not a JPEG, PNG, WebP or GIF image.')).toBeInTheDocument();
    await user.upload(input(), new File(['png'], 'receipt.png', { type: 'image/png' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/uploads/image')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(requests.find((r) => r.path === '/complaints/41/reply')?.body).toEqual({ disposeDetail: '', disposeImages: ['/uploads/r1.png'], isNeedScore: 0 }));
    expect(await screen.findByRole('img', { name: 'Reply image 1 of 1' })).toBeInTheDocument();
  });
});
