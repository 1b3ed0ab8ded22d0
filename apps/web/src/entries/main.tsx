import { mount } from '../app/mount.tsx';
import { AppRouter } from '../app/AppRouter.tsx';
import { MAIN_ROUTES } from '../app/routes.tsx';

mount(<AppRouter routes={MAIN_ROUTES} kind="browser" />);
