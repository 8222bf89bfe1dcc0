/**
 * Accessible tabs (WAI-ARIA tabs pattern): a tablist whose tabs move with the arrow keys, Home and
 * End; only the selected tab is in the tab order; each panel is labelled by its tab. Screens style
 * them through `classPrefix` (`{prefix}__list`, `{prefix}__tab`, `{prefix}__panel`, `{prefix}__alert`).
 */
import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** Marks a tab that holds a problem (shown as a dot, announced in the label). */
  alert?: boolean;
}

export function Tabs<K extends string>(props: {
  label: string;
  /** The BEM block the screen styles the tabs with. */
  classPrefix: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Map<string, HTMLButtonElement>>(new Map());
  const { tabs, selected, onSelect } = props;

  function move(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  }

  return (
    <div className={props.classPrefix}>
      <div className={`${props.classPrefix}__list`} role="tablist" aria-label={props.label}>
        {tabs.map((tab, index) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.key}`}
              aria-selected={isSelected}
              aria-controls={`${base}-panel`}
              tabIndex={isSelected ? 0 : -1}
              className={`${props.classPrefix}__tab`}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(event) => move(event, index)}
            >
              {tab.label}
              {tab.alert ? (
                <>
                  <span className={`${props.classPrefix}__alert`} aria-hidden="true" />
                  <span className="visually-hidden"> (needs attention)</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        className={`${props.classPrefix}__panel`}
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        tabIndex={0}
      >
        {props.children}
      </div>
    </div>
  );
}
