/**
 * A profile's fields as a person would say them: "Adult account", "In
 * training", the country's name rather than its code. The interface leaves
 * the lists of user and account types open, so a value not known here is
 * shown as it is, made readable, rather than guessed at.
 */

/** Who the account is for, from the platform's accountType (values seen: Adult, Parent, Kid). */
const accountWords: Record<string, string> = {
  adult: 'Adult account',
  parent: 'Parent account',
  kid: 'Child account',
};

/** Who the person is, from the platform's userType (values seen: adult, child, teen-minor). */
const userWords: Record<string, string> = {
  adult: 'Adult',
  child: 'Child',
  'teen-minor': 'Teenager (under 18)',
};

const readable = (value: string) => {
  const words = value.trim().replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * One line for both types: "Adult account", or "Child account · Teenager
 * (under 18)" when the user type adds something; '' when neither is known.
 */
export function accountInWords(accountType: string, userType: string): string {
  const account = accountType.trim() ? (accountWords[accountType.trim().toLowerCase()] ?? readable(accountType)) : '';
  const user = userType.trim() ? (userWords[userType.trim().toLowerCase()] ?? readable(userType)) : '';
  // "Adult account" already says "Adult".
  if (!user || account.toLowerCase().startsWith(user.toLowerCase())) return account;
  return account ? `${account} · ${user}` : user;
}

/** "Trains others", "In training", both, or '' when neither. */
export function trainingInWords({ trainer, trainee }: { trainer: boolean; trainee: boolean }): string {
  return [trainer ? 'Trains others' : '', trainee ? 'In training' : ''].filter(Boolean).join(' · ');
}

let regions: Intl.DisplayNames | undefined;

/** The country's name for a two-letter code ("US" → "United States"); the value itself when it is not a code. */
export function countryName(code: string): string {
  const value = code.trim();
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  try {
    regions ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return regions.of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
}

/** Labels of the optional fields, in words. */
export const fieldLabels = {
  displayRank: 'Rank',
  militaryGrade: 'Military grade',
  civilianGrade: 'Civilian grade',
  civilianBand: 'Civilian band',
  displayDutyTitle: 'Duty title',
  jobTitle: 'Job title',
  jobSeriesNumber: 'Job series',
  afsc: 'Specialty code (AFSC)',
  email: 'Email',
  gender: 'Gender',
  country: 'Country',
  account: 'Account',
  training: 'Training',
} as const;

export interface DetailRow {
  readonly label: string;
  readonly value: string;
}

/** Rows with a value only: an empty field is left out, not shown as a blank. */
export function filledRows(rows: readonly [string, string | undefined][]): DetailRow[] {
  return rows.flatMap(([label, value]) => (value?.trim() ? [{ label, value: value.trim() }] : []));
}

/** The work fields a full profile has and a friend may have, in the order both show them. */
const workFields = [
  'displayRank',
  'militaryGrade',
  'civilianGrade',
  'civilianBand',
  'displayDutyTitle',
  'jobTitle',
  'jobSeriesNumber',
] as const;

/** A person's work fields as labelled rows, before `filledRows` leaves out the empty ones. */
export function workRows(person: Partial<Record<(typeof workFields)[number], string>>): [string, string | undefined][] {
  return workFields.map((field) => [fieldLabels[field], person[field]]);
}
