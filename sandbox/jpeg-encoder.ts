/**
 * A small baseline JPEG encoder (ITU T.81, JFIF): YCbCr with 4:2:0 chroma
 * subsampling, the standard quantisation tables of Annex K scaled by quality
 * like libjpeg does, and the standard Huffman tables of Annex K.3. Written
 * here so the seed needs no image package; it is only fast enough for the
 * few hundred small pictures of a demo dataset.
 */

/** An image as packed RGB bytes, row by row from the top left. */
export interface RgbImage {
  readonly width: number;
  readonly height: number;
  /** width * height * 3 bytes: R, G, B. */
  readonly rgb: Uint8Array;
}

/** Position in natural (row-major) order of each zig-zag index. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
] as const;

// Annex K.1, natural order.
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];

/** A Huffman table as in a DHT segment: code counts per length 1..16, then the symbols. */
export interface HuffmanSpec {
  readonly counts: readonly number[];
  readonly symbols: readonly number[];
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// Annex K.3.
export const DC_LUMA: HuffmanSpec = { counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: range(12) };
export const DC_CHROMA: HuffmanSpec = { counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: range(12) };
export const AC_LUMA: HuffmanSpec = {
  counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
    0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
    0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
    0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65,
    0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
    0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
    0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
    0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
    0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
export const AC_CHROMA: HuffmanSpec = {
  counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32,
    0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16,
    0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39,
    0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64,
    0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86,
    0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
    0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8,
    0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9,
    0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};

interface Code {
  readonly code: number;
  readonly length: number;
}

/** Canonical codes (Annex C) indexed by symbol. */
function buildCodes(spec: HuffmanSpec): Code[] {
  const codes: Code[] = [];
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    const count = spec.counts[length - 1] ?? 0;
    for (let i = 0; i < count; i++) {
      codes[spec.symbols[k++] as number] = { code, length };
      code++;
    }
    code <<= 1;
  }
  return codes;
}

/** libjpeg's quality scaling of a base table, in natural order. */
function scaleQuant(base: readonly number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - q * 2;
  return base.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
}

// The AAN scaled float DCT (libjpeg jfdctflt.c): each 1-D pass leaves
// coefficient u scaled by AAN_SCALE[u] * sqrt(8), folded into the divisors.
const AAN_SCALE = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

/** Per-coefficient divisors (natural order): quantiser times the AAN output scale. */
function divisors(quant: readonly number[]): Float64Array {
  return Float64Array.from(quant, (q, i) => q * (AAN_SCALE[i >> 3] as number) * (AAN_SCALE[i & 7] as number) * 8);
}

/** One in-place 1-D AAN forward DCT of the 8 values at `o`, `o + step`, ... */
function fdct8(d: Float64Array, o: number, step: number): void {
  const d0 = d[o] as number;
  const d1 = d[o + step] as number;
  const d2 = d[o + 2 * step] as number;
  const d3 = d[o + 3 * step] as number;
  const d4 = d[o + 4 * step] as number;
  const d5 = d[o + 5 * step] as number;
  const d6 = d[o + 6 * step] as number;
  const d7 = d[o + 7 * step] as number;
  const tmp0 = d0 + d7;
  const tmp7 = d0 - d7;
  const tmp1 = d1 + d6;
  const tmp6 = d1 - d6;
  const tmp2 = d2 + d5;
  const tmp5 = d2 - d5;
  const tmp3 = d3 + d4;
  const tmp4 = d3 - d4;
  // Even part.
  const tmp10 = tmp0 + tmp3;
  const tmp13 = tmp0 - tmp3;
  const tmp11 = tmp1 + tmp2;
  const tmp12 = tmp1 - tmp2;
  d[o] = tmp10 + tmp11;
  d[o + 4 * step] = tmp10 - tmp11;
  const z1 = (tmp12 + tmp13) * Math.SQRT1_2;
  d[o + 2 * step] = tmp13 + z1;
  d[o + 6 * step] = tmp13 - z1;
  // Odd part.
  const o10 = tmp4 + tmp5;
  const o11 = tmp5 + tmp6;
  const o12 = tmp6 + tmp7;
  const z5 = (o10 - o12) * 0.382683433;
  const z2 = 0.5411961 * o10 + z5;
  const z4 = 1.306562965 * o12 + z5;
  const z3 = o11 * Math.SQRT1_2;
  const z11 = tmp7 + z3;
  const z13 = tmp7 - z3;
  d[o + 5 * step] = z13 + z2;
  d[o + 3 * step] = z13 - z2;
  d[o + step] = z11 + z4;
  d[o + 7 * step] = z11 - z4;
}

class BitWriter {
  private bytes = new Uint8Array(4096);
  private size = 0;
  private acc = 0;
  private bits = 0;

