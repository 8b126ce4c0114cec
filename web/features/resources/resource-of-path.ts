import { RESOURCES } from '@shared/resources';
import type { ResourceDef } from '@shared/resource-types';
import { useLocation } from 'react-router';
import { listPathOf } from '@/lib/list-path';

/** The registry entry whose route this screen (list, /new or /edit/:id) belongs to. */
export function resourceOfPath(pathname: string): ResourceDef | undefined {
  const list = listPathOf(pathname);
  return RESOURCES.find((def) => def.route === list);
}

export function useResourceOfPath(): ResourceDef | undefined {
  return resourceOfPath(useLocation().pathname);
}
