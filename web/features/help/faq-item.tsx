import { ChevronDownIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { AidsGallery } from '@/features/help/aids-gallery';
import { FAQ_ROUTE, type Faq } from '@/features/help/help-api';

/** One FAQ: the question opens to its answer and its graphic aids. */
export function FaqItem({ faq, open, canEdit }: { faq: Faq; open: boolean; canEdit: boolean }) {
  return (
    <details open={open} className="group rounded-lg border bg-card">
      <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
        <span className="flex-1">{faq.pregunta}</span>
        {canEdit && (
          <Button variant="ghost" size="icon" asChild>
            <Link
              to={`${FAQ_ROUTE}/edit/${faq.id}`}
              title="Editar"
              aria-label={`Editar la pregunta frecuente: ${faq.pregunta}`}
              onClick={(e) => e.stopPropagation()}
            >
              <PencilIcon />
            </Link>
          </Button>
        )}
        <ChevronDownIcon
          aria-hidden
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="grid gap-4 border-t px-4 py-3">
        <p className="text-sm whitespace-pre-wrap">{faq.respuesta}</p>
        {faq.ayudas.length > 0 && (
          <div className="grid gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Ayudas gráficas
            </h3>
            <AidsGallery aids={faq.ayudas} />
          </div>
        )}
      </div>
    </details>
  );
}
