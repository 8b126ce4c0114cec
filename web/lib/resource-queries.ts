// Reads and writes of one registry entry (docs/decisions/0042-web-data-layer.md): the generic
// router's routes, typed by its own handlers through resourceClient. Writes invalidate the
// entry's cached lists, records and autocomplete options (all keyed under its endpoint).
import { type JsonBody, ok, resourceClient, withSignal } from '@/lib/client';
import { keyOf, useRead } from '@/lib/query';

export type ResourceRow = Record<string, unknown> & { id: number };

export const getResourceRow = (endpoint: string, id: string, signal?: AbortSignal) =>
  ok(resourceClient(endpoint)[':id{[0-9]+}'].$get({ param: { id } }, withSignal(signal))) as Promise<{
    data: ResourceRow;
  }>;

/** One row for an edit screen (no id = a /new screen, nothing to load). */
export const useResourceRow = (endpoint: string | null, id: string | undefined) =>
  useRead(
    endpoint && id ? keyOf(endpoint, id) : null,
    async (signal) => (await getResourceRow(endpoint!, id!, signal)).data,
  );

/** The body an entry's create and update take: the registry schema's input (resourceSchema). */
export type ResourceBody = JsonBody<ReturnType<typeof resourceClient>['index']['$post']>;

export const createResourceRow = (endpoint: string, body: ResourceBody) =>
  ok(resourceClient(endpoint).index.$post({ json: body })) as Promise<{
    data: ResourceRow;
    message: string;
  }>;
export const updateResourceRow = (endpoint: string, id: number, body: ResourceBody) =>
  ok(resourceClient(endpoint)[':id{[0-9]+}'].$put({ param: { id: String(id) }, json: body })) as Promise<{
    data: ResourceRow;
    message: string;
  }>;
