// @vitest-environment jsdom
/**
 * The bundled image library's picker: a dialog of labelled thumbnails that the keyboard can move
 * through, that chooses on Enter or a click and closes on Escape without choosing; and the field
 * around it, which reports the chosen image's address or a pasted link.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LIBRARY_IMAGES, libraryImageOf, libraryImageUrl, libraryImages } from '@/ui/image-library';
import { ImageLibraryPicker, LibraryImageField } from '@/ui/image-library-picker';

const ORIGIN = window.location.origin;

function Field(props: { initial?: string; onChange?: (url: string) => void }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <LibraryImageField
      kind="stock"
      label="Stock photo"
      value={value}
      onChange={(url) => {
        setValue(url);
        props.onChange?.(url);
      }}
    />
  );
}

describe('the image library', () => {
  it('ships a file for every item it offers, at least twelve artworks and a handful of photos', () => {
    for (const image of LIBRARY_IMAGES) {
      expect(existsSync(join(process.cwd(), 'public', image.path)), image.path).toBe(true);
    }
    expect(libraryImages('abstract').length).toBeGreaterThanOrEqual(12);
    expect(libraryImages('stock').length).toBeGreaterThanOrEqual(5);
  });

  it('recognises a stored item by its path whatever origin it was stored with', () => {
    const image = libraryImages('abstract')[0]!;
    expect(libraryImageOf(libraryImageUrl(image, 'https://app.example.com'))).toEqual(image);
    expect(libraryImageOf(image.path)).toEqual(image);
    expect(libraryImageOf('https://images.example.com/photo.jpg')).toBeNull();
    expect(libraryImageOf('')).toBeNull();
  });
});

describe('ImageLibraryPicker', () => {
  it('labels every thumbnail, focuses the image in use and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    const stock = libraryImages('stock');
    const onChoose = vi.fn();
    render(
      <ImageLibraryPicker
        kind="stock"
        open
        current={libraryImageUrl(stock[1]!, 'https://elsewhere.example')}
        onChoose={onChoose}
        onClose={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Choose a stock photo' });
    const grid = within(dialog).getByRole('list', { name: 'Stock photos' });
    const buttons = within(grid).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(
      stock.map((image, i) => (i === 1 ? `${image.label} (in use)` : image.label)),
    );
    expect(buttons[1]).toHaveAttribute('aria-current', 'true');
    expect(buttons[1]).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(buttons[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[buttons.length - 1]).toHaveFocus();
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith(`${ORIGIN}${stock[2]!.path}`, stock[2]);
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    render(
      <ImageLibraryPicker kind="abstract" open current="" onChoose={() => {}} onClose={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Choose abstract artwork' });
    const buttons = within(dialog).getAllByRole('button');
    // Nothing in use: the first thumbnail has focus; Tab from the last wraps to the close button.
    expect(buttons[1]).toHaveFocus();
    buttons[buttons.length - 1]!.focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(buttons[buttons.length - 1]).toHaveFocus();
  });
});

describe('LibraryImageField', () => {
  it('opens the picker, applies the chosen image and gives focus back to its button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const open = screen.getByRole('button', { name: 'Choose a stock photo' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Choose a stock photo' });
    const harbour = libraryImages('stock')[2]!;
    await user.click(within(dialog).getByRole('button', { name: harbour.label }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(`${ORIGIN}${harbour.path}`);
    expect(screen.getByRole('img', { name: harbour.label })).toHaveAttribute(
      'src',
      `${ORIGIN}${harbour.path}`,
    );
    expect(screen.getByRole('button', { name: 'Change stock photo' })).toHaveFocus();
    // The item is named; the link box stays for a link from elsewhere.
    expect(
      screen.getByText(harbour.label, { selector: '.library-field__name' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Or paste a link to a photo')).toHaveValue('');
  });

  it('closes on Escape without changing the image', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Choose a stock photo' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose a stock photo' })).toHaveFocus();
  });

  it('takes a pasted link, and Remove clears the image', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await user.type(
      screen.getByLabelText('Or paste a link to a photo'),
      'https://images.example.com/a.jpg',
    );
    expect(onChange).toHaveBeenLastCalledWith('https://images.example.com/a.jpg');
    await user.click(screen.getByRole('button', { name: 'Remove stock photo' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByLabelText('Or paste a link to a photo')).toHaveValue('');
  });
});
