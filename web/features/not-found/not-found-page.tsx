import { SearchXIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PublicLayout } from '@/components/layout/public-layout';

export default function NotFoundPage() {
  return (
    <PublicLayout>
      <section className="flex flex-col items-center gap-4 text-center">
        <SearchXIcon aria-hidden className="size-12 text-primary" />
        <p className="text-6xl font-bold text-primary">404</p>
        <h1 className="text-2xl font-semibold">Página no encontrada</h1>
        <p className="text-muted-foreground">La página que busca no existe o fue movida.</p>
        <Button asChild>
          <Link to="/">Volver al inicio</Link>
        </Button>
      </section>
    </PublicLayout>
  );
}
