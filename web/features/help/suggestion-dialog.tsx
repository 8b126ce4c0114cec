// The top bar's suggestion dialog: the same form as the Sugerencias screen, with the module
// of the screen the user is on already chosen.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SuggestionForm } from '@/features/help/suggestion-form';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; moduleKey?: string };

export function SuggestionDialog({ open, onOpenChange, moduleKey }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Enviar sugerencia</DialogTitle>
          <DialogDescription>
            Cuéntanos qué mejorarías. Los campos marcados con * son obligatorios.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <SuggestionForm
            modulo={moduleKey}
            onSent={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
