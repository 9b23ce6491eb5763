import { describe, expect, it } from 'vitest';
import { afterLoginPath, homePath, loginPathFor, ownAreaPath, safeNext, securityPath } from './paths';

const investor = { role: 'user' as const, userName: 'jane' };
const admin = { role: 'admin' as const, userName: 'admin' };

describe('paths', () => {
  it('sends staff to the admin area and investors to their own', () => {
    expect(homePath(investor)).toBe('/app/jane/dashboard');
    expect(homePath(admin)).toBe('/app/admin/dashboard');
    expect(homePath({ role: 'moderator', userName: 'mo' })).toBe('/app/admin/dashboard');
    expect(securityPath(investor)).toBe('/app/jane/security-settings');
    expect(securityPath(admin)).toBe('/app/admin/security-settings');
  });

  it('only returns to in-app paths', () => {
    expect(safeNext('/app/jane/profile')).toBe('/app/jane/profile');
    expect(safeNext('https://evil.example/app/')).toBeNull();
    expect(safeNext('//evil.example/app/')).toBeNull();
    expect(safeNext('/app/\\evil')).toBeNull();
    expect(safeNext('/login')).toBeNull();
    expect(safeNext(null)).toBeNull();
    expect(loginPathFor('/app/x/dashboard?tab=1')).toBe('/login?next=%2Fapp%2Fx%2Fdashboard%3Ftab%3D1');
    expect(loginPathFor('/elsewhere')).toBe('/login');
  });

  it('puts a required password change before the page asked for', () => {
    expect(afterLoginPath(investor, true, '/app/jane/profile')).toBe('/app/jane/security-settings');
    expect(afterLoginPath(investor, false, '/app/jane/profile')).toBe('/app/jane/profile');
    expect(afterLoginPath(admin, false, null)).toBe('/app/admin/dashboard');
  });

  it("replaces someone else's name in a user-area path by the caller's", () => {
    expect(ownAreaPath('/app/bob/profile', investor)).toBe('/app/jane/profile');
    expect(ownAreaPath('/app/bob/order/TX-1', investor)).toBe('/app/jane/order/TX-1');
    expect(ownAreaPath('/app/bob/dashboard', admin)).toBe('/app/admin/dashboard');
  });
});
