import { Skeleton } from '@/components/ui/skeleton';

export function CardsSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div
      role="status"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      aria-busy="true"
      aria-label="Cargando"
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-80 w-full rounded-xl" />
      ))}
    </div>
  );
}
