/** /help: what needs doing nearby (Help nearby), how to use the registry, with links to the tutorials. */
import { Link } from 'react-router';
import { useProductName } from '../../api/configApi';
import { useAppDispatch } from '../../app/hooks';
import { PageHeader } from '../../components/PageTitle';
import { to } from '../../config/routes';
import { useT, type MessageKey } from '../../i18n';
import { dialogOpened, feedbackOpened } from '../../lib/ui';
import { findPage } from '../pages/content';
import { HelpNearby } from './HelpNearby';
import './help.css';

const FAQ: { id: string; q: MessageKey; a: MessageKey }[] = [
  { id: 'account', q: 'help.faq.account.q', a: 'help.faq.account.a' },
  { id: 'pending', q: 'help.faq.pending.q', a: 'help.faq.pending.a' },
  { id: 'data', q: 'help.faq.data.q', a: 'help.faq.data.a' },
  { id: 'wrong', q: 'help.faq.wrong.q', a: 'help.faq.wrong.a' },
];

/** The tutorials, in the order a newcomer needs them. */
const TUTORIALS = ['tutorial-explore-nearby-artworks', 'tutorial-take-photos', 'tutorial-rate-artworks', 'tutorial-update-information'];

export function HelpPage() {
  const product = useProductName();
  const dispatch = useAppDispatch();
  const t = useT();
  return (
    <div className="page page--narrow">
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle', { product })} />
      <HelpNearby />
      <section className="section">
        <h2 className="section__title">{t('help.tutorials')}</h2>
        <ul className="link-list">
          {TUTORIALS.map((slug) => {
            const page = findPage(slug);
            return (
              page && (
                <li key={slug}>
                  <Link to={to.page(slug)}>{t(page.title)}</Link>
                </li>
              )
            );
          })}
        </ul>
      </section>
      <section className="section">
        <h2 className="section__title">{t('help.questions')}</h2>
        {FAQ.map((f) => (
          <details key={f.id} className="faq">
            <summary>{t(f.q)}</summary>
            <p>{t(f.a)}</p>
          </details>
        ))}
      </section>
      <section className="section">
        <h2 className="section__title">{t('help.stuck')}</h2>
        <div className="button-row">
          <button type="button" className="button button--filled" onClick={() => dispatch(feedbackOpened(undefined))}>
            {t('help.sendFeedback')}
          </button>
          <button type="button" className="button button--outlined" onClick={() => dispatch(dialogOpened('about'))}>
            {t('help.about', { product })}
          </button>
          <Link className="button button--text" to={to.status()}>
            {t('help.status')}
          </Link>
        </div>
      </section>
    </div>
  );
}
