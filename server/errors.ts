/** The one error type of the service, turned into the one error body and the platform's error headers. */
import type { ErrorBody, ErrorCode, ErrorIssue } from '../contract/common.ts';
import {
  ERROR_CODE_HEADER,
  ERROR_DESCRIPTION_HEADER,
  errorDescriptionMax,
  platformCodeOf,
} from '../contract/error-codes.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 429 | 431 | 500 | 502 | 503 | 504;

export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
    /** Seconds the client is asked to wait before trying again (`Retry-After`), for a 429 or a 503. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }

  /** The one error body; `requestId` is the request's id (X-Request-Id), so a report leads to its log line. */
  toBody(requestId?: string): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.issues ? { issues: this.issues } : {}),
        ...(requestId ? { requestId } : {}),
      },
    };
  }

  /** The `errorcode` and `errordescription` headers the platform's SDKs read. */
  headers(): Record<string, string> {
    return {
      ...errorHeaders(this.code, this.message),
      ...(this.retryAfter !== undefined ? { 'Retry-After': String(Math.max(1, Math.ceil(this.retryAfter))) } : {}),
    };
  }
}

/** `errorcode` and `errordescription` of an error, for an answer built without an HttpError (Node's own refusals). */
export function errorHeaders(code: ErrorCode, message: string): Record<string, string> {
  return { [ERROR_CODE_HEADER]: String(platformCodeOf[code]), [ERROR_DESCRIPTION_HEADER]: headerText(message) };
}

/**
 * A message as a header value: printable ASCII only, so no CR or LF can end
 * the header (a message may quote what the client sent) and no client has to
 * guess an encoding. Accents are dropped, typographic quotes and dashes become
 * their ASCII forms, anything else becomes `?`; a long message is cut.
 */
export function headerText(message: string): string {
  const ascii = message
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[^\x20-\x7e]/g, '?')
    .trim();
  return ascii.length <= errorDescriptionMax ? ascii : `${ascii.slice(0, errorDescriptionMax - 3)}...`;
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
/** What an anonymous account may not do (the platform's 4035). */
export const anonymousNotAllowed = (message: string, issues?: ErrorIssue[]) =>
  new HttpError(403, 'anonymous_not_allowed', message, issues);
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new HttpError(400, 'invalid_input', message, issues);
