import { DropdownMenu } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { companyLinks } from '../content/navigation';
import { CompanyMenuButton } from './CompanyMenuButton';

/** Desktop "Company" menu; Radix gives it arrow-key and Escape handling. */
export function CompanyMenu() {
  const { pathname } = useLocation();
  const active = companyLinks.some((link) => link.to === pathname);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <CompanyMenuButton active={active} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-52 rounded-xl border border-line bg-surface p-1.5 text-fg shadow-lg"
        >
          {companyLinks.map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <Link
                to={link.to}
                aria-current={link.to === pathname ? 'page' : undefined}
                className="block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2 aria-[current=page]:font-semibold aria-[current=page]:text-accent"
              >
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
