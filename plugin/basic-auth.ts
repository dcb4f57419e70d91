/**
 * The check every plugin must make (section 4.2): read the service's Basic
 * header and answer only when both the client id and the client secret match,
 * compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeBasic } from '../contract/basic-auth.ts';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal-length inputs, so the time taken says nothing about the content.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** True when the header carries exactly this plugin's client id and secret. */
export function verifyBasic(header: string | undefined, clientId: string, clientSecret: string): boolean {
  const given = decodeBasic(header);
  // Both comparisons always run, so a right id with a wrong secret takes as long as a wrong id.
  const idMatches = sameSecret(given?.clientId ?? '', clientId);
  const secretMatches = sameSecret(given?.clientSecret ?? '', clientSecret);
  return given !== undefined && idMatches && secretMatches;
}
