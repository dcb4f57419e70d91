/** What the record page's component tests share: a sandbox trainer signed in, and the page at a student's address. */
import { Route, Routes } from 'react-router-dom';
import { extensions } from '../../lib/api/extensions';
import { renderWithProviders } from '../../test/render';
import { signInSandboxTrainer as signInTrainer } from '../../test/sign-in';
import StudentRecordPage from './student-record-page';

/** A trainer signed in on the sandbox; the extensions learnt by a test before are forgotten. */
export function signInSandboxTrainer(): void {
  extensions.reset();
  signInTrainer();
}

export function renderRecord(userId = 'usr-s') {
  return renderWithProviders(
    <Routes>
      <Route path="/students/:userId" element={<StudentRecordPage />} />
    </Routes>,
    { route: `/students/${userId}` },
  );
}
