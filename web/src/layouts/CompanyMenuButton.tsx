import { ChevronDown } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The "Company" button: the menu's trigger, and what stands in its place while the menu loads. */
export const CompanyMenuButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { active?: boolean }
>(function CompanyMenuButton({ active = false, className = '', ...props }, ref) {
  const { t } = useTranslation('public');
  return (
    <button
      ref={ref}
      type="button"
      className={`btn-ghost px-2 font-medium 2xl:px-3 ${active ? 'text-accent' : ''} ${className}`}
      {...props}
    >
      {t('header.company')}
      <ChevronDown className="size-4" aria-hidden="true" />
    </button>
  );
});
