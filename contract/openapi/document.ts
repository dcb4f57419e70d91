/** The whole OpenAPI document: every endpoint this service serves, the error headers and the security schemes. */
import { errorBodySchema } from '../common.ts';
import type { Endpoint } from '../endpoint.ts';
import { endpoints } from '../endpoints.ts';
import { ERROR_CODE_HEADER, ERROR_DESCRIPTION_HEADER, platformCodeOf, platformErrorCodes } from '../error-codes.ts';
import { errorHeaders } from './error-responses.ts';
import { type JsonSchema, toSchema } from './json-schema.ts';
import { operation } from './operation.ts';

/** Whether the document, like the service, leaves an endpoint out when extensions are off. */
const leftOut = (endpoint: Endpoint, extensions: boolean) => !extensions && endpoint.extension && !endpoint.operational;

const sandboxHowTo = [
  '**Trying calls on this sandbox.** User routes: run `POST /sandbox/v1/token` (Sandbox) with a demo user, e.g. `{"userId":"usr-d01","clientId":"sandbox-trainer-dashboard"}`; this page then sends the token it answers as `userToken` (or paste one under Authorize).',
  'Plugin routes (`/plugin/v2/ai/*`): Authorize `pluginBasic` with a demo plugin, e.g. `sandbox-plugin-coach` / `coach-secret-sandbox-2026` (all demo credentials: `GET /sandbox/v1/clients`).',
].join(' ');

/**
 * The document of a service in a sandbox or not, and with its extensions
 * (PLATFORM_EXTENSIONS) or without them: then only what the platform
 * offers, and the operator's routes.
 */
export function buildOpenApi(options: { sandbox: boolean; extensions?: boolean }): JsonSchema {
  const extensions = options.extensions ?? true;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    if (endpoint.sandboxOnly && !options.sandbox) continue;
    if (leftOut(endpoint, extensions)) continue;
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(name, endpoint, extensions);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Learning platform service',
      version: '1.0.0',
      description: [
        'Student comments, notes, the signed-in user profile and AI-plugin endpoints, as the platform interface gives them; the platform’s own OAuth sign-in (`/oauth/*`, marked `x-platform-convention: true`), as its SDKs call it; plus documented extensions (marked `x-extension: true` and "Extension" in their description).',
        'Every failure answers with the one error body `{ "error": { "code", "message", "issues"?, "requestId" } }` (`ErrorBody` below); `requestId` is also in the `X-Request-Id` response header and on the service\'s log line for the request. Send your own `X-Request-Id` (up to 128 letters, digits and `._:-`) to have it used instead.',
        `Every failure also carries the platform's error headers, as its SDKs read them: \`${ERROR_CODE_HEADER}\` (four digits; 4010 means refresh the token and try again) and \`${ERROR_DESCRIPTION_HEADER}\` (the message). The codes: ${Object.entries(
          platformErrorCodes,
        )
          .filter(([code]) => Object.values(platformCodeOf).some((used) => String(used) === code))
          .map(([code, meaning]) => `${code} ${meaning}`)
          .join('; ')}.`,
        ...(extensions
          ? []
          : [
              'This service runs without its extensions (PLATFORM_EXTENSIONS=off): it offers what the platform offers, and its operator routes.',
            ]),
        ...(options.sandbox && extensions ? [sandboxHowTo] : []),
      ].join('\n\n'),
    },
    servers: [{ url: '/', description: 'This service ({base_url}; notes also under {notes_url})' }],
    paths,
    components: {
      schemas: { ErrorBody: toSchema(errorBodySchema, 'output') },
      headers: errorHeaders,
      securitySchemes: {
        userToken: { type: 'http', scheme: 'bearer', description: 'User token from sign-in, in Authorization' },
        platformClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'clientId',
          description: 'The app client id, in the header the platform’s SDKs send',
        },
        appClientId: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Client-Id',
          description: 'The app client id (this service’s other spelling; when both are sent they must agree)',
        },
        pluginBasic: { type: 'http', scheme: 'basic', description: 'base64(clientId:clientSecret) of the plugin' },
        adminToken: { type: 'http', scheme: 'bearer', description: 'The service operator’s ADMIN_TOKEN setting' },
      },
    },
  };
}
