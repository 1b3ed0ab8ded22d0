import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ICON_STATUSES, STATUS_ICON_LABEL, StatusIcon, iconStatus } from './StatusIcon.tsx';

describe('the status icon', () => {
  it('has its own icon and text for each of the seven statuses', () => {
    const drawn = new Set<string>();
    for (const status of ICON_STATUSES) {
      const { container, unmount } = render(<StatusIcon status={status} />);
      const icon = screen.getByRole('img', { name: STATUS_ICON_LABEL[status] });
      expect(icon.getAttribute('data-icon-status')).toBe(String(status));
      drawn.add(container.innerHTML.replace(/aria-label="[^"]*"|data-icon-status="\d+"/g, ''));
      unmount();
    }
    expect(drawn.size).toBe(7);
    expect(new Set(Object.values(STATUS_ICON_LABEL)).size).toBe(7);
  });

  it('uses the settled (200) icon for a status it does not know', () => {
    expect(iconStatus(999)).toBe(200);
    expect(iconStatus(0)).toBe(200);
    render(<StatusIcon status={42} />);
    expect(screen.getByRole('img', { name: 'Status: settled' }).getAttribute('data-icon-status')).toBe('200');
  });
});
