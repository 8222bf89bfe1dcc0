// @vitest-environment jsdom
/**
 * The Design tab's background from the bundled library: "Stock photo" and "Abstract" each offer
 * their picker, the chosen image is the preview's cover at once, and the card keeps it with its
 * source when saved.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CardView } from '@/card-view/components/card-view';
import type { Card } from '@/domain/model';
import { libraryImages } from '@/ui/image-library';
import { HOSTS, renderBuilder } from './builder-harness';

function cardView(card: Card) {
  return <CardView card={card} hosts={HOSTS} mode="preview" />;
}

function previewCover(): string | null {
  return (
    screen.getByTestId('builder-canvas').querySelector('.cb-cover img')?.getAttribute('src') ?? null
  );
}

describe('background from the image library', () => {
  it('chooses a stock photo into the preview at once and saves it with the card', async () => {
    const { builderStore, db } = renderBuilder({ renderPreview: cardView });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    await user.click(screen.getByRole('radio', { name: 'Stock photo' }));
    await user.click(screen.getByRole('button', { name: 'Choose a stock photo' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a stock photo' });
    const photo = libraryImages('stock')[1]!;
    const url = `${window.location.origin}${photo.path}`;
    await user.click(within(dialog).getByRole('button', { name: photo.label }));

    expect(previewCover()).toBe(url);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(builderStore.getState().status.touched).toBe(false));
    const id = builderStore.getState().draft.id ?? '';
    const stored = (await db.get(`cards/${id}`)).data?.template as Record<string, unknown>;
    expect(stored).toMatchObject({ photoBg: url, backgroundSource: 'stock' });
  });

  it('offers the artwork under "Abstract", and Remove takes it off the card', async () => {
    renderBuilder({ renderPreview: cardView });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    await user.click(screen.getByRole('radio', { name: 'Abstract' }));
    await user.click(screen.getByRole('button', { name: 'Choose artwork' }));
    const artwork = libraryImages('abstract')[5]!;
    await user.click(screen.getByRole('button', { name: artwork.label }));
    expect(previewCover()).toBe(`${window.location.origin}${artwork.path}`);
    await user.click(screen.getByRole('button', { name: 'Remove abstract artwork' }));
    expect(previewCover()).toBeNull();
  });
});
