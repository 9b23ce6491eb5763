import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

describe('parseUserAgent', () => {
  it('names the browser with its version, the system and the device class', () => {
    expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toEqual({
      browser: 'Firefox 128',
      os: 'Windows 10',
      device: 'Desktop',
    });
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
          'Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17.0', device: 'Mobile' });
  });

  it('names an API client or app by its product token rather than "Unknown"', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: 'curl 8.5.0', os: 'Unknown', device: 'Desktop' });
    expect(parseUserAgent('Playwright/1.55.0 (x64; debian 12) node/22.0').browser).toBe('Playwright 1.55.0');
    expect(parseUserAgent('')).toEqual({ browser: 'Unknown', os: 'Unknown', device: 'Desktop' });
    expect(parseUserAgent('Mozilla/5.0 (compatible)').browser).toBe('Unknown');
  });
});
