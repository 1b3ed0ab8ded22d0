/** The frame of every signed-in screen: the menu of what the roles may use, who is signed in, the screen. */
import { Button, Flex, Layout, Menu, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { STAFF_ROLE_TITLES } from '@cashloan/contract/staff/common';
import { useSignOut } from '../features/session/api.ts';
import { CHANGE_PASSWORD_PATH, SECOND_FACTOR_PATH } from '../shared/paths.ts';
import { useSession } from '../shared/session.ts';
import { Loading } from '../shared/ui/QueryState.tsx';
import { menuFor, menuKeyOf } from './menu.tsx';

export function AppLayout() {
  const { data: session } = useSession();
  const location = useLocation();
  const signOut = useSignOut();
  const [collapsed, setCollapsed] = useState(false);
  if (!session) return null;
  const { staff } = session;
  const items = menuFor(staff.roles).map((entry) => ({ key: entry.path, icon: entry.icon, label: <Link to={entry.path}>{entry.label}</Link> }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider breakpoint="lg" collapsible collapsed={collapsed} onCollapse={setCollapsed} width={208} collapsedWidth={72} theme="dark">
        <Typography.Text strong style={{ display: 'block', color: '#fff', padding: '16px 20px', whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? 'BO' : 'Back office'}
        </Typography.Text>
        <nav aria-label="Main">
          <Menu theme="dark" mode="inline" selectedKeys={menuKeyOf(location.pathname)} items={items} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', height: 'auto', lineHeight: 1.5, padding: '12px 24px', borderBottom: '1px solid #f0f0f0' }}>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <div>
              <Typography.Text strong>{staff.name}</Typography.Text>{' '}
              <Typography.Text type="secondary">({staff.roles.map((role) => STAFF_ROLE_TITLES[role]).join(', ')})</Typography.Text>
            </div>
            <Flex wrap gap={8} align="center">
              <Link to={CHANGE_PASSWORD_PATH}>Change password</Link>
              <Link to={SECOND_FACTOR_PATH}>Second factor</Link>
              <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
                Sign out
              </Button>
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
