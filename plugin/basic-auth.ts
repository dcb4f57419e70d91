/**
 * The check every plugin must make (section 4.2): decode the service's Basic
 * header and answer only when both the client id and the client secret match,
 * compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal-length inputs, so the time taken says nothing about the content.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function decodeBasic(header: string | undefined): { clientId: string; clientSecret: string } | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=]{1,1024})\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

/** True when the header carries exactly this plugin's client id and secret. */
export function verifyBasic(header: string | undefined, clientId: string, clientSecret: string): boolean {
  const given = decodeBasic(header);
  // Both comparisons always run, so a right id with a wrong secret takes as long as a wrong id.
  const idMatches = sameSecret(given?.clientId ?? '', clientId);
  const secretMatches = sameSecret(given?.clientSecret ?? '', clientSecret);
  return given !== undefined && idMatches && secretMatches;
}

export function basicHeader(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}
