/**
 * antd's theme with the colours that carry text darkened to WCAG AA contrast (4.5:1) on white: the
 * default blue (#1677ff, 3.9:1), red (#ff4d4f) and tertiary grey (45 % black) are below it, and axe
 * reports each as a serious violation. Tokens only: the kit's class names are never overridden.
 */
import type { ThemeConfig } from 'antd';

export const staffTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorInfo: '#0958d9',
    // The darker seeds above would also darken the alerts' backgrounds: keep antd's light ones.
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    fontSize: 14,
  },
};
