// The top bar's suggestion dialog: the same form as the Sugerencias screen, with the module
// of the screen the user is on already chosen.
import { AppDialog } from '@/components/ui/dialog';
import { SuggestionForm } from '@/features/help/suggestion-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; moduleKey?: string };

export function SuggestionDialog({ open, onOpenChange, moduleKey }: Props) {
  return (
    <AppDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title="Enviar sugerencia"
      description="Cuéntanos qué mejorarías. Los campos marcados con * son obligatorios."
      className="sm:max-w-2xl"
    >
      {open && (
        <SuggestionForm
          modulo={moduleKey}
          onSent={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </AppDialog>
  );
}
