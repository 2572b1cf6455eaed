import { afterEach, describe, expect, it } from 'vitest';
import { applyBrandColor, textOn } from './brand';

afterEach(() => {
  applyBrandColor(null);
  document.head.querySelector('meta[name="theme-color"]')?.remove();
});

describe('the brand colour', () => {
  it.each([
    ['#1b5e20', '#ffffff'],
    ['#3949ab', '#ffffff'],
    ['#ffd600', '#111111'],
    ['#f5f5f5', '#111111'],
  ])('picks the text colour that reads better on it: on %s, %s', (brand, text) => {
    expect(textOn(brand)).toBe(text);
  });

  it('becomes the default palette’s primary and the browser’s theme colour', () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#3f51b5';
    document.head.append(meta);
    applyBrandColor('#ffd600');
    const root = document.documentElement;
    expect(root.style.getPropertyValue('--brand-primary')).toBe('#ffd600');
    expect(root.style.getPropertyValue('--brand-on-primary')).toBe('#111111');
    expect(meta.content).toBe('#ffd600');
  });

  it('is ignored unless written #rrggbb', () => {
    applyBrandColor('#ffd600');
    applyBrandColor('red; background: url(x)');
    expect(document.documentElement.style.getPropertyValue('--brand-primary')).toBe('');
  });
});
