// Each of the site server's processes asked for a page once before it is measured. The federated
// site's server is several processes on one port (site-server/src/siteProcesses.ts: Node's cluster,
// which hands each new connection to the next process in turn), and each process renders a public
// page once per page and version (190–230 ms here, then about 10 ms): asked once, on one kept-alive
// connection, only one process had drawn it, and the first measured run that reached another
// waited for that render (a Lighthouse report's TTFB of 225 ms, its FCP 150 ms later than the
// other runs'), a cost only the first visitor after a release pays.
import { get } from 'node:http';

/** Asks for `url` `times` times, one after the other, each on a new connection; resolves when all have been answered (or failed). */
export async function askOnNewConnections(url: string, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await new Promise<void>((resolve) => {
      const request = get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', resolve);
        response.on('error', () => resolve());
      });
      request.on('error', () => resolve());
    });
  }
}
