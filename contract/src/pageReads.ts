// The account reads a page's server render may ask for in one request (POST /page-reads), each
// answered as its own route answers it (nothing here imports anything: the site's server reads it).

/** The reads POST /page-reads answers together; each is also a route of its own (POST /<name>). */
export const PAGE_READS = ['get-user-info', 'get-subscription-info', 'get-device-info'] as const;

export type PageReadName = (typeof PAGE_READS)[number];

export const isPageRead = (name: string): name is PageReadName => (PAGE_READS as readonly string[]).includes(name);
