// The embedded libSQL database of the Node runtime (`npm start`, the Node tests, the benches).
// @libsql/client's embedded driver prepares each statement anew; the wrap of libsql's
// `Database.prototype.prepare` that kept them (decision 0016) is gone: measured on the list bench it
// saved ~0.2 ms of a ~4 ms page, and it patched a library at run time (decision 0332).
import { createClient, type Client, type Config } from '@libsql/client';

/** A client on a local file (or `:memory:`). */
export function localClient(config: Config): Client {
  return createClient(config);
}
