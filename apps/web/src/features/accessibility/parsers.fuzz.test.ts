import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_STORAGE_KEYS } from '@argus/contracts/accessibility';
import { ROLES } from '@argus/contracts/roles';
import { readSavedSettings } from './accessibility-settings';
import { parseVoiceCommand } from './voice-intents';

describe('parsers against anything', () => {
  it('the voice intent parser answers an intent or null for any phrase and role', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.lorem()), fc.constantFrom(...ROLES, null), (phrase, role) => {
        const intent = parseVoiceCommand(phrase, role);
        expect(intent === null || typeof intent === 'object').toBe(true);
      }),
      { numRuns: 3000, seed: 20261122 },
    );
  });

  it('saved accessibility settings read back only well-formed values, whatever storage holds', () => {
    const storageKey = fc.oneof(fc.constantFrom(...Object.values(ACCESSIBILITY_STORAGE_KEYS)), fc.string());
    fc.assert(
      fc.property(
        fc.dictionary(storageKey, fc.oneof(fc.string(), fc.constantFrom('true', 'false', 'small', 'large', 'TRUE', ' true'))),
        (stored) => {
          const saved = readSavedSettings({ getItem: (key) => stored[key] ?? null });
          for (const [key, value] of Object.entries(saved)) {
            if (key === 'fontSize') expect(['small', 'medium', 'large']).toContain(value);
            else expect(typeof value).toBe('boolean');
          }
        },
      ),
      { numRuns: 2000, seed: 20261122 },
    );
  });
});
