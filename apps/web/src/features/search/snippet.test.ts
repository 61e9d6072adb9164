import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('splits matched words from the text around them', () => {
    expect(snippetParts('smoke near the «bridge» and «river» bank')).toEqual([
      { text: 'smoke near the ', isMatch: false },
      { text: 'bridge', isMatch: true },
      { text: ' and ', isMatch: false },
      { text: 'river', isMatch: true },
      { text: ' bank', isMatch: false },
    ]);
  });

  it('keeps markup as text: the snippet is never HTML', () => {
    expect(snippetParts('<img src=x onerror=alert(1)> «fire»')).toEqual([
      { text: '<img src=x onerror=alert(1)> ', isMatch: false },
      { text: 'fire', isMatch: true },
    ]);
  });

  it('copes with unbalanced markers and empty matches', () => {
    expect(snippetParts('a » b «c')).toEqual([
      { text: 'a » b ', isMatch: false },
      { text: 'c', isMatch: true },
    ]);
    expect(snippetParts('«»x')).toEqual([{ text: 'x', isMatch: false }]);
    expect(snippetParts('')).toEqual([]);
  });
});