  byte(value: number): void {
    if (this.size === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.size++] = value;
  }

  word(value: number): void {
    this.byte((value >> 8) & 0xff);
    this.byte(value & 0xff);
  }

  /** Entropy-coded bits, most significant first, with 0xFF byte stuffing. `length` is at most 16. */
  put(code: number, length: number): void {
    this.acc = (this.acc << length) | (code & ((1 << length) - 1));
    this.bits += length;
    while (this.bits >= 8) {
      const value = (this.acc >>> (this.bits - 8)) & 0xff;
      this.byte(value);
      if (value === 0xff) this.byte(0);
      this.bits -= 8;
    }
    this.acc &= (1 << this.bits) - 1;
  }

  /** Pads the last byte with one-bits (T.81 F.1.2.3). */
  flushBits(): void {
    if (this.bits > 0) this.put((1 << (8 - this.bits)) - 1, 8 - this.bits);
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.size);
  }
}

/** Number of bits of |value| (the JPEG "category"). */
function category(value: number): number {
  return 32 - Math.clz32(Math.abs(value));
}

interface Component {
  readonly divisors: Float64Array;
  readonly dc: Code[];
  readonly ac: Code[];
  previousDc: number;
}

/** Forward DCT, quantisation and Huffman coding of one 8x8 block of level-shifted samples (overwritten). */
function encodeBlock(out: BitWriter, block: Float64Array, component: Component, coefficients: Int32Array): void {
  for (let row = 0; row < 64; row += 8) fdct8(block, row, 1);
  for (let column = 0; column < 8; column++) fdct8(block, column, 8);
  for (let i = 0; i < 64; i++) coefficients[i] = Math.round((block[i] as number) / (component.divisors[i] as number));

  const dc = coefficients[0] as number;
  const diff = dc - component.previousDc;
  component.previousDc = dc;
  emitValue(out, component.dc, diff, 0);

  let run = 0;
  for (let k = 1; k < 64; k++) {
    const value = coefficients[ZIGZAG[k] as number] as number;
    if (value === 0) {
      run++;
      continue;
    }
    while (run > 15) {
      const zrl = component.ac[0xf0] as Code;
      out.put(zrl.code, zrl.length);
      run -= 16;
    }
    emitValue(out, component.ac, value, run);
    run = 0;
  }
  if (run > 0) {
    const eob = component.ac[0x00] as Code;
    out.put(eob.code, eob.length);
  }
}

/** Huffman code of (run, size) followed by the value's bits (negatives as one's complement). */
function emitValue(out: BitWriter, table: Code[], value: number, run: number): void {
  const size = category(value);
  const code = table[(run << 4) | size] as Code;
  out.put(code.code, code.length);
  if (size > 0) out.put(value < 0 ? value + (1 << size) - 1 : value, size);
}

function writeSegment(out: BitWriter, marker: number, payload: readonly number[]): void {
  out.word(marker);
  out.word(payload.length + 2);
  for (const value of payload) out.byte(value);
}

