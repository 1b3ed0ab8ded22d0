/**
 * The collection templates (issue 38): every template for those who send them; an admin creates or
 * edits one, the placeholders listed under the body, and a body the server refuses says why under the form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectFieldMessage, fail, renderBackOffice, sessionOf } from '../../test-support/staff-harness.tsx';
import { templatesAnswer } from './test-fixtures.ts';

describe('the collection templates', () => {
  it("shows the admin the server's refusal of a body under the form, then saves a template checked clean", async () => {
    const user = userEvent.setup();
    const saved = { id: 9, name: 'Call us', market: 'IN' as const, lang: 'hi' as const, body: 'कृपया {agentName} को {agentPhone} पर कॉल करें।', active: true, updatedBy: 'Ana Reyes', updatedAt: '2026-11-29T02:00:00Z' };
    const { requests } = renderBackOffice('/collection-templates', sessionOf(['admin']), {
      'GET /collections/templates': [templatesAnswer, { ...templatesAnswer, templates: [...templatesAnswer.templates, saved] }],
      'POST /collections/templates': [fail(400, 'The body uses a word that shames the borrower: "deadbeat".'), saved],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection templates' })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Agent notice' })).closest('tr')!;
    expect(within(row).getByText('India')).toBeInTheDocument();
    expect(within(row).getByText('Hindi')).toBeInTheDocument();
    expect(within(row).getByText('Inactive')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-02 10:00')).toBeInTheDocument();
    const form = within(screen.getByRole('heading', { level: 2, name: 'New template' }).closest('.ant-card') as HTMLElement);
    for (const p of templatesAnswer.placeholders) expect(form.getByText(`{${p}}`)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Create template' }));
    await expectFieldMessage('Enter a name.', form);
    await user.type(form.getByLabelText('Name'), 'Call us');
    await user.click(form.getByLabelText('Market'));
    await user.click(await screen.findByTitle('India'));
    await user.click(form.getByLabelText('Language'));
    await user.click(await screen.findByTitle('Hindi'));
    await user.type(form.getByLabelText('Body'), 'Pay now, deadbeat.');
    await user.click(form.getByRole('button', { name: 'Create template' }));
    expect(await form.findByRole('alert')).toHaveTextContent('The body uses a word that shames the borrower: "deadbeat".');
    await user.clear(form.getByLabelText('Body'));
    await user.type(form.getByLabelText('Body'), 'कृपया {{agentName} को {{agentPhone} पर कॉल करें।');
    await user.click(form.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Template Call us saved.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/collections/templates' && r.method === 'POST').map((r) => r.body)).toEqual([
      { name: 'Call us', market: 'IN', lang: 'hi', body: 'Pay now, deadbeat.', active: true },
      { name: 'Call us', market: 'IN', lang: 'hi', body: 'कृपया {agentName} को {agentPhone} पर कॉल करें।', active: true },
    ]);
    const added = (await screen.findByRole('cell', { name: 'Call us' })).closest('tr')!;
    expect(within(added).getByText('Hindi')).toBeInTheDocument();
  });

  it('edits a template with its id, the switch turning it off', async () => {
    const user = userEvent.setup();
    const { requests } = renderBackOffice('/collection-templates', sessionOf(['admin']), {
      'GET /collections/templates': [templatesAnswer],
      'POST /collections/templates': [{ ...templatesAnswer.templates[0]!, active: false }],
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Friendly reminder' }));
    const form = within(screen.getByRole('heading', { level: 2, name: 'Edit Friendly reminder' }).closest('.ant-card') as HTMLElement);
    expect(form.getByLabelText('Name')).toHaveValue('Friendly reminder');
    await user.click(form.getByRole('switch', { name: 'Active (collectors may send it)' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ id: 3, name: 'Friendly reminder', market: 'PH', lang: 'en', body: templatesAnswer.templates[0]!.body, active: false }));
  });

  it('shows a collector the templates read only', async () => {
    renderBackOffice('/collection-templates', sessionOf(['collector']), { 'GET /collections/templates': [templatesAnswer] });
    expect(await screen.findByRole('cell', { name: 'Friendly reminder' })).toBeInTheDocument();
    expect(screen.getByText(/Only an admin can change them\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
