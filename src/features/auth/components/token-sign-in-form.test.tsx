import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api/api-error';
import { renderWithProviders } from '../../../test/render';
import { TokenSignInForm } from './token-sign-in-form';

describe('TokenSignInForm', () => {
  it('asks for a token when none is pasted, without calling the platform', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<TokenSignInForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^User token/)).toHaveAccessibleDescription(/Paste a user token\./);
    expect(screen.getByLabelText(/^User token/)).toHaveFocus();
  });

  it('refuses a token broken by spaces', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<TokenSignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^User token/), 'abc def');
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^User token/)).toHaveAccessibleDescription(/no spaces/);
  });

  it('accepts a pasted "Bearer" header value and sends only the token', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<TokenSignInForm onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText(/^User token/));
    await user.paste('  Bearer tok_123  ');
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(onSubmit).toHaveBeenCalledWith('tok_123');
  });

  it('says what to do when the platform refuses the token', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({ status: 401, code: 'invalid_token', message: 'The user token is not valid' });
    });
    const { user } = renderWithProviders(<TokenSignInForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/^User token/), 'stale');
    await user.click(screen.getByRole('button', { name: 'Sign in with token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/did not accept this token.*Get a new token/);
  });
});
