import { useSyncExternalStore } from 'react';

/**
 * Series colours. Recharts draws SVG with colour strings, so the palette is chosen here per theme:
 * on the dark grey theme, colours distinguishable with the common colour-vision deficiencies; in
 * high-contrast mode, lighter and fully saturated ones on black.
 */
const DARK = ['#d4a72c', '#56b4e9', '#69db7c', '#f783ac', '#ff922b', '#b197fc', '#38d9a9', '#ced4da', '#ff8787'];
const HIGH_CONTRAST = ['#ffe066', '#74c0fc', '#8cff9e', '#ffa8d5', '#ffc078', '#d0bfff', '#63e6be', '#ffffff', '#ffb3b3'];

export interface ChartTheme {
  series: string[];
  ink: string;
  muted: string;
  grid: string;
  surface: string;
  highContrast: boolean;
}

const themes: Record<'dark' | 'contrast', ChartTheme> = {
  dark: { series: DARK, ink: '#e9e9ea', muted: '#a6a7ab', grid: '#3f4147', surface: '#25262b', highContrast: false },
  contrast: { series: HIGH_CONTRAST, ink: '#ffffff', muted: '#ffffff', grid: '#ffffff', surface: '#000000', highContrast: true },
};

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const isHighContrast = () => document.documentElement.classList.contains('high-contrast');

/** The chart theme, following the accessibility setting as it changes. */
export function useChartTheme(): ChartTheme {
  return useSyncExternalStore(subscribe, isHighContrast) ? themes.contrast : themes.dark;
}
