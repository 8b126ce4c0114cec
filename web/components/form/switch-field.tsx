import { type ReactNode, useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';

type Props = {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** A yes/no field: the switch is named by its label. */
export function SwitchField({ label, checked, onCheckedChange, disabled, error, className }: Props) {
  const id = useId();
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <div className="flex h-9 items-center gap-3">
        <Switch
          id={id}
          checked={checked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
      {error && <p className="text-xs text-destructive">{error}</p>}
    </div>
  );
}
