/**
 * The landing's image captcha: a captcha session (sid) for the template and the URL of its current
 * image. `refresh` draws a new image of the same sid; an image that fails to load (the sid expired
 * while the page stood open) gets a new sid once by itself, then shows the failure with a retry.
 */
import { useCallback, useEffect, useState } from 'react';
import { captchaImageUrl, newCaptchaSession } from './api.ts';

export type Captcha =
  | { status: 'loading' }
  | { status: 'ready'; sid: string; src: string }
  | { status: 'failed' };

interface Session {
  sid: string;
  drawnAt: number;
  /** This sid replaced one whose image failed: a second failure is shown, not retried. */
  recovery: boolean;
}

export function useCaptcha(templateId: string): {
  captcha: Captcha;
  refresh: () => void;
  retry: () => void;
  onImageError: () => void;
} {
  const [session, setSession] = useState<Session | null>(null);
  const [failed, setFailed] = useState(false);
  const [request, setRequest] = useState({ attempt: 0, recovery: false });

  useEffect(() => {
    const controller = new AbortController();
    newCaptchaSession(templateId, controller.signal)
      .then((sid) => setSession({ sid, drawnAt: Date.now(), recovery: request.recovery }))
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [templateId, request]);

  const newSession = useCallback((recovery: boolean) => {
    setFailed(false);
    setSession(null);
    setRequest((r) => ({ attempt: r.attempt + 1, recovery }));
  }, []);

  const refresh = useCallback(() => {
    if (!session) {
      newSession(false);
      return;
    }
    setFailed(false);
    // A new timestamp is a new image, even for two taps within one millisecond.
    setSession({ ...session, drawnAt: Math.max(Date.now(), session.drawnAt + 1) });
  }, [session, newSession]);

  const onImageError = useCallback(() => {
    if (session && !session.recovery) newSession(true);
    else setFailed(true);
  }, [session, newSession]);

  const retry = useCallback(() => newSession(false), [newSession]);

  const captcha: Captcha = failed
    ? { status: 'failed' }
    : session
      ? { status: 'ready', sid: session.sid, src: captchaImageUrl(session.sid, session.drawnAt) }
      : { status: 'loading' };
  return { captcha, refresh, retry, onImageError };
}
