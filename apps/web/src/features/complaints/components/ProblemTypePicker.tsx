/**
 * The question types. Collection (type 1) unfolds its sub-types and needs an order that allows it;
 * any other type, or a collection sub-type, goes on to step two.
 */
import { useState } from 'react';
import type { ProblemChoice } from '@cashloan/contract/complaints';
import { COLLECTION_PROBLEM_TYPE } from '@cashloan/contract/routes/values';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../complaints.module.css';

export function ProblemTypePicker({
  types,
  subTypes,
  onChoose,
  canChooseCollection,
}: {
  types: ProblemChoice[];
  subTypes: ProblemChoice[];
  /** Says why collection cannot be chosen now (and shows it), or returns true. */
  canChooseCollection: () => boolean;
  onChoose: (problemType: string, problemSonType: string) => void;
}) {
  const [collectionOpen, setCollectionOpen] = useState(false);
  return (
    <ul className={styles.typeList}>
      {types.map((type) => {
        const isCollection = type.value === COLLECTION_PROBLEM_TYPE;
        return (
          <li key={type.value}>
            <button
              type="button"
              className={styles.typeButton}
              aria-expanded={isCollection ? collectionOpen : undefined}
              aria-controls={isCollection ? 'complaint-sub-types' : undefined}
              onClick={() => {
                if (!isCollection) onChoose(type.value, '');
                else if (collectionOpen) setCollectionOpen(false);
                else if (canChooseCollection()) setCollectionOpen(true);
              }}
            >
              <span>{type.title}</span>
              <span aria-hidden="true" className={styles.chevron}>
                {isCollection && collectionOpen ? '⌃' : '›'}
              </span>
            </button>
            {isCollection && collectionOpen && (
              <ul id="complaint-sub-types" className={styles.subTypeList} aria-label={t('{type}: what happened?', { type: type.title })}>
                {subTypes.map((sub) => (
                  <li key={sub.value}>
                    <button type="button" className={styles.subTypeButton} onClick={() => onChoose(type.value, sub.value)}>
                      {sub.title}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
