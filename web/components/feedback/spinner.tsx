import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Cargando...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircleIcon aria-hidden className={cn('size-4 animate-spin', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
