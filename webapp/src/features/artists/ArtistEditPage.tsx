/**
 * /artist/{id}/edit (signed in): propose changes to an artist (the form is `ArtistForm`). The
 * server checks the proposal first (nothing written) and its errors show at their fields; the
 * proposal then waits for a moderator, and the artist's page says so. When the artist changed
 * meanwhile, loading it again keeps the person's changes.
 */
import { useParams } from 'react-router';
import type { ArtistDetail } from '../../api/types';
import { useSubjectEditFlow } from '../../components/EditForm';
import { PageHeader } from '../../components/PageTitle';
import { DetailFallback } from '../../components/SubjectNotices';
import { Loading } from '../../components/states';
import { to } from '../../config/routes';
import { useT } from '../../i18n';
import { ArtistForm } from './ArtistForm';
import { ArtistNotFound } from './ArtistNotFound';
import { useGetArtistQuery, useProposeArtistEditMutation, useValidateArtistEditMutation } from './artistsApi';

export function ArtistEditPage() {
  const { id = '' } = useParams();
  const { data, error, isFetching, refetch } = useGetArtistQuery(id, { skip: !id });
  // Once loaded, the form stays while the artist is loaded again (a failed reload says so in the form).
  if (data) return <EditArtist artist={data} reload={() => refetch().unwrap()} />;
  return (
    <DetailFallback
      subject="artist"
      currentHref={to.artist(id)}
      asOf=""
      query={{ error, isFetching, refetch }}
      loading={<Loading />}
      notFound={<ArtistNotFound id={id} />}
    />
  );
}

function EditArtist({ artist, reload }: { artist: ArtistDetail; reload: () => Promise<unknown> }) {
  const t = useT();
  const [validate] = useValidateArtistEditMutation();
  const [propose] = useProposeArtistEditMutation();
  const flow = useSubjectEditFlow({ id: artist.id, href: to.artist(artist.id), validate, propose, reload });
  return (
    <div className="page page--narrow">
      <PageHeader
        title={t('artists.edit.heading', { name: artist.name })}
        documentTitle={t('artists.edit.documentTitle')}
        subtitle={t('artists.edit.subtitle')}
      />
      <ArtistForm
        artist={artist}
        label={t('artists.edit.documentTitle')}
        submitLabel={t('artists.edit.submit')}
        cancelTo={to.artist(artist.id)}
        flow={flow}
      />
    </div>
  );
}
