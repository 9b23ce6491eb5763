import { ChevronDown } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';

/** The "Company" button: the menu's trigger, and what stands in its place while the menu loads. */
export const CompanyMenuButton = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<'button'> & { active?: boolean }
>(function CompanyMenuButton({ active = false, className = '', ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className={`btn-ghost px-3 font-medium ${active ? 'text-accent' : ''} ${className}`}
      {...props}
    >
      Company
      <ChevronDown className="size-4" aria-hidden="true" />
    </button>
  );
});
