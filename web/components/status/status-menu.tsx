// The 'Estados' button of docs/product-spec.md §4: a menu of the states reachable from the current one
// (or the caller's own list); choosing one asks for confirmation, then sends {estado, comentario}
// with the caller's typed call, checked with the state routes' schema (stateChangeSchema).
import { MSG } from '@shared/messages';
import { stateChangeSchema } from '@shared/schemas/state';
import { choicesFrom, REVIEW, type State, stateLabel, type Transitions } from '@shared/workflow';
import { ChevronDownIcon, ListChecksIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { StateDialog } from '@/components/status/state-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useApiForm } from '@/lib/use-api-form';

export type StateBody = { estado: State; comentario: string | null };

export type StatusMenuProps = {
  current: string | null | undefined;
  /** The typed PUT of the state route (e.g. `.../estado/:id`). */
  send: (body: StateBody) => Promise<unknown>;
  table?: Transitions;
  /** The caller's own list of targets, instead of the table's. */
  choices?: readonly State[];
  /** Runs after a successful change (redirect or refresh). */
  onDone?: (estado: State) => void;
  /** When set, the caller tells the user about the answer instead of the default toast. */
  onResponse?: (res: unknown, estado: State) => void;
  label?: string;
  /** Accessible name when several menus share a screen (e.g. one per gallery image). */
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
  size?: 'default' | 'sm';
};

export function StatusMenu({
  current,
  send,
  table = REVIEW,
  choices,
  onDone,
  onResponse,
  label = 'Estados',
  ariaLabel,
  className,
  disabled,
  size = 'default',
}: StatusMenuProps) {
  const [target, setTarget] = useState<State | null>(null);
  const options = choicesFrom(current, table, choices);
  const form = useApiForm({
    defaultValues: { comentario: '' },
    schema: stateChangeSchema,
    toBody: (v) => ({ estado: target, comentario: v.comentario.trim() || null }),
    send,
    success: onResponse ? null : MSG.updated,
    onSaved: (res, body) => {
      onResponse?.(res, body.estado);
      setTarget(null);
      onDone?.(body.estado);
    },
    errors: 'notify',
  });
  const { busy, setValues, setErrors } = form;
  // Each target starts with an empty comment (and closing the dialog leaves nothing unsaved).
  useEffect(() => {
    setValues({ comentario: '' });
    setErrors({});
  }, [target, setValues, setErrors]);

  const confirm = () => {
    if (!target) return;
    form.onSubmit();
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="outline"
            size={size}
            aria-label={ariaLabel}
            className={className}
            disabled={disabled || options.length === 0}
          >
            <ListChecksIcon />
            {label}
            <ChevronDownIcon className="opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {options.map((s) => (
            <DropdownMenuItem key={s} onSelect={() => setTarget(s)}>
              {stateLabel(s)}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <StateDialog
        state={target}
        busy={busy}
        comentario={form.values.comentario}
        onComentarioChange={(v) => form.set('comentario', v)}
        error={form.errors.comentario}
        onCancel={() => setTarget(null)}
        onConfirm={confirm}
      />
    </>
  );
}
