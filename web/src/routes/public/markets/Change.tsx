import { TrendingDown, TrendingUp } from 'lucide-react';
import { formatChange, trendOf } from './format';

const tones = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-700 dark:text-red-400',
  flat: 'text-muted',
} as const;

/** A 24 h change with an arrow and colour; the sign in the text keeps it readable without colour. */
export function Change({
  value,
  className = '',
  iconClassName = '',
}: {
  value: number | null | undefined;
  className?: string;
  iconClassName?: string;
}) {
  const trend = trendOf(value);
  const Icon = trend === 'down' ? TrendingDown : TrendingUp;
  return (
    <span className={`inline-flex items-center gap-1 font-semibold tabular-nums ${tones[trend]} ${className}`}>
      {trend === 'flat' ? null : <Icon className={`size-4 ${iconClassName}`} aria-hidden="true" />}
      {formatChange(value)}
    </span>
  );
}
