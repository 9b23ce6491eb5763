import { describe, expect, it } from 'vitest';
import { NAMESPACES, namespacesFor } from './namespaces';

describe('namespacesFor', () => {
  it("preloads Home's words only on Home, the other public pages' on every other public page", () => {
    expect(namespacesFor('/')).toEqual(['public', 'marketing']);
    for (const path of ['/plans', '/faq', '/terms', '/markets', '/asset-management', '/about-us', '/no-such-page'])
      expect(namespacesFor(path), path).toEqual(['public', 'marketing', 'publicPages', 'marketingPages']);
  });

  it('gives the sign-in pages the public frame and the signed-in areas their own', () => {
    expect(namespacesFor('/login')).toEqual(['public', 'auth', 'messages']);
    expect(namespacesFor('/reset-password/abc')).toEqual(['public', 'auth', 'messages']);
    expect(namespacesFor('/app/jane/dashboard')).toEqual(['ui', 'app', 'account', 'messages']);
    expect(namespacesFor('/app/admin/users')).toEqual(['ui', 'admin', 'adminMoney', 'messages']);
    expect(namespacesFor('/app/admin/email-templates/deposit/en')).toEqual([
      'ui',
      'admin',
      'adminMoney',
      'messages',
      'adminEmails',
    ]);
  });

  it("adds the proof of liabilities words on its public page and on the investor's own", () => {
    expect(namespacesFor('/proof-of-liabilities')).toEqual([
      'public',
      'marketing',
      'publicPages',
      'marketingPages',
      'proof',
    ]);
    expect(namespacesFor('/app/jane/proof-of-liabilities')).toEqual(['ui', 'app', 'account', 'messages', 'proof']);
  });

  it("adds the forms' messages on the contact page, whose form draws from them", () => {
    expect(namespacesFor('/contact-us')).toEqual(['public', 'marketing', 'publicPages', 'marketingPages', 'messages']);
  });

  it('names only namespaces that exist', () => {
    for (const path of ['/', '/plans', '/login', '/app/x', '/app/admin'])
      for (const ns of namespacesFor(path)) expect(NAMESPACES).toContain(ns);
  });
});
