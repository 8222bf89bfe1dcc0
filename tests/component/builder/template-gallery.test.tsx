// @vitest-environment jsdom
/**
 * The Design tab's template gallery and the preview's sizes, drawn with the real card view (as the
 * builder route passes it): each thumbnail is the card view with the template's own values, and
 * picking a template gives the card exactly what its thumbnail shows; the Desktop preview lays the
 * public page out at a desktop width instead of in the phone's frame.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CardView } from '@/card-view/components/card-view';
import { BUILT_IN_TEMPLATES } from '@/domain/card-templates';
import type { Card } from '@/domain/model';
import { HOSTS, renderBuilder } from './builder-harness';

function cardView(card: Card) {
  return <CardView card={card} hosts={HOSTS} mode="preview" />;
}

/** What the card view drew an article with: its classes and its colour properties. */
function look(article: Element | null) {
  const el = article as HTMLElement | null;
  return {
    classes: el?.className ?? '',
    accent: el?.style.getPropertyValue('--cb-accent') ?? '',
    background: el?.style.getPropertyValue('--cb-bg') ?? '',
    text: el?.style.getPropertyValue('--cb-text') ?? '',
  };
}

function previewCard(): Element | null {
  return screen.getByTestId('builder-canvas').querySelector('.cb-card');
}

async function openDesign() {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
  await user.click(screen.getByRole('tab', { name: 'Design' }));
  return user;
}

describe('template gallery', () => {
  it('draws every thumbnail with the card view, and picking one gives the card exactly that look', async () => {
    const { builderStore } = renderBuilder({ renderPreview: cardView });
    const user = await openDesign();
    const gallery = screen.getByRole('group', { name: 'Template' });
    const radios = within(gallery).getAllByRole('radio');
    // The built-in templates are offered beside the stored ones (which replace theirs by id).
    for (const name of ['Studio', 'Cover', 'Terminal']) {
      expect(within(gallery).getByLabelText(name)).toBeInTheDocument();
    }
    const layouts = new Set<string>();
    for (const radio of radios) {
      const thumbnail = radio.closest('label')?.querySelector('.cb-card') ?? null;
      expect(thumbnail, radio.getAttribute('aria-labelledby') ?? '').not.toBeNull();
      const promised = look(thumbnail);
      layouts.add(/cb-layout-(\w+)/.exec(promised.classes)?.[1] ?? '');
      await user.click(radio);
      await waitFor(() => expect(look(previewCard())).toEqual(promised));
    }
    expect(layouts.size).toBeGreaterThanOrEqual(6);
    // The last one picked is a built-in: the card holds its values, layout and font included.
    const last = BUILT_IN_TEMPLATES[BUILT_IN_TEMPLATES.length - 1]!;
    expect(builderStore.getState().draft.template).toMatchObject(last.template);
  });

  it('shows the card’s own name in the thumbnails, which stay out of the accessibility tree', async () => {
    renderBuilder({ renderPreview: cardView });
    await openDesign();
    const thumbnails = screen.getAllByTestId('template-thumbnail');
    expect(thumbnails.length).toBeGreaterThanOrEqual(6);
    for (const thumbnail of thumbnails) {
      expect(thumbnail).toHaveAttribute('aria-hidden', 'true');
      expect(thumbnail).toHaveTextContent('Ada Lovelace');
    }
    // Only the preview's card is a card to assistive technology; each radio is named by its template.
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Studio' })).toBeInTheDocument();
  });

  it('applies the picked template afresh when it is clicked again after a change', async () => {
    const { builderStore } = renderBuilder({ renderPreview: cardView });
    const user = await openDesign();
    await user.click(screen.getByRole('radio', { name: 'Studio' }));
    await user.click(screen.getByLabelText('Pink'));
    expect(builderStore.getState().draft.template?.accentColor).toBe('#ec4899');
    await user.click(screen.getByRole('radio', { name: 'Studio' }));
    expect(builderStore.getState().draft.template?.accentColor).toBe('#c4b5fd');
  });
});

describe('preview sizes', () => {
  it('shows the phone’s frame for Mobile and the public page at a desktop width for Desktop', async () => {
    renderBuilder({ renderPreview: cardView });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 2, name: 'Ada Lovelace' });
    const canvas = screen.getByTestId('builder-canvas');
    const phone = within(canvas).getByTestId('preview-page');
    expect(phone).toHaveClass('builder-canvas__device', 'cb-page');

    await user.click(screen.getByRole('button', { name: 'Desktop' }));
    const desktop = within(canvas).getByTestId('preview-page');
    expect(desktop).not.toHaveClass('builder-canvas__device');
    expect(desktop).toHaveClass('cb-page');
    expect(desktop.style.width).toBe('1024px');
    expect(within(desktop).getByRole('article')).toHaveClass('cb-card');
  });
});
