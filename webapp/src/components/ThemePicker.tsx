/** Choose one of the six palettes; the choice is stored and applied at once. */
import { useId, useState } from 'react';
import { setTheme, storedTheme, THEME_LABELS, THEMES, type ThemeName } from '../lib/theme';

export function ThemePicker() {
  const [theme, setLocal] = useState<ThemeName>(() => storedTheme());
  const id = useId();
  return (
    <div className="field field--compact">
      <label htmlFor={id} className="field__label">
        Theme
      </label>
      <select id={id} value={theme} onChange={(e) => setLocal(setTheme(e.target.value))}>
        {THEMES.map((t) => (
          <option key={t} value={t}>
            {THEME_LABELS[t]}
          </option>
        ))}
      </select>
    </div>
  );
}
