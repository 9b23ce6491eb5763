import { ChevronDown, KeyRound, LogOut, MailWarning, Settings, ShieldCheck, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '../api/account';
import type { Session } from '../api/session';
import { Avatar } from '../components/AccountDisplay';
import { Menu, MenuItem, MenuLabel, MenuSeparator, menuItemClass as itemClass } from '../components/ui/Menu';
import { profilePath, securityPath, userBase } from '../lib/paths';

interface UserMenuProps {
  session: Session;
  area: 'user' | 'admin';
  onLogout: () => void;
}

/** Header avatar with the account menu: Security Settings, Site Settings (admins), Logout. */
export function UserMenu({ session, area, onLogout }: UserMenuProps) {
  const { data: profile } = useProfile(session.id);
  const { t } = useTranslation('ui');
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() || session.userName : session.userName;
  const security = area === 'user' ? `${userBase(session.userName)}/security-settings` : securityPath(session);
  const profileLink = area === 'user' ? `${userBase(session.userName)}/profile` : profilePath(session);
  return (
    <Menu
      align="end"
      sideOffset={8}
      minWidth="min-w-56"
      trigger={
        <button
          type="button"
          className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-surface-2"
          aria-label={t('header.accountMenu')}
          data-testid="user-menu"
        >
          <Avatar src={profile?.profileImage} name={name} />
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{session.userName}</span>
          <ChevronDown className="size-4 text-muted" aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>
        <span className="block truncate text-sm font-semibold">{name}</span>
        <span className="block truncate text-xs text-muted">{profile?.email ?? session.role}</span>
      </MenuLabel>
      <MenuSeparator />
      {profileLink ? (
        <MenuItem asChild>
          <Link to={profileLink} className={itemClass}>
            <User className="size-4" aria-hidden="true" /> {t('header.profile')}
          </Link>
        </MenuItem>
      ) : null}
      <MenuItem asChild>
        <Link to={security} className={itemClass}>
          <ShieldCheck className="size-4" aria-hidden="true" /> {t('header.security')}
        </Link>
      </MenuItem>
      {session.role === 'admin' ? (
        <MenuItem asChild>
          <Link to="/app/admin/site-settings" className={itemClass}>
            <Settings className="size-4" aria-hidden="true" /> {t('header.siteSettings')}
          </Link>
        </MenuItem>
      ) : null}
      <MenuSeparator />
      <MenuItem className={`${itemClass} cursor-pointer text-danger`} onSelect={onLogout}>
        <LogOut className="size-4" aria-hidden="true" /> {t('layout.logout')}
      </MenuItem>
    </Menu>
  );
}

/** Account warnings above every page of the area: unverified email, password change required. */
export function AccountBanners({ session, area }: { session: Session; area: 'user' | 'admin' }) {
  const { data: profile } = useProfile(session.id);
  const { t } = useTranslation('ui');
  if (!profile) return null;
  const security = area === 'user' ? `${userBase(session.userName)}/security-settings` : securityPath(session);
  return (
    <>
      {profile.mustChangePassword ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-300 bg-red-100 px-4 py-2.5 text-sm text-red-950 sm:px-6"
        >
          <KeyRound className="size-4 shrink-0" aria-hidden="true" />
          <span className="flex-1">{t('header.mustChangePassword')}</span>
          <Link to={security} className="font-semibold underline underline-offset-2">
            {t('header.changePassword')}
          </Link>
        </div>
      ) : null}
      {area === 'user' && !profile.isEmailVerified ? (
        <div
          data-testid="verify-email-banner"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-100 px-4 py-2.5 text-sm text-amber-950 sm:px-6"
        >
          <MailWarning className="size-4 shrink-0" aria-hidden="true" />
          <span className="flex-1">{t('header.verifyEmail')}</span>
          <Link to={`${userBase(session.userName)}/profile`} className="font-semibold underline underline-offset-2">
            {t('header.verifyNow')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
