// The list of keyboard shortcuts ('?'), drawn from the same declaration the handler reads.
import { useState } from 'react';
import { AppDialog } from '@/components/ui/dialog';
import { useShortcut, useShortcutHandler, useShortcutList } from '@/lib/shortcuts';

export function ShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const list = useShortcutList();
  useShortcutHandler();
  useShortcut('help', () => setOpen(true));
  return (
    <AppDialog
      open={open}
      onClose={() => setOpen(false)}
      title="Atajos de teclado"
      description="No actúan mientras escribes en un campo, salvo Guardar."
    >
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>Teclas</th>
            <th>Acción</th>
            <th>Dónde</th>
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.id} className="border-t first:border-t-0">
              <td className="py-2 pe-3 whitespace-nowrap">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' + '}
                    <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{k}</kbd>
                  </span>
                ))}
              </td>
              <td className="py-2 pe-3">{s.description}</td>
              <td className="py-2 text-muted-foreground">{s.where}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </AppDialog>
  );
}
