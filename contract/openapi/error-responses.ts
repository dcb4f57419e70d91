/** Every error answer of the document: the one error body, and the platform's two error headers beside it. */
import { ERROR_CODE_HEADER, ERROR_DESCRIPTION_HEADER, errorDescriptionMax, platformCodeOf } from '../error-codes.ts';
import type { JsonSchema } from './json-schema.ts';

/** The platform's error headers, as every error answer names them. */
export const errorHeaderRefs = {
  [ERROR_CODE_HEADER]: { $ref: '#/components/headers/ErrorCode' },
  [ERROR_DESCRIPTION_HEADER]: { $ref: '#/components/headers/ErrorDescription' },
};

export const errorResponse = (description: string, headers: Record<string, JsonSchema> = {}) => ({
  description,
  headers: { ...errorHeaderRefs, ...headers },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const errorCodeList = Object.entries(platformCodeOf)
  .map(([code, platform]) => `\`${code}\` ${platform}`)
  .join(', ');

export const errorHeaders: Record<string, JsonSchema> = {
  ErrorCode: {
    description: `The platform's four-digit error code, as its SDKs read it (4010: refresh the token and try again). Each \`error.code\` of the body has one: ${errorCodeList}.`,
    required: true,
    schema: {
      type: 'string',
      enum: [...new Set(Object.values(platformCodeOf))].sort().map(String),
    },
  },
  ErrorDescription: {
    description: `The body's \`error.message\` in printable ASCII (other characters replaced, at most ${errorDescriptionMax} characters).`,
    required: true,
    schema: { type: 'string', pattern: '^[\\x20-\\x7e]*$', maxLength: errorDescriptionMax },
  },
};
