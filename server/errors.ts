/** The one error type of the service, turned into the one error body. */
import type { ErrorBody, ErrorCode, ErrorIssue } from '../contract/common.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 500 | 502 | 503 | 504;

export class HttpError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ErrorIssue[],
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
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} was not found`);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const badRequest = (message: string, issues?: ErrorIssue[]) =>
  new HttpError(400, 'invalid_input', message, issues);
