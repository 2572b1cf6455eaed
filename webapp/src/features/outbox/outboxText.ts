/** How the Outbox names an item, in its list, its announcements and its toasts. */
import { t } from '../../i18n';
import type { OutboxItem } from '../../lib/outbox';

/** "New artwork: Orca", "Visit to Orca" (or without a title when it has none). */
export function outboxItemTitle(item: OutboxItem): string {
  if (item.form.type === 'logbook') {
    const title = item.form.artworkTitle?.trim();
    return title ? t('outbox.item.visit', { title }) : t('outbox.item.visitUntitled');
  }
  const title = item.form.title?.trim();
  return title ? t('outbox.item.newArtwork', { title }) : t('outbox.item.newArtworkUntitled');
}
