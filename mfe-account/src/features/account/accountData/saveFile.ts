/**
 * Saves text as a file the browser downloads (the data comes from a call that carries the
 * user's token, so a plain link to the service cannot fetch it).
 */
export function saveFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has taken the blob (the click starts it; the URL may be read later).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
