import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { PAYMENT_WAY_ROUTES } from '../app/routes.tsx';
import { followLangAfterHash } from '../shared/i18n/lang-after-hash.ts';

if (!followLangAfterHash()) mount(<AppRouter routes={PAYMENT_WAY_ROUTES} kind="hash" />);
