import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineEndpoint, type Endpoint } from './endpoint.ts';
import { endpointUrl } from './endpoint-url.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { aiPluginEndpoints } from './endpoints/ai-plugin.ts';
import { noteEndpoints } from './endpoints/notes.ts';
import { endpoints } from './endpoints.ts';

describe('endpointUrl', () => {
  it('fills a parameter as one encoded path segment, in its place among the others', () => {
    expect(endpointUrl(adminEndpoints.adminGetPlugin, { params: { clientId: 'plugin-3f9c' } })).toBe(
      '/admin/v1/plugins/plugin-3f9c',
    );
    // A slash, a query or fragment mark, a space, a percent sign and non-ASCII stay inside the segment.
    expect(endpointUrl(adminEndpoints.adminSetPermissions, { params: { clientId: 'a/b?c#d e%f-é' } })).toBe(
      '/admin/v1/plugins/a%2Fb%3Fc%23d%20e%25f-%C3%A9/permissions',
    );
  });

  it('fills each parameter by its name, whatever their order in the input', () => {
    const twoParams = defineEndpoint({
      method: 'GET',
      path: '/x/v1/classes/:classId/students/:studentId',
      base: 'platform',
      auth: 'user',
      tag: 'test',
      summary: 'two parameters',
      params: z.strictObject({ classId: z.string(), studentId: z.string() }),
      response: z.unknown(),
    });
    expect(endpointUrl(twoParams, { params: { studentId: 'stu-2', classId: 'cls-1' } })).toBe(
      '/x/v1/classes/cls-1/students/stu-2',
    );
  });

  it('refuses a parameter left out or empty rather than naming another endpoint', () => {
    const noId = { params: {} } as unknown as Parameters<typeof endpointUrl<typeof adminEndpoints.adminGetPlugin>>[1];
    expect(() => endpointUrl(adminEndpoints.adminGetPlugin, noId)).toThrow(/needs its "clientId" parameter/);
    expect(() => endpointUrl(adminEndpoints.adminGetPlugin, { params: { clientId: '' } })).toThrow(/"clientId"/);
  });

  it('writes the set query values encoded, and leaves the unset ones out', () => {
    expect(endpointUrl(aiPluginEndpoints.otherSkills, { query: { userIds: 'usr-1,usr 2&x=y' } })).toBe(
      '/plugin/v2/ai/other-skills?userIds=usr-1%2Cusr+2%26x%3Dy',
    );
    const url = new URL(
      endpointUrl(noteEndpoints.listNotes, {
        query: { category: 'progress', lessonId: undefined, studentId: '', limit: 20 },
      } as never),
      'http://h',
    );
    expect([...url.searchParams]).toEqual([
      ['category', 'progress'],
      ['limit', '20'],
    ]);
    expect(endpointUrl(noteEndpoints.listNotes, { query: {} })).toBe('/edu/v1/note/list');
  });

  it('puts the path under the base address given', () => {
    expect(endpointUrl(noteEndpoints.getNote, { query: { noteId: 'note-1' } }, 'https://notes.example/api')).toBe(
      'https://notes.example/api/edu/v1/note?noteId=note-1',
    );
    expect(endpointUrl(adminEndpoints.adminListPlugins, {}, 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/admin/v1/plugins',
    );
  });

  it("reads back every endpoint's path from the address it builds", () => {
    for (const endpoint of Object.values(endpoints) as Endpoint[]) {
      const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
      const params = Object.fromEntries(names.map((name) => [name, `v ${name}/`]));
      const url = endpointUrl(endpoint, { params } as never);
      expect(url.includes(':'), url).toBe(false);
      const back = url.replace(/v%20(\w+)%2F/g, ':$1');
      expect(back).toBe(endpoint.path);
    }
  });
});
