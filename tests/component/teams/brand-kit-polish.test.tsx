/**
 * The brand kit as a demanding owner reads it (issue 16): an empty colour shows as "not set", not as
 * an indigo swatch, and its fields say in plain words what they want.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { renderTeam, seedAcme } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('brand kit words and colours', () => {
  it('shows an empty accent as not set: each card keeps its own', async () => {
    const view = renderTeam('/team/sales?tab=branding');
    stop = view.stop;
    const accent = await screen.findByLabelText('Accent colour');
    expect(accent).toHaveAccessibleDescription('Not set: each card keeps its own accent colour.');
    expect(accent.closest('.color-field__well')).toHaveClass('color-field__well--none');
    expect(screen.getByLabelText('Accent colour (hex)')).toHaveValue('');
    expect(screen.getByLabelText('Cover overlay colour')).toHaveAccessibleDescription(
      'Not set: no overlay on the cover.',
    );
  });

  it('shows a set accent in its swatch and can clear it again', async () => {
    const db = createMemoryBackend();
    seedAcme(db, { sales: { template: { accentColor: '#0f766e' } } });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    const accent = await screen.findByLabelText('Accent colour');
    expect(accent).toHaveValue('#0f766e');
    expect(accent.closest('.color-field__well')).not.toHaveClass('color-field__well--none');
    await user.click(screen.getByRole('button', { name: 'Clear accent colour' }));
    expect(screen.getByLabelText('Accent colour (hex)')).toHaveValue('');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('names the cover fields in plain words', async () => {
    const view = renderTeam('/team/sales?tab=branding');
    stop = view.stop;
    expect(await screen.findByRole('group', { name: 'Stock photo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Or paste a link to a photo')).toHaveAccessibleDescription(
      'A photo from elsewhere, starting with https://.',
    );
    expect(screen.getByRole('group', { name: 'Abstract artwork' })).toBeInTheDocument();
    expect(screen.getByLabelText('Or paste a link to artwork')).toBeInTheDocument();
    expect(screen.getByLabelText('Cover shown on cards')).toHaveAccessibleDescription(
      'When more than one cover is set, cards show this one. “The first one set” tries the cover image, then the stock photo, then the artwork.',
    );
    expect(screen.queryByText('Stock photo address')).not.toBeInTheDocument();
    expect(screen.queryByText('Cover to use first')).not.toBeInTheDocument();
  });
});
