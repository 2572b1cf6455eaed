/** /help: how to use the registry, with links to the tutorials. */
import { Link } from 'react-router';
import { useProductName } from '../../api/configApi';
import { useAppDispatch } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { to } from '../../config/routes';
import { dialogOpened, feedbackOpened } from '../../lib/ui';
import './help.css';

const FAQ = [
  {
    q: 'Do I need an account?',
    a: 'No. You can explore and add artworks anonymously. An account (just an email, no password) keeps your contributions across devices and lets you edit artworks.',
  },
  {
    q: 'Why doesn’t my submission appear?',
    a: 'Moderators review new artworks, visits and edits before they are published. You’ll find your submissions and their status on your profile.',
  },
  {
    q: 'Where does the data come from?',
    a: 'Records start from open datasets published by cities and institutions; each artwork names its source and licence. Visitors add photos and corrections.',
  },
  {
    q: 'An artwork is gone or wrong. What do I do?',
    a: 'Open it and choose “Report as missing” or “Send feedback”. Your note goes privately to the moderators.',
  },
];

export function HelpPage() {
  const product = useProductName();
  const dispatch = useAppDispatch();
  return (
    <div className="page page--narrow">
      <PageHeader title="Help" subtitle={`Getting around ${product}`} />
      <section className="section">
        <h2 className="section__title">Tutorials</h2>
        <ul className="link-list">
          <li>
            <Link to={to.page('tutorial-explore-nearby-artworks')}>Exploring artworks nearby</Link>
          </li>
          <li>
            <Link to={to.page('tutorial-take-photos')}>Taking good photos of public art</Link>
          </li>
          <li>
            <Link to={to.page('tutorial-rate-artworks')}>Logging visits to artworks</Link>
          </li>
          <li>
            <Link to={to.page('tutorial-update-information')}>Updating artwork information</Link>
          </li>
        </ul>
      </section>
      <section className="section">
        <h2 className="section__title">Questions</h2>
        {FAQ.map((f) => (
          <details key={f.q} className="faq">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </section>
      <section className="section">
        <h2 className="section__title">Still stuck?</h2>
        <div className="button-row">
          <button type="button" className="button button--filled" onClick={() => dispatch(feedbackOpened(undefined))}>
            Send feedback
          </button>
          <button type="button" className="button button--outlined" onClick={() => dispatch(dialogOpened('about'))}>
            About {product}
          </button>
          <Link className="button button--text" to={to.status()}>
            System status
          </Link>
        </div>
      </section>
    </div>
  );
}
