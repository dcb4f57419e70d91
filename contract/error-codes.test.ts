/**
 * The table of platform error codes is one table: the code's and the one in
 * docs/interface-decisions.md say the same, and the OpenAPI document gives
 * the two error headers on every error answer of every endpoint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../testkit/child-service.ts';
import { errorCodes } from './common.ts';
import { platformCodeOf, platformErrorCodes } from './error-codes.ts';
import { buildOpenApi } from './openapi.ts';

describe('the platform error codes', () => {
  it('give every error of the service a code the platform’s SDKs know', () => {
    for (const code of errorCodes) {
      expect(Object.keys(platformErrorCodes), code).toContain(String(platformCodeOf[code]));
    }
  });

  it('are the table docs/interface-decisions.md gives', () => {
    const docs = readFileSync(join(repoRoot, 'docs/interface-decisions.md'), 'utf8');
    const documented = Object.fromEntries(
      [...docs.matchAll(/^\| `([a-z_]+)` \| [\d, ]+ \| (\d{4}) \|/gm)].map((row) => [row[1], Number(row[2])]),
    );
    expect(documented).toEqual(platformCodeOf);
  });

  it('are sent in errorcode and errordescription on every error answer the OpenAPI document lists', () => {
    for (const extensions of [true, false]) {
      const doc = buildOpenApi({ sandbox: true, extensions }) as {
        paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
      };
      const errors = Object.entries(doc.paths).flatMap(([path, methods]) =>
        Object.entries(methods).flatMap(([method, operation]) =>
          Object.entries(operation.responses)
            .filter(([status]) => Number(status) >= 400)
            .map(([status, response]) => ({ at: `${method} ${path} ${status}`, headers: response.headers ?? {} })),
        ),
      );
      expect(errors.length).toBeGreaterThan(50);
      for (const { at, headers } of errors) {
        expect(Object.keys(headers), at).toEqual(expect.arrayContaining(['errorcode', 'errordescription']));
      }
    }
  });
});
