/**
 * One icon per order status (spec section 4), drawn inline so it needs no network and no emoji font.
 * Each carries its meaning as text for screen readers; an unknown status gets the settled (200) icon.
 */
import type { ReactNode } from 'react';
import styles from './StatusIcon.module.css';

export const ICON_STATUSES = [21, 110, 151, 170, 174, 180, 200] as const;
export type IconStatus = (typeof ICON_STATUSES)[number];

/** The status whose icon is shown: the status itself when it has one, otherwise 200. */
export function iconStatus(status: number): IconStatus {
  return (ICON_STATUSES as readonly number[]).includes(status) ? (status as IconStatus) : 200;
}

/** The text equivalent of each icon. */
export const STATUS_ICON_LABEL: Record<IconStatus, string> = {
  21: 'Status: in review',
  110: 'Status: disbursing',
  151: 'Status: not approved',
  170: 'Status: repaying',
  174: 'Status: repayment due',
  180: 'Status: overdue',
  200: 'Status: settled',
};

const TONE: Record<IconStatus, string> = {
  21: '#b45309',
  110: '#0f766e',
  151: '#6b7280',
  170: '#0f766e',
  174: '#b45309',
  180: '#b91c1c',
  200: '#15803d',
};

const stroke = { fill: 'none', stroke: '#fff', strokeWidth: 2.4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** The white glyph drawn on the status's coloured disc (24 × 24 box centred in the 48 × 48 icon). */
const GLYPH: Record<IconStatus, ReactNode> = {
  // In review: an hourglass.
  21: (
    <g {...stroke}>
      <path d="M7 4h10M7 20h10" />
      <path d="M8 4c0 4 8 5 8 8s-8 4-8 8M16 4c0 4-8 5-8 8s8 4 8 8" />
    </g>
  ),
  // Disbursing: money moving into the account (an arrow into a tray).
  110: (
    <g {...stroke}>
      <path d="M12 3v11M7.5 9.5 12 14l4.5-4.5" />
      <path d="M4 15v4h16v-4" />
    </g>
  ),
  // Not approved: a cross.
  151: (
    <g {...stroke}>
      <path d="M7 7l10 10M17 7 7 17" />
    </g>
  ),
  // Repaying: a calendar.
  170: (
    <g {...stroke}>
      <rect x="4" y="6" width="16" height="14" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
    </g>
  ),
  // Repayment due: a bell.
  174: (
    <g {...stroke}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </g>
  ),
  // Overdue: an exclamation mark.
  180: (
    <g {...stroke}>
      <path d="M12 5v9" />
      <path d="M12 19h.01" strokeWidth={3.2} />
    </g>
  ),
  // Settled: a check mark.
  200: (
    <g {...stroke}>
      <path d="M5.5 12.5 10 17l8.5-9.5" />
    </g>
  ),
};

export function StatusIcon({ status, size = 48 }: { status: number; size?: number }) {
  const shown = iconStatus(status);
  return (
    <svg
      className={styles.icon}
      role="img"
      aria-label={STATUS_ICON_LABEL[shown]}
      data-icon-status={shown}
      width={size}
      height={size}
      viewBox="0 0 48 48"
      focusable="false"
    >
      <circle cx="24" cy="24" r="24" fill={TONE[shown]} />
      <g transform="translate(12 12)">{GLYPH[shown]}</g>
    </svg>
  );
}
