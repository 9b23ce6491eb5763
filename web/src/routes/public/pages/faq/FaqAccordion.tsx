import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqItem } from '../../../../content/marketingPages';

interface FaqAccordionProps {
  items: FaqItem[];
  /** Index of the open question, or null when all are closed. */
  open: number | null;
  onToggle: (index: number) => void;
}

/** Questions as disclosure buttons; the parent decides which one is open. */
export function FaqAccordion({ items, open, onToggle }: FaqAccordionProps) {
  const { t } = useTranslation('marketingPages');
  const { t: tc } = useTranslation('common');
  // An answer may hold the platform's risk disclosure, in its one wording.
  const values = { disclosure: tc('risk.disclosure') };
  const baseId = useId();
  return (
    <ul className="flex flex-col gap-3" data-testid="faq-list">
      {items.map((item, index) => {
        const isOpen = open === index;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <li key={item.question} className="card overflow-hidden">
            <h3>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold hover:bg-surface-2"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => onToggle(index)}
              >
                <span className="min-w-0 break-words">{t(item.question)}</span>
                <ChevronDown
                  className={`size-5 shrink-0 text-muted transition-transform ${isOpen ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={panelId}
              hidden={!isOpen}
              className="border-t border-line px-5 py-4 text-muted"
              data-testid="faq-answer"
            >
              {t(item.answer, values)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
