/** A value escaped for the server's HTML, as an attribute's (quoted) value or as text. */
export const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
