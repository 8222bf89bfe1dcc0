/**
 * The app takes a pre-rendered page over in render slices (src/app/start-app.tsx), during which
 * the visitor may go on typing into the static fields: what they hold when the app's first commit
 * replaces them is what the app's fields get, with the focus where it was last.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { restoreTyped, watchTyped } from '@/app/prerender-takeover';

const FORM = '<input type="email"><input type="password"><button>Sign in</button>';

function type(field: Element | null, text: string): void {
  (field as HTMLInputElement).value = text;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('taking a pre-rendered page over', () => {
  it('keeps what was typed and focused until the commit, not only before the render began', () => {
    document.body.innerHTML = `<div id="root">${FORM}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    type(container.querySelector('[type=email]'), 'ada@');
    const typed = watchTyped(container);

    // While the app renders: more typing, then the password field.
    type(container.querySelector('[type=email]'), 'ada@example.com');
    const password = container.querySelector<HTMLInputElement>('[type=password]');
    password?.focus();
    type(password, 'Secret-1');

    // The commit: the app's own, empty fields replace the static ones.
    container.innerHTML = FORM;
    const state = typed();
    restoreTyped(container, state);

    expect(container.querySelector<HTMLInputElement>('[type=email]')?.value).toBe(
      'ada@example.com',
    );
    expect(container.querySelector<HTMLInputElement>('[type=password]')?.value).toBe('Secret-1');
    expect(document.activeElement).toBe(container.querySelector('[type=password]'));
  });

  it('forgets the focus once it moves to something that is not a field', () => {
    document.body.innerHTML = `<div id="root">${FORM}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    container.querySelector<HTMLInputElement>('[type=email]')?.focus();
    const typed = watchTyped(container);
    container.querySelector('button')?.focus();
    container.innerHTML = FORM;
    expect(typed().focused).toBeNull();
  });
});
