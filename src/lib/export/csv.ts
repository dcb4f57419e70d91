/**
 * Tables as CSV files a trainer opens in a spreadsheet: fields quoted as
 * RFC 4180 says, and a field a spreadsheet would run as a formula (starting
 * with = + - @, a tab or a carriage return) prefixed with an apostrophe, so
 * a name or what someone wrote can never run as one (CSV injection). Every
 * export of the dashboard goes through here.
 */

export function csvField(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function csvText(rows: readonly (readonly string[])[]): string {
  // A byte order mark, so spreadsheets read the names' accents as UTF-8; CRLF as RFC 4180 has it.
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * "record-jordan-lee-2026-03-04.csv": the words lower-cased, anything but letters and digits between
 * them one hyphen, then the reader's day.
 */
export function exportFileName(words: readonly string[], today: Date, extension = 'csv'): string {
  const stem = words
    .join(' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  return `${stem || 'export'}-${day}.${extension}`;
}

/** "2026-03-04 09:05" in the reader's time zone: a date-time spreadsheets read as one; "" where unknown. */
export function csvDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
