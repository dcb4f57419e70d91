import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigErrorPage } from './config-error-page';
import { parseConfig } from './config-loading';

const sandbox = { environment: 'sandbox', platformUrl: '', notesUrl: '', clientId: 'sandbox-trainer-dashboard' };

describe('runtime configuration', () => {
  it('accepts a sandbox client id against the sandbox', () => {
    expect(parseConfig(sandbox)).toEqual({ ok: true, config: sandbox });
  });

  it('accepts a production client id with production and separate addresses', () => {
    const result = parseConfig({
      environment: 'production',
      platformUrl: 'https://platform.example/',
      notesUrl: 'https://notes.example',
      clientId: 'prod-trainer-dashboard',
    });
    expect(result.ok && result.config.platformUrl).toBe('https://platform.example');
  });

  it('refuses a sandbox client id paired with production, naming the setting and why', () => {
    const result = parseConfig({ ...sandbox, environment: 'production' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^clientId: .*sandbox-trainer-dashboard.*sandbox client id.*not production/);
  });

  it('refuses an unknown environment and a base address that is not http(s)', () => {
    const result = parseConfig({ ...sandbox, environment: 'staging', notesUrl: 'ftp://notes' });
    expect(result.ok ? [] : result.problems.map((problem) => problem.split(':')[0])).toEqual([
      'environment',
      'notesUrl',
    ]);
  });

  it('refuses what is not an object, and names a missing client id', () => {
    expect(parseConfig(['sandbox']).ok).toBe(false);
    const result = parseConfig({ environment: 'sandbox', platformUrl: '', notesUrl: '' });
    expect(result.ok ? [] : result.problems).toEqual(['clientId: must name the app client id']);
  });

  it('shows the refusal on a full-page accessible error', () => {
    const result = parseConfig({ ...sandbox, environment: 'production' });
    if (result.ok) throw new Error('expected a refusal');
    render(<ConfigErrorPage failure={result} />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/configuration was refused/i);
    expect(screen.getByRole('alert')).toHaveTextContent(
      /sandbox client id; it works only against the sandbox platform/,
    );
  });
});
