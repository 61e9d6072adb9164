import { describe, expect, it } from 'vitest';
import { normalisePhrase, parseVoiceCommand } from './voice-intents';

describe('parseVoiceCommand: navigation', () => {
  it.each([
    ['go to command', '/command'],
    ['Go to the command dashboard.', '/command'],
    ['open settings', '/settings'],
    ['show analytics', '/analytics'],
    ['open the analyst console', '/analyst'],
    ['go home', '/'],
    ['take me to the home page', '/'],
    ['navigate to evidence review', '/evidence-review'],
    ['show me the surveillance network', '/surveillance-network'],
    ['open zone import', '/zone-import'],
    ['go to ungoverned zones', '/ungoverned-zones'],
    ['open the streaming test page', '/streaming-test'],
    ['go to production', '/production'],
    ['open stream settings', '/stream-settings'],
    ['Hey Argus, please open the field unit dashboard', '/fieldunit'],
    ['open civic reporter', '/civic-reporter'],
  ])('"%s" → %s for a Super_Admin', (phrase, path) => {
    expect(parseVoiceCommand(phrase, 'Super_Admin')).toEqual({ kind: 'navigate', path });
  });

  it('offers only pages the role may open', () => {
    expect(parseVoiceCommand('go to command', 'Field_Unit')).toBeNull();
    expect(parseVoiceCommand('open analytics', 'Civic_Reporter')).toBeNull();
    expect(parseVoiceCommand('open the analyst console', 'Intelligence_Analyst')).toEqual({ kind: 'navigate', path: '/analyst' });
    expect(parseVoiceCommand('go to my unit', 'Field_Unit')).toEqual({ kind: 'navigate', path: '/fieldunit' });
    expect(parseVoiceCommand('open settings', 'Civic_Reporter')).toEqual({ kind: 'navigate', path: '/settings' });
  });

  it('does not navigate when nobody is signed in', () => {
    expect(parseVoiceCommand('go home', null)).toBeNull();
    expect(parseVoiceCommand('open settings', null)).toBeNull();
  });
});

describe('parseVoiceCommand: accessibility', () => {
  it.each([
    ['high contrast on', { kind: 'toggle', setting: 'highContrast', value: true }],
    ['High contrast off!', { kind: 'toggle', setting: 'highContrast', value: false }],
    ['turn on high contrast', { kind: 'toggle', setting: 'highContrast', value: true }],
    ['turn high contrast mode off', { kind: 'toggle', setting: 'highContrast', value: false }],
    ['enable reduced motion', { kind: 'toggle', setting: 'reducedMotion', value: true }],
    ['disable reduce motion', { kind: 'toggle', setting: 'reducedMotion', value: false }],
    ['toggle keyboard navigation', { kind: 'toggle', setting: 'keyboardNavigation' }],
    ['turn off voice commands', { kind: 'toggle', setting: 'voiceCommands', value: false }],
  ])('"%s"', (phrase, intent) => {
    expect(parseVoiceCommand(phrase, 'Field_Unit')).toEqual(intent);
  });

  it.each([
    ['font size large', 'large'],
    ['set the font size to small', 'small'],
    ['text size medium', 'medium'],
    ['large text', 'large'],
    ['make the text bigger', 'large'],
    ['normal font', 'medium'],
  ])('"%s" → font size %s', (phrase, size) => {
    expect(parseVoiceCommand(phrase, 'Civic_Reporter')).toEqual({ kind: 'font-size', size });
  });

  it('opens the accessibility panel, also before sign-in', () => {
    expect(parseVoiceCommand('open accessibility', null)).toEqual({ kind: 'open-accessibility' });
    expect(parseVoiceCommand('open accessibility settings', 'Super_Admin')).toEqual({ kind: 'open-accessibility' });
    expect(parseVoiceCommand('show the accessibility panel', 'Field_Unit')).toEqual({ kind: 'open-accessibility' });
    expect(parseVoiceCommand('high contrast on', null)).toEqual({ kind: 'toggle', setting: 'highContrast', value: true });
  });
});

describe('parseVoiceCommand: sign-out', () => {
  it.each(['sign out', 'log out', 'logout', 'sign me out', 'Please log me out.'])('"%s"', (phrase) => {
    expect(parseVoiceCommand(phrase, 'Command_Admin')).toEqual({ kind: 'sign-out' });
  });
});

describe('parseVoiceCommand: phrases that must not match', () => {
  it.each([
    '',
    '   ',
    'command',
    'settings',
    'high contrast',
    'I want to go to the store',
    'go to the store',
    'open the pod bay doors',
    'turn off the lights',
    'turn on the radio',
    'sign out of the meeting',
    'the command dashboard looks great today',
    'we should show analytics to the board',
    'delete all users',
    'switch user',
    'font size enormous',
    'go to commander',
  ])('"%s" → null', (phrase) => {
    expect(parseVoiceCommand(phrase, 'Super_Admin')).toBeNull();
  });
});

describe('normalisePhrase', () => {
  it('drops punctuation, capitals and polite fillers', () => {
    expect(normalisePhrase('  OK Argus, please   open Settings, please. ')).toBe('open settings');
    expect(normalisePhrase('Zone-import!')).toBe('zone import');
  });
});
