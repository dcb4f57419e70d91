/**
 * The one error every API call throws. `status` is the HTTP status, or 0 when
 * no usable answer arrived (network failure, or a 2xx whose body broke the
 * contract: code `bad_response`).
 */
import type { ErrorCode, ErrorIssue } from '../../../contract/common';

export type ApiErrorCode = ErrorCode | 'bad_response' | 'network_error' | 'unknown_error';

export interface ApiErrorInit {
  readonly status: number;
  readonly code: ApiErrorCode | (string & {});
  readonly message: string;
  readonly issues?: readonly ErrorIssue[];
  /** The platform's four-digit code (the `errorcode` header, or the body's code in the platform's table). */
  readonly platformCode?: number;
  /** Seconds the service asked to wait before trying again (`Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorInit['code'];
  readonly issues: readonly ErrorIssue[];
  readonly platformCode: number | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
    this.platformCode = init.platformCode;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** 5xx answers go to the route error boundary; everything else is handled where it happens. */
export function isServerError(error: unknown): boolean {
  return isApiError(error) && error.status >= 500;
}

/** The service was too busy to start the request (503 `overloaded`): nothing was done, so it may be sent again. */
export function isOverloaded(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 503 && error.code === 'overloaded';
}

/** No answer arrived at all: the service is down or this device is offline. */
export function isNetworkError(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'network_error';
}
