import { describe, it, expect } from 'vitest';
import { PUBLIC_ROUTES, routeRedirect } from '@/domain/routing';

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

    it('lists the eight public routes of the spec, plus pricing and the e-mail action handler', () => {
      expect(PUBLIC_ROUTES).toHaveLength(10);
    });

    it('stays on /pricing, so a visitor can compare plans before signing up', () => {
      expect(routeRedirect({ pathname: '/pricing', user: null })).toBeNull();
      expect(routeRedirect({ pathname: '/pricing/', user: null })).toBeNull();
    });

    it('stays on /auth/action, where e-mail links land', () => {
      expect(
        routeRedirect({ pathname: '/auth/action?mode=resetPassword&oobCode=x', user: null }),
      ).toBeNull();
    });

    it('ignores a trailing slash', () => {
      expect(routeRedirect({ pathname: '/terms/', user: null })).toBeNull();
      expect(routeRedirect({ pathname: '/builder/', user: null })).toBe('/');
    });
  });

  describe('signed in with a card seat and no account (an employee)', () => {
    const employee = { accountId: null, hasCardSeat: true };
    it('sends every route to /my-card, and stays there', () => {
      for (const pathname of [
        '/',
        '/builder',
        '/register/step2',
        '/settings/billing',
        '/team/t1',
      ]) {
        expect(routeRedirect({ pathname, user: employee })).toBe('/my-card');
      }
      expect(routeRedirect({ pathname: '/my-card', user: employee })).toBeNull();
    });
    it('leaves a person with an account where they are on /my-card', () => {
      expect(
        routeRedirect({ pathname: '/my-card', user: { accountId: 'a1', hasCardSeat: true } }),
      ).toBeNull();
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

    it('stays on /auth/action, so an e-mail link opened while signed in keeps its code', () => {
      expect(routeRedirect({ pathname: '/auth/action', user: {} })).toBeNull();
    });

    it('is sent to /register/step2 from /pricing, like from any other page', () => {
      expect(routeRedirect({ pathname: '/pricing', user: {} })).toBe('/register/step2');
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
      '/pricing',
      '/auth/action',
    ])('stays on %s', (pathname) => {
      expect(routeRedirect({ pathname, user })).toBeNull();
    });
  });
});
