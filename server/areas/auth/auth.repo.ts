/** Queries of OAuth sign-in: apps and their redirect URIs, accounts, the demo people, codes and sessions. */
import type { Environment } from '../../../contract/sandbox.ts';
import { hashToken } from '../../access/authenticator.ts';
import { signedUpPeople } from '../../access/people.ts';
import type { Queryable } from '../../data/database.ts';
import type { PickerPerson } from './signin-page.ts';

export interface OauthApp {
  readonly clientId: string;
  readonly name: string;
  readonly environment: Environment;
  readonly confidential: boolean;
  /** Registered for the legacy implicit grant. */
  readonly implicit: boolean;
  readonly secretHash: string | null;
  readonly redirectUris: readonly string[];
}

export interface SpentCode {
  readonly client_id: string;
  readonly user_id: string;
  readonly redirect_uri: string;
  readonly code_challenge: string | null;
  readonly family_id: string;
  readonly expires_at: number;
}

export interface OidcFlow {
  readonly provider: string;
  readonly nonce: string;
  readonly code_verifier: string;
  readonly callback_uri: string;
  readonly signin_params: string;
  readonly expires_at: number;
}

/** How long a used or expired code is kept, so a replay is still recognised (and ends its family). */
const KEEP_SPENT_CODES_SECONDS = 24 * 3600;

export function authRepo(q: Queryable) {
  return {
    async app(clientId: string): Promise<OauthApp | undefined> {
      const [row, uris] = await Promise.all([
        q
          .selectFrom('apps')
          .select(['client_id', 'name', 'environment', 'confidential', 'implicit_grant', 'secret_hash'])
          .where('client_id', '=', clientId)
          .executeTakeFirst(),
        q.selectFrom('app_redirect_uris').select('redirect_uri').where('client_id', '=', clientId).execute(),
      ]);
      if (!row) return undefined;
      return {
        clientId: row.client_id,
        name: row.name,
        environment: row.environment,
        confidential: row.confidential === 1,
        implicit: row.implicit_grant === 1,
        secretHash: row.secret_hash,
        redirectUris: uris.map((uri) => uri.redirect_uri),
      };
    },
    /** The account behind a handle, for password sign-in. */
    account(handle: string) {
      return q
        .selectFrom('users')
        .select(['user_id', 'password_hash', 'anonymous'])
        .where('handle', '=', handle)
        .executeTakeFirst();
    },
    /** Whether a user exists and is anonymous (the picker signs in signed-up people only). */
    person(userId: string) {
      return q.selectFrom('users').select(['user_id', 'anonymous']).where('user_id', '=', userId).executeTakeFirst();
    },
    /** The demo people of the picker: every signed-up user, trainers first, by name. */
    async people(): Promise<PickerPerson[]> {
      const [users, teaches, studies] = await Promise.all([
        signedUpPeople(q),
        q
          .selectFrom('class_trainers')
          .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('user_id')
          .execute(),
        q
          .selectFrom('students')
          .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('user_id')
          .execute(),
      ]);
      const teachCount = new Map(teaches.map((row) => [row.user_id, Number(row.n)]));
      const studyCount = new Map(studies.map((row) => [row.user_id, Number(row.n)]));
      return users.map((row) => ({
        userId: row.user_id,
        handle: row.handle,
        firstName: row.first_name,
        lastName: row.last_name,
        accountType: row.account_type,
        teaches: teachCount.get(row.user_id) ?? 0,
        studies: studyCount.get(row.user_id) ?? 0,
      }));
    },
    /** Stores a new code (its hash) and drops codes long past use, in the caller's transaction. */
    async createCode(
      code: string,
      values: Omit<SpentCode, 'expires_at'> & { readonly expires_at: number },
      now: number,
    ): Promise<void> {
      await q
        .deleteFrom('oauth_codes')
        .where('expires_at', '<', now - KEEP_SPENT_CODES_SECONDS)
        .execute();
      await q
        .insertInto('oauth_codes')
        .values({ code_hash: hashToken(code), ...values, used_at: null })
        .execute();
    },
    /**
     * Spends a code: one statement, so of two exchanges of one code (through
     * any instances) exactly one gets its row; the other finds it used.
     */
    spendCode(code: string, now: number): Promise<SpentCode | undefined> {
      return q
        .updateTable('oauth_codes')
        .set({ used_at: now })
        .where('code_hash', '=', hashToken(code))
        .where('used_at', 'is', null)
        .returning(['client_id', 'user_id', 'redirect_uri', 'code_challenge', 'family_id', 'expires_at'])
        .executeTakeFirst();
    },
    /** The family of a code that was already used, if it is one. */
    async usedCodeFamily(code: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('oauth_codes')
        .select('family_id')
        .where('code_hash', '=', hashToken(code))
        .where('used_at', 'is not', null)
        .executeTakeFirst();
      return row?.family_id;
    },
    /** The family of the session a token pair names, if the pair is one session's. */
    async familyOfPair(token: string, refreshToken: string): Promise<string | undefined> {
      const row = await q
        .selectFrom('sessions')
        .select('family_id')
        .where('token_hash', '=', hashToken(token))
        .where('refresh_hash', '=', hashToken(refreshToken))
        .executeTakeFirst();
      return row?.family_id;
    },
    async createOidcFlow(state: string, flow: OidcFlow, now: number): Promise<void> {
      // Flows nobody came back from are of no use once expired.
      await q.deleteFrom('oidc_flows').where('expires_at', '<=', now).execute();
      await q
        .insertInto('oidc_flows')
        .values({ state_hash: hashToken(state), ...flow })
        .execute();
    },
    /** The flow of `state`, removed in the same statement: a second callback with it finds nothing. */
    spendOidcFlow(state: string): Promise<OidcFlow | undefined> {
      return q
        .deleteFrom('oidc_flows')
        .where('state_hash', '=', hashToken(state))
        .returning(['provider', 'nonce', 'code_verifier', 'callback_uri', 'signin_params', 'expires_at'])
        .executeTakeFirst();
    },
    /** The signed-up people (never anonymous ones) whose email or external id is `value`; at most two, to tell one from many. */
    async peopleMatching(field: 'email' | 'externalId', value: string): Promise<string[]> {
      let query = q.selectFrom('users').select('user_id').where('anonymous', '=', 0).limit(2);
      query =
        field === 'email'
          ? // Addresses are compared without case (the provider may spell the domain differently).
            query.where((eb) => eb(eb.fn('lower', ['email']), '=', value.toLowerCase())).where('email', '!=', '')
          : query.where('external_id', '=', value);
      const rows = await query.execute();
      return rows.map((row) => row.user_id);
    },
  };
}
