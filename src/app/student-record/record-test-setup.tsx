/** What the record page's component tests share: a sandbox trainer signed in, and the page at a student's address. */
import { Route, Routes } from 'react-router-dom';
import { extensions } from '../../lib/api/extensions';
import { setRuntimeConfig } from '../../lib/config/runtime-config';
import { sessionStore } from '../../lib/session/session-store';
import { renderWithProviders } from '../../test/render';
import StudentRecordPage from './student-record-page';

/** A trainer signed in on the sandbox; the extensions learnt by a test before are forgotten. */
export function signInSandboxTrainer(): void {
  extensions.reset();
  setRuntimeConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' });
  sessionStore.start('trainer-1', { token: 'token-1' }, 'sandbox');
}

export function renderRecord(userId = 'usr-s') {
  return renderWithProviders(
    <Routes>
      <Route path="/students/:userId" element={<StudentRecordPage />} />
    </Routes>,
    { route: `/students/${userId}` },
  );
}
