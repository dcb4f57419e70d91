/**
 * Demo pictures drawn in code: 96x96 avatars (a face on a coloured ground)
 * and 480x160 cover photos (a sky, a sun and layered hills), each varied by
 * the seeded random source and stored as base64 baseline JPEG (`/9j/...`).
 */
import { encodeJpeg, type RgbImage } from './jpeg-encoder.ts';
import type { Rng } from './random.ts';

export const AVATAR_SIZE = { width: 96, height: 96 } as const;
export const COVER_SIZE = { width: 480, height: 160 } as const;
const QUALITY = 72;

type Rgb = readonly [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mixColor(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Paints every pixel from `shade(x, y)` averaged over `samples` x `samples` points. */
function paint(width: number, height: number, samples: number, shade: (x: number, y: number) => Rgb): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  const step = 1 / samples;
  const weight = 1 / (samples * samples);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < samples; j++) {
        for (let i = 0; i < samples; i++) {
          const c = shade(x + (i + 0.5) * step, y + (j + 0.5) * step);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const o = (y * width + x) * 3;
      rgb[o] = Math.round(r * weight);
      rgb[o + 1] = Math.round(g * weight);
      rgb[o + 2] = Math.round(b * weight);
    }
  }
  return { width, height, rgb };
}

const SKIN: readonly Rgb[] = [
  [255, 219, 172],
  [241, 194, 125],
  [224, 172, 105],
  [198, 134, 66],
  [141, 85, 36],
  [92, 56, 30],
];
const HAIR: readonly Rgb[] = [
  [35, 28, 24],
  [70, 45, 30],
  [120, 80, 45],
  [190, 150, 90],
  [150, 150, 150],
  [110, 40, 25],
];
// OCP tan, service-dress blue, PT grey, civilian shirts.
const SHIRTS: readonly Rgb[] = [
  [150, 140, 110],
  [40, 60, 110],
  [120, 125, 130],
  [180, 60, 60],
  [60, 120, 90],
  [230, 230, 225],
];

/** The raster of one avatar: ground pattern, shoulders, head, hair, eyes and mouth. */
export function avatarImage(rng: Rng): RgbImage {
  const hue = rng.float(0, 360);
  const ground = hsl(hue, rng.float(0.35, 0.65), rng.float(0.55, 0.72));
  const accent = hsl((hue + rng.pick([30, 150, 180, 210])) % 360, 0.45, rng.float(0.45, 0.6));
  const pattern = rng.pick(['plain', 'diagonal', 'ring'] as const);
  const skin = rng.pick(SKIN);
  const hair = rng.pick(HAIR);
  const shirt = rng.pick(SHIRTS);
  const headX = 48 + rng.float(-3, 3);
  const headY = rng.float(38, 44);
  const headR = rng.float(19, 23);
  const hairline = rng.float(0.15, 0.5);
  const eyeGap = rng.float(7, 9);
  const mouthR = rng.float(10, 12.5);

  return paint(AVATAR_SIZE.width, AVATAR_SIZE.height, 2, (x, y) => {
    const dx = x - headX;
    const dy = y - headY;
    if (dx * dx + dy * dy <= headR * headR) {
      if (dy < -headR * hairline) return hair;
      const ex = Math.abs(dx) - eyeGap;
      const ey = dy + 2;
      if (ex * ex + ey * ey <= 5.5) return [30, 30, 40];
      if (dy > 7 && Math.abs(Math.sqrt(dx * dx + dy * dy) - mouthR) < 1.2) return [150, 60, 60];
      return skin;
    }
    const sx = (x - 48) / 38;
    const sy = (y - 104) / 34;
    if (sx * sx + sy * sy <= 1) return shirt;
    if (pattern === 'diagonal' && x + y > 110) return accent;
    if (pattern === 'ring') {
      const d = Math.sqrt((x - 48) ** 2 + (y - 48) ** 2);
      if (d > 40 && d < 46) return accent;
    }
    return ground;
  });
}

/** The raster of one cover photo: graded sky, a sun, and two or three hill layers. */
export function coverImage(rng: Rng): RgbImage {
  const hue = rng.pick([rng.float(195, 235), rng.float(250, 290), rng.float(340, 375) % 360]);
  const top = hsl(hue, rng.float(0.4, 0.7), rng.float(0.35, 0.5));
  const horizon = hsl((hue + rng.float(20, 60)) % 360, rng.float(0.5, 0.8), rng.float(0.7, 0.85));
  const sunX = rng.float(60, 420);
  const sunY = rng.float(35, 80);
  const sunR = rng.float(14, 24);
  const sun = hsl((hue + 40) % 360, 0.9, 0.9);
  const layers = Array.from({ length: rng.int(2, 3) }, (_, index) => ({
    base: 95 + index * 22 + rng.float(-8, 8),
    waves: [1, 2, 3].map((k) => ({
      amp: rng.float(4, 16) / k,
      freq: (k * rng.float(0.8, 1.6) * Math.PI) / 240,
      phase: rng.float(0, 6.3),
    })),
    color: hsl((hue + 150 + index * 12) % 360, rng.float(0.2, 0.45), 0.42 - index * 0.1),
  }));

  const { width, height } = COVER_SIZE;
  // Ridge heights per column, computed once per layer rather than per pixel.
  const ridges = layers.map((layer) =>
    Float64Array.from({ length: width }, (_, x) =>
      layer.waves.reduce((sum, wave) => sum + wave.amp * Math.sin((x + 0.5) * wave.freq + wave.phase), layer.base),
    ),
  );
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const sky = mixColor(top, horizon, Math.min(1, (y + 0.5) / 120));
    for (let x = 0; x < width; x++) {
      let r = sky[0];
      let g = sky[1];
      let b = sky[2];
      const d = Math.sqrt((x + 0.5 - sunX) ** 2 + (y + 0.5 - sunY) ** 2);
      if (d < sunR * 3) {
        const t = d <= sunR ? 1 : ((sunR * 3 - d) / (sunR * 2)) ** 2 * 0.5;
        r += (sun[0] - r) * t;
        g += (sun[1] - g) * t;
        b += (sun[2] - b) * t;
      }
      for (let k = 0; k < layers.length; k++) {
        // Coverage of the pixel below the ridge line, so edges are smooth.
        const cover = Math.min(1, Math.max(0, y + 0.5 - ((ridges[k] as Float64Array)[x] as number)));
        if (cover > 0) {
          const color = (layers[k] as (typeof layers)[number]).color;
          r += (color[0] - r) * cover;
          g += (color[1] - g) * cover;
          b += (color[2] - b) * cover;
        }
      }
      const o = (y * width + x) * 3;
      rgb[o] = Math.round(r);
      rgb[o + 1] = Math.round(g);
      rgb[o + 2] = Math.round(b);
    }
  }
  return { width, height, rgb };
}

export function toBase64Jpeg(image: RgbImage): string {
  return Buffer.from(encodeJpeg(image, QUALITY)).toString('base64');
}

export function makeAvatar(rng: Rng): string {
  return toBase64Jpeg(avatarImage(rng));
}

export function makeCover(rng: Rng): string {
  return toBase64Jpeg(coverImage(rng));
}
