/** The card-type selector: accessible tabs (arrow keys, Home and End move between them), one tab panel. */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cardTypeName } from '../form-rules.ts';
import styles from '../bind-bank.module.css';

export const TAB_PANEL_ID = 'bank-card-type-panel';
const tabId = (cardType: number) => `bank-card-type-${cardType}`;

export function CardTypeTabs({ types, current, onChange, children }: { types: number[]; current: number; onChange: (cardType: number) => void; children: ReactNode }) {
  const tabs = useRef(new Map<number, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = types.length - 1;
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = types[(target + types.length) % types.length]!;
    onChange(next);
    tabs.current.get(next)?.focus();
  };
  if (types.length < 2) return <div className={styles.panel}>{children}</div>;
  return (
    <>
      <div role="tablist" aria-label="Account type" className={styles.tabs}>
        {types.map((cardType, index) => (
          <button
            key={cardType}
            ref={(el) => {
              if (el) tabs.current.set(cardType, el);
              else tabs.current.delete(cardType);
            }}
            type="button"
            role="tab"
            id={tabId(cardType)}
            aria-selected={cardType === current}
            aria-controls={TAB_PANEL_ID}
            tabIndex={cardType === current ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(cardType)}
            onKeyDown={(event) => move(event, index)}
          >
            {cardTypeName(cardType)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={TAB_PANEL_ID} aria-labelledby={tabId(current)} className={styles.panel}>
        {children}
      </div>
    </>
  );
}
