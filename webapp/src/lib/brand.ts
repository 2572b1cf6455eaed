/**
 * The instance's branding (`BRAND_COLOR`, `BRAND_LOGO_URL` through GET /api/config): its colour
 * becomes the default palette's primary (with text on it black or white, whichever reads
 * better) and the browser's theme colour. Other palettes keep their own colours.
 */

/** #rrggbb only: anything else leaves the palette as it is. */
const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of #rrggbb. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The text colour with the higher contrast on `hex`. */
export function textOn(hex: string): '#ffffff' | '#111111' {
  const l = luminance(hex);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111111') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111111';
}

/** Applies the brand's colour (or removes it: null, or not #rrggbb). */
export function applyBrandColor(color: string | null | undefined, root: HTMLElement = document.documentElement): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!color || !HEX.test(color)) {
    root.style.removeProperty('--brand-primary');
    root.style.removeProperty('--brand-on-primary');
    return;
  }
  root.style.setProperty('--brand-primary', color);
  root.style.setProperty('--brand-on-primary', textOn(color));
  meta?.setAttribute('content', color);
}
