/**
 * /artist/new (signed in): propose an artist the registry does not have yet, as changes from
 * nothing (the form is `ArtistForm`; the name is required). Once sent, a receipt says it waits
 * for a moderator; the artist's page exists from their approval on.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ArtistEditReceipt } from '../../api/types';
import { useAppDispatch } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageTitle';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { toastShown } from '../../lib/ui';
import { ArtistForm } from './ArtistForm';
import { NO_ARTIST } from './artistEditModel';
import { useProposeArtistMutation, useValidateArtistMutation } from './artistsApi';

export function NewArtistPage() {
  const t = useT();
  const [receipt, setReceipt] = useState<ArtistEditReceipt | null>(null);
  const [validate] = useValidateArtistMutation();
  const [propose] = useProposeArtistMutation();
  const dispatch = useAppDispatch();
  return (
    <div className="page page--narrow">
      <PageHeader title={t('artists.new.title')} subtitle={t('artists.new.subtitle')} />
      {receipt ? (
        <Receipt receipt={receipt} onAnother={() => setReceipt(null)} />
      ) : (
        <ArtistForm
          artist={NO_ARTIST}
          label={t('artists.new.label')}
          submitLabel={t('artists.new.submit')}
          cancelTo={to.artists()}
          flow={{
            idPrefix: 'new-artist',
            validate: (body) => validate(body).unwrap(),
            propose: (body) => propose(body).unwrap(),
            onSent: (sent) => {
              dispatch(toastShown({ type: 'success', message: t('artists.new.sent') }));
              setReceipt(sent);
            },
          }}
        />
      )}
    </div>
  );
}

/** What the server recorded: the artist proposed, waiting for review. */
function Receipt({ receipt, onAnother }: { receipt: ArtistEditReceipt; onAnother: () => void }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const name = receipt.edits.find((e) => e.field_name === 'name')?.field_value_new;
  return (
    <section className="receipt" aria-labelledby={`receipt-${receipt.id}`} data-testid="artist-receipt">
      <h2 id={`receipt-${receipt.id}`} ref={heading} tabIndex={-1} className="receipt__title">
        <Icon name="check" size={24} /> {typeof name === 'string' ? t('artists.new.proposedName', { name }) : t('artists.new.proposed')}
      </h2>
      <p>
        <span className="chip chip--status chip--pending">{t('artists.new.pending')}</span> {t('artists.new.pendingBody')}
      </p>
      <div className="button-row">
        <Link className="button button--filled" to={to.profile()}>
          {t('artists.new.seeSubmissions')}
        </Link>
        <button type="button" className="button button--outlined" onClick={onAnother}>
          {t('artists.new.another')}
        </button>
        <Link className="button button--text" to={to.artists()}>
          {t('artists.new.all')}
        </Link>
      </div>
    </section>
  );
}
