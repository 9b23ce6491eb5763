import { Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Testimonial } from '../../../content/marketing';

/** A static grid of testimonials (the Home page has the autoplaying carousel). */
export function TestimonialGrid({ items }: { items: Testimonial[] }) {
  const { t } = useTranslation('marketing');
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.name} className="card flex flex-col gap-4 p-6">
          <Quote className="size-6 text-accent" aria-hidden="true" />
          <blockquote className="flex-1 text-fg">{t(item.quote)}</blockquote>
          <div className="flex items-center gap-3">
            <span
              className="flex size-10 items-center justify-center rounded-full bg-navy text-sm font-bold text-amber-300"
              aria-hidden="true"
            >
              {item.initials}
            </span>
            <div>
              <p className="font-semibold">{item.name}</p>
              <p className="text-sm text-muted">{t(item.role)}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
