/**
 * The 'Payment Method' popup of the repayment screens: the channels (logo, name, a check mark on the
 * selected one) under the hint; tapping one selects it and closes. Escape, a tap outside and Close
 * close it unchanged. Loaded apart from the screen (PaymentPanel), as only a tap opens it.
 */
import { useId } from 'react';
import type { PayChannel } from '@cashloan/contract/repayment';
import { Modal } from '../../../shared/ui/Modal.tsx';
import { ChannelLogo } from './ChannelLogo.tsx';
import styles from '../repayment.module.css';

export const METHOD_HINT = 'Please select your repayment method for payment';

function CheckMark() {
  return (
    <svg className={styles.check} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function PaymentMethodSheet({
  channels,
  selected,
  onSelect,
  onClose,
}: {
  channels: PayChannel[];
  selected: PayChannel | undefined;
  onSelect: (channel: PayChannel) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Modal open labelledBy={titleId} describedBy={hintId} variant="sheet" onClose={onClose}>
      <div className={styles.sheetHeader}>
        <h2 id={titleId} className={styles.sheetTitle}>
          Payment Method
        </h2>
        <button type="button" className={styles.closeButton} aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <p id={hintId} className={styles.hint}>
        {METHOD_HINT}
      </p>
      <ul className={styles.choices} role="radiogroup" aria-labelledby={titleId}>
        {channels.map((channel) => {
          const checked = channel.channel_number === selected?.channel_number;
          return (
            <li key={channel.channel_number} role="none">
              <button
                type="button"
                role="radio"
                aria-checked={checked}
                className={styles.choice}
                onClick={() => {
                  onSelect(channel);
                  onClose();
                }}
              >
                <ChannelLogo src={channel.logo} />
                <span className={styles.choiceName}>{channel.name}</span>
                {checked && <CheckMark />}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
