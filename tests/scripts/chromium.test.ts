/**
 * Which Chromium the browser suites get, on machines described to the finder (environment,
 * platform, which files exist), and what it says to install when there is none.
 */
import { describe, expect, it } from 'vitest';
import { chromiumAdvice, findChromium, type ChromiumSearch } from '../../scripts/lib/chromium';
import { StartupError } from '../../scripts/lib/processes';

function machine(
  files: string[],
  env: NodeJS.ProcessEnv = {},
  platform: NodeJS.Platform = 'linux',
  playwright?: string,
): ChromiumSearch {
  return {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...env },
    platform,
    isExecutable: (path) => files.includes(path),
    playwrightPath: () => playwright,
  };
}

describe('findChromium', () => {
  it('takes CHROME_PATH first, over the system one', () => {
    const found = findChromium(
      machine(['/opt/chrome/chrome', '/usr/bin/chromium'], { CHROME_PATH: '/opt/chrome/chrome' }),
    );
    expect(found).toEqual({ path: '/opt/chrome/chrome', source: 'CHROME_PATH' });
  });

  it('says so when CHROME_PATH names nothing runnable, rather than using another browser', () => {
    const search = machine(['/usr/bin/chromium'], { CHROME_PATH: '/opt/typo/chrome' });
    expect(() => findChromium(search)).toThrow(StartupError);
    expect(() => findChromium(search)).toThrow(
      'CHROME_PATH is set to /opt/typo/chrome, which is not an executable file',
    );
  });

  it("finds Debian's chromium", () => {
    expect(findChromium(machine(['/usr/bin/chromium']))).toEqual({
      path: '/usr/bin/chromium',
      source: 'the system',
    });
  });

  it("finds Ubuntu's chromium-browser and Google's google-chrome", () => {
    expect(findChromium(machine(['/usr/bin/chromium-browser']))?.path).toBe(
      '/usr/bin/chromium-browser',
    );
    expect(
      findChromium(machine(['/opt/google/bin/google-chrome'], { PATH: '/opt/google/bin' }))?.path,
    ).toBe('/opt/google/bin/google-chrome');
  });

  it('finds Google Chrome on macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    expect(findChromium(machine([chrome], {}, 'darwin'))?.path).toBe(chrome);
  });

  it("falls back to Playwright's download, and only when it is there", () => {
    const pw = '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
    expect(findChromium(machine([pw], {}, 'linux', pw))).toEqual({
      path: pw,
      source: "Playwright's download",
    });
    expect(findChromium(machine([], {}, 'linux', pw))).toBeUndefined();
  });
});

describe('chromiumAdvice', () => {
  it('names the package to install on Linux, and the variable', () => {
    const advice = chromiumAdvice('linux');
    expect(advice).toContain('sudo apt-get install -y chromium');
    expect(advice).toContain('npx playwright install chromium');
    expect(advice).toContain('CHROME_PATH');
  });

  it('names Chrome on macOS', () => {
    expect(chromiumAdvice('darwin')).toContain('install Google Chrome');
  });
});
