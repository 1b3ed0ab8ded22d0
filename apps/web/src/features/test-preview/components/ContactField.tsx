/** A contact phone field: the phone's contact picker where the browser has one, typing everywhere. */
import { useId, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../shared/ui/Button.tsx';
import styles from '../TestPreviewPage.module.css';

/** The Contact Picker API (Chrome on Android); not in TypeScript's DOM types. */
interface ContactsManager {
  select(properties: Array<'name' | 'tel'>, options?: { multiple?: boolean }): Promise<Array<{ name?: string[]; tel?: string[] }>>;
}

function contactPicker(): ContactsManager | null {
  const contacts = (navigator as Navigator & { contacts?: ContactsManager }).contacts;
  return contacts && typeof contacts.select === 'function' ? contacts : null;
}

const neverChanges = () => () => {};
const noPicker = () => null;

export function ContactField() {
  const id = useId();
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  // The API does not appear or disappear while the page is open (nothing to subscribe to); the server,
  // which renders the first screen, cannot know whether this phone has it, so it renders without.
  const picker = useSyncExternalStore(neverChanges, contactPicker, noPicker);

  const pick = async () => {
    if (!picker) return;
    try {
      const [contact] = await picker.select(['name', 'tel'], { multiple: false });
      if (!contact) {
        setNote({ kind: 'info', text: 'No contact chosen.' });
        return;
      }
      const tel = contact.tel?.find((t) => t.trim() !== '') ?? '';
      const name = contact.name?.find((n) => n.trim() !== '') ?? 'The contact';
      if (!tel) {
        setNote({ kind: 'error', text: `${name} has no phone number. Type the number instead.` });
        return;
      }
      setPhone(tel);
      setNote({ kind: 'info', text: `Picked ${name}.` });
    } catch (error) {
      setNote({ kind: 'error', text: `Could not open the contacts (${error instanceof Error ? error.message : String(error)}). Type the number instead.` });
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        Contact phone number
      </label>
      <input
        id={id}
        className={styles.input}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
      />
      {picker ? (
        <Button fill="outline" color="primary" className={styles.button} onClick={() => void pick()}>
          Choose from contacts
        </Button>
      ) : (
        <p className={styles.hint}>This browser has no contact picker: type the number.</p>
      )}
      {note && (
        <p className={note.kind === 'error' ? styles.error : styles.hint} role={note.kind === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
    </div>
  );
}
