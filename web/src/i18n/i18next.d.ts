import 'i18next';
import type account from '../../../locales/en/account.json';
import type admin from '../../../locales/en/admin.json';
import type adminEmails from '../../../locales/en/adminEmails.json';
import type adminMoney from '../../../locales/en/adminMoney.json';
import type app from '../../../locales/en/app.json';
import type auth from '../../../locales/en/auth.json';
import type common from '../../../locales/en/common.json';
import type marketing from '../../../locales/en/marketing.json';
import type marketingPages from '../../../locales/en/marketingPages.json';
import type messages from '../../../locales/en/messages.json';
import type publicNs from '../../../locales/en/public.json';
import type proof from '../../../locales/en/proof.json';
import type publicPages from '../../../locales/en/publicPages.json';
import type ui from '../../../locales/en/ui.json';

// Keys are checked at compile time against the English catalogues: a typo or a missing key fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      common: typeof common;
      ui: typeof ui;
      public: typeof publicNs;
      publicPages: typeof publicPages;
      marketing: typeof marketing;
      marketingPages: typeof marketingPages;
      auth: typeof auth;
      messages: typeof messages;
      app: typeof app;
      account: typeof account;
      adminMoney: typeof adminMoney;
      admin: typeof admin;
      adminEmails: typeof adminEmails;
      proof: typeof proof;
    };
  }
}
