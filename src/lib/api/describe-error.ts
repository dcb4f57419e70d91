/**
 * Turns an error into what a person needs: what failed, why, and what to do
 * next, in their words. The service's own message is added only where it
 * helps a person (a refusal's reason) and never when it reads like the
 * machinery: an HTTP method, an address pattern or a status number.
 */
import { isApiError } from './api-error';

export interface ErrorDescription {
  readonly title: string;
  readonly detail: string;
  /** Whether trying again can help. */
  readonly retryable: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What stays true while the service cannot be reached: pages already shown
 * keep their data (React Query's memory), and the comment and note forms keep
 * their text per user in this browser until it is saved (lib/forms/use-form-submission.ts
 * over lib/storage/use-draft.ts). Nothing is saved meanwhile.
 */
export const OUTAGE_KEPT =
  'Pages already open stay as they are, and the text of a comment or note you are writing is kept in this browser until you save it.';

/** What a form says when its save or check could not reach the service: nothing saved, nothing lost. */
export const OUTAGE_SAVE_LATER =
  'Nothing was saved. Your text is kept in this browser: save it again once the service is back.';

/** Words that belong to the wire, not to a person: a method, an API address, a path parameter, a status. */
const machinery =
  /\b(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b|\/[\w-]+\/v\d+\/|\/:[A-Za-z]|\b[1-5]\d\d\b|\bHTTP\b|\bstatus\b|\bplatform code\b/;

/** The service's message, when a person can read it as it is. */
export function plainMessage(message: string): string | undefined {
  const text = message.trim();
  return text !== '' && !machinery.test(text) ? text : undefined;
}

/** `base`, followed by what the service said when that is in plain words. */
function withReason(base: string, message: string): string {
  const said = plainMessage(message);
  return said ? `${base} The service said: ${said.replace(/\.?$/, '.')}` : base;
}

export function describeError(error: unknown, what: string): ErrorDescription {
  if (!isApiError(error)) {
    return {
      title: `Could not load ${what}`,
      detail: 'Something went wrong in the dashboard. Try again.',
      retryable: true,
    };
  }
  switch (error.code) {
    case 'missing_scope':
      return {
        title: 'This app may not use student comments',
        detail:
          'Student comments need the training scope, and only a platform administrator can grant it to this app. ' +
          'Ask an administrator to grant the training scope, then sign in again.',
        retryable: false,
      };
    case 'anonymous_not_allowed':
      return {
        title: `${capitalise(what)} ${what.endsWith('s') ? 'are' : 'is'} not available to an anonymous profile`,
        detail:
          'The platform keeps this for people with an account. To use it, sign out of this anonymous profile and sign ' +
          'in with your platform account; if you have none, the platform’s sign-in page is where you sign up.',
        retryable: false,
      };
    case 'unauthorized':
    case 'invalid_token':
    case 'token_expired':
      return {
        title: 'You are signed out',
        detail: 'Your session is no longer valid. Sign in again.',
        retryable: false,
      };
    case 'sandbox_credential':
      return {
        title: 'Sandbox credentials refused',
        detail: withReason('This service does not accept the demo sign-in of a sandbox.', error.message),
        retryable: false,
      };
    case 'forbidden':
    case 'org_forbidden':
      return {
        title: `You may not see ${what}`,
        detail: withReason('Your account does not give you access to this.', error.message),
        retryable: false,
      };
    case 'not_found':
      return {
        title: `Could not find ${what}`,
        detail: withReason('It may have been deleted, or the link may be wrong.', error.message),
        retryable: false,
      };
    case 'overloaded':
      return {
        title: 'The service is busy',
        detail: `It could not take the request for ${what} just now, and nothing was changed. Try again in a moment.`,
        retryable: true,
      };
    case 'network_error':
      return {
        title: 'The service cannot be reached',
        detail: `The dashboard could not reach the service for ${what}: it may be down, or this device may be offline. ${OUTAGE_KEPT}`,
        retryable: true,
      };
    case 'bad_response':
      return {
        title: `Could not read ${what}`,
        detail:
          'The service answered in a shape the dashboard does not understand. Try again; if it persists, report it.',
        retryable: true,
      };
    default: {
      const serverFault = error.status >= 500 || error.status === 0;
      return {
        title: `Could not load ${what}`,
        detail: serverFault
          ? 'The service failed on its side; nothing you did caused this. Try again in a moment.'
          : withReason('The service refused the request.', error.message),
        retryable: serverFault,
      };
    }
  }
}
