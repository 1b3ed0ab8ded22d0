/** /numberWill and /complainPage: choose the order, then the question type (collection also its sub-type). */
import { useState } from 'react';
import { Link, useNavigate } from '../../../shared/router/router.tsx';
import { Loading } from '../../../shared/ui/Loading.tsx';
import type { ProblemInit } from '@cashloan/contract/complaints';
import { COLLECTION_NOT_ALLOWED_MESSAGE, COLLECTION_PROBLEM_TYPE } from '@cashloan/contract/routes/values';
import { pageParam, withCarriedParams } from '../../../shared/params/page-params.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { useProblemInit } from '../api.ts';
import { OrderPicker } from '../components/OrderPicker.tsx';
import { ProblemTypePicker } from '../components/ProblemTypePicker.tsx';
import { COMPLAINT_FORM_PATH, COMPLAINT_LIST_PATH } from '../../../shared/navigation/screen-paths.ts';
import frame from '../../../shared/ui/page-frame.module.css';
import styles from '../complaints.module.css';

export const COMPLAINT_START_TITLE = 'Complaint';
export const CHOOSE_ORDER_MESSAGE = 'Please choose the order your collection complaint is about.';

export default function ComplaintStartPage() {
  usePageTitle(COMPLAINT_START_TITLE);
  const { state, retry } = useProblemInit(pageParam('orderId'));
  return (
    <main className={frame.roomyPage}>
      <div className={styles.titleRow}>
        <h1 className={frame.title}>{COMPLAINT_START_TITLE}</h1>
        <Link className={styles.headerLink} to={withCarriedParams(COMPLAINT_LIST_PATH)}>
          My complaints
        </Link>
      </div>
      {state.status === 'loading' && <Loading text="Loading your orders…" />}
      {state.status === 'failed' && <LoadFailure error={state.error} onRetry={retry} />}
      {state.status === 'ready' && <StartForm init={state.data} />}
    </main>
  );
}

function StartForm({ init }: { init: ProblemInit }) {
  const navigate = useNavigate();
  const [orderNo, setOrderNo] = useState(init.orderDetail?.orderNo ?? '');
  const order = init.orderList.find((o) => o.orderNo === orderNo) ?? (init.orderDetail?.orderNo === orderNo ? init.orderDetail : undefined);

  /** Spec section 4: collection is blocked when the chosen order's isShow is not 1. */
  const collectionAllowed = () => {
    if (!order) {
      showToast(CHOOSE_ORDER_MESSAGE);
      return false;
    }
    if (order.isShow !== 1) {
      showToast(COLLECTION_NOT_ALLOWED_MESSAGE);
      return false;
    }
    return true;
  };

  const choose = (problemType: string, problemSonType: string) => {
    if (problemType === COLLECTION_PROBLEM_TYPE && !collectionAllowed()) return;
    navigate(withCarriedParams(COMPLAINT_FORM_PATH, { problemType, problemSonType, orderNo: order?.orderNo ?? '' }));
  };

  // The preselected order may be missing from the list (it never is for the borrower's own orders).
  const orders = init.orderDetail && !init.orderList.some((o) => o.orderNo === init.orderDetail?.orderNo) ? [init.orderDetail, ...init.orderList] : init.orderList;
  return (
    <>
      <section className={styles.section} aria-labelledby="complaint-order-heading">
        <h2 id="complaint-order-heading" className={styles.heading}>
          1. Choose the order
        </h2>
        <OrderPicker orders={orders} selected={orderNo} onSelect={setOrderNo} />
      </section>
      <section className={styles.section} aria-labelledby="complaint-type-heading">
        <h2 id="complaint-type-heading" className={styles.heading}>
          2. Choose the question type
        </h2>
        <ProblemTypePicker types={init.problemType} subTypes={init.problemSonType} canChooseCollection={collectionAllowed} onChoose={choose} />
      </section>
    </>
  );
}
