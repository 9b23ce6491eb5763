import { setI18n } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaticI18n } from '../i18n/static';
import { testI18n } from '../test/i18n';
import { describeDevice, deviceClass, formatPercent } from './format';

afterEach(() => setI18n(testI18n));

describe('describeDevice', () => {
  it('says browser and system, skipping unknown parts, in English', () => {
    expect(describeDevice({ browser: 'Chrome 120', os: 'Windows 10', device: 'Desktop' })).toBe(
      'Chrome 120 on Windows 10',
    );
    expect(describeDevice({ browser: 'Unknown', os: 'Linux' })).toBe('Linux');
    expect(describeDevice({ browser: 'Unknown', os: 'Unknown', device: 'Mobile' })).toBe('Mobile');
    expect(describeDevice({ browser: 'unknown', os: '' })).toBe('Unknown device');
  });

  it('says it in the active language; browser and system names stay as they are', () => {
    createStaticI18n('es');
    expect(describeDevice({ browser: 'Chrome 120', os: 'Windows 10' })).toBe('Chrome 120 en Windows 10');
    expect(describeDevice({ browser: 'Unknown', os: 'Unknown' })).toBe('Dispositivo desconocido');
    createStaticI18n('ru');
    expect(describeDevice({ browser: 'Firefox 128', os: 'Linux' })).toBe('Firefox 128 на Linux');
    expect(describeDevice({ browser: 'Unknown', os: 'Unknown', device: 'Mobile' })).toBe('Телефон');
    expect(deviceClass('Tablet')).toBe('Планшет');
    expect(deviceClass('Console')).toBe('Console');
  });
});

describe('formatPercent', () => {
  it('writes a percentage exactly, the active language’s way, never grouped', () => {
    expect([formatPercent(12.5), formatPercent(0.5), formatPercent(1000)]).toEqual(['12.5%', '0.5%', '1000%']);
    createStaticI18n('ru');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
  });
});
