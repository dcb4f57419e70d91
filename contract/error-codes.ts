/**
 * The platform's own error codes. Its SDKs (DynepicX-DX/DXSDK-Swift
 * `Source/DXError.swift`, DynepicX-DX/com.dynepic.dxsdk `APIErrorCode`) read
 * a failure from two response headers: `errorcode`, four digits, and
 * `errordescription`, text. Every error answer of this service carries both
 * beside the JSON error body (whose `code` says the same in words), so a
 * client written for the platform understands this service's failures, and
 * 4010 still means "refresh the token and try again".
 *
 * One table maps each error of this service to one platform code; it is
 * typed so that a new `ErrorCode` without a platform code does not compile.
 * docs/interface-decisions.md gives the same table with the reasons.
 */
import type { ErrorCode } from './common.ts';

export const ERROR_CODE_HEADER = 'errorcode';
export const ERROR_DESCRIPTION_HEADER = 'errordescription';

/** Longest `errordescription` sent, in characters; a longer message is cut there (the body keeps it whole). */
export const errorDescriptionMax = 300;

/** Every code the platform's SDKs know, as they name it. */
export const platformErrorCodes = {
  4000: 'bad request',
  4001: 'parameter missing',
  4002: 'duplicate resource',
  4003: 'validation error',
  4004: 'incorrect user type',
  4005: 'parameters unusable',
  4006: 'action impossible',
  4007: 'above data limit',
  4008: 'token already used',
  4009: 'content flagged',
  4010: 'access token refresh required',
  4011: 'invalid credentials',
  4012: 'api key invalid',
  4013: 'under moderation',
  4014: 'insufficient permissions',
  4015: 'authorization code malformed',
  4016: 'authorization missing',
  4017: 'requested scope not registered',
  4018: 'notifications not enabled',
  4019: 'user has not granted consent',
  4032: 'user not authorized for this data',
  4033: 'authorization request missing parameter',
  4034: 'authorization token invalid',
  4035: 'anonymous user not allowed',
  4042: 'not found',
  4091: 'conflict',
  5000: 'uncaught server error',
  5001: 'failed to save',
  5002: 'failed to update',
  5003: 'internal process failed',
  5004: 'data missing or corrupted',
  5005: 'partner process failed',
  5051: 'app version not supported',
} as const;
export type PlatformErrorCode = keyof typeof platformErrorCodes;

/** The platform code of each error of this service (the `errorcode` header). */
export const platformCodeOf = {
  bad_request: 4000,
  malformed_json: 4000,
  invalid_input: 4003,
  unauthorized: 4016,
  invalid_credentials: 4011,
  invalid_client: 4012,
  invalid_token: 4034,
  token_expired: 4010,
  forbidden: 4032,
  anonymous_not_allowed: 4035,
  missing_scope: 4017,
  missing_permission: 4014,
  org_forbidden: 4032,
  sandbox_credential: 4012,
  not_found: 4042,
  conflict: 4091,
  payload_too_large: 4007,
  unsupported_media_type: 4000,
  invalid_cursor: 4003,
  request_timeout: 4000,
  invalid_request: 4033,
  invalid_grant: 4015,
  unsupported_grant_type: 4005,
  too_many_requests: 4006,
  overloaded: 5003,
  internal: 5000,
  unavailable: 5003,
} as const satisfies Record<ErrorCode, PlatformErrorCode>;
