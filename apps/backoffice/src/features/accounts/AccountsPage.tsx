/** Staff accounts, for admins: create (temporary password shown once), roles, disable and enable, reset. */
import { Alert, App, Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { STAFF_ROLE_TITLES, STAFF_ROLES, type StaffRole } from '@cashloan/contract/staff/common';
import { createStaffCall, type StaffAccount } from '@cashloan/contract/staff/accounts';
import { formatDateTime } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useSession } from '../../shared/session.ts';
import { OnceSecret } from '../../shared/ui/OnceSecret.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useAccounts, useCreateAccount, useDisableAccount, useEnableAccount, useResetAccount, useSetRoles } from './api.ts';

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_TITLES[role] }));
const rolesText = (roles: readonly StaffRole[]) => roles.map((role) => STAFF_ROLE_TITLES[role]).join(', ');

/** A temporary password to show once, and for whom. */
interface Issued {
  account: StaffAccount;
  temporaryPassword: string;
}

export function AccountsPage() {
  const accounts = useAccounts();
  const { data: session } = useSession();
  const [creating, setCreating] = useState(false);
  const [editingRoles, setEditingRoles] = useState<StaffAccount | null>(null);
  const [resetting, setResetting] = useState<StaffAccount | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const disable = useDisableAccount();
  const enable = useEnableAccount();
  const { message } = App.useApp();

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => setCreating(true)}>
            New account
          </Button>
        }
      >
        Staff accounts
      </PageTitle>
      <QueryState query={accounts}>
        {(data) => (
          <Table<StaffAccount>
            rowKey="id"
            dataSource={data.items}
            pagination={false}
            scroll={{ x: 1000 }}
            columns={[
              { title: 'Email', dataIndex: 'email' },
              { title: 'Name', dataIndex: 'name' },
              { title: 'Roles', dataIndex: 'roles', render: rolesText },
              { title: 'Second factor', dataIndex: 'secondFactor', render: (on: boolean) => (on ? 'On' : 'Off') },
              {
                title: 'State',
                render: (_, a) => (
                  <Space size={4} wrap>
                    {a.disabled ? <Tag>Disabled</Tag> : 'Active'}
                    {a.mustChangePassword && <Tag>Temporary password</Tag>}
                  </Space>
                ),
              },
              { title: 'Last sign-in', dataIndex: 'lastSignInAt', render: (at: string | null) => formatDateTime(at) || 'Never' },
              {
                title: 'Actions',
                render: (_, a) => {
                  const self = a.id === session?.staff.id;
                  return (
                    <Space wrap size={4}>
                      <Button size="small" onClick={() => setEditingRoles(a)} aria-label={`Set roles of ${a.email}`}>
                        Roles
                      </Button>
                      {a.disabled ? (
                        <Button size="small" onClick={() => enable.mutate({ id: a.id }, { onSuccess: () => void message.success(`${a.email} is enabled.`) })} aria-label={`Enable ${a.email}`}>
                          Enable
                        </Button>
                      ) : (
                        <Popconfirm
                          title={`Disable ${a.email}?`}
                          description="Their sessions end at once."
                          okText="Disable"
                          cancelText="Cancel"
                          onConfirm={() => disable.mutate({ id: a.id }, { onSuccess: () => void message.success(`${a.email} is disabled.`) })}
                        >
                          <Button size="small" danger disabled={self} aria-label={`Disable ${a.email}`}>
                            Disable
                          </Button>
                        </Popconfirm>
                      )}
                      <Button size="small" onClick={() => setResetting(a)} aria-label={`Reset ${a.email}`}>
                        Reset
                      </Button>
                    </Space>
                  );
                },
              },
            ]}
          />
        )}
      </QueryState>
      {creating && (
        <CreateAccountDialog
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setIssued(answer);
          }}
        />
      )}
      {editingRoles && <RolesDialog account={editingRoles} onClose={() => setEditingRoles(null)} />}
      {resetting && (
        <ResetDialog
          account={resetting}
          onClose={() => setResetting(null)}
          onReset={(answer) => {
            setResetting(null);
            setIssued(answer);
          }}
        />
      )}
      <Modal
        open={!!issued}
        title={issued ? `Temporary password for ${issued.account.email}` : ''}
        onCancel={() => setIssued(null)}
        // The password leaves the page with the dialog.
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setIssued(null)}>
            I have handed it over
          </Button>
        }
      >
        {issued && <OnceSecret label="Temporary password" value={issued.temporaryPassword} />}
        <p style={{ marginTop: 12 }}>They change it when they first sign in.</p>
      </Modal>
    </>
  );
}

function CreateAccountDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (answer: Issued) => void }) {
  const create = useCreateAccount();
  const [form] = Form.useForm<{ email: string; name: string; roles: StaffRole[] }>();
  const shape = createStaffCall.input.shape;
  return (
    <Modal open title="New staff account" okText="Create" cancelText="Cancel" onCancel={onClose} onOk={() => form.submit()} confirmLoading={create.isPending} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ roles: ['agent'] }} onFinish={(values) => create.mutate(values, { onSuccess: onCreated })}>
        <Form.Item label="Email" name="email" rules={[zodRule(shape.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={[zodRule(shape.name)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Roles" name="roles" rules={[zodRule(shape.roles)]}>
          <Checkbox.Group options={ROLE_OPTIONS} />
        </Form.Item>
        {create.isError && <Alert type="error" showIcon title={create.error.message} />}
      </Form>
    </Modal>
  );
}

function RolesDialog({ account, onClose }: { account: StaffAccount; onClose: () => void }) {
  const setRoles = useSetRoles();
  const [form] = Form.useForm<{ roles: StaffRole[] }>();
  return (
    <Modal open title={`Roles of ${account.email}`} okText="Save" cancelText="Cancel" onCancel={onClose} onOk={() => form.submit()} confirmLoading={setRoles.isPending}>
      <Form form={form} layout="vertical" initialValues={{ roles: account.roles }} onFinish={({ roles }) => setRoles.mutate({ id: account.id, roles }, { onSuccess: onClose })}>
        <Form.Item label="Roles" name="roles" rules={[zodRule(createStaffCall.input.shape.roles)]}>
          <Checkbox.Group options={ROLE_OPTIONS} />
        </Form.Item>
        {setRoles.isError && <Alert type="error" showIcon title={setRoles.error.message} />}
      </Form>
    </Modal>
  );
}

function ResetDialog({ account, onClose, onReset }: { account: StaffAccount; onClose: () => void; onReset: (answer: Issued) => void }) {
  const reset = useResetAccount();
  const [form] = Form.useForm<{ secondFactor: boolean }>();
  return (
    <Modal open title={`Reset ${account.email}`} okText="Reset" okButtonProps={{ danger: true }} cancelText="Cancel" onCancel={onClose} onOk={() => form.submit()} confirmLoading={reset.isPending}>
      <p>A new temporary password replaces theirs, and their sessions end.</p>
      <Form form={form} initialValues={{ secondFactor: false }} onFinish={({ secondFactor }) => reset.mutate({ id: account.id, secondFactor }, { onSuccess: onReset })}>
        <Form.Item name="secondFactor" valuePropName="checked">
          <Checkbox>Also remove the second factor (they set it up again)</Checkbox>
        </Form.Item>
        {reset.isError && <Alert type="error" showIcon title={reset.error.message} />}
      </Form>
    </Modal>
  );
}
