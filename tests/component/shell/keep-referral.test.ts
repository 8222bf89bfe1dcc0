// @vitest-environment jsdom
/**
 * The referral keeper of the pre-rendered pages (src/app/keep-referral.ts), run on a page as the
 * browser runs it: `?via=` is remembered where the app reads it, and the page's links to this site
 * carry it on; links elsewhere, and links that already name a referral, are left alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAffiliate } from '@/app/referral';

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});

async function runKeeper(search: string) {
  document.body.innerHTML =
    '<a href="/sign-up">Get started</a>' +
    '<a href="/pricing?period=year#plans">Pricing</a>' +
    '<a href="/sign-in?via=someone-else">Sign in</a>' +
    '<a href="https://elsewhere.example/">Elsewhere</a>';
  window.history.replaceState(null, '', `/${search}`);
  await import('@/app/keep-referral');
}

function href(name: string): string | null {
  return (
    [...document.querySelectorAll('a')].find((a) => a.textContent === name)?.getAttribute('href') ??
    null
  );
}

describe('the referral keeper of the pre-rendered pages', () => {
  it('remembers ?via= for the sign-up and carries it on in the links to this site', async () => {
    await runKeeper('?via=partner42');
    await expect(readAffiliate({ scriptEnabled: false, search: '' })).resolves.toBe('partner42');
    expect(href('Get started')).toBe('/sign-up?via=partner42');
    expect(href('Pricing')).toBe('/pricing?period=year&via=partner42#plans');
    expect(href('Sign in')).toBe('/sign-in?via=someone-else');
    expect(href('Elsewhere')).toBe('https://elsewhere.example/');
  });

  it('changes nothing without a referral, or with a malformed one', async () => {
    await runKeeper('?via=%3Cscript%3E');
    expect(localStorage.getItem('cardbuilder.via')).toBeNull();
    expect(href('Get started')).toBe('/sign-up');
  });
});
