/** The providers every screen runs in: antd (theme, messages), TanStack Query, the router. */
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '../shared/api-client.ts';
import { createStaffQueryClient } from '../shared/query-client.ts';
import { endSession, noteSessionEnded } from '../shared/session.ts';
import { EmptyText } from '../shared/ui/EmptyText.tsx';
import { staffTheme } from './theme.ts';

/** An empty table or list says so in readable text. */
const renderEmpty = () => <EmptyText />;

type StaffRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: StaffRouter }) {
  return (
    <ConfigProvider theme={staffTheme} locale={enUS} renderEmpty={renderEmpty}>
      <AntApp>
        <StaffQueries>
          <RouterProvider router={router} />
        </StaffQueries>
      </AntApp>
    </ConfigProvider>
  );
}

/** One QueryClient for the page's life; it reports failed writes through antd's notification. */
function StaffQueries({ children }: { children: React.ReactNode }) {
  const { notification } = AntApp.useApp();
  const [queryClient] = useState(() => {
    const client = createStaffQueryClient((message) => notification.error({ title: 'Not done', description: message, placement: 'topRight' }));
    // A 401 on any call: the session is over; RequireSession then shows sign-in, which says why.
    setUnauthorizedHandler((message) => {
      noteSessionEnded(message);
      endSession(client);
    });
    return client;
  });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
