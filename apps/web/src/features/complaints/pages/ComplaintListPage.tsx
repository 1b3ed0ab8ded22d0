/** /complaintList: the borrower's complaints in tabs; each opens its details. */
import { useState, type KeyboardEvent } from 'react';
import { Link } from '../../../shared/router/router.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import type { ComplaintList } from '@cashloan/contract/complaints';
import { withCarriedParams } from '../../../shared/params/page-params.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { useComplaintList } from '../api.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { COMPLAINT_DETAILS_PATH, COMPLAINT_START_PATH } from '../../../shared/navigation/screen-paths.ts';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../complaints.module.css';

export const COMPLAINT_LIST_TITLE = 'My complaints';

export default function ComplaintListPage() {
  usePageTitle(COMPLAINT_LIST_TITLE);
  const { state, retry } = useComplaintList();
  return (
    <main className={frame.roomyPage}>
      <div className={styles.titleRow}>
        <h1 className={frame.title}>{COMPLAINT_LIST_TITLE}</h1>
        <Link className={styles.headerLink} to={withCarriedParams(COMPLAINT_START_PATH)}>
          New complaint
        </Link>
      </div>
      {state.status === 'loading' && <Loading text="Loading your complaints…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <ComplaintTabs list={state.data} />}
    </main>
  );
}

function ComplaintTabs({ list }: { list: ComplaintList }) {
  const [active, setActive] = useState(0);
  const tabs = list.tabs;
  const current = tabs[Math.min(active, tabs.length - 1)];
  if (!current) return <p className={styles.hint}>You have not filed any complaints.</p>;

  // Arrow keys move between tabs, as a tab list is expected to behave.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = (active + step + tabs.length) % tabs.length;
    setActive(next);
    document.getElementById(`complaint-tab-${next}`)?.focus();
  };

  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="Complaints">
        {tabs.map((tab, index) => (
          <button
            key={tab.title}
            id={`complaint-tab-${index}`}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={index === active}
            aria-controls="complaint-tab-panel"
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={onKeyDown}
          >
            {tab.title} ({tab.items.length})
          </button>
        ))}
      </div>
      <div id="complaint-tab-panel" role="tabpanel" aria-labelledby={`complaint-tab-${active}`}>
        {current.items.length === 0 ? (
          <p className={styles.emptyText}>No complaints here.</p>
        ) : (
          <ul className={styles.cardList}>
            {current.items.map((item) => (
              <li key={item.id}>
                <Link className={styles.complaintCard} to={withCarriedParams(COMPLAINT_DETAILS_PATH, { problemId: String(item.id) })}>
                  <span className={styles.cardTop}>
                    <span className={styles.cardType}>{item.type}</span>
                    <time className={styles.cardTime}>{item.time}</time>
                  </span>
                  {item.ticketNo && (
                    <span className={styles.cardTicket}>
                      {textWith(t('Reference {reference}'), { reference: <span className={styles.ticketNo}>{item.ticketNo}</span> })}
                    </span>
                  )}
                  {/* The borrower's own words, as text. */}
                  <span className={styles.cardContent}>{item.content}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
