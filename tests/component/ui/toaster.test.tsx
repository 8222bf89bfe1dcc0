// @vitest-environment jsdom
/**
 * The notification area: top centre below the sticky header on wide screens, bottom centre on small
 * ones (docs/product.md §2), so a toast never covers the navigation.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/ui/toast';
import { AppToaster, TOASTS_BELOW_HEADER } from '@/ui/toaster';
import { mediaQueryList } from '../support/media-query';

function screenWidth(small: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    mediaQueryList(small && query === '(max-width: 768px)', query),
  );
}

afterEach(() => vi.restoreAllMocks());

/** The toaster's fixed container: the element whose inline style places the toasts. */
async function container(): Promise<HTMLElement> {
  const message = await screen.findByText('Changes saved.');
  let node: HTMLElement | null = message;
  while (node && node.style.position !== 'fixed') node = node.parentElement;
  if (!node) throw new Error('no fixed toast container');
  return node;
}

describe('the notification area', () => {
  it('puts top-centre toasts below the header on wide screens', async () => {
    screenWidth(false);
    render(<AppToaster />);
    act(() => {
      toast.success('Changes saved.');
    });
    expect((await container()).style.top).toBe(TOASTS_BELOW_HEADER);
    expect(TOASTS_BELOW_HEADER).toContain('var(--header-height');
  });

  it('keeps toasts at the bottom on small screens', async () => {
    screenWidth(true);
    render(<AppToaster />);
    act(() => {
      toast.success('Changes saved.');
    });
    const toastEl = (await screen.findByText('Changes saved.')).closest('[style*="bottom"]');
    expect(toastEl).not.toBeNull();
    expect((await container()).style.top).not.toBe(TOASTS_BELOW_HEADER);
  });
});

describe('the notification area before any notice', () => {
  it('stays off the page until a notice is asked for, then shows it', async () => {
    screenWidth(false);
    // A fresh copy of the modules: the cases above have loaded the library already.
    vi.resetModules();
    const fresh = await import('@/ui/toaster');
    const notices = await import('@/ui/toast');
    const { container: page } = render(<fresh.AppToaster />);
    expect(page.innerHTML).toBe('');
    act(() => {
      notices.toast.error('Could not save.');
    });
    expect(await screen.findByText('Could not save.')).toBeTruthy();
  });
});
