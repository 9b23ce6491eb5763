import { useEffect, useRef, useState } from 'react';
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
  const remaining = useCountdown(seconds, () => {
    onLeave?.();
    void navigate(to, { replace: true, state });
  });
  const target = to === '/login' ? 'login' : to;
  return (
    <p className="text-sm text-muted" aria-live="polite" data-testid="redirect-countdown">
      Redirecting to {target} in {remaining} {remaining === 1 ? 'second' : 'seconds'}...
    </p>
  );
}
