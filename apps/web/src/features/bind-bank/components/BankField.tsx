/**
 * One field of the server's bank form: a picker button (enum, city, day), a digits-only input
 * (phone, bank card, number) or a text input, each with a visible label. Server text is rendered as text.
 */
import type { BankFormItem } from '@cashloan/contract/bind-bank';
import { TEXT_MAX_CHARS, maskedSavedValue, optionName, usesPicker, type NumericInputType } from '../form-rules.ts';
import { DigitsInput } from './DigitsInput.tsx';
import { t } from '../../../shared/i18n/texts.ts';
import styles from '../bind-bank.module.css';

export function BankField({ item, id, value, onChange, onOpenPicker }: { item: BankFormItem; id: string; value: string; onChange: (value: string) => void; onOpenPicker: () => void }) {
  const labelId = `${id}-label`;
  if (usesPicker(item)) {
    const chosen = optionName(item, value);
    return (
      <div className={styles.field}>
        <span id={labelId} className={styles.label}>
          {item.title}
        </span>
        <button type="button" id={id} className={styles.picker} aria-haspopup="dialog" aria-labelledby={`${labelId} ${id}-value`} onClick={onOpenPicker}>
          <span id={`${id}-value`} className={chosen ? styles.chosen : styles.placeholder}>
            {chosen || item.subtitle || 'Please choose'}
          </span>
          <span aria-hidden="true" className={styles.chevron}>
            ›
          </span>
        </button>
      </div>
    );
  }
  const saved = maskedSavedValue(item);
  const hintId = `${id}-hint`;
  return (
    <div className={styles.field}>
      <label id={labelId} htmlFor={id} className={styles.label}>
        {item.title}
      </label>
      {item.cate === 'txt' && item.inputType !== 'text' ? (
        <DigitsInput
          id={id}
          className={styles.input}
          inputType={item.inputType as NumericInputType}
          digits={value}
          onDigits={onChange}
          placeholder={item.subtitle}
          aria-describedby={saved ? hintId : undefined}
        />
      ) : (
        <input
          id={id}
          type="text"
          className={styles.input}
          value={value}
          maxLength={TEXT_MAX_CHARS}
          autoComplete="off"
          placeholder={item.subtitle}
          onChange={(event) => onChange(event.target.value.slice(0, TEXT_MAX_CHARS))}
        />
      )}
      {saved && (
        <p id={hintId} className={styles.hint}>
          {t('Saved: {number}. Enter the full number again to keep or change it.', { number: saved })}
        </p>
      )}
    </div>
  );
}
