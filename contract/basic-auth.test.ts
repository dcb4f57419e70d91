import { describe, expect, it } from 'vitest';
import { basicHeader, decodeBasic, readBasic } from './basic-auth.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('Basic credentials', () => {
  it('reads back what it builds, whatever the script of the secret, and a colon inside the secret', () => {
    for (const [id, secret] of [
      ['sandbox-plugin-coach', 's3cret'],
      ['plugin', 'pässwörd-🔑'],
      ['plugin', 'a:b:c'],
      ['plugin', ''],
    ] as const) {
      expect(readBasic(basicHeader(id, secret))).toEqual({ clientId: id, clientSecret: secret });
    }
  });

  it('takes the scheme in any case, base64url too, and space after the value', () => {
    const value = b64('id:???>>>');
    // Both characters base64url writes otherwise.
    expect(value).toContain('+');
    expect(value).toContain('/');
    const credentials = { clientId: 'id', clientSecret: '???>>>' };
    expect(readBasic(`basic ${value}`)).toEqual(credentials);
    expect(readBasic(`BASIC  ${value} `)).toEqual(credentials);
    expect(readBasic(`Basic ${value.replaceAll('+', '-').replaceAll('/', '_')}`)).toEqual(credentials);
  });

  it('says why a header carries no credentials', () => {
    for (const header of [undefined, '', 'Bearer abc', 'Basic', 'Basic %%%', `Basic ${'A'.repeat(1025)}`]) {
      expect(readBasic(header), String(header)).toBe('not-basic');
      expect(decodeBasic(header)).toBeUndefined();
    }
    for (const header of [`Basic ${b64('no-colon')}`, `Basic ${b64(':secret')}`]) {
      expect(readBasic(header), header).toBe('no-client-id');
      expect(decodeBasic(header)).toBeUndefined();
    }
  });
});
