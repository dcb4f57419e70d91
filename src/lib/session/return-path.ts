/**
 * Where to go after signing in: the page a signed-out person asked for. Kept
 * in memory only (it is a path of ids, but storage holds nothing it need not).
 */
let returnPath: string | null = null;

export function rememberReturnPath(path: string): void {
  returnPath = path.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function takeReturnPath(): string | null {
  const path = returnPath;
  returnPath = null;
  return path;
}
