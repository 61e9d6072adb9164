import { describe, expect, it } from 'vitest';
import { formatPercent, formatUptime } from './format';

describe('formatUptime', () => {
  it('shows the two largest units', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min 5 s');
    expect(formatUptime(3 * 3600 + 60 * 7)).toBe('3 h 7 min');
    expect(formatUptime(2 * 86_400 + 5 * 3600)).toBe('2 d 5 h');
  });
});

describe('formatPercent', () => {
  it('formats ratios and the absence of data', () => {
    expect(formatPercent(0.05)).toBe('5.00%');
    expect(formatPercent(null)).toBe('no data');
  });
});
