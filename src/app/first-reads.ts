/**
 * The reads each signed-in page starts with, by its address: the entry asks
 * for them the moment the configuration is in (lib/api/early-reads.ts), while
 * the page's code downloads, and the page's own queries take the answers.
 * They are the reads of the signed-in layout's and the page's prefetch
 * modules (app/prefetch.ts) that need nothing but the address, spelled as
 * their endpoints spell them (first-reads.test.ts checks both). Strings, not
 * the endpoints themselves: those carry their schemas, which the entry does
 * not load.
 */

/** The pages that are not signed in (main.tsx: no session needed, nothing read as anybody). */
export const PUBLIC_PATHS: readonly string[] = ['/sign-in', '/welcome', '/auth/callback'];

/** Every signed-in page: who the person is (lib/access/prefetch-access.ts). */
const EVERY_SIGNED_IN_PAGE = ['/user/v1/my/profile', '/auth/v1/session'] as const;

/** Each page's own first reads (its prefetch module), by its path; a parameter is the match's first group. */
const PAGE_READS: readonly (readonly [RegExp, (segment: string) => readonly string[]])[] = [
  [/^\/students\/([^/]+)\/?$/, (userId) => [`/edu/v1/trainer/students/${userId}/record`, '/edu/v1/trainer/roster']],
  [/^\/profile\/?$/, () => ['/user/v1/my/profile/cover', '/user/v1/my/profile/picture']],
  [/^\/friends\/?$/, () => ['/user/v1/my/friends']],
];

/** A path segment as `endpointUrl` writes a parameter: decoded from the address, then encoded as one segment. */
function asSegment(raw: string): string | undefined {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/** The addresses (under the platform's base) that the page at `pathname` reads first, signed in. */
export function firstReadsOf(pathname: string): readonly string[] {
  if (PUBLIC_PATHS.includes(pathname)) return [];
  for (const [pattern, reads] of PAGE_READS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const segment = match[1] === undefined ? '' : asSegment(match[1]);
    return segment === undefined ? EVERY_SIGNED_IN_PAGE : [...EVERY_SIGNED_IN_PAGE, ...reads(segment)];
  }
  return EVERY_SIGNED_IN_PAGE;
}
