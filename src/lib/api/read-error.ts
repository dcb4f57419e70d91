/**
 * Reads a failed answer the way either kind of server sends it: this
 * service's JSON error body, or the platform's `errorcode` /
 * `errordescription` headers alone (beside an empty, HTML or other body).
 * Both lead to the same `ApiError` code, so a person reads the same message
 * whichever server answered, and the client decides on refreshing from the
 * platform's code (4010) either way.
 */
import { type ErrorCode, errorBodySchema } from '../../../contract/common';
import { ERROR_CODE_HEADER, ERROR_DESCRIPTION_HEADER, platformCodeOf } from '../../../contract/error-codes';
import { ApiError } from './api-error';

/**
 * The one code the dashboard reads for each platform code that several of
 * this service's codes share (4000, 4012, 4032, 5003): the meaning the
 * platform gives it, not a guess at which of ours it was.
 */
const preferred: Partial<Record<number, ErrorCode>> = {
  4000: 'bad_request',
  4003: 'invalid_input',
  4012: 'invalid_client',
  4032: 'forbidden',
  5003: 'unavailable',
};

const codeOfPlatform = new Map<number, ErrorCode>();
for (const [code, platform] of Object.entries(platformCodeOf) as [ErrorCode, number][]) {
  if (!codeOfPlatform.has(platform)) codeOfPlatform.set(platform, preferred[platform] ?? code);
}

/** The platform code in an `errorcode` header: four digits, else nothing. */
function headerCode(headers: Headers): number | undefined {
  const value = headers.get(ERROR_CODE_HEADER)?.trim();
  return value && /^\d{4}$/.test(value) ? Number(value) : undefined;
}

export interface FailedAnswer {
  readonly status: number;
  readonly headers: Headers;
  /** The body as text ('' when there was none). */
  readonly text: string;
  readonly retryAfterSeconds?: number;
}

export function readError(answer: FailedAnswer, what: string): ApiError {
  const { status, headers, text } = answer;
  const wait = answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds };
  const fromHeader = headerCode(headers);

  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = errorBodySchema.safeParse(json);
  if (body.success) {
    const { code, message, issues } = body.data.error;
    const platformCode = fromHeader ?? platformCodeOf[code as ErrorCode];
    return new ApiError({ status, code, message, issues, platformCode, ...wait });
  }

  if (fromHeader !== undefined) {
    const description = headers.get(ERROR_DESCRIPTION_HEADER)?.trim();
    return new ApiError({
      status,
      code: codeOfPlatform.get(fromHeader) ?? (status >= 500 ? 'internal' : 'unknown_error'),
      message: description || `The service answered ${status} (platform code ${fromHeader}) to ${what}`,
      platformCode: fromHeader,
      ...wait,
    });
  }

  return new ApiError({
    status,
    code: status >= 500 ? 'internal' : 'unknown_error',
    message: `The service answered ${status} to ${what} without an error description`,
    ...wait,
  });
}
