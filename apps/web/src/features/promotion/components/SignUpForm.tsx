/**
 * The sign-up form of #/downloadTemplate: mobile number (the template's market rule), image code
 * (tap for a new one; needs a phone number), SMS code with a 60 s resend countdown, and Register.
 * Then the unticked marketing box (issue 39), sent with register as marketingConsent, and the words of
 * the purposes registering agrees to (SignUpConsentNotice), which Register is described by.
 * Server answers: 101 (get-sms) and -1 (register) refresh the image and show the message; 11 opens
 * the already-registered prompt; anything else is toasted. Every call ends with a message, and the
 * button that made it can be tapped again. Each field keeps at most its limit (the rule's 11 or 10
 * digits, 4 characters, 6 digits) on every change rather than through maxlength, which would count
 * the dashes and spaces of a pasted "0917-123-4567" and cut its digits.
 */
import { Suspense, lazy, useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CALL_ERROR_CODES, CAPTCHA_MAX_LENGTH, SMS_RESEND_SECONDS } from '@cashloan/contract/routes/values';
import type { LandingTemplate } from '@cashloan/contract/promotion';
import { ApiCallError, NETWORK_FAILURE_MESSAGE } from '../../../shared/http/client.ts';
import { t } from '../../../shared/i18n/texts.ts';
import { showFailure, showInfo, showSuccess } from '../../../shared/ui/toast.ts';
import { useCountdown } from '../../../shared/ui/use-countdown.ts';
import { registerBorrower, requestSmsCode, trackClick } from '../api.ts';
import {
  FORM_MESSAGES,
  captchaText,
  digitsOnly,
  firstError,
  phoneRuleOf,
  refreshError,
  registerErrors,
  smsCodeText,
  smsRequestErrors,
  type FieldErrors,
  type FieldName,
} from '../landing-form.ts';
import type { LandingParams } from '../landing-params.ts';
import { textWith } from '../../../shared/i18n/text-with.ts';
import { useCaptcha } from '../use-captcha.ts';
import { MarketingConsentBox } from './MarketingConsentBox.tsx';
import { SignUpConsentNotice } from './SignUpConsentNotice.tsx';
import styles from '../promotion.module.css';

// Shown only after a sign-up call answers 'already registered': its code (and Modal's) loads then.
const AlreadyRegisteredDialog = lazy(() => import('./AlreadyRegisteredDialog.tsx').then((m) => ({ default: m.AlreadyRegisteredDialog })));

const failureOf = (error: unknown) => (error instanceof ApiCallError ? error : new ApiCallError('network', NETWORK_FAILURE_MESSAGE));

