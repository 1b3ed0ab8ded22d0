/**
 * /candidateWhile (spec "Bank account screen"): the server-defined payment account form with its
 * card-type tabs, pickers and digits-only inputs, and Next, which saves it. The native app hears
 * startBank on entry and endBank after a save; then the webview closes, or — opened from the order
 * page (source=loanDetail) — the order page opens again. docs/bind-bank.md has the rules.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from '../../shared/router/router.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Notice } from '../../shared/ui/Notice.tsx';
import { Loading } from '../../shared/ui/Loading.tsx';
import type { BankFormItem } from '@cashloan/contract/bind-bank';
import { closeWebview, endBank, startBank } from '../../shared/bridge/bridge.ts';
import { ApiCallError } from '../../shared/http/client.ts';
import { pageParam, withCarriedParams } from '../../shared/params/page-params.ts';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { ORDER_DETAILS_PATH } from '../../shared/navigation/screen-paths.ts';
import { showSuccess } from '../../shared/ui/toast.ts';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { t } from '../../shared/i18n/texts.ts';
import { saveBankAccount, useBankForm } from './api.ts';
import {
  BIND_BANK_TITLE,
  FROM_ORDER_SOURCE,
  buildPayload,
  cardTypesOf,
  initialState,
  optionsOf,
  setValue,
  shownIndexes,
  valueAt,
  type BankFormState,
} from './form-rules.ts';
import { BankField } from './components/BankField.tsx';
import { CardTypeTabs } from './components/CardTypeTabs.tsx';
import { OptionPicker, type PickerRequest } from './components/OptionPicker.tsx';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './bind-bank.module.css';

export const SAVED_MESSAGE = 'Payment account saved';
export const NO_PRODUCT_MESSAGE = 'This page was opened without a loan product. Please go back and open it again.';

export default function BindBankPage() {
  usePageTitle(BIND_BANK_TITLE);
  const productId = pageParam('productId');
  const started = useRef(false);
  useEffect(() => {
    // Once per visit (React's development double effects included); a bridge error is swallowed by the bridge.
    if (started.current) return;
    started.current = true;
    startBank();
  }, []);
  return (
    <main className={frame.page}>
      <h1 className={frame.title}>{BIND_BANK_TITLE}</h1>
      {productId ? (
        <LoadedForm productId={productId} />
      ) : (
        <div role="alert">
          <Notice title="Cannot show the form" description={NO_PRODUCT_MESSAGE} />
        </div>
      )}
    </main>
  );
}

function LoadedForm({ productId }: { productId: string }) {
  const { state, retry } = useBankForm(productId);
  if (state.status === 'loading') return <Loading text="Loading the form…" />;
  if (state.status === 'failed') return <LoadFailure error={state.error} onRetry={retry} />;
  if (state.data.items.length === 0) {
    return (
      <div role="alert">
        <Notice kind="empty" title="No form to fill in" description="Payment accounts cannot be added here yet. Please contact customer service." />
      </div>
    );
  }
  return <BankForm items={state.data.items} productId={productId} />;
}

function BankForm({ items, productId }: { items: BankFormItem[]; productId: string }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Read from this page's own address: a source carried from an earlier page does not count.
  const fromOrder = search.get('source') === FROM_ORDER_SOURCE;
  const [form, setForm] = useState<BankFormState>(() => initialState(items));
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);

  const update = (index: number, value: string) => setForm((current) => setValue(items, current, index, value));

  const next = async () => {
    // A second tap while saving (or after the save) never sends a second save.
    if (busy.current || saved) return;
    busy.current = true;
    setSaving(true);
    setFailure(null);
    try {
      await saveBankAccount(buildPayload(items, form, productId), fromOrder);
      setSaved(true);
      showSuccess(SAVED_MESSAGE);
      endBank({ success: true });
      if (fromOrder) void navigate(withCarriedParams(ORDER_DETAILS_PATH, { source: FROM_ORDER_SOURCE }), { replace: true });
      else closeWebview();
    } catch (error) {
      setFailure(error instanceof ApiCallError ? error.message : t('Your payment account could not be saved.'));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };

  return (
    <>
      <CardTypeTabs types={cardTypesOf(items)} current={form.cardType} onChange={(cardType) => setForm((current) => ({ ...current, cardType }))}>
        {shownIndexes(items, form).map((index) => {
          const item = items[index]!;
          const value = valueAt(items, form, index);
          return (
            <BankField
              key={index}
              item={item}
              id={`bank-field-${index}`}
              value={value}
              onChange={(v) => update(index, v)}
              onOpenPicker={() => setPicker({ title: item.title, options: optionsOf(item), value, onConfirm: (type) => update(index, type) })}
            />
          );
        })}
      </CardTypeTabs>
      {failure && (
        <p className={styles.failure} role="alert">
          {t('Not saved: {reason} Tap Next to try again.', { reason: failure })}
        </p>
      )}
      {saved && (
        <p className={styles.saved} role="status">
          {SAVED_MESSAGE}.
        </p>
      )}
      <Button block color="primary" size="large" className={styles.next} loading={saving} disabled={saved} onClick={() => void next()}>
        Next
      </Button>
      <OptionPicker request={picker} onClose={() => setPicker(null)} />
    </>
  );
}
