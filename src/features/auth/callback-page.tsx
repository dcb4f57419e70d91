/**
 * `/auth/callback`: where the platform's sign-in page sends the person back.
 * The code and state leave the address bar at once; the sign-in finishes
 * (api/platform-sign-in) and the person lands where they were going, or
 * reads why it did not finish, with a way to try again.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { describeError } from '../../lib/api/describe-error';
import { StartSignInButton } from './components/start-sign-in-button';
import { type CallbackOutcome, readCallbackAnswer } from './oauth/callback-answer';
import { CALLBACK_PATH } from './oauth/start-sign-in';

type Failure = Exclude<CallbackOutcome, { kind: 'signed-in' }>;

/**
 * One completion per callback address. The code is single use and the
 * verifier is taken from storage on the first try: a second render of the
 * same page (React's development double effects) shares the first attempt.
 */
let attempt: { readonly search: string; readonly outcome: Promise<CallbackOutcome> } | null = null;

function complete(search: string): Promise<CallbackOutcome> {
  if (attempt?.search !== search) {
    const answer = readCallbackAnswer(search);
    attempt = {
      search,
      // The API client comes only for a code to exchange: an answer that cannot finish is explained at once.
      outcome:
        answer.kind === 'code'
          ? import('./api/platform-sign-in')
              .then((api) => api.finishPlatformSignIn(answer))
              // Its code could not be fetched (offline): said as a failure, with a way to start again.
              .catch(
                (error: unknown): CallbackOutcome => ({ kind: 'failed', error, returnPath: answer.pending.returnPath }),
              )
          : Promise.resolve(answer),
    };
  }
  return attempt.outcome;
}

function explain(failure: Failure): { title: string; detail: string } {
  switch (failure.kind) {
    case 'cancelled':
      return {
        title: 'You cancelled signing in',
        detail: 'You chose Cancel on the platform’s sign-in page, so nobody is signed in.',
      };
    case 'unverified':
      return {
        title: 'This sign-in could not be verified',
        detail:
          'The answer that came back does not belong to a sign-in started in this tab in the last 15 minutes: it may be old, opened in another tab, or altered. Nobody is signed in. Start again from here.',
      };
    case 'code-refused':
      return {
        title: 'The platform refused this sign-in',
        detail:
          'Its one-time sign-in code had expired or was already used. Nobody is signed in. Sign in again: it takes a new code.',
      };
    case 'platform-error':
      return {
        title: 'The platform could not sign you in',
        detail: `It said: ${failure.description}. Nobody is signed in.`,
      };
    case 'failed': {
      const { title, detail } = describeError(failure.error, 'your sign-in');
      return { title, detail: `${detail} Nobody is signed in.` };
    }
  }
}

export default function CallbackPage() {
  const navigate = useNavigate();
  // Read once: the address bar loses the code and state as soon as the page has them.
  const [search] = useState(() => window.location.search);
  const [failure, setFailure] = useState<Failure | null>(null);

  useEffect(() => {
    let current = true;
    navigate(CALLBACK_PATH, { replace: true });
    void complete(search).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'signed-in') navigate(outcome.returnPath ?? '/', { replace: true });
      else setFailure(outcome);
    });
    return () => {
      current = false;
    };
  }, [search, navigate]);

  if (!failure) {
    return (
      <main className="standalone" id="main">
        <title>Signing in · Trainer dashboard</title>
        <div className="standalone-card">
          <p className="loading-text" role="status">
            Finishing signing in…
          </p>
        </div>
      </main>
    );
  }

  const { title, detail } = explain(failure);
  const returnPath = failure.kind === 'unverified' ? null : failure.returnPath;
  return (
    <main className="standalone" id="main">
      <title>Sign-in did not finish · Trainer dashboard</title>
      <div className="standalone-card">
        <PageHeading>Sign-in did not finish</PageHeading>
        <div className="callout callout-error" role="alert">
          <p className="callout-title">{title}</p>
          <p>{detail}</p>
        </div>
        <div className="actions">
          <StartSignInButton returnPath={returnPath} label="Try again" />
          <Link to="/sign-in">Other ways to sign in</Link>
        </div>
      </div>
    </main>
  );
}
