import { BookOpenIcon, CircleHelpIcon, ImagesIcon, LightbulbIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Separator } from '@/components/ui/separator';
import { useSupportEmail } from '@/shell/use-support-email';

const itemClass = 'flex w-full items-center gap-3 rounded-md px-2 py-2 text-sm hover:bg-accent hover:text-accent-foreground';

export function HelpPopover() {
  const [open, setOpen] = useState(false);
  const [graphicsOpen, setGraphicsOpen] = useState(false);
  const email = useSupportEmail();
  const close = () => setOpen(false);

  return (
    <>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Ayuda y soporte">
            <CircleHelpIcon className="size-5" />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="end" className="w-72 p-2">
          <h2 className="px-2 py-1.5 text-sm font-semibold">Centro de ayuda</h2>
          <Link to="/app/centrodeayuda/sugerencias" className={itemClass} onClick={close}>
            <LightbulbIcon aria-hidden className="size-4" /> Enviar sugerencia
          </Link>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              setGraphicsOpen(true);
            }}
          >
            <ImagesIcon aria-hidden className="size-4" /> Ayudas gráficas
          </button>
          <Link to="/app/centrodeayuda/preguntasfrecuentes" className={itemClass} onClick={close}>
            <BookOpenIcon aria-hidden className="size-4" /> Preguntas frecuentes
          </Link>
          <Separator className="my-2" />
          <div className="flex items-start gap-3 px-2 py-1.5 text-sm">
            <MailIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <p>
              Correo de soporte:{' '}
              <a href={`mailto:${email}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {email}
              </a>
            </p>
          </div>
        </PopoverContent>
      </Popover>
      <Dialog open={graphicsOpen} onOpenChange={setGraphicsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Ayudas gráficas</DialogTitle>
            <DialogDescription>Esta pantalla se habilitará en una próxima entrega.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    </>
  );
}
