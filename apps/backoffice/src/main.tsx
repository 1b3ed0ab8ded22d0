import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { BACKOFFICE_BASE } from '@cashloan/contract/staff/common';
import { App } from './app/App.tsx';
import { staffRoutes } from './app/routes.tsx';

const router = createBrowserRouter(staffRoutes, { basename: BACKOFFICE_BASE });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
