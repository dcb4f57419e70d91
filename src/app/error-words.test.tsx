/**
 * Every error a person can meet is told in their words (issue 20, point 3):
 * what failed and what to do, never an HTTP method, an API address pattern
 * or a status number, whatever the service or the transport put in the
 * error's own message.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '../../contract/common';
import { endpoints } from '../../contract/endpoints';
import { ErrorState } from '../components/states';
import { ApiError } from '../lib/api/api-error';
import { readError } from '../lib/api/read-error';
import { request } from '../lib/api/request';
import { RouteError } from './route-error';

const route = 'GET /edu/v1/trainer/students/:userId/record';
const machinery = /\b(GET|POST|PUT|PATCH|DELETE)\b|\/edu\/|\/v1\/|:userId|\b[1-5]\d\d\b|\bstatus\b/;

const json = (code: string, message: string) => JSON.stringify({ error: { code, message } });
const plain = new Headers({ 'Content-Type': 'application/json' });

/** Failed answers as they arrive, read by the dashboard's own reader. */
const answered: [string, ApiError][] = [
  ['a 500 with no body', readError({ status: 500, headers: new Headers(), text: '' }, route)],
  ['a 418 with no body', readError({ status: 418, headers: new Headers(), text: '' }, route)],
  [
    'a 502 with the platform’s headers only',
    readError({ status: 502, headers: new Headers({ errorcode: '5000' }), text: '' }, route),
  ],
  [
    'a 404 that names the missing route',
    readError(
      { status: 404, headers: plain, text: json('not_found', 'No route for GET /edu/v1/trainer/students/u-1/record') },
      route,
    ),
  ],
  [
    'a 403 quoting the route',
    readError({ status: 403, headers: plain, text: json('forbidden', `${route} is for trainers`) }, route),
  ],
  ...errorCodes.map((code): [string, ApiError] => [
    `code ${code} whose message quotes the route`,
    new ApiError({ status: 400, code, message: `The service answered 400 to ${route}` }),
  ]),
];

describe('error messages in a person’s words', () => {
  it.each(answered)('%s', (_, error) => {
    render(<ErrorState error={error} what="the student’s record" onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).not.toMatch(machinery);
    expect(alert.textContent?.trim().length).toBeGreaterThan(20);
  });

  it('says the service cannot be reached when no answer came, and what still works', async () => {
    const config = { platformUrl: 'http://127.0.0.1:9', notesUrl: 'http://127.0.0.1:9', clientId: 'app' };
    const failure = await request(endpoints.studentRecord, { params: { userId: 'u-1' } }, { config, token: 't' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    render(<ErrorState error={failure} what="the student’s record" onRetry={() => undefined} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The service cannot be reached');
    expect(alert).toHaveTextContent('kept in this browser');
    expect(alert).toHaveTextContent('It keeps trying');
    expect(alert.textContent).not.toMatch(machinery);
  });

  it.each([
    [
      'a server failure',
      new ApiError({ status: 503, code: 'internal', message: `The service answered 503 to ${route}` }),
    ],
    ['a route response', data('Not Found', { status: 404, statusText: 'Not Found' })],
    ['a page whose code did not load', new TypeError('Failed to fetch dynamically imported module: http://x/a.js')],
    ['a bug', new Error(`Cannot read properties of undefined (reading 'userId') at ${route}`)],
  ])('on the route error page: %s', async (_, thrown) => {
    const router = createMemoryRouter([
      {
        path: '/',
        loader: () => {
          throw thrown;
        },
        Component: () => null,
        ErrorBoundary: RouteError,
      },
    ]);
    render(<RouterProvider router={router} />);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).not.toMatch(machinery);
    expect(screen.getByRole('alert').textContent).not.toMatch(machinery);
  });
});
