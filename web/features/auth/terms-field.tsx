import { FileTextIcon, TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { AppDialog, DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { Terms } from '@/features/auth/auth-api';

type TermsFieldProps = {
  terms: Terms | null;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
};

/** The acceptance checkbox and the dialog that shows the current terms. */
export function TermsField({ terms, checked, onCheckedChange, error }: TermsFieldProps) {
  const [open, setOpen] = useState(false);
  if (!terms) {
    return (
      <Alert variant="warning">
        <TriangleAlertIcon />
        <AlertTitle className="line-clamp-none">
          No hay términos y condiciones vigentes; por ahora no es posible registrarse.
        </AlertTitle>
      </Alert>
    );
  }
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Checkbox
          id="acepta_terminos"
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'acepta_terminos-msg' : undefined}
        />
        <Label htmlFor="acepta_terminos">Acepto los términos y condiciones</Label>
        <Button variant="link" className="h-auto p-0" onClick={() => setOpen(true)}>
          (ver términos y condiciones)
        </Button>
      </div>
      {error && (
        <p id="acepta_terminos-msg" className="text-xs text-destructive">
          {error}
        </p>
      )}
      <AppDialog
        open={open}
        onClose={() => setOpen(false)}
        title={terms.titulo}
        description={<>Versión {terms.version}</>}
        className="sm:max-w-2xl"
      >
        <div className="max-h-[50dvh] overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/40 p-4 text-sm leading-relaxed">
          {terms.contenido}
        </div>
        {terms.file_url && (
          <a
            href={terms.file_url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-2 text-sm text-primary hover:underline"
          >
            <FileTextIcon aria-hidden className="size-4" /> Ver documento completo
          </a>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cerrar</Button>
          </DialogClose>
          <Button
            onClick={() => {
              onCheckedChange(true);
              setOpen(false);
            }}
          >
            Aceptar términos
          </Button>
        </DialogFooter>
      </AppDialog>
    </div>
  );
}
