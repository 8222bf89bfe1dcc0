import { describe, it, expect } from 'vitest';
import { PUBLIC_ROUTES, routeRedirect } from '../../../src/domain/routing';

describe('routeRedirect', () => {
  describe('signed out', () => {
    it.each([
      '/',
      '/terms',
      '/register',
      '/magiclink',
      '/privacy-policy',
      '/sign-in',
      '/sign-up',
      '/forgot-password',
    ])('stays on public route %s', (pathname) => {
      expect(routeRedirect({ pathname, user: null })).toBeNull();
    });

    it.each(['/builder', '/settings/billing', '/team/t1', '/register/step2', '/unknown'])(
      'is sent to / from %s',
      (pathname) => {
        expect(routeRedirect({ pathname, user: null })).toBe('/');
      },
    );

    it('lists exactly the eight public routes', () => {
      expect(PUBLIC_ROUTES).toHaveLength(8);
    });

    it('ignores a trailing slash', () => {
      expect(routeRedirect({ pathname: '/terms/', user: null })).toBeNull();
      expect(routeRedirect({ pathname: '/builder/', user: null })).toBe('/');
    });
  });

  describe('signed in without an account', () => {
    it.each(['/', '/builder', '/sign-in', '/team/t1', '/terms'])(
      'is sent to /register/step2 from %s',
      (pathname) => {
        expect(routeRedirect({ pathname, user: {} })).toBe('/register/step2');
      },
    );

    it('treats an empty or null accountId as no account', () => {
      expect(routeRedirect({ pathname: '/builder', user: { accountId: '' } })).toBe(
        '/register/step2',
      );
      expect(routeRedirect({ pathname: '/builder', user: { accountId: null } })).toBe(
        '/register/step2',
      );
    });

    it('stays on /register/step2', () => {
      expect(routeRedirect({ pathname: '/register/step2', user: {} })).toBeNull();
    });
  });

  describe('signed in with an account', () => {
    const user = { accountId: 'acc-1' };

    it.each(['/', '/sign-in', '/register', '/sign-up', '/forgot-password'])(
      'is sent to /builder from %s',
      (pathname) => {
        expect(routeRedirect({ pathname, user })).toBe('/builder');
      },
    );

    it('is sent to /builder from /register/step2', () => {
      expect(routeRedirect({ pathname: '/register/step2', user })).toBe('/builder');
    });

    it.each([
      '/builder',
      '/settings/billing',
      '/team/t1',
      '/terms',
      '/privacy-policy',
      '/magiclink',
    ])('stays on %s', (pathname) => {
      expect(routeRedirect({ pathname, user })).toBeNull();
    });
  });
});
