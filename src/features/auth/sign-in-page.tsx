/** Sign-in: a sandbox demo user, or a user token; anonymous trial linked. */
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { getRuntimeConfig } from '../../lib/config/runtime-config';
import { takeReturnPath } from '../../lib/session/return-path';
import { sessionStore } from '../../lib/session/session-store';
import { useTokenSignIn } from './api/auth-queries';
import { DemoUserList } from './components/demo-user-list';
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
  const config = getRuntimeConfig();
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
      <div className={config.environment === 'sandbox' ? 'standalone-card standalone-card-wide' : 'standalone-card'}>
        <PageHeading intro="Sign in to see student comments, training notes, your profile and your friends.">
          Sign in
        </PageHeading>
        <EndedNotice />
        <div className="sign-in-layout">
          {config.environment === 'sandbox' ? (
            <section aria-labelledby="demo-users-heading" className="sign-in-main">
              <h2 id="demo-users-heading">Sign in as a demo user</h2>
              <p className="muted">This is the sandbox: pick one of its demo people.</p>
              <DemoUserList onSignedIn={proceed} />
            </section>
          ) : null}
          <div className="sign-in-side">
            <section aria-labelledby="token-heading" className="panel">
              <h2 id="token-heading">Sign in with a user token</h2>
              <TokenSignInForm
                onSubmit={async (token) => {
                  await tokenSignIn.mutateAsync(token);
                  proceed();
                }}
              />
            </section>
            <section aria-labelledby="anonymous-heading" className="panel">
              <h2 id="anonymous-heading">No account?</h2>
              <p>
                <Link to="/welcome">Try without an account</Link>: use the dashboard with an anonymous profile.
              </p>
            </section>
          </div>
        </div>
      </div>
    </main>
  );
}
