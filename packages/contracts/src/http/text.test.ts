import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCheckedText, multiLineText, singleLineText } from './text';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('free-text fields', () => {
  const title = singleLineText().min(1, 'Enter a title.').max(20, 'The title is too long.');
  const notes = multiLineText().max(200);

  it('trims, then keeps the field’s own length rules and messages', () => {
    expect(title.parse('  Fire at the dock  ')).toBe('Fire at the dock');
    expect(messages(title, '   ')).toEqual(['Enter a title.']);
    expect(messages(title, 'x'.repeat(21))).toEqual(['The title is too long.']);
    expect(singleLineText({ trim: false }).parse('  spaced  ')).toBe('  spaced  ');
  });

  it('refuses NUL and every other control character, naming it', () => {
    expect(messages(title, 'Fire\u0000')).toEqual(['Remove the control character U+0000 from this text.']);
    for (const control of ['\u0001', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(title.safeParse(`a${control}b`).success, JSON.stringify(control)).toBe(false);
      expect(notes.safeParse(`a${control}b`).success, JSON.stringify(control)).toBe(false);
    }
  });

  it('lets multi-line text hold line breaks and tabs, and single-line text tabs only', () => {
    expect(notes.parse('first line\r\nsecond\tline\nthird')).toBe('first line\r\nsecond\tline\nthird');
    expect(title.parse('a\tb')).toBe('a\tb');
    expect(messages(title, 'two\nlines')).toEqual(['Keep this text on one line.']);
    expect(messages(title, 'two\rlines')).toEqual(['Keep this text on one line.']);
  });

  it('refuses lone surrogates and accepts real astral characters and right-to-left text', () => {
    expect(messages(title, 'A\uD800')).toEqual([
      'This text holds a broken character (half of a UTF-16 surrogate pair). Type or paste it again.',
    ]);
    expect(title.safeParse('\uDC00A').success).toBe(false);
    expect(notes.safeParse('x\uDBFF').success).toBe(false);
    expect(title.parse('Unit 🚓 North')).toBe('Unit 🚓 North');
    expect(title.parse('שלום עולם')).toBe('שלום עולם');
  });

  it('names the field in the issue path', () => {
    const body = z.object({ report: z.object({ description: notes }) });
    expect(body.safeParse({ report: { description: 'a\u0000' } }).error?.issues[0]?.path).toEqual(['report', 'description']);
  });

  it('knows its own schemas, through any chain of length rules', () => {
    expect(isCheckedText(title)).toBe(true);
    expect(isCheckedText(notes)).toBe(true);
    expect(isCheckedText(singleLineText().toLowerCase().max(5))).toBe(true);
    expect(isCheckedText(z.string().trim().max(20))).toBe(false);
  });
});
