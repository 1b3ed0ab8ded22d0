/** Grouped payment instructions: group titles, then each item's name and its numbered steps. */
import type { PayInstruction } from '@cashloan/contract/repayment';
import styles from '../repayment.module.css';

export function PayNotice({ groups }: { groups: Array<{ title: string; items: PayInstruction[] }> }) {
  if (groups.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="pay-notice-title">
      <h2 id="pay-notice-title" className={styles.sectionTitle}>
        How to pay
      </h2>
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className={styles.groupTitle}>{group.title}</h3>
          {group.items.map((item, index) => (
            <div key={`${index}-${item.name}`}>
              <h4 className={styles.instructionName}>{item.name}</h4>
              <ol className={styles.steps}>
                {item.steps.map((step, n) => (
                  <li key={n}>{step}</li>
                ))}
              </ol>
            </div>
          ))}
        </section>
      ))}
    </section>
  );
}
