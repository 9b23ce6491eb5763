import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Counts down whole seconds and calls `onDone` once at zero. Remount (key) to restart. */
export function useCountdown(seconds: number, onDone: () => void): number {
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    const timer = window.setInterval(() => setRemaining((r) => Math.max(0, r - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (remaining === 0) done.current();
  }, [remaining]);
  return remaining;
}

interface RedirectNoticeProps {
  seconds: number;
  to: string;
  /** Runs just before leaving (clear state, etc.). */
  onLeave?: () => void;
  state?: unknown;
}

/** "Redirecting to login in N seconds..." and then the redirect. */
export function RedirectNotice({ seconds, to, onLeave, state }: RedirectNoticeProps) {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const remaining = useCountdown(seconds, () => {
    onLeave?.();
    void navigate(to, { replace: true, state });
  });
  return (
    <p className="text-sm text-muted" aria-live="polite" data-testid="redirect-countdown">
      {to === '/login'
        ? t('redirect.login', { count: remaining })
        : t('redirect.page', { target: to, count: remaining })}
    </p>
  );
}
