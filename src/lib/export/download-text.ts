/** Hands a text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the address is not needed any more.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A CSV text (see csv.ts) as a download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadText(fileName, text, 'text/csv;charset=utf-8');
}
