/**
 * What both confirmation screens do once their data is on screen: the agreement box, the push
 * (exactly once per tap, never twice while one runs), the tracking event and the navigation after
 * it, the agreement links, the loan-agreement modal and the back action's 'Point out' popup.
 */
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '../../shared/router/router.tsx';
import type { AgreementItem } from '@cashloan/contract/loan-confirmation';
import { closeWebview, isIosApp, openJumpUrl, openPageReplace, refuseJump, trackEvent } from '../../shared/bridge/bridge.ts';
import { browserNavigation } from '../../shared/bridge/browser-navigation.ts';
import { agreementUrl, asApiError, pushLoan, useProductId, type ConfirmationData, type Variant } from './api.ts';
import { PUSH_EVENT, agreementJumpTarget, backAction, canSubmit, lendDetailsDestination, showsAgreementModal } from './confirm-rules.ts';

/** The page each variant is, as the tracking event names it. */
const SCREEN: Record<Variant, string> = { v3: 'smpSystem', second: 'manyVoting' };

export interface AgreementFailure {
  item: AgreementItem;
  message: string;
}

export function useConfirmFlow(variant: Variant, confirmation: ConfirmationData, agreements: AgreementItem[]) {
  const navigate = useNavigate();
  const productId = useProductId();
  // Spec section 2: the agreement box starts ticked.
  const [agreed, setAgreed] = useState(true);
  const [pending, setPending] = useState(false);
  // Two taps in the same frame both run before React re-renders the disabled button: the ref stops the second.
  const pushing = useRef(false);
  const [pushError, setPushError] = useState<string | null>(null);
  const [agreementModal, setAgreementModal] = useState(() => showsAgreementModal(confirmation.popAgreementUrl));
  const [pointOut, setPointOut] = useState(false);
  const [openingAgreement, setOpeningAgreement] = useState<number | null>(null);
  const [agreementFailure, setAgreementFailure] = useState<AgreementFailure | null>(null);

  const hasAgreements = agreements.length > 0;
  const submittable = canSubmit({ agreed, hasAgreements, pending });

  const submit = useCallback(async () => {
    if (pushing.current || !canSubmit({ agreed, hasAgreements, pending: false })) return;
    pushing.current = true;
    setPending(true);
    setPushError(null);
    try {
      const next = await pushLoan(variant, { productId, amount: confirmation.amount, periods: confirmation.periods, termUnit: confirmation.termUnit });
      // The host app confirms the push before the page moves on (spec section 7).
      trackEvent({ event: PUSH_EVENT, data: { productId, screen: SCREEN[variant] } });
      const destination = lendDetailsDestination(next);
      if (destination.kind === 'refused') {
        // The loan is pushed; only the next page cannot open. Told, and the button comes back.
        refuseJump();
        pushing.current = false;
        setPending(false);
      } else if (destination.kind === 'route') void navigate(destination.url, { replace: true });
      else if (destination.kind === 'web') browserNavigation.replace(destination.url);
      else openPageReplace({ url: destination.url });
      // Still pending: the page is being replaced, and the button stays off until it is.
    } catch (error) {
      pushing.current = false;
      setPending(false);
      setPushError(asApiError(error).message);
    }
  }, [agreed, hasAgreements, variant, productId, confirmation.amount, confirmation.periods, confirmation.termUnit, navigate]);

  const openAgreement = useCallback(
    async (item: AgreementItem) => {
      if (openingAgreement !== null) return;
      setOpeningAgreement(item.position);
      setAgreementFailure(null);
      try {
        openJumpUrl(agreementJumpTarget(await agreementUrl(variant, productId, item.position)));
      } catch (error) {
        setAgreementFailure({ item, message: asApiError(error).message });
      } finally {
        setOpeningAgreement(null);
      }
    },
    [openingAgreement, variant, productId],
  );

  const back = useCallback(() => {
    if (backAction(isIosApp(), confirmation.isPopType) === 'pointOut') setPointOut(true);
    else closeWebview();
  }, [confirmation.isPopType]);

  return {
    agreed,
    setAgreed,
    hasAgreements,
    pending,
    submittable,
    submit,
    pushError,
    openAgreement,
    openingAgreement,
    agreementFailure,
    agreementModal,
    /** Agree: the modal goes and the screen is there. */
    agreeToModal: () => setAgreementModal(false),
    /** Cancel: the borrower does not want the loan; the webview closes through the bridge. */
    cancelModal: () => closeWebview(),
    pointOut,
    back,
    stayAfterPointOut: () => setPointOut(false),
    leaveAfterPointOut: () => {
      setPointOut(false);
      closeWebview();
    },
  };
}

export type ConfirmFlow = ReturnType<typeof useConfirmFlow>;
