/**
 * /wherePlurality (spec "Joint-login failure screen", title Order Details): the notice and error
 * messages, the status icon and the recommended products. Tapping an enabled product tracks the
 * click (moduleId 18, its position in the list) and opens the product's jump URL.
 */
import { useState } from 'react';
import { Loading } from '../../shared/ui/Loading.tsx';
import type { LoginFailureInfo } from '@cashloan/contract/order-details';
import type { RecommendedProduct } from '@cashloan/contract/order-details';
import { usePageTitle } from '../../shared/ui/use-page-title.ts';
import { LoadFailure } from '../../shared/ui/LoadFailure.tsx';
import { openJumpUrl } from '../../shared/bridge/bridge.ts';
import { ApiCallError } from '../../shared/http/client.ts';
import { fetchProductJumpUrl, trackRecommendationClick, useFailureInfo } from './api.ts';
import { StatusIcon } from './components/StatusIcon.tsx';
import { RecommendationList } from './components/RecommendationList.tsx';
import { ORDER_DETAILS_TITLE } from './order-rules.ts';
import frame from '../../shared/ui/page-frame.module.css';
import styles from './LoginFailurePage.module.css';
import { t } from '../../shared/i18n/texts.ts';

export default function LoginFailurePage() {
  usePageTitle(ORDER_DETAILS_TITLE);
  const { state, retry } = useFailureInfo();
  return (
    <main className={frame.page}>
      <h1 className={frame.titleAboveCard}>{ORDER_DETAILS_TITLE}</h1>
      {state.status === 'loading' && <Loading text="Loading…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <FailureScreen info={state.data} />}
    </main>
  );
}

function FailureScreen({ info }: { info: LoginFailureInfo }) {
  const [opening, setOpening] = useState<{ product: RecommendedProduct; index: number } | null>(null);
  const [failure, setFailure] = useState<{ product: RecommendedProduct; index: number; message: string } | null>(null);

  const open = async (product: RecommendedProduct, index: number) => {
    if (opening) return;
    setOpening({ product, index });
    setFailure(null);
    try {
      // The click is tracked first; a failed tracking call is told by its toast but does not stop the borrower.
      await trackRecommendationClick(product.productId, index).catch(() => undefined);
      openJumpUrl(await fetchProductJumpUrl(product.productId));
    } catch (error) {
      setFailure({ product, index, message: error instanceof ApiCallError ? error.message : String(error) });
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <section className={styles.notice} aria-labelledby="failure-notice">
        <StatusIcon status={info.status} />
        <div className={styles.text}>
          <h2 id="failure-notice" className={styles.noticeMsg}>
            {info.noticeMsg}
          </h2>
          {info.errorMsg && <p className={styles.errorMsg}>{info.errorMsg}</p>}
        </div>
      </section>
      {failure && (
        <div className={styles.failure} role="alert">
          <span>
            {t('Could not open {title}: {reason}', { title: failure.product.name, reason: failure.message })}
          </span>
          <button type="button" className={styles.retry} onClick={() => void open(failure.product, failure.index)}>
            Try again
          </button>
        </div>
      )}
      {info.recProducts.length > 0 && (
        <section className={styles.recommendations} aria-labelledby="failure-recommendations" aria-busy={opening !== null}>
          <h2 id="failure-recommendations" className={styles.sectionTitle}>
            Recommended for you
          </h2>
          <RecommendationList products={info.recProducts} onOpen={(p, i) => void open(p, i)} label="Recommended products" />
        </section>
      )}
    </>
  );
}
