/**
 * Shapes shared by every area of the interface: the one error body, ids and
 * small helpers for query strings. Imports nothing but zod.
 *
 * The contract uses `zod/mini` (functional, tree-shakeable) rather than
 * classic zod, whose methods on every schema keep all of zod in the
 * dashboard's bundle. Rules and messages are the same either way.
 */
import { z } from 'zod/mini';

// zod/mini ships no locale ("Invalid input" for every built-in issue); classic
// zod loads English on its own. Set it here, where every area's schemas start,
// so the service and the dashboard word built-in issues as they always have.
z.config(z.locales.en());

/** One field-level problem in a rejected request. `path` is dotted: `body.text`. */
export const errorIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorIssue = z.infer<typeof errorIssueSchema>;

/**
 * The only error body the service sends, for every 4xx and 5xx. `requestId`
 * is the request's id (echoed in the X-Request-Id header too): the service
 * always sends it; it is optional here so bodies from a platform that does
 * not still parse.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.optional(z.array(errorIssueSchema)),
    requestId: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Stable machine-readable error codes; the message says the rest. Each has
 * one platform code (the `errorcode` header) in `error-codes.ts`.
 */
export const errorCodes = [
  'bad_request',
  'malformed_json',
  'invalid_input',
  'unauthorized',
  'invalid_credentials',
  'invalid_client',
  'invalid_token',
  'token_expired',
  'forbidden',
  'anonymous_not_allowed',
  'missing_scope',
  'missing_permission',
  'org_forbidden',
  'sandbox_credential',
  'not_found',
  'conflict',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_cursor',
  // RFC 6749 5.2 and 4.1.2.1: the OAuth endpoints' own codes, in the one error body.
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unsupported_grant_type',
  // 429: too many attempts from this caller (guessed passwords, anonymous sign-ups); Retry-After says when.
  'too_many_requests',
  'overloaded',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Size limits of the service (section 8 of the interface is silent; see docs). */
export const limits = {
  /** Largest request body the service reads, in bytes. */
  bodyBytes: 64 * 1024,
  /** Longest comment text, in characters. */
  commentText: 5000,
  /** Longest note text, in characters. */
  noteText: 10000,
  /** Longest identifier accepted anywhere. */
  id: 128,
  /** Most ids in one comma-separated list parameter. */
  idList: 200,
} as const;

/**
 * Text with something in it besides whitespace. A pattern rather than a
 * refinement (the same rule: `\S` is what `trim()` does not remove), so the
 * OpenAPI document carries it.
 */
export const notBlank = () => z.regex(/\S/, 'must not be blank');

/** An opaque identifier: non-empty, bounded, no surrounding whitespace. */
export const idSchema = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(limits.id, `must be at most ${limits.id} characters`),
    z.regex(/^\S(.*\S)?$/, 'must not start or end with whitespace'),
  );

/**
 * An optional id a client may also send as `null`: the platform's SDKs send
 * JSON null for an id they do not have (DXSDK-Swift DXNoteClient,
 * DXStudentClient). `null` means the same as leaving the field out.
 */
export const optionalIdSchema = () => z.optional(z.nullable(idSchema));

/** The fields of an object without those that are `null`, typed so. */
export type NullAsAbsent<T> = { [K in keyof T]: Exclude<T[K], null> };
export function nullAsAbsent<T extends object>(value: T): NullAsAbsent<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null)) as NullAsAbsent<T>;
}

/** Comma-separated ids in a query string (`a,b,c`), parsed into an array. */
export const idListParamSchema = z.pipe(
  z.pipe(z.string(), z.transform(splitList)),
  z.array(idSchema).check(z.minLength(1, 'must name at least one id'), z.maxLength(limits.idList)),
);

/** `a, b,,c` -> `['a', 'b', 'c']`: the items of a comma-separated parameter. */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Reports whether a parsed body or query is an error body. */
export function isErrorBody(value: unknown): value is ErrorBody {
  return errorBodySchema.safeParse(value).success;
}

/**
 * Extension: paging of long lists. `limit` asks for pages of that many rows;
 * `cursor` names where the next page starts: an opaque value the service
 * issued in the previous answer's `Link: <…>; rel="next"` header, valid only
 * with the same filters and for the same caller. Without `limit` the whole
 * list is answered, as the interface gives it.
 */
export const pageLimit = { min: 1, max: 1000 } as const;

export const pageLimitSchema = z
  .pipe(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, `must be a whole number from ${pageLimit.min} to ${pageLimit.max}`)),
      z.transform(Number),
    ),
    z
      .int()
      .check(
        z.gte(pageLimit.min, `must be a whole number from ${pageLimit.min} to ${pageLimit.max}`),
        z.lte(pageLimit.max, `must be a whole number from ${pageLimit.min} to ${pageLimit.max}`),
      ),
  )
  .check(
    z.meta({
      description: `Extension: answer pages of this many rows (${pageLimit.min}–${pageLimit.max}); the next page is in the Link header (rel="next"), absent on the last page. Without it, the whole list.`,
      'x-extension': true,
    }),
  );

export const cursorSchema = z.string().check(
  z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a cursor this list issued'),
  z.meta({
    description:
      'Extension: where the next page starts, as named by the previous page’s Link header. Opaque; valid only with the same filters, for the same caller; needs limit.',
    'x-extension': true,
  }),
);

/** The paging parameters, added to a list's filters. */
export const pagingShape = {
  limit: z.optional(pageLimitSchema),
  cursor: z.optional(cursorSchema),
};

export const cursorNeedsLimitRule = 'a cursor continues a paged list: send limit with it';

/** A cursor continues a paged list, so it comes with `limit`. */
export const cursorNeedsLimit = z.refine<{ limit?: number | undefined; cursor?: string | undefined }>(
  (query) => query.cursor === undefined || query.limit !== undefined,
  {
    message: cursorNeedsLimitRule,
    path: ['limit'],
  },
);

/**
 * When an entry was written, an extension of a list element (the interface's
 * Comment and Note carry no time): an ISO 8601 date-time in UTC.
 */
export const writtenAtSchema = (what: string) =>
  z.iso.datetime().check(z.meta({ description: `Extension: ${what}, ISO 8601 in UTC.`, 'x-extension': true }));
