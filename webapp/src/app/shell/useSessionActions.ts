/** Sign-in, profile and sign-out actions shared by the rail, the drawer and the bottom bar. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { selectIsAuthenticated, selectUser, signOut } from '../../api/session';
import { to } from '../../config/routes';
import { t } from '../../i18n';
import { drawerToggled, signInOpened, toastShown } from '../../lib/ui';
import { useAppDispatch, useAppSelector } from '../hooks';

export function useSessionActions() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const user = useAppSelector(selectUser);
  const [confirmingLogout, setConfirmingLogout] = useState(false);

  return {
    signedIn,
    user,
    openProfileOrLogin: () => {
      if (signedIn) void navigate(to.profile());
      else dispatch(signInOpened('login'));
    },
    openNotifications: () => void navigate(to.notifications()),
    confirmingLogout,
    askLogout: () => setConfirmingLogout(true),
    cancelLogout: () => setConfirmingLogout(false),
    logout: async () => {
      setConfirmingLogout(false);
      dispatch(drawerToggled(false));
      await dispatch(signOut());
      dispatch(toastShown({ type: 'info', message: t('shell.signOut.done') }));
      void navigate(to.map());
    },
  };
}
