/** A failed save says one line, its details one click away (issue 34: eleven bold lines on a phone). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveMessage } from './states';

const failure =
  'The comment was not saved. The service cannot be reached. The dashboard could not reach the service: it may be down, or this device may be offline. Your text is kept; try again.';

describe('a failure message', () => {
  it('shows its first sentence, the rest behind Details', () => {
    render(<LiveMessage message={failure} tone="error" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(/^The comment was not saved\./);
    expect(screen.getByText('Details')).toBeVisible();
    expect(screen.getByText(/Your text is kept; try again\.$/)).not.toBeVisible();
  });

  it('leaves a one-sentence failure and a save whole', () => {
    render(
      <>
        <LiveMessage message="Choose at least one kind of note." tone="error" />
        <LiveMessage message="Comment added. It is first in the list." />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one kind of note.');
    expect(screen.getByRole('status')).toHaveTextContent('Comment added. It is first in the list.');
    expect(screen.queryByText('Details')).not.toBeInTheDocument();
  });
});
