/** Tests: the jump policy the server would write into the page (<meta> tags; removed by test-setup.ts). */
import { APP_SCHEME_META, TRUSTED_HOSTS_META } from '@cashloan/contract/trusted-hosts';

export function setPagePolicy({ trustedHosts = [], appScheme = '' }: { trustedHosts?: string[]; appScheme?: string }): void {
  clearPagePolicy();
  for (const [name, content] of [[TRUSTED_HOSTS_META, trustedHosts.join(',')], [APP_SCHEME_META, appScheme]] as const) {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
  }
}

export function clearPagePolicy(): void {
  document.head.querySelectorAll(`meta[name="${TRUSTED_HOSTS_META}"], meta[name="${APP_SCHEME_META}"]`).forEach((meta) => meta.remove());
}
