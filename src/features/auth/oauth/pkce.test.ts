import { beforeEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../../../lib/config/runtime-config';
import { PENDING_SIGN_IN_KEY, takePendingSignIn } from '../../../lib/session/pending-sign-in';
import { challengeOf, createState, createVerifier, sameState } from './pkce';
import { platformSignInUrl } from './start-sign-in';

describe('PKCE and state', () => {
  it('makes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('makes verifiers and states of 256 random bits in base64url, a new one every time', () => {
    const made = [createVerifier(), createVerifier(), createState(), createState()];
    for (const value of made) expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(made).size).toBe(made.length);
  });

  it('compares states exactly', () => {
    expect(sameState('abc', 'abc')).toBe(true);
    expect(sameState('abc', 'abd')).toBe(false);
    expect(sameState('abc', 'abcd')).toBe(false);
  });
});

describe('starting a sign-in through the platform', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setRuntimeConfig({
      environment: 'sandbox',
      platformUrl: 'https://platform.test',
      notesUrl: '',
      clientId: 'sandbox-trainer-dashboard',
    });
  });

  it('sends the person to /oauth/signin with the code flow, the callback, a state and an S256 challenge', async () => {
    const url = new URL(await platformSignInUrl('/students/usr-1?tab=notes'));
    expect(`${url.origin}${url.pathname}`).toBe('https://platform.test/oauth/signin');
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: 'sandbox-trainer-dashboard',
      redirect_uri: `${window.location.origin}/auth/callback`,
      code_challenge_method: 'S256',
    });
    // The verifier stays in this tab; only its challenge travels.
    const pending = takePendingSignIn();
    expect(pending).toMatchObject({ state: query.state, returnPath: '/students/usr-1?tab=notes' });
    expect(query.code_challenge).toBe(await challengeOf(pending?.verifier ?? ''));
    expect(url.search).not.toContain(pending?.verifier);
  });

  it('keeps the attempt for one taking only, and not past 15 minutes', async () => {
    await platformSignInUrl(null);
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).not.toBeNull();
    expect(takePendingSignIn()).not.toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
    expect(takePendingSignIn()).toBeNull();

    await platformSignInUrl(null);
    expect(takePendingSignIn(Date.now() + 16 * 60 * 1000)).toBeNull();
    expect(sessionStorage.getItem(PENDING_SIGN_IN_KEY)).toBeNull();
  });
});