function huffmanPayload(tableClass: number, id: number, spec: HuffmanSpec): number[] {
  return [(tableClass << 4) | id, ...spec.counts, ...spec.symbols];
}

/**
 * Encodes an image as a baseline JFIF JPEG. Width and height may be any size;
 * edge blocks repeat the last row and column.
 */
export function encodeJpeg(image: RgbImage, quality = 75): Uint8Array {
  const { width, height, rgb } = image;
  if (width < 1 || height < 1 || width > 65535 || height > 65535) throw new RangeError('bad image size');
  if (rgb.length !== width * height * 3) throw new RangeError('rgb must hold width * height * 3 bytes');

  const lumaQuant = scaleQuant(LUMA_QUANT, quality);
  const chromaQuant = scaleQuant(CHROMA_QUANT, quality);
  const out = new BitWriter();

  out.word(0xffd8);
  writeSegment(out, 0xffe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  writeSegment(out, 0xffdb, [
    0x00,
    ...ZIGZAG.map((i) => lumaQuant[i] as number),
    0x01,
    ...ZIGZAG.map((i) => chromaQuant[i] as number),
  ]);
  writeSegment(out, 0xffc0, [
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  writeSegment(out, 0xffc4, [
    ...huffmanPayload(0, 0, DC_LUMA),
    ...huffmanPayload(1, 0, AC_LUMA),
    ...huffmanPayload(0, 1, DC_CHROMA),
    ...huffmanPayload(1, 1, AC_CHROMA),
  ]);
  writeSegment(out, 0xffda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);

  const y: Component = {
    divisors: divisors(lumaQuant),
    dc: buildCodes(DC_LUMA),
    ac: buildCodes(AC_LUMA),
    previousDc: 0,
  };
  const cb: Component = {
    divisors: divisors(chromaQuant),
    dc: buildCodes(DC_CHROMA),
    ac: buildCodes(AC_CHROMA),
    previousDc: 0,
  };
  const cr: Component = { divisors: cb.divisors, dc: cb.dc, ac: cb.ac, previousDc: 0 };

  // One 16x16 MCU: four luma blocks, then one Cb and one Cr block of 2x2 averages.
  const mcuY = new Float64Array(256);
  const mcuCb = new Float64Array(256);
  const mcuCr = new Float64Array(256);
  const block = new Float64Array(64);
  const coefficients = new Int32Array(64);
  for (let my = 0; my < height; my += 16) {
    for (let mx = 0; mx < width; mx += 16) {
      for (let j = 0; j < 16; j++) {
        const py = Math.min(height - 1, my + j);
        for (let i = 0; i < 16; i++) {
          const px = Math.min(width - 1, mx + i);
          const o = (py * width + px) * 3;
          const r = rgb[o] as number;
          const g = rgb[o + 1] as number;
          const b = rgb[o + 2] as number;
          mcuY[j * 16 + i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          mcuCb[j * 16 + i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
          mcuCr[j * 16 + i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
        }
      }
      for (const [bx, by] of [
        [0, 0],
        [8, 0],
        [0, 8],
        [8, 8],
      ] as const) {
        for (let j = 0; j < 8; j++)
          for (let i = 0; i < 8; i++) block[j * 8 + i] = mcuY[(by + j) * 16 + bx + i] as number;
        encodeBlock(out, block, y, coefficients);
      }
      for (const [plane, component] of [
        [mcuCb, cb],
        [mcuCr, cr],
      ] as const) {
        for (let j = 0; j < 8; j++) {
          for (let i = 0; i < 8; i++) {
            const o = j * 32 + i * 2;
            block[j * 8 + i] =
              ((plane[o] as number) +
                (plane[o + 1] as number) +
                (plane[o + 16] as number) +
                (plane[o + 17] as number)) /
              4;
          }
        }
        encodeBlock(out, block, component, coefficients);
      }
    }
  }
  out.flushBits();
  out.word(0xffd9);
  return out.result();
}
