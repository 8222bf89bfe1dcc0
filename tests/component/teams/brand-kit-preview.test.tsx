/**
 * The brand kit's live preview (issue 16): a card of the team drawn by the public card view, with
 * the brand kit as it is being edited, before anything is saved.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryBackend } from '@/backend/memory/memory-backend';
import { libraryImages } from '@/ui/image-library';
import { renderTeam, seedAcme, seedCard } from './render-team';

vi.setConfig({ testTimeout: 20_000 });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function previewCard(): HTMLElement {
  const frame = screen.getByRole('region', { name: 'Live preview of the brand kit' });
  return within(frame).getByRole('article');
}

describe('brand kit live preview', () => {
  it('shows a team card that follows the branding, recoloured as the accent is typed', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    seedCard(db, 'grace', {
      name: 'Grace Hopper',
      template: { accentColor: '#f5c518' },
      bulkSync: { syncTeamLinks: true, syncBranding: true },
    });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: "Grace Hopper's card" });
    expect(previewCard()).toBe(card);
    expect(card.style.getPropertyValue('--cb-accent')).toBe('#f5c518');
    expect(screen.getByText('The brand kit on Grace Hopper’s card')).toBeInTheDocument();

    const hex = screen.getByLabelText('Accent colour (hex)');
    await user.type(hex, '#0f766e');
    expect(previewCard().style.getPropertyValue('--cb-accent')).toBe('#0f766e');
    expect(screen.getByText('Unsaved changes on Grace Hopper’s card')).toBeInTheDocument();
    // Nothing was written: the stored card keeps its own accent until the brand kit is saved.
    const stored = await db.get('cards/grace');
    expect((stored.data?.template as { accentColor?: string }).accentColor).toBe('#f5c518');

    await user.click(screen.getByRole('button', { name: 'Clear accent colour' }));
    expect(previewCard().style.getPropertyValue('--cb-accent')).toBe('#f5c518');
  });

  it('shows an uploaded logo and drops a removed one, on a sample card when the team has none', async () => {
    const db = createMemoryBackend();
    seedAcme(db, { sales: { photoLogo: 'https://files.example/old-logo.png' } });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await screen.findByText('The brand kit on a sample card');
    const logo = within(previewCard()).getByRole('img', { name: 'Acme Co logo' });
    expect(logo).toHaveAttribute('src', 'https://files.example/old-logo.png');

    // The brand kit's own thumbnail shows the whole logo, not a crop of it.
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveClass(
      'team-image__preview--contain',
    );
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(within(previewCard()).queryByRole('img', { name: 'Acme Co logo' })).toBeNull();

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload logo'), file);
    await waitFor(() =>
      expect(within(previewCard()).getByRole('img', { name: 'Acme Co logo' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^data:image\/png;base64,/),
      ),
    );
  });

  it('draws the chosen cover gradient and overlay colour on the preview', async () => {
    const view = renderTeam('/team/sales?tab=branding');
    stop = view.stop;
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Cover gradient'), 'Sunrise');
    expect(previewCard().style.getPropertyValue('--cb-cover-bg')).toBe(
      'linear-gradient(135deg, #f59e0b, #db2777)',
    );
    await user.type(screen.getByLabelText('Cover overlay colour (hex)'), '#1f2937');
    expect(previewCard().style.getPropertyValue('--cb-cover-overlay')).toBe('#1f2937');
  });

  it('picks the stock photo and the artwork from the bundled library, shown at once and saved', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    await screen.findByText('The brand kit on a sample card');
    const artwork = libraryImages('abstract')[3]!;
    const artworkUrl = `${window.location.origin}${artwork.path}`;
    await user.click(screen.getByRole('button', { name: 'Choose artwork' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose abstract artwork' });
    await user.click(within(dialog).getByRole('button', { name: artwork.label }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Only a cover is set: the sample card shows it straight away.
    expect(previewCard().querySelector('.cb-cover img')).toHaveAttribute('src', artworkUrl);

    const photo = libraryImages('stock')[0]!;
    await user.click(screen.getByRole('button', { name: 'Choose a stock photo' }));
    await user.keyboard('{Enter}');
    // "The first one set" prefers the stock photo to the artwork.
    expect(previewCard().querySelector('.cb-cover img')).toHaveAttribute(
      'src',
      `${window.location.origin}${photo.path}`,
    );

    await user.click(screen.getByRole('button', { name: 'Save brand kit and apply' }));
    await waitFor(async () => {
      const team = (await db.get('accounts/acme/teams/sales')).data ?? {};
      expect(team.photoBgAbstract).toBe(artworkUrl);
      expect(team.photoBgStock).toBe(`${window.location.origin}${photo.path}`);
    });
  });

  it('copies a picked card template’s look into the team template and the preview', async () => {
    const db = createMemoryBackend();
    seedAcme(db);
    db.seed('templates/house', {
      id: 'house',
      name: 'House style',
      order: 2,
      isArchived: false,
      template: { templateId: 'house', accentColor: '#ec4899', buttonStyle: 'outline' },
    });
    const view = renderTeam('/team/sales?tab=branding', { db });
    stop = view.stop;
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Card template');
    await screen.findByRole('option', { name: 'House style' });
    await user.selectOptions(picker, 'House style');
    expect(screen.getByLabelText('Button style')).toHaveValue('outline');
    expect(screen.getByLabelText('Accent colour (hex)')).toHaveValue('#ec4899');
    expect(previewCard()).toHaveClass('cb-style-outline');
    expect(previewCard().style.getPropertyValue('--cb-accent')).toBe('#ec4899');

    // An accent the team chose itself is kept when another template is picked.
    await user.clear(screen.getByLabelText('Accent colour (hex)'));
    await user.type(screen.getByLabelText('Accent colour (hex)'), '#0f766e');
    await user.selectOptions(picker, 'Each card decides');
    await user.selectOptions(picker, 'House style');
    expect(screen.getByLabelText('Accent colour (hex)')).toHaveValue('#0f766e');
  });

  it('marks a typed colour that is not a hex colour at the field, and the preview ignores it', async () => {
    const view = renderTeam('/team/sales?tab=branding');
    stop = view.stop;
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Accent colour (hex)'), 'teal');
    // Not while typing: a colour half typed is not wrong yet.
    expect(screen.getByLabelText('Accent colour (hex)')).not.toHaveAccessibleDescription(
      'Use a colour like #4f46e5.',
    );
    await user.tab();
    expect(screen.getByLabelText('Accent colour (hex)')).toHaveAccessibleDescription(
      'Use a colour like #4f46e5.',
    );
    expect(previewCard().style.getPropertyValue('--cb-accent')).toBe('#4f46e5');
  });
});
