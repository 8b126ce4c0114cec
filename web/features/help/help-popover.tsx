// The top bar's help-centre popover (docs/product-spec.md §1): suggestion dialog, graphic help of the
// current module, the FAQ link and the support e-mail {email} from configuration.
import { P } from '@shared/permissions';
import { moduleOfPath } from '@shared/schemas/help';
import { BookOpenIcon, CircleHelpIcon, ImagesIcon, LightbulbIcon, MailIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { TopBarTrigger } from '@/components/layout/top-bar-trigger';
import { Popover, PopoverContent } from '@/components/ui/popover';
import { Separator } from '@/components/ui/separator';
import { useSession } from '@/lib/session';
import { useSupportEmail } from '@/lib/use-support-email';

// The dialogs (the suggestion form, the gallery) load the first time one is asked for: the top bar
// is on every page and they are not (docs/decisions/0105-app-first-load.md).
const SuggestionDialog = lazy(async () => ({
  default: (await import('@/features/help/suggestion-dialog')).SuggestionDialog,
}));
const GraphicHelpDialog = lazy(async () => ({
  default: (await import('@/features/help/graphic-help-dialog')).GraphicHelpDialog,
}));

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-accent hover:text-accent-foreground';

export function HelpPopover() {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'sugerencia' | 'ayudas' | null>(null);
  // A dialog once opened stays mounted, so it closes with its animation.
  const [used, setUsed] = useState<{ sugerencia?: true; ayudas?: true }>({});
  const email = useSupportEmail();
  const { can } = useSession();
  const moduleKey = moduleOfPath(useLocation().pathname);
  const show = (which: 'sugerencia' | 'ayudas') => {
    setOpen(false);
    setDialog(which);
    setUsed((u) => ({ ...u, [which]: true }));
  };
  const closeDialog = (isOpen: boolean) => !isOpen && setDialog(null);

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <TopBarTrigger icon={CircleHelpIcon} label="Ayuda y soporte" />
        <PopoverContent align="end" className="w-72 p-2">
          <h2 className="px-2 py-1.5 text-sm font-semibold">Centro de ayuda</h2>
          {can(P.sugerencias) && (
            <button type="button" className={itemClass} onClick={() => show('sugerencia')}>
              <LightbulbIcon aria-hidden className="size-4" /> Enviar sugerencia
            </button>
          )}
          <button type="button" className={itemClass} onClick={() => show('ayudas')}>
            <ImagesIcon aria-hidden className="size-4" /> Ayudas gráficas
          </button>
          {can(P.preguntasFrecuentes) && (
            <Link
              to="/app/centrodeayuda/preguntasfrecuentes"
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <BookOpenIcon aria-hidden className="size-4" /> Preguntas frecuentes
            </Link>
          )}
          <Separator className="my-2" />
          <div className="flex items-start gap-3 px-2 py-1.5 text-sm">
            <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <p className="grid min-w-0">
              <span className="text-muted-foreground">Correo de soporte</span>
              <a
                href={`mailto:${email}`}
                className="font-medium [overflow-wrap:anywhere] text-primary underline-offset-4 hover:underline"
              >
                {email}
              </a>
            </p>
          </div>
        </PopoverContent>
      </Popover>
      <Suspense fallback={null}>
        {used.sugerencia && (
          <SuggestionDialog open={dialog === 'sugerencia'} onOpenChange={closeDialog} moduleKey={moduleKey} />
        )}
        {used.ayudas && (
          <GraphicHelpDialog open={dialog === 'ayudas'} onOpenChange={closeDialog} moduleKey={moduleKey} />
        )}
      </Suspense>
    </>
  );
}
