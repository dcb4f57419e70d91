/**
 * Dates and counts as the dashboard writes them, in English and the reader's time zone, written out
 * rather than with Intl. Building an Intl formatter reads its locale's data the first time: on
 * Lighthouse's phone (4x CPU) that was a long task of 25-70 ms in the very render that puts a page's
 * list on screen (the comments' times, the class cards' days, a list's count), most of a page's
 * blocking time. These formats need no locale data: the dashboard is in English, and the day, month
 * and 24-hour time read the same to every trainer.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The reader's day of a date-time, undefined when the browser cannot read the value as one. */
function dayOf(value: string | Date): { date: Date; text: string } | undefined {
  const date = new Date(value);
  const month = MONTHS[date.getMonth()];
  return month ? { date, text: `${date.getDate()} ${month} ${date.getFullYear()}` } : undefined;
}

/** "1 Mar 2026", of an ISO date-time or a Date; a value the browser cannot read as a date, as it came. */
export function formatDay(value: string | Date): string {
  return dayOf(value)?.text ?? String(value);
}

/** "1 Mar 2026, 09:05"; a value the browser cannot read as a date, as it came. */
export function formatDayTime(iso: string): string {
  const day = dayOf(iso);
  return day ? `${day.text}, ${twoDigits(day.date.getHours())}:${twoDigits(day.date.getMinutes())}` : iso;
}

/** "10,000": a whole count, its digits in groups of three (a fraction is dropped: counts are whole). */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
