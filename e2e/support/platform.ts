/**
 * What the journeys need to know about the seeded sandbox: the demo people
 * by their fixed ids (sandbox/demo-ids.ts), with everything else (names,
 * rosters, profiles) asked of the service itself, plus the profile data the
 * storage audit must not find.
 */
import type { APIRequestContext } from '@playwright/test';
import type { z } from 'zod/mini';
import { endpoints } from '../../contract/endpoints';
import type { SandboxUser } from '../../contract/sandbox';
import { demoIds } from '../../sandbox/demo-ids';

export const DASHBOARD_CLIENT = demoIds.apps.training;
export const NO_TRAINING_CLIENT = demoIds.apps.noTraining;

async function parsed<S extends z.ZodMiniType>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  schema: S,
): Promise<z.output<S>> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return schema.parse(await response.json());
}

/** The accessible name of a demo user's sign-in button (handles tell apart people with the same name). */
export function signInAs(user: Pick<SandboxUser, 'firstName' | 'lastName' | 'handle'>): string {
  return `Sign in as ${user.firstName} ${user.lastName} (${user.handle})`;
}

export async function demoUsers(request: APIRequestContext): Promise<SandboxUser[]> {
  return parsed(await request.get('/sandbox/v1/users'), endpoints.sandboxUsers.response);
}

export async function tokenFor(
  request: APIRequestContext,
  userId: string,
  clientId: string = DASHBOARD_CLIENT,
): Promise<string> {
  const response = await request.post('/sandbox/v1/token', { data: { userId, clientId } });
  return (await parsed(response, endpoints.sandboxToken.response)).token;
}

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export async function rosterOf(request: APIRequestContext, token: string) {
  return parsed(await request.get('/edu/v1/trainer/roster', auth(token)), endpoints.roster.response);
}

export async function profileOf(request: APIRequestContext, token: string) {
  return parsed(await request.get('/user/v1/my/profile', auth(token)), endpoints.myProfile.response);
}

export async function friendsOf(request: APIRequestContext, token: string) {
  return parsed(await request.get('/user/v1/my/friends', auth(token)), endpoints.myFriends.response);
}

async function demoUser(request: APIRequestContext, userId: string): Promise<SandboxUser> {
  const user = (await demoUsers(request)).find((candidate) => candidate.userId === userId);
  if (!user) throw new Error(`The seeded sandbox has no demo user ${userId}`);
  return user;
}

/** The demo trainer, their roster, and the first class of theirs with students and lessons. */
export async function findTrainer(request: APIRequestContext) {
  const user = await demoUser(request, demoIds.users.trainer);
  const token = await tokenFor(request, user.userId);
  const roster = await rosterOf(request, token);
  const klass = roster.classes.find((c) => c.students.length > 0 && c.lessons.length > 0);
  if (!klass) throw new Error(`The demo trainer ${user.userId} teaches no class with students and lessons`);
  return { user, token, roster, klass };
}

/** What the service gives a trainer as a person's whole record (extension), to check the page against. */
export async function recordOf(request: APIRequestContext, token: string, userId: string) {
  return parsed(
    await request.get(`/edu/v1/trainer/students/${encodeURIComponent(userId)}/record`, auth(token)),
    endpoints.studentRecord.response,
  );
}

/** A demo user by their fixed id, signed in to the dashboard's app. */
export async function signedInDemoUser(request: APIRequestContext, userId: string) {
  const user = await demoUser(request, userId);
  return { user, token: await tokenFor(request, user.userId) };
}

/** The demo student, with their profile and friends (they have pictures and friends). */
export async function findStudent(request: APIRequestContext) {
  const user = await demoUser(request, demoIds.users.student);
  const token = await tokenFor(request, user.userId);
  const profile = await profileOf(request, token);
  const friends = await friendsOf(request, token);
  if (!profile.profilePic || !profile.coverPhoto || friends.length < 2) {
    throw new Error(`The demo student ${user.userId} should have a picture, a cover photo and two friends`);
  }
  return { user, token, profile, friends };
}

type Textual = Record<string, unknown>;

function textValues(record: Textual, keys: readonly string[]): string[] {
  return keys.map((key) => record[key]).filter((value): value is string => typeof value === 'string');
}

const personalKeys = [
  'firstName',
  'lastName',
  'handle',
  'email',
  'displayDutyTitle',
  'jobTitle',
  'displayRank',
  'militaryGrade',
  'civilianGrade',
  'civilianBand',
  'jobSeriesNumber',
] as const;

/**
 * Profile field values of everyone a journey showed: every demo user's
 * names and handle, and the full profile and friends of the signed-in one.
 * Short or generic values (country codes, "adult") are left out: they
 * would match by accident.
 */
export async function profileValuesSeenBy(request: APIRequestContext, token?: string): Promise<string[]> {
  const values = new Set<string>();
  const add = (list: string[]) => {
    for (const value of list) if (value.trim().length >= 3) values.add(value.trim());
  };
  for (const user of await demoUsers(request)) add([user.firstName, user.lastName, user.handle]);
  if (token) {
    const profile = await profileOf(request, token);
    add(textValues(profile, personalKeys));
    add([profile.organizationRoles.afsc]);
    for (const friend of await friendsOf(request, token)) add(textValues(friend, personalKeys));
  }
  return [...values];
}
