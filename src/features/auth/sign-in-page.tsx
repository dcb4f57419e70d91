/**
 * Sign-in: through the platform's own sign-in page (the main way), an
 * anonymous trial, or, for integrators, a pasted user token.
 */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { takeReturnPath } from '../../lib/session/return-path';
import { sessionStore } from '../../lib/session/session-store';
import { useTokenSignIn } from './api/auth-queries';
import { StartSignInButton } from './components/start-sign-in-button';
import { TokenSignInForm } from './components/token-sign-in-form';

function EndedNotice() {
  const [ended] = useState(() => sessionStore.lastEnd());
  if (!ended) return null;
  if (ended.reason === 'signed-out') {
    return (
      <p className="callout callout-info" role="status">
        You signed out.
      </p>
    );
  }
  return (
    <div className="callout callout-error" role="alert">
      <p className="callout-title">Your session has ended</p>
      <p>
        {ended.reason === 'expired'
          ? 'It expired and could not be renewed.'
          : 'The platform no longer accepts it (it was revoked or signed out elsewhere).'}{' '}
        Sign in again to continue.
      </p>
    </div>
  );
}

export default function SignInPage() {
  const navigate = useNavigate();
  const tokenSignIn = useTokenSignIn();
  // Only a visit while already signed in skips this page; signing in here navigates itself.
  const [alreadySignedIn] = useState(() => sessionStore.get() !== null);
  if (alreadySignedIn) return <Navigate to="/" replace />;

  // Where to go follows who the person is: `/` decides (see app/landing).
  const proceed = () => navigate(takeReturnPath() ?? '/', { replace: true });

  return (
    <main className="standalone" id="main">
      <title>Sign in · Trainer dashboard</title>
      <div className="standalone-card">
        <PageHeading intro="Sign in to see student comments, training notes, your profile and your friends.">
          Sign in
        </PageHeading>
        <EndedNotice />
        <div className="sign-in-ways">
          <section aria-labelledby="platform-heading" className="sign-in-main">
            <h2 id="platform-heading">With your account</h2>
            <p className="muted">You sign in on the platform’s own page, then come back here.</p>
            <StartSignInButton />
          </section>
          <section aria-labelledby="anonymous-heading">
            <h2 id="anonymous-heading">No account?</h2>
            <p>
              <Link to="/welcome">Try without an account</Link>: use the dashboard with an anonymous profile.
            </p>
          </section>
          <details className="sign-in-token">
            <summary>Use a token (integrators)</summary>
            <TokenSignInForm
              onSubmit={async (token) => {
                await tokenSignIn.mutateAsync(token);
                proceed();
              }}
            />
          </details>
        </div>
      </div>
    </main>
  );
}
