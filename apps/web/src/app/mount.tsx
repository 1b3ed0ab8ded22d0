/** Mounts an entry's router with the UI kit set up for React 19 and English. */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import './theme.css';

// antd-mobile v5 renders Toast/Dialog with React 18's API unless told how to on React 19.
unstableSetRender((node, container) => {
  const element = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  element._reactRoot ??= createRoot(element);
  const root = element._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

export function mount(app: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={enUS}>{app}</ConfigProvider>
    </StrictMode>,
  );
}
