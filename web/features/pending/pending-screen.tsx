import { HourglassIcon } from 'lucide-react';
import { useMatches } from 'react-router';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';

/** Stands in for a screen whose module lands in a later delivery; it shows no data at all. */
export default function PendingScreen() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  return (
    <section className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">{handle?.title ?? ''}</h1>
      <Card>
        <CardHeader className="items-center py-6 text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-primary">
            <HourglassIcon aria-hidden className="size-6" />
          </div>
          <CardDescription className="text-base">
            Esta pantalla se habilitará en una próxima entrega.
          </CardDescription>
        </CardHeader>
      </Card>
    </section>
  );
}
