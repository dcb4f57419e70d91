/** "Back to …" returns where the trainer came from, with its filters (issue 34). */
import { screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StudentLink } from '../../components/student-link';
import { renderWithProviders } from '../../test/render';
import { useBackLink } from './came-from';

function Record() {
  const back = useBackLink({ to: '/comments', name: 'student comments' });
  return <Link to={back.to}>{back.label}</Link>;
}

function App() {
  return (
    <Routes>
      <Route path="/students/:userId" element={<Record />} />
      <Route path="*" element={<StudentLink userId="user-3" name="Cy Cole" />} />
    </Routes>
  );
}

describe('the back link', () => {
  it('names and returns to the page the student was opened from, its query string kept', async () => {
    const { user } = renderWithProviders(<App />, { route: '/notes?userId=user-3&category=lesson,course,user' });
    await user.click(screen.getByRole('link', { name: 'Cy Cole' }));
    expect(screen.getByRole('link', { name: 'Back to training notes' })).toHaveAttribute(
      'href',
      '/notes?userId=user-3&category=lesson,course,user',
    );
  });

  it('says Classes and students when the trainer came from there', async () => {
    const { user } = renderWithProviders(<App />, { route: '/classes' });
    await user.click(screen.getByRole('link', { name: 'Cy Cole' }));
    expect(screen.getByRole('link', { name: 'Back to classes and students' })).toHaveAttribute('href', '/classes');
  });

  it('falls back to the usual parent when the page was opened directly', () => {
    renderWithProviders(<App />, { route: '/students/user-3' });
    expect(screen.getByRole('link', { name: 'Back to student comments' })).toHaveAttribute('href', '/comments');
  });
});
