// Row actions of the administrators' question list: answer, change state (approving needs an
// answer, so it is offered only once there is one), and turn into a FAQ in one click.
import { MSG } from '@shared/messages';
import { configPermission } from '@shared/permissions';
import { STATE, choicesFrom, REVIEW } from '@shared/workflow';
import { BookPlusIcon, MessageSquareReplyIcon, PencilIcon } from 'lucide-react';
import { Link } from 'react-router';
import { StatusMenu } from '@/components/status/status-menu';
import { Button } from '@/components/ui/button';
import { FAQ_ROUTE, type Question, questionToFaq, setQuestionState } from '@/features/help/help-api';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/mutation';

type Props = { row: Question; onAnswer: (q: Question) => void; reload: () => void };

export function QuestionActions({ row, onAnswer, reload }: Props) {
  const { can } = useSession();
  const choices = choicesFrom(row.estado, REVIEW).filter((s) => s !== STATE.APROBADO || !!row.respuesta);
  const canMakeFaq = row.estado === STATE.APROBADO && !!row.respuesta && !row.faq_id;

  const write = useWrite({
    send: () => questionToFaq(row.id),
    success: MSG.created,
    onSaved: () => reload(),
    errors: 'notify',
  });
  const busy = write.busy;
  const makeFaq = () => write.run();

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        title={row.respuesta ? 'Editar respuesta' : 'Responder'}
        aria-label={`Responder la pregunta ${row.id}`}
        onClick={() => onAnswer(row)}
      >
        <MessageSquareReplyIcon />
      </Button>
      {row.faq_id ? (
        can(configPermission('centrodeayuda:preguntasfrecuentes', 'edit')) && (
          <Button variant="ghost" size="icon" asChild>
            <Link
              to={`${FAQ_ROUTE}/edit/${row.faq_id}`}
              title="Editar pregunta frecuente"
              aria-label={`Editar la pregunta frecuente de la pregunta ${row.id}`}
            >
              <PencilIcon />
            </Link>
          </Button>
        )
      ) : (
        <Button
          variant="ghost"
          size="icon"
          disabled={!canMakeFaq || busy}
          onClick={makeFaq}
          title="Convertir en pregunta frecuente"
          aria-label={`Convertir la pregunta ${row.id} en pregunta frecuente`}
        >
          <BookPlusIcon />
        </Button>
      )}
      <StatusMenu
        size="sm"
        current={row.estado}
        send={(body) => setQuestionState(row.id, body)}
        choices={choices}
        onDone={reload}
        ariaLabel={`Estados de la pregunta ${row.id}`}
      />
    </>
  );
}
