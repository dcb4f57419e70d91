/** "Try without an account": creates an anonymous profile and says what that means. */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { LiveMessage } from '../../components/states';
import { describeError } from '../../lib/api/describe-error';
import { sessionStore } from '../../lib/session/session-store';
import { useCreateAnonymousProfile } from './api/onboarding-mutations';

export default function WelcomePage() {
  const navigate = useNavigate();
  const create = useCreateAnonymousProfile();
  const [ended] = useState(() => {
    const end = sessionStore.lastEnd();
    return end?.method === 'anonymous' ? end : null;
  });
  const [alreadySignedIn] = useState(() => sessionStore.get() !== null);
  if (alreadySignedIn) return <Navigate to="/" replace />;

  const problem = create.isError ? describeError(create.error, 'an anonymous profile') : undefined;
  const failure = problem ? `${problem.title}. ${problem.detail}` : '';

  return (
    <main className="standalone" id="main">
      <title>Try without an account · Trainer dashboard</title>
      <div className="standalone-card">
        <PageHeading>Try the dashboard without an account</PageHeading>
        {ended ? (
          <div
            className={ended.reason === 'signed-out' ? 'callout callout-info' : 'callout callout-error'}
            role="alert"
          >
            <p className="callout-title">
              {ended.reason === 'signed-out'
                ? 'You signed out of your anonymous profile'
                : 'Your anonymous session ended'}
            </p>
            <p>That anonymous profile cannot be recovered. Start a new one below.</p>
          </div>
        ) : null}
        <p>We create an anonymous profile for you: no name, no email, nothing to sign up for.</p>
        <ul className="plain-list">
          <li>This browser keeps only the profile’s random id and its session, nothing about you.</li>
          <li>
            <strong>If you sign out or the session is lost, the anonymous profile cannot be recovered</strong>: you
            start again with a new one.
          </li>
        </ul>
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: () => navigate('/', { replace: true }) })}
          >
            {create.isPending ? 'Creating your anonymous profile…' : 'Create an anonymous profile and continue'}
          </button>
          <Link to="/sign-in">Sign in with an account instead</Link>
        </div>
        <LiveMessage message={failure} tone="error" />
      </div>
    </main>
  );
}
