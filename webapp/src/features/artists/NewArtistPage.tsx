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
import { toastShown } from '../../lib/ui';
import { ArtistForm } from './ArtistForm';
import { NO_ARTIST } from './artistEditModel';
import { useProposeArtistMutation, useValidateArtistMutation } from './artistsApi';

export const NEW_ARTIST_SENT = 'Thanks! The artist will appear once a moderator approves them.';

export function NewArtistPage() {
  const [receipt, setReceipt] = useState<ArtistEditReceipt | null>(null);
  const [validate] = useValidateArtistMutation();
  const [propose] = useProposeArtistMutation();
  const dispatch = useAppDispatch();
  return (
    <div className="page page--narrow">
      <PageHeader title="New artist" subtitle="An artist the registry does not have yet. Moderators review every proposal." />
      {receipt ? (
        <Receipt receipt={receipt} onAnother={() => setReceipt(null)} />
      ) : (
        <ArtistForm
          artist={NO_ARTIST}
          label="New artist"
          submitLabel="Propose artist"
          cancelTo={to.artists()}
          flow={{
            idPrefix: 'new-artist',
            validate: (body) => validate(body).unwrap(),
            propose: (body) => propose(body).unwrap(),
            onSent: (sent) => {
              dispatch(toastShown({ type: 'success', message: NEW_ARTIST_SENT }));
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const name = receipt.edits.find((e) => e.field_name === 'name')?.field_value_new;
  return (
    <section className="receipt" aria-labelledby={`receipt-${receipt.id}`} data-testid="artist-receipt">
      <h2 id={`receipt-${receipt.id}`} ref={heading} tabIndex={-1} className="receipt__title">
        <Icon name="check" size={24} /> {typeof name === 'string' ? `${name} proposed` : 'Artist proposed'}
      </h2>
      <p>
        <span className="chip chip--status chip--pending">Pending review</span> A moderator will check it; the artist’s page
        appears once it is approved.
      </p>
      <div className="button-row">
        <Link className="button button--filled" to={to.profile()}>
          See your submissions
        </Link>
        <button type="button" className="button button--outlined" onClick={onAnother}>
          Propose another artist
        </button>
        <Link className="button button--text" to={to.artists()}>
          All artists
        </Link>
      </div>
    </section>
  );
}
