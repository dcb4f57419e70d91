import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../testkit/chromium.ts';
import type { RgbImage } from './jpeg-encoder.ts';
import { AVATAR_SIZE, avatarImage, COVER_SIZE, coverImage, makeAvatar, makeCover, toBase64Jpeg } from './pictures.ts';
import { Rng } from './random.ts';

interface Segment {
  readonly marker: number;
  readonly payload: Buffer;
}

/** Splits a JPEG into its marker segments up to SOS, and checks the scan runs to EOI. */
function segments(jpeg: Buffer): Segment[] {
  expect(jpeg.readUInt16BE(0)).toBe(0xffd8);
  expect(jpeg.readUInt16BE(jpeg.length - 2)).toBe(0xffd9);
  const out: Segment[] = [];
  let at = 2;
  for (;;) {
    const marker = jpeg.readUInt16BE(at);
    const length = jpeg.readUInt16BE(at + 2);
    out.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
    if (marker === 0xffda) break;
  }
  // Entropy-coded data: every 0xFF is stuffed (0xFF00) until the final EOI.
  const scan = jpeg.subarray(at, jpeg.length - 2);
  for (let i = 0; i < scan.length; i++) if (scan[i] === 0xff) expect(scan[i + 1]).toBe(0x00);
  return out;
}

describe('demo pictures', () => {
  const rng = new Rng(7, 'test');

  it.each([
    ['avatar', makeAvatar, AVATAR_SIZE],
    ['cover photo', makeCover, COVER_SIZE],
  ] as const)('a %s is a small baseline JFIF JPEG of the stated size', (_kind, make, size) => {
    const base64 = make(rng);
    expect(base64.startsWith('/9j/')).toBe(true);
    expect(base64.length).toBeLessThan(8 * 1024);
    const parts = segments(Buffer.from(base64, 'base64'));
    expect(parts.map((s) => s.marker)).toEqual([0xffe0, 0xffdb, 0xffc0, 0xffc4, 0xffda]);
    expect(parts[0]?.payload.subarray(0, 5).toString('latin1')).toBe('JFIF\0');
    const sof = parts[2]?.payload as Buffer;
    expect(sof[0]).toBe(8);
    expect(sof.readUInt16BE(1)).toBe(size.height);
    expect(sof.readUInt16BE(3)).toBe(size.width);
    expect(sof[5]).toBe(3);
  });

  it('varies pictures with the random stream and repeats them for the same seed', () => {
    expect(makeAvatar(new Rng(1, 'a'))).toBe(makeAvatar(new Rng(1, 'a')));
    expect(makeAvatar(new Rng(1, 'a'))).not.toBe(makeAvatar(new Rng(2, 'a')));
    expect(makeCover(new Rng(1, 'c'))).not.toBe(makeCover(new Rng(1, 'd')));
  });

  it('decodes in Chromium to the picture that was drawn', async () => {
    const images: [RgbImage, string][] = [avatarImage(rng), coverImage(rng)].map((image) => [
      image,
      toBase64Jpeg(image),
    ]);
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const page = await browser.newPage();
      for (const [image, base64] of images) {
        const decoded = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = `data:image/jpeg;base64,${src}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d context');
          context.drawImage(img, 0, 0);
          return {
            width: img.naturalWidth,
            height: img.naturalHeight,
            rgba: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data),
          };
        }, base64);
        expect([decoded.width, decoded.height]).toEqual([image.width, image.height]);
        let error = 0;
        for (let p = 0; p < image.width * image.height; p++) {
          for (let c = 0; c < 3; c++)
            error += Math.abs((decoded.rgba[p * 4 + c] as number) - (image.rgb[p * 3 + c] as number));
        }
        // Lossy, but close: a few levels of 255 on average.
        expect(error / (image.width * image.height * 3)).toBeLessThan(6);
      }
    } finally {
      await browser.close();
    }
  });
});
