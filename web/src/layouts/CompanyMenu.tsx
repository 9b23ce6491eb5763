import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Menu, MenuItem } from '../components/ui/Menu';
import { companyLinks } from '../content/navigation';
import { CompanyMenuButton } from './CompanyMenuButton';

/** Desktop "Company" menu; Radix gives it arrow-key and Escape handling. */
export function CompanyMenu() {
  const { t } = useTranslation('public');
  const { pathname } = useLocation();
  const active = companyLinks.some((link) => link.to === pathname);
  return (
    <Menu trigger={<CompanyMenuButton active={active} />}>
      {companyLinks.map((link) => (
        <MenuItem key={link.to} asChild>
          <Link
            to={link.to}
            aria-current={link.to === pathname ? 'page' : undefined}
            className="block rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2 aria-[current=page]:font-semibold aria-[current=page]:text-accent"
          >
            {t(link.label)}
          </Link>
        </MenuItem>
      ))}
    </Menu>
  );
}
