/**
 * The progress indicator shown during route changes (docs/product.md §2): a thin bar at the top of the page
 * (nprogress), started and finished by the router shell. Calls nest: the bar finishes when every
 * started piece of work is done.
 */
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress-bar.css';

// nprogress's own template carries role="bar", which is not an ARIA role; the bar is decorative.
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  minimum: 0.12,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let pending = 0;

export function startProgress(): void {
  pending += 1;
  if (pending === 1) NProgress.start();
}

export function doneProgress(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) NProgress.done();
}
