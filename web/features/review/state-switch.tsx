// Which state of a queue is listed: one always chosen (the queue starts at PENDIENTE).
import { type State, stateLabel } from '@shared/workflow';
import { Button } from '@/components/ui/button';

export function StateSwitch({
  states,
  value,
  onChange,
}: {
  states: State[];
  value: string;
  onChange: (s: State) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Filtrar por estado"
      className="inline-flex w-fit flex-wrap gap-1 rounded-lg bg-muted p-1"
    >
      {states.map((s) => (
        <Button
          key={s}
          size="sm"
          variant={value === s ? 'default' : 'ghost'}
          aria-pressed={value === s}
          onClick={() => onChange(s)}
        >
          {stateLabel(s)}
        </Button>
      ))}
    </div>
  );
}
