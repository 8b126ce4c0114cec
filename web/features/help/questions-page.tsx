// /app/centrodeayuda/enviarpreguntas (decision 0012): ask a question and read the answers; the
// administrators answer, change the state and turn answered questions into FAQs.
import { P } from '@shared/permissions';
import { BULK_STATES } from '@shared/schemas/bulk';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { AnswerDialog } from '@/features/help/answer-dialog';
import {
  col,
  DATE_FILTER,
  meta,
  moduleOf,
  StackCell,
  STATE_FILTER,
  str,
  USER_FILTER,
} from '@/features/help/help-columns';
import { bulkStateChange } from '@/components/data-grid/bulk-actions';
import { type GridColumn, type GridContext, ServerGrid } from '@/components/data-grid/server-grid';
import { type HelpTab, HelpTabs } from '@/features/help/help-tabs';
import { useGoToTab } from '@/lib/use-tab-param';
import {
  FAQ_ROUTE,
  HELP_API,
  listOwnQuestions,
  listQuestions,
  type OwnQuestion,
  type Question,
} from '@/features/help/help-api';
import { QuestionActions } from '@/features/help/question-actions';
import { QuestionForm } from '@/features/help/question-form';
import { useSession } from '@/lib/session';

const BASE = `${HELP_API}/enviarpreguntas`;
/** Approving a question needs its answer: the server skips the unanswered ones. */
const BULK = bulkStateChange(BULK_STATES.ayuda);
const question: GridColumn<OwnQuestion | Question> = {
  field: 'pregunta',
  header: 'Pregunta',
  render: (r) => <StackCell title={str(r.pregunta)} note={meta(moduleOf(r), r.funcionalidad)} />,
};
const answer = (withFaqLink: boolean): GridColumn<OwnQuestion | Question> => ({
  field: 'respuesta',
  header: 'Respuesta',
  render: (r) => (
    <StackCell
      text={str(r.respuesta)}
      note={
        withFaqLink && r.faq_id ? (
          <Link
            to={`${FAQ_ROUTE}?q=${encodeURIComponent(str(r.pregunta))}`}
            className="text-primary underline underline-offset-4"
          >
            Ver en preguntas frecuentes
          </Link>
        ) : r.faq_id ? (
          'Publicada como pregunta frecuente'
        ) : null
      }
    />
  ),
});
const DEFAULT_SORT = { field: 'created_at', dir: 'desc' } as const;
const OWN_COLUMNS: GridColumn<OwnQuestion>[] = [col.id, col.fecha, question, col.estado, answer(true)];
const ALL_COLUMNS: GridColumn<Question>[] = [
  col.id,
  col.fecha,
  {
    ...question,
    render: (r) => (
      <StackCell title={str(r.pregunta)} note={meta(r.user_name, moduleOf(r), r.funcionalidad)} />
    ),
  },
  col.estado,
  answer(false),
];
const OWN_FILTERS = [STATE_FILTER, DATE_FILTER];
const ALL_FILTERS = [
  STATE_FILTER,
  USER_FILTER,
  { field: 'pregunta', label: 'Pregunta', kind: 'text' as const },
  DATE_FILTER,
];

function AskTab() {
  const goTo = useGoToTab();
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Nueva pregunta</CardTitle>
        <CardDescription>
          Antes de preguntar, revisa las{' '}
          <Link to={FAQ_ROUTE} className="text-primary underline underline-offset-4">
            preguntas frecuentes
          </Link>
          . Los campos marcados con * son obligatorios.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QuestionForm onSent={() => goTo('mias')} />
      </CardContent>
    </Card>
  );
}

function ControlTab() {
  const [answering, setAnswering] = useState<{ question: Question; reload: () => void } | null>(null);
  const actions = useCallback(
    (row: Question, { reload }: GridContext) => (
      <QuestionActions
        row={row}
        reload={reload}
        onAnswer={(question) => setAnswering({ question, reload })}
      />
    ),
    [],
  );
  return (
    <>
      <ServerGrid
        defaultSort={DEFAULT_SORT}
        label="Todas las preguntas"
        endpoint={`${BASE}/control`}
        list={listQuestions}
        columns={ALL_COLUMNS}
        filters={ALL_FILTERS}
        actions={actions}
        bulk={BULK}
      />
      <AnswerDialog
        question={answering?.question ?? null}
        onClose={() => setAnswering(null)}
        onDone={() => answering?.reload()}
      />
    </>
  );
}

export default function QuestionsPage() {
  const { can } = useSession();
  const tabs: HelpTab[] = [
    { value: 'enviar', label: 'Enviar pregunta', content: <AskTab /> },
    {
      value: 'mias',
      label: 'Mis preguntas',
      content: (
        <ServerGrid
          defaultSort={DEFAULT_SORT}
          label="Mis preguntas"
          endpoint={BASE}
          list={listOwnQuestions}
          columns={OWN_COLUMNS}
          filters={OWN_FILTERS}
        />
      ),
    },
  ];
  if (can(P.controlCentroDeAyuda))
    tabs.push({ value: 'control', label: 'Todas las preguntas', content: <ControlTab /> });
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Enviar preguntas"
        description="Pregunta lo que necesites; te avisaremos cuando tengamos la respuesta."
      />
      <HelpTabs tabs={tabs} />
    </section>
  );
}
