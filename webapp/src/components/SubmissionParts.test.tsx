import { screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { SIMILARITY_SHOWN_FROM } from '../config/constants';
import { renderWithProviders } from '../testing/render';
import { candidate, receipt } from '../testing/submissions';
import { SubmissionReceiptView } from './SubmissionParts';

describe('the receipt’s possible duplicates', () => {
  it('calls a candidate similar only from the threshold; a low score shows just its distance', () => {
    // Given a receipt with a likely duplicate and a candidate whose title has little in common
    const sent = receipt({
      nearby: [
        candidate({ similarity: 0.87 }),
        candidate({ id: '88888888-8888-4888-8888-888888888888', title: 'The Birds', distance_m: 12, similarity: 0.04 }),
      ],
    });
    // When the sender sees it
    renderWithProviders(<SubmissionReceiptView receipt={sent} title="Thanks!" headingRef={createRef()} />);
    // Then the first is "87% similar" and the second is only "12 m away", never "4% similar"
    const [likely, unlike] = within(screen.getByRole('list', { name: 'Possible duplicates' })).getAllByRole('listitem');
    expect(within(likely!).getByText('87% similar')).toBeInTheDocument();
    expect(within(unlike!).getByText('12 m away')).toBeInTheDocument();
    expect(within(unlike!).queryByText(/similar/)).not.toBeInTheDocument();
    expect(screen.queryByText('4% similar')).not.toBeInTheDocument();
  });

  it('shows the similarity of a candidate exactly at the threshold', () => {
    // Given a candidate scored exactly SIMILARITY_SHOWN_FROM
    const sent = receipt({ nearby: [candidate({ similarity: SIMILARITY_SHOWN_FROM })] });
    // When the sender sees it
    renderWithProviders(<SubmissionReceiptView receipt={sent} title="Thanks!" headingRef={createRef()} />);
    // Then it is called similar
    expect(screen.getByText(`${Math.round(SIMILARITY_SHOWN_FROM * 100)}% similar`)).toBeInTheDocument();
  });
});
