import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { riskLink, riskNotice } from '../../../content/marketing';

/** The one-line risk disclosure shown next to any advertised return. */
export function RiskNote({ className = '' }: { className?: string }) {
  return (
    <p className={`flex items-start gap-2 text-sm text-muted ${className}`} data-testid="risk-note">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
      <span>
        {riskNotice}{' '}
        <Link to={riskLink.to} className="font-semibold text-accent underline underline-offset-2">
          Read the Terms
        </Link>
        .
      </span>
    </p>
  );
}
