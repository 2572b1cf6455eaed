import { act, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import { renderWithProviders } from '../testing/render';
import { candidate, receipt } from '../testing/submissions';
import { Pagination } from './Pagination';
import { PhotoPicker } from './PhotoPicker';
import { ErrorState } from './states';
import { SubmissionReceiptView } from './SubmissionParts';

describe('the shared components, in French', () => {
  it('show a receipt’s status, duplicates, distances and similarity in French', () => {
    // Given French, and a receipt with a likely duplicate 12 m away
    setLocale('fr');
    renderWithProviders(<SubmissionReceiptView receipt={receipt({ nearby: [candidate()] })} title="Merci !" headingRef={createRef()} />);
    // Then the receipt speaks French, numbers included
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('En attente de vérification');
    expect(screen.getByRole('heading', { name: 'Doublons possibles' })).toBeInTheDocument();
    const [likely] = within(screen.getByRole('list', { name: 'Doublons possibles' })).getAllByRole('listitem');
    expect(within(likely!).getByText('à 12 m')).toBeInTheDocument();
    expect(within(likely!).getByText(/^similaire à 87\s%$/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir vos contributions' })).toBeInTheDocument();
  });

  it('follow a switch of language while shown', () => {
    // Given an error, the paging and a photo picker, shown in English
    render(
      <>
        <ErrorState error={new Error('Boom')} onRetry={() => undefined} />
        <Pagination page={2} totalPages={5} onPage={() => undefined} />
        <PhotoPicker files={[]} onChange={() => undefined} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    // When the language becomes French
    act(() => setLocale('fr'));
    // Then each says it in French at once
    expect(screen.getByRole('heading', { name: 'Une erreur s’est produite' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 sur 5')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Photos' })).toHaveTextContent('Images JPEG, PNG ou WebP, 10 au plus, de 15 Mo chacune au maximum.');
    expect(screen.getByRole('button', { name: 'Choisir des photos' })).toBeInTheDocument();
  });
});
