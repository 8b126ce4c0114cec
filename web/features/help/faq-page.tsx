// /app/centrodeayuda/preguntasfrecuentes (decision 0012): the FAQs grouped by module, searchable
// (the search is kept in ?q=), each with its graphic aids; administrators get an edit link.
import { MSG } from '@shared/messages';
import { configPermission, P } from '@shared/permissions';
import { HELP_MODULES } from '@shared/schemas/help';
import { CalendarClockIcon, MessageCircleQuestionIcon, SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { PageHeader } from '@/components/feedback/page-header';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FaqItem } from '@/features/help/faq-item';
import { getFaq } from '@/features/help/help-api';
import { keyOf, useRead } from '@/lib/query';
import { useDebounced } from '@/lib/use-debounced';
import { useSession } from '@/lib/session';
import { plural } from '@/lib/format';

const MODULES = HELP_MODULES.map((m) => ({ value: m.key, label: m.label }));

export default function FaqPage() {
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const modulo = params.get('modulo') ?? '';
  const search = useDebounced(q.trim(), 300);
  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (search) next.set('q', search);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);
  const setModulo = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('modulo', value);
        else next.delete('modulo');
        return next;
      },
      { replace: true },
    );

  const query = { q: search || undefined, modulo: modulo || undefined };
  const load = useRead(keyOf('/centrodeayuda/faq', query), (signal) => getFaq(query, signal), {
    keepPrevious: true,
  });
  const { reload } = load;
  const canEdit = can(configPermission('centrodeayuda:preguntasfrecuentes', 'edit'));

  return (
    <section className="grid gap-6">
      <PageHeader
        title="Preguntas frecuentes"
        description="Encuentra respuestas rápidas, agrupadas por módulo."
        actions={
          <div className="flex flex-wrap gap-2">
            {can(P.agendarDemostraciones) && (
              <Button variant="outline" asChild>
                <Link to="/app/centrodeayuda/agendardemostracion">
                  <CalendarClockIcon />
                  Agendar demostración
                </Link>
              </Button>
            )}
            {can(P.enviarPreguntas) && (
              <Button variant="outline" asChild>
                <Link to="/app/centrodeayuda/enviarpreguntas">
                  <MessageCircleQuestionIcon />
                  Enviar una pregunta
                </Link>
              </Button>
            )}
          </div>
        }
      />
      <div role="search" className="grid gap-3 sm:grid-cols-[1fr_16rem]">
        <div className="relative">
          <TextField
            label="Buscar"
            type="search"
            placeholder="Escribe una palabra, por ejemplo: comprobante"
            value={q}
            onValueChange={setQ}
            maxLength={200}
            className="[&_input]:ps-9"
          />
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute bottom-2.5 start-3 size-4 text-muted-foreground"
          />
        </div>
        <SelectField
          label="Módulo"
          value={modulo}
          onValueChange={setModulo}
          options={MODULES}
          placeholder="Todos los módulos"
        />
      </div>
      {load.status === 'error' ? (
        <ErrorState message={MSG.loadError} onRetry={reload} />
      ) : load.status !== 'ready' ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : load.data.total === 0 ? (
        <EmptyState />
      ) : (
        <div className="grid gap-6">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(load.data.total, 'pregunta', 'preguntas')}
          </p>
          {load.data.data.map((group) => (
            <section key={group.label} aria-label={group.label} className="grid gap-3">
              <h2 className="text-lg font-semibold">{group.label}</h2>
              {group.preguntas.map((faq) => (
                <FaqItem key={faq.id} faq={faq} open={!!search} canEdit={canEdit} />
              ))}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
