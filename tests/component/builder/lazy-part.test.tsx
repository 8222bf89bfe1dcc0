/**
 * The builder's on-demand parts (`lazy-part.ts`): nothing until the part arrives, then the part;
 * a failed download is said, and tried again by the next caller.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from '@/features/builder/lazy-part';

function Probe(props: { part: ReturnType<typeof lazyPart<{ text: string }>>; wanted?: boolean }) {
  const { part, failed } = props.part.useLoaded(props.wanted);
  if (failed) return <p>failed</p>;
  return <p>{part ? part.text : 'loading'}</p>;
}

describe('lazyPart', () => {
  it('shows nothing of the part until it is loaded, then draws it at once on later renders', async () => {
    const load = vi.fn(() => Promise.resolve({ text: 'the part' }));
    const part = lazyPart(load);
    const first = render(<Probe part={part} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the part')).toBeInTheDocument();
    first.unmount();
    render(<Probe part={part} />);
    expect(screen.getByText('the part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads nothing while the part is not wanted', () => {
    const load = vi.fn(() => Promise.resolve({ text: 'the part' }));
    render(<Probe part={lazyPart(load)} wanted={false} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('says when the download failed, and the next caller tries again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ text: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ text: 'the part' });
    const part = lazyPart(load);
    const first = render(<Probe part={part} />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    first.unmount();
    await expect(part.preload()).resolves.toEqual({ text: 'the part' });
    render(<Probe part={part} />);
    expect(screen.getByText('the part')).toBeInTheDocument();
    error.mockRestore();
  });
});
