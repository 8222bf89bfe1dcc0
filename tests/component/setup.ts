import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import toast from 'react-hot-toast';
import NProgress from 'nprogress';
import { afterAll, afterEach } from 'vitest';
import { mediaQueryList } from './support/media-query';

// nprogress removes its bar on chained timers; when `done()` runs twice (two route changes in a
// row) a second removal can fire after jsdom is torn down, where `document` no longer exists. The
// bar is gone by then anyway, so that late call does nothing instead of failing the run.
const removeBar = NProgress.remove.bind(NProgress);
NProgress.remove = () => {
  if (typeof document !== 'undefined') removeBar();
};

// jsdom lays nothing out, so it has no scrollIntoView; a page that scrolls to a section on load
// (People and access at `#seats`) records the call instead.
Element.prototype.scrollIntoView ??= function scrollIntoView(this: Element) {
  this.setAttribute('data-scrolled-into-view', 'true');
};

// jsdom has no matchMedia: every query answers no match (a test may spy on it for another answer).
window.matchMedia = (query: string) => mediaQueryList(false, query);

// findBy and waitFor give a screen 5 s instead of 1 before they fail: two jsdom files at once on a
// busy 2-core machine took longer than a second to show what they show at once on a quiet one.
// A passing wait still ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // react-hot-toast keeps its toasts in a module-level store: one test's toasts must not show up
  // in the next test's toaster.
  toast.remove();
  localStorage.clear();
  // A plan chosen on the pricing table is remembered in session storage: each test starts blank.
  sessionStorage.clear();
});

afterAll(async () => {
  // The route progress bar (nprogress) removes itself on timers; let them finish while the DOM
  // still exists, or they fire after jsdom is gone and fail the run as an unhandled error.
  const deadline = Date.now() + 3000;
  while (document.getElementById('nprogress') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
