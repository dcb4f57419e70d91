/** The benchmarks' ports (18400-18449; the hardening tests use 18450-18499), all on 127.0.0.1. */
export const ports = {
  service: [18400, 18409],
  bare: [18410, 18414],
  jsonServer: [18415, 18419],
  chromium: [18420, 18424],
  serviceSecond: [18425, 18429],
  floor: [18430, 18434],
  plannerPlugin: [18435, 18439],
} as const satisfies Record<string, readonly [number, number]>;
