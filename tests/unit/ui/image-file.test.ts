/** Which image files a card takes, and the size they are scaled to before upload. */
import { describe, expect, it } from 'vitest';
import { fitWithin, imageProblem } from '@/ui/image-file';

describe('card images', () => {
  it('accepts png, jpeg, webp and gif up to 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 10 })).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 10 })).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
  });

  it('fits images inside 1024 px keeping proportions, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1024, height: 768 });
    expect(fitWithin(500, 2048)).toEqual({ width: 250, height: 1024 });
    expect(fitWithin(300, 200)).toEqual({ width: 300, height: 200 });
  });
});
