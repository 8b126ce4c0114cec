// The shell's slots: the one place where the shell (web/shell) takes pieces of features. The shell
// imports this table, never web/features (docs/decisions/0047-module-doors.md); a feature that
// adds something to the top bar declares it here.
import { HelpPopover } from '@/features/help/help-popover';
import { CartPopover } from '@/features/shop/cart-popover';
import { ConsentGate } from '@/features/privacy/consent-gate';

/** What the top bar shows between the notifications bell and the settings (docs/product-spec.md §1). */
export const TOP_BAR_SLOTS = { cart: CartPopover, help: HelpPopover };

/** What the shell draws over every /app page: the acceptance of a new privacy notice (decision 0402). */
export const OVERLAY_SLOTS = { consent: ConsentGate };
