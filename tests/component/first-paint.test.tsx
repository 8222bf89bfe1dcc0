/**
 * The frame a page shows before the app has rendered (src/app/first-paint.ts): the shell's header,
 * painted into an empty page and never over a pre-rendered one, and kept while the first page's code
 * loads.
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { paintFirstFrame } from '@/app/first-paint';
import { RootFallback } from '@/app/root-layout';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the first paint', () => {
  it('shows the shell’s header, with the way home, on an empty page', () => {
    document.body.innerHTML = '<div id="root"></div>';
    paintFirstFrame(document.getElementById('root'));
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('site-header');
    expect(within(header).getByRole('link', { name: 'Cardbuilder home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(screen.getByRole('main')).toBeEmptyDOMElement();
  });

  it('leaves a pre-rendered page as it is', () => {
    document.body.innerHTML = '<div id="root"><h1>Sign in</h1></div>';
    paintFirstFrame(document.getElementById('root'));
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('stays on screen while the first page’s code loads', () => {
    render(<RootFallback />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Cardbuilder home' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeEmptyDOMElement();
  });
});
