/**
 * The Chromium that the e2e journeys, the benches and the picture test drive:
 * Debian's package, or the one CHROMIUM_PATH names (an empty value counts as
 * unset), headless with the same flags everywhere: no sandbox (containers run
 * it as root), no GPU, and none of the background traffic (updates, sync,
 * QUIC) that would add requests of its own to what is measured.
 */

/** Where Debian's `chromium` package puts it. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The Chromium CHROMIUM_PATH names, if it names one. */
export const chosenChromium: string | undefined = process.env.CHROMIUM_PATH || undefined;

export const chromiumPath: string = chosenChromium ?? DEBIAN_CHROMIUM;

export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Playwright's `launchOptions` for it. */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: chromiumPath, args: [...chromiumArgs] };
}
