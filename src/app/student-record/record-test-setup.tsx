/** What the record page's component tests share: a sandbox trainer signed in, and the page at a student's address. */
import { screen, within } from '@testing-library/react';
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

/**
 * The line of the header's Summary that names the one class shared with the person and its trainers, as the page
 * shows it now: looked up afresh each time, since the line may be another element once a read settles.
 */
export function sharedClassLine(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Summary' })).getByRole('listitem');
}

export function renderRecord(userId = 'usr-s') {
  return renderWithProviders(
    <Routes>
      <Route path="/students/:userId" element={<StudentRecordPage />} />
    </Routes>,
    { route: `/students/${userId}` },
  );
}