export function SignUpForm({
  template,
  params,
  templateId,
  agreementLink,
  onRegistered,
}: {
  template: LandingTemplate;
  params: LandingParams;
  templateId: string;
  agreementLink: ReactNode;
  /** Go to the download step: a new account, or one the number already had (code 11). */
  onRegistered: (existingAccount: boolean) => void;
}) {
  const rule = phoneRuleOf(template.phoneRule);
  const [values, setValues] = useState({ phone: '', capcode: '', smsCode: '' });
  // Unticked until the visitor ticks it: marketing is asked apart from the sign-up, never assumed.
  const [marketing, setMarketing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'sms' | 'register' | null>(null);
  // The same guard as a ref: taps landing in one tick all read it before React re-renders `busy`.
  const inFlight = useRef(false);
  const [codeSent, setCodeSent] = useState(false);
  const [registeredMessage, setRegisteredMessage] = useState<string | null>(null);
  const { captcha, refresh, retry, onImageError } = useCaptcha(templateId);
  const countdown = useCountdown(SMS_RESEND_SECONDS);
  const phoneInput = useRef<HTMLInputElement>(null);
  const capcodeInput = useRef<HTMLInputElement>(null);
  const smsCodeInput = useRef<HTMLInputElement>(null);
  const focus = (name: FieldName) => ({ phone: phoneInput, capcode: capcodeInput, smsCode: smsCodeInput })[name].current?.focus();
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const showErrors = (found: FieldErrors): boolean => {
    setErrors(found);
    const first = firstError(found);
    if (first) focus(first);
    return first !== undefined;
  };

  /** The image was wrong (101, -1): a new one, the answer box cleared and focused, and the server's message. */
  const newImageAfterWrongAnswer = (message: string) => {
    refresh();
    setValues((v) => ({ ...v, capcode: '' }));
    setErrors((e) => ({ ...e, capcode: FORM_MESSAGES.captcha }));
    focus('capcode');
    showFailure(message);
  };

  const onFailure = (error: ApiCallError, wrongCaptchaCode: number) => {
    if (error.kind === 'server' && Number(error.code) === wrongCaptchaCode) newImageAfterWrongAnswer(error.message);
    else if (error.kind === 'server' && Number(error.code) === CALL_ERROR_CODES.alreadyRegistered) setRegisteredMessage(error.message);
    else showFailure(error.message);
  };

  const tapImage = () => {
    const problem = refreshError(values.phone, template.phoneRule);
    if (problem) {
      showErrors({ phone: problem });
      showInfo(problem);
      return;
    }
    refresh();
  };

  const attribution = {
    appName: template.appName,
    app_from: params.appFrom,
    user_from: params.userFrom,
    utm_tag: params.utmTag,
    deviceId: params.deviceId,
  };

  const askForCode = async () => {
    if (busy || inFlight.current) return;
    if (countdown.secondsLeft > 0) {
      showInfo(FORM_MESSAGES.doNotResend(countdown.secondsLeft));
      return;
    }
    if (showErrors(smsRequestErrors(values, template.phoneRule))) return;
    if (captcha.status !== 'ready') {
      showErrors({ capcode: FORM_MESSAGES.captcha });
      return;
    }
    inFlight.current = true;
    setBusy('sms');
    try {
      await requestSmsCode({ phone: values.phone, capcode: values.capcode, sid: captcha.sid, ...attribution });
      countdown.start();
      setCodeSent(true);
      showSuccess(FORM_MESSAGES.codeSent);
      focus('smsCode');
    } catch (error) {
      onFailure(failureOf(error), CALL_ERROR_CODES.smsWrongCaptcha);
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || inFlight.current) return;
    trackClick('downloadTemplate', params.source, templateId);
    if (showErrors(registerErrors(values, template.phoneRule))) return;
    if (captcha.status !== 'ready') {
      showErrors({ capcode: FORM_MESSAGES.captcha });
      return;
    }
    inFlight.current = true;
    setBusy('register');
    try {
      await registerBorrower({
        phone: values.phone,
        capcode: values.capcode,
        sid: captcha.sid,
        smsCode: values.smsCode,
        invite_code: params.inviteCode,
        id: templateId,
        merchantNumber: params.merchantNumber,
        marketingConsent: marketing ? '1' : '0',
        ...attribution,
      });
      onRegistered(false);
    } catch (error) {
      onFailure(failureOf(error), CALL_ERROR_CODES.registerWrongCaptcha);
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const continueToDownload = useCallback(() => onRegistered(true), [onRegistered]);

  const describedBy = (name: FieldName, hint?: string) => [hint, errors[name] ? `${fieldId(name)}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const errorText = (name: FieldName) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className={styles.error} role="alert">
        {errors[name]}
      </p>
    ) : null;

  const waiting = countdown.secondsLeft > 0;
  return (
    <form className={styles.card} onSubmit={submit} noValidate aria-label="Register">
      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('phone')}>
          Mobile number
        </label>
        <input
          ref={phoneInput}
          id={fieldId('phone')}
          className={styles.input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phone}
          onChange={(e) => change('phone', digitsOnly(e.target.value, rule.maxLength))}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy('phone', `${fieldId('phone')}-hint`)}
        />
        <p id={`${fieldId('phone')}-hint`} className={styles.hint}>
          {rule.hint}
        </p>
        {errorText('phone')}
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('capcode')}>
          Image code
        </label>
        <div className={styles.row}>
          <input
            ref={capcodeInput}
            id={fieldId('capcode')}
            className={styles.input}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={values.capcode}
            onChange={(e) => change('capcode', captchaText(e.target.value))}
            aria-invalid={errors.capcode ? true : undefined}
            aria-describedby={describedBy('capcode', `${fieldId('capcode')}-hint`)}
          />
          <button type="button" className={styles.captchaButton} onClick={tapImage} aria-label="New image code">
            {captcha.status === 'ready' ? (
              // Hidden from screen readers: the button's name and the hint below say what the picture is for.
              <img src={captcha.src} alt="" aria-hidden="true" width={120} height={44} onError={onImageError} />
            ) : captcha.status === 'loading' ? (
              <span>Loading…</span>
            ) : (
              <span>No image</span>
            )}
          </button>
        </div>
        <p id={`${fieldId('capcode')}-hint`} className={styles.hint}>
          {t('Type the {n} characters in the picture. Tap the picture for a new one.', { n: CAPTCHA_MAX_LENGTH })}
        </p>
        {captcha.status === 'failed' ? (
          <div className={styles.captchaFailed} role="alert">
            <span>{FORM_MESSAGES.captchaFailed}</span>
            <button type="button" className={styles.secondaryButton} onClick={retry}>
              Retry
            </button>
          </div>
        ) : null}
        {errorText('capcode')}
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={fieldId('smsCode')}>
          SMS code
        </label>
        <div className={styles.row}>
          <input
            ref={smsCodeInput}
            id={fieldId('smsCode')}
            className={styles.input}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={values.smsCode}
            onChange={(e) => change('smsCode', smsCodeText(e.target.value))}
            aria-invalid={errors.smsCode ? true : undefined}
            aria-describedby={describedBy('smsCode')}
          />
          <button type="button" className={styles.codeButton} onClick={askForCode} data-waiting={waiting} aria-disabled={busy === 'sms' ? true : undefined}>
            {waiting ? t('Resend in {n} s', { n: countdown.secondsLeft }) : codeSent ? 'Resend code' : 'Get code'}
          </button>
        </div>
        {errorText('smsCode')}
      </div>

      <MarketingConsentBox checked={marketing} onChange={setMarketing} />
      <SignUpConsentNotice id={`${id}-consents`} />

      <button type="submit" className={styles.primaryButton} aria-disabled={busy === 'register' ? true : undefined} aria-describedby={`${id}-consents`}>
        {template.buttonText}
      </button>
      <p className={styles.agreementNote}>{textWith(t('By registering you accept the {agreement}.'), { agreement: agreementLink })}</p>

      {registeredMessage !== null ? (
        <Suspense fallback={null}>
          <AlreadyRegisteredDialog message={registeredMessage} appName={template.appName} onContinue={continueToDownload} />
        </Suspense>
      ) : null}
    </form>
  );
}
