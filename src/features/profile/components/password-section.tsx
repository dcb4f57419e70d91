/**
 * The profile's password section, offered where it can work: the platform
 * has our session extensions (changing a password is one of them, and the
 * platform's own interface has none) and the person is not anonymous (an
 * anonymous account has no password). Whether a signed-in person has a
 * password at all only the service knows: it says so when they try, and
 * the form gives way to that.
 */
import { useQuery } from '@tanstack/react-query';
import { accessQueries } from '../../../lib/access/access-queries';
import { ChangePasswordForm } from './change-password-form';

export function PasswordSection() {
  const session = useQuery(accessQueries.session());
  if (!session.data || session.data.anonymous) return null;
  return (
    <section className="panel section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <p className="muted">Your other sign-ins end when you change it; this one stays.</p>
      <ChangePasswordForm />
    </section>
  );
}
