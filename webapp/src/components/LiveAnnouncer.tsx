/** The screen-reader live regions `announce()` speaks through. */
import { useEffect, useState } from 'react';
import { onAnnounce } from '../lib/announcer';

export function LiveAnnouncer() {
  const [polite, setPolite] = useState('');
  const [assertive, setAssertive] = useState('');
  useEffect(
    () =>
      onAnnounce(({ message, politeness }) => {
        if (politeness === 'assertive') setAssertive(message);
        else setPolite(message);
      }),
    [],
  );
  return (
    <>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="live-polite">
        {polite}
      </div>
      <div className="visually-hidden" role="alert" aria-live="assertive" aria-atomic="true" data-testid="live-assertive">
        {assertive}
      </div>
    </>
  );
}
