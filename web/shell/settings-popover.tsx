import { SettingsIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/feedback/spinner';
import { TopBarTrigger } from '@/components/layout/top-bar-trigger';
import { Popover, PopoverContent } from '@/components/ui/popover';

// The panel loads when the popover first opens (docs/decisions/0105-app-first-load.md).
const SettingsPanel = lazy(async () => ({ default: (await import('@/shell/settings-panel')).SettingsPanel }));

/** Direction, responsive font sizes and theme (docs/product-spec.md §2, §3). */
export function SettingsPopover() {
  return (
    <Popover>
      <TopBarTrigger icon={SettingsIcon} label="Ajustes de apariencia" />
      <PopoverContent align="end" className="grid w-80 gap-5">
        <Suspense fallback={<Spinner className="mx-auto" />}>
          <SettingsPanel />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
