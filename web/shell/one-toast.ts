// One toast at a time (docs/product-spec.md §9): every new toast first dismisses the one on screen, so
// three quick 'Producto agregado al carrito' read as one replaced message instead of a pile.
import { toast } from 'sonner';

const KINDS = ['success', 'info', 'warning', 'error', 'message', 'loading'] as const;
let installed = false;

export function installOneToast() {
  if (installed) return;
  installed = true;
  for (const kind of KINDS) {
    const show = toast[kind] as (...args: unknown[]) => string | number;
    (toast as unknown as Record<string, unknown>)[kind] = (...args: unknown[]) => {
      toast.dismiss();
      return show(...args);
    };
  }
}
