/**
 * What the browser fetches for a page, rather than what the bundle says a
 * page needs: Chromium opens the page with a cold HTTP cache and every JS and
 * CSS response until the network is idle is counted, modulepreloads and
 * chunks a page imports later included. Inline `<style>` elements of the
 * document count as CSS too: their bytes come with the HTML.
 *
 * Sizes are gzip -9 of each response's decoded body, the measure the floor
 * and the `bundle` benchmark use (the service sends brotli to Chromium, whose
 * wire size is smaller and would not compare); the bytes on the wire are
 * reported beside them.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Response } from '@playwright/test';

export interface Fetched {
  readonly js: number;
  readonly css: number;
  /** Encoded body bytes as received (brotli from the service). */
  readonly wire: number;
  readonly files: readonly { url: string; gzip: number }[];
}

const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).byteLength;

/**
 * Opens `url` in a new tab of `context` (its storage as the caller left it:
 * signed in or not) with the HTTP cache off, and counts until no request has
 * been in flight for 500 ms.
 */
export async function fetchedBy(context: BrowserContext, url: string): Promise<Fetched> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses: Response[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet' || /\.(m?js|css)(\?|$)/.test(new URL(response.url()).pathname)) {
      responses.push(response);
    }
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const files: { url: string; gzip: number }[] = [];
    let js = 0;
    let css = 0;
    let wire = 0;
    for (const response of responses) {
      const body = await response.body();
      const size = gz(body);
      const sizes = await response.request().sizes();
      wire += sizes.responseBodySize;
      const path = new URL(response.url()).pathname;
      files.push({ url: path, gzip: size });
      if (path.endsWith('.css') || response.request().resourceType() === 'stylesheet') css += size;
      else js += size;
    }
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('head style')].map((style) => style.textContent ?? ''),
    );
    for (const text of inline) {
      const size = gz(text);
      css += size;
      files.push({ url: '(inline <style>)', gzip: size });
    }
    return { js, css, wire, files };
  } finally {
    await page.close();
  }
}
