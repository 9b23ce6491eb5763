import { Link } from 'react-router';
import { useSiteName } from '../api/queries';

/** Brand mark (inline SVG, so it works offline) with the configured site name. */
export function Logo({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  const siteName = useSiteName();
  return (
    <Link to={to} className="inline-flex min-w-0 items-center gap-2 rounded-lg font-bold tracking-tight text-fg">
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect x="0.5" y="0.5" width="31" height="31" rx="7" fill="#0b1220" stroke="#f5b524" strokeOpacity="0.35" />
        <path
          d="M8 23V9l8 8 8-8v14"
          fill="none"
          stroke="#fbbf24"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? 'sr-only' : 'truncate text-lg'}>{siteName}</span>
    </Link>
  );
}
