/**
 * Whether a candidate holds the specialty a position names. An enlisted AFSC
 * carries its skill level in its fourth character (3D052, 3D072: both
 * 3D0X2) and an officer's in its last (17D3: 17DX), so both sides are read
 * as their specialty; the level is the position's knowledge level, not its
 * AFSC. A position that names no AFSC flags nobody.
 */
import type { CandidatePerson } from '../../../contract/mission-planner';

function specialtyOf(afsc: string): string {
  const code = afsc.trim().toUpperCase();
  if (/^\d[A-Z]\d[0-9X]\d$/.test(code)) return `${code.slice(0, 3)}X${code.slice(4)}`;
  if (/^\d{2}[A-Z][0-9X]$/.test(code)) return `${code.slice(0, 3)}X`;
  return code;
}

/** What to say about a candidate's AFSC against the position's, or nothing when they agree. */
export function afscFlag(positionAfsc: string, person: Pick<CandidatePerson, 'afsc'> | undefined): string | undefined {
  const wanted = positionAfsc.trim();
  if (wanted === '' || person === undefined) return undefined;
  if (person.afsc.trim() === '') return `AFSC not recorded: the position asks for ${wanted.toUpperCase()}`;
  if (specialtyOf(person.afsc) === specialtyOf(wanted)) return undefined;
  return `AFSC ${person.afsc.trim().toUpperCase()} differs from the position’s ${wanted.toUpperCase()}`;
}
