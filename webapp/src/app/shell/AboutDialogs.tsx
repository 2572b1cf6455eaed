/** The welcome dialog (first visit) and the About dialog: what Plinth is for. */
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useProductName } from '../../api/configApi';
import { Dialog } from '../../components/Dialog';
import { to } from '../../config/routes';
import { dialogClosed, dialogOpened, selectDialog } from '../../lib/ui';
import { useAppDispatch, useAppSelector } from '../hooks';
import { scheduleWelcome } from './welcome';
import './AboutDialogs.css';

export function WelcomeDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === 'welcome';
  const product = useProductName();

  useEffect(() => scheduleWelcome(() => dispatch(dialogOpened('welcome'))), [dispatch]);

  const close = () => dispatch(dialogClosed());
  return (
    <Dialog
      open={open}
      title={`Welcome to ${product}`}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--text" onClick={() => dispatch(dialogOpened('about'))}>
            Learn more
          </button>
          <button type="button" className="button button--filled" onClick={close}>
            Start exploring
          </button>
        </>
      }
    >
      <p>
        {product} is a community registry of public art: murals, sculptures, monuments and more, mapped by the people who
        walk past them.
      </p>
      <ul className="welcome-list">
        <li>
          <strong>Explore</strong> the map to find artworks around you.
        </li>
        <li>
          <strong>Add</strong> an artwork with the + button: a photo is enough to start.
        </li>
        <li>
          <strong>No account needed.</strong> Sign in later to keep your contributions across devices.
        </li>
      </ul>
    </Dialog>
  );
}

export function AboutDialog() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectDialog) === 'about';
  const product = useProductName();
  const close = () => dispatch(dialogClosed());
  return (
    <Dialog
      open={open}
      title={`About ${product}`}
      onClose={close}
      actions={
        <button type="button" className="button button--filled" onClick={close}>
          Close
        </button>
      }
    >
      <p>
        Public art belongs to everyone, yet much of it goes unrecorded: artists forgotten, works removed without a trace.{' '}
        {product} keeps an open, shared record of the artworks in our streets and parks, and of the people who made them.
      </p>
      <p>
        Records start from open data published by cities and institutions, credited on every artwork. Visitors add photos,
        visits and corrections; volunteer moderators review them before they appear.
      </p>
      <p>
        Read the <Link to={to.page('terms-of-service')} onClick={close}>terms of service</Link> and the{' '}
        <Link to={to.page('privacy-policy')} onClick={close}>privacy policy</Link>, or see <Link to={to.help()} onClick={close}>Help</Link>.
      </p>
    </Dialog>
  );
}
