import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { PAYMENT_WAY_ROUTES } from '../app/routes.tsx';

mount(<AppRouter routes={PAYMENT_WAY_ROUTES} kind="hash" />);
