import { describe, expect, it } from 'vitest';
import { readRoutePreloads, routeFor, withPreloads } from './route-preloads.ts';

const built = {
  routes: [
    { path: '/sign-in', files: ['/assets/sign-in-page.js'] },
    { path: '/notes/:noteId', files: ['/assets/note-page.js'] },
    { path: '/notes/new', files: ['/assets/new-note-page.js'] },
    { path: '/notes', files: ['/assets/notes-page.js'] },
    { path: '/', files: ['/assets/sign-in-page.js'] },
    { path: '*', files: ['/assets/signed-in-layout.js'] },
  ],
};
const read = readRoutePreloads(JSON.stringify(built));
const preloads = 'preloads' in read ? read.preloads : undefined;

describe('the route an address opens', () => {
  it('is the route the router picks: fixed segments before parameters, anything else last', () => {
    if (!preloads) throw new Error('the file did not parse');
    expect(routeFor(preloads, '/notes/new')?.path).toBe('/notes/new');
    expect(routeFor(preloads, '/notes/n-1')?.path).toBe('/notes/:noteId');
    expect(routeFor(preloads, '/notes')?.path).toBe('/notes');
    expect(routeFor(preloads, '/notes/')?.path).toBe('/notes');
    expect(routeFor(preloads, '/Notes/New')?.path).toBe('/notes/new');
    expect(routeFor(preloads, '/')?.path).toBe('/');
    expect(routeFor(preloads, '/sign-in')?.path).toBe('/sign-in');
    expect(routeFor(preloads, '/notes/n-1/more')?.path).toBe('*');
    expect(routeFor(preloads, '/no-such-page')?.path).toBe('*');
  });
});

describe('the route preloads file', () => {
  it('is not trusted unless it is what the build writes: local asset paths only', () => {
    // Each refused with the reason the service's log gives.
    expect(readRoutePreloads(undefined)).toEqual({ problem: 'there is no route-preloads.json beside index.html' });
    expect(readRoutePreloads('not json')).toEqual({ problem: 'route-preloads.json is not JSON' });
    const foreign = readRoutePreloads('{"routes":[{"path":"/a","files":["https://elsewhere.example/x.js"]}]}');
    expect(foreign).toEqual({
      problem: expect.stringMatching(/^route-preloads.json is not what the build writes at routes\.0\.files\.0: /),
    });
    const injected = readRoutePreloads('{"routes":[{"path":"/a","files":["/assets/x.js\\"><script>"]}]}');
    expect(injected).toEqual({ problem: expect.stringMatching(/at routes\.0\.files\.0: /) });
  });

  it('becomes links at the end of the head: scripts as module preloads, styles as style preloads', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    expect(withPreloads(html, ['/assets/a.css', '/assets/b.js'])).toBe(
      '<html><head><title>t</title><link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/a.css"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/b.js"></head><body></body></html>',
    );
    expect(withPreloads(html, [])).toBe(html);
  });
});
