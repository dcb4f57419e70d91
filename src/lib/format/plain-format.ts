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

/** The reader's day of an ISO date-time, undefined when it is not a date. */
function dayOf(iso: string): { date: Date; text: string } | undefined {
  const date = new Date(iso);
  const month = MONTHS[date.getMonth()];
  return month ? { date, text: `${date.getDate()} ${month} ${date.getFullYear()}` } : undefined;
}

/** "1 Mar 2026"; a value that is not a date as it came. */
export function formatDay(iso: string): string {
  return dayOf(iso)?.text ?? iso;
}

/** "1 Mar 2026, 09:05"; a value that is not a date as it came. */
export function formatDayTime(iso: string): string {
  const day = dayOf(iso);
  return day ? `${day.text}, ${twoDigits(day.date.getHours())}:${twoDigits(day.date.getMinutes())}` : iso;
}

/** "10,000": digits in groups of three. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
