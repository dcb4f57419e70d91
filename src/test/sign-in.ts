/** The sign-in most component tests start from: a trainer ("trainer-1") signed in on the sandbox. */
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';

export function signInSandboxTrainer(): void {
  setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  sessionStore.start('trainer-1', { token: 'token-1' }, 'sandbox');
}
