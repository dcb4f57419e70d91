/** The dashboard's dates and counts: the reader's day and time, in English, whatever the value. */
import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatDayTime } from './plain-format';

describe('formatDay and formatDayTime', () => {
  it("write the reader's day and 24-hour time, not UTC's", () => {
    // 30 Sep 2026, 23:05 where the reader is.
    const lateEvening = new Date(2026, 8, 30, 23, 5).toISOString();
    expect(formatDay(lateEvening)).toBe('30 Sep 2026');
    expect(formatDayTime(lateEvening)).toBe('30 Sep 2026, 23:05');
    expect(formatDayTime(new Date(2026, 0, 2, 7, 0).toISOString())).toBe('2 Jan 2026, 07:00');
    expect(formatDay(new Date(2026, 10, 24, 0, 30))).toBe('24 Nov 2026');
  });

  it('give a value that is not a date back as it came', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatDayTime('')).toBe('');
  });
});

describe('formatCount', () => {
  it('groups the digits in threes', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(1234.9)).toBe('1,234');
  });
});
