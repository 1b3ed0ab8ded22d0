import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createHashHistory, parsePath, resolveTo } from './history.ts';
import { Link, Outlet, Route, Router, Routes, StaticRouter, createMemoryHistory, useLocation, useNavigate, useSearchParams } from './router.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search + location.hash}</p>;
}
function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
    </div>
  );
}
function Tree() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/allIt" element={<p>order</p>} />
        <Route path="*" element={<Where />} />
        <Route path="/complaintList" element={<Links />} />
      </Route>
    </Routes>
  );
}
function Links() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <Link to="/allIt?orderId=7">Order</Link>
      <button type="button" onClick={() => navigate('/elsewhere?x=1', { replace: true })}>
        Away
      </button>
      <button type="button" onClick={() => setParams((prev) => ({ ...Object.fromEntries(prev), tab: 'done' }), { replace: true })}>
        Tab {params.get('tab') ?? 'none'}
      </button>
    </>
  );
}

const user = userEvent.setup();

describe('router', () => {
  it('renders the exact route inside its layout, and * for anything else (after the exact ones)', () => {
    const history = createMemoryHistory(['/complaintList']);
    render(
      <Router history={history}>
        <Tree />
      </Router>,
    );
    expect(screen.getByTestId('layout').textContent).toContain('Order');
    act(() => history.push({ ...parsePath('/ALLIT/'), state: null }));
    expect(screen.getByTestId('layout').textContent).toBe('order');
    act(() => history.push({ ...parsePath('/nowhere?a=1#b'), state: null }));
    expect(screen.getByTestId('where').textContent).toBe('/nowhere?a=1#b');
  });

  it('Link pushes a real href; navigate and the search setter replace when asked', async () => {
    const history = createMemoryHistory(['/complaintList?sessionId=s1']);
    render(
      <Router history={history}>
        <Tree />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Tab none' }));
    expect(history.snapshot()).toMatchObject({ action: 'REPLACE', location: { pathname: '/complaintList', search: '?sessionId=s1&tab=done' } });
    expect(screen.getByRole('button', { name: 'Tab done' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Order' });
    expect(link.getAttribute('href')).toBe('/allIt?orderId=7');
    await user.click(link);
    expect(history.snapshot()).toMatchObject({ action: 'PUSH', location: { pathname: '/allIt', search: '?orderId=7' } });
    act(() => history.go(-1));
    await user.click(screen.getByRole('button', { name: 'Away' }));
    expect(history.snapshot()).toMatchObject({ action: 'REPLACE', location: { pathname: '/elsewhere', search: '?x=1' } });
  });

  it('renders on the server the same tree for a fixed URL', () => {
    const html = renderToString(
      <StaticRouter location="/complaintList?tab=done">
        <Tree />
      </StaticRouter>,
    );
    expect(html).toContain('href="/allIt?orderId=7"');
    expect(html).toContain('Tab <!-- -->done');
  });

  it('hash history keeps the route after # and the page where it is', () => {
    window.history.replaceState(null, '', '/pay.html?real=1#/borrowDetail?orderId=3');
    const history = createHashHistory();
    expect(history.snapshot().location).toMatchObject({ pathname: '/borrowDetail', search: '?orderId=3' });
    expect(history.href({ pathname: '/alipayrepayment', search: '?cardId=2', hash: '' })).toBe('/pay.html?real=1#/alipayrepayment?cardId=2');
    history.push({ pathname: '/addnormalcard', search: '', hash: '', state: null });
    expect(window.location.hash).toBe('#/addnormalcard');
  });

  it('resolves relative targets against the current path', () => {
    const from = { pathname: '/complaints/list', search: '?a=1', hash: '', state: null };
    expect(resolveTo('details?id=2', from)).toEqual({ pathname: '/complaints/details', search: '?id=2', hash: '' });
    expect(resolveTo('?b=2', from)).toEqual({ pathname: '/complaints/list', search: '?b=2', hash: '' });
    expect(resolveTo({ search: 'x=1' }, from)).toEqual({ pathname: '/complaints/list', search: '?x=1', hash: '' });
  });
});
