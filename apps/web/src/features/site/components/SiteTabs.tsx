/**
 * An accessible tablist (WAI-ARIA tabs pattern): links with role=tab, aria-selected and
 * aria-controls; the selected tab is the one Tab stop; ←/→ move and select, Home/End jump.
 * Links, not buttons: the site is prerendered, and a tap before the page's script has run still
 * works as a plain link to the tab's URL (the server renders that tab).
 */
import { useRef, type KeyboardEvent, type MouseEvent } from 'react';
import styles from '../site.module.css';

export interface TabDef<K extends string> {
  key: K;
  label: string;
}

export const tabId = (key: string) => `site-tab-${key}`;
export const panelId = (key: string) => `site-panel-${key}`;

export function SiteTabs<K extends string>(props: {
  tabs: ReadonlyArray<TabDef<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The URL that shows a tab (for the link before the script runs). */
  hrefFor: (key: K) => string;
  label: string;
}) {
  const { tabs, selected, onSelect, hrefFor } = props;
  const buttons = useRef(new Map<K, HTMLAnchorElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target]!;
    onSelect(tab.key);
    buttons.current.get(tab.key)?.focus();
  };

  return (
    <div className={`${styles.inner} ${styles.tabs}`} role="tablist" aria-label={props.label}>
      {tabs.map((tab, index) => {
        const isSelected = tab.key === selected;
        return (
          <a
            key={tab.key}
            ref={(el) => {
              if (el) buttons.current.set(tab.key, el);
              else buttons.current.delete(tab.key);
            }}
            href={hrefFor(tab.key)}
            role="tab"
            id={tabId(tab.key)}
            className={styles.tab}
            aria-selected={isSelected}
            aria-controls={panelId(tab.key)}
            tabIndex={isSelected ? 0 : -1}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              onSelect(tab.key);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </a>
        );
      })}
    </div>
  );
}
