import type { AccessibilitySettings } from '@argus/contracts/accessibility';
import type { FontSize } from '@argus/contracts/constants';
import type { Role } from '@argus/contracts/roles';
import { routesFor } from '@argus/contracts/routes';

/**
 * Turns a recognised phrase into one thing the app can do. Every pattern is anchored to the
 * whole phrase: recognition runs continuously, so a sentence that merely contains "command"
 * or "settings" must not move the user anywhere.
 */
export type ToggleSetting = Exclude<keyof AccessibilitySettings, 'fontSize'>;

export type VoiceIntent =
  | { kind: 'navigate'; path: string }
  /** `value` is absent for "toggle …", which flips the current state. */
  | { kind: 'toggle'; setting: ToggleSetting; value?: boolean }
  | { kind: 'font-size'; size: FontSize }
  | { kind: 'sign-out' }
  | { kind: 'open-accessibility' };

/** Spoken names of pages beyond their titles; /field-unit is the same screen as /fieldunit. */
const PAGE_ALIASES: Record<string, string[]> = {
  '/': ['home', 'home page', 'operations home', 'overview', 'start'],
  '/command': ['command', 'command dashboard', 'command center', 'command centre', 'operational picture'],
  '/fieldunit': ['field unit', 'field units', 'field unit dashboard', 'my unit', 'unit dashboard'],
  '/analyst': ['analyst', 'analyst console', 'triage', 'triage queue'],
  '/analytics': ['analytics', 'charts', 'statistics', 'stats'],
  '/surveillance-network': ['surveillance', 'surveillance network', 'cameras', 'sensors'],
  '/civic-reporter': ['civic reporter', 'civic report', 'civic reports', 'report form'],
  '/evidence-review': ['evidence', 'evidence review'],
  '/settings': ['settings', 'my settings', 'profile', 'preferences'],
  '/zone-import': ['zone import', 'import zones', 'zone importer'],
  '/ungoverned-zones': ['ungoverned zones', 'zones', 'zone map'],
  '/streaming-test': ['streaming test', 'stream test', 'camera test'],
  '/production': ['production', 'production dashboard'],
  '/stream-settings': ['stream settings', 'streaming settings', 'video settings'],
};

const SETTING_NAMES: Array<[string, ToggleSetting]> = [
  ['high contrast mode', 'highContrast'],
  ['high contrast', 'highContrast'],
  ['reduced motion', 'reducedMotion'],
  ['reduce motion', 'reducedMotion'],
  ['keyboard navigation', 'keyboardNavigation'],
  ['keyboard shortcuts', 'keyboardNavigation'],
  ['voice commands', 'voiceCommands'],
  ['voice control', 'voiceCommands'],
];

const FONT_WORDS: Record<string, FontSize> = {
  small: 'small',
  smaller: 'small',
  medium: 'medium',
  normal: 'medium',
  default: 'medium',
  large: 'large',
  larger: 'large',
  big: 'large',
  bigger: 'large',
};

const NAVIGATE_VERBS = ['go to', 'go', 'open', 'show me', 'show', 'navigate to', 'take me to', 'bring up'];
const LEADING_FILLERS = /^(?:(?:hey|ok|okay) )?(?:argus )?(?:please )?(?:can you )?/;

/** Lower-case words only, so punctuation and capitals from the recogniser do not matter. */
export function normalisePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(LEADING_FILLERS, '')
    .replace(/ please$/, '')
    .trim();
}

function matchSetting(words: string): ToggleSetting | null {
  const name = words.replace(/^the /, '').replace(/ (setting|mode)$/, '');
  for (const [spoken, setting] of SETTING_NAMES) {
    if (name === spoken || `${name} mode` === spoken) return setting;
  }
  return null;
}

function parseToggle(phrase: string): VoiceIntent | null {
  const patterns: Array<[RegExp, (m: RegExpMatchArray) => [string, boolean | undefined]]> = [
    [/^(?:turn|switch) (on|off) (.+)$/, (m) => [m[2] ?? '', m[1] === 'on']],
    [/^(?:turn|switch) (.+) (on|off)$/, (m) => [m[1] ?? '', m[2] === 'on']],
    [/^(enable|disable|activate|deactivate) (.+)$/, (m) => [m[2] ?? '', m[1] === 'enable' || m[1] === 'activate']],
    [/^toggle (.+)$/, (m) => [m[1] ?? '', undefined]],
    [/^(.+) (on|off)$/, (m) => [m[1] ?? '', m[2] === 'on']],
  ];
  for (const [pattern, read] of patterns) {
    const match = phrase.match(pattern);
    if (!match) continue;
    const [words, value] = read(match);
    const setting = matchSetting(words);
    if (setting) return value === undefined ? { kind: 'toggle', setting } : { kind: 'toggle', setting, value };
  }
  return null;
}

function parseFontSize(phrase: string): VoiceIntent | null {
  const match =
    phrase.match(/^(?:set |change )?(?:the )?(?:font|text) size (?:to )?(\w+)$/) ??
    phrase.match(/^(?:use )?(\w+) (?:font|text)(?: size)?$/) ??
    phrase.match(/^make (?:the )?text (\w+)$/);
  const size = match?.[1] ? FONT_WORDS[match[1]] : undefined;
  return size ? { kind: 'font-size', size } : null;
}

function parseNavigation(phrase: string, role: Role): VoiceIntent | null {
  if (phrase === 'go home' || phrase === 'go back home') return allowed('/', role);
  for (const verb of NAVIGATE_VERBS) {
    if (!phrase.startsWith(`${verb} `)) continue;
    const target = phrase
      .slice(verb.length + 1)
      .replace(/^the /, '')
      .replace(/ (page|screen|view|tab)$/, '');
    for (const [path, aliases] of Object.entries(PAGE_ALIASES)) {
      if (aliases.includes(target)) return allowed(path, role);
    }
  }
  return null;
}

/** Only pages the role may open are offered; the route guard would bounce anything else. */
function allowed(path: string, role: Role): VoiceIntent | null {
  return routesFor(role).some((route) => route.path === path) ? { kind: 'navigate', path } : null;
}

export function parseVoiceCommand(text: string, role: Role | null): VoiceIntent | null {
  const phrase = normalisePhrase(text);
  if (!phrase) return null;

  if (/^(?:open |show |show me )?(?:the )?accessibility(?: settings| panel| options| menu)?$/.test(phrase)) {
    return { kind: 'open-accessibility' };
  }
  const toggle = parseToggle(phrase);
  if (toggle) return toggle;
  const fontSize = parseFontSize(phrase);
  if (fontSize) return fontSize;

  if (role === null) return null;
  if (/^(?:sign|log) ?(?:me )?out$/.test(phrase)) return { kind: 'sign-out' };
  return parseNavigation(phrase, role);
}
