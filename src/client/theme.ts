/** The Mantine theme: one place for colours, radius and focus styling. */
import { createTheme, darken, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  // Keyboard users always see where they are; mouse clicks do not leave rings.
  focusRing: 'auto',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
});

/*
 * WCAG 2.2 AA contrast. Mantine's defaults put white text on shade 6 (blue 3.6:1, teal 2.6:1)
 * and dim text in gray 6 (3.3:1 on white). Instead of picking shades by hand per colour, each colour's filled and
 * text shades are derived here: the lightest palette shade (else a darkened shade 9) that reaches 4.6:1 against
 * what it sits on, so every `color=` a component uses stays readable in both schemes.
 */
const MIN_RATIO = 4.6;

function luminance(hex: string): number {
  const ch = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function toHex(color: string): string {
  if (color.startsWith('#')) return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).map(Number);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The lightest of `shades` (else shade 9 darkened step by step) reaching MIN_RATIO against every background. */
function readable(shades: readonly string[], backgrounds: readonly string[]): string {
  const ok = (c: string) => backgrounds.every((bg) => contrast(c, bg) >= MIN_RATIO);
  const found = shades.find(ok);
  if (found) return found;
  let c = shades[shades.length - 1];
  for (let step = 0.05; !ok(c) && step < 1; step += 0.05) c = toHex(darken(shades[shades.length - 1], step));
  return c;
}

function colorVariables(): { light: Record<string, string>; dark: Record<string, string> } {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const p = palette as readonly string[];
    // Filled (buttons, badges, checked tiles): white text on it.
    const filled = readable([p[6], p[7], p[8], p[9]], ['#ffffff']);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = toHex(darken(filled, 0.1));
    // Coloured text on white and on the colour's own light tint (light badges, alerts).
    const text = readable([p[7], p[8], p[9]], ['#ffffff', p[0], p[1]]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    const darkFilled = readable([p[8], p[9]], ['#ffffff']);
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    dark[`--mantine-color-${name}-filled-hover`] = toHex(darken(darkFilled, 0.1));
  }
  return { light, dark };
}

const colors = colorVariables();

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...colors.light,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-anchor': colors.light['--mantine-color-blue-text'],
    '--mantine-color-error': colors.light['--mantine-color-red-text'],
  },
  dark: {
    ...colors.dark,
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
  },
});
