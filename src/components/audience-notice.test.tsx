import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '../lib/config/runtime-config';
import { sessionStore } from '../lib/session/session-store';
import { renderWithProviders } from '../test/render';
import { AudienceNotice } from './audience-notice';

afterEach(() => sessionStore.end('signed-out'));

describe('who will see it, while the service cannot be reached', () => {
  it('says that nothing can be saved now and that the text is kept, never that saving works', async () => {
    // Nothing listens on port 9 (and browsers refuse it): the request gets no answer at all, as in an outage.
    const down = 'http://127.0.0.1:9';
    setRuntimeConfig({
      environment: 'sandbox',
      platformUrl: down,
      notesUrl: down,
      clientId: 'sandbox-trainer-dashboard',
    });
    sessionStore.start('usr-a', { token: 'token-1' }, 'sandbox');
    renderWithProviders(
      <AudienceNotice id="who" waiting="Choose a class" query={{ kind: 'comment', classId: 'cls-1' }} />,
    );
    const line = document.getElementById('who');
    await screen.findByText(/cannot be reached/);
    expect(line).toHaveTextContent(
      'Who will see it: Could not find out who will be able to read it: the service cannot be reached. Nothing was saved. Your text is kept in this browser: save it again once the service is back.',
    );
    expect(line?.textContent).not.toMatch(/saving still works/i);
  });
});
