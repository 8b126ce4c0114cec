import { type RegistryEntry, RESOURCES } from '@shared/resources';
import { useLocation } from 'react-router';
import { listPathOf } from '@/lib/list-path';

/** The registry entry whose route this screen (list, /new or /edit/:id) belongs to. */
export function resourceOfPath(pathname: string): RegistryEntry | undefined {
  const list = listPathOf(pathname);
  return RESOURCES.find((def) => def.route === list);
}

export function useResourceOfPath(): RegistryEntry | undefined {
  return resourceOfPath(useLocation().pathname);
}
