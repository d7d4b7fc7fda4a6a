import { describeDevice, deviceKey, isRecognised } from './device-description';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  samsungTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
};

describe('describeDevice', () => {
  it.each([
    ['chromeWindows', 'desktop', 'Chrome', 'Windows'],
    ['edgeWindows', 'desktop', 'Edge', 'Windows'],
    ['operaWindows', 'desktop', 'Opera', 'Windows'],
    ['safariMac', 'desktop', 'Safari', 'macOS'],
    ['firefoxLinux', 'desktop', 'Firefox', 'Linux'],
    ['safariIphone', 'phone', 'Safari', 'iOS'],
    ['chromeIphone', 'phone', 'Chrome', 'iOS'],
    ['chromeAndroidPhone', 'phone', 'Chrome', 'Android'],
    ['samsungTablet', 'tablet', 'Samsung Internet', 'Android'],
    ['safariIpad', 'tablet', 'Safari', 'iOS'],
  ] as const)('%s: %s, %s, %s', (name, kind, browser, os) => {
    expect(describeDevice(UA[name])).toEqual({ kind, browser, os });
  });

  it('keeps nothing of what it does not recognise', () => {
    expect(describeDevice(undefined)).toEqual({ kind: 'unknown', browser: 'Other', os: 'Other' });
    expect(describeDevice('curl/8.5.0')).toEqual({ kind: 'unknown', browser: 'Other', os: 'Other' });
    expect(isRecognised(describeDevice('curl/8.5.0'))).toBe(false);
    expect(isRecognised(describeDevice(UA.firefoxLinux))).toBe(true);
  });

  it('keys a description by account: same device, same key; another account or browser, another key', () => {
    const d = describeDevice(UA.chromeWindows);
    expect(deviceKey('a', d)).toBe(deviceKey('a', describeDevice(UA.chromeWindows.replace('131', '132'))));
    expect(deviceKey('a', d)).not.toBe(deviceKey('b', d));
    expect(deviceKey('a', d)).not.toBe(deviceKey('a', describeDevice(UA.edgeWindows)));
  });
});
