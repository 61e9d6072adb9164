import { describe, expect, it } from 'vitest';
import { displayFileName } from './file-names';

describe('displayFileName', () => {
  it('removes a right-to-left override, so "exe.txt" shows as the executable it is', () => {
    expect(displayFileName('\u202Etxt.exe')).toBe('txt.exe');
    expect(displayFileName('invoice\u202Egnp.js')).toBe('invoicegnp.js');
  });

  it('removes every bidi embedding, isolate and mark, and other invisible characters', () => {
    const invisible = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u200B',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u00AD',
      '\u3164',
      '\u2028',
      '\u2029',
      '\u0000',
      '\u001B',
      '\u0085',
    ];
    for (const character of invisible) expect(displayFileName(`re${character}port.pdf`), JSON.stringify(character)).toBe('report.pdf');
  });

  it('keeps what is visible: accents, right-to-left scripts, emoji, spaces', () => {
    expect(displayFileName('Scène à la gare.png')).toBe('Scène à la gare.png');
    expect(displayFileName('תמונה 1.jpg')).toBe('תמונה 1.jpg');
    expect(displayFileName('Unit 🚓 north.mp4')).toBe('Unit 🚓 north.mp4');
  });

  it('shows a lone surrogate as the replacement character, and an empty name as the fallback', () => {
    expect(displayFileName('a\uD800b.txt')).toBe('a\uFFFDb.txt');
    expect(displayFileName('\u202E\u200B')).toBe('unnamed file');
    expect(displayFileName('  ', 'evidence')).toBe('evidence');
  });

  it('changes nothing it already made safe', () => {
    const once = displayFileName('\u202Ecod.exe\u2066');
    expect(displayFileName(once)).toBe(once);
  });
});
