/**
 * The lender's collection templates: every template with its market, its language, whether collectors
 * may send it, its body and who changed it last. An admin creates or edits them (the server refuses a body with a
 * threat, an insult, a shaming word or an unknown placeholder, and names it); collectors and the lead
 * read them.
 */
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LANG_NAMES } from '@cashloan/contract/i18n';
import { saveTemplateCall, type CollectionTemplate } from '@cashloan/contract/staff/collections';
import { mayCall } from '../../shared/access.ts';
import { formatDateTime } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useTemplates } from './api.ts';
import { MARKET_TITLES } from './format.ts';
import { TableCaption } from './TableCaption.tsx';
import { TemplateForm } from './TemplateForm.tsx';

export function TemplatesPage() {
  const templates = useTemplates();
  const { data: session } = useSession();
  const mayEdit = !!session && mayCall(saveTemplateCall, session.staff.roles);
  // The template in the form: null for a new one.
  const [editing, setEditing] = useState<CollectionTemplate | null>(null);

  return (
    <>
      <PageTitle>Collection templates</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Collectors send a borrower only these texts, filled by the server for the order; free text is not possible.{' '}
        {mayEdit ? 'A body with a threat, an insult or a shaming word is refused.' : 'Only an admin can change them.'}
      </Typography.Paragraph>
      <QueryState query={templates}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Table<CollectionTemplate>
              rowKey="id"
              caption={<TableCaption>Templates</TableCaption>}
              dataSource={data.templates}
              pagination={false}
              locale={{ emptyText: <EmptyText>No template yet.</EmptyText> }}
              columns={[
                { title: 'Name', dataIndex: 'name' },
                { title: 'Market', dataIndex: 'market', render: (m: CollectionTemplate['market']) => MARKET_TITLES[m] },
                { title: 'Language', dataIndex: 'lang', render: (l: CollectionTemplate['lang']) => LANG_NAMES[l] },
                { title: 'Active', dataIndex: 'active', render: (active: boolean) => (active ? <Tag>Active</Tag> : <Tag>Inactive</Tag>) },
                { title: 'Body', dataIndex: 'body', render: (body: string) => <span style={{ display: 'inline-block', minWidth: 280, whiteSpace: 'pre-wrap' }}>{body}</span> },
                { title: 'Updated by', dataIndex: 'updatedBy' },
                { title: 'Updated', dataIndex: 'updatedAt', render: formatDateTime },
                ...(mayEdit
                  ? [
                      {
                        title: 'Edit',
                        key: 'edit',
                        render: (_: unknown, row: CollectionTemplate) => (
                          <Button aria-label={`Edit ${row.name}`} onClick={() => setEditing(row)}>
                            Edit
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {mayEdit && <TemplateForm key={editing?.id ?? 'new'} template={editing} placeholders={data.placeholders} onDone={() => setEditing(null)} />}
          </Space>
        )}
      </QueryState>
    </>
  );
}
