/**
 * This device's palette and language, each chosen from a select and applied at once. Signed in,
 * the choice is also saved to the account's preferences, so it follows the user to other devices
 * (and the account's value, adopted on each profile read, does not undo it).
 */
import { useId, useState } from 'react';
import { useGetMyProfileQuery, useUpdatePreferencesMutation } from '../api/accountApi';
import { selectIsAuthenticated } from '../api/session';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { getLocale, LOCALE_NAMES, LOCALES, setLocale, useT, type MessageKey } from '../i18n';
import { logger } from '../lib/logger';
import { accountLanguage, accountTheme } from '../lib/preferences';
import { setTheme, storedTheme, THEME_LABELS, THEMES } from '../lib/theme';
import { toastShown } from '../lib/ui';
import { LabelledField } from './LabelledField';
import { ValueOptions } from './Select';

/** One account preference a picker sets: its values, how each reads, and how it applies. */
interface Choice<V extends string> {
  key: 'theme' | 'language';
  label: MessageKey;
  saveFailed: MessageKey;
  values: readonly V[];
  labelOf: (value: V) => string;
  /** This device's value now. */
  current: () => V;
  /** The account's value, or null when it holds none (or one this app does not know). */
  ofAccount: (preferences: unknown) => V | null;
  /** Applies and stores a value on this device; an unknown one falls back to the default. */
  apply: (value: string) => V;
}

function AccountPreferencePicker<V extends string>({ choice }: { choice: Choice<V> }) {
  const dispatch = useAppDispatch();
  const t = useT();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const { currentData: profile } = useGetMyProfileQuery(undefined, { skip: !signedIn });
  const [savePreferences] = useUpdatePreferencesMutation();
  const account = signedIn ? choice.ofAccount(profile?.preferences) : null;
  const [shown, setShown] = useState<V>(() => account ?? choice.current());
  // Signed in, the account's value is the one in effect (applied as the profile is read): follow it.
  const [seen, setSeen] = useState(account);
  if (account !== seen) {
    setSeen(account);
    if (account) setShown(account);
  }
  const id = useId();

  const choose = (value: string) => {
    const applied = choice.apply(value);
    setShown(applied);
    // Only over preferences read: the call replaces them all.
    if (!signedIn || !profile) return;
    savePreferences({ ...profile.preferences, [choice.key]: applied })
      .unwrap()
      .catch((error: unknown) => {
        const message = t(choice.saveFailed);
        logger.warn(message, { error });
        dispatch(toastShown({ type: 'error', message }));
        // The account keeps its value, which wins on the next read: show it now.
        if (account) setShown(choice.apply(account));
      });
  };

  return (
    <LabelledField htmlFor={id} label={t(choice.label)} className="field field--compact">
      <select id={id} value={shown} onChange={(e) => choose(e.target.value)}>
        <ValueOptions values={choice.values} label={choice.labelOf} />
      </select>
    </LabelledField>
  );
}

const THEME: Choice<(typeof THEMES)[number]> = {
  key: 'theme',
  label: 'components.theme.label',
  saveFailed: 'components.theme.saveFailed',
  values: THEMES,
  labelOf: (theme) => THEME_LABELS[theme],
  current: storedTheme,
  ofAccount: accountTheme,
  apply: setTheme,
};

const LANGUAGE: Choice<(typeof LOCALES)[number]> = {
  key: 'language',
  label: 'common.language',
  saveFailed: 'components.language.saveFailed',
  values: LOCALES,
  labelOf: (locale) => LOCALE_NAMES[locale],
  current: getLocale,
  ofAccount: accountLanguage,
  apply: (value) => {
    const locale = LOCALES.find((l) => l === value) ?? 'en';
    setLocale(locale);
    return locale;
  },
};

export function ThemePicker() {
  return <AccountPreferencePicker choice={THEME} />;
}

export function LanguagePicker() {
  return <AccountPreferencePicker choice={LANGUAGE} />;
}
