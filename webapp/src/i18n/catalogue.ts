/**
 * The message catalogues, one JSON file per namespace and language (`en/<ns>.json`,
 * `fr/<ns>.json`). Every key starts with its namespace (`map.nearYou` lives in `map.json`);
 * messages are ICU MessageFormat (`{count, plural, one {# artwork} other {# artworks}}`).
 * English is the reference: a key is typed from it, so a key missing there fails to compile;
 * `catalogue.test.ts` fails when French lacks a key, has one more, or names other arguments.
 */
import type { Locale } from './locale';
import en_common from './en/common.json';
import fr_common from './fr/common.json';
import en_shell from './en/shell.json';
import fr_shell from './fr/shell.json';
import en_map from './en/map.json';
import fr_map from './fr/map.json';
import en_add from './en/add.json';
import fr_add from './fr/add.json';
import en_admin from './en/admin.json';
import fr_admin from './fr/admin.json';
import en_artists from './en/artists.json';
import fr_artists from './fr/artists.json';
import en_artworks from './en/artworks.json';
import fr_artworks from './fr/artworks.json';
import en_auth from './en/auth.json';
import fr_auth from './fr/auth.json';
import en_feedback from './en/feedback.json';
import fr_feedback from './fr/feedback.json';
import en_help from './en/help.json';
import fr_help from './fr/help.json';
import en_lists from './en/lists.json';
import fr_lists from './fr/lists.json';
import en_logbook from './en/logbook.json';
import fr_logbook from './fr/logbook.json';
import en_moderation from './en/moderation.json';
import fr_moderation from './fr/moderation.json';
import en_notifications from './en/notifications.json';
import fr_notifications from './fr/notifications.json';
import en_pages from './en/pages.json';
import fr_pages from './fr/pages.json';
import en_profile from './en/profile.json';
import fr_profile from './fr/profile.json';
import en_review from './en/review.json';
import fr_review from './fr/review.json';
import en_search from './en/search.json';
import fr_search from './fr/search.json';
import en_status from './en/status.json';
import fr_status from './fr/status.json';
import en_components from './en/components.json';
import fr_components from './fr/components.json';
import en_lib from './en/lib.json';
import fr_lib from './fr/lib.json';
import en_outbox from './en/outbox.json';
import fr_outbox from './fr/outbox.json';

/** Each namespace of each language, as its file holds it (tests check one against the other). */
export const FILES = {
  en: {
    common: en_common,
    shell: en_shell,
    map: en_map,
    add: en_add,
    admin: en_admin,
    artists: en_artists,
    artworks: en_artworks,
    auth: en_auth,
    feedback: en_feedback,
    help: en_help,
    lists: en_lists,
    logbook: en_logbook,
    moderation: en_moderation,
    notifications: en_notifications,
    pages: en_pages,
    profile: en_profile,
    review: en_review,
    search: en_search,
    status: en_status,
    components: en_components,
    lib: en_lib,
    outbox: en_outbox,
  },
  fr: {
    common: fr_common,
    shell: fr_shell,
    map: fr_map,
    add: fr_add,
    admin: fr_admin,
    artists: fr_artists,
    artworks: fr_artworks,
    auth: fr_auth,
    feedback: fr_feedback,
    help: fr_help,
    lists: fr_lists,
    logbook: fr_logbook,
    moderation: fr_moderation,
    notifications: fr_notifications,
    pages: fr_pages,
    profile: fr_profile,
    review: fr_review,
    search: fr_search,
    status: fr_status,
    components: fr_components,
    lib: fr_lib,
    outbox: fr_outbox,
  },
} as const;

export type Namespace = keyof (typeof FILES)['en'];

/** A message of the catalogues, by its key in English (the reference). */
export type MessageKey = { [N in Namespace]: keyof (typeof FILES)['en'][N] & string }[Namespace];

/** Each language's namespaces merged into one table of messages. */
export const catalogues = Object.fromEntries(
  Object.entries(FILES).map(([locale, namespaces]) => [locale, Object.assign({}, ...Object.values(namespaces)) as Record<string, string>]),
) as Record<Locale, Readonly<Record<string, string>>>;
