/**
 * The demo people's passwords, for signing in with a handle and password at
 * `/oauth/signin` in a sandbox (the way a production app signs in, since the
 * demo-person picker serves sandbox apps only). Published here and in
 * docs/demo-data.md, so they exist only in a sandbox's demo dataset.
 *
 * The hashes are made once, ahead of time, with the service's own
 * `hashPassword` (scrypt, server/access/passwords.ts), so seeding costs no
 * scrypt work; demo-passwords.test.ts checks each against its password.
 */
import { demoIds } from './demo-ids.ts';

const u = demoIds.users;

export const demoPasswords: readonly { readonly userId: string; readonly password: string; readonly hash: string }[] = [
  {
    userId: u.trainer,
    password: 'dokafor-sandbox-2026',
    hash: 'scrypt$16384$8$5$D26nHE1E7Xo0zzsuPrp7xg$VVsWb8udXWzIsjUKcdrc3sgbqj0nrYTICPKRxMrA1tU',
  },
  {
    userId: u.trainer2,
    password: 'mwebb-sandbox-2026',
    hash: 'scrypt$16384$8$5$q4IG84JDElj1rqjU2anVig$c-L1VPwtEevSHJXA7B2-iya93lQFH0wH-s1SMOpgWjQ',
  },
  {
    userId: u.civilianTrainer,
    password: 'lchen-sandbox-2026',
    hash: 'scrypt$16384$8$5$wx6U8qj__Uwd3ULndr2jhA$Ke8XZFAkGypt3ZvxMJKJJ5YPLpu1RqY4-8_lyD84KXk',
  },
  {
    userId: u.student,
    password: 'jlee-sandbox-2026',
    hash: 'scrypt$16384$8$5$dqoz_KpA6aJD4Q8fXYQCkQ$ivkffRarPYMVURR3F-B_i4WUQqA2fs1jdwfbfTes8Xc',
  },
  {
    userId: u.studentNoPicture,
    password: 'spatel-sandbox-2026',
    hash: 'scrypt$16384$8$5$S7uN-cPCc2H2BpqZQUc4fg$q-tBkFC_kh24fABOhu975d2Lp5OHi3GVQPzsyfzLe58',
  },
  {
    userId: u.parent,
    password: 'arivera-sandbox-2026',
    hash: 'scrypt$16384$8$5$ta6qyDIYKSLRQauPz99MCQ$qp5Yqr-hNUcP1OiYdzqaIjVUhl8dek6ZQk9GR4ciABQ',
  },
  {
    userId: u.kid,
    password: 'mateo.r-sandbox-2026',
    hash: 'scrypt$16384$8$5$1RVNaA2a8RI-gYKXbYGOnw$CrVaXRbX2MoQzAFjuM4Lte8-rj6IurIYWiH9RntVmVo',
  },
  {
    userId: u.teen,
    password: 'sofia.r-sandbox-2026',
    hash: 'scrypt$16384$8$5$dl2Qr-AOY6z8eGsZ9fQIVQ$xpAXoNMP7ZnfG1SVYlTYX-Sh9nGzW5QDPbe0Um8sAzA',
  },
  {
    userId: u.medicalTrainer,
    password: 'kmensah-sandbox-2026',
    hash: 'scrypt$16384$8$5$IjA1CFtHKe6-_gcHEF5rlQ$6Brhwc6GmBiaksDBA_GQ8a83iqg55GtTbVEy8Hcv-jA',
  },
];

/** Where the sandbox apps send a person back after sign-in: the dashboard's callback on the default port, and Vite's. */
export const demoRedirectUris = [
  'http://localhost:8080/auth/callback',
  'http://127.0.0.1:8080/auth/callback',
  'http://localhost:5173/auth/callback',
] as const;
