import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { PROMOTION_ROUTES } from '../app/routes.tsx';

mount(<AppRouter routes={PROMOTION_ROUTES} kind="hash" />);
