/** Turns an error into what a person needs: what failed, why, and what to do next. */
import { isApiError } from './api-error';

export interface ErrorDescription {
  readonly title: string;
  readonly detail: string;
  /** Whether trying again can help. */
  readonly retryable: boolean;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
          `Ask an administrator to grant the training scope, then sign in again. (The service said: ${error.message})`,
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
      return { title: 'Sandbox credentials refused', detail: error.message, retryable: false };
    case 'forbidden':
      return { title: `You may not see ${what}`, detail: error.message, retryable: false };
    case 'not_found':
      return { title: `Could not find ${what}`, detail: error.message, retryable: false };
    case 'overloaded':
      return {
        title: 'The service is busy',
        detail: `It could not take the request for ${what} just now, and nothing was changed. Try again in a moment.`,
        retryable: true,
      };
    case 'network_error':
      return { title: `Could not load ${what}`, detail: error.message, retryable: true };
    case 'bad_response':
      return {
        title: `Could not read ${what}`,
        detail:
          'The service answered in a shape the dashboard does not understand. Try again; if it persists, report it.',
        retryable: true,
      };
    default:
      return {
        title: `Could not load ${what}`,
        detail: error.message,
        retryable: error.status >= 500 || error.status === 0,
      };
  }
}
