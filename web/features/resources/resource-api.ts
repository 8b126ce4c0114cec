// The images of a registry row (GET/DELETE {endpoint}/:id/images) through the typed images client.
import { imagesClient, ok, withSignal } from '@/lib/client';

const imagesOf = (endpoint: string) => imagesClient(endpoint)[':id{[0-9]+}'].images;

export const listImages = (endpoint: string, id: number, signal?: AbortSignal) =>
  ok(imagesOf(endpoint).$get({ param: { id: String(id) } }, withSignal(signal)));
export type ResourceImage = Awaited<ReturnType<typeof listImages>>['data'][number];

export const deleteImage = (endpoint: string, id: number, imageId: number) =>
  ok(imagesOf(endpoint)[':imageId{[0-9]+}'].$delete({ param: { id: String(id), imageId: String(imageId) } }));
